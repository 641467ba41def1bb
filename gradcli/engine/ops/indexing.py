"""Indexing: ``x[idx]`` and ``x[idx] = v`` with integer and boolean index tensors, index_put,
gather/scatter/scatter_add, index_select/index_add/index_fill, masked_fill/masked_select,
take/put.

Index tensors are constants, not inputs: records take them as params (int64 or bool
ndarrays, copied at call time), so ``next_functions`` lists only the differentiable
inputs, as torch's does, and ``_saved_index``/``_saved_indices`` show them as tensors.
An index list ``indices`` is what ``aten::index`` takes: one entry per leading dim of
the tensor, None for a whole dim, an int64 array, or a bool mask covering ``mask.ndim``
dims. Where the indexed dims land follows numpy and torch: in place when the index
entries are adjacent, first when a whole dim separates them.

Backward formulas put gradients back with ``m.index_put`` (accumulate: repeated indices
add up, ``np.add.at``) and keep ``m.nb`` leading batch dims out of the index by
prefixing None entries; ``_take``/``_put`` undo the one place where numpy moves index
dims in front of those batch dims.
"""
from __future__ import annotations

import numpy as np

from .. import dtypes, errors
from ..dispatch import call, call_inplace
from ..autograd.grad_mode import state as _mode
from ..tensor import Tensor, make, storage
from ..dims import wrap_dim
from .copy import copy_
from .registry import KEEP, defop
from .shape import call_slice, select, unsqueeze
from .samples import Sample, arr
from ..public import public

__all__ = ["gather", "scatter", "scatter_add", "index_select", "index_add", "index_fill", "index_put", "masked_fill",
           "masked_select", "take", "take_along_dim", "put"]

_INDEX_TYPES = "tensors used as indices must be long, int, byte or bool tensors"
def _defop(name, node, inputs, fwd, bwd, shown=(), **kw):
    """A record whose ndarray params named in ``shown`` read back as tensors (``_saved_index``)."""
    op = defop(name, node, inputs, fwd, bwd, promote=KEEP, **kw)
    if shown:
        base = op.node_cls

        def __getattr__(self, attr, _base=base):
            value = _base.__getattr__(self, attr)
            return _as_tensors(value) if attr[7:] in shown else value

        op.node_cls = type(node, (base,), {"__slots__": (), "__getattr__": __getattr__,
                                           "__module__": base.__module__})
    return op


def _as_tensors(value):
    if isinstance(value, np.ndarray):
        return make(value.copy())
    if isinstance(value, tuple):
        return tuple(_as_tensors(v) for v in value)
    return value


# -- index lists (aten::index's ``indices``) -------------------------------------------------------------

def np_index(indices) -> tuple:
    """The numpy subscript for an index list."""
    return tuple(slice(None) if i is None else i for i in indices)


def _positions(indices) -> list:
    return [k for k, i in enumerate(indices) if i is not None]


def _adjacent(indices) -> bool:
    pos = _positions(indices)
    return pos[-1] - pos[0] + 1 == len(pos)


def _adv_shape(indices) -> tuple:
    """The broadcast shape of the index entries (a mask counts as its nonzero count)."""
    shapes = [(int(np.count_nonzero(i)),) if i.dtype == np.bool_ else i.shape for i in indices if i is not None]
    return tuple(np.broadcast_shapes(*shapes))


def _index_shape(shape, indices) -> tuple:
    """The shape of ``x[indices]`` for an ``x`` of ``shape``."""
    shape = tuple(shape)
    before, after, d, seen = [], [], 0, False
    for i in indices:
        if i is None:
            (after if seen else before).append(shape[d])
            d += 1
        else:
            seen = True
            d += i.ndim if i.dtype == np.bool_ else 1
    adv = _adv_shape(indices)
    tail = shape[d:]
    if _adjacent(indices):
        return tuple(before) + adv + tuple(after) + tail
    return adv + tuple(before) + tuple(after) + tail


def _take(m, g, indices):
    """``g[indices]`` on the trailing dims of a gradient or tangent (batch dims stay first)."""
    nb = m.nb
    out = m.index(g, (None,) * nb + tuple(indices))
    if nb and not _adjacent(indices):
        k = len(_adv_shape(indices))
        out = m.permute(out, tuple(range(k, k + nb)) + tuple(range(k)) + tuple(range(k + nb, out.ndim)))
    return out


def _put(m, base, indices, values, accumulate):
    """``base[indices] = values`` (or ``+=``) on the trailing dims; ``values`` shaped like ``_take``'s result."""
    nb = m.nb
    if nb:
        shape = _index_shape(tuple(base.shape[nb:]), indices)
        values = m.g_expand(values, shape)
        if not _adjacent(indices):
            k = len(_adv_shape(indices))
            values = m.permute(values, tuple(range(nb, nb + k)) + tuple(range(nb)) +
                               tuple(range(nb + k, values.ndim)))
    return m.index_put(base, (None,) * nb + tuple(indices), values, accumulate)


def _kept(shape, indices):
    """A bool mask over ``shape``: False where ``indices`` write."""
    keep = np.ones(shape, np.bool_)
    keep[np_index(indices)] = False
    return keep


def _fit_values(v, shape):
    """Drop the leading size-1 dims of a value tensor that the indexing result lacks (torch allows them)."""
    extra = v.ndim - len(shape)
    if extra > 0 and all(s == 1 for s in v.shape[:extra]):
        return v.reshape(v.shape[extra:])
    return v


def index_put_np(a, v, indices, accumulate):
    out = np.array(a, copy=True)
    idx = np_index(indices)
    v = np.asarray(v)
    if v.ndim:
        v = _fit_values(v, _index_shape(a.shape, indices))
    if accumulate:
        np.add.at(out, idx, v)
    else:
        out[idx] = v
    return out


# -- records ---------------------------------------------------------------------------------------------

def _index_bwd(m, g, self_sym_sizes, indices):
    return _put(m, m.g_zeros(g, self_sym_sizes), indices, g, True)


INDEX = _defop("index.Tensor", "IndexBackward0", ("self",), lambda a, indices: a[np_index(indices)], _index_bwd,
               shown=("indices",), saves=("self_sym_sizes", "indices"),
               jvp=lambda m, t, self_sym_sizes, indices: _take(m, t[0], indices),
               samples=lambda: [
                   Sample(arr(4, 3), params={"indices": (np.array([0, 2, 0, 3]),)}, note="repeated rows"),
                   Sample(arr(3, 4), params={"indices": (None, np.array([[1, 1], [3, 0]]))}),
                   Sample(arr(3, 4), params={"indices": (np.array([0, 2, 2]), np.array([1, 1, 3]))}),
                   Sample(arr(3, 2, 4), params={"indices": (np.array([0, 2]), None, np.array([1, 1]))},
                          note="separated: index dims first"),
                   Sample(arr(3, 4), params={"indices": (arr(3, 4, seed=5) > 0,)}, note="mask"),
                   Sample(arr(2, 3, 4), params={"indices": (None, np.array([True, False, True]))})],
               rule="the gradient is added back at the indices (repeated indices accumulate), zeros elsewhere")


