# atan2's gradient at the origin is 0 (torch masks 1/(y^2 + x^2) where the sum is 0, not where the
# reciprocal overflows: a tiny y still gives NaN/inf); under create_graph the reciprocal stays in the
# graph, so the second derivative there is NaN, as torch's.
import torch
from torch.autograd.functional import hessian

x = torch.tensor([0., 1., 1e-20, 0., -2.], requires_grad=True)
y = torch.tensor([0., 0., 0., -1., 3.], requires_grad=True)
gx, gy = torch.autograd.grad(torch.atan2(x, y).sum(), (x, y), create_graph=True)
print(gx, gy, gx.grad_fn.name())
print(torch.autograd.grad(gx.sum(), (x, y), retain_graph=True))
print(torch.autograd.grad(gy.sum(), (x, y)))
print(hessian(lambda a: torch.atan2(a[0], a[1]), torch.tensor([1., 2.])))
print(hessian(lambda a: torch.atan2(a[0], a[1]), torch.tensor([0., 0.])))
print(torch.func.grad(lambda a: torch.atan2(a, a.flip(0)).sum())(torch.zeros(2)))
