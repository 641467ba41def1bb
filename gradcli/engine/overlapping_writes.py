"""In-place writes into a tensor whose elements partly share memory (``x.unfold(0, 2, 1).add_(1)``).

torch refuses only a zero stride (its internal-overlap error); other overlaps are "too hard" to judge, so
its kernels run through the strides one element at a time, each reading memory as the earlier elements
left it: ``zeros(4).unfold(0, 2, 1).add_(1)`` is ``[1, 2, 2, 1]``. numpy computes the whole result from
the old values and writes it back, which gave ``[1, 1, 1, 1]``. Here an elementwise op runs in layers: an
element's k-th sharer in C order goes in layer k, after the earlier ones wrote (pointwise, an element
reads only its own place, so that is the sequential result). Index writes write only the elements they
select, accumulating ones add every increment, and scans run element by element.
"""
from __future__ import annotations

import numpy as np


def partly_overlapping(a: np.ndarray) -> bool:
    """Whether some elements of a writable non-contiguous array share memory (a zero stride makes numpy
    arrays read-only, which callers check first)."""
    if a.flags.c_contiguous or a.flags.f_contiguous:
        return False
    expected = a.itemsize
    for stride, size in sorted((abs(st), sh) for st, sh in zip(a.strides, a.shape) if sh != 1):
        if stride < expected:
            break
        expected = stride * size
    else:
        return False     # each dim steps past the block of the smaller ones: no two elements meet
    offsets = _offsets(a)
    return np.unique(offsets).size < offsets.size


def shares_by_zero_stride(a: np.ndarray) -> bool:
    """torch's has_internal_overlap: a dim of size > 1 with stride 0 (an expanded tensor), which most
    in-place kernels refuse."""
    return any(st == 0 and sh > 1 for st, sh in zip(a.strides, a.shape))


def writable_alias(a: np.ndarray) -> np.ndarray | None:
    """``a``'s memory as a writable array, or None when that memory is read-only. numpy marks an expanded
    array read-only, and every view of it (``x.expand(2, 3)[:, 0]``), where torch writes them."""
    root = a
    while isinstance(root.base, np.ndarray):
        root = root.base
    if not root.flags.writeable:
        return None
    start = a.__array_interface__["data"][0] - root.__array_interface__["data"][0]
    return np.ndarray(a.shape, a.dtype, buffer=root, offset=start, strides=a.strides)


def write_in_c_order(target: np.ndarray, values: np.ndarray) -> None:
    """Write ``values`` into ``target`` element by element in C order (a later sharer of a place wins),
    as torch's copy_ into a tensor whose elements share memory."""
    offsets = _offsets(target)
    memory = _memory(target, offsets)
    offsets -= offsets.min()
    flat = np.broadcast_to(values, target.shape).ravel().astype(target.dtype, copy=False)
    for layer in _layers(offsets):
        memory[offsets[layer]] = flat[layer]


def _offsets(a: np.ndarray) -> np.ndarray:
    """Each element's memory place, in items, in C order."""
    offsets = np.zeros((), np.int64)
    for stride, size in zip(a.strides, a.shape):
        offsets = np.add.outer(offsets, np.arange(size, dtype=np.int64) * (stride // a.itemsize))
    return offsets.ravel()


def _memory(a: np.ndarray, offsets: np.ndarray) -> np.ndarray:
    """A 1-d array over the memory ``a`` reaches, from its lowest element (offsets count from there)."""
    first = np.unravel_index(int(np.argmin(offsets)), a.shape)
    corner = a[tuple(slice(i, i + 1) for i in first)]
    span = int(offsets.max() - offsets.min()) + 1
    return np.lib.stride_tricks.as_strided(corner, (span,), (a.itemsize,))


def _layers(offsets: np.ndarray) -> list[np.ndarray]:
    """The element indices of each layer: layer k holds every place's k-th sharer in C order."""
    n = offsets.size
    order = np.argsort(offsets, kind="stable")
    ranked = offsets[order]
    first = np.ones(n, bool)
    first[1:] = ranked[1:] != ranked[:-1]
    rank = np.empty(n, np.int64)
    rank[order] = np.arange(n) - np.maximum.accumulate(np.where(first, np.arange(n), 0))
    return [np.flatnonzero(rank == k) for k in range(int(rank.max()) + 1)]


_SELF = object()     # stands for the written memory among an op's operands


def write_elementwise(target: np.ndarray, compute, operands: tuple, params: dict | None = None) -> None:
    """Write ``compute(self_values, *operands, **params)`` into ``target`` one layer at a time. An operand
    that is ``target`` itself (``v.mul_(v)``) reads memory as it is then; other arrays (a mask too) are
    broadcast to ``target``'s shape and taken at the layer's elements; anything else passes as it is."""
    offsets = _offsets(target)
    memory = _memory(target, offsets)
    offsets -= offsets.min()
    shape = target.shape

    def spread(a):
        return np.broadcast_to(a, shape).ravel() if isinstance(a, np.ndarray) and a.ndim else a

    def pick(a, layer, current):
        return current if a is _SELF else a[layer] if isinstance(a, np.ndarray) and a.ndim else a

    flat = [_SELF if a is target else spread(a) for a in operands]
    named = {k: spread(v) for k, v in (params or {}).items()}
    for layer in _layers(offsets):
        places = offsets[layer]
        current = memory[places]
        result = compute(*(pick(a, layer, current) for a in flat), **{k: pick(v, layer, current) for k, v in named.items()})
        memory[places] = np.asarray(result).astype(target.dtype, copy=False)


def write_scan(target: np.ndarray, dim: int, step) -> None:
    """A cumulative op (cumsum_, cumprod_) as torch's kernel runs it: line by line along ``dim`` in C order,
    each element ``step(previous result, itself)`` as memory holds them then."""
    offsets = _offsets(target)
    memory = _memory(target, offsets)
    offsets = np.moveaxis((offsets - offsets.min()).reshape(target.shape), dim, -1)
    for line in offsets.reshape(-1, offsets.shape[-1]) if offsets.size else ():
        for before, place in zip(line[:-1].tolist(), line[1:].tolist()):
            memory[place] = step(memory[before], memory[place])


def write_accumulated(target: np.ndarray, result: np.ndarray) -> None:
    """An accumulating index op (index_add_, index_put_(accumulate=True)...): every element's increment
    lands on its memory place, so a place shared by two incremented elements gets both."""
    offsets = _offsets(target)
    memory = _memory(target, offsets)
    increments = (np.asarray(result) - target).astype(target.dtype, copy=False).ravel()
    np.add.at(memory, offsets - offsets.min(), increments)


def write_selected(target: np.ndarray, result: np.ndarray, recompute) -> None:
    """An index write (index_fill_, scatter_, index_put_, masked_scatter_...): only the elements it writes,
    in C order (a later sharer of a place wins). The written ones are those whose result does not depend on
    self's value: ``recompute(other_self)`` with a self that differs everywhere gives them unchanged."""
    other = (target == 0).astype(target.dtype)
    again = np.asarray(recompute(other))
    result = np.broadcast_to(np.asarray(result), target.shape)
    written = result == again
    if result.dtype.kind in "fc":
        written |= np.isnan(result) & np.isnan(again)
    target[written] = result[written].astype(target.dtype, copy=False)
