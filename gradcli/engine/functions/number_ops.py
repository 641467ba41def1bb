"""``torch.gcd``, ``lcm`` (integers only, no gradient) and ``nextafter`` (floats; NextafterBackward0):
torch takes tensors for both arguments, never a number."""
from __future__ import annotations

from ..dispatch import call
from ..ops import pointwise_more as PM
from ..public import public
from ..tensor import Tensor


def _tensors(name: str, input, other) -> tuple:
    for position, (arg, value) in enumerate((("input", input), ("other", other)), 1):
        if not isinstance(value, Tensor):
            raise TypeError(f"{name}(): argument '{arg}' (position {position}) must be Tensor, not "
                            f"{type(value).__name__}")
    return input, other


@public(method=True)
def gcd(input, other):
    """Greatest common divisor, elementwise, of integer tensors (gcd(0, 0) = 0, never negative)."""
    return call(PM.GCD, _tensors("gcd", input, other))


@public(method=True)
def lcm(input, other):
    return call(PM.LCM, _tensors("lcm", input, other))


@public(method=True)
def nextafter(input, other):
    """The next representable float after input towards other."""
    return call(PM.NEXTAFTER, _tensors("nextafter", input, other))
