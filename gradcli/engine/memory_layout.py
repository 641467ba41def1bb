"""torch's memory formats over numpy strides: ``channels_last`` (NCHW sizes, NHWC order in memory)
and ``channels_last_3d`` (NCDHW sizes, NDHWC order). A tensor's layout is its ndarray's strides, so
numpy's elementwise ufuncs (order 'K') already keep a channels_last input channels_last as torch's
TensorIterator does; this module says which format strides are in, with torch's rules, and makes
copies laid out in a format."""
from __future__ import annotations

import functools

import numpy as np

from . import errors


class memory_format:
    """torch.memory_format: a name torch prints as ``torch.<name>``."""

    __slots__ = ("name",)
    __module__ = "torch"

    def __init__(self, name: str):
        self.name = name

    def __repr__(self) -> str:
        return f"torch.{self.name}"


contiguous_format = memory_format("contiguous_format")
preserve_format = memory_format("preserve_format")
channels_last = memory_format("channels_last")
channels_last_3d = memory_format("channels_last_3d")

# the dims of each channels-last format, innermost first (torch's compute_channels_last_contiguous_*)
_INNERMOST_FIRST = {channels_last: (1, 3, 2, 0), channels_last_3d: (1, 4, 3, 2, 0)}


def aten_name(fmt: memory_format) -> str:
    """How ATen's messages name a format: ChannelsLast, Contiguous..."""
    return {"contiguous_format": "Contiguous", "preserve_format": "Preserve", "channels_last": "ChannelsLast",
            "channels_last_3d": "ChannelsLast3d"}[fmt.name]


def checked(value, fn: str) -> memory_format:
    """``value`` as a memory format argument of ``fn`` (None: contiguous_format), or torch's TypeError."""
    if value is None:
        return contiguous_format
    if not isinstance(value, memory_format):
        raise TypeError(f"{fn}(): argument 'memory_format' must be torch.memory_format, not {type(value).__name__}")
    return value


def check_rank(fmt: memory_format, ndim: int) -> None:
    """torch refuses a channels-last layout for a tensor of another rank."""
    order = _INNERMOST_FIRST.get(fmt)
    if order is not None and ndim != len(order):
        raise errors.ShapeError(f"required rank {len(order)} tensor to use {fmt.name} format")