def _index_put_bwd(m, g, self_sym_sizes, indices, accumulate):
    gself = g if accumulate else m.where(m.const(_kept(self_sym_sizes, indices)), g, 0.0)
    return gself, _take(m, g, indices)


def _index_put_jvp(m, t, self_sym_sizes, indices, accumulate):
    ts, tv = t
    if tv is None:
        return ts if accumulate else m.where(m.const(_kept(self_sym_sizes, indices)), ts, 0.0)
    base = ts if ts is not None else m.g_zeros(tv, self_sym_sizes)
    shape = _index_shape(self_sym_sizes, indices)
    tail = tuple(tv.shape[m.nb:])
    while len(tail) > len(shape) and tail[0] == 1:  # forward mode may pad a low-rank tangent with 1s
        tail = tail[1:]
    return _put(m, base, indices, m.g_expand(m.g_reshape(tv, tail), shape), accumulate)


INDEX_PUT = _defop("index_put", "IndexPutBackward0", ("self", "values"), index_put_np, _index_put_bwd,
                   shown=("indices",), saves=("self_sym_sizes", "indices", "accumulate"), jvp=_index_put_jvp,
                   samples=lambda: [
                       Sample(arr(4, 3), arr(2, 3, seed=2), params={"indices": (np.array([3, 1]),), "accumulate": False}),
                       Sample(arr(4, 3), arr(3, seed=2), params={"indices": (np.array([0, 2, 0]),), "accumulate": True},
                              note="repeated rows accumulate; values broadcast"),
                       Sample(arr(3, 2, 4), arr(2, 2, seed=3),
                              params={"indices": (np.array([0, 2]), None, np.array([1, 3])), "accumulate": False},
                              note="separated index dims"),
                       Sample(arr(3, 4), arr(seed=4), params={"indices": (arr(3, 4, seed=5) > 0,), "accumulate": False},
                              note="mask, 0-d value")],
                   rule="d/dself = g with the written positions zeroed (all of g if accumulate), "
                        "d/dvalues = g at the indices")


# the accumulating index_put that backward formulas record (torch's index backward shows this node)
INDEX_PUT_IMPL = _defop("_index_put_impl_", "IndexPutImplBackward0", ("self", "values"), index_put_np, _index_put_bwd,
                        shown=("indices",), saves=("self_sym_sizes", "indices", "accumulate"), jvp=_index_put_jvp,
                        samples=lambda: [Sample(arr(4, 3), arr(3, 3, seed=2),
                                                params={"indices": (np.array([0, 2, 0]),), "accumulate": True})],
                        rule="as index_put")


def _gather_index(a_shape, dim, index):
    idx = list(np.indices(index.shape, sparse=True))
    idx[dim] = index
    return tuple(idx)


def gather_np(a, dim, index):
    """torch.gather on ndarrays: ``index`` may be smaller than ``a`` in every dim (a 0-d ``a`` repeats)."""
    if a.ndim == 0:
        return np.broadcast_to(a, index.shape).copy()
    return a[_gather_index(a.shape, dim, index)]


def _lead_index(m, g, index):
    """``index`` broadcast over the batch dims of ``g`` (gather/scatter indices address every dim)."""
    return np.broadcast_to(index, tuple(g.shape[:m.nb]) + index.shape) if m.nb else index


def _gather_bwd(m, g, self, dim, index, sparse_grad):
    if self.ndim == 0:
        return _sum_tail(m, g)
    return m.scatter_add(m.g_zeros(g, tuple(self.shape)), dim, _lead_index(m, g, index), g)


GATHER = _defop("gather", "GatherBackward0", ("self",), lambda a, dim, index, sparse_grad: gather_np(a, dim, index),
                _gather_bwd, shown=("index",), saves=("self", "dim", "index", "sparse_grad"),
                jvp=lambda m, t, self, dim, index, sparse_grad: m.g_expand(t[0], index.shape) if self.ndim == 0 else
                m.gather(t[0], dim, _lead_index(m, t[0], index)),
                samples=lambda: [
                    Sample(arr(3, 4), params={"dim": -1, "index": np.array([[0, 0], [3, 1], [2, 2]]),
                                              "sparse_grad": False}, note="repeated indices"),
                    Sample(arr(3, 4), params={"dim": -2, "index": np.array([[2, 0, 2]]), "sparse_grad": False},
                           note="index smaller than self"),
                    Sample(arr(), params={"dim": -1, "index": np.array([0, 0]), "sparse_grad": False}, note="0-d")],
                rule="scatter_add the gradient back along dim (repeated indices accumulate)")


def _scatter_fwd(a, src, dim, index):
    out = a.copy()
    out[_gather_index(a.shape, dim, index)] = src[tuple(slice(0, s) for s in index.shape)]
    return out


def _scatter_value_fwd(a, dim, index, value):
    out = a.copy()
    out[_gather_index(a.shape, dim, index)] = value
    return out


def _scatter_add_fwd(a, src, dim, index):
    out = a.copy()
    np.add.at(out, _gather_index(a.shape, dim, index), src[tuple(slice(0, s) for s in index.shape)])
    return out


def _scatter_kept(m, g, dim, index):
    """Where a scatter did not write, over the unbatched shape of ``g``."""
    keep = np.ones(tuple(g.shape[m.nb:]), np.bool_)
    keep[_gather_index(keep.shape, dim, index)] = False
    return m.const(keep)


def _scatter_jvp(m, t, dim, index, self_sym_sizes):
    ts, tsrc = t
    base = ts if ts is not None else m.g_zeros(tsrc, self_sym_sizes)
    keep = np.ones(tuple(self_sym_sizes), np.bool_)
    keep[_gather_index(keep.shape, dim, index)] = False
    base = m.where(m.const(keep), base, 0.0)
    return base if tsrc is None else m.scatter_add(base, dim, _lead_index(m, tsrc, index), tsrc)


SCATTER = _defop("scatter.src", "ScatterBackward0", ("self", "src"), _scatter_fwd,
                 lambda m, g, dim, index, self_sym_sizes: (m.where(_scatter_kept(m, g, dim, index), g, 0.0),
                                           m.gather(g, dim, _lead_index(m, g, index))),
                 shown=("index",), saves=("dim", "index", "self_sym_sizes"), jvp=_scatter_jvp,
                 samples=lambda: [Sample(arr(3, 4), arr(3, 2, seed=2),
                                         params={"dim": -1, "index": np.array([[0, 3], [1, 2], [2, 0]])}),
                                  Sample(arr(3, 4), arr(1, 4, seed=3), params={"dim": -2, "index": np.array([[2, 0, 1, 2]])})],
                 rule="d/dself = g where nothing was written, d/dsrc = g gathered at the index")
