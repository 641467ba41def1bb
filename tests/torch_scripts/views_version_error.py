import torch

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = a.exp()
print(b._version)
b.add_(1)
print(b._version)
try:
    b.sum().backward()
except RuntimeError as e:
    print(e)

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x.sigmoid()
z = y * 2
y.mul_(3)
try:
    z.backward(torch.ones(3))
except RuntimeError as e:
    print(e)
