"""torch functions gradcli composes from the op table (addcmul, addcdiv, logit, deg2rad, rot90,
diagflat; torch gives some a node of its own, here the ops') and integer-valued ones with no
gradient (unique, bincount, searchsorted, bucketize, isin, argwhere, tril_indices, triu_indices)."""
from __future__ import annotations

import numpy as np

from ..device import require_cpu
from .. import dtypes, errors, instrumentation
from ..dispatch import call
from ..dims import wrap_dim
from ..ops import dtype_rules, pointwise as P, pointwise_more as PM, shape as S
from ..ops.special_functions import logit as _logit
from ..public import public
from ..instrumentation import examplewise
from ..tensor import Tensor, make
from .linear_algebra import diag
from .shapes import nonzero

__all__ = ["addcdiv", "addcmul", "argwhere", "bincount", "bucketize", "deg2rad", "diagflat", "isin", "logit",
           "rad2deg", "rot90", "searchsorted", "tril_indices", "triu_indices", "unique"]


@public(method=True)
def addcmul(input, tensor1, tensor2, *, value=1):
    """torch's AddcmulBackward0: input + value * tensor1 * tensor2, value in the result's dtype."""
    return call(P.ADDCMUL, (input, tensor1, tensor2), {"value": value})


@public(method=True)
def addcdiv(input, tensor1, tensor2, *, value=1):
    """torch's AddcdivBackward0: input + value * tensor1 / tensor2 (integer tensor1 and tensor2 refused)."""
    return call(P.ADDCDIV, (input, tensor1, tensor2), {"value": value})


@public(method=True)
def logit(input, eps=None):
    """torch.logit: its own record (LogitBackward0 saving self and eps), in ops/special_functions."""
    return _logit(input, eps)


@public(method=True)
def deg2rad(input):
    return call(PM.DEG2RAD, (input,))


@public(method=True)
def rad2deg(input):
    return call(PM.RAD2DEG, (input,))


@public(method=True)
def rot90(input, k=1, dims=(0, 1)):
    """Rotate by 90 degrees k times in the plane of ``dims``, from the first towards the second."""
    if len(dims) != 2:
        raise errors.AutogradError(f"expected total rotation dims == 2, but got dims = {len(dims)}")
    if input.ndim < 2:
        raise errors.AutogradError(f"expected total dims >= 2, but got total dims = {input.ndim}")
    d0, d1 = dims
    if d0 % input.ndim == d1 % input.ndim:
        raise errors.AutogradError(f"expected rotation dims to be different, but got dim0 = {d0} and dim1 = {d1}")
    wrap_dim(d0, input.ndim), wrap_dim(d1, input.ndim)
    return call(S.ROT90, (input,), {"turns": int(k), "plane": (int(d0), int(d1))})


@public(method=True)
def diagflat(input, offset=0):
    return diag(input.reshape(-1), offset)


def _ints(t, name):
    if not isinstance(t, Tensor):
        raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not {type(t).__name__}")
    return t._data


@public(method=True)
def unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    from ..ops import unique_consecutive as U
    _ints(input, "_unique2" if dim is None else "unique_dim")
    if dim is None:
        values, inverse, counts = call(U.UNIQUE, (input,))
    elif input.ndim == 0:
        raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
    else:
        values, inverse, counts = call(U.UNIQUE_DIM, (input,), {"dim": wrap_dim(dim, input.ndim) % input.ndim})
    out = (values,) + ((inverse,) if return_inverse else ()) + ((counts,) if return_counts else ())
    return out[0] if len(out) == 1 else out


@public(method=True)
@examplewise
def bincount(input, weights=None, minlength=0):
    data = _ints(input, "bincount")
    if data.dtype.kind not in "iu":
        raise dtype_rules.not_implemented("bincount_cpu", data)
    if data.ndim != 1:
        raise errors.AutogradError("bincount only supports 1-d non-negative integral inputs.")
    if data.size and data.min() < 0:
        raise errors.AutogradError("bincount only supports 1-d non-negative integral inputs.")
    instrumentation.check_shape((max(int(minlength), int(data.max()) + 1 if data.size else 0),))
    if weights is None:
        return make(np.bincount(data, minlength=minlength).astype(np.int64))
    w = weights._data
    return make(np.bincount(data, weights=w, minlength=minlength).astype(w.dtype if w.dtype.kind == "f"
                                                                           else np.float64))


@public(method=True)
@examplewise
def histc(input, bins=100, min=0, max=0):
    """Counts in ``bins`` equal bins over [min, max] (the data's range when min == max); values outside
    it and NaN are not counted; no gradient, as torch. A range that is not finite (from the data's NaN
    or inf too) is refused."""
    data = input._data
    if data.dtype.kind == "c" and min == max:   # torch finds the range first
        raise dtype_rules.not_implemented("aminmax_cpu", data)
    if data.dtype.kind != "f":
        raise NotImplementedError(f'"histogram_cpu" not implemented for \'{dtypes.scalar_type_name(data.dtype)}\'')
    if bins <= 0:
        raise errors.AutogradError(f"torch.histogram(): bins must be > 0, but got {bins} for dimension 0")
    instrumentation.check_shape((bins,))
    kind = data.dtype.type
    lo, hi = kind(min), kind(max)
    if lo == hi and data.size:
        lo, hi = data.min(), data.max()
        if np.isnan(lo) and data.size > 1:      # torch's vectorized min/max make the default NaN, -nan
            lo = hi = -abs(lo)
    if not (np.isfinite(lo) and np.isfinite(hi)):
        raise errors.AutogradError(f"torch.histc: range of [{_c_float(lo)}, {_c_float(hi)}] is not finite")
    if lo == hi:
        lo, hi = lo - kind(1), hi + kind(1)
    if lo > hi:
        raise errors.AutogradError("torch.histc: max must be larger than min")
    inside = data[(data >= lo) & (data <= hi)]
    # torch's bin of an element, in the input's precision: (x - min) * bins / (max - min), max in the last bin
    pos = ((inside - lo) * kind(bins) / (hi - lo)).astype(np.int64)
    np.minimum(pos, bins - 1, out=pos)
    return make(np.bincount(pos, minlength=bins).astype(data.dtype))


