"""Index functions given an index that differs per example inside vmap (index_select, the scatters,
index_add/fill/copy, ``x[i] = v``): the index records take one index, so the function runs once per
example on that example's slices, graph kept, and the results are stacked -- torch's batched
fallback, same values and gradients. An in-place one writes the stacked result into ``self``,
which must then be batched at every level the operands are (torch's error otherwise)."""
from __future__ import annotations

import numpy as np

from ..functions import stack
from .batched import BatchedTensor, active, depth, full, levels_of, wrap

_INTO_UNBATCHED = (
    "vmap: {name}(self, *extra_args) is not possible because there exists a Tensor `other` in extra_args that has "
    "more elements than `self`. This happened due to `other` being vmapped over but `self` not being vmapped over "
    "{where}. Please try to use out-of-place operators instead of {name}. If said operator is being called "
    "inside the PyTorch framework, please file a bug report instead.")


def _levels(values) -> tuple:
    found = set()
    for v in values:
        if isinstance(v, (tuple, list)):
            found.update(_levels(v))
        else:
            found.update(levels_of(v))
    return tuple(sorted(found))


def _example(v, phys: dict, i: tuple):
    if isinstance(v, BatchedTensor):
        return phys[id(v)][i]
    if isinstance(v, (tuple, list)):
        return type(v)(_example(x, phys, i) for x in v)
    return v


def _physicals(values, lv, phys: dict) -> dict:
    for v in values:
        if isinstance(v, BatchedTensor):
            phys[id(v)] = full(v, lv)
        elif isinstance(v, (tuple, list)):
            _physicals(v, lv, phys)
    return phys


def index_each(fn, args: tuple, kwargs: dict, inplace: str | None = None):
    """``fn(*args, **kwargs)`` once per example of the batched tensors among them, stacked and batched;
    with ``inplace`` (torch's op name), ``fn`` is the out-of-place function and ``args[0]`` receives it."""
    lv = _levels([*args, *kwargs.values()])
    if inplace is not None and levels_of(args[0]) != lv:
        # torch's batched fallback (the aten:: names) says which level; the ops with a rule do not
        missing = next(level for level in lv if level not in levels_of(args[0]))
        where = f"at level {depth.get(missing, missing)}" if inplace.startswith("aten::") else "in a vmap"
        raise RuntimeError(_INTO_UNBATCHED.format(name=inplace, where=where))
    sizes = tuple(dict(active)[level] for level in lv)
    phys = _physicals([*args, *kwargs.values()], lv, {})
    results = [fn(*_example(args, phys, i), **{k: _example(v, phys, i) for k, v in kwargs.items()})
               for i in np.ndindex(*sizes)]
    out = stack(results)
    if len(sizes) > 1:
        out = out.reshape(sizes + tuple(out.shape[1:]))
    out = wrap(out, lv)
    if inplace is None:
        return out
    args[0].copy_(out)
    return args[0]

