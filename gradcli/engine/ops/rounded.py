"""float32 transcendental functions as torch's CPU kernels compute them, as far as that is known.

numpy's float32 kernels for exp, log, tanh and their kin are off by an ulp on a fifth to two fifths
of inputs; torch's are nearly correctly rounded (its MKL VML kernels for log, sqrt and the
trigonometric functions differ from the correctly rounded value on 1 input in 5 to 1 in 20, in
ways no formula reproduces; exp, tanh, log2, log10, log1p, expm1, sinh and cosh agree with it on all
but about 1 input in 200). So a float32 value is computed in double precision and rounded to
float32: from Python's ``math`` for a 0-d value (as cheap as numpy's call), through numpy's float64
kernel for arrays up to ``WIDE_MAX`` elements (about 1.5 us more per 1000 elements; tanh only up to
``ROUNDED_MAX``: the vector chain's speed target is measured on 1000-element tanh). Larger arrays
keep numpy's float32 kernels. Where torch's loop calls the C library's float function for one
element (std::sinh of a float: sinhf, coshf, atanhf, exp2f on a 0-d tensor; asinhf and acoshf at
every size), glibc's own function is called. log1p is SLEEF's log1pf at every size and in every
kernel that calls it (torch.log1p, log_sigmoid, mish): equal to torch's on every input tried.
"""
from __future__ import annotations

import ctypes
import math

import numpy as np

from .softmax_kernel import sleef_log1pf

ROUNDED_MAX = 256
WIDE_MAX = 8192     # (a float64 copy of 64 kB: larger temporaries are page-faulting allocations)

_F32 = np.dtype(np.float32)     # numpy's float32 descriptor is one object: an identity test suffices
_F64 = np.dtype(np.float64)
_float32 = np.float32
_float64 = np.float64
_ONE = np.float32(1)


def rounded(np_fn, math_fn, bounded=False, up_to=WIDE_MAX, double=None):
    """``np_fn`` with float32 inputs of up to ``up_to`` elements computed in float64 and rounded.
    ``bounded``: its values lie within float32's range, so a 0-d result is rounded by a multiply
    with float32's 1 (the same rounding as ``np.float32(v)``, a third of its cost). ``double``: the C
    library's double function (Python's ``math`` calls it) for a 0-d float64 input, where torch's
    scalar loop calls it too (numpy's own kernels differ in the last bit)."""
    def fn(a, *args):   # (no **kwargs: a call would build an empty dict, half the cost of a 0-d tanh)
        if args:
            return np_fn(a, *args)
        dtype = getattr(a, "dtype", None)
        if dtype is _F32 and a.size <= up_to:   # (a 0-d value has one element: larger arrays skip both tests)
            if not a.ndim:
                try:
                    return _ONE * math_fn(a) if bounded else _float32(math_fn(a))
                except (ValueError, OverflowError):     # outside math's domain: numpy's nan, inf and warning
                    pass
            return np_fn(a.astype(_F64)).astype(_F32)
        elif dtype is _F64 and double is not None and not a.ndim:
            try:
                return _float64(double(a))
            except (ValueError, OverflowError):
                pass
        return np_fn(a)
    fn.__name__ = np_fn.__name__
    fn.__doc__ = f"numpy's {np_fn.__name__}, rounded from float64 for float32 inputs (see ops.rounded)."
    fn.float32_above = (np_fn, up_to)   # float32 arrays of more elements: np_fn's result (dispatch calls it)
    return fn


def c_float_function(name: str, fallback):
    """The C library's float function ``name`` (glibc's sinhf, ...) for one value, called when first
    used; ``fallback`` (Python's double function) where there is no such library."""
    def first_call(x):
        nonlocal call
        try:
            c_fn = getattr(ctypes.CDLL("libm.so.6"), name)
            c_fn.restype, c_fn.argtypes = ctypes.c_float, (ctypes.c_float,)
            call = c_fn
        except (OSError, AttributeError):
            call = fallback
        return call(x)
    call = first_call
    return lambda x: call(float(x))


