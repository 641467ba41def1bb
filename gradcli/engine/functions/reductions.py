"""``torch.sum``, ``mean``, ``var``, ``max``, ``norm``, ``cumsum``...: reductions with torch's dim
and dtype arguments, and the overload that decides the node name."""
from __future__ import annotations

import numpy as np

from .. import dtypes, errors, instrumentation as _inst
from ..autograd.grad_mode import mode as _grad_mode
from ..dims import wrap_dim
from ..dispatch import call, call_fast, fast_call
from ..ops import reduction as R
from ..public import public
from ..return_types import result_type
from ..tensor import Tensor, make
from .common import _check_tensor, _dims, nonempty_reduction
from .arithmetic import maximum, minimum


def _with_dtype(input, dtype):
    return input if dtype is None else input.to(dtype)


def _in_dtype(input, dtype, reduce):
    """``reduce(input.to(dtype))`` as torch records a reduction's dtype=: one node, its edge to input
    itself (no ToCopyBackward0), its gradient cast back to input's dtype by the engine."""
    if input._requires_grad and _grad_mode().grad and not (dtype.is_floating_point or dtype.is_complex):
        raise errors.AutogradError(f"Autograd not support dtype: {dtype.scalar_name}")
    cast = input.to(dtype)
    result = reduce(cast)
    if result.dtype != dtype:       # an integer sum promotes to int64: dtype= says otherwise
        result = result.to(dtype)
    node, copy = result.grad_fn, cast.grad_fn
    if cast is input or node is None or copy is None or copy is input.grad_fn:
        return result
    edges = node.next_functions
    node.next_functions = tuple(copy.next_functions[0] if fn is copy else (fn, k) for fn, k in edges)
    node._in_meta = tuple((input._data.shape, input._data.dtype) if fn is copy else meta
                          for (fn, _), meta in zip(edges, node._in_meta))
    return result


@public(method=True)
def sum(input, dim=None, keepdim=False, *, dtype=None):
    if input.__class__ is Tensor and dim is None and dtype is None and not keepdim:
        return (R.SUM.fast_call or fast_call(R.SUM))(input)   # a loss's x.sum(): no argument to check
    input = _check_tensor(input, "sum")
    if dtype is not None:
        return _in_dtype(input, dtype, lambda t: sum(t, dim, keepdim))
    dims = _dims(dim, input.ndim)
    if dims is None and not keepdim:
        return call_fast(R.SUM, input)
    return call(R.SUM_DIM, (input,), {"dim": dims if dims is not None else tuple(range(-input.ndim, 0)),
                                      "keepdim": bool(keepdim)})


@public(method=True)
def nansum(input, dim=None, keepdim=False, *, dtype=None):
    """sum treating NaN as 0 (NansumBackward0: the gradient of a NaN element is 0)."""
    input = _check_tensor(input, "nansum")
    if dtype is not None:
        return _in_dtype(input, dtype, lambda t: nansum(t, dim, keepdim))
    dims = _dims(dim, input.ndim) or tuple(range(-input.ndim, 0))
    return call(R.NANSUM, (input,), {"dim": dims, "keepdim": bool(keepdim)})


@public(method=True)
def nanmean(input, dim=None, keepdim=False, *, dtype=None):
    """mean over the elements that are not NaN: nansum / count, as torch composes it."""
    if not (input.dtype.is_floating_point or input.dtype.is_complex):
        raise errors.AutogradError("nanmean(): expected input to have floating point or complex dtype but got "
                                   + input.dtype.scalar_name)
    total = nansum(input, dim, keepdim, dtype=dtype)
    count = sum(input.isnan().logical_not(), dim, keepdim)
    return total / count


