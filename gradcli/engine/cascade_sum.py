"""Floating-point sums in torch's CPU order, so ``loss.item()`` prints torch's digits.

A float32 sum rounds after every addition, so its last bits depend on the order; numpy's pairwise
order differs from torch's, which shows in every full-precision print of a loss. torch's CPU kernel
(``cascade_sum``) sums a contiguous row as 32-byte vectors (8 floats, 4 doubles) four at a time in
"rows" of four vectors, each lane accumulating the rows in sequence and flushing into coarser
accumulators every 16 rows (more for long rows: the cascade); the four vectors are then added, the
scalar tail is summed in order and the lanes are added to it one by one. Rows shorter than a vector
go four elements at a time the same way. Column sums (a reduction over leading dimensions)
go row by row per column with the same cascade, or four interleaved rows at
a time for the columns past the last whole group. This module reproduces those orders for
contiguous tensors; a full sum of GRAIN_SIZE elements or more is split across torch's threads as torch
splits it. The backward pass's unbroadcasting sums of up to 16 rows (a batch's bias gradient) take
``column_sums``, a few numpy calls; nn.Linear's past 16 rows keep numpy's order (the general emulation
would cost a training step several percent).
"""
from __future__ import annotations

import numpy as np

from . import threads

_LEVELS = 4
_ILP = 4
_F32, _F64 = np.dtype(np.float32), np.dtype(np.float64)
_SUMMED = (_F32, _F64, np.dtype(np.complex64), np.dtype(np.complex128))   # complex: componentwise, lanes by item size


