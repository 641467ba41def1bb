"""index_copy, masked_scatter and scatter_reduce (sum, prod, mean, amax, amin, with or without
the input's own values), with torch's node names and derivatives."""
from __future__ import annotations

import numpy as np

from .indexing import _defop, _dim_indices, _filled, _gather_index, _lead_index, np_index
from .samples import Sample, arr

# -- index_copy ---------------------------------------------------------------------------------------


def _index_copy_fwd(a, source, dim, index, source_dim):
    out = a.copy()
    out[np_index(_dim_indices(a.ndim, dim, index))] = source
    return out


def _index_copy_bwd(m, g, dim, index):
    return m.where(_filled(m, g, dim, index), 0.0, g), m.index(g, _dim_indices(g.ndim, dim, index))


def _index_copy_jvp(m, t, dim, index, source, source_dim, self_sym_sizes):
    ts, tsrc = t
    base = ts if ts is not None else m.g_zeros(tsrc, self_sym_sizes)
    if tsrc is None:
        return m.where(_filled(m, base, dim, index), 0.0, base)
    return m.index_put(m.where(_filled(m, base, dim, index), 0.0, base), _dim_indices(base.ndim, dim, index),
                       tsrc, False)


INDEX_COPY = _defop("index_copy", "IndexCopyBackward0", ("self", "source"), _index_copy_fwd,
                    lambda m, g, dim, index, source, source_dim, self_sym_sizes: _index_copy_bwd(m, g, dim, index),
                    shown=("index",), saves=("dim", "index", "source", "source_dim", "self_sym_sizes"),
                    internal=("self_sym_sizes",), jvp=_index_copy_jvp, saved_for={"source": ("source",)},
                    samples=lambda: [Sample(arr(4, 3), arr(2, 3, seed=2),
                                            params={"dim": -2, "index": np.array([3, 0]), "source_dim": 2}),
                                     Sample(arr(3, 4), arr(3, 1, seed=3),
                                            params={"dim": -1, "index": np.array([2]), "source_dim": 2})],
                    rule="d/dself = g where nothing was copied, d/dsource = g at the index along dim")


# -- masked_scatter -----------------------------------------------------------------------------------

def _masked_scatter_fwd(a, source, mask):
    out = a.copy()
    out[mask] = source.reshape(-1)[:int(mask.sum())]
    return out


def _masked_scatter_bwd(m, g, mask, source_sym_sizes):
    nb = m.nb
    picked = m.index(g, (None,) * nb + (mask,) if nb else (mask,))      # g at the written places, in order
    count, size = int(mask.sum()), int(np.prod(source_sym_sizes))
    flat = m.g_zeros(g, (size,))
    flat = m.index_put(flat, (None,) * nb + (np.arange(count),), picked, False)
    return m.where(m.const(mask), 0.0, g), m.g_reshape(flat, tuple(source_sym_sizes))


def _masked_scatter_jvp(m, t, mask, source_sym_sizes):
    ts, tsrc = t
    base = ts if ts is not None else m.g_zeros(tsrc, mask.shape)
    if tsrc is None:
        return m.where(m.const(mask), 0.0, base)
    count = int(mask.sum())
    lead = tuple(tsrc.shape[:m.nb])
    taken = m.reshape(tsrc, lead + (-1,))
    taken = m.index(taken, (None,) * m.nb + (np.arange(count),))
    return m.index_put(m.where(m.const(mask), 0.0, base), (None,) * m.nb + (mask,), taken, False)


MASKED_SCATTER = _defop("masked_scatter", "MaskedScatterBackward0", ("self", "source"), _masked_scatter_fwd,
                        _masked_scatter_bwd, shown=("mask",), saves=("mask", "source_sym_sizes"),
                        jvp=_masked_scatter_jvp,
                        samples=lambda: [Sample(arr(2, 3), arr(5, seed=4),
                                                params={"mask": np.array([[True, False, True], [False, True, True]])})],
                        rule="d/dself = g where the mask is False; d/dsource = g at the masked places, in order")


# -- scatter_reduce -----------------------------------------------------------------------------------

_UFUNCS = {"sum": np.add, "mean": np.add, "prod": np.multiply, "amax": np.maximum, "amin": np.minimum}
_IDENTITY = {"sum": 0.0, "mean": 0.0, "prod": 1.0, "amax": -np.inf, "amin": np.inf}


def _identity(reduce, dtype):
    """The reduction's start value in ``dtype`` (an integer amax starts at the type's least value)."""
    if dtype.kind in "iu" and reduce in ("amax", "amin"):
        info = np.iinfo(dtype)
        return info.min if reduce == "amax" else info.max
    return _IDENTITY[reduce]


def _counts(shape, dim, index, include_self):
    """How many values each position of the result reduces (the input's own included or not)."""
    counts = np.zeros(shape, np.int64)
    np.add.at(counts, _gather_index(shape, dim, index), 1)
    return counts + 1 if include_self else counts


