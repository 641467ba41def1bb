"""Special functions: erf and erfc (torch.special's pointwise part that autograd needs).

numpy has no erf. The values come from the C library's ``erf``/``erfc`` (via
``math``), element by element in float64 and cast back: exact to the last
bit and cheap on the small tensors gradcli mostly sees, but 65-150 ns an
element (about 10 ms for 100k), which makes exact gelu on large tensors
~25x slower than torch; a vectorized rational approximation would fix that.
"""
from __future__ import annotations

import math

import numpy as np

from ..dispatch import call, call_fast, call_inplace
from ..memory_layout import keeps_layout
from . import dtype_rules
from .registry import FLOAT, defop
from .samples import unary
from ..public import public

_TWO_OVER_SQRT_PI = 2.0 / math.sqrt(math.pi)


def _libm(fn):
    def apply(x):
        x = np.asarray(x)
        flat = np.fromiter(map(fn, x.ravel().tolist()), np.float64, x.size)
        return flat.reshape(x.shape).astype(x.dtype if x.dtype.kind == "f" else np.float64, copy=False)
    apply.__name__ = fn.__name__ + "_np"
    return apply


erf_np = _libm(math.erf)
erfc_np = _libm(math.erfc)

ERF = defop("erf", "ErfBackward0", ("self",), keeps_layout(erf_np),
            lambda m, g, self: m.scale(m.exp(-m.pow(self, 2)), _TWO_OVER_SQRT_PI) * g, saves=("self",), promote=FLOAT,
            jvp=lambda m, t, self: t[0] * (_TWO_OVER_SQRT_PI * m.exp(-(self * self))),
            samples=unary(), rule="2/sqrt(pi) exp(-self^2)", real=dtype_rules.complex_kernel("erf_vml_cpu"))
ERFC = defop("erfc", "ErfcBackward0", ("self",), keeps_layout(erfc_np),
             lambda m, g, self: m.scale(m.exp(-m.pow(self, 2)), -_TWO_OVER_SQRT_PI) * g, saves=("self",), promote=FLOAT,
             jvp=lambda m, t, self: t[0] * (-_TWO_OVER_SQRT_PI * m.exp(-(self * self))),
             samples=unary(), rule="-2/sqrt(pi) exp(-self^2)", real=dtype_rules.complex_kernel("erfc_vml_cpu"))


@public(method=True)
def erf(input):
    """torch.erf: the error function 2/sqrt(pi) * integral_0^x exp(-t^2) dt."""
    return call_fast(ERF, input)


@public(method=True)
def erfc(input):
    """torch.erfc: 1 - erf(x), accurate where erf(x) is close to 1."""
    return call_fast(ERFC, input)


@public(method=True)
def erf_(self):
    return call_inplace(ERF, self, (self,))


@public(method=True)
def erfc_(self):
    return call_inplace(ERFC, self, (self,))