def c_elementwise(name: str, np_fn, double, up_to=WIDE_MAX):
    """``np_fn`` where torch's kernel calls the C library's function on every element (asinh, acosh:
    no vectorized version): its float function ``name`` on float32 inputs, its double one (Python's
    ``math``) on float64 inputs, element by element up to ``up_to`` elements (larger: numpy's)."""
    single = c_float_function(name, None)

    def fn(a, *args):
        dtype = getattr(a, "dtype", None)
        if args or (dtype is not _F32 and dtype is not _F64) or a.size > up_to:
            return np_fn(a, *args)
        values = a.reshape(-1).tolist()
        try:
            out = [double(v) for v in values] if dtype is _F64 else [single(v) for v in values]
        except (TypeError, ValueError):   # (no C library; a value outside math's domain)
            return np_fn(a.astype(np.float64)).astype(dtype)
        result = np.empty_like(a)       # (a's layout: a channels_last input gives a channels_last result)
        result[...] = np.array(out, dtype).reshape(a.shape)
        return result
    fn.__name__ = np_fn.__name__
    return fn


exp = rounded(np.exp, math.exp, double=math.exp)
exp2 = rounded(np.exp2, c_float_function("exp2f", lambda x: 2.0 ** x), double=lambda x: 2.0 ** float(x))
expm1 = rounded(np.expm1, math.expm1)


def log1p(a, *args):
    """numpy's log1p; SLEEF's log1pf for float32 values (torch's vectorized log1p, its tail too)."""
    if args or getattr(a, "dtype", None) is not _F32:
        return np.log1p(a, *args)
    out = sleef_log1pf(a)
    return out if isinstance(a, np.ndarray) else out[()]


log = rounded(np.log, math.log, bounded=True)
log2 = rounded(np.log2, math.log2, bounded=True)
log10 = rounded(np.log10, math.log10, bounded=True)
sin = rounded(np.sin, math.sin, bounded=True)
cos = rounded(np.cos, math.cos, bounded=True)
tan = rounded(np.tan, math.tan)
arcsin = rounded(np.arcsin, math.asin, bounded=True)
arccos = rounded(np.arccos, math.acos, bounded=True)
arctan = rounded(np.arctan, math.atan, bounded=True)
sinh = rounded(np.sinh, c_float_function("sinhf", math.sinh), double=math.sinh)
cosh = rounded(np.cosh, c_float_function("coshf", math.cosh), double=math.cosh)
tanh = rounded(np.tanh, math.tanh, bounded=True, up_to=ROUNDED_MAX, double=math.tanh)
arctanh = rounded(np.arctanh, c_float_function("atanhf", math.atanh), double=math.atanh)
arcsinh = c_elementwise("asinhf", np.arcsinh, math.asinh)
arccosh = c_elementwise("acoshf", np.arccosh, math.acosh)


_EXACT_POWERS = {3: lambda a: a * a * a, -2: lambda a: 1 / (a * a), 0.5: np.sqrt, -0.5: lambda a: 1 / np.sqrt(a)}


def power(a, exponent):
    """torch's pow(tensor, number): its exact special cases (x*x*x for 3, 1/(x*x) for -2, sqrt for 0.5,
    1/sqrt for -0.5; numpy's powf and pow differ from them in the last bit on a third of inputs), and
    for other float32 powers the float64 power rounded (torch's powf then differs on about 1 input in
    50, numpy's float32 on 1 in 5)."""
    dtype = getattr(a, "dtype", None)
    if exponent.__class__ is bool and dtype is not None and dtype.kind == "b":
        return a.copy() if exponent else np.ones_like(a)    # torch's copy or fill (numpy's power gives int8)
    if (dtype is _F32 or dtype is _F64) and exponent.__class__ in (int, float):
        exact = _EXACT_POWERS.get(exponent)
        if exact is not None:
            return exact(a).astype(dtype, copy=False)
        if dtype is _F32 and exponent not in (0, 1, 2, -1) and a.size <= ROUNDED_MAX:
            return np.power(a.astype(np.float64), exponent).astype(np.float32)
    return np.power(a, exponent)



# torch's scalar loops (xlogy, entr, xlog1py) call std::log / std::log1p on each element: logf and log1pf
# for float32 (glibc's, which differ from the correctly rounded value on about 1 input in 250), log and log1p
# for float64 (numpy's own float64 kernels differ in the last bit on about 1 input in 1000)
loop_log = c_elementwise("logf", np.log, math.log)
loop_log1p = c_elementwise("log1pf", np.log1p, math.log1p)
