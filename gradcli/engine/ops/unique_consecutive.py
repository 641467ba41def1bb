"""``unique_consecutive``: one element (or slice along ``dim``) of each run of equal neighbours, the run
each input element belongs to, and the runs' lengths. NaN equals nothing, so each NaN is a run.

torch records a UniqueConsecutiveBackward0 node on a float input that requires grad, whose
backward raises (it has no derivative); so does this record's.
"""
from __future__ import annotations

import numpy as np

from .. import errors
from .registry import KEEP, defop


def _runs(starts):
    """Inverse (run number of each element) and counts, from the boolean run starts."""
    inverse = np.cumsum(starts) - 1
    first = np.flatnonzero(starts)
    counts = np.diff(np.append(first, len(starts)))
    return inverse.astype(np.int64), counts.astype(np.int64)


def _unique_consecutive(a, dim):
    if dim is None:
        flat = a.reshape(-1)
        starts = np.ones(flat.shape, bool)
        starts[1:] = flat[1:] != flat[:-1]
        inverse, counts = _runs(starts)
        return flat[starts], inverse.reshape(a.shape), counts
    zero_dims = sum(1 for n in a.shape if n == 0)
    if a.shape[dim] == 0:
        if zero_dims != 1:
            raise errors.AutogradError("Number of zero sized dimensions is more than one, so unique cannot be applied ")
        return a.copy(), np.zeros(0, np.int64), np.zeros(0, np.int64)
    if zero_dims:
        raise errors.AutogradError("There are 0 sized dimensions, and they aren't selected, so unique cannot be applied")
    rows = np.moveaxis(a, dim, 0).reshape(a.shape[dim], -1)
    starts = np.ones(len(rows), bool)
    starts[1:] = (rows[1:] != rows[:-1]).any(axis=1)
    inverse, counts = _runs(starts)
    return np.compress(starts, a, axis=dim), inverse, counts


def _no_derivative(m, g, **params):
    raise NotImplementedError("the derivative for 'unique_consecutive' is not implemented.")


UNIQUE_CONSECUTIVE = defop("unique_consecutive", "UniqueConsecutiveBackward0", ("self",), _unique_consecutive,
                           _no_derivative, promote=KEEP, outputs=3, nondiff_outputs=(1, 2),
                           jvp_note="none: torch has no derivative", rule="raises: torch has no derivative")
