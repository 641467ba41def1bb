"""``index_reduce``: slices of ``source`` reduced (prod, mean, amax, amin) into ``self`` at the positions
``index`` names along ``dim``.

It is scatter_reduce with the index repeated across the other dims, and so is it computed: torch's
forward and backward formulas (index_reduce_backward) are scatter_reduce's with index_select and
index_add in place of gather and scatter_add.
"""
from __future__ import annotations

import numpy as np

from .indexing import _defop
from .samples import Sample, arr
from .scatter_reduce import _scatter_reduce_bwd, _scatter_reduce_fwd


def spread(index, dim, source_shape):
    """The 1-d ``index`` as a scatter index of ``source``'s shape (index[i] all over slice i)."""
    shape = [1] * len(source_shape)
    shape[dim] = -1
    return np.broadcast_to(np.asarray(index).reshape(shape), source_shape)


def _forward(a, source, dim, index, reduce, include_self):
    if a.ndim == 0:
        return _forward(a.reshape(1), source.reshape(1), -1, np.reshape(index, 1), reduce, include_self).reshape(())
    return _scatter_reduce_fwd(a, source, dim, spread(index, dim, source.shape), reduce, include_self)


def _backward(m, g, dim, index, include_self, reduce, self, source, result):
    if self.ndim == 0:
        one = (1,)
        grads = _scatter_reduce_bwd(m, m.g_reshape(g, one), -1, np.reshape(index, 1), include_self, reduce,
                                    m.reshape(self, one), m.reshape(source, one), m.reshape(result, one))
        return tuple(m.g_reshape(x, ()) for x in grads)
    return _scatter_reduce_bwd(m, g, dim, spread(index, dim, tuple(source.shape)), include_self, reduce,
                               self, source, result)


def _samples():
    index = np.array([0, 2, 0, 1])
    return [Sample(arr(3, 2, seed=1), arr(4, 2, seed=2),
                   params={"dim": -2, "index": index, "reduce": reduce, "include_self": include_self},
                   note=f"{reduce}, include_self={include_self}")
            for reduce in ("prod", "mean", "amax", "amin") for include_self in (True, False)] + [
        Sample(arr(2, 3, seed=3), arr(2, 2, seed=4), params={"dim": -1, "index": np.array([2, 2]), "reduce": "mean",
                                                             "include_self": True})]


INDEX_REDUCE = _defop("index_reduce", "IndexReduceBackward0", ("self", "source"), _forward, _backward,
                      shown=("index",), saves=("dim", "index", "include_self", "reduce", "self", "source", "result"),
                      samples=_samples, jvp_note="generic: derived through double-vjp",
                      rule="mean: g over the count / prod: g result / x / amax, amin: g shared by ties")