def _scatter_reduce_fwd(a, src, dim, index, reduce, include_self):
    spot = _gather_index(a.shape, dim, index)
    values = src[tuple(slice(0, s) for s in index.shape)]
    out = a.copy()
    if not include_self:
        out[spot] = _identity(reduce, a.dtype)
    _UFUNCS[reduce].at(out, spot, values)
    if reduce == "mean":
        counts = _counts(a.shape, dim, index, include_self)
        divide = np.true_divide if a.dtype.kind in "fc" else np.floor_divide     # an integer mean rounds down
        out = np.where(counts > 0, divide(out, np.maximum(counts, 1)), out).astype(a.dtype, copy=False)
        if not include_self:
            out[counts == 0] = a[counts == 0]
    elif not include_self:
        written = _counts(a.shape, dim, index, False) > 0
        out = np.where(written, out, a)
    return out


def _written(shape, dim, index) -> np.ndarray:
    mask = np.zeros(shape, np.bool_)
    mask[_gather_index(shape, dim, index)] = True
    return mask


def _scatter_reduce_bwd(m, g, dim, index, include_self, reduce, self, src, result):
    """torch's scatter_reduce_backward: every element that made a result gets its share of g."""
    index = np.asarray(getattr(index, "_data", index))     # the forward-mode fallback hands params as tensors

    def gather(x):
        return m.gather(x, dim, _lead_index(m, x, index))
    shape = tuple(self.shape)
    written = m.const(_written(shape, dim, index))
    if reduce == "sum":
        return (g if include_self else m.where(written, 0.0, g)), gather(g)
    if reduce == "mean":
        counts = np.maximum(_counts(shape, dim, index, include_self), 1)
        share = g / m.cast(m.const(counts), g)
        return (share if include_self else m.where(written, 0.0, g)), gather(share)
    if reduce == "prod":
        return _prod_grads(m, g, dim, index, include_self, self, src, result, written, gather)
    # amax / amin: the gradient is shared evenly by every element equal to the result
    # (torch counts the input's own tied elements even with include_self=False, then zeroes its gradient)
    hit_self = m.cast(self == result, result)
    hit_src = m.cast(src == m.gather(result, dim, index), result)     # unbatched, as the saved values are
    ties = hit_self + m.scatter_add(m.zeros_like(hit_self), dim, index, hit_src)
    share = g / m.where(ties == 0, 1.0, ties)
    grad_self = share * hit_self
    return (grad_self if include_self else m.where(written, 0.0, grad_self)), gather(share) * hit_src


def _prod_grads(m, g, dim, index, include_self, self, src, result, written, gather):
    """The product of the others for each element, exact where an element is 0 (torch's masking)."""
    self_d, src_d = np.asarray(getattr(self, "_data", self)), np.asarray(getattr(src, "_data", src))
    if m.is_tensor:      # a graph of the formula: result / x, exact where no element is 0
        if (self_d == 0).any() or (src_d == 0).any():
            raise NotImplementedError("the double backward of scatter_reduce with reduce='prod' at a zero is not "
                                      "supported in gradcli")
        grad_self = g * result / self if include_self else m.where(written, 0.0, g)
        return grad_self, gather(g * result) / src
    masked_self = np.where(self_d == 0, 1, self_d)
    others_self = _scatter_reduce_fwd(masked_self, src_d, dim, index, "prod", include_self)
    grad_self = g * others_self / masked_self if include_self else m.where(written, 0.0, g)
    src_zero = src_d == 0
    zeros_there = np.zeros(self_d.shape)
    np.add.at(zeros_there, _gather_index(self_d.shape, dim, index), src_zero[tuple(slice(0, n) for n in index.shape)])
    single = src_zero[tuple(slice(0, n) for n in index.shape)] & (gather_np_(zeros_there, dim, index) == 1)
    masked_src = np.where(single, 1, src_d)
    others_src = _scatter_reduce_fwd(self_d, masked_src, dim, index, "prod", include_self)
    grad_src = np.where(single, gather(g * others_src), gather(g * result) / np.where(src_zero, 1, src_d))
    return grad_self, grad_src


def gather_np_(a, dim, index):
    return a[_gather_index(a.shape, dim, index)]


def _scatter_reduce_samples():
    index = np.array([[0, 1, 0], [2, 2, 1]])
    out = []
    for reduce in ("sum", "mean", "amax", "amin", "prod"):
        for include_self in (True, False):
            out.append(Sample(arr(3, 4, seed=1), arr(2, 3, seed=2),
                              params={"dim": -2, "index": index, "reduce": reduce, "include_self": include_self},
                              note=f"{reduce}, include_self={include_self}"))
    return out


SCATTER_REDUCE = _defop("scatter_reduce.two", "ScatterReduceBackward0", ("self", "src"), _scatter_reduce_fwd,
                        _scatter_reduce_bwd, shown=("index",),
                        saves=("dim", "index", "include_self", "reduce", "self", "src", "result"),
                        samples=_scatter_reduce_samples, jvp_note="generic: derived through double-vjp",
                        rule="sum: g / mean: g over the count / prod: g result / x / amax, amin: g shared by ties")
