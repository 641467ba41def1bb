"""Small composites torch users reach for (``matrix_power``, ``addmm``, ``cdist``, ``finfo``...)."""
from __future__ import annotations

import builtins
import warnings

import numpy as np

from .. import dtypes, errors, instrumentation
from ..creation import full_like
from ..dims import GivenNegative, wrap_dim
from ..dispatch import call
from ..ops.index_functions import gather, index_select
from ..ops import pointwise as P
from ..ops import pointwise_more as PM
from ..ops.nn import ADDMM, CDIST, EUCLIDEAN_DIST, MUL_SCALAR
from ..ops import reduction as R
from ..ops.reduction import DIST
from ..ops.shape import SQUEEZE_INPLACE, call_slice, select, unsqueeze
from ..public import public
from ..tensor import Tensor, make
from ..torch_class_names import torch_class_name
from .generated import sqrt
from .shapes import (cat, clone, diagonal, expand, flatten, infer_size, narrow, repeat, required, reshape, stack,
                     transpose, view)
from .arithmetic import _refuse_bool_sub, add, clamp, div, mul, sub, where
from .common import tensor_operands
from .reductions import _spread, cumsum, norm, sum
from .linear_algebra import inverse, matmul, mm, multi_dot
from .linalg_functions import cross as _linalg_cross, matrix_power as _linalg_matrix_power
from .sorting import sort


@public(method=True)
def tile(input, *dims):
    """``x.tile(2, 2)`` as well as ``torch.tile(x, (2, 2))``."""
    required(dims, "tile", "dims")
    dims = tuple(dims[0]) if len(dims) == 1 and isinstance(dims[0], (list, tuple)) else dims
    if len(dims) < input.ndim:
        dims = (1,) * (input.ndim - len(dims)) + dims
    return repeat(input, dims)


@public(method=True)
def repeat_interleave(input, repeats=None, dim=None, *, output_size=None):
    if repeats is None:   # torch.repeat_interleave(counts): the indices repeated by themselves
        counts = np.asarray(input._data)
        instrumentation.check_shape((int(counts.sum()) if counts.size else 0,))
        return make(np.repeat(np.arange(counts.size), counts).astype(np.int64))
    if dim is None:
        input = reshape(input, (-1,))
        dim = 0
    d = wrap_dim(dim, input.ndim)
    n = input.shape[d]
    if isinstance(repeats, int):   # torch: unsqueeze, expand, copy, view (ViewBackward0)
        shape = list(input.shape)
        big = shape[:d % input.ndim + 1] + [repeats] + shape[d % input.ndim + 1:]
        out = clone(expand(unsqueeze(input, d % input.ndim + 1), tuple(big)))
        shape[d] = n * repeats
        return view(out, tuple(shape))
    reps = np.asarray(repeats._data if isinstance(repeats, Tensor) else repeats)
    instrumentation.check_shape((int(reps.sum()) * (n if reps.ndim == 0 else 1),))
    index = np.repeat(np.arange(n), np.broadcast_to(reps, (n,)) if reps.ndim == 0 else reps)
    return index_select(input, d, make(index.astype(np.int64)))


@public()
def meshgrid(*tensors, indexing="ij"):
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tuple(tensors[0])
    _meshgrid_checks(tensors, indexing)
    n = len(tensors)
    sizes = [t.numel() for t in tensors]
    swap = indexing == "xy" and n >= 2
    if swap:
        sizes[0], sizes[1] = sizes[1], sizes[0]
    out = []
    for i, t in enumerate(tensors):
        pos = (1 - i if i < 2 else i) if swap else i
        shape = [1] * n
        shape[pos] = t.numel()
        out.append(expand(view(t, tuple(shape)), tuple(sizes)))
    return tuple(out)


