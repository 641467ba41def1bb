"""Indexing: ``x[idx]`` and ``x[idx] = v`` with integer and boolean index tensors, index_put,
gather/scatter/scatter_add, index_select/index_add/index_fill, masked_fill/masked_select,
take/put.

The records live here; the functions with torch's argument checks in index_functions.py, and
subscripts (``x[idx]``, ``x[idx] = v``) in subscripts.py.

Index tensors are constants, not inputs: records take them as params, so ``next_functions``
lists only the differentiable inputs, as torch's does. An index or mask the user gave as a tensor
(alone, or as an entry of ``x[...]``'s index list) is that tensor: the node saves it as torch does
(``_saved_index`` is the same tensor, saved-tensor hooks pack it, changing it in place afterwards
makes backward raise torch's error); the formulas see its array. Indices built from lists, numbers
or arrays, or changed on the way (negative positions), are int64 or bool ndarrays, copied at call
time, read back as tensors.
An index list ``indices`` is what ``aten::index`` takes: one entry per leading dim of
the tensor, None for a whole dim, an int64 array, or a bool mask covering ``mask.ndim``
dims. Where the indexed dims land follows numpy and torch: in place when the index
entries are adjacent, first when a whole dim separates them.

Backward formulas put gradients back with ``m.index_put`` (accumulate: repeated indices
add up, ``np.add.at``) and keep ``m.nb`` leading batch dims out of the index by
prefixing None entries; ``_take``/``_put`` undo the one place where numpy moves index
dims in front of those batch dims."""
from __future__ import annotations

import functools

import numpy as np

from .. import dtypes
from ..creation import checked_scalar
from ..tensor import Tensor, make
from ..dispatch import call
from ..nodes import saved_attributes
from .registry import KEEP, OPS, defop
from .samples import Sample, arr


def index_array(t: Tensor, fn: str) -> np.ndarray:
    """The ndarray of an index or mask tensor. Inside vmap a batched one (its ``_data`` holds every
    example) has no batching rule yet: torch's message, not a silently wrong result."""
    if t.__dict__.get("_lv") and fn == "masked_select":
        raise RuntimeError("vmap: Attempted to vmap over `mask` in torch.masked_select(self, mask) We cannot support "
                           "this because for each batch this would return a differently shaped Tensor. Please file "
                           "an issue at https://github.com/pytorch/pytorch/issues if you need this feature.")
    if t.__dict__.get("_lv"):
        raise RuntimeError(f"Batching rule not implemented for aten::{fn} with a vmapped index or mask tensor. "
                           f"We could not generate a fallback.")
    return t._data


_INDEX_TYPES = "tensors used as indices must be long, int, byte or bool tensors"
def _defop(name, node, inputs, fwd, bwd, shown=(), **kw):
    """A record whose index params named in ``shown`` read back as tensors (``_saved_index``); the
    formulas get them as arrays whether the call passed a tensor or an array."""
    if shown:
        fwd, bwd = _arrays_in_params(fwd, shown), _arrays_in_saved(bwd, kw.get("saves", ()), shown)
        if kw.get("jvp") is not None:
            kw["jvp"] = _arrays_in_saved(kw["jvp"], kw.get("saves", ()), shown)
    op = defop(name, node, inputs, fwd, bwd, promote=KEEP, **kw)
    if shown:
        plain = saved_attributes(op)
        op.on_node(**{"_saved_" + name: property(lambda node, plain=plain["_saved_" + name]: _as_tensors(plain.fget(node)))
                      for name in shown})
    return op


def _array(v):
    """An index param as the formulas take it: arrays (an index list's tensor entries too)."""
    if isinstance(v, Tensor):
        return v._data
    if v.__class__ is tuple:
        return tuple(i._data if isinstance(i, Tensor) else i for i in v)
    return v


def _arrays_in_params(fwd, shown):
    @functools.wraps(fwd)
    def forward(*args, **params):
        for k in shown:
            if k in params:
                params[k] = _array(params[k])
        return fwd(*args, **params)
    return forward


def _arrays_in_saved(formula, saves, shown):
    """``formula(m, g, *saved)`` with the saved index tensors (engine vocabulary) as arrays."""
    where = tuple(k for k, name in enumerate(saves) if name in shown)

    @functools.wraps(formula)
    def run(m, g, *saved, **kw):
        saved = list(saved)
        for k in where:
            saved[k] = _array(saved[k])
        return formula(m, g, *saved, **kw)
    return run


