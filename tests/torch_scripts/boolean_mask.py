import torch

x = torch.tensor([-2.0, -1.0, 0.0, 1.0, 2.0, 3.0], requires_grad=True)
mask = x > 0
print(mask)
print(mask.dtype)
pos = x[mask]
print(pos)
loss = (pos ** 2).sum()
loss.backward()
print(x.grad)
print(mask.sum(), mask.any(), mask.all())
print(torch.where(mask, x, torch.zeros_like(x)))
y = torch.where(x > 1, x * 2, -x)
print(y)
x.grad.zero_()
y.sum().backward()
print(x.grad)
print(x.masked_fill(x < 0, 0.0))
