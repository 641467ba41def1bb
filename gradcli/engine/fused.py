"""``a * b + c`` rounded once, as torch's CPU kernels compute it.

torch's kernels for add and sub with ``alpha``, lerp, addcmul and tanh's backward multiply and add
with one fused multiply-add (the optimizers' steps are made of them): one rounding where numpy
rounds twice, which moves the last bit of about one element in twenty. float32 operands of up to
``FUSED_MAX`` elements are multiplied in float64, which holds their product exactly, and the sum is
rounded to float32 (a double rounding, which differs from a single one on about one input in
2**29). float64 operands are split into exact sums of two values (``fma64``). Larger arrays, where
the emulation costs about four times numpy's update (float64's twenty times), keep numpy's two
roundings, but for ``add_`` (every optimizer's ``param.add_(grad, alpha=-lr)``): BLAS's axpy rounds
once there (``blas_axpy``). Other dtypes keep numpy's two roundings.

The kernels emulated bit for bit (grid_sample, layer_norm, batch_norm, softmax's exp, the random
samplers) use the size-free forms: ``fma_wide`` and ``fma64``.
"""
from __future__ import annotations

import numpy as np

from .blas_axpy import axpy

FUSED_MAX = 65536

_F32 = np.dtype(np.float32)
_F64 = np.dtype(np.float64)
_ARRAYS = (np.ndarray, np.generic)


def fma(a, b, c):
    """``a * b + c``, rounded once when every operand is float32. A number operand is the float32
    scalar torch makes of it (``alpha=0.1`` is float32's 0.1; a tensor ``lr`` is read as a number)."""
    a, b, c = (x if isinstance(x, _ARRAYS) else float(x) for x in (a, b, c))
    arrays = [x for x in (a, b, c) if isinstance(x, _ARRAYS)]
    if not arrays or any(x.size > FUSED_MAX for x in arrays):
        return a * b + c
    if all(x.dtype == _F32 for x in arrays):
        return (_wide(a) * _wide(b) + _wide(c)).astype(_F32)
    if all(x.dtype == _F64 for x in arrays):
        return fma64(a, b, c)
    return a * b + c


def fma_wide(a, b, c, dtype=_F32):
    """``a * b + c`` on values of a float type narrower than float64 (float32 by default), rounded once
    to ``dtype``: their product is exact in float64, where the sum is rounded first (a double rounding,
    off on about one input in 2**29)."""
    return (np.asarray(a, _F64) * b + c).astype(dtype)


def fma64(a, b, c):
    """``a * b + c`` in float64 (arrays or numbers) rounded once but where it lies within 2**-104 of a
    tie: a * b = p + e exactly (Dekker's product of Veltkamp's halves), p + c = s + r exactly (Knuth's
    two-sum), then s + (r + e). Non-finite values and exact zeros are numpy's p + c (its signs)."""
    with np.errstate(all="ignore"):
        p = a * b
        ah, al = _halves(a)
        bh, bl = _halves(b)
        e = ((ah * bh - p) + ah * bl + al * bh) + al * bl
        s = p + c
        v = s - p
        out = s + (((p - (s - v)) + (c - v)) + e)
        if not np.isfinite(np.add.reduce(out, axis=None)):
            out = np.where(np.isfinite(out), out, s)
    return np.where(out == 0, s, out)


def _halves(x):
    """Veltkamp's split of a float64: x = hi + lo, each with at most 26 significant bits."""
    c = x * 134217729.0   # 2**27 + 1
    hi = c - (c - x)
    return hi, x - hi


def one_minus_square(y):
    """``1 - y * y`` rounded once, as torch's tanh backward kernel computes it (a fused multiply-add).
    float32 at any size: y^2 is exact in float64, and 1 - y^2 rounded there then to float32 (a double
    rounding off on about one input in 2**29). float64, which has no wider type: y^2 = p + e exactly
    (Dekker's product of Veltkamp's halves of y), 1 - p = s + r exactly (Knuth's two-sum), then
    s + (r - e) rounds the exact value once but where it lies within 2**-104 of a tie. Other dtypes
    round twice, as numpy does."""
    if y.__class__ is not _ndarray:
        y = np.asarray(y)
    dt = y.dtype
    if dt is _F32 or dt == _F32:   # (numpy's dtypes are singletons: ``is`` settles the usual case)
        # each step writes over the fresh array before it, and 1 is a ready 0-d array (numpy's
        # handling of a Python number costs more than the subtraction itself)
        t = y.astype(_F64)
        if t.size != 1:
            _multiply(t, t, t)
            _subtract(_ONE64, t, t)
        else:   # (one element: see ``times``)
            _subtract(_ONE64, _multiply(t, t), t)
        return t.astype(_F32)
    if dt is not _F64 and dt != _F64:
        return 1 - y * y
    with np.errstate(all="ignore"):
        p = y * y
        c = y * _SPLITTER
        hi = c - (c - y)
        lo = y - hi
        e = ((hi * hi - p) + 2 * hi * lo) + lo * lo
        s = _ONE64 - p
        v = s - _ONE64
        out = s + (((_ONE64 - (s - v)) + (-p - v)) - e)
        if not np.isfinite(np.add.reduce(out, axis=None)):
            # an infinite or overflowing square (its split overflows first) or nan: 1 - p is the answer
            out = np.where(np.isfinite(out), out, s)
    return out


