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


def _is_index(value) -> bool:
    try:
        operator.index(value)
    except TypeError:
        return False
    return True
