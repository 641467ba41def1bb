import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * x
z = y.sum()
z.backward()
print("x:", x)
print("y:", y)
print("z:", z)
print("dz/dx:", x.grad)
print(x.grad.shape, x.grad.dtype)
