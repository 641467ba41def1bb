"""Views in depth: replaying a view on a new base, and CopySlices, the node that keeps
gradients right after an in-place write through a view. (Subscripts, which make most
views, are translated in ops/subscripts.py.)
"""
from __future__ import annotations

import numpy as np

from . import errors
from .autograd.graph import NO_EDGE, InputMetadata, Node, edge
from .autograd.grad_mode import enable_grad
from .backend import numpy_math
from .dispatch import call, set_rebase_view
from .ops.copy import copy_, zero_
from .ops.shape import AS_STRIDED
from .tensor import Tensor, set_view_replay
from .tensor_math import TensorMath


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
            result = np.array(g, dtype=self.dtype, order="C")     # the base's layout (torch: its strides), not g's
            region = _replay_array(result, self.steps)
            inner = self.fn.apply([region.copy()], m)
            if not region.flags.writeable:     # the view written in place shares memory (torch's copy_ refuses)
                raise errors.AutogradError(errors.INTERNAL_OVERLAP)
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
