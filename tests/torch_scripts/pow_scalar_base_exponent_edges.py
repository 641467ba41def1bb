import torch
import torch.autograd.forward_ad as fwAD

# base ** x with a Python number base: d/dx = base**x * log(base). For base 0 torch gives 0 where
# x >= 0 and result * log(0) elsewhere: -inf below 0, nan for a nan exponent.
x = torch.tensor([0.0, 1.0, float('inf'), float('nan'), -1.0, -float('inf'), 2.5], requires_grad=True)
for base in (0.0, 2.0, 0.5, 1.0):
    x.grad = None
    y = base ** x
    print(base, y.detach(), y.grad_fn.name())
    y.sum().backward()
    print(x.grad)
    g, = torch.autograd.grad(torch.pow(base, x).sum(), x, create_graph=True)
    print(g)
    print(torch.autograd.grad(g.sum(), x)[0])
    with fwAD.dual_level():
        d = fwAD.make_dual(x.detach(), torch.ones(7))
        print(fwAD.unpack_dual(base ** d).tangent)

z = torch.zeros(3, requires_grad=True)
e = torch.tensor([-2.0, 0.0, 3.0], requires_grad=True)
(z ** e).sum().backward()
print(z.grad, e.grad)
