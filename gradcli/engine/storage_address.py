"""What ``data_ptr()`` shows: a number per storage plus the byte offset of the tensor's first
element, so the comparisons tutorials make (a view starts where its base does, ``x[1:]`` one
element further, ``contiguous()`` of a transposed tensor elsewhere) come out as in torch, while
the process's real addresses stay hidden from scripts (they would only map its heap)."""
from __future__ import annotations

import itertools
import weakref

import numpy as np

_FIRST = 0x5A0000000000     # the range heap addresses print in, as torch's do
_SPACING = 1 << 36          # room for the largest storage between two numbers
_numbers = itertools.count()
_bases: dict = {}


def root_array(a: np.ndarray) -> np.ndarray:
    """The array that owns the memory ``a`` views (through numpy's as_strided too, whose result's base
    is a holder of the array it views: unfold, empty_strided)."""
    while True:
        base = a.base
        if base is not None and not isinstance(base, np.ndarray):
            base = getattr(base, "base", None)
        if not isinstance(base, np.ndarray):
            return a
        a = base


def storage_address(root: np.ndarray) -> int:
    """The stand-in address of a storage, the same for as long as the storage lives."""
    key = id(root)
    base = _bases.get(key)
    if base is None:
        base = _bases[key] = _FIRST + next(_numbers) * _SPACING
        weakref.finalize(root, _bases.pop, key, None)   # before the id can name another array
    return base


def data_address(a: np.ndarray) -> int:
    """The stand-in address of ``a``'s first element."""
    root = root_array(a)
    return storage_address(root) + a.__array_interface__["data"][0] - root.__array_interface__["data"][0]
