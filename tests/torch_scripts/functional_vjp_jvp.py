import torch
from torch.autograd.functional import vjp, jvp, hvp, vhp

def f(x):
    return x ** 2 * 3

x = torch.tensor([1.0, 2.0, 3.0])
v = torch.tensor([1.0, 0.5, 0.0])
out, vjp_val = vjp(f, x, v)
print(out)
print(vjp_val)
out, jvp_val = jvp(f, x, v)
print(jvp_val)

def energy(x):
    return (x ** 3).sum()

out, hv = hvp(energy, x, v)
print(out, hv)
out, vh = vhp(energy, x, v)
print(vh)
print(torch.autograd.functional.vjp(lambda t: t.sum(), x))
