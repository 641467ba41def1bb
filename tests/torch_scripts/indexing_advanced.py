import torch

x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
idx = torch.tensor([0, 2, 2])
y = x[:, idx]
print(y)
print(y.grad_fn)
y.sum().backward()
print(x.grad)

x.grad = None
rows = torch.tensor([0, 1, 1])
cols = torch.tensor([2, 0, 2])
z = x[rows, cols]
print(z)
(z * torch.tensor([1.0, 10.0, 100.0])).sum().backward()
print(x.grad)

x.grad = None
w = x[[1, 0]]
print(w)
w[0].sum().backward()
print(x.grad)
