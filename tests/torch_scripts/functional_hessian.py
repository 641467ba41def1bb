import torch
from torch.autograd.functional import hessian

def f(x):
    return (x ** 3).sum() + x[0] * x[1]

x = torch.tensor([1.0, 2.0])
H = hessian(f, x)
print(H)

def rosen(p):
    return (1 - p[0]) ** 2 + 100 * (p[1] - p[0] ** 2) ** 2

p = torch.tensor([1.0, 1.0], dtype=torch.float64)
print(hessian(rosen, p))
def quad(a, b):
    return (a * b).sum() + (a ** 2).sum()
Hs = hessian(quad, (torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])))
print(Hs[0][0])
print(Hs[0][1])
print(Hs[1][1])
