import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
c = a * b
print(c.dtype, c)
c.sum().backward()
print(a.grad.dtype, b.grad.dtype)
print(a.grad, b.grad)
i = torch.tensor([1, 2])
d = a * i
print(d.dtype, d)
print((i + 0.5).dtype, (i * True).dtype, (torch.tensor([True]) + torch.tensor([True])).dtype)
print(torch.tensor([1, 2]) / torch.tensor([2, 2]))
e = a.double()
print(e.grad_fn, e.dtype)
e.sum().backward()
print(a.grad)
