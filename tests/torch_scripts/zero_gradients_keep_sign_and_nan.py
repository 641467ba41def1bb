# Piecewise-constant ops (sign, floor, round, comparisons in place) and overwrites (zero_, fill_,
# copy_, slice_scatter) pass torch's zeros_like(grad): +0 even where the incoming gradient is
# negative, nan or inf; norm(p=0) leaves the input's .grad undefined.
import torch
import torch.autograd.forward_ad as fwAD

upstream = torch.tensor([-1.0, float("nan"), float("inf")])


def grad_of(name, f):
    x = torch.tensor([-1.5, 0.5, 2.0], requires_grad=True)
    f(x).backward(upstream)
    print(f"{name:>14}: {x.grad}")


grad_of("sign", torch.sign)
grad_of("sgn", torch.sgn)
grad_of("floor", torch.floor)
grad_of("ceil", torch.ceil)
grad_of("round", torch.round)
grad_of("round(dec=1)", lambda x: torch.round(x, decimals=1))
grad_of("trunc", torch.trunc)
grad_of("x ** 0", lambda x: x ** 0)
grad_of("zero_", lambda x: (x * 1).zero_())
grad_of("fill_", lambda x: (x * 1).fill_(2.0))
grad_of("copy_", lambda x: (x * 1).copy_(torch.ones(3)))
grad_of("lt_", lambda x: (x * 1).lt_(0.0))
grad_of("ge_(tensor)", lambda x: (x * 1).ge_(torch.zeros(3)))
grad_of("nextafter", lambda x: torch.nextafter(torch.ones(3), x))
grad_of("slice_scatter", lambda x: torch.slice_scatter(x, torch.zeros(3), 0, 0, 3))
grad_of("diag_scatter", lambda x: torch.diagonal_scatter(torch.diag(x), torch.zeros(3)).sum(0))
grad_of("x * 0", lambda x: x * 0)          # a product, not a zeros_like: -0 and nan stay

x = torch.tensor([-1.5, 0.5, 2.0], requires_grad=True)
n = torch.linalg.vector_norm(x, 0)
print(n, n.grad_fn.name())
n.backward()
print("norm p=0 grad:", x.grad)

with fwAD.dual_level():
    for f in (torch.sign, torch.floor, torch.round, torch.trunc):
        out = f(fwAD.make_dual(torch.tensor([-1.5, 0.5, 2.0]), torch.tensor([-1.0, -2.0, 3.0])))
        print(f.__name__, fwAD.unpack_dual(out).tangent)