def element_strides(a: np.ndarray) -> tuple:
    return tuple(s // a.itemsize for s in a.strides)


def is_contiguous_as(a: np.ndarray, fmt: memory_format) -> bool:
    """torch's ``is_contiguous(memory_format=fmt)``: dims of size 1 may have any stride; a
    channels-last format asks for the rank it is made for (False otherwise, not an error)."""
    order = _INNERMOST_FIRST.get(fmt)
    if order is None:
        return a.flags.c_contiguous
    if a.ndim != len(order):
        return False
    strides, expected = element_strides(a), 1
    for d in order:
        if a.shape[d] != 1:
            if strides[d] != expected:
                return False
            expected *= a.shape[d]
    return True


def suggested(a: np.ndarray) -> memory_format:
    """torch's ``suggest_memory_format``: channels_last(_3d) when the strides are ordered as that format
    (is_channels_last_strides_2d/3d, with its tie-breaks towards contiguous), else contiguous_format."""
    fmt = channels_last if a.ndim == 4 else channels_last_3d if a.ndim == 5 else None
    if fmt is None:
        return contiguous_format
    strides, smallest = element_strides(a), 0
    if strides[1] == 0:
        return contiguous_format
    for d in _INNERMOST_FIRST[fmt]:
        if a.shape[d] == 0 or strides[d] < smallest:
            return contiguous_format
        if d == 0 and smallest == strides[1]:
            return contiguous_format
        smallest = strides[d] * (a.shape[d] if a.shape[d] > 1 else 1)
    return fmt


def format_strides(shape: tuple, fmt: memory_format) -> tuple:
    """The strides torch gives a fresh tensor of ``shape`` in ``fmt`` (in elements; size-0 and size-1
    dims count as they are, as torch's get_channels_last_strides_*: (2, 0, 4, 5) has (0, 1, 0, 0))."""
    order = _INNERMOST_FIRST.get(fmt)
    if order is None:
        strides, step = [0] * len(shape), 1
        for d in reversed(range(len(shape))):
            strides[d] = step
            step *= max(shape[d], 1)
        return tuple(strides)
    strides, step = [0] * len(shape), 1
    for d in order:
        strides[d] = step
        step *= shape[d]
    return tuple(strides)


def empty_as(shape: tuple, dtype, fmt: memory_format) -> np.ndarray:
    """A zero-filled array of ``shape`` laid out in ``fmt``."""
    if fmt not in _INNERMOST_FIRST:
        return np.zeros(shape, dtype)
    dtype = np.dtype(dtype)
    storage = np.zeros(int(np.prod(shape)), dtype)
    return np.lib.stride_tricks.as_strided(storage, shape, tuple(s * dtype.itemsize
                                                                 for s in format_strides(shape, fmt)))


def laid_out(a: np.ndarray, fmt: memory_format) -> np.ndarray:
    """A copy of ``a`` laid out in ``fmt`` (contiguous_format or a channels-last format)."""
    out = empty_as(a.shape, a.dtype, fmt)
    out[...] = a
    return out



def keeps_channels_last(forward):
    """``forward`` with its outputs laid out in the channels-last format its input's strides suggest,
    as torch's CPU kernels write them (pooling, upsampling, padding, gelu, shuffles)."""
    def run(a, *args, **params):
        out = forward(a, *args, **params)
        if a.ndim in (4, 5) and not a.flags.c_contiguous:
            fmt = suggested(a)
            if fmt is not contiguous_format:
                return tuple(_in_format(o, fmt) for o in out) if type(out) is tuple else _in_format(out, fmt)
        return out
    run.__wrapped__ = forward
    return run


def _in_format(a: np.ndarray, fmt: memory_format) -> np.ndarray:
    """``a`` with the strides torch gives a fresh tensor in ``fmt`` (those of size-1 dims included)."""
    if a.ndim != len(_INNERMOST_FIRST[fmt]) or element_strides(a) == format_strides(a.shape, fmt):
        return a
    return laid_out(a, fmt)


def keeps_layout(forward):
    """``forward`` of an elementwise kernel that computes in C order, its output laid out as its input
    (order 'K': a transpose's, a channels_last tensor's), as torch's TensorIterator writes it (numpy's
    own ufuncs already do)."""
    def run(a, *args, **params):
        out = forward(a, *args, **params)
        if (a.__class__ is np.ndarray and out.__class__ is np.ndarray and not a.flags.c_contiguous
                and out.shape == a.shape):
            laid = np.empty_like(a, dtype=out.dtype)
            laid[...] = out
            return laid
        return out
    run.__wrapped__ = forward
    return run


def contiguous_output(forward):
    """``forward`` whose (first) output is C-contiguous whatever its input's layout, as torch's kernels
    that compute on ``input.contiguous()`` write it (softmax, log_softmax, layer_norm)."""
    def run(*args, **params):
        out = forward(*args, **params)
        if type(out) is tuple:
            return (_c_order(out[0]),) + out[1:]
        return _c_order(out)
    run.__wrapped__ = forward
    return run


def _c_order(a):
    return np.array(a, order="C") if a.__class__ is np.ndarray and not a.flags.c_contiguous else a


@functools.cache
def iterator_layout(forward):
    """``forward`` of an elementwise op of several operands (``x.t() + y``, ``where``, comparisons), its
    result laid out as torch's TensorIterator lays it out: in the dim order of the first operand that
    orders a pair of dims. numpy's ufuncs pick C order when operands disagree; they agree with torch
    whenever the first operand is C-contiguous and of the result's shape, the common case and one check.
    (One wrapper per forward, so that dispatch can map it to its ufunc.)"""
    def run(a, *args, **params):
        out = forward(a, *args, **params)
        if (a.__class__ is np.ndarray and a.flags.c_contiguous and a.shape == out.shape
                or out.__class__ is not np.ndarray or out.ndim < 2):
            return out
        return in_iterator_layout((a,) + args, out)
    run.__wrapped__ = forward
    return run


def in_iterator_layout(operands: tuple, out: np.ndarray) -> np.ndarray:
    """``out`` with the strides TensorIterator gives the result of an elementwise op over ``operands``
    (arrays of out's shape or broadcast to it; numbers and 0-d arrays take no part)."""
    strides = _iterator_strides([a for a in operands if a.__class__ is np.ndarray and a.ndim], out.shape)
    if strides == element_strides(out):
        return out
    laid = np.lib.stride_tricks.as_strided(np.empty(out.size, out.dtype), out.shape,
                                           tuple(st * out.itemsize for st in strides))
    laid[...] = out
    return laid


def _iterator_strides(arrays: list, shape: tuple) -> tuple:
    """TensorIterator's result strides: operands of one shape and one dense layout give theirs
    (fast_set_up); otherwise reorder_dimensions' insertion sort, where the first operand that orders two
    dims decides (a broadcast dim is skipped; equal strides put the smaller dim inside)."""
    ndim = len(shape)
    if all(a.shape == shape and a.strides == arrays[0].strides for a in arrays) and dense(arrays[0]):
        return element_strides(arrays[0])
    spread = []
    for a in arrays:
        lead = ndim - a.ndim
        spread.append([0] * lead + [0 if size == 1 and shape[lead + i] != 1 else st
                                    for i, (st, size) in enumerate(zip(a.strides, a.shape))])

    def should_swap(d0: int, d1: int) -> int:
        for st in spread:
            s0, s1 = st[d0], st[d1]
            if s0 == 0 or s1 == 0:
                continue
            if s0 != s1:
                return -1 if s0 < s1 else 1
            if shape[d0] > shape[d1]:
                return 1
        return 0

    perm = list(range(ndim - 1, -1, -1))      # innermost first
    for i in range(1, ndim):
        dim1 = i
        for dim0 in range(i - 1, -1, -1):
            order = should_swap(perm[dim0], perm[dim1])
            if order > 0:
                perm[dim0], perm[dim1] = perm[dim1], perm[dim0]
                dim1 = dim0
            elif order < 0:
                break
    strides, step = [0] * ndim, 1
    for d in perm:
        strides[d] = step
        step *= shape[d]
    return tuple(strides)


def empty_as_strided(a: np.ndarray, dtype) -> np.ndarray:
    """An empty array of ``a``'s shape and strides (in elements) in ``dtype``: torch's preserve_format
    keeps an empty input's strides (every empty tensor counts as dense), where numpy gives zeros."""
    dtype = np.dtype(dtype)
    return np.ndarray(a.shape, dtype, np.empty(0, dtype), 0, [s // a.itemsize * dtype.itemsize for s in a.strides])


def dense(a: np.ndarray) -> bool:
    """torch's is_non_overlapping_and_dense: the elements fill a block of memory, in some dim order."""
    expected = a.itemsize
    for stride, size in sorted((st, sh) for st, sh in zip(a.strides, a.shape) if sh != 1):
        if stride != expected:
            return False
        expected *= size
    return True