SCATTER_VALUE = _defop("scatter.value", "ScatterBackward1", ("self",), _scatter_value_fwd,
                       lambda m, g, dim, index: m.where(_scatter_kept(m, g, dim, index), g, 0.0),
                       shown=("index",), saves=("dim", "index"),
                       jvp=lambda m, t, dim, index: m.where(_scatter_kept(m, t[0], dim, index), t[0], 0.0),
                       samples=lambda: [Sample(arr(3, 4), params={"dim": -1, "index": np.array([[0, 0], [3, 1]]),
                                                                  "value": 2.5})],
                       rule="g where nothing was written, 0 where the value was")


def _scatter_add_jvp(m, t, dim, index, self_sym_sizes):
    ts, tsrc = t
    if tsrc is None:
        return ts
    base = ts if ts is not None else m.g_zeros(tsrc, self_sym_sizes)
    return m.scatter_add(base, dim, _lead_index(m, tsrc, index), tsrc)


SCATTER_ADD = _defop("scatter_add", "ScatterAddBackward0", ("self", "src"), _scatter_add_fwd,
                     lambda m, g, dim, index, self_sym_sizes: (g, m.gather(g, dim, _lead_index(m, g, index))),
                     shown=("index",), saves=("dim", "index", "self_sym_sizes"), jvp=_scatter_add_jvp,
                     samples=lambda: [Sample(arr(3, 4), arr(3, 2, seed=2),
                                             params={"dim": -1, "index": np.array([[0, 0], [1, 3], [2, 2]])},
                                             note="repeated indices")],
                     rule="d/dself = g, d/dsrc = g gathered at the index")


def _dim_indices(ndim, dim, index) -> tuple:
    """An index list that applies ``index`` to negative ``dim`` of an ``ndim``-d value."""
    return (None,) * (ndim + dim) + (index,)


def _index_select_bwd(m, g, dim, index, self_sym_sizes):
    if not self_sym_sizes:
        return g
    zeros = m.g_zeros(g, self_sym_sizes)
    return m.index_put(zeros, _dim_indices(zeros.ndim, dim, index), g, True)


INDEX_SELECT = _defop("index_select", "IndexSelectBackward0", ("self",),
                      lambda a, dim, index: np.take(a, index, axis=dim) if a.ndim else a.copy(), _index_select_bwd,
                      shown=("index",), saves=("dim", "index", "self_sym_sizes"),
                      jvp=lambda m, t, dim, index, self_sym_sizes:
                      m.index(t[0], _dim_indices(t[0].ndim, dim, index)) if self_sym_sizes else t[0],
                      samples=lambda: [Sample(arr(3, 4), params={"dim": -1, "index": np.array([3, 0, 3])}),
                                       Sample(arr(3, 4), params={"dim": -2, "index": np.array([1, 1])})],
                      rule="the gradient is added back at the selected indices along dim")


def _index_add_fwd(a, src, dim, index, alpha, source_dim):
    out = a.copy()
    np.add.at(out, np_index(_dim_indices(a.ndim, dim, index)), src * alpha if alpha != 1 else src)
    return out


def _index_add_bwd(m, g, dim, index, source, alpha, source_dim, self_sym_sizes):
    gs = m.index(g, _dim_indices(g.ndim, dim, index))
    return g, gs * alpha if alpha != 1 else gs


def _index_add_jvp(m, t, dim, index, source, alpha, source_dim, self_sym_sizes):
    ts, tsrc = t
    if tsrc is None:
        return ts
    base = ts if ts is not None else m.g_zeros(tsrc, self_sym_sizes)
    return m.index_put(base, _dim_indices(base.ndim, dim, index), tsrc * alpha if alpha != 1 else tsrc, True)


INDEX_ADD = _defop("index_add", "IndexAddBackward0", ("self", "source"), _index_add_fwd, _index_add_bwd,
                   shown=("index",), saves=("dim", "index", "source", "alpha", "source_dim", "self_sym_sizes"), jvp=_index_add_jvp,
                   samples=lambda: [Sample(arr(3, 4), arr(3, 2, seed=2),
                                           params={"dim": -1, "index": np.array([1, 1]), "alpha": 1, "source_dim": 2},
                                           note="repeated indices"),
                                    Sample(arr(3, 4), arr(2, 4, seed=3),
                                           params={"dim": -2, "index": np.array([2, 0]), "alpha": -1.5,
                                                   "source_dim": 2})],
                   rule="d/dself = g, d/dsource = alpha * g selected at the index along dim")


def _index_fill_fwd(a, dim, index, value):
    out = a.copy()
    out[np_index(_dim_indices(a.ndim, dim, index))] = value
    return out


def _filled(m, g, dim, index):
    """Where index_fill wrote, over the unbatched shape of ``g``."""
    mask = np.zeros(tuple(g.shape[m.nb:]), np.bool_)
    mask[np_index(_dim_indices(mask.ndim, dim, index))] = True
    return m.const(mask)


INDEX_FILL = _defop("index_fill.int_Scalar", "IndexFillBackward0", ("self",), _index_fill_fwd,
                    lambda m, g, dim, index: m.where(_filled(m, g, dim, index), 0.0, g),
                    shown=("index",), saves=("dim", "index"),
                    jvp=lambda m, t, dim, index: m.where(_filled(m, t[0], dim, index), 0.0, t[0]),
                    samples=lambda: [Sample(arr(3, 4), params={"dim": -1, "index": np.array([1, 1, 3]), "value": 0.5})],
                    rule="g, zeroed where the value was written")


def _sum_tail(m, x):
    """Sum over the unbatched dims (the gradient of a 0-d input)."""
    dims = tuple(range(m.nb, x.ndim))
    return m.sum(x, dims, False) if dims else x


def _index_fill_t_jvp(m, t, dim, index, self_sym_sizes):
    ts, tv = t
    filled = np.zeros(tuple(self_sym_sizes), np.bool_)
    filled[np_index(_dim_indices(filled.ndim, dim, index))] = True
    if tv is None:
        return m.where(m.const(filled), 0.0, ts)
    base = ts if ts is not None else m.g_zeros(tv, self_sym_sizes)
    return m.where(m.const(filled), m.g_reshape(tv, (1,) * len(self_sym_sizes)), base)


INDEX_FILL_T = _defop("index_fill.int_Tensor", "IndexFillBackward1", ("self", "value"),
                      lambda a, v, dim, index: _index_fill_fwd(a, dim, index, v),
                      lambda m, g, dim, index, self_sym_sizes: (
                          m.where(_filled(m, g, dim, index), 0.0, g),
                          _sum_tail(m, m.where(_filled(m, g, dim, index), g, 0.0))),
                      shown=("index",), saves=("dim", "index", "self_sym_sizes"), jvp=_index_fill_t_jvp,
                      samples=lambda: [Sample(arr(3, 4), arr(seed=2), params={"dim": -2, "index": np.array([0, 2, 0])})],
                      rule="d/dself = g zeroed where filled, d/dvalue = sum of g where filled")


