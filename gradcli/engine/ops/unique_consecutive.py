"""``unique`` and ``unique_consecutive``: the distinct elements (or slices along ``dim``), sorted, or
one of each run of equal neighbours; the group each input element belongs to, and the groups' sizes.
NaN equals nothing, so each NaN is a group of its own.

torch records a node (Unique2Backward0, UniqueDimBackward0, UniqueConsecutiveBackward0) on a float
input that requires grad, whose backward raises (there is no derivative); so do these records'.
"""
from __future__ import annotations

import numpy as np

from .. import errors
from . import dtype_rules
from .registry import KEEP, defop


def _runs(starts):
    """Inverse (run number of each element) and counts, from the boolean run starts."""
    inverse = np.cumsum(starts) - 1
    first = np.flatnonzero(starts)
    counts = np.diff(np.append(first, len(starts)))
    return inverse.astype(np.int64), counts.astype(np.int64)


def _empty_along(a, dim):
    """torch's result (or refusal) along ``dim`` of a tensor with no elements."""
    zero_dims = sum(1 for n in a.shape if n == 0)
    if a.shape[dim] == 0:
        if zero_dims != 1:
            raise errors.AutogradError("Number of zero sized dimensions is more than one, so unique cannot be applied ")
        return a.copy(), np.zeros(0, np.int64), np.zeros(0, np.int64)
    raise errors.AutogradError("There are 0 sized dimensions, and they aren't selected, so unique cannot be applied")


def _unique_consecutive(a, dim):
    dtype_rules.refuse_complex(dtype_rules.complex_kernel("unique" if dim is None else "unique_dim"), a)
    if dim is None:
        flat = a.reshape(-1)
        starts = np.ones(flat.shape, bool)
        starts[1:] = flat[1:] != flat[:-1]
        inverse, counts = _runs(starts)
        return flat[starts], inverse.reshape(a.shape), counts
    if not a.size:
        return _empty_along(a, dim)
    rows = np.moveaxis(a, dim, 0).reshape(a.shape[dim], -1)
    starts = np.ones(len(rows), bool)
    starts[1:] = (rows[1:] != rows[:-1]).any(axis=1)
    inverse, counts = _runs(starts)
    return np.compress(starts, a, axis=dim), inverse, counts


def _unique2(a):
    values, inverse, counts = np.unique(a.reshape(-1), return_inverse=True, return_counts=True, equal_nan=False)
    return values, inverse.reshape(a.shape).astype(np.int64), counts.astype(np.int64)


def _unique_dim(a, dim):
    if not a.size:
        return _empty_along(a, dim)
    values, inverse, counts = np.unique(a, return_inverse=True, return_counts=True, axis=dim)
    return values, inverse.reshape(-1).astype(np.int64), counts.astype(np.int64)


def _underived(name, node, forward, real):
    def backward(m, g, **params):
        raise NotImplementedError(f"the derivative for '{name}' is not implemented.")
    return defop(name, node, ("self",), forward, backward, promote=KEEP, outputs=3, nondiff_outputs=(1, 2),
                 jvp_note="none: torch has no derivative", rule="raises: torch has no derivative", real=real)


UNIQUE_CONSECUTIVE = _underived("unique_consecutive", "UniqueConsecutiveBackward0", _unique_consecutive, None)
UNIQUE = _underived("_unique2", "Unique2Backward0", _unique2, dtype_rules.complex_kernel("unique"))
UNIQUE_DIM = _underived("unique_dim", "UniqueDimBackward0", _unique_dim, dtype_rules.complex_kernel("unique_dim"))
