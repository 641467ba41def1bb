import torch

a = torch.tensor(1.0)
b = torch.tensor(2.0, requires_grad=True)
c = a + b
d = a * 3
print(a.requires_grad, b.requires_grad, c.requires_grad, d.requires_grad)
print([t.is_leaf for t in (a, b, c, d)])
print(c.grad_fn, d.grad_fn)
a.requires_grad_(True)
e = a * b
print(e.requires_grad, e.grad_fn)
e.backward()
print(a.grad, b.grad)
f = torch.zeros(3, requires_grad=True)
print(f)
g = f.sum()
print(g)
print(torch.ones(2, requires_grad=True) * torch.zeros(2))
print(b.data, b.data.requires_grad)
