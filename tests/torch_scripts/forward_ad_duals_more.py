import torch
import torch.autograd.forward_ad as fwAD

x = torch.tensor([1.0, 2.0, 3.0])
t = torch.tensor([1.0, 0.0, 0.0])
with fwAD.dual_level():
    d = fwAD.make_dual(x, t)
    y = (d ** 2).sin().sum()
    p, tan = fwAD.unpack_dual(y)
    print(p)
    print(tan)
    z = d.exp() * d
    print(fwAD.unpack_dual(z).tangent)
    w = torch.tanh(d) / (1 + d)
    print(fwAD.unpack_dual(w).primal)
    print(fwAD.unpack_dual(w).tangent)
    m = d @ torch.tensor([1.0, 1.0, 1.0])
    print(fwAD.unpack_dual(m).tangent)
    print(fwAD.unpack_dual(x).tangent)
