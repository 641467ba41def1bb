"""``autograd.grad`` for the transforms when vmap is involved (vjp, jvp, jacrev, grad inside vmap,
and ``vmap(vjp_fn)`` over cotangents).

Under vmap every example lives in its own slice of the physical tensors and no op mixes slices,
so one physical backward gives every example's gradient at once. Cotangents batched at levels
the graph is not batched at (``vmap(vjp_fn)(cts)``), and the basis of a Jacobian, become the
leading dim of one ``is_grads_batched`` backward.
"""
from __future__ import annotations

import numpy as np

from ..backward import grad as _autograd_grad
from ..tensor import Tensor, make
from .batched import BatchedTensor, active, arrange, levels_of, op, phys_of, wrap


def batched_grad(outs, leaves, cts, *, is_grads_batched: bool = False, **kw) -> list:
    """d outs / d leaves weighted by ``cts`` (None: ones, for scalar outputs), for each example.

    ``is_grads_batched``: each ct is a plain tensor whose first dim enumerates cotangents (jacrev's
    basis); each gradient then has that dim first among its logical dims."""
    if not any(isinstance(t, BatchedTensor) for t in (*outs, *leaves, *cts)):
        return list(_autograd_grad(outs, leaves, cts, is_grads_batched=is_grads_batched, **kw))
    sizes = dict(active)
    lo = tuple(sorted({level for t in leaves for level in levels_of(t)}))
    lc = () if is_grads_batched else tuple(sorted({level for c in cts if c is not None for level in levels_of(c)}
                                                  - set(lo)))
    full = tuple(sizes[level] for level in lo)
    extra = tuple(sizes[level] for level in lc)
    pouts, pcts = [], []
    for o, c in zip(outs, cts):
        shape = full + tuple(o.shape)
        po = arrange(o, lo)
        pouts.append(po if tuple(po._data.shape) == shape else op("expand", po, size=shape))
        if c is None:
            pcts.append(make(np.ones(shape, po._data.dtype)))
        elif is_grads_batched:
            p = phys_of(c)
            lead = tuple(p._data.shape[:1])
            p = p.reshape(lead + (1,) * len(lo) + tuple(o.shape))
            pcts.append(p.expand(lead + shape) if lo else p)
        else:
            p = arrange(c, lc + lo, len(o.shape))
            if tuple(p._data.shape) != extra + shape:
                p = p.expand(extra + shape)
            pcts.append(p.reshape((-1,) + shape) if lc else p)
    found = _autograd_grad(pouts, [phys_of(t) for t in leaves], pcts, is_grads_batched=is_grads_batched or bool(lc),
                           **kw)
    return [None if g is None else _unbatch(g, levels_of(t), lc, extra, is_grads_batched)
            for g, t in zip(found, leaves)]


def _unbatch(g: Tensor, own: tuple, lc: tuple, extra: tuple, basis: bool) -> Tensor:
    """The gradient of one leaf (physical, the backward's batch dim first) as a batched tensor."""
    if basis:
        if not own:
            return g
        order = list(range(1, len(own) + 1)) + [0] + list(range(len(own) + 1, g._data.ndim))
        return wrap(op("permute", g, dims=tuple(order)), own)
    if not lc:
        return wrap(g, own)
    g = g.reshape(extra + tuple(g._data.shape[1:]))
    levels = lc + own
    order = sorted(range(len(levels)), key=lambda i: levels[i])
    order += list(range(len(levels), g._data.ndim))
    return wrap(op("permute", g, dims=tuple(order)) if order != sorted(order) else g, tuple(sorted(levels)))
