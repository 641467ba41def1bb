import torch
import torch.autograd.forward_ad as fwAD

primal = torch.tensor([1.0, 2.0, 3.0])
tangent = torch.tensor([1.0, 0.0, 0.0])

def fn(x):
    return x.sin() * x ** 2

with fwAD.dual_level():
    dual_input = fwAD.make_dual(primal, tangent)
    dual_output = fn(dual_input)
    jvp = fwAD.unpack_dual(dual_output).tangent
    print(fwAD.unpack_dual(dual_output).primal)
print(jvp)
with fwAD.dual_level():
    x = fwAD.make_dual(torch.tensor(2.0), torch.tensor(1.0))
    y = torch.exp(x) / (1 + x)
    p, t = fwAD.unpack_dual(y)
print(p, t)
print(fwAD.unpack_dual(y).tangent)