def _masked_fill_fwd(a, mask, value):
    return np.where(mask, np.asarray(value).astype(a.dtype), a)


MASKED_FILL = _defop("masked_fill.Scalar", "MaskedFillBackward0", ("self",), _masked_fill_fwd,
                     lambda m, g, mask: m.where(m.const(mask), 0.0, g), shown=("mask",), saves=("mask",),
                     jvp=lambda m, t, mask: m.where(m.const(mask), 0.0, _lift(m, t[0], mask.ndim)),
                     samples=lambda: [Sample(arr(3, 4), params={"mask": arr(3, 4, seed=5) > 0, "value": 1.5}),
                                      Sample(arr(4), params={"mask": arr(3, 4, seed=6) > 0, "value": -1.0},
                                             note="mask broadcasts self")],
                     rule="g where the mask is False, 0 where it is True")


def _lift(m, t, ndim):
    """A tangent with 1s after its batch dims up to ``ndim`` trailing dims (it broadcasts against a mask)."""
    tail = tuple(t.shape[m.nb:])
    return m.g_reshape(t, (1,) * (ndim - len(tail)) + tail) if len(tail) < ndim else t


def _masked_fill_t_jvp(m, t, mask):
    ts, tv = t
    ts = None if ts is None else _lift(m, ts, mask.ndim)
    if tv is None:
        return m.where(m.const(mask), 0.0, ts)
    ndim = max(mask.ndim, 0 if ts is None else ts.ndim - m.nb)
    return m.where(m.const(mask), m.g_reshape(tv, (1,) * ndim), 0.0 if ts is None else ts)


MASKED_FILL_T = _defop("masked_fill.Tensor", "MaskedFillBackward1", ("self", "value"),
                       lambda a, v, mask: _masked_fill_fwd(a, mask, v),
                       lambda m, g, mask: (m.where(m.const(mask), 0.0, g),
                                           _sum_tail(m, m.where(m.const(mask), g, 0.0))),
                       shown=("mask",), saves=("mask",), jvp=_masked_fill_t_jvp,
                       samples=lambda: [Sample(arr(3, 4), arr(seed=2), params={"mask": arr(3, 4, seed=5) > 0})],
                       rule="d/dself = g where the mask is False, d/dvalue = sum of g where it is True")


def _masked_select_fwd(a, mask):
    shape = np.broadcast_shapes(a.shape, mask.shape)
    return np.broadcast_to(a, shape)[np.broadcast_to(mask, shape)]


def _masked_select_bwd(m, g, mask, self):
    shape = np.broadcast_shapes(tuple(self.shape), mask.shape)
    return _put(m, m.g_zeros(g, shape), (np.broadcast_to(mask, shape),), g, False)


def _masked_select_jvp(m, t, mask, self):
    shape = np.broadcast_shapes(tuple(self.shape), mask.shape)
    return _take(m, m.g_expand(t[0], shape), (np.broadcast_to(mask, shape),))


MASKED_SELECT = _defop("masked_select", "MaskedSelectBackward0", ("self",), _masked_select_fwd, _masked_select_bwd,
                       shown=("mask",), saves=("mask", "self"), jvp=_masked_select_jvp,
                       samples=lambda: [Sample(arr(3, 4), params={"mask": arr(3, 4, seed=5) > 0}),
                                        Sample(arr(4), params={"mask": arr(2, 4, seed=6) > 0},
                                               note="self broadcast: gradients add up")],
                       rule="the gradient goes back to the selected positions, zeros elsewhere")


def _take_bwd(m, g, self, index):
    n = int(np.prod(self.shape))
    flat = _put(m, m.g_zeros(g, (n,)), (index,), g, True)
    return m.g_reshape(flat, tuple(self.shape))


TAKE = _defop("take", "TakeBackward0", ("self",), lambda a, index: a.reshape(-1)[index], _take_bwd,
              shown=("index",), saves=("self", "index"),
              jvp=lambda m, t, self, index: _take(m, m.g_reshape(t[0], (int(np.prod(self.shape)),)), (index,)),
              samples=lambda: [Sample(arr(3, 4), params={"index": np.array([[0, 11], [-1, 5]])},
                                      note="-1 and 11 are the same element")],
              rule="the gradient is added back at the flat indices")


def _put_fwd(a, src, index, accumulate):
    out = a.copy()
    flat = out.reshape(-1)
    if accumulate:
        np.add.at(flat, index.reshape(-1), src.reshape(-1))
    else:
        flat[index.reshape(-1)] = src.reshape(-1)
    return out


def _put_bwd(m, g, index, source, accumulate, self_sym_sizes):
    shape = tuple(g.shape[m.nb:])
    n = int(np.prod(shape))
    if accumulate:
        gself = g
    else:
        keep = np.ones(n, np.bool_)
        keep[index.reshape(-1)] = False
        gself = m.where(m.const(keep.reshape(shape)), g, 0.0)
    gsrc = _take(m, m.g_reshape(g, (n,)), (index.reshape(-1),))
    return gself, m.g_reshape(gsrc, tuple(source.shape))


def _put_jvp(m, t, index, source, accumulate, self_sym_sizes):
    ts, tsrc = t
    n = int(np.prod(self_sym_sizes))
    flat = m.g_reshape(ts, (n,)) if ts is not None else m.g_zeros(tsrc, (n,))
    if not accumulate:
        keep = np.ones(n, np.bool_)
        keep[index.reshape(-1)] = False
        flat = m.where(m.const(keep), flat, 0.0)
    if tsrc is not None:
        flat = _put(m, flat, (index.reshape(-1),), m.g_reshape(tsrc, (index.size,)), accumulate)
    return m.g_reshape(flat, tuple(self_sym_sizes))


PUT = _defop("put", "PutBackward0", ("self", "source"), _put_fwd, _put_bwd, shown=("index",),
             saves=("index", "source", "accumulate", "self_sym_sizes"), jvp=_put_jvp,
             samples=lambda: [Sample(arr(3, 4), arr(3, seed=2), params={"index": np.array([0, -1, 5]), "accumulate": False}),
                              Sample(arr(3, 4), arr(2, 2, seed=3),
                                     params={"index": np.array([[0, 0], [7, 0]]), "accumulate": True},
                                     note="repeated indices accumulate")],
             rule="d/dself = g, zeroed where written unless accumulate; d/dsource = g at the flat indices")


# -- argument checks --------------------------------------------------------------------------------------

def _dim(dim, ndim) -> int:
    return wrap_dim(dim, ndim)


def _tensor_arg(x, fn, name, pos):
    if not isinstance(x, Tensor):
        raise TypeError(f"{fn}(): argument '{name}' (position {pos}) must be Tensor, not {type(x).__name__}")
    return x