def _c_float(x) -> str:
    """A float as C++'s stream prints it (torch's messages): 1, 2.5, 1e+10, inf, -nan."""
    if np.isnan(x):
        return "-nan" if np.signbit(x) else "nan"
    return "%g" % x


@public()
@examplewise
def searchsorted(sorted_sequence, input, *, out_int32=False, right=False, side=None, sorter=None):
    if side is not None:
        if side not in ("left", "right"):
            raise errors.AutogradError(f"torch.searchsorted(): side can only be 'left' or 'right' but got {side}")
        if right and side != "right":
            raise errors.AutogradError("torch.searchsorted(): side and right can't be set to opposites, got side of "
                                       f"{side} while right was True")
    right = right or side == "right"
    seq = sorted_sequence._data
    values = input._data if isinstance(input, Tensor) else np.asarray(input)
    dtype_rules.refuse_complex(_SEARCH_REFUSAL, seq, values)
    if sorter is not None:
        seq = np.take_along_axis(seq, _sort_order(sorter, seq), axis=-1)
    how = "right" if right else "left"
    if seq.ndim == 1:
        found = np.searchsorted(seq, values, side=how)
    else:
        rows = seq.reshape(-1, seq.shape[-1])
        vals = values.reshape(rows.shape[0], -1)
        found = np.stack([np.searchsorted(r, v, side=how) for r, v in zip(rows, vals)]).reshape(values.shape)
    return make(np.asarray(found).astype(np.int32 if out_int32 else np.int64))


_SEARCH_REFUSAL = dtype_rules.complex_kernel("searchsorted_out_cpu")


def _sort_order(sorter, seq: np.ndarray) -> np.ndarray:
    """``sorter``: the indices that sort an unsorted ``sorted_sequence`` along its last dim, checked as torch."""
    if not isinstance(sorter, Tensor):
        raise TypeError(f"searchsorted(): argument 'sorter' must be Tensor, not {type(sorter).__name__}")
    order = sorter._data
    if order.shape != seq.shape:
        raise errors.AutogradError(f"torch.searchsorted(): boundary and sorter must have the same size, but got "
                                   f"boundary tensor {list(seq.shape)}and got sorter tensor {list(order.shape)}")
    if order.dtype != np.int64:
        raise errors.AutogradError(f"torch.searchsorted(): sorter must be a tensor of long dtype but got dtype "
                                   f"{dtypes.scalar_type_name(order.dtype)}")
    if order.size and (order.min() < 0 or order.max() >= seq.shape[-1]):
        raise errors.AutogradError("torch.searchsorted(): sorter index out of range")
    return order


@public()
def bucketize(input, boundaries, *, out_int32=False, right=False):
    return searchsorted(boundaries, input, out_int32=out_int32, right=right)


@public()
@examplewise
def isin(elements, test_elements, *, assume_unique=False, invert=False):
    a = elements._data if isinstance(elements, Tensor) else np.asarray(elements)
    b = test_elements._data if isinstance(test_elements, Tensor) else np.asarray(test_elements)
    for d in (a, b):
        if d.dtype.kind == "c":
            raise errors.AutogradError("Unsupported input type encountered for isin(): "
                                       + dtypes.scalar_type_name(d.dtype))
    return make(np.isin(a, b, invert=invert))


@public(method=True)
@examplewise
def argwhere(input):
    return nonzero(input)


def _lower_count(row: int, col: int, offset: int) -> int:
    """How many (r, c) with r < row, c < col, c <= r + offset: sum over rows of clip(r + offset + 1, 0, col)."""
    k = offset + 1
    lo, hi = min(max(-k, 0), row), min(max(col - k, 0), row)
    return (hi - lo) * (lo + hi - 1) // 2 + k * (hi - lo) + (row - hi) * col if col > 0 and row > 0 else 0


def _indices(fn, row, col, offset, dtype):
    lower = _lower_count(row, col, offset)
    instrumentation.check_shape((2, lower if fn is np.tril_indices else max(row, 0) * max(col, 0)
                                 - _lower_count(row, col, offset - 1)))
    rows, cols = fn(row, offset, col)
    return make(np.stack([rows, cols]).astype(dtypes.as_dtype(dtype).np if dtype is not None else np.int64))


@public()
def tril_indices(row, col, offset=0, *, dtype=None, device=None, layout=None):
    require_cpu(device)
    return _indices(np.tril_indices, row, col, offset, dtype)


@public()
def triu_indices(row, col, offset=0, *, dtype=None, device=None, layout=None):
    require_cpu(device)
    return _indices(np.triu_indices, row, col, offset, dtype)
