# A Python number where torch's overloads all take a Tensor first is refused, as torch refuses it
# (torch.maximum(0, x) and torch.lt(2, x) computed, exit 0); the overloads that take a number
# first (add, sub, mul, div, pow, remainder, floor_divide, xlogy, bitwise ops) still compute.
import torch

t = torch.tensor([1.0, -2.0])


def show(label, f):
    try:
        print(label, f())
    except TypeError as e:
        print(label, "TypeError:", e)


show("maximum(0, t)", lambda: torch.maximum(0, t))
show("minimum(2.5, t)", lambda: torch.minimum(2.5, t))
show("fmax(0, t)", lambda: torch.fmax(0, t))
show("fmin(0, t)", lambda: torch.fmin(0, t))
show("ldexp(2, t)", lambda: torch.ldexp(2, t))
show("logaddexp2(2, t)", lambda: torch.logaddexp2(2, t))
show("dist(2, t)", lambda: torch.dist(2, t))
show("dist(t, 2.5)", lambda: torch.dist(t, 2.5))
show("equal(2, t)", lambda: torch.equal(2, t))
show("allclose(2, t)", lambda: torch.allclose(2, t))
show("eq(2, t)", lambda: torch.eq(2, t))
show("lt(2.5, t)", lambda: torch.lt(2.5, t))
show("ge(True, t)", lambda: torch.ge(True, t))
show("fmod(2, t)", lambda: torch.fmod(2, t))
show("copysign(2, t)", lambda: torch.copysign(2, t))
show("lerp(2, t, 0.5)", lambda: torch.lerp(2, t, 0.5))
show("lt(t, 'a')", lambda: torch.lt(t, "a"))
show("2 < t", lambda: 2 < t)
show("add(2, t)", lambda: torch.add(2, t))
show("sub(2, t)", lambda: torch.sub(2, t))
show("mul(2.5, t)", lambda: torch.mul(2.5, t))
show("div(2, t)", lambda: torch.div(2, t))
show("pow(2, t)", lambda: torch.pow(2, t))
show("remainder(2.5, t)", lambda: torch.remainder(2.5, t))
show("floor_divide(2, t)", lambda: torch.floor_divide(2, t))
show("xlogy(2, t.abs())", lambda: torch.xlogy(2, t.abs()))
show("maximum(t, t.flip(0))", lambda: torch.maximum(t, t.flip(0)))
