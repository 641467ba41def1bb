"""Dimension arguments as torch checks them (shared by every op family and the API)."""
from __future__ import annotations

import builtins
import operator

import numpy as np


class GivenNegative(int):
    """A dim the caller wrote negative. Records keep every dim negative; a node shows a dim given
    positive as positive, and one given negative as torch saved it: unwrapped, as an unsigned 64-bit
    number (``softmax(-1)``'s ``_saved_dim`` is 2**64 - 1)."""
    __slots__ = ()


class KernelStride(tuple):
    """A pool's stride the caller left out: the kernel size, which the pool uses; torch's node saves
    the stride as given (``max_pool2d(x, 2).grad_fn._saved_stride`` is ``()``)."""
    __slots__ = ()


def wrap_dim(dim: int, ndim: int) -> int:
    """A dim as a negative index into an ``ndim``-d shape, with torch's range error."""
    n = builtins.max(ndim, 1)
    if not isinstance(dim, (int, np.integer)) or isinstance(dim, bool):
        raise TypeError(f"dim must be an int, not {type(dim).__name__}")
    if not -n <= dim < n:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {dim})")
    if dim < 0 and ndim:
        return GivenNegative(dim)
    return int(dim) % n - n if ndim else -1


def wrap_dim_of_sized(dim: int, ndim: int, shown=None) -> int:
    """wrap_dim where torch reads a size along the dim (maybe_wrap_dim without wrap_scalar): a 0-d
    tensor has none, whatever the dim (``shown``: the dim torch names, when not the one given)."""
    if ndim == 0:
        raise IndexError(f"Dimension specified as {dim if shown is None else shown} but tensor has no dimensions")
    return wrap_dim(dim, ndim)


def squeeze_dims(dims, ndim: int) -> tuple:
    """squeeze's list of dims, wrapped (negative) and checked for repeats as torch checks them."""
    out = tuple(wrap_dim(d, ndim) for d in dims)
    for i, d in enumerate(out):
        if d in out[:i]:
            raise RuntimeError(f"dim {d % builtins.max(ndim, 1)} appears multiple times in the list of dims")
    return out


def int_sizes(sizes, fn: str, arg: str = "size") -> tuple:
    """Sizes as ints, a float refused with torch's TypeError: ``int(1.5)`` would make
    ``torch.zeros(1.5)`` a tensor of one element instead of an error."""
    try:
        return tuple(operator.index(s) for s in sizes)
    except TypeError:
        bad = next(s for s in sizes if not _is_index(s))
        raise TypeError(f"{fn}(): argument '{arg}' (position 1) must be tuple of ints, but found element of type "
                        f"{type(bad).__name__} at pos {list(sizes).index(bad)}") from None


def int_list(values, fn: str, arg: str, position: int) -> tuple:
    """An int-list argument (torch's IntArrayRef) as torch's argument parser reads it: a tuple or list
    of ints, an integer tensor of one element counting as its int and a bool too after the first
    place, each within a C long long; anything else is torch's TypeError, where ``int(p)`` would take
    1.5 as 1 and 2**64 as a size."""
    if not isinstance(values, (tuple, list)):
        raise TypeError(f"{fn}(): argument '{arg}' (position {position}) must be tuple of ints, not "
                        f"{type(values).__name__}")
    out = []
    for k, value in enumerate(values):
        if (k == 0 and isinstance(value, bool)) or not _is_index(value):
            if k == 0:
                raise TypeError(f"{fn}(): argument '{arg}' (position {position}) must be tuple of ints, but found "
                                f"element of type {type(value).__name__} at pos 0")
            raise TypeError(f"{fn}(): argument '{arg}' failed to unpack the object at pos {k + 1} with error "
                            f'"type must be tuple of ints,but got {type(value).__name__}"')
        n = operator.index(value)
        if not -(1 << 63) <= n < 1 << 63:
            raise TypeError(f"{fn}(): argument '{arg}' failed to unpack the object at pos {k + 1} with error "
                            f'"Overflow when unpacking long long"')
        out.append(n)
    return tuple(out)


def _is_index(value) -> bool:
    try:
        operator.index(value)
    except TypeError:
        return False
    return True