def _graphed(m) -> bool:
    """Under create_graph (unbatched) a formula records torch's own op for it, so the nodes of a
    second derivative are torch's (IndexAddBackward0 for index_select's, PutBackward0 for take's...)."""
    return m.is_tensor and not m.nb


def _scattered_zero(m, g, dim, index):
    """g with zeros where a scatter wrote: torch's ``grad.scatter(dim, index, 0)``."""
    if _graphed(m):
        return call(SCATTER_VALUE, (g,), {"dim": dim, "index": index, "value": 0.0})
    return m.where(_scatter_kept(m, g, dim, index), g, 0.0)


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
                   shown=("indices",), internal=("self_sym_sizes",), saves=("self_sym_sizes", "indices", "accumulate"), jvp=_index_put_jvp,
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
                        shown=("indices",), internal=("self_sym_sizes",), saves=("self_sym_sizes", "indices", "accumulate"), jvp=_index_put_jvp,
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
    out[_gather_index(a.shape, dim, index)] = checked_scalar(value, a.dtype)
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
                 lambda m, g, dim, index, self_sym_sizes: (_scattered_zero(m, g, dim, index),
                                           m.gather(g, dim, _lead_index(m, g, index))),
                 shown=("index",), internal=("self_sym_sizes",), saves=("dim", "index", "self_sym_sizes"), jvp=_scatter_jvp,
                 samples=lambda: [Sample(arr(3, 4), arr(3, 2, seed=2),
                                         params={"dim": -1, "index": np.array([[0, 3], [1, 2], [2, 0]])}),
                                  Sample(arr(3, 4), arr(1, 4, seed=3), params={"dim": -2, "index": np.array([[2, 0, 1, 2]])})],
                 rule="d/dself = g where nothing was written, d/dsrc = g gathered at the index")
SCATTER_VALUE = _defop("scatter.value", "ScatterBackward1", ("self",), _scatter_value_fwd,
                       lambda m, g, dim, index: _scattered_zero(m, g, dim, index),
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
                     lambda m, g, dim, index, self_sym_sizes, needs: (
                         g, m.gather(g, dim, _lead_index(m, g, index)) if needs[1] else None),
                     shown=("index",), internal=("self_sym_sizes",), saves=("dim", "index", "self_sym_sizes"), jvp=_scatter_add_jvp,
                     masked=True, saved_for={"index": ("src",)},
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
    if _graphed(m):
        return call(INDEX_ADD, (zeros, g), {"dim": dim, "index": index, "alpha": 1, "source_dim": g.ndim})
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


def _index_add_bwd(m, g, dim, index, source, alpha, source_dim, self_sym_sizes, needs):
    if not needs[1]:
        return g, None
    gs = m.index(g, _dim_indices(g.ndim, dim, index))
    return g, gs * alpha if alpha != 1 else gs


def _index_add_jvp(m, t, dim, index, source, alpha, source_dim, self_sym_sizes):
    ts, tsrc = t
    if tsrc is None:
        return ts
    base = ts if ts is not None else m.g_zeros(tsrc, self_sym_sizes)
    return m.index_put(base, _dim_indices(base.ndim, dim, index), tsrc * alpha if alpha != 1 else tsrc, True)


INDEX_ADD = _defop("index_add", "IndexAddBackward0", ("self", "source"), _index_add_fwd, _index_add_bwd,
                   shown=("index",), internal=("self_sym_sizes",), saves=("dim", "index", "source", "alpha", "source_dim", "self_sym_sizes"), jvp=_index_add_jvp,
                   masked=True, saved_for={"index": ("source",), "source": ("source",)},
                   samples=lambda: [Sample(arr(3, 4), arr(3, 2, seed=2),
                                           params={"dim": -1, "index": np.array([1, 1]), "alpha": 1, "source_dim": 2},
                                           note="repeated indices"),
                                    Sample(arr(3, 4), arr(2, 4, seed=3),
                                           params={"dim": -2, "index": np.array([2, 0]), "alpha": -1.5,
                                                   "source_dim": 2})],
                   rule="d/dself = g, d/dsource = alpha * g selected at the index along dim")


def _index_fill_fwd(a, dim, index, value):
    out = a.copy()
    out[np_index(_dim_indices(a.ndim, dim, index))] = checked_scalar(value, a.dtype)
    return out


def _filled(m, g, dim, index):
    """Where index_fill wrote, over the unbatched shape of ``g``."""
    mask = np.zeros(tuple(g.shape[m.nb:]), np.bool_)
    mask[np_index(_dim_indices(mask.ndim, dim, index))] = True
    return m.const(mask)


INDEX_FILL = _defop("index_fill.int_Scalar", "IndexFillBackward0", ("self",), _index_fill_fwd,
                    lambda m, g, dim, index: _filled_zero(m, g, dim, index),
                    shown=("index",), saves=("dim", "index"),
                    jvp=lambda m, t, dim, index: m.where(_filled(m, t[0], dim, index), 0.0, t[0]),
                    samples=lambda: [Sample(arr(3, 4), params={"dim": -1, "index": np.array([1, 1, 3]), "value": 0.5})],
                    rule="g, zeroed where the value was written")


def _filled_zero(m, g, dim, index):
    """g with zeros where index_fill wrote: torch's ``grad.index_fill(dim, index, 0)``."""
    if _graphed(m):
        return call(INDEX_FILL, (g,), {"dim": dim, "index": index, "value": 0.0})
    return m.where(_filled(m, g, dim, index), 0.0, g)


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
                          _filled_zero(m, g, dim, index),
                          _sum_tail(m, m.where(_filled(m, g, dim, index), g, 0.0))),
                      shown=("index",), internal=("self_sym_sizes",), saves=("dim", "index", "self_sym_sizes"), jvp=_index_fill_t_jvp,
                      samples=lambda: [Sample(arr(3, 4), arr(seed=2), params={"dim": -2, "index": np.array([0, 2, 0])})],
                      rule="d/dself = g zeroed where filled, d/dvalue = sum of g where filled")