def _meshgrid_checks(tensors: tuple, indexing) -> None:
    """torch's checks, in its order (a 2-d tensor was flattened, tensors of two dtypes made grids)."""
    for i, t in enumerate(tensors):
        if not isinstance(t, Tensor):
            raise TypeError(f"expected Tensor as element {i} in argument 0, but got {type(t).__name__}")
    if not tensors:
        raise errors.AutogradError("meshgrid expects a non-empty TensorList")
    if any(a._data.dtype != b._data.dtype for a, b in zip(tensors, tensors[1:])):
        raise errors.AutogradError("meshgrid expects all tensors to have the same dtype")
    if indexing not in ("ij", "xy"):
        raise errors.AutogradError(f'torch.meshgrid: indexing must be one of "xy" or "ij", but received: {indexing}')
    for t in tensors:
        if t.ndim > 1:
            raise errors.AutogradError("torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: "
                                       f"[ CPU{dtypes.scalar_type_name(t._data.dtype)}Type{{{','.join(map(str, t.shape))}}} ]")


@public()
def cartesian_prod(*tensors):
    for t in tensors:
        if isinstance(t, Tensor) and t.ndim != 1:
            raise errors.AutogradError(f"Expect a 1D vector, but got shape {list(t.shape)}")
    grids = meshgrid(*tensors, indexing="ij")
    return stack([reshape(g, (-1,)) for g in grids], 1) if len(grids) > 1 else tensors[0]


@public()     # (torch has no Tensor.var_mean)
def var_mean(input, dim=None, unbiased=None, keepdim=False, *, correction=None):
    """var and mean in one node (VarMeanBackward0), as torch's."""
    return _spread(R.VAR_MEAN, "var_mean", input, dim, unbiased, keepdim, correction)


@public()     # (torch has no Tensor.std_mean)
def std_mean(input, dim=None, unbiased=None, keepdim=False, *, correction=None):
    """std and mean in one node (StdMeanBackward0), as torch's."""
    return _spread(R.STD_MEAN, "std_mean", input, dim, unbiased, keepdim, correction)


_INTERPOLATIONS = ("linear", "lower", "higher", "midpoint", "nearest")


@public(method=True)
def quantile(input, q, dim=None, keepdim=False, *, interpolation="linear"):
    """torch's composition: sort, gather the values at the ranks below (and above), lerp between them."""
    return _quantile(input, q, dim, keepdim, interpolation, ignore_nan=False)


@public(method=True)
def nanquantile(input, q, dim=None, keepdim=False, *, interpolation="linear"):
    """quantile over the values that are not NaN (NaN where a slice has none)."""
    return _quantile(input, q, dim, keepdim, interpolation, ignore_nan=True)


def _quantile(input, q, dim, keepdim, interpolation, ignore_nan):
    """torch's quantile_compute, with its checks in its order and its nodes."""
    if not isinstance(q, Tensor):
        if not 0 <= q <= 1:
            raise errors.AutogradError(f"quantile() q must be in the range [0, 1] but got {q}")
        q = make(np.asarray(q, input._data.dtype))
    if interpolation not in _INTERPOLATIONS:
        raise errors.AutogradError("quantile() interpolation must be one of linear, lower, higher, midpoint or "
                                   f"nearest, but got {interpolation}")
    if not input.numel():
        raise errors.AutogradError("quantile() input tensor must be non-empty")
    if q.ndim > 1:
        raise errors.AutogradError("quantile() q must be a scalar or 1D tensor")
    if input._data.dtype not in (np.float32, np.float64):
        raise errors.AutogradError("quantile() input tensor must be either float or double dtype")
    if q._data.dtype != input._data.dtype:
        raise errors.AutogradError("quantile() q tensor must be same dtype as the input tensor")
    if dim is None:
        out_shape = [1] * input.ndim if keepdim else []
        ordered = sort(flatten(input)).values
    else:
        d = wrap_dim(dim, builtins.max(input.ndim, 1)) % builtins.max(input.ndim, 1)
        out_shape = list(input.shape)
        if input.ndim:
            if keepdim:
                out_shape[d] = 1
            else:
                del out_shape[d]
        if d == input.ndim - 1:
            ordered = sort(input).values
        else:
            ordered = sort(transpose(unsqueeze(input, -1), d, -1)).values
    qs = np.asarray(q._data)
    if ((qs < 0) | (qs > 1)).any():
        raise errors.AutogradError("quantile() q values must be in the range [0, 1]")
    ordered = view(ordered, tuple(out_shape) + (ordered.shape[-1],))
    ranks = _ranks(ordered, q, interpolation, ignore_nan)
    below = ranks.long()
    values = gather(ordered, -1, below)
    if interpolation in ("linear", "midpoint"):
        weights = full_like(ranks, 0.5) if interpolation == "midpoint" else ranks - below
        values = call(P.LERP_T, (values, gather(ordered, -1, ranks.ceil().long()), weights))
    if q.ndim == 0:
        return call(SQUEEZE_INPLACE, (values,), {"dim": GivenNegative(-1)})   # torch: squeeze_(-1)
    values = call(R.UNSQUEEZE_INPLACE, (values,), {"dim": 0})
    values = call(R.TRANSPOSE_INPLACE, (values,), {"dim0": -values.ndim, "dim1": -1})   # dim0: the first
    return call(SQUEEZE_INPLACE, (values,), {"dim": GivenNegative(-1)})   # torch: squeeze_(-1)


