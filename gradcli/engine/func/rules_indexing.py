"""Batching rules of the indexing family (index, take, put, gather/scatter, index_*, masked_*,
*_scatter): the index arguments are the same for every example, so each op runs once on the
physical tensors with the index extended over the batch dims."""
from __future__ import annotations

import numpy as np

from ..ops.indexing import _adv_shape, _index_shape
from ..tensor import Tensor, make
from .batched import active, align, full, levels_of, op, phys_of, shift, wrap


def _adjacent(indices) -> bool:
    pos = [k for k, i in enumerate(indices) if i is not None]
    return not pos or pos[-1] - pos[0] + 1 == len(pos)


def _index(o, args, params, inner, lv):
    """x[indices]: the batch dims lead as full slices; separated index dims, which numpy puts
    first, are moved behind them."""
    idx = tuple(params["indices"])
    nb = len(lv)
    out = inner(o, [align(args[0], lv)], {"indices": (None,) * nb + idx})
    if not _adjacent(idx):
        k = len(_adv_shape(idx))
        order = tuple(range(k, k + nb)) + tuple(range(k)) + tuple(range(k + nb, out._data.ndim))
        out = op("permute", out, dims=order)
    return wrap(out, lv)


def _index_put(o, args, params, inner, lv):
    x, values = args[0], args[1]
    idx = tuple(params["indices"])
    shape = _index_shape(tuple(x.shape), idx)
    v = align(values, lv, len(shape)) if isinstance(values, Tensor) else values
    if not _adjacent(idx) and isinstance(values, Tensor):
        # numpy puts separated index dims first, in front of the batch dims: so must the values
        lead = tuple(dict(active)[level] for level in lv)
        v = op("expand", v, size=lead + shape)
        k, nb = len(_adv_shape(idx)), len(lv)
        v = op("permute", v, dims=tuple(range(nb, nb + k)) + tuple(range(nb)) + tuple(range(nb + k, v._data.ndim)))
    p = dict(params, indices=(None,) * len(lv) + idx)
    return wrap(inner(o, [full(x, lv), v], p), lv)


def _flat(t, lv):
    """The physical tensor of ``t`` (full batch) with each example flattened."""
    p = full(t, lv)
    return p.reshape(tuple(p._data.shape[:len(lv)]) + (-1,))


def _take(o, args, params, inner, lv):
    p = _flat(args[0], lv)
    return wrap(op("index.Tensor", p, indices=(None,) * len(lv) + (params["index"],)), lv)


def _put(o, args, params, inner, lv):
    x = full(args[0], lv)
    flat = x.reshape(tuple(x._data.shape[:len(lv)]) + (-1,))
    out = op("index_put", flat, _flat(args[1], lv), indices=(None,) * len(lv) + (params["index"].reshape(-1),),
             accumulate=params["accumulate"])
    return wrap(out.reshape(tuple(x._data.shape)), lv)


def _mask_of(params) -> np.ndarray:
    mask = params["mask"]       # the user's bool tensor, kept for the node (or its checked array copy)
    return mask._data if isinstance(mask, Tensor) else mask


def _masked_select(o, args, params, inner, lv):
    mask = _mask_of(params)
    shape = np.broadcast_shapes(tuple(args[0].shape), mask.shape)
    p = full(args[0], lv)
    lead = tuple(p._data.shape[:len(lv)])
    if tuple(p._data.shape[len(lv):]) != shape:
        p = op("expand", align(wrap(p, lv), lv, len(shape)), size=lead + shape)
    return wrap(op("index.Tensor", p, indices=(None,) * len(lv) + (np.broadcast_to(mask, shape),)), lv)


def _masked_scatter(o, args, params, inner, lv):
    mask = np.broadcast_to(_mask_of(params), tuple(args[0].shape))
    src = _flat(args[1], lv)
    src = op("slice", src, dim=-1, start=0, end=int(mask.sum()), step=1)
    return wrap(op("index_put", full(args[0], lv), src, indices=(None,) * len(lv) + (mask,), accumulate=False), lv)


def _where_filled(mask, value, x, lv):
    """``x`` with ``value`` where ``mask``: masked_fill with a value that differs per example."""
    rank = max(x.ndim, mask.ndim)
    m = make(np.asarray(mask))
    return wrap(op("where", align(value, lv, rank), align(x, lv, rank), condition=align(m, lv, rank)), lv)


def _where(o, args, params, inner, lv):
    """where: its condition is a parameter that broadcasts with self and other and may be batched."""
    cond = params["condition"]
    cond = cond if isinstance(cond, Tensor) else make(np.asarray(cond))
    rank = max([a.ndim for a in args if isinstance(a, Tensor)] + [cond.ndim])
    phys = [align(a, lv, rank) if isinstance(a, Tensor) else a for a in args]
    return wrap(inner(o, phys, dict(params, condition=align(cond, lv, rank))), lv)


def _masked_fill(o, args, params, inner, lv):
    if len(args) > 1 and args[1] is not None and isinstance(args[1], Tensor) and getattr(args[1], "_lv", ()):
        return _where_filled(params["mask"], args[1], args[0], lv)
    rank = max(args[0].ndim, np.ndim(params["mask"]))
    return wrap(inner(o, [align(args[0], lv, rank)] + [phys_arg(a) for a in args[1:]], params), lv)


def phys_arg(a):
    return a._phys if getattr(a, "_lv", ()) else a