@public(method=True)
def mean(input, dim=None, keepdim=False, *, dtype=None):
    input = _check_tensor(input, "mean")
    if getattr(dtype, "is_floating_point", False) or getattr(dtype, "is_complex", False):
        return _in_dtype(input, dtype, lambda t: mean(t, dim, keepdim))
    input = _with_dtype(input, dtype)
    if input._data.dtype.kind not in "fc":
        which = "Input" if dtype is None else "Optional"
        raise errors.AutogradError(
            f"mean(): could not infer output dtype. {which} dtype must be either a floating point or complex "
            f"dtype. Got: {_type_word(input)}")
    dims = _dims(dim, input.ndim)
    if dims is None and not keepdim:
        return call(R.MEAN, (input,), {"self_sym_numel": int(input._data.size)})
    return call(R.MEAN_DIM, (input,), {"dim": dims if dims is not None else tuple(range(-input.ndim, 0)),
                                       "keepdim": bool(keepdim)})


def _type_word(t: Tensor) -> str:
    return {"int64": "Long", "int32": "Int", "bool": "Bool", "uint8": "Byte", "int16": "Short",
            "int8": "Char"}.get(t._data.dtype.name, t._data.dtype.name)


def _correction(unbiased, correction):
    if correction is not None:
        return correction
    if unbiased is None:
        return 1
    return 1 if unbiased else 0


@public(method=True)
def var(input, dim=None, unbiased=None, keepdim=False, *, correction=None):
    return _spread(R.VAR, "var", input, dim, unbiased, keepdim, correction)


@public(method=True)
def std(input, dim=None, unbiased=None, keepdim=False, *, correction=None):
    return _spread(R.STD, "std", input, dim, unbiased, keepdim, correction)


def _spread(op, name, input, dim, unbiased, keepdim, correction):
    """var, std, var_mean and std_mean: torch's arguments, and its warning when nothing is left to divide by."""
    if isinstance(input, Tensor) and input._data.dtype.kind not in "fc":
        what = name if name.endswith("_mean") else "std and var"
        raise errors.AutogradError(f"{what} only support floating point and complex dtypes")
    if isinstance(dim, bool):
        dim, unbiased = None, dim
    dims = _dims(dim, input.ndim)
    c = _correction(unbiased, correction)
    n = input.numel() if dims is None else int(np.prod([input.shape[d] for d in dims]))
    if n - c <= 0:
        import warnings
        warnings.warn(f"{name}(): degrees of freedom is <= 0. Correction should be strictly less than the "
                      "reduction factor (input numel divided by output numel). (Triggered internally at "
                      "/__w/pytorch/pytorch/aten/src/ATen/native/ReduceOps.cpp:1861.)", UserWarning, stacklevel=3)
    if dim is None and unbiased is None and correction is None:
        c = None     # torch's node shows None when the call gave none (x.var(); an explicit dim=None reads so too)
    return call(op, (input,), {"dim": dims, "correction": c, "keepdim": bool(keepdim)})


@public(method=True)
def prod(input, dim=None, keepdim=False, *, dtype=None):
    if dtype is None and input.dtype is dtypes.uint8:
        dtype = dtypes.int64       # (torch's integral promotion; an explicit uint8 keeps the wrapping product)
    if dtype is not None:
        return _in_dtype(input, dtype, lambda t: prod(t, dim, keepdim))
    if dim is None:
        return call_fast(R.PROD, input)
    return call(R.PROD_DIM, (input,), {"dim": wrap_dim(dim, input.ndim), "keepdim": bool(keepdim)})




@public()
def max(input, dim=None, keepdim=False, *, other=None):
    if isinstance(dim, Tensor):
        return maximum(input, dim)
    if dim is None:
        if input._data.size == 0:
            raise errors.AutogradError("max(): Expected reduction dim to be specified for input.numel() == 0. "
                                       "Specify the reduction dim with the 'dim' argument.")
        return call_fast(R.MAX, input)
    dim = wrap_dim(dim, input.ndim)
    nonempty_reduction("max()", input, (dim,))
    return result_type("max")(*call(R.MAX_DIM, (input,), {"dim": dim, "keepdim": bool(keepdim)}))