def _index_data(index, fn, pos, kinds="il", name="index"):
    """An index argument as an int64 ndarray copy (tensors, or ndarrays from the backward vocabulary)."""
    a = index._data if isinstance(index, Tensor) else index
    if not isinstance(a, np.ndarray):
        raise TypeError(f"{fn}(): argument '{name}' (position {pos}) must be Tensor, not {type(index).__name__}")
    if not (a.dtype == np.int64 or (a.dtype == np.int32 and "i" in kinds)):
        return None
    return np.array(a, dtype=np.int64)


def _check_bounds(index, size, dim, exc=errors.AutogradError):
    bad = (index < 0) | (index >= size)
    if bad.any():
        raise exc(f"index {int(index.reshape(-1)[np.argmax(bad.reshape(-1))])} is out of bounds for dimension {dim} "
                  f"with size {size}")


def _dtype_name(a) -> str:
    return dtypes.scalar_type_name(a.dtype)


def _check_scatter_shapes(self, dim, index, src, fn):
    nd = self.ndim
    if nd == 0:
        raise errors.ShapeError("gradcli does not scatter into 0-d tensors")
    if index.ndim != nd:
        raise errors.ShapeError(f"Index tensor must have the same number of dimensions as {fn} tensor")
    if src is not None and index.ndim != src.ndim:
        raise errors.ShapeError("Index tensor must have the same number of dimensions as src tensor")
    d = dim % nd
    for k in range(index.ndim):
        too_big = (k != d and index.shape[k] > self.shape[k]) or (src is not None and index.shape[k] > src.shape[k])
        if too_big:
            what = f"Expected index {list(index.shape)} to be no larger than self {list(self.shape)} apart from " \
                   f"dimension {d}"
            if src is not None:
                what += f" and to be no larger size than src {list(src.shape)}"
            raise errors.ShapeError(what)


# -- public functions ---------------------------------------------------------------------------------------

@public()
def gather(input, dim, index, *, sparse_grad=False):
    """torch.gather: ``out[i][j] = input[i][index[i][j]]`` along ``dim`` (GatherBackward0)."""
    input = _tensor_arg(input, "gather", "input", 1)
    idx = _index_data(index, "gather", 3)
    if idx is None:
        raise errors.DTypeError("gather(): Expected dtype int32/int64 for index")
    d = _dim(dim, input.ndim)
    if input.ndim == 0 and idx.ndim <= 1:
        _check_bounds(idx, 1, 0)
        return call(GATHER, (input,), {"dim": d, "index": idx, "sparse_grad": bool(sparse_grad)})
    if idx.ndim != input.ndim:
        raise errors.ShapeError("Index tensor must have the same number of dimensions as input tensor")
    for k in range(idx.ndim):
        if k != d % input.ndim and idx.shape[k] > input.shape[k]:
            raise errors.ShapeError(f"Size does not match at dimension {k} expected index {list(idx.shape)} to be no "
                                    f"larger than self {list(input.shape)} apart from dimension {d % input.ndim}")
    _check_bounds(idx, input.shape[d], d % input.ndim)
    return call(GATHER, (input,), {"dim": d, "index": idx, "sparse_grad": bool(sparse_grad)})


@public()
def take_along_dim(input, indices, dim=None):
    """torch.take_along_dim: gather after broadcasting ``input`` and ``indices`` (flattened when dim is None)."""
    if dim is None:
        return gather(input.reshape(-1), 0, indices.reshape(-1))
    if input.ndim != indices.ndim:
        raise errors.ShapeError(f"torch.take_along_dim(): input and indices should have the same number of "
                                f"dimensions, but got {input.ndim} dimensions for input, and {indices.ndim} "
                                f"dimensions for indices")
    d = _dim(dim, input.ndim) % input.ndim
    ishape, xshape = list(indices.shape), list(input.shape)
    ishape[d] = xshape[d] = 1
    try:
        shape = list(np.broadcast_shapes(tuple(xshape), tuple(ishape)))
    except ValueError:
        _broadcast_error(xshape, ishape)
    xs, js = shape.copy(), shape.copy()
    xs[d], js[d] = input.shape[d], indices.shape[d]
    if tuple(xs) != tuple(input.shape):
        input = input.expand(xs)
    if tuple(js) != tuple(indices.shape):
        indices = indices.expand(js)
    return gather(input, d, indices)


def _scatter_args(input, dim, index, src, fn):
    input = _tensor_arg(input, fn, "input", 1)
    idx = _index_data(index, fn, 3)
    if idx is None:
        raise errors.DTypeError(f"{fn}(): Expected dtype int32/int64 for index")
    d = _dim(dim, input.ndim)
    _check_scatter_shapes(input, d, idx, src, "self")
    if src is not None and src._data.dtype != input._data.dtype:
        raise errors.DTypeError(f"{fn}(): Expected self.dtype to be equal to src.dtype")
    _check_bounds(idx, input.shape[d], d % input.ndim)
    return input, d, idx


def _scatter_call(input, dim, index, src, value, reduce, inplace):
    if reduce is not None:
        return _scatter_reduce(input, dim, index, src, value, reduce, inplace)
    if src is None and value is None:
        raise TypeError("scatter() missing 1 required positional argument: 'src' or 'value'")
    if isinstance(src, Tensor):
        input, d, idx = _scatter_args(input, dim, index, src, "scatter")
        args, op, params = (input, src), SCATTER, {"dim": d, "index": idx}
    else:
        value = src if src is not None else value
        input, d, idx = _scatter_args(input, dim, index, None, "scatter")
        args, op, params = (input,), SCATTER_VALUE, {"dim": d, "index": idx, "value": value}
    return call_inplace(op, input, args, params) if inplace else call(op, args, params)


def _scatter_reduce(input, dim, index, src, value, reduce, inplace):
    """scatter with reduce='add'/'multiply': torch has no derivative for it; neither do we."""
    if reduce not in ("add", "multiply"):
        raise errors.AutogradError("reduce argument must be either add or multiply.")
    src_t = src if isinstance(src, Tensor) else None
    input, d, idx = _scatter_args(input, dim, index, src_t, "scatter")
    vals = src_t._data[tuple(slice(0, s) for s in idx.shape)] if src_t is not None else \
        np.full(idx.shape, src if src is not None else value, input._data.dtype)
    out = input._data.copy()
    (np.add if reduce == "add" else np.multiply).at(out, _gather_index(out.shape, d, idx), vals)
    if _mode.grad and (input.requires_grad or (src_t is not None and src_t.requires_grad)):
        raise errors.AutogradError("derivative for aten::scatter is not implemented")
    if inplace:
        storage(input)[...] = out
        if input._vc is not None:
            input._vc[0] += 1
        return input
    return make(out)


@public()
def scatter(input, dim, index, src=None, *, value=None, reduce=None):
    """torch.scatter: write ``src`` (or a number) into ``input`` at ``index`` along ``dim``."""
    return _scatter_call(input, dim, index, src, value, reduce, False)


