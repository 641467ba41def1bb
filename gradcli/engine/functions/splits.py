"""torch's other ways to cut and join along a dim: ``tensor_split`` and ``hsplit``/``vsplit``/``dsplit``
(slices of the input: SliceBackward0 views), ``split_with_sizes``, the ``unsafe_*`` splits (copies with
their own nodes), ``narrow_copy``, ``dstack``/``column_stack``/``row_stack`` and ``sum_to_size``."""
from __future__ import annotations

import numbers

import numpy as np

from .. import errors
from ..dims import wrap_dim
from ..dtypes import scalar_type_name
from ..dispatch import call
from ..ops import shape as S
from ..public import public
from ..tensor import Tensor
from .reductions import sum as _sum
from .common import tensor_list
from .shapes import _3d, _cat, _non_empty, reshape, split, view, vstack


def _slice(input, dim: int, start: int, end: int):
    return call(S.SLICE, (input,), {"dim": dim, "start": start, "end": max(start, end), "step": 1})


@public(method=True)
def tensor_split(input, indices_or_sections, dim=0):
    """``sections`` pieces as equal as can be (the first ``n % sections`` one longer), or the pieces
    between the given indices (Python slice rules: clipped, negative from the end)."""
    if input.ndim == 0:
        raise errors.AutogradError("tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 "
                                   "dims")
    d = int(wrap_dim(dim, input.ndim))      # torch's slices show the dim wrapped (positive)
    n = input.shape[d]
    spec = indices_or_sections
    if isinstance(spec, Tensor):
        if spec._data.dtype != np.int64:
            raise errors.AutogradError("tensor_split expected tensor_indices_or_sections to have dtype of long, but "
                                       f"got {scalar_type_name(spec._data.dtype)}")
        if spec.ndim > 1:
            raise errors.AutogradError("tensor_split expected tensor_indices_or_sections to be a zero-dimensional or "
                                       f"one-dimensional tensor, but got a tensor with {spec.ndim} dims")
        spec = int(spec.item()) if spec.ndim == 0 else [int(i) for i in spec.tolist()]
    if isinstance(spec, numbers.Integral):
        if spec <= 0:
            raise errors.AutogradError(f"number of sections must be larger than 0, got {spec}")
        size, extra = divmod(n, int(spec))
        bounds, start = [], 0
        for i in range(int(spec)):
            end = start + size + (1 if i < extra else 0)
            bounds.append((start, end))
            start = end
    else:
        cuts = [slice(int(i)).indices(n)[1] for i in spec]
        edges = [0] + cuts + [n]
        bounds = list(zip(edges[:-1], edges[1:]))
    return tuple(_slice(input, d, a, b) for a, b in bounds)


def _split_along(name: str, input, spec, dim: int, least: int):
    if input.ndim < least:
        raise errors.AutogradError(f"torch.{name} requires a tensor with at least {least} dimension, but got a tensor "
                                   f"with {input.ndim} dimensions!")
    if isinstance(spec, numbers.Integral):
        n = input.shape[dim]
        if spec == 0 or n % spec:
            raise errors.AutogradError(f"torch.{name} attempted to split along dimension {dim}, but the size of the "
                                       f"dimension {n} is not divisible by the split_size {spec}!")
    return tensor_split(input, spec, dim)


@public(method=True)
def hsplit(input, indices_or_sections):
    return _split_along("hsplit", input, indices_or_sections, 1 if input.ndim > 1 else 0, 1)


@public(method=True)
def vsplit(input, indices_or_sections):
    return _split_along("vsplit", input, indices_or_sections, 0, 2)


@public(method=True)
def dsplit(input, indices_or_sections):
    return _split_along("dsplit", input, indices_or_sections, 2, 3)


@public(method=True)
def split_with_sizes(input, split_sizes, dim=0):
    return split(input, list(split_sizes), dim)


def _check_sizes(input, sizes: tuple, d: int) -> None:
    if sum(sizes) != input.shape[d]:
        raise errors.ShapeError(f"split_with_sizes expects split_sizes to sum exactly to {input.shape[d]} (input "
                                f"tensor's size at dimension {d % input.ndim}), but got split_sizes={list(sizes)}")


@public(method=True)
def unsafe_split(input, split_size, dim=0):
    d = wrap_dim(dim, input.ndim)
    if split_size <= 0:
        raise errors.AutogradError(f"split_size can only be 0 if dimension size is 0, but got dimension size of "
                                   f"{input.shape[d]}")
    return call(S.UNSAFE_SPLIT, (input,), {"split_size": int(split_size), "dim": d})


@public(method=True)
def unsafe_split_with_sizes(input, split_sizes, dim=0):
    d = wrap_dim(dim, input.ndim)
    sizes = tuple(int(s) for s in split_sizes)
    _check_sizes(input, sizes, d)
    return call(S.UNSAFE_SPLIT_WITH_SIZES, (input,), {"split_sizes": sizes, "dim": d})


@public(method=True)
def unsafe_chunk(input, chunks, dim=0):
    d = wrap_dim(dim, input.ndim)
    if chunks <= 0:
        raise errors.AutogradError("chunk expects `chunks` to be greater than 0, got: " + str(chunks))
    n = input.shape[d]
    return unsafe_split(input, -(-n // chunks) if n else 1, d)


@public(method=True)
def narrow_copy(input, dim, start, length):
    d = wrap_dim(dim, input.ndim)
    n = input.shape[d]
    start = int(start) + n if start < 0 else int(start)
    if start < 0 or start + length > n:
        raise errors.ShapeError(f"start ({start}) + length ({length}) exceeds dimension size ({n}).")
    return call(S.NARROW_COPY, (input,), {"dim": d, "start": start, "length": int(length)})


@public()
def dstack(tensors):
    return _cat([_3d(t) for t in _non_empty(tensors, "dstack")], 2)


@public()
def column_stack(tensors):
    """Vectors (and 0-d tensors) become columns; matrices are joined as they are."""
    return _cat([reshape(t, (t.numel(), 1)) if t.ndim <= 1 else t for t in _non_empty(tensors, "column_stack")], 1)


@public()
def row_stack(tensors):
    return vstack(tensor_list(tensors, "row_stack"))


@public(namespaces=(), method=True)
def sum_to_size(input, *size):
    """The sum that undoes a broadcast from ``size`` to input's shape (leading dims dropped, size-1 dims
    kept)."""
    size = tuple(size[0]) if len(size) == 1 and not isinstance(size[0], numbers.Integral) else tuple(size)
    shape = tuple(input.shape)
    lead = len(shape) - len(size)
    if lead < 0 or any(s != 1 and s != n for s, n in zip(size, shape[lead:])):
        raise errors.ShapeError(f"size {{{list(size)}}} is not expandable to size {{{list(shape)}}}.")
    if size == shape:
        return input
    if not size:
        return _sum(input)
    dims = tuple(range(lead)) + tuple(lead + i for i, s in enumerate(size) if s == 1 and shape[lead + i] != 1)
    out = _sum(input, dims, keepdim=True)
    return view(out, size) if lead else out
