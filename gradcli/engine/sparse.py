"""Sparse COO gradients, as ``nn.Embedding(sparse=True)`` and ``EmbeddingBag(sparse=True)`` make them.

The backward pass carries a ``CooArray``: the dense values (so every path that reads arrays, hooks and
anomaly checks included, sees the right numbers) that also hold torch's COO form, the rows' indices and
values uncoalesced, in torch's order. Two of them add as torch adds sparse tensors (a merge that keeps
the entries), a dense array plus one adds entry by entry, in order; a ``.grad`` holding one prints,
accumulates and feeds SGD, Adagrad and SparseAdam as torch's sparse tensor does."""
from __future__ import annotations

import numpy as np

from .ops.std_sort import std_sort_order


class CooArray(np.ndarray):
    """A read-only dense array with its COO form: ``indices`` (1, nnz) int64, ``values`` (nnz, ...)."""

    indices = values = None     # (arrays derived from one, by reshape or slicing, are plain dense arrays)
    coalesced = False
    contiguous = True   # whether torch's values would be contiguous: it merges two such, else concatenates

    def copy(self, order="C"):
        """A copy keeps the COO form (``copy.deepcopy`` of a model or a state dict)."""
        if self.indices is None:
            return np.ndarray.copy(self, order)
        return build(self.indices.copy(), self.values.copy(), self.shape, self.coalesced, self.contiguous)

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        """``a + b`` with a CooArray on either side adds as torch does; every other ufunc works on the
        dense values and returns plain arrays."""
        out = kwargs.get("out")
        if ufunc is np.add and method == "__call__" and len(inputs) == 2:
            a, b = inputs
            if is_coo(a) and is_coo(b) and out is None:
                return add(b, a)     # the backward pass's ``old + new``: torch's InputBuffer adds ``new + old``
            if is_coo(b) and isinstance(a, np.ndarray) and not is_coo(a):
                a, b = b, a
            if is_coo(a) and isinstance(b, np.ndarray) and b.shape == a.shape and b.dtype == a.dtype:
                target = out[0] if out is not None else b.copy()
                if target is not b:
                    np.copyto(target, b)
                return add_into(target, a)
        plain = tuple(x.view(np.ndarray) if isinstance(x, CooArray) else x for x in inputs)
        if out is not None:
            kwargs["out"] = tuple(x.view(np.ndarray) if isinstance(x, CooArray) else x for x in out)
        return getattr(ufunc, method)(*plain, **kwargs)


def is_coo(a) -> bool:
    return a.__class__ is CooArray and a.indices is not None


def build(indices: np.ndarray, values: np.ndarray, shape, coalesced: bool = False,
          contiguous: bool = True) -> CooArray:
    """A CooArray of these entries (duplicates allowed: they add up in the dense values)."""
    dense = np.zeros(tuple(shape), values.dtype)
    add_into(dense, None, indices, values)
    arr = dense.view(CooArray)
    arr.indices, arr.values, arr.coalesced, arr.contiguous = indices, values, coalesced, contiguous
    arr.flags.writeable = False
    return arr


def add_into(dense: np.ndarray, coo, indices=None, values=None, alpha=None) -> np.ndarray:
    """``dense.add_(coo, alpha=alpha)``: each entry added into its row in order, as torch's CPU kernel
    (rounds of indices seen once so far, each round one vectorised step)."""
    if coo is not None:
        indices, values = coo.indices, coo.values
    rows = indices[0]
    if alpha is not None:   # torch's axpy: alpha * v + x rounded once (as fused.add_)
        values = values.astype(np.float64) * np.float64(values.dtype.type(alpha))
    order = np.argsort(rows, kind="stable")
    sorted_rows = rows[order]
    starts = np.r_[0, np.flatnonzero(np.diff(sorted_rows)) + 1] if rows.size else np.zeros(0, np.int64)
    rank = np.empty(rows.size, np.int64)
    rank[order] = np.arange(rows.size) - np.repeat(starts, np.diff(np.r_[starts, rows.size]))
    for r in range(int(rank.max()) + 1 if rows.size else 0):
        pick = rank == r
        at = rows[pick]
        dense[at] = (dense[at] + values[pick]) if alpha is None else (dense[at].astype(np.float64) + values[pick])
    return dense


