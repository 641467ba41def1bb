import torch

a = torch.arange(24.0).reshape(2, 3, 4)
print(a)
b = torch.arange(16).reshape(2, 2, 2, 2)
print(b)
c = torch.arange(12.0, requires_grad=True).reshape(2, 3, 2)
print(c)
d = (c * 0.5).sum(dim=0, keepdim=True)
print(d)
print(d.shape, d.dim())
e = torch.zeros(1, 2, 1, 3)
print(e)
print(torch.ones(2, 0, 3))
