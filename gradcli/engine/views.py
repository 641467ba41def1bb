"""Views in depth: indexing decomposed as torch does it (select, slice, unsqueeze, then
one advanced index), replaying a view on a new base, and CopySlices, the node that
keeps gradients right after an in-place write through a view.
"""
from __future__ import annotations

import numpy as np

from .autograd.graph import NO_EDGE, InputMetadata, Node, edge
from .autograd.grad_mode import enable_grad
from .backend import numpy_math
from .dispatch import call, set_rebase_view
from .ops.copy import copy_, zero_
from .ops.indexing import advanced_index, index_put_
from .ops.shape import ALIAS, AS_STRIDED, call_slice, select, unsqueeze
from .tensor import Tensor, set_view_replay
from .tensor_math import TensorMath


# -- indexing ----------------------------------------------------------------------------------------

def _expand_index(t: Tensor, key) -> list:
    """Normalise a subscript to a list with Ellipsis expanded; bools become index tensors."""
    if not isinstance(key, tuple):
        key = (key,)
    consumed = 0
    for k in key:
        if k is None or k is Ellipsis:
            continue
        if isinstance(k, Tensor) and k._data.dtype == np.bool_:
            consumed += k.ndim
        else:
            consumed += 1
    if consumed > t.ndim:
        raise IndexError(f"too many indices for tensor of dimension {t.ndim}")
    out = []
    seen_ellipsis = False
    for k in key:
        if k is Ellipsis:
            if seen_ellipsis:
                raise IndexError("an index can only have a single ellipsis ('...')")
            seen_ellipsis = True
            out.extend([slice(None)] * (t.ndim - consumed))
        else:
            out.append(k)
    return out


def getitem(t: Tensor, key):
    """``t[key]``: basic parts become views (SelectBackward0, SliceBackward0, UnsqueezeBackward0),
    an integer-array or mask part one IndexBackward0 copy."""
    items = _expand_index(t, key)
    if any(isinstance(k, (Tensor, list, np.ndarray)) or isinstance(k, bool) for k in items):
        return advanced_index(t, items)
    out = t
    dim = 0
    for k in items:
        if k is None:
            out = unsqueeze(out, dim)
            dim += 1
        elif isinstance(k, slice):
            n = out.shape[dim]
            start, stop, step = k.indices(n)
            if step <= 0:
                raise ValueError("step must be greater than zero")
            if not (start == 0 and stop >= n and step == 1):
                stop = max(stop, start)
                out = call_slice(out, dim, start, stop, step)
            dim += 1
        elif isinstance(k, (int, np.integer)) or (isinstance(k, Tensor) and k.ndim == 0):
            i = int(k)
            n = out.shape[dim]
            if not -n <= i < n:
                raise IndexError(f"index {i} is out of bounds for dimension {dim} with size {n}")
            out = select(out, dim, i)
        else:
            raise IndexError("only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are "
                             "valid indices (got " + type(k).__name__ + ")")
    if out is t:
        if not isinstance(key, tuple) and isinstance(key, slice) and t.ndim:
            return call_slice(t, 0, 0, t.shape[0], 1)  # torch: x[:] is a SliceBackward0, x[:, :] an alias
        return call(ALIAS, (t,))
    return out


def setitem(t: Tensor, key, value) -> None:
    """``t[key] = value``: copy_ into the view, or index_put_ for advanced keys (both in place)."""
    items = _expand_index(t, key)
    if any(isinstance(k, (Tensor, list, np.ndarray)) and not (isinstance(k, Tensor) and k.ndim == 0 and
                                                              k._data.dtype.kind in "iu")
           or isinstance(k, bool) for k in items):  # indexing.py: a bool subscript is an index too
        index_put_(t, items, value)
        return
    view = getitem(t, tuple(items))
    copy_(view, value)


# -- replay and rebase --------------------------------------------------------------------------------

def replay(base: Tensor, steps) -> Tensor:
    """Re-apply recorded view steps to ``base`` (through the table, so the graph is recorded)."""
    out = base
    for op, params, index in steps:
        res = call(op, (out,), params)
        out = res[index] if isinstance(res, tuple) else res
    return out


def _replay_array(arr, steps):
    for op, params, index in steps:
        res = op.forward(arr, **params) if params else op.forward(arr)
        arr = res[index] if isinstance(res, tuple) else res
    return arr


class CopySlices(Node):
    """The base's node after an in-place op on one of its views: the region the view covers
    takes its gradient from the in-place op's backward, the rest passes through."""

    __slots__ = ("fn", "steps", "shape", "dtype")

    def __init__(self, base_edge, fn, steps, shape, dtype):
        self._init((base_edge,) + tuple(fn.next_functions[1:]))
        self.fn = fn
        self.steps = steps
        self.shape = shape
        self.dtype = dtype

    def release(self) -> None:
        self.fn.release()

    def apply(self, grads, m):
        g = grads[0]
        if m.nb:
            per = [self.apply([g[i]], _unbatched(m)) for i in range(g.shape[0])]
            return [None if col[0] is None else m.stack(list(col), 0) if m.is_tensor else np.stack(col)
                    for col in zip(*per)]
        if m.is_tensor:
            result = g.clone()
            region = replay(result, self.steps)
            inner = self.fn.apply([region.clone()], m)
            if inner[0] is not None:
                copy_(region, inner[0])
            else:
                zero_(region)
        else:
            result = np.array(g, dtype=self.dtype, copy=True)
            region = _replay_array(result, self.steps)
            inner = self.fn.apply([region.copy()], m)
            region[...] = 0 if inner[0] is None else inner[0]
        return [result] + list(inner[1:])

    def name(self) -> str:
        return "torch::autograd::CopySlices"

    @property
    def _input_metadata(self) -> tuple:
        return (InputMetadata(self.shape, self.dtype),)


def _unbatched(m):
    return TensorMath(0) if m.is_tensor else numpy_math


def regenerate(base: Tensor, steps) -> Tensor:
    """A view rebuilt on a base whose graph changed: one AsStridedBackward0 node, as torch shows it."""
    return call(AS_STRIDED, (base,), {"steps": steps})


def rebase_view(view: Tensor, node) -> None:
    """After an in-place op on ``view``: its base's graph now goes through CopySlices, and the
    view's own grad_fn is rebuilt on top of that."""
    base = view._base
    steps = view._x.view_steps
    base_edge = edge(base) if base._requires_grad else NO_EDGE
    cs = CopySlices(base_edge, node, steps, base._data.shape, base._data.dtype)
    base._grad_fn = cs
    base._output_nr = 0
    base._requires_grad = True
    with enable_grad():
        fresh = regenerate(base, steps)
    view._grad_fn = fresh._grad_fn
    view._output_nr = fresh._output_nr
    view._requires_grad = True
    view._x.view_version = view._vc[0]


# the layers below call back into this one through these two slots
set_view_replay(regenerate)
set_rebase_view(rebase_view)