def _masked_fill_fwd(a, mask, value):
    return np.where(mask, np.asarray(checked_scalar(value, a.dtype)).astype(a.dtype), a)


def _masked_zero(m, g, mask):
    """g with zeros where the mask is True: torch's ``grad.masked_fill(mask, 0)``."""
    if _graphed(m):
        return call(MASKED_FILL, (g,), {"mask": mask, "value": 0.0})
    return m.where(m.const(mask), 0.0, g)


MASKED_FILL = _defop("masked_fill.Scalar", "MaskedFillBackward0", ("self",), _masked_fill_fwd,
                     lambda m, g, mask: _masked_zero(m, g, mask), shown=("mask",), saves=("mask",),
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
                       lambda m, g, mask: (_masked_zero(m, g, mask),
                                           _sum_tail(m, m.where(m.const(mask), g, 0.0))),
                       shown=("mask",), saves=("mask",), jvp=_masked_fill_t_jvp,
                       samples=lambda: [Sample(arr(3, 4), arr(seed=2), params={"mask": arr(3, 4, seed=5) > 0})],
                       rule="d/dself = g where the mask is False, d/dvalue = sum of g where it is True")


def _masked_select_fwd(a, mask):
    shape = np.broadcast_shapes(a.shape, mask.shape)
    return np.broadcast_to(a, shape)[np.broadcast_to(mask, shape)]


def _masked_select_bwd(m, g, mask, self):
    shape = np.broadcast_shapes(tuple(self.shape), mask.shape)
    if _graphed(m):
        return call(OPS["masked_scatter"], (m.g_zeros(g, shape), g), {"mask": np.broadcast_to(mask, shape).copy()})
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
    if _graphed(m):
        return call(PUT, (m.g_zeros(g, tuple(self.shape)), g), {"index": index, "accumulate": True})
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


def _put_bwd(m, g, index, source, accumulate, self_sym_sizes, needs):
    """``source`` is saved only for its own gradient (torch's): self's reads the index alone."""
    shape = tuple(g.shape[m.nb:])
    n = int(np.prod(shape))
    if accumulate:
        gself = g
    elif _graphed(m):
        gself = call(PUT, (g, m.g_zeros(g, tuple(np.shape(index)))), {"index": index, "accumulate": False})
    else:
        keep = np.ones(n, np.bool_)
        keep[index.reshape(-1)] = False
        gself = m.where(m.const(keep.reshape(shape)), g, 0.0)
    if not needs[1]:
        return gself, None
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
             internal=("self_sym_sizes",), saves=("index", "source", "accumulate", "self_sym_sizes"), jvp=_put_jvp,
             masked=True, saved_for={"source": ("source",)},
             samples=lambda: [Sample(arr(3, 4), arr(3, seed=2), params={"index": np.array([0, -1, 5]), "accumulate": False}),
                              Sample(arr(3, 4), arr(2, 2, seed=3),
                                     params={"index": np.array([[0, 0], [7, 0]]), "accumulate": True},
                                     note="repeated indices accumulate")],
             rule="d/dself = g, zeroed where written unless accumulate; d/dsource = g at the flat indices")


def _dtype_name(a) -> str:
    return dtypes.scalar_type_name(a.dtype)