@public()
def min(input, dim=None, keepdim=False):
    if isinstance(dim, Tensor):
        return minimum(input, dim)
    if dim is None:
        if input._data.size == 0:
            raise errors.AutogradError("min(): Expected reduction dim to be specified for input.numel() == 0. "
                                       "Specify the reduction dim with the 'dim' argument.")
        return call_fast(R.MIN, input)
    dim = wrap_dim(dim, input.ndim)
    nonempty_reduction("min()", input, (dim,))
    return result_type("min")(*call(R.MIN_DIM, (input,), {"dim": dim, "keepdim": bool(keepdim)}))


@public(method=True)
def amax(input, dim=(), keepdim=False):
    _extreme_dims("amax()", input, dim)
    dims = _dims(dim, input.ndim) or tuple(range(-input.ndim, 0))
    return call(R.AMAX, (input,), {"dim": dims, "keepdim": bool(keepdim)})


@public(method=True)
def amin(input, dim=(), keepdim=False):
    _extreme_dims("amin()", input, dim)
    dims = _dims(dim, input.ndim) or tuple(range(-input.ndim, 0))
    return call(R.AMIN, (input,), {"dim": dims, "keepdim": bool(keepdim)})


@public(method=True)
def argmax(input, dim=None, keepdim=False):
    return call(R.ARGMAX, (input,), {"dim": _arg_dim("argmax()", input, dim), "keepdim": keepdim})


@public(method=True)
def argmin(input, dim=None, keepdim=False):
    return call(R.ARGMIN, (input,), {"dim": _arg_dim("argmin()", input, dim), "keepdim": keepdim})


def _arg_dim(name, input, dim):
    """argmax/argmin's checks, torch's: no bool kernel, no index of an empty slice."""
    if input.dtype == dtypes.bool:
        raise errors.AutogradError(f"{name}: does not support bool input")
    if dim is None:
        if input._data.size == 0:
            raise IndexError(f"{name}: Expected reduction dim to be specified for input.numel() == 0.")
        return None
    dim = wrap_dim(dim, input.ndim)
    nonempty_reduction(name, input, (dim,))
    return dim


def _extreme_dims(name, input, dim):
    """amax/amin's checks, torch's: the dims named as given, or a non-empty input when none are."""
    dims = tuple(dim) if isinstance(dim, (list, tuple)) else (dim,)
    if dims:
        nonempty_reduction(name, input, dims, as_given=True)
    elif input._data.size == 0:
        raise errors.AutogradError(f"{name}: Expected reduction dim to be specified for input.numel() == 0. "
                                   "Specify the reduction dim with the 'dim' argument.")


@public(method=True)
def logsumexp(input, dim, keepdim=False):
    return call(R.LOGSUMEXP, (input,), {"dim": _dims(dim, input.ndim) or tuple(range(-input.ndim, 0)),
                                        "keepdim": bool(keepdim)})


_linalg = [None]    # torch.linalg.matrix_norm, a layer above: linalg_functions installs it when it loads


@public(method=True)
def norm(input, p="fro", dim=None, keepdim=False, dtype=None):
    if dtype is not None:
        if not (dtype.is_floating_point or dtype.is_complex):
            raise errors.AutogradError("linalg.vector_norm: dtype should be floating point or complex, but got "
                                       f"{dtype.scalar_name}")
        return _in_dtype(input, dtype, lambda t: norm(t, p, dim, keepdim))
    if input._data.dtype.kind not in "fc":
        raise errors.AutogradError("linalg.vector_norm: Expected a floating point or complex tensor as input. "
                                   f"Got {_type_word(input)}")
    if p is None:
        p = "fro"
    if p == "nuc":   # torch.norm hands the nuclear norm to linalg.matrix_norm, over every dim by default
        return _linalg[0](input, "nuc", tuple(range(input.ndim)) if dim is None else dim, keepdim)
    if isinstance(p, str) and p not in ("fro",):
        raise errors.AutogradError(f"norm(): unsupported p='{p}' (gradcli has p = 1, 2, inf, -inf, 'fro' and "
                                   "other real numbers)")
    # torch.norm's 'fro' is linalg.vector_norm's ord 2 (what its node saves)
    return call(R.NORM, (input,), {"ord": 2 if p == "fro" else p, "dim": _dims(dim, input.ndim),
                                   "keepdim": bool(keepdim)})