def scatter_(self, dim, index, src=None, *, value=None, reduce=None):
    return _scatter_call(self, dim, index, src, value, reduce, True)


@public()
def scatter_add(input, dim, index, src):
    """torch.scatter_add: add ``src`` into ``input`` at ``index`` along ``dim``; repeats accumulate."""
    if not isinstance(src, Tensor):
        raise TypeError(f"scatter_add(): argument 'src' (position 4) must be Tensor, not {type(src).__name__}")
    input, d, idx = _scatter_args(input, dim, index, src, "scatter_add")
    return call(SCATTER_ADD, (input, src), {"dim": d, "index": idx})


def scatter_add_(self, dim, index, src):
    if not isinstance(src, Tensor):
        raise TypeError(f"scatter_add_(): argument 'src' (position 3) must be Tensor, not {type(src).__name__}")
    self, d, idx = _scatter_args(self, dim, index, src, "scatter_add")
    return call_inplace(SCATTER_ADD, self, (self, src), {"dim": d, "index": idx})


@public()
def index_select(input, dim, index):
    """torch.index_select: whole slices along ``dim`` at ``index`` (IndexSelectBackward0)."""
    input = _tensor_arg(input, "index_select", "input", 1)
    idx = _index_data(index, "index_select", 3)
    if idx is None:
        raise errors.DTypeError("index_select(): Expected dtype int32 or int64 for index")
    if idx.ndim > 1:
        raise IndexError("index_select(): Index is supposed to be a vector")
    d = _dim(dim, input.ndim)
    idx = idx.reshape(-1)
    if input.ndim == 0 and idx.size != 1:
        raise errors.ShapeError(f"index_select(): Index to scalar can have only 1 value, got {idx.size} value(s)")
    n = input.shape[d] if input.ndim else 1
    bad = (idx < 0) | (idx >= n)
    if bad.any():
        raise errors.AutogradError(f"INDICES element is out of DATA bounds, id={int(idx[np.argmax(bad)])} "
                                   f"axis_dim={n}")
    return call(INDEX_SELECT, (input,), {"dim": d, "index": idx})


def _index_add_args(self, dim, index, source, fn):
    self = _tensor_arg(self, fn, "input", 1)
    source = _tensor_arg(source, fn, "source", 4)
    idx = _index_data(index, fn, 3)
    if idx is None:
        raise errors.DTypeError("index_add_(): Expected dtype int32/int64 for index")
    if idx.ndim > 1:
        raise IndexError(f"index_add_(): Index is supposed to be a vector, but got dim: {idx.ndim} with type: "
                         f"{_dtype_name(idx)} and size: {list(idx.shape)}")
    if self.ndim == 0:
        raise IndexError("Dimension specified as 0 but tensor has no dimensions")
    d = _dim(dim, self.ndim)
    idx = idx.reshape(-1)
    if source._data.dtype != self._data.dtype:
        raise errors.DTypeError(f"index_add_(): self ({_dtype_name(self._data)}) and source "
                                f"({_dtype_name(source._data)}) must have the same scalar type")
    pd = d % self.ndim
    if source.ndim != self.ndim or any(a != b for k, (a, b) in enumerate(zip(source.shape, self.shape)) if k != pd):
        raise errors.ShapeError(f"source tensor shape must match self tensor shape, excluding the specified "
                                f"dimension. Got self.shape = {list(self.shape)} source.shape = {list(source.shape)}")
    if source.shape[pd] != len(idx):
        raise errors.ShapeError(f"index_add_(): Number of indices ({len(idx)}) should be equal to source.size(dim): "
                                f"({source.shape[pd]}), for dim: {pd}")
    _check_bounds(idx, self.shape[d], pd)
    return self, source, {"dim": d, "index": idx, "alpha": 1, "source_dim": source.ndim}


@public()
def index_add(input, dim, index, source, *, alpha=1):
    """torch.index_add: ``input`` plus ``alpha * source`` added at ``index`` along ``dim``; repeats accumulate."""
    input, source, params = _index_add_args(input, dim, index, source, "index_add")
    params["alpha"] = alpha
    return call(INDEX_ADD, (input, source), params)


def index_add_(self, dim, index, source, *, alpha=1):
    self, source, params = _index_add_args(self, dim, index, source, "index_add_")
    params["alpha"] = alpha
    return call_inplace(INDEX_ADD, self, (self, source), params)


def _index_fill_args(self, dim, index, value):
    idx = _index_data(index, "index_fill", 3, kinds="l")
    if idx is None:
        raise IndexError("index_fill_(): Expected dtype int64 for index.")
    if idx.ndim > 1:
        raise errors.ShapeError("Index has to be a vector/scalar")
    d = _dim(dim, self.ndim)
    idx = idx.reshape(-1)
    n = self.shape[d]
    _check_bounds(np.where(idx < 0, idx + n, idx) if (idx >= -n).all() else idx, n, d % self.ndim, IndexError)
    idx = np.where(idx < 0, idx + n, idx)
    if isinstance(value, Tensor):
        if value.ndim:
            raise errors.ShapeError(f"index_fill_ only supports a 0-dimensional value tensor, but got tensor with "
                                    f"{value.ndim} dimension(s).")
        return INDEX_FILL_T, (self, value), {"dim": d, "index": idx}
    return INDEX_FILL, (self,), {"dim": d, "index": idx, "value": value}


@public()
def index_fill(input, dim, index, value):
    """torch.index_fill: ``value`` written into whole slices along ``dim`` at ``index``."""
    op, args, params = _index_fill_args(_tensor_arg(input, "index_fill", "input", 1), dim, index, value)
    return call(op, args, params)


def index_fill_(self, dim, index, value):
    op, args, params = _index_fill_args(self, dim, index, value)
    return call_inplace(op, self, args, params)


def _mask_arg(mask, fn):
    if not isinstance(mask, Tensor):
        raise TypeError(f"{fn}() received an invalid combination of arguments - got "
                        f"(Tensor, {type(mask).__name__}, ...)")
    return mask._data


def _masked_fill_args(self, mask, value):
    m = _mask_arg(mask, "masked_fill")
    if m.dtype != np.bool_:
        raise errors.DTypeError(f"masked_fill_ only supports boolean masks, but got mask with dtype "
                                f"{dtypes.c_type_name(m.dtype)}")
    try:
        np.broadcast_shapes(self._data.shape, m.shape)
    except ValueError:
        _broadcast_error(m.shape, self._data.shape)
    m = m.copy()
    if isinstance(value, Tensor):
        if value.ndim:
            raise errors.ShapeError(f"masked_fill_ only supports a 0-dimensional value tensor, but got tensor with "
                                    f"{value.ndim} dimension(s).")
        return MASKED_FILL_T, (self, value), {"mask": m}
    return MASKED_FILL, (self,), {"mask": m, "value": value}


