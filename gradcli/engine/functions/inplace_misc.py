"""In-place Tensor methods that are no function's twin: ``fill_diagonal_`` (through diagonal views, so
the history is torch's CopySlices), ``resize_``/``resize_as_``, and ``apply_``/``map_``/``map2_``,
which call a Python (or script) function once per element, as torch's CPU-only versions do."""
from __future__ import annotations

import math
import numbers

import numpy as np

from .. import errors
from .. import instrumentation as _inst
from ..ops.copy import fill_
from ..public import method
from ..storage_address import root_array
from ..tensor import storage
from .shapes import diagonal


@method()
def fill_diagonal_(self, fill_value, wrap=False):
    """The main diagonal of a matrix (or of an n-d tensor whose sides are equal) set to ``fill_value``;
    ``wrap=True`` starts again below a tall matrix's square block, one row further down each time."""
    if self.ndim < 2:
        raise errors.AutogradError("dimensions must larger than 1")
    if self.ndim > 2 and len(set(self.shape)) != 1:
        raise errors.AutogradError("all dimensions of input must be of equal length")
    if self.ndim > 2:
        view = diagonal(self, 0, 0, 1)
        while view.ndim > 1:
            view = diagonal(view, 0, 0, -1)
        fill_(view, fill_value)
        return self
    rows, cols = self.shape
    starts = range(0, rows, cols + 1) if wrap and rows > cols else (0,)
    for start in starts:
        fill_(diagonal(self[start:] if start else self), fill_value)
    return self


@method()
def resize_(self, *sizes, memory_format=None):
    """The tensor takes the shape ``sizes``, contiguous over its storage from its offset, as torch's: the
    storage's elements in memory order are kept (a view grows into its base's storage where it has
    room), new ones are 0 (torch leaves them uninitialized). A view may not grow past its storage:
    gradcli cannot grow shared memory."""
    shape = tuple(sizes[0]) if len(sizes) == 1 and isinstance(sizes[0], (tuple, list)) else tuple(sizes)
    if any(not isinstance(n, numbers.Integral) or n < 0 for n in shape):
        raise errors.ShapeError(f"Trying to create tensor with negative dimension: {list(shape)}")
    if self._requires_grad:
        raise errors.AutogradError("cannot resize variables that require grad")
    if _inst.forward_ad and self._x is not None and any(t is not None for t in (self._x.tangents or {}).values()):
        raise errors.AutogradError("cannot resize variables that has a forward grad")
    if shape != tuple(self.shape):
        resize_to(self, shape)
        if self._vc is not None:     # torch's resize_ is an in-place op: a new shape bumps the version
            self._vc[0] += 1
    return self


def resize_to(self, shape: tuple) -> None:
    """``resize_``'s change of shape without its checks and version bump (an ``out=`` write resizes
    below autograd, as torch's kernels do, and bumps the version once, for the write)."""
    n = math.prod(shape)
    data = storage(self)
    root = root_array(data)
    start = self.storage_offset() * data.itemsize
    if root.flags.c_contiguous and start + n * data.itemsize <= root.nbytes:
        self._data = np.ndarray(shape, data.dtype, root, start)
    elif self._base is not None:
        raise errors.AutogradError(f"resize_: gradcli cannot grow a view ({data.size} elements) to {n} elements")
    else:
        _inst.check_shape(shape)     # the run's element limit, as for a tensor made at this size
        grown = np.zeros(n, dtype=data.dtype)
        old = (np.ndarray(((root.nbytes - start) // data.itemsize,), data.dtype, root, start)
               if root.flags.c_contiguous and start <= root.nbytes else data.reshape(-1))
        kept = min(n, old.size)
        grown[:kept] = old[:kept]
        self._data = grown.reshape(shape)


@method()
def resize_as_(self, other, memory_format=None):
    return resize_(self, tuple(other.shape))


def _refuse_grad(name: str, *tensors) -> None:
    if any(t._requires_grad for t in tensors):
        raise errors.AutogradError(f"Can't call {name}() on Variable that requires grad. Use var.detach().{name}() "
                                   "instead.")


def _per_element(self, fn, others):
    """``self[i] = fn(self[i], other[i]...)`` with Python numbers, others broadcast to self's shape."""
    target = storage(self)
    spread = [np.broadcast_to(storage(o), target.shape) for o in others]
    kind = target.dtype.kind
    for index in np.ndindex(target.shape):
        value = fn(target[index].item(), *(s[index].item() for s in spread))
        if kind in "iu" and not isinstance(value, numbers.Real):
            raise TypeError(f"'{type(value).__name__}' object cannot be interpreted as an integer")
        if kind in "fb" and not isinstance(value, numbers.Real):
            raise TypeError(f"must be real number, not {type(value).__name__}")
        if kind in "iu":
            info = np.iinfo(target.dtype)
            if not info.min <= int(value) <= info.max:
                raise errors.AutogradError(f"value cannot be converted to type {target.dtype.name} without overflow")
            value = int(value)
        target[index] = value
    if self._vc is not None:
        self._vc[0] += 1
    return self


def _check_broadcast(self, other, name: str) -> None:
    try:
        if np.broadcast_shapes(tuple(other.shape), tuple(self.shape)) == tuple(self.shape):
            return
    except ValueError:
        pass
    raise errors.ShapeError(f"{name}: tensor of shape {list(other.shape)} cannot be broadcast to {list(self.shape)}")


@method()
def apply_(self, callable):
    """Each element replaced by ``callable(element)`` (a Python number in, a number out)."""
    _refuse_grad("apply_", self)
    return _per_element(self, callable, ())


@method()
def map_(self, tensor, callable):
    """Each element replaced by ``callable(element, tensor's element)``, tensor broadcast to self's shape."""
    _refuse_grad("map_", self, tensor)
    _check_broadcast(self, tensor, "map_")
    return _per_element(self, callable, (tensor,))


@method()
def map2_(self, x, y, callable):
    _refuse_grad("map2_", self, x, y)
    _check_broadcast(self, x, "map2_")
    _check_broadcast(self, y, "map2_")
    return _per_element(self, callable, (x, y))

