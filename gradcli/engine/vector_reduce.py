"""Float products in torch's CPU order, so ``x.prod().item()`` prints torch's digits.

torch's prod kernel (``binary_kernel_reduce_vec``) runs a contiguous row as four 32-byte vectors at a
time (8 floats, 4 doubles, 16 halves: a float16 product rounds to float16 after every step): each of
four vector accumulators starts from the first block and multiplies in the later blocks in order;
then the four are multiplied pairwise ((a0 * a1) * (a2 * a3)), the lanes one after the other, that
into the output (1), and the elements past the last whole block one by one. numpy multiplies in
sequence (and a float16 row in float32, rounding once). A whole-tensor product of GRAIN_SIZE elements
or more is split across torch's threads as its sums are (``cascade_sum.full_sum``).
"""
from __future__ import annotations

import numpy as np

from . import threads
from .cascade_sum import GRAIN_SIZE

_VECTOR_BYTES = 32
_ACCUMULATORS = 4
_FLOATS = (np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.float64))


def torch_order_prod(a: np.ndarray, axis, keepdims: bool):
    """``a.prod(axis, keepdims)`` in torch's order, or None where numpy's is torch's or this module
    does not know it (an integer or complex product, a product across rows)."""
    if a.dtype not in _FLOATS or not a.size:
        return None
    if axis is None:
        if not a.flags.c_contiguous:
            return None
        total = _full_prod(a.reshape(-1))
        return np.full((1,) * a.ndim, total, a.dtype) if keepdims else a.dtype.type(total)
    axis %= max(a.ndim, 1)
    if a.ndim == 0 or a.strides[axis] != a.itemsize and a.shape[axis] != 1:
        return None
    rows = np.moveaxis(a, axis, -1)
    out = _row_prods(rows.reshape(-1, a.shape[axis]))
    shape = tuple(n for d, n in enumerate(a.shape) if d != axis)
    out = out.reshape(shape)
    return np.expand_dims(out, axis) if keepdims else out


def _full_prod(flat: np.ndarray):
    n = flat.size
    if n < GRAIN_SIZE:
        return _row_prods(flat.reshape(1, n))[0]
    if threads.count == 1:
        return _row_prods(flat.reshape(1, n))[0]
    tasks = min(threads.count, -(-n // GRAIN_SIZE))
    chunk = -(-n // tasks)
    total = flat.dtype.type(1)
    for t in range(tasks):      # each thread's slot (1 times its chunk's product), then the slots in order
        total = total * _row_prods(flat[t * chunk:(t + 1) * chunk].reshape(1, -1))[0]
    return total


def _row_prods(rows: np.ndarray) -> np.ndarray:
    """The products of the rows of a 2-D float array (shape (batch, n)) in torch's order."""
    batch, n = rows.shape
    lanes = _VECTOR_BYTES // rows.itemsize
    block = _ACCUMULATORS * lanes
    count = n // block
    out = np.ones(batch, rows.dtype)
    if count:
        blocks = rows[:, :count * block].reshape(batch, count, _ACCUMULATORS, lanes)
        acc = blocks[:, 0].copy()
        for i in range(1, count):
            np.multiply(acc, blocks[:, i], out=acc)
        vector = (acc[:, 0] * acc[:, 1]) * (acc[:, 2] * acc[:, 3])
        for j in range(lanes):
            out = out * vector[:, j]
    for k in range(count * block, n):
        out = out * rows[:, k]
    return out
