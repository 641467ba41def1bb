import torch
a = torch.tensor([1e-30, 3.0], requires_grad=True)
b = torch.tensor([1e-25, 7.0], requires_grad=True)
(a / b).sum().backward()
print(a.grad, b.grad)
c = torch.tensor(0.3, requires_grad=True)
r = c / c
r.backward()
print(r, c.grad)
x = torch.arange(12.).reshape(3, 4).sin().requires_grad_()
y = torch.corrcoef(x[:1])
(y * y).backward()
print(y, x.grad)