def _ranks(ordered, q, interpolation, ignore_nan):
    """Positions in each sorted slice, in the input's dtype as torch's: q (n - 1), n counting the
    values that are not NaN for nanquantile; a slice holding NaN points at its last (NaN) value."""
    nan = ordered.isnan()
    if ignore_nan:
        ranks = q * (nan.logical_not().sum(-1, keepdim=True) - 1)
        ranks = where(ranks < 0, 0.0, ranks)
    else:
        last = ordered.shape[-1] - 1
        ranks = where(nan.sum(-1, keepdim=True) > 0, float(last), q * last)   # any(): vmap has no rule for it
    if interpolation == "lower":
        return ranks.floor()
    if interpolation == "higher":
        return ranks.ceil()
    return ranks.round() if interpolation == "nearest" else ranks


@public()
def trapezoid(y, x=None, *, dx=None, dim=-1):
    """torch's trapezoid rule: (sum - (first + last) / 2) dx for a constant spacing, else
    sum((left + right) (x_right - x_left), dim) / 2."""
    d = _trapezoid_checks("trapezoid", y, x, dim)
    if not y.shape[d]:
        return make(np.zeros(tuple(s for k, s in enumerate(y.shape) if k != d % y.ndim), y._data.dtype))
    if isinstance(x, Tensor):
        pairs = add(call_slice(y, d, 0, -1, 1), call_slice(y, d, 1, None, 1))
        return call(P.DIV_SCALAR, (sum(mul(pairs, _spacing(y, x, d)), d),), {"other": 2.0})
    ends = call(MUL_SCALAR, (add(select(y, d, 0), select(y, d, -1)),), {"other": 0.5})
    return call(MUL_SCALAR, (sub(sum(y, d), ends),), {"other": _step(dx)})


@public()
def trapz(y, x=None, *, dx=None, dim=-1):
    return trapezoid(y, x, dx=dx, dim=dim)


@public()
def cumulative_trapezoid(y, x=None, *, dx=None, dim=-1):
    """The running trapezoid sums along dim (one fewer than y's samples), as torch composes them."""
    d = _trapezoid_checks("cumulative_trapezoid", y, x, dim)
    pairs = add(call_slice(y, d, 0, -1, 1), call_slice(y, d, 1, None, 1))
    if isinstance(x, Tensor):
        return call(P.DIV_SCALAR, (cumsum(mul(pairs, _spacing(y, x, d)), d),), {"other": 2.0})
    return cumsum(call(MUL_SCALAR, (pairs,), {"other": _step(dx) / 2.0}), d)


