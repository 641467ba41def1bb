import torch
from torch.autograd.functional import jacobian, hessian

def f(x):
    return torch.stack([x[0] * x[1], x[0] ** 2, x[1].sin()])
x = torch.tensor([1.0, 2.0])
print(jacobian(f, x))
def g(x, y):
    return (x * y).sum()
print(jacobian(g, (torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0]))))
def h(x):
    return (x ** 3).sum() + x[0] * x[1]
print(hessian(h, x))
def rosen(p):
    return (1 - p[0]) ** 2 + 100 * (p[1] - p[0] ** 2) ** 2
print(hessian(rosen, torch.tensor([1.0, 1.0])))
print(jacobian(lambda t: t.exp(), torch.tensor([0.0, 1.0])))
j = jacobian(f, x, create_graph=True)
print(j.requires_grad)
