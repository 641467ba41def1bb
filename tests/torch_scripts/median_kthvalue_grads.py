import torch

x = torch.tensor([[4.0, 1.0, 3.0, 2.0], [0.5, 0.5, 9.0, -1.0]], requires_grad=True)
m = x.median()
print(m)
m.backward()
print(x.grad)
x.grad = None
vals, idx = torch.median(x, dim=1)
print(vals, idx)
vals.sum().backward()
print(x.grad)
x.grad = None
k = torch.kthvalue(x, 3, dim=1, keepdim=True)
print(k.values.shape, k.indices)
(k.values * 2).sum().backward()
print(x.grad)
print(torch.tensor([5.0, 1.0, 3.0]).median())
print(torch.tensor([1, 7, 3, 5]).median())
print(x.mean().grad_fn._saved_self_sym_numel)
