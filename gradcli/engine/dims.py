"""Dimension arguments as torch checks them (shared by every op family and the API)."""
from __future__ import annotations

import builtins

import numpy as np


def wrap_dim(dim: int, ndim: int) -> int:
    """A dim as a negative index into an ``ndim``-d shape, with torch's range error."""
    n = builtins.max(ndim, 1)
    if not isinstance(dim, (int, np.integer)) or isinstance(dim, bool):
        raise TypeError(f"dim must be an int, not {type(dim).__name__}")
    if not -n <= dim < n:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {dim})")
    return int(dim) % n - n if ndim else -1


def squeeze_dims(dims, ndim: int) -> tuple:
    """squeeze's list of dims, wrapped (negative) and checked for repeats as torch checks them."""
    out = tuple(wrap_dim(d, ndim) for d in dims)
    for i, d in enumerate(out):
        if d in out[:i]:
            raise RuntimeError(f"dim {d % builtins.max(ndim, 1)} appears multiple times in the list of dims")
    return out