def _trapezoid_checks(name, y, x, dim):
    if x is not None and not isinstance(x, Tensor):
        raise TypeError(f"{name}() received an invalid combination of arguments - got (Tensor, {type(x).__name__}), "
                        "but expected one of:\n * (Tensor y, Tensor x, *, int dim = -1)\n"
                        " * (Tensor y, *, Number dx = 1, int dim = -1)\n")
    d = wrap_dim(dim, y.ndim)
    if y._data.dtype.kind == "b":
        raise errors.AutogradError("trapezoid: received a bool input for `y`, but bool is not supported")
    return d


def _step(dx):
    step = 1 if dx is None else dx
    if isinstance(step, (bool, complex)):
        raise errors.AutogradError("trapezoid: Currently, we only support dx as a real number.")
    return float(step)


def _spacing(y, x, d):
    """x_right - x_left along d, x viewed to broadcast against y as torch does (not expanded)."""
    if x.ndim == 1:
        if x.shape[0] != y.shape[d]:
            raise errors.AutogradError("trapezoid: There must be one `x` value for each sample point")
        shape = [1] * y.ndim
        shape[d] = x.shape[0]
        x = view(x, tuple(shape))
    elif x.ndim < y.ndim:
        x = view(x, (1,) * (y.ndim - x.ndim) + tuple(x.shape))
    return sub(call_slice(x, d, 1, None, 1), call_slice(x, d, 0, -1, 1))


@public(method=True)
def cov(input, *, correction=1, fweights=None, aweights=None):
    """torch's cov: rows are variables, columns observations; weighted mean, centred product (mm with
    its transpose), divided by the normalisation factor, squeezed."""
    if input.ndim > 2:
        raise errors.AutogradError("cov(): expected input to have two or fewer dimensions but got an input with "
                                   f"{input.ndim} dimensions")
    if input._data.dtype.kind == "b":
        raise errors.AutogradError("cov(): bool dtype is not supported for input")
    x = view(input, (1, -1)) if input.ndim < 2 else input
    n = x.shape[1]
    w = None
    for name, weights, kinds, kind_word in (("fweights", fweights, "iu", "integral"),
                                            ("aweights", aweights, "f", "floating point")):
        if weights is None:
            continue
        if weights.ndim > 1:
            raise errors.AutogradError(f"cov(): expected {name} to have one or fewer dimensions but got {name} with "
                                       f"{weights.ndim} dimensions")
        if weights._data.dtype.kind not in kinds:
            raise errors.AutogradError(f"cov(): expected {name} to have {kind_word} dtype but got {name} with "
                                       f"{dtypes.scalar_type_name(weights._data.dtype)} dtype")
        if weights.numel() != n:
            raise errors.AutogradError(f"cov(): expected {name} to have the same numel as there are observations in "
                                       f"the input but got {weights.numel()} != {n}")
        if (weights._data < 0).any():
            raise errors.AutogradError(f"cov(): {name} cannot be negative")
        w = weights if w is None else mul(w, weights)
    w_sum = make(np.asarray(n, np.int64)) if w is None else sum(w)
    if w is not None and not w_sum._data.any():
        raise errors.AutogradError("cov(): weights sum to zero, can't be normalized")
    avg = sum(x if w is None else mul(x, w), 1) / w_sum
    if w is not None and correction != 0 and aweights is not None:
        norm_factor = w_sum - correction * sum(mul(w, aweights)) / w_sum
    else:
        norm_factor = w_sum - correction
    if (norm_factor._data <= 0).any():
        warnings.warn("cov(): degrees of freedom is <= 0. Correction should be strictly less than the number of "
                      "observations.", UserWarning, stacklevel=2)
        norm_factor = norm_factor * 0
    x = sub(x, unsqueeze(avg, 1))
    return div(mm(x, (x if w is None else mul(x, w)).t().conj()), norm_factor).squeeze()   # conj: complex


