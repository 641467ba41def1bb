import torch

z = torch.tensor([0.0, -0.0, 1.0])
print(z)
print(-torch.zeros(3))
print(torch.tensor(-0.0))
print(torch.tensor([-0.0, 2.5]))
print(z * -1)
x = torch.tensor([-0.0, 0.0], requires_grad=True)
y = x * 0
print(y)
y.sum().backward()
print(x.grad)
print(torch.tensor([-0.0]).item())
