import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
y = x.clone()
row = y[0]
row.mul_(5)
print(y)
print(row.grad_fn)
y.sum().backward()
print(x.grad)
x.grad = None
z = x * 2
z = z.t()
print(z)
z[:, 1].zero_()
print(z)
z.sum().backward()
print(x.grad)