@public(method=True)
def corrcoef(input):
    """cov normalised by the standard deviations on its diagonal, clipped to [-1, 1] (c / c for one variable)."""
    if input.ndim > 2:
        raise errors.AutogradError("corrcoef(): expected input to have two or fewer dimensions but got an input "
                                   f"with {input.ndim} dimensions")
    c = cov(input)
    if c.ndim == 0:
        return div(c, c)
    stddev = sqrt(diagonal(c))
    c = div(div(c, view(stddev, (-1, 1))), view(stddev, (1, -1)))
    return clamp(c, -1, 1)


@public(method=True)
def renorm(input, p, dim, maxnorm):
    """Each slice along dim whose p-norm exceeds maxnorm scaled to maxnorm (RenormBackward0)."""
    if p <= 0:
        raise errors.AutogradError("renorm: non-positive-norm not supported")
    if maxnorm < 0:
        raise errors.AutogradError(f"renorm: expected maxnorm to be >= 0 but got {maxnorm:g}")
    if input.ndim < 2:
        raise errors.AutogradError(f"renorm: input needs at least 2 dimensions, got {input.ndim} dimensions")
    return call(R.RENORM, (input,), {"p": p, "dim": wrap_dim(dim, input.ndim), "maxnorm": maxnorm, "ndim": input.ndim})


@public(method=True)
def cross(input, other, dim=None):
    """torch.cross: linalg.cross along ``dim``; without it (deprecated by torch), the first dim of size 3."""
    if dim is None:
        warnings.warn("Using torch.cross without specifying the dim arg is deprecated.\nPlease either pass the dim "
                      "explicitly or simply use torch.linalg.cross.\nThe default value of dim will change to agree "
                      "with that of linalg.cross in a future release.", UserWarning, stacklevel=2)
        dim = next((i for i, s in enumerate(infer_size(input.shape, other.shape)) if s == 3), -1)
    return _linalg_cross(input, other, dim=dim)


@public(method=True)
def matrix_power(input, n):
    return _linalg_matrix_power(input, n)


@public()
def chain_matmul(*matrices):
    """torch's deprecated spelling of linalg.multi_dot (one matrix: its clone)."""
    warnings.warn("torch.chain_matmul is deprecated and will be removed in a future PyTorch release. Use "
                  "torch.linalg.multi_dot instead, which accepts a list of two or more tensors rather than multiple "
                  "parameters.", UserWarning, stacklevel=2)
    if not matrices:
        raise errors.AutogradError("chain_matmul(): Expected one or more matrices")
    if len(matrices) == 1:
        if matrices[0].ndim != 2:
            raise errors.AutogradError(f"Tensor dimension is {matrices[0].ndim}, expected 2 instead.")
        return clone(matrices[0])
    for m in matrices:
        if m.ndim != 2:
            raise errors.AutogradError(f"Tensor dimension is {m.ndim}, expected 2 instead.")
    return multi_dot(list(matrices))


@public(method=True)
def addmm(input, mat1, mat2, *, beta=1, alpha=1):
    return call(ADDMM, (input, mat1, mat2), {"beta": beta, "alpha": alpha})


@public(method=True)
def addr(input, vec1, vec2, *, beta=1, alpha=1):
    """beta input + alpha outer(vec1, vec2) in one node (AddrBackward0)."""
    for name, v in (("vec1", vec1), ("vec2", vec2)):
        if v.ndim != 1:
            raise errors.AutogradError(f"addr: Expected 1-D argument {name}, but got {v.ndim}-D")
    return call(PM.ADDR, (input, vec1, vec2), {"beta": beta, "alpha": alpha})


@public(method=True)
def dist(input, other, p=2):
    """torch's DistBackward0: the p-norm of input - other (broadcast) in one node."""
    tensor_operands("dist", input, other)
    _refuse_bool_sub(input, other)
    return call(DIST, (input, other), {"p": p})


@public(method=True)
def ravel(input):
    return reshape(input, (-1,))


@public()
def detach(input):
    return input.detach()


