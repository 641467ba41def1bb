"""Index arithmetic and grouping: ``unravel_index`` (torch writes it in Python over its own ops, and so
is it composed here, for torch's values, dtypes and errors) and ``unique_consecutive``."""
from __future__ import annotations

import itertools
import operator

from .. import dtypes
from ..creation import tensor
from ..dims import wrap_dim
from ..dispatch import call
from ..ops.unique_consecutive import UNIQUE_CONSECUTIVE
from ..public import public
from ..tensor import Size, Tensor
from .arithmetic import floor_divide, remainder
from .common import _check_tensor
from .shapes import unbind, unsqueeze


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
    _check_tensor(input, "unique_consecutive")
    if dim is not None:
        if input.ndim == 0:
            raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
        dim = wrap_dim(dim, input.ndim)
    values, inverse, counts = call(UNIQUE_CONSECUTIVE, (input,), {"dim": dim})
    out = (values,) + ((inverse,) if return_inverse else ()) + ((counts,) if return_counts else ())
    return out[0] if len(out) == 1 else out
