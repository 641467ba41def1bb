import torch
import torch.autograd.forward_ad as fwAD
# nextafter's gradient for self is 1 except where self == other (the result is other there: 0)
a = torch.tensor([0.5, 1.0, float('nan'), 0.0, -0.0, -0.3], requires_grad=True)
b = torch.tensor([0.5, 2.0, 1.0, -0.0, 0.0, 1.0], requires_grad=True)
n = torch.nextafter(a, b)
print(n, n.grad_fn)
print(torch.autograd.grad(n.sum(), (a, b)))
print(torch.autograd.grad((torch.nextafter(a, b) * a).sum(), a))
with fwAD.dual_level():
    d = fwAD.make_dual(a.detach(), torch.ones(6))
    print(fwAD.unpack_dual(torch.nextafter(d, b.detach())).tangent)
