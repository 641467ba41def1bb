"""The in-place twins of out-of-place functions (``addcmul_``, ``lerp_``, ``atan2_``, ``tril_``,
``cumsum_``...): the function runs on a copy of ``self`` that stands where ``self`` stood in the graph,
and its result becomes ``self``'s value and history. The node is then the function's own (torch's
in-place variants record the same node as the out-of-place op: AddcmulBackward0, LerpBackward1...),
and formulas that need the old ``self`` read the copy, as torch's in-place ops save ``original_self``.
"""
from __future__ import annotations

import numpy as np

from .. import errors
from ..autograd.grad_mode import mode as _mode, no_grad
from .. import dispatch
from ..dispatch import _check_castable, _refuse_view_inplace
from ..autograd.graph import NotImplementedNode
from ..overlapping_writes import (partly_overlapping, shares_by_zero_stride, writable_alias, write_elementwise,
                                 write_scan, write_selected)
from ..public import export
from ..tensor import Tensor, make, storage


def refuse_inplace(self: Tensor) -> None:
    """torch's refusals of an in-place write (a leaf or a view of one that requires grad), in the order
    ``dispatch.call_inplace`` checks them; an inference tensor is refused after the write (``adopt``)."""
    if _mode().grad and self._requires_grad:
        x = self._x
        if x is not None and x.creation_meta is not None:
            _refuse_view_inplace(x.creation_meta, self._output_nr)
        if self._base is not None and self._base._grad_fn is None:
            raise errors.GraphError(errors.VIEW_OF_LEAF_INPLACE)
        if self._grad_fn is None:
            raise errors.GraphError(errors.LEAF_INPLACE)


def stand_in(self: Tensor) -> Tensor:
    """A copy of ``self``'s value on ``self``'s place in the graph (same grad_fn and output_nr)."""
    grad_fn = self.grad_fn
    return make(storage(self).copy(), grad_fn, self._output_nr, self._requires_grad and grad_fn is not None)


def adopt(self: Tensor, out: Tensor, write_overlapping) -> Tensor:
    """Write ``out`` into ``self`` and give ``self`` its history (a view's base gets a CopySlices).
    A ``self`` whose elements partly share memory is written by ``write_overlapping(target, result)`` (see
    ``overlapping_writes``). An expanded ``self`` (a zero stride) is torch's internal-overlap error unless
    the writer is one that torch's kernel runs through it."""
    data = out._data
    target = storage(self)
    _check_castable(np.asarray(data).dtype, target.dtype)
    if np.shape(data) != target.shape:
        raise errors.ShapeError(f"output with shape {list(target.shape)} doesn't match the broadcast shape "
                                f"{list(np.shape(data))}")
    if not target.flags.writeable:
        alias = writable_alias(target)
        if alias is None or (shares_by_zero_stride(target) and not getattr(write_overlapping, "through_zero_strides",
                                                                           False)):
            raise errors.AutogradError(errors.INTERNAL_OVERLAP)
        target = alias
    if target.flags.c_contiguous or not partly_overlapping(target):
        np.copyto(target, data, casting="unsafe")
    else:
        write_overlapping(target, data)
    dispatch.bump_version(self)
    node = out._grad_fn
    if node is not None and _mode().grad:
        if hasattr(node, "_odtype"):
            node._oshape, node._odtype = target.shape, target.dtype
        if self._base is not None:
            dispatch.rebase_view(self, node)   # installed by the view layer after import
        else:
            self._grad_fn, self._output_nr, self._requires_grad = node, out._output_nr, True
    return self


def elementwise_writer(fn, args: tuple, kwargs: dict):
    """How ``fn``'s in-place twin writes a self whose elements partly share memory: element by element."""
    def write(target, _):
        def compute(*arrays, **named):
            with no_grad():
                return fn(*(make(a) if isinstance(a, np.ndarray) else a for a in arrays), **named)._data
        write_elementwise(target, compute, (target,) + tuple(_array_of(a) for a in args),
                          {k: _array_of(v) for k, v in kwargs.items()})
    return write


def scan_writer(step):
    """cumsum_/cumprod_'s writer of a self whose elements partly share memory: torch's scan order."""
    def writer(fn, args: tuple, kwargs: dict):
        dim = kwargs.get("dim", args[0] if args else None)
        return lambda target, _: write_scan(target, int(dim) % max(target.ndim, 1), step)
    return writer


def selected_writer(fn, args: tuple, kwargs: dict):
    """tril_/triu_'s writer of a self whose elements partly share memory: only the elements they zero."""
    def recompute(other):
        with no_grad():
            return fn(make(other), *args, **kwargs)._data
    def write(target, result):
        write_selected(target, result, recompute)
    write.through_zero_strides = True     # torch's tril_/triu_ write an expanded self
    return write


def inplace_of(fn, name: str, writer=elementwise_writer):
    """``Tensor.<name>`` (``fn``'s in-place variant) written through ``fn``; ``writer(fn, args, kwargs)``
    writes a self whose elements partly share memory."""
    def method(self, *args, **kwargs):
        if not isinstance(self, Tensor):
            raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not {type(self).__name__}")
        refuse_inplace(self)
        for a in args:
            if isinstance(a, Tensor) and a._data.__class__ is np.ndarray:
                dispatch.check_overlap(storage(self), a._data)
        out = fn(stand_in(self), *args, **kwargs)
        if out._grad_fn.__class__ is NotImplementedNode:    # torch's error names the in-place op
            out._grad_fn.op_name = name
        return adopt(self, out, writer(fn, args, kwargs))
    method.__name__ = method.__qualname__ = name
    method.__doc__ = f"In-place {fn.__name__}: see ``inplace_ops``."
    return method


def _array_of(a):
    return storage(a) if isinstance(a, Tensor) else a


def declare(fn, name: str, *, torch_level=False, aliases=(), writer=elementwise_writer) -> None:
    """Export ``Tensor.<name>`` (and ``torch.<name>`` when torch has it) for the in-place twin of ``fn``."""
    inplace = inplace_of(fn, name, writer)
    export(inplace, name, namespaces=("torch",) if torch_level else (), method=True, aliases=aliases)
