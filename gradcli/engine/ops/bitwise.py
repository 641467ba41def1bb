"""Bit shifts (``<<``, ``>>``, ``bitwise_left_shift``, ``bitwise_right_shift``): integer-only, no gradient.

numpy's shifts leave a count outside [0, bits) to the CPU (x86 masks it); torch's kernel defines it:
a left shift gives 0 and a right shift the sign fill (0 or -1), so the counts are checked here.
"""
from __future__ import annotations

import numpy as np

from .dtype_rules import not_implemented
from ..memory_layout import iterator_layout
from .registry import API, defop


def integral(kernel: str, fn):
    """``fn`` behind torch's check that the promoted dtype is an integer or bool one (no float kernel)."""
    def forward(*arrays):
        for a in arrays:
            if np.asarray(a).dtype.kind not in "iub":
                raise not_implemented(kernel, np.asarray(a).dtype)
        return fn(*arrays)
    return forward


def _integers(kernel: str, a, b):
    """The promoted operands as arrays of one integer dtype (torch has no bool or float kernel); a Python
    number on either side takes the tensor's dtype (numpy's weak scalars, as torch's wrapped numbers)."""
    dtype = np.result_type(a, b)
    if dtype.kind not in "iu":
        raise not_implemented(kernel, dtype)
    return np.asarray(a).astype(dtype, copy=False), np.asarray(b).astype(dtype, copy=False), dtype


def _left(a, b):
    a, b, dtype = _integers("lshift_cpu", a, b)
    inside = (b >= 0) & (b < dtype.itemsize * 8)
    unsigned = a.astype(np.dtype(f"u{dtype.itemsize}"), copy=False)
    shifted = np.left_shift(unsigned, np.where(inside, b, 0).astype(unsigned.dtype)).astype(dtype)
    return np.where(inside, shifted, np.zeros((), dtype))


def _right(a, b):
    a, b, dtype = _integers("rshift_cpu", a, b)
    bits = dtype.itemsize * 8
    inside = (b >= 0) & (b < bits)
    fill = np.right_shift(a, bits - 1) if dtype.kind == "i" else np.zeros((), dtype)
    return np.where(inside, np.right_shift(a, np.where(inside, b, 0).astype(dtype)), fill).astype(dtype, copy=False)


BITWISE_LEFT_SHIFT = defop("bitwise_left_shift", "bitwise_left_shift", ("self", "other"), _left, None,
                           differentiable=False, api=API(kind="binary"), rule="not differentiable (integer op)")
BITWISE_RIGHT_SHIFT = defop("bitwise_right_shift", "bitwise_right_shift", ("self", "other"), _right, None,
                            differentiable=False, api=API(kind="binary"), rule="not differentiable (integer op)")

# elementwise ops of two tensors: the result laid out as torch's TensorIterator lays it out (memory_layout)
for _op in (BITWISE_LEFT_SHIFT, BITWISE_RIGHT_SHIFT):
    _op.forward = iterator_layout(_op.forward)