@public(method=True)
def is_nonzero(input):
    if input.numel() != 1:
        raise errors.AutogradError("Boolean value of Tensor with more than one value is ambiguous"
                                   if input.numel() else "Boolean value of Tensor with no values is ambiguous")
    return bool(input._data.reshape(()))


@public()
def is_complex(input):
    return input._data.dtype.kind == "c"


@public()
def result_type(tensor1, tensor2):
    """The dtype torch's arithmetic gives the two operands: dimensioned tensors, then 0-d ones, then numbers."""
    dims, zero_dims, scalars = [], [], []
    for t in (tensor1, tensor2):
        if isinstance(t, Tensor):
            (dims if t.ndim else zero_dims).append(t.dtype)
        else:
            scalars.append(t)
    return dtypes.result_type(dims, zero_dims, scalars)


def _info_dtype(name: str, given):
    try:
        return dtypes.as_dtype(given)
    except TypeError:
        raise TypeError(f"{name}(): argument 'type' (position 1) must be torch.dtype, not "
                        f"{type(given).__name__}") from None


class finfo:
    """``torch.finfo(dtype)``: eps, max, min, tiny of a floating dtype (one object per dtype, as torch's,
    so two lookups compare equal)."""

    _made: dict = {}

    def __new__(cls, type=None):
        d = dtypes.get_default_dtype() if type is None else _info_dtype("finfo", type)
        if not d.is_floating_point and not d.is_complex:
            raise TypeError("torch.finfo() requires a floating point input type. Use torch.iinfo to handle "
                            "'torch.finfo'")
        if d not in cls._made:
            self = cls._made[d] = super().__new__(cls)
            info = np.finfo(d.np)       # (a complex dtype's is its parts')
            self.dtype = info.dtype.name
            self.bits = info.bits
            self.eps = float(info.eps)
            self.max = float(info.max)
            self.min = float(info.min)
            self.tiny = self.smallest_normal = float(info.tiny)
            self.resolution = 10.0 ** -info.precision     # torch's: a power of ten, not rounded to the dtype
        return cls._made[d]

    def __repr__(self):
        return (f"finfo(resolution={self.resolution:g}, min={self.min:g}, max={self.max:g}, eps={self.eps:g}, "
                f"smallest_normal={self.tiny:g}, tiny={self.tiny:g}, dtype={self.dtype})")


class iinfo:
    """``torch.iinfo(dtype)``: max, min and bits of an integer dtype (one object per dtype, as torch's)."""

    _made: dict = {}

    def __new__(cls, type):
        d = _info_dtype("iinfo", type)
        if d.name == "bool":
            raise TypeError("torch.bool is not supported by torch.iinfo")
        if d.is_floating_point or d.is_complex:
            raise TypeError("torch.iinfo() requires an integer input type. Use torch.finfo to handle 'torch.iinfo'")
        if d not in cls._made:
            self = cls._made[d] = super().__new__(cls)
            info = np.iinfo(d.np)
            self.dtype = str(d).replace("torch.", "")
            self.bits, self.max, self.min = info.bits, int(info.max), int(info.min)
        return cls._made[d]

    def __repr__(self):     # (torch formats the bounds as %g: int64's read -9.22337e+18)
        return f"iinfo(min={self.min:g}, max={self.max:g}, dtype={self.dtype})"


@public(method=True)
def diff(input, n=1, dim=-1, prepend=None, append=None):
    if input.ndim == 0:
        raise errors.ShapeError("diff expects input to be at least one-dimensional")
    d = wrap_dim(dim, input.ndim)
    if prepend is not None or append is not None:
        input = cat([t for t in (prepend, input, append) if t is not None], d)
    for _ in range(n):
        length = input.shape[d]
        after, before = narrow(input, d, 1, length - 1), narrow(input, d, 0, length - 1)
        # a bool tensor's difference is its neighbours' logical_xor, as torch's
        input = call(P.LOGICAL_XOR, (after, before)) if input._data.dtype.kind == "b" else sub(after, before)
    return input