@public(method=True)
def cumsum(input, dim, *, dtype=None):
    if dtype is not None:
        return _in_dtype(input, dtype, lambda t: cumsum(t, dim))
    return call(R.CUMSUM, (input,), {"dim": wrap_dim(dim, input.ndim)})


@public(method=True)
def cumprod(input, dim, *, dtype=None):
    if dtype is not None:
        return _in_dtype(input, dtype, lambda t: cumprod(t, dim))
    return call(R.CUMPROD, (input,), {"dim": wrap_dim(dim, input.ndim)})




@public(method=True)
def cummax(input, dim):
    return result_type("cummax")(*call(R.CUMMAX, (input,), {"dim": wrap_dim(dim, input.ndim)}))


@public(method=True)
def cummin(input, dim):
    return result_type("cummin")(*call(R.CUMMIN, (input,), {"dim": wrap_dim(dim, input.ndim)}))


@public(method=True)
def logcumsumexp(input, dim):
    return call(R.LOGCUMSUMEXP, (input,), {"dim": wrap_dim(dim, input.ndim)})


@public(method=True)
def mode(input, dim=-1, keepdim=False):
    """The most frequent value along dim (the smallest of equally frequent ones) and its last index."""
    dim = wrap_dim(dim, input.ndim)
    nonempty_reduction("mode()", input, (dim,))
    return result_type("mode")(*call(R.MODE, (input,), {"dim": dim, "keepdim": bool(keepdim)}))


@public(method=True)
def all(input, dim=None, keepdim=False):
    if input.__dict__.get("_lv"):        # inside vmap: counted through the batching rules
        return _logical_result(input, _nonzeros(input == 0, dim, keepdim) == 0)
    _within_limit(input, dim, keepdim)
    return _logical_result(input, make(np.asarray(np.all(
        input._data, axis=_logical_dims(dim, input.ndim), keepdims=keepdim))))


@public(method=True)
def any(input, dim=None, keepdim=False):
    if input.__dict__.get("_lv"):
        return _logical_result(input, _nonzeros(input != 0, dim, keepdim) > 0)
    _within_limit(input, dim, keepdim)
    return _logical_result(input, make(np.asarray(np.any(
        input._data, axis=_logical_dims(dim, input.ndim), keepdims=keepdim))))


def _logical_dims(dim, ndim: int):
    """all/any's dims: an int or a tuple of them (checked as sum's), where no dim at all reduces nothing."""
    if isinstance(dim, (list, tuple)):
        return _dims(dim, ndim) if dim else ()
    return None if dim is None else wrap_dim(dim, ndim)


def _logical_result(input, result):
    """torch's all/any of a uint8 tensor answer in uint8 (0 or 1), of every other dtype in bool."""
    return result.to(dtypes.uint8) if input.dtype == dtypes.uint8 else result


@public(method=True)
def count_nonzero(input, dim=None):
    if input.__dict__.get("_lv"):
        return _nonzeros(input != 0, dim, False)
    _within_limit(input, dim, False)
    return make(np.asarray(np.count_nonzero(input._data, axis=_dims(dim, input.ndim)), dtype=np.int64))


def _within_limit(input, dim, keepdim: bool) -> None:
    """The result's shape against the run's element limit before numpy makes it: reducing a zero-size
    dim away leaves the others (torch.zeros(0, 10**7).all(0) has 10**7 elements)."""
    if _inst.limit is None or dim is None or input._data.size:
        return
    shape = input.shape
    dims = {wrap_dim(d, len(shape)) % len(shape) for d in (dim if isinstance(dim, (tuple, list)) else (dim,))}
    _inst.check_shape([1 if i in dims else n for i, n in enumerate(shape)] if keepdim else
                      [n for i, n in enumerate(shape) if i not in dims])


def _nonzeros(mask, dim, keepdim):
    """How many elements of a bool mask are set, over dim (all dims when None), as an int64 sum."""
    if dim is None:
        return sum(mask).reshape((1,) * mask.ndim) if keepdim else sum(mask)
    return sum(mask, dim, keepdim)
