import torch

x = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
y = x * 2
y[1] = 0.0
print(y)
print(y.grad_fn)
y.sum().backward()
print(x.grad)

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = torch.zeros(5)
b[1:4] = a * a
print(b)
print(b.grad_fn)
b.sum().backward()
print(a.grad)

m = torch.zeros(2, 3)
m[m == 0] = 5.0
m[0, :] = torch.tensor([1.0, 2.0, 3.0])
print(m)
