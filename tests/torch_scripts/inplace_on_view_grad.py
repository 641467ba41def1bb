import torch

x = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
y = x.clone()
v = y[:2]
v.mul_(10)
print(y)
print(y.grad_fn)
y.sum().backward()
print(x.grad)

a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
b = a * 1
b[:, 0] += b[:, 1]
print(b)
b.sum().backward()
print(a.grad)
