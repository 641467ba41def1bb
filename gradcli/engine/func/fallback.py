"""torch's per-example fallback for the functions that compute on numpy directly (searchsorted,
histc, isin, bincount, histogram, argwhere): inside vmap they run once per example and the
results are stacked, so a batched input is never read as one big example. Their outputs carry no
gradient (counts, positions, masks), so nothing of the graph is lost."""
from __future__ import annotations

import numpy as np

from ..tensor import Tensor, make
from .batched import BatchedTensor, active, full, levels_of, wrap


def per_example(fn, args: tuple, kwargs: dict):
    """``fn(*args, **kwargs)`` for each example of the batched tensors among them, stacked."""
    values = list(args) + list(kwargs.values())
    lv = tuple(sorted({level for v in values if isinstance(v, BatchedTensor) for level in levels_of(v)}))
    sizes = tuple(dict(active)[level] for level in lv)
    data = {id(v): full(v, lv)._data for v in values if isinstance(v, BatchedTensor)}

    def example(v, index):
        return make(data[id(v)][index]) if isinstance(v, BatchedTensor) else v

    results = [fn(*(example(a, i) for a in args), **{k: example(v, i) for k, v in kwargs.items()})
               for i in np.ndindex(*sizes)]
    if isinstance(results[0], tuple):
        return type(results[0])(*(_stacked([r[k] for r in results], sizes, lv) for k in range(len(results[0]))))
    return _stacked(results, sizes, lv)


def _stacked(items: list, sizes: tuple, lv: tuple):
    first = items[0]._data.shape
    for k, item in enumerate(items[1:], 1):
        if item._data.shape != first:
            raise RuntimeError(f"stack expects each tensor to be equal size, but got {list(first)} at entry 0 "
                               f"and {list(item._data.shape)} at entry {k}")
    return wrap(make(np.stack([item._data for item in items]).reshape(sizes + first)), lv)


def batched_among(*values) -> bool:
    return any(isinstance(v, Tensor) and v.__dict__.get("_lv") for v in values)
