import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x ** 2
d = y.detach()
print(d, d.requires_grad, d.is_leaf)
z = y * d
z.sum().backward()
print(x.grad)
d[0] = 100.0
print(y)
print(y._version, d._version)
e = x.detach().clone()
e.add_(1)
print(x, e)
f = y.detach().requires_grad_()
print(f.is_leaf, f.requires_grad)
x2 = torch.tensor(3.0, requires_grad=True)
y2 = x2 * x2
y2.detach_()
print(y2.requires_grad, y2.grad_fn)