def _index_fill(o, args, params, inner, lv):
    x = args[0]
    if len(args) > 1 and getattr(args[1], "_lv", ()):
        mask = np.zeros(tuple(x.shape), bool)
        dim = params["dim"] % x.ndim
        mask[(slice(None),) * dim + (params["index"],)] = True
        return _where_filled(mask, args[1], x, lv)
    return wrap(inner(o, [align(x, lv)] + list(args[1:]), dict(params, dim=shift(params["dim"], len(lv)))), lv)


def _along(o, args, params, inner, lv):
    """index_add, index_copy, slice_scatter, diagonal_scatter: every operand at the full batch."""
    p = dict(params)
    for key in ("dim", "dim1", "dim2"):
        if key in p:
            p[key] = shift(p[key], len(lv))
    if "source_dim" in p:
        p["source_dim"] += len(lv)
    return wrap(inner(o, [full(a, lv) if isinstance(a, Tensor) else a for a in args], p), lv)


def _scatter(o, args, params, inner, lv):
    """gather and the scatters: the index has the input's rank, so it is repeated for every example."""
    sizes = dict(active)
    lead = tuple(sizes[level] for level in lv)
    index = getattr(params["index"], "_data", params["index"])   # gather's is a tensor, the scatters' an array
    if args[0].ndim == 0:       # a 0-d input repeats (every index is 0)
        return wrap(op("clone", op("expand", align(args[0], lv, index.ndim), size=lead + index.shape)), lv)
    p = dict(params, dim=shift(params["dim"], len(lv)),
             index=np.ascontiguousarray(np.broadcast_to(index, lead + index.shape)))
    return wrap(inner(o, [full(a, lv) if isinstance(a, Tensor) else a for a in args], p), lv)


RULES = {"where": _where, "index.Tensor": _index, "index_put": _index_put, "take": _take, "put": _put,
         "masked_select": _masked_select, "masked_scatter": _masked_scatter,
         "masked_fill.Scalar": _masked_fill, "masked_fill.Tensor": _masked_fill,
         "index_fill.int_Scalar": _index_fill, "index_fill.int_Tensor": _index_fill}
RULES.update({name: _along for name in ("index_add", "index_copy", "slice_scatter", "diagonal_scatter")})
RULES.update({name: _scatter for name in ("gather", "scatter.src", "scatter.value", "scatter_add",
                                          "scatter_reduce.two")})


# -- index tensors that differ per example (x[i], gather, take inside vmap) ---------------------------

def batched_index(name: str, *args):
    """``x[i]``, ``gather`` and ``take`` with an index batched by vmap: each example's own index,
    one op over the whole batch (instrumentation.index_batching)."""
    lv = tuple(sorted({level for a in args if isinstance(a, Tensor) for level in levels_of(a)}))
    return {"index": _index_each, "gather": _gather_each, "take": _take_each}[name](*args, lv)


def _int_index(index, fn: str) -> np.ndarray:
    data = phys_of(index)._data
    if data.dtype == np.bool_ and fn == "index":
        raise RuntimeError("vmap: We do not support batching operators that can support dynamic shape. Attempting "
                           "to batch over indexing with a boolean mask.")
    if data.dtype.kind not in "iu":
        raise RuntimeError(f"Batching rule not implemented for aten::{fn} with a vmapped index of dtype "
                           f"{data.dtype}. We could not generate a fallback.")
    return data.astype(np.int64)


def _index_each(x, index, lv):
    """``x[i]`` along dim 0: an unbatched ``x`` is indexed by every example's index at once; a batched
    one is flattened so that example k's rows are offset by k * len(x)."""
    if x.ndim == 0:
        raise IndexError("invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>(m)` "
                         "in C++ to convert a 0-dim tensor to a number")
    n = x.shape[0]
    idx = _int_index(full(index, lv), "index")
    bad = (idx < -n) | (idx >= n)
    if bad.any():
        raise IndexError(f"index {int(idx[bad].ravel()[0])} is out of bounds for dimension 0 with size {n}")
    idx = idx % n
    if not levels_of(x):
        return wrap(op("index.Tensor", x, indices=(idx,)), lv)
    px = full(x, lv)
    lead = tuple(px._data.shape[:len(lv)])
    offsets = (np.arange(int(np.prod(lead))) * n).reshape(lead + (1,) * index.ndim)
    flat = px.reshape((-1,) + tuple(x.shape[1:]))
    return wrap(op("index.Tensor", flat, indices=(idx + offsets,)), lv)


def _gather_each(x, dim, index, lv):
    if x.ndim == 0:
        raise RuntimeError("Batching rule not implemented for aten::gather of a 0-d tensor with a vmapped index. "
                           "We could not generate a fallback.")
    if index.ndim != x.ndim:
        raise RuntimeError("Index tensor must have the same number of dimensions as input tensor")
    d = dim % max(x.ndim, 1)
    idx = _int_index(full(index, lv), "gather")
    size = x.shape[d]
    if ((idx < 0) | (idx >= size)).any():
        raise RuntimeError(f"index {int(idx[(idx < 0) | (idx >= size)].ravel()[0])} is out of bounds for dimension "
                           f"{d} with size {size}")
    return wrap(op("gather", full(x, lv), dim=d - x.ndim, index=idx, sparse_grad=False), lv)


def _take_each(x, index, lv):
    n = x.numel()
    idx = _int_index(full(index, lv), "take")
    bad = (idx < -n) | (idx >= n)
    if bad.any():
        raise IndexError(f"out of range: tried to access index {int(idx[bad].ravel()[0])} on a tensor of {n} "
                         f"elements.")
    lead = idx.shape[:len(lv)]
    flat = _flat(x, lv)
    out = op("gather", flat, dim=-1, index=(idx % n).reshape(lead + (-1,)), sparse_grad=False)
    return wrap(out.reshape(lead + tuple(index.shape)), lv)