def _broadcast_error(a, b):
    a, b = tuple(a), tuple(b)
    for k in range(1, max(len(a), len(b)) + 1):
        x = a[-k] if k <= len(a) else 1
        y = b[-k] if k <= len(b) else 1
        if x != y and x != 1 and y != 1:
            raise errors.ShapeError(f"The size of tensor a ({x}) must match the size of tensor b ({y}) at "
                                    f"non-singleton dimension {max(len(a), len(b)) - k}")


@public()
def masked_fill(input, mask, value):
    """torch.masked_fill: ``value`` where ``mask`` is True (MaskedFillBackward0, or 1 for a tensor value)."""
    op, args, params = _masked_fill_args(_tensor_arg(input, "masked_fill", "input", 1), mask, value)
    return call(op, args, params)


def masked_fill_(self, mask, value):
    op, args, params = _masked_fill_args(self, mask, value)
    return call_inplace(op, self, args, params)


@public()
def masked_select(input, mask):
    """torch.masked_select: the elements where ``mask`` (broadcast with ``input``) is True, as a 1-d tensor."""
    input = _tensor_arg(input, "masked_select", "input", 1)
    m = _mask_arg(mask, "masked_select")
    if m.dtype != np.bool_:
        raise errors.DTypeError("masked_select: expected BoolTensor for mask")
    try:
        np.broadcast_shapes(input._data.shape, m.shape)
    except ValueError:
        _broadcast_error(m.shape, input._data.shape)
    return call(MASKED_SELECT, (input,), {"mask": m.copy()})


def _flat_index(index, fn, numel):
    idx = _index_data(index, fn, 2, kinds="l")
    if idx is None:
        a = index._data if isinstance(index, Tensor) else index
        raise errors.DTypeError(f"{fn}(): Expected a long tensor for index, but got {_dtype_name(a)}")
    bad = (idx < -numel) | (idx >= numel)
    if bad.any():
        raise IndexError(f"out of range: tried to access index {int(idx.reshape(-1)[np.argmax(bad.reshape(-1))])} "
                         f"on a tensor of {numel} elements.")
    return np.where(idx < 0, idx + numel, idx)


@public()
def take(input, index):
    """torch.take: elements of the flattened ``input`` at ``index`` (negative counts from the end)."""
    input = _tensor_arg(input, "take", "input", 1)
    return call(TAKE, (input,), {"index": _flat_index(index, "take", input.numel())})


def _put_args(self, index, source, accumulate):
    source = _tensor_arg(source, "put_", "source", 2)
    if source._data.dtype != self._data.dtype:
        raise errors.DTypeError(f"put_(): self and source expected to have the same dtype, but got self.dtype = "
                                f"{_dtype_name(self._data)} and source.dtype = {_dtype_name(source._data)}")
    idx = _flat_index(index, "put_", self.numel())
    if idx.size != source.numel():
        raise IndexError(f"put_(): Expected source and index to have the same number of elements, but got "
                         f"source.numel() = {source.numel()}, index.numel() = {idx.size}")
    return (self, source), {"index": idx, "accumulate": bool(accumulate)}


@public()
def put(input, index, source, accumulate=False):
    """torch.put: ``source`` written (or added) into the flattened ``input`` at ``index``."""
    args, params = _put_args(_tensor_arg(input, "put", "input", 1), index, source, accumulate)
    return call(PUT, args, params)


def put_(self, index, source, accumulate=False):
    args, params = _put_args(self, index, source, accumulate)
    return call_inplace(PUT, self, args, params)


# -- x[idx] and x[idx] = v ---------------------------------------------------------------------------------

def _seq_as_tuple(seq) -> bool:
    """torch's (and old numpy's) rule: a list holding a sequence, tensor, slice, None or ... is a tuple."""
    return len(seq) < 32 and any(isinstance(k, (list, tuple, Tensor, slice)) or k is None or k is Ellipsis
                                 for k in seq)


def _as_index_array(k) -> np.ndarray:
    """A list, ndarray or tensor used as an index, as an int64 or bool ndarray (copied)."""
    if isinstance(k, Tensor):
        a = k._data
    else:
        a = np.asarray(k)
        if a.size == 0 and a.dtype.kind == "f":
            a = a.astype(np.int64)
    if a.dtype == np.bool_ or a.dtype == np.uint8 and isinstance(k, Tensor):
        return np.array(a, dtype=np.bool_)
    if a.dtype not in (np.int64, np.int32) and not (a.dtype.kind in "iu" and not isinstance(k, Tensor)):
        raise IndexError(_INDEX_TYPES)
    return np.array(a, dtype=np.int64)


def _split(t: Tensor, items):
    """Apply the basic parts of a subscript in order (views, as torch does) and collect the tensor parts
    into an index list for the view."""
    out, dim, found = t, 0, {}
    for k in items:
        if k is None:
            out = unsqueeze(out, dim)
            dim += 1
        elif isinstance(k, (bool, np.bool_)) or (isinstance(k, Tensor) and k.ndim == 0 and k._data.dtype == np.bool_):
            out = unsqueeze(out, dim)
            found[dim] = np.array([bool(k._data if isinstance(k, Tensor) else k)])
            dim += 1
        elif isinstance(k, slice):
            n = out.shape[dim]
            start, stop, step = k.indices(n)
            if step <= 0:
                raise ValueError("step must be greater than zero")
            if not (start == 0 and stop >= n and step == 1):
                out = call_slice(out, dim, start, max(stop, start), step)
            dim += 1
        elif isinstance(k, (int, np.integer)) or (isinstance(k, Tensor) and k.ndim == 0):
            if isinstance(k, Tensor) and k._data.dtype.kind not in "iu":
                raise IndexError(_INDEX_TYPES)
            i, n = int(k), out.shape[dim]
            if not -n <= i < n:
                raise IndexError(f"index {i} is out of bounds for dimension {dim} with size {n}")
            out = select(out, dim, i)
        elif isinstance(k, (Tensor, list, tuple, np.ndarray)):
            a = _as_index_array(k)
            found[dim] = a
            dim += a.ndim if a.dtype == np.bool_ else 1
        else:
            raise IndexError("only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are "
                             "valid indices (got " + type(k).__name__ + ")")
    return out, _index_list(out, found)


def _index_list(out: Tensor, found: dict) -> tuple:
    """The index list for ``out``, checked as torch checks it (mask shapes, broadcasting, bounds)."""
    if not found:
        return ()
    shape = out.shape
    indices, d, ordinal = [], 0, 0
    last = max(found)
    while d <= last:
        a = found.get(d)
        if a is None:
            indices.append(None)
            d += 1
            continue
        if a.dtype == np.bool_:
            for j, s in enumerate(a.shape):
                if d + j >= len(shape) or s != shape[d + j]:
                    raise IndexError(f"The shape of the mask {list(a.shape)} at index {j} does not match the shape "
                                     f"of the indexed tensor {list(shape)} at index {d + j}")
            ordinal += a.ndim
            d += a.ndim
        else:
            n = shape[d]
            bad = (a < -n) | (a >= n)
            if bad.any():
                raise IndexError(f"index {int(a.reshape(-1)[np.argmax(bad.reshape(-1))])} is out of bounds for "
                                 f"dimension {ordinal} with size {n}")
            a = np.where(a < 0, a + n, a)
            ordinal += 1
            d += 1
        indices.append(a)
    shapes = [(int(np.count_nonzero(i)),) if i.dtype == np.bool_ else i.shape for i in indices if i is not None]
    try:
        np.broadcast_shapes(*shapes)
    except ValueError:
        raise IndexError("shape mismatch: indexing tensors could not be broadcast together with shapes "
                         + ", ".join(str(list(s)) for s in shapes)) from None
    return tuple(indices)