_CDIST_MODES = {"use_mm_for_euclid_dist_if_necessary": 0, "use_mm_for_euclid_dist": 1,
                "donot_use_mm_for_euclid_dist": 2}


@public()
def cdist(x1, x2, p=2.0, compute_mode="use_mm_for_euclid_dist_if_necessary"):
    """Pairwise p-norm distances between the rows of x1 (..., P, M) and x2 (..., R, M): torch's
    CdistBackward0, or for p = 2 with more than 25 rows (or compute_mode 'use_mm_for_euclid_dist')
    its matrix-product form, EuclideanDistBackward0 under a view, rounding as torch's does."""
    if compute_mode not in _CDIST_MODES:
        raise ValueError(f"{compute_mode} is not a valid value for compute_mode")
    mode = _CDIST_MODES[compute_mode]
    for name, x in (("X1", x1), ("X2", x2)):
        if x.ndim < 2:
            raise errors.AutogradError(f"cdist only supports at least 2D tensors, {name} got: {x.ndim}D")
    for name, x in (("X1", x1), ("X2", x2)):
        if x._data.dtype.kind != "f":
            raise errors.AutogradError(f"cdist only supports floating-point dtypes, {name} got: "
                                       f"{dtypes.scalar_type_name(x._data.dtype)}")
    if x1.shape[-1] != x2.shape[-1]:
        raise errors.AutogradError(f"X1 and X2 must have the same number of columns. X1: {x1.shape[-1]} "
                                   f"X2: {x2.shape[-1]}")
    if p < 0:
        raise errors.AutogradError("cdist only supports non-negative p values")
    r1, r2 = x1.shape[-2], x2.shape[-2]
    instrumentation.check_broadcast(tuple(x1.shape[:-2]) + (r1, 1), tuple(x2.shape[:-2]) + (1, r2))
    if x1.numel() and x2.numel() and p == 2 and (mode == 1 or (mode == 0 and (r1 > 25 or r2 > 25))):
        return _euclidean_cdist(x1, x2)
    return call(CDIST, (x1, x2), {"p": p, "compute_mode": None if mode == 0 else mode})


def _euclidean_cdist(x1, x2):
    """torch's cdist_impl: the broadcast batches made contiguous and viewed as one batch dim,
    _euclidean_dist, a view back."""
    batch = tuple(infer_size(x1.shape[:-2], x2.shape[:-2]))
    n = int(np.prod(batch))
    out = batch + (x1.shape[-2], x2.shape[-2])
    if n != 1:
        x1 = view(expand(x1, batch + tuple(x1.shape[-2:])).contiguous(), (n,) + tuple(x1.shape[-2:]))
        x2 = view(expand(x2, batch + tuple(x2.shape[-2:])).contiguous(), (n,) + tuple(x2.shape[-2:]))
    return view(call(EUCLIDEAN_DIST, (x1, x2)), out)


@public()
def is_inference(input) -> bool:
    """Whether the tensor was made in inference mode (it has no version counter)."""
    return input.is_inference()


@public()
def is_tensor(obj) -> bool:
    return isinstance(obj, Tensor)


@public()
def typename(obj) -> str:
    """A tensor's type string (``torch.FloatTensor``), else the dotted name of the object's class (of the
    class itself for a class): torch's path for the engine's stand-ins of torch classes, no module for
    Python's builtins."""
    if isinstance(obj, Tensor):
        return obj.type()
    cls = obj if isinstance(obj, type) else type(obj)
    torch_name = torch_class_name(cls)
    if torch_name is not None:
        return torch_name
    module = cls.__module__ or ""
    return cls.__qualname__ if module in ("", "builtins") else f"{module}.{cls.__qualname__}"


@public()
def is_floating_point(input) -> bool:
    return input.is_floating_point()


@public()
def numel(input) -> int:
    return input.numel()
