"""Index arithmetic and grouping: ``unravel_index`` and ``combinations`` (torch composes both of its own
ops, and so are they composed here: torch's values, dtypes, nodes and errors) and ``unique_consecutive``."""
from __future__ import annotations

import itertools
import operator

import numpy as np

from .. import dtypes, errors, instrumentation
from ..creation import empty, tensor
from ..dims import wrap_dim
from ..dispatch import call
from ..ops.index_functions import masked_select
from ..public import public
from ..instrumentation import examplewise
from ..tensor import Size, Tensor
from .arithmetic import floor_divide, remainder
from .common import _check_tensor
from .composites import meshgrid
from .shapes import stack, unbind, unsqueeze


@public()
def unravel_index(indices, shape):
    """Flat indices into coordinates of ``shape``, as torch's: indices out of range wrap (no check)."""
    if not isinstance(indices, Tensor):
        raise AttributeError(f"'{type(indices).__name__}' object has no attribute 'is_complex'")
    if indices.dtype.is_complex or indices.dtype.is_floating_point or indices.dtype is dtypes.bool:
        raise TypeError(f"expected 'indices' to be integer dtype, but got {indices.dtype}")
    if isinstance(shape, int):
        shape = (shape,)
    elif isinstance(shape, (list, tuple)):
        for dim in shape:
            if not isinstance(dim, int):
                raise TypeError(f"expected 'shape' sequence to only contain ints, but got {type(dim)}")
    else:
        raise TypeError(f"expected 'shape' to be int or sequence of ints, but got {type(shape)}")
    shape = Size(shape)
    if any(dim < 0 for dim in shape):
        raise ValueError(f"'shape' cannot have negative values, but got {tuple(shape)}")
    coefs = list(reversed(list(itertools.accumulate(reversed(shape[1:] + (1,)), func=operator.mul))))
    flat = remainder(floor_divide(unsqueeze(indices, -1), tensor(coefs, dtype=dtypes.int64)),
                     tensor(list(shape), dtype=dtypes.int64))
    return unbind(flat, -1)


@public(method=True)
def unique_consecutive(input, return_inverse=False, return_counts=False, dim=None):
    from ..ops.unique_consecutive import UNIQUE_CONSECUTIVE
    _check_tensor(input, "unique_consecutive")
    if dim is not None:
        if input.ndim == 0:
            raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
        dim = wrap_dim(dim, input.ndim)
    values, inverse, counts = call(UNIQUE_CONSECUTIVE, (input,), {"dim": dim})
    out = (values,) + ((inverse,) if return_inverse else ()) + ((counts,) if return_counts else ())
    return out[0] if len(out) == 1 else out


@public()
def combinations(input, r=2, with_replacement=False):
    """The r-element combinations of a vector's elements, in lexicographic order of positions: torch's
    meshgrid of r copies, each masked to increasing (non-decreasing) positions, stacked as columns."""
    _check_tensor(input, "combinations")
    if input.ndim != 1:
        raise errors.AutogradError(f"Expect a 1D vector, but got shape {list(input.shape)}")
    if r < 0:
        raise errors.AutogradError(f"Expect a non-negative number, but got {r}")
    if r == 0:
        return empty(0, dtype=input.dtype)
    instrumentation.check_shape((input.shape[0],) * r)     # torch's mask over every r-tuple of positions
    grid = np.indices((input.shape[0],) * r)
    mask = np.ones(grid.shape[1:], bool)
    for i in range(r - 1):
        mask &= grid[i] <= grid[i + 1] if with_replacement else grid[i] < grid[i + 1]
    mask = tensor(mask)
    return stack([masked_select(t, mask) for t in meshgrid(*(input,) * r, indexing="ij")], 1)


@public()
@examplewise
def nonzero_static(input, *, size, fill_value=-1):
    """``nonzero``'s rows cut or padded (with ``fill_value``) to exactly ``size`` rows."""
    _check_tensor(input, "nonzero_static")
    if not isinstance(size, int) or size < 0:
        raise errors.AutogradError("nonzero_static: 'size' must be an non-negative integer")
    found = np.argwhere(input._data)[:size]
    out = np.full((size, input.ndim), fill_value, np.int64)
    out[:len(found)] = found
    return tensor(out)
