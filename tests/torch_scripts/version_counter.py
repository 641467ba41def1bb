import torch

x = torch.ones(3)
print(x._version)
x.add_(1)
x[0] = 5
x.mul_(2)
print(x._version)
y = x.view(3)
y.zero_()
print(x._version, y._version)
z = x.clone()
print(z._version)
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = a.tanh()
print(b._version)
c = b + 0
c += 1
print(c._version, c.grad_fn)
(b * c).sum().backward()
print(a.grad)
