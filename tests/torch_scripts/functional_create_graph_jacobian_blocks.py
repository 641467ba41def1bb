# torch.autograd.functional with create_graph=True: each Jacobian / Hessian block keeps a graph; the
# vectorized ones split the stacked rows by output and view each block (ViewBackward0), as torch does.
import torch
from torch.autograd.functional import jacobian, hessian, vjp, jvp, hvp, vhp
torch.manual_seed(0)
x = torch.randn(3, requires_grad=True)
y = torch.randn(2, requires_grad=True)
def f(a, b):
    return a.sin().sum() * b, a * 2
J = jacobian(f, (x, y), create_graph=True, vectorize=True)
for row in J:
    for j in row:
        print(j.shape, j.grad_fn)
J = jacobian(f, (x, y), create_graph=True)
for row in J:
    for j in row:
        print(j.shape, j.grad_fn)
H = hessian(lambda a, b: (a.sin() * b.sum()).sum(), (x, y), create_graph=True)
for row in H:
    for h in row:
        print(h.shape, h.grad_fn)
H = hessian(lambda a, b: (a.sin() * b.sum()).sum(), (x, y), create_graph=True, vectorize=True)
for row in H:
    for h in row:
        print(h.shape, h.grad_fn)
print(vjp(f, (x, y), (torch.ones(2), torch.ones(3)), create_graph=True))
print(jvp(f, (x, y), (torch.ones(3), torch.ones(2)), create_graph=True))
print(hvp(lambda a: a.pow(3).sum(), x, torch.ones(3), create_graph=True))
print(vhp(lambda a: a.pow(3).sum(), x, torch.ones(3)))
