import torch

a = torch.tensor([[1.0], [2.0], [3.0]], requires_grad=True)
b = torch.tensor([10.0, 20.0], requires_grad=True)
c = a * b + a
print(c)
print(c.shape)
c.sum().backward()
print(a.grad)
print(b.grad)

x = torch.ones(2, 3, requires_grad=True)
bias = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
out = (x + bias) ** 2
out.mean().backward()
print(out)
print(x.grad)
print(bias.grad)
