import torch

x = torch.tensor([[1.0, 5.0, 2.0], [7.0, 3.0, 4.0]], requires_grad=True)
vals, idx = x.max(dim=1)
vals.sum().backward()
print(x.grad)
x.grad = None
t = torch.topk(x, 2, dim=1)
(t.values * torch.tensor([[1.0, 2.0]])).sum().backward()
print(x.grad)
print(t.values.grad_fn)
x.grad = None
s = x.sort(dim=0, descending=True)
s.values[0].sum().backward()
print(x.grad)
print(s.indices)
mx = x.max()
print(mx)