def times(g, t):
    """``g * t`` written over ``t``, a fresh array of the product's shape and dtype. An array of one
    element gets a new one instead: numpy copies an operand that is also the output when it has one
    element (it cannot tell that they coincide exactly), which tripled a (1,)-shaped tanh chain's backward."""
    return _multiply(g, t, t) if t.size != 1 else _multiply(g, t)


_add, _multiply, _subtract = np.add, np.multiply, np.subtract
_ndarray = np.ndarray   # (numpy's module has a __getattr__: CPython 3.11 looks np.<name> up the slow way every time)
_ONE64 = np.array(1.0)
_ONE64.flags.writeable = False
_SPLITTER = np.array(134217729.0)   # 2**27 + 1: splits a float64 into two halves of 26 bits
_SPLITTER.flags.writeable = False


def _wide(x):
    return x.astype(_F64) if isinstance(x, _ARRAYS) else _F64.type(np.float32(x))


def add_(x: np.ndarray, y: np.ndarray, alpha) -> np.ndarray:
    """``x.add_(y, alpha=alpha)`` on arrays: x += alpha * y, rounded once (the optimizers' step).
    Each step is a ufunc on one dtype or a plain cast: numpy's mixed-dtype ufuncs cost several
    times as much on small arrays."""
    if x.dtype is _F32 and y.dtype is _F32 and x.size <= FUSED_MAX:
        a = _WIDE_ALPHAS.get(alpha) if alpha.__class__ is float else None
        wide = y.astype(_F64)
        if a is None:
            a = _wide_alpha(alpha)
        if wide.size != 1 or x.size != 1:
            wide *= a
            wide += x.astype(_F64)
        else:   # a one-element parameter (a Linear(n, 1)'s bias) takes fresh arrays: see ``times``
            wide = _add(_multiply(wide, a), x.astype(_F64))
        x[...] = wide
    elif x.dtype is _F64 and y.dtype is _F64 and x.size <= FUSED_MAX:
        x[...] = fma64(float(alpha), y, x)
    else:
        # a large float array: BLAS's axpy rounds once in one pass (the whole blocks; the few elements
        # after them take the way above), else numpy's two roundings
        done = axpy(x, y, alpha) if x.size > FUSED_MAX else 0
        if not done:
            x += x.dtype.type(alpha) * y
        elif done < x.size:
            add_(x.reshape(-1, order="A")[done:], y.reshape(-1, order="A")[done:], alpha)
    return x


_WIDE_ALPHAS: dict = {}


def _wide_alpha(alpha) -> np.ndarray:
    """torch's float32 ``alpha`` as a 0-d float64 array (a cheaper ufunc operand than a number);
    remembered for float learning rates (``add_`` looks there first): every parameter of a step asks
    for the same one."""
    a = np.array(np.float32(alpha), _F64)
    if alpha.__class__ is float and alpha != 0:    # (0.0 and -0.0 are one key but not one factor)
        if len(_WIDE_ALPHAS) >= 64:     # a scheduler's ever-changing rates
            _WIDE_ALPHAS.clear()
        _WIDE_ALPHAS[alpha] = a
    return a


def lerp_(x: np.ndarray, end: np.ndarray, weight) -> np.ndarray:
    """``x.lerp_(end, weight)`` on arrays, from x below weight 0.5 and from end above, as torch's."""
    weight, diff = float(weight), end - x
    if abs(weight) < 0.5:
        np.copyto(x, fma(weight, diff, x))
    else:       # weight - 1 in the array's precision, as torch's kernel
        np.copyto(x, fma(x.dtype.type(weight) - 1, diff, end))
    return x


def addcmul_(x: np.ndarray, t1: np.ndarray, t2: np.ndarray, value) -> np.ndarray:
    """``x.addcmul_(t1, t2, value=value)`` on arrays: x += (value t1) t2, rounded once."""
    np.copyto(x, fma(t1 if value == 1 else t1 * x.dtype.type(float(value)), t2, x))
    return x