def advanced_index(t: Tensor, items: list) -> Tensor:
    """``t[items]`` where some item is a tensor, list or bool: the basic items become views, then one
    IndexBackward0 copy gathers the rest (``views.getitem`` calls this)."""
    if len(items) == 1 and isinstance(items[0], list) and _seq_as_tuple(items[0]):
        return t[tuple(items[0])]
    out, indices = _split(t, items)
    return index(out, indices) if indices else out


def index(x: Tensor, indices) -> Tensor:
    """aten::index: ``x[indices]`` for an index list (entries None, int/bool arrays, or whole slices)."""
    return call(INDEX, (x,), {"indices": _normalise(indices, x.ndim)})


def _normalise(indices, ndim) -> tuple:
    """An index list from formula code: ``:`` and None are whole dims, ``...`` as many as needed."""
    indices = tuple(indices)
    if any(i is Ellipsis for i in indices):
        k = indices.index(Ellipsis)
        used = sum(1 if not isinstance(i, np.ndarray) or i.dtype != np.bool_ else i.ndim
                   for i in indices if i is not Ellipsis)
        indices = indices[:k] + (None,) * (ndim - used) + indices[k + 1:]
    out = []
    for i in indices:
        if i is None or (isinstance(i, slice) and i == slice(None)):
            out.append(None)
        elif isinstance(i, slice):
            raise TypeError("index lists take whole dims (None or ':') and index tensors only")
        else:
            a = i._data if isinstance(i, Tensor) else np.asarray(i)
            if a.dtype.kind not in "biu":
                raise IndexError(_INDEX_TYPES)
            out.append(a if a.dtype in (np.bool_, np.int64) else a.astype(np.int64))
    while out and out[-1] is None:
        out.pop()
    return tuple(out)


def _values_for(t: Tensor, values, fn):
    """The value tensor of an index_put: numbers take ``t``'s dtype, tensors must already have it."""
    if isinstance(values, Tensor):
        if values._data.dtype != t._data.dtype:
            raise errors.DTypeError(f"Index put requires the source and destination dtypes match, got "
                                    f"{_dtype_name(t._data)} for the destination and {_dtype_name(values._data)} "
                                    "for the source.")
        return values
    if fn == "setitem" and isinstance(values, (bool, int, float, complex, np.number, np.bool_)):
        return make(np.asarray(values).astype(t._data.dtype))
    if fn == "setitem":
        raise TypeError(f"can't assign a {type(values).__name__} to a torch.{_dtype_name(t._data)}Tensor")
    raise TypeError(f"{fn}(): argument 'values' (position 3) must be Tensor, not {type(values).__name__}")


def _check_values(t: Tensor, indices, values: Tensor) -> None:
    target = _index_shape(t._data.shape, indices)
    vshape = _fit_values(np.empty(values._data.shape, dtype=np.bool_), target).shape if values.ndim else ()
    try:
        ok = np.broadcast_shapes(vshape, target) == target
    except ValueError:
        ok = False
    if not ok:
        raise errors.ShapeError(f"shape mismatch: value tensor of shape {list(values.shape)} cannot be broadcast to "
                                f"indexing result of shape {list(target)}")


def _index_put_args(t, indices, values, fn):
    if not isinstance(indices, (tuple, list)):
        raise TypeError(f"{fn}(): argument 'indices' (position 2) must be tuple of Tensors, not "
                        f"{type(indices).__name__}")
    out, found = t, {}
    d = 0
    for i in indices:
        if i is not None:
            a = _as_index_array(i)
            found[d] = a
            d += a.ndim if a.dtype == np.bool_ else 1
        else:
            d += 1
    if d > t.ndim:
        raise IndexError(f"too many indices for tensor of dimension {t.ndim}")
    idx = _index_list(out, found)
    values = _values_for(t, values, fn)
    _check_values(t, idx, values)
    return (t, values), {"indices": idx, "accumulate": False}


@public()
def index_put(input, indices, values, accumulate=False):
    """torch.index_put: ``input`` with ``values`` written (or added) at ``indices`` (IndexPutBackward0).

    The backward vocabulary also calls it, with ndarrays, ``:`` or ``...`` in ``indices``; its
    accumulating put is torch's IndexPutImplBackward0."""
    if any(isinstance(i, (slice, np.ndarray)) or i is Ellipsis for i in indices):
        op = INDEX_PUT_IMPL if accumulate else INDEX_PUT
        return call(op, (input, values), {"indices": _normalise(indices, input.ndim), "accumulate": bool(accumulate)})
    args, params = _index_put_args(input, indices, values, "index_put")
    params["accumulate"] = bool(accumulate)
    return call(INDEX_PUT, args, params)


def tensor_index_put_(self, indices, values, accumulate=False):
    """Tensor.index_put_ (in place)."""
    args, params = _index_put_args(self, indices, values, "index_put_")
    params["accumulate"] = bool(accumulate)
    return call_inplace(INDEX_PUT, self, args, params)


def index_put_(t: Tensor, items: list, value) -> None:
    """``t[items] = value`` with an advanced index (``views.setitem`` calls this): the basic items give a
    view, as in torch, and index_put_ writes into it."""
    if len(items) == 1 and isinstance(items[0], list) and _seq_as_tuple(items[0]):
        t[tuple(items[0])] = value
        return
    out, indices = _split(t, items)
    value = _values_for(out, value, "setitem")
    if not indices:
        copy_(out, value)
        return
    _check_values(out, indices, value)
    call_inplace(INDEX_PUT, out, (out, value), {"indices": indices, "accumulate": False})


# -- Tensor methods ---------------------------------------------------------------------------------------

# methods torch puts on Tensor (installed by tensor_methods.attach)
TENSOR_METHODS = {
    "gather": gather, "scatter": scatter, "scatter_": scatter_, "scatter_add": scatter_add,
    "scatter_add_": scatter_add_, "index_select": index_select, "index_add": index_add,
    "index_add_": index_add_, "index_fill": index_fill, "index_fill_": index_fill_, "index_put": index_put,
    "index_put_": tensor_index_put_, "masked_fill": masked_fill, "masked_fill_": masked_fill_,
    "masked_select": masked_select, "take": take, "take_along_dim": take_along_dim, "put": put, "put_": put_,
}
