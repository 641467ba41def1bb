"""float32 transcendental functions rounded once from double precision, as torch's are.

numpy's float32 kernels for exp, log, tanh and their kin are off by an ulp on a fifth to two
fifths of inputs; torch's CPU kernels are nearly correctly rounded (measured on 20,000 normal
inputs: exp differs from the correctly rounded value on 1 input in 120, tanh on 1 in 1,200, log
on 1 in 12; numpy's float32 on 2 in 5, 1 in 3 and 1 in 5). So a float32 value is computed in
double precision and rounded to float32, which gives torch's last digit on all but those few
inputs: from Python's ``math`` for a 0-d value (as cheap as numpy's call), through numpy's
float64 kernel for arrays up to ``ROUNDED_MAX`` elements (the printed values and the losses of
small models). Larger arrays keep numpy's float32 kernels: float64 costs 3 to 60 times more there.
"""
from __future__ import annotations

import math

import numpy as np

ROUNDED_MAX = 256

_F32 = np.dtype(np.float32)     # numpy's float32 descriptor is one object: an identity test suffices
_float32 = np.float32
_ONE = np.float32(1)


def rounded(np_fn, math_fn, bounded=False):
    """``np_fn`` with float32 inputs of up to ROUNDED_MAX elements computed in float64 and rounded.
    ``bounded``: its values lie within float32's range, so a 0-d result is rounded by a multiply
    with float32's 1 (the same rounding as ``np.float32(v)``, a third of its cost)."""
    def fn(a, *args):   # (no **kwargs: a call would build an empty dict, half the cost of a 0-d tanh)
        if args:
            return np_fn(a, *args)
        if getattr(a, "dtype", None) is _F32:
            if not a.ndim:
                try:
                    return _ONE * math_fn(a) if bounded else _float32(math_fn(a))
                except (ValueError, OverflowError):     # outside math's domain: numpy's nan, inf and warning
                    pass
            if a.size <= ROUNDED_MAX:
                return np_fn(a.astype(np.float64)).astype(np.float32)
        return np_fn(a)
    fn.__name__ = np_fn.__name__
    fn.__doc__ = f"numpy's {np_fn.__name__}, rounded from float64 for small float32 inputs (see ops.rounded)."
    return fn


exp = rounded(np.exp, math.exp)
exp2 = rounded(np.exp2, lambda x: 2.0 ** float(x))
expm1 = rounded(np.expm1, math.expm1)
log1p = rounded(np.log1p, math.log1p)
log = rounded(np.log, math.log, bounded=True)
log2 = rounded(np.log2, math.log2, bounded=True)
log10 = rounded(np.log10, math.log10, bounded=True)
sin = rounded(np.sin, math.sin, bounded=True)
cos = rounded(np.cos, math.cos, bounded=True)
tan = rounded(np.tan, math.tan)
arcsin = rounded(np.arcsin, math.asin, bounded=True)
arccos = rounded(np.arccos, math.acos, bounded=True)
arctan = rounded(np.arctan, math.atan, bounded=True)
sinh = rounded(np.sinh, math.sinh)
cosh = rounded(np.cosh, math.cosh)
tanh = rounded(np.tanh, math.tanh, bounded=True)


_F64 = np.dtype(np.float64)
_EXACT_POWERS = {3: lambda a: a * a * a, -2: lambda a: 1 / (a * a), 0.5: np.sqrt, -0.5: lambda a: 1 / np.sqrt(a)}


def power(a, exponent):
    """torch's pow(tensor, number): its exact special cases (x*x*x for 3, 1/(x*x) for -2, sqrt for 0.5,
    1/sqrt for -0.5; numpy's powf and pow differ from them in the last bit on a third of inputs), and
    for other float32 powers the float64 power rounded (torch's powf then differs on about 1 input in
    50, numpy's float32 on 1 in 5)."""
    dtype = getattr(a, "dtype", None)
    if (dtype is _F32 or dtype is _F64) and exponent.__class__ in (int, float):
        exact = _EXACT_POWERS.get(exponent)
        if exact is not None:
            return exact(a).astype(dtype, copy=False)
        if dtype is _F32 and exponent not in (0, 1, 2, -1) and a.size <= ROUNDED_MAX:
            return np.power(a.astype(np.float64), exponent).astype(np.float32)
    return np.power(a, exponent)
