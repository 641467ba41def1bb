import torch
from torch.autograd.functional import jacobian

def f(x):
    return torch.stack([x[0] * x[1], x[0] ** 2 + x[1].sin(), x.sum()])

x = torch.tensor([1.0, 2.0])
J = jacobian(f, x)
print(J)
print(J.shape)

def g(a, b):
    return a * b + a

a = torch.tensor([1.0, 2.0])
b = torch.tensor([3.0, 4.0])
Ja, Jb = jacobian(g, (a, b))
print(Ja)
print(Jb)
print(jacobian(lambda t: t.exp(), torch.tensor([0.0, 1.0]), vectorize=True))
print(jacobian(lambda t: t ** 2, torch.tensor([1.0, 2.0, 3.0]), create_graph=False).diagonal())
print(torch.autograd.functional.jacobian(lambda t: (t ** 2).sum(), torch.tensor([1.0, 2.0])))