def stored(g: CooArray) -> CooArray:
    """A first sparse gradient as AccumulateGrad keeps it (a copy when its values are not contiguous)."""
    return g if g.contiguous else build(g.indices, g.values, g.shape, g.coalesced)


def add(t: CooArray, s: CooArray, alpha=1) -> CooArray:
    """``t + alpha * s`` for two sparse tensors, as torch's CPU kernel: when both hold contiguous
    values, a merge of the two entry lists walked in step (an entry of each with the same index summed
    into one, all others kept); otherwise t's entries then s's."""
    ti, si = t.indices[0], s.indices[0]
    tv, sv = t.values, s.values * s.values.dtype.type(alpha) if alpha != 1 else s.values
    if ti.size == 0 or si.size == 0 or not (t.contiguous and s.contiguous):
        return build(np.concatenate([t.indices, s.indices], axis=1), np.concatenate([tv, sv]), t.shape,
                     t.coalesced and s.coalesced and (ti.size == 0 or si.size == 0))
    rows, parts = [], []
    i = j = 0
    while i < ti.size or j < si.size:
        if i < ti.size and (j >= si.size or ti[i] < si[j]):
            rows.append(ti[i])
            parts.append(tv[i])
            i += 1
        elif i >= ti.size or ti[i] > si[j]:
            rows.append(si[j])
            parts.append(sv[j])
            j += 1
        else:
            rows.append(ti[i])
            parts.append(tv[i] + sv[j])
            i, j = i + 1, j + 1
    values = np.array(parts, tv.dtype).reshape((len(parts),) + tv.shape[1:])
    return build(np.array([rows], np.int64).reshape(1, -1), values, t.shape, t.coalesced and s.coalesced)


def coalesce(a: CooArray) -> CooArray:
    """Indices sorted and made unique, the values of each index summed in the order torch's unstable
    sort of the indices leaves them."""
    if a.coalesced:
        return a
    order = _sort_order(a.indices[0])
    rows, values = a.indices[0][order], a.values[order]
    unique, inverse = np.unique(rows, return_inverse=True)
    sums = np.zeros((unique.size,) + values.shape[1:], values.dtype)
    add_into(sums, None, inverse.reshape(1, -1), values)
    return build(unique.reshape(1, -1).astype(np.int64), sums, a.shape, True)


def _sort_order(rows: np.ndarray) -> np.ndarray:
    """torch's CPU sort of 1-D int64 keys: libstdc++'s introsort (ties reordered past 16 keys) below
    32768 keys, a stable radix sort from there (ops.reduction's rule, for one row)."""
    if rows.size <= 16 or rows.size >= 32768 or np.unique(rows).size == rows.size:
        return np.argsort(rows, kind="stable")
    return np.array(std_sort_order(rows.tolist()), np.int64)


def scaled(a: CooArray, factor) -> CooArray:
    """``a * factor`` (a number): the same entries, each value scaled."""
    return build(a.indices, a.values * a.values.dtype.type(factor), a.shape, a.coalesced)


def mask_rows(dense: np.ndarray, coo: CooArray) -> np.ndarray:
    """``dense.sparse_mask(coo)._values()`` for a coalesced ``coo``: the dense rows at its indices."""
    return dense[coo.indices[0]]


def accumulate(old: CooArray, new) -> np.ndarray:
    """AccumulateGrad's ``grad += new`` on a sparse ``.grad``: sparse plus sparse stays sparse (old
    first), a dense ``new`` makes a dense ``.grad``."""
    return add(old, new) if is_coo(new) else add_into(np.array(new, old.dtype, copy=True), old)