def inner_sum(rows: np.ndarray) -> np.ndarray:
    """The sums of the rows of a 2-D float array (shape (batch, n)) in torch's order."""
    batch, n = rows.shape
    lanes = 32 // rows.itemsize
    if n < lanes:
        return _row_sum(rows)
    whole = n - n % lanes
    vectors = _row_sum(rows[:, :whole].reshape(batch, whole // lanes, lanes))
    return _in_order(np.concatenate([rows[:, whole:], vectors], axis=1))


def torch_order_sum(a: np.ndarray, dim, keepdims: bool):
    """``a.sum(dim, keepdims)`` in torch's order, or None where this module does not know it.

    As torch's iterator, size-1 dims are dropped and neighbours reduced alike are merged; the
    shapes left are a full reduction, rows (kept, reduced), columns (reduced, kept) or a stack of
    column reductions (kept, reduced, kept)."""
    if a.dtype not in _SUMMED or not a.size:
        return None
    nd = a.ndim
    if dim is None:     # every loss's reduction: the whole tensor, whatever its shape (full_sum's scalar has its dtype)
        return np.full((1,) * nd, full_sum(a), a.dtype) if keepdims and nd else full_sum(a)
    reduced = set(range(nd)) if dim is None else {d % nd for d in dim}
    out_shape = tuple(1 if d in reduced else a.shape[d] for d in range(nd)) if keepdims else \
        tuple(a.shape[d] for d in range(nd) if d not in reduced)
    runs = []          # [size, reduced?] of the merged dims
    for d in range(nd):
        if a.shape[d] == 1:
            continue
        if runs and runs[-1][1] == (d in reduced):
            runs[-1][0] *= a.shape[d]
        else:
            runs.append([a.shape[d], d in reduced])
    pattern = tuple(flag for _, flag in runs)
    if pattern in ((), (True,)):
        return np.full(out_shape, full_sum(a), a.dtype) if out_shape else a.dtype.type(full_sum(a))
    if not a.flags.c_contiguous:
        return None
    sizes = tuple(size for size, _ in runs)
    if pattern == (False, True):
        return inner_sum(a.reshape(sizes)).reshape(out_shape)
    if pattern == (True, False):
        return _outer_sum(a.reshape((1,) + sizes)).reshape(out_shape)
    if pattern == (False, True, False):
        return _outer_sum(a.reshape(sizes)).reshape(out_shape)
    if pattern == (True, False, True):    # x.sum((0, 2, 3)) of an image batch: each row's sum added into
        rows = inner_sum(a.reshape(sizes[0] * sizes[1], sizes[2])).reshape(sizes[:2])   # the output in order
        return (_add_reduce(rows, axis=0) + 0).astype(a.dtype, copy=False).reshape(out_shape)
    return None


def _outer_sum(stack: np.ndarray) -> np.ndarray:
    """Column sums of each (rows, columns) matrix of a (batch, rows, columns) stack, as torch's
    vectorized_outer_sum / scalar_outer_sum: the first columns (whole groups of four vectors, or of
    four columns when there are fewer columns than a vector) add the rows in order with the
    cascade, the other columns four interleaved rows at a time (row_sum)."""
    columns = stack.shape[2]
    lanes = 32 // stack.itemsize
    group = _ILP * lanes if columns >= lanes else _ILP
    first = columns - columns % group
    out = np.empty((stack.shape[0], columns), stack.dtype)
    if first:
        out[:, :first] = _multi_row_sum(stack[:, :, :first])
    if first < columns:
        out[:, first:] = _row_sum(stack[:, :, first:])
    return out


GRAIN_SIZE = 32768     # torch's at::internal::GRAIN_SIZE: below it a reduction runs on one thread


def full_sum(a: np.ndarray, split: bool = True):
    """The sum of every element (memory order, as torch's iterator visits a strided tensor). From
    GRAIN_SIZE elements on, torch's two-pass reduction: each thread sums its chunk into its own slot
    of a zeroed buffer (one slot per thread), then the buffer is summed. (``split=False``: one
    thread's sum of a contiguous run.)"""
    n = a.size
    contiguous = a.flags.c_contiguous
    if split and (n >= GRAIN_SIZE or not contiguous):
        total = _split_or_strided_sum(a, n)
        if total is not None:
            return total
    block = 128 // a.itemsize   # four vectors
    if block <= n < 16 * block and not n % block and contiguous:
        # whole groups of four vectors, fewer than 16 (a batch's loss, 16x10): the steps below (each
        # vector's lanes added group by group, the four vectors added, then the lanes in order)
        # without their slices and reshapes (33k -> 28k instructions for 16x10)
        partial = _add_reduce(a.reshape(n // block, block), axis=0)
        return _add_accumulate(_add_reduce(partial.reshape(_ILP, block // _ILP), axis=0))[-1] + 0
    flat = a.reshape(-1) if contiguous else np.ravel(a, order="K")
    n = flat.size
    lanes = 32 // flat.itemsize
    if n < lanes:
        if n <= _ILP:   # (up to four: _short_order is the identity)
            return _add_accumulate(flat)[-1] + 0    # + 0: torch's accumulator starts at +0.0
        return _add_accumulate(flat[_short_order(n)])[-1] + 0
    whole = n - n % lanes
    vectors = (flat[:whole] if whole < n else flat).reshape(-1, lanes)   # (a slice costs as much as a sum)
    groups = vectors.shape[0] // _ILP
    if groups >= 16:
        return inner_sum(flat.reshape(1, n))[0]
    if groups:   # four accumulators in order, the leftover vectors into the first, then the four added
        rows = groups * _ILP
        partial = _add_reduce((vectors[:rows] if rows < vectors.shape[0] else vectors).reshape(groups, _ILP, lanes),
                              axis=0)
        if vectors.shape[0] > rows:
            partial = np.concatenate((partial[:1], vectors[rows:], partial[1:]))
        lane_sums = _add_reduce(partial, axis=0)
    else:
        lane_sums = _add_reduce(vectors, axis=0)
    return _add_accumulate(np.concatenate((flat[whole:], lane_sums)) if whole < n else lane_sums)[-1] + 0


def _split_or_strided_sum(a: np.ndarray, n: int):
    """``full_sum`` of a tensor torch splits across threads or visits run by run, or None."""
    rows = None if a.flags.c_contiguous else _strided_rows(a)
    if n >= GRAIN_SIZE:
        if threads.count > 1:
            tasks = min(threads.count, -(-n // GRAIN_SIZE))
            chunk = -(-n // tasks)
            slots = np.zeros(threads.count, a.dtype)
            if rows is None:
                flat = a.reshape(-1) if a.flags.c_contiguous else np.ravel(a, order="K")
                for t in range(tasks):
                    slots[t] = full_sum(flat[t * chunk:(t + 1) * chunk], False)
            else:
                for t in range(tasks):
                    slots[t] = _rows_sum(rows, t * chunk, min(n, (t + 1) * chunk))
            return full_sum(slots, False)
    return None if rows is None else _rows_sum(rows, 0, n)


def _strided_rows(a: np.ndarray):
    """A strided tensor's elements as torch's iterator visits them, as (rows, inner run) and whether the
    run is contiguous, unless its dims, in stride order, merge into one contiguous run; then None."""
    dims = sorted(((st, sh) for st, sh in zip(a.strides, a.shape) if sh != 1), reverse=True)
    if not dims or dims[-1][0] <= 0:
        return None
    inner, stride = dims[-1][1], dims[-1][0]
    k = len(dims) - 1
    while k and dims[k - 1][0] == stride * inner:
        k -= 1
        inner *= dims[k][1]
    if not k and stride == a.itemsize:
        return None
    axes = sorted(range(a.ndim), key=lambda d: -a.strides[d] if a.shape[d] != 1 else 1)
    return a.transpose(axes).reshape(-1, inner), stride == a.itemsize


def _rows_sum(rows, begin: int, end: int):
    """One thread's sum of elements ``begin`` to ``end`` of (rows, inner run): torch's loop sums a
    partial first row, the whole rows, then a partial last row, each row on its own, and adds the
    row sums in order."""
    values, contiguous = rows
    inner = values.shape[1]
    pieces = []
    row = begin // inner
    if begin % inner:
        pieces.append(values[row:row + 1, begin % inner:min(inner, end - row * inner)])
        row += 1
    whole_end = end // inner
    if whole_end > row:
        pieces.append(values[row:whole_end])
    if end % inner and whole_end >= row:
        pieces.append(values[whole_end:whole_end + 1, :end % inner])
    sums = [inner_sum(p) if contiguous else _row_sum(p) for p in pieces]
    return _add_accumulate(np.concatenate([np.zeros(1, values.dtype)] + sums))[-1]


_add_reduce = np.add.reduce          # over axis 0 of a 2-D or 3-D array: adds in order
_add_accumulate = np.add.accumulate
_SHORT_ORDERS = {}


def _short_order(n: int) -> list:
    """The order torch adds a row shorter than a vector: element 0, the leftovers past four, 1, 2, 3."""
    order = _SHORT_ORDERS.get(n)
    if order is None:
        order = _SHORT_ORDERS[n] = [0] + list(range(_ILP, n)) + list(range(1, _ILP))
    return order


def _row_sum(items: np.ndarray) -> np.ndarray:
    """torch's row_sum over axis 1 (items are scalars or vectors): four interleaved accumulators
    over whole groups of four, the leftover items into the first, then the four added in order."""
    count = items.shape[1]
    groups = count // _ILP
    tail = items[:, groups * _ILP:]
    if groups:
        partial = _multi_row_sum(items[:, :groups * _ILP].reshape((items.shape[0], groups, _ILP) + items.shape[2:]))
        first = partial[:, 0]
        if tail.shape[1]:
            first = _in_order(np.concatenate([first[:, None], tail], axis=1))
        return _in_order(np.concatenate([first[:, None], partial[:, 1:]], axis=1))
    return _in_order(tail)


def _multi_row_sum(rows: np.ndarray) -> np.ndarray:
    """torch's multi_row_sum over axis 1: sequential within blocks of 2**power rows, block sums
    carried up through four levels of accumulators (a level flushes when its count rolls over)."""
    size = rows.shape[1]
    power = max(4, _ceil_log2(size) // _LEVELS)
    step = 1 << power
    mask = step - 1
    blocks = size // step
    if not blocks:
        return np.add.reduce(rows, axis=1)      # numpy adds the rows of a non-inner axis in order
    acc = [np.zeros(rows.shape[:1] + rows.shape[2:], rows.dtype) for _ in range(_LEVELS)]
    sums = np.add.reduce(rows[:, :blocks * step].reshape((rows.shape[0], blocks, step) + rows.shape[2:]), axis=2)
    done = 0
    for b in range(blocks):
        acc[0] = sums[:, b]
        done += step
        for j in range(1, _LEVELS):
            acc[j] = acc[j] + acc[j - 1]
            acc[j - 1] = np.zeros_like(acc[j - 1])
            if done & (mask << (j * power)):
                break
    if done < size:
        acc[0] = np.add.reduce(rows[:, done:], axis=1)
    total = acc[0]
    for j in range(1, _LEVELS):
        total = total + acc[j]
    return total


def _in_order(items: np.ndarray) -> np.ndarray:
    """Left-to-right sums along axis 1 (an accumulation is sequential whatever the memory layout)."""
    if items.shape[1] == 0:
        return np.zeros(items.shape[:1] + items.shape[2:], items.dtype)
    return np.ascontiguousarray(np.add.accumulate(items, axis=1)[:, -1])


def _ceil_log2(x: int) -> int:
    return 0 if x <= 1 else (x - 1).bit_length()


def column_sums(g: np.ndarray):
    """``g.sum(0)`` of a (rows, columns) gradient of contiguous rows, up to 16 of them (a batch's bias
    gradient), or of one contiguous column, in torch's order with a few numpy calls, or None (``torch_order_sum`` knows the rest):
    the whole column groups add their rows in sequence (16 rows make one block, flushed into a +0
    accumulator), the other columns four interleaved rows at a time, as ``_outer_sum`` derives."""
    rows, columns = g.shape
    if columns == 1 and rows > 1 and g.strides[0] == g.itemsize and (g.dtype is _F32 or g.dtype is _F64):
        # one column (nn.Linear(in, 1)'s bias): a reduction of one contiguous run, whatever the rows
        return np.full(1, full_sum(g[:, 0]), g.dtype)
    if (rows > 16 or rows < 2 or columns < 2 or g.strides[1] != g.itemsize   # (rows may be apart: a slice)
            or g.dtype is not _F32 and g.dtype is not _F64):
        return None
    lanes = 32 // g.itemsize
    first = columns - columns % (_ILP * lanes if columns >= lanes else _ILP)
    groups = rows // _ILP
    lane = None
    if first < columns and groups:     # (fewer than four rows: the interleaved sums are in sequence)
        tail = g[:, first:] if first else g
        whole = groups * _ILP
        lane = _add_reduce((tail[:whole] if whole < rows else tail).reshape(groups, _ILP, columns - first), 0)
        for r in range(whole, rows):
            lane[0] += tail[r]
        if not first:       # (fewer columns than a group: every column is interleaved)
            return _add_reduce(lane, 0)
    # (16 rows: a +0 start gives the flush's sign of zero, as only a column of -0s sums to -0)
    out = _add_reduce(g, axis=0, initial=0.0) if rows == 16 else _add_reduce(g, axis=0)
    if lane is not None:
        _add_reduce(lane, axis=0, out=out[first:])
    return out
