"""The torch-named functional API over the op table (``torch.add``, ``torch.sum``, ...).

Each wrapper parses torch's signature, normalises dims to negative ints and
picks the table record (the overload decides the node name, as in torch).
"""
from __future__ import annotations

import builtins
import math
from collections import namedtuple

import numpy as np

from . import dtypes, errors, instrumentation
from .autograd.anomaly_mode import is_anomaly_enabled  # noqa: F401  (torch.is_anomaly_enabled)
from .autograd.grad_mode import state as _grad_mode
from .creation import (  # noqa: F401  (re-exported as torch.*)
    arange, as_tensor, bernoulli, empty, empty_like, eye, from_numpy, full, full_like, initial_seed, linspace,
    logspace, manual_seed, multinomial, normal, ones, ones_like, rand, rand_like, randint, randint_like, randn,
    randn_like, randperm, scalar_tensor, seed, tensor, zeros, zeros_like,
)
from .dims import wrap_dim
from .dispatch import call, call_inplace
from .ops import OPS, linalg as L, pointwise as P, reduction as R, shape as S
from .ops.indexing import index_select
from .ops.nn import ADDMM
from .ops.shape import call_slice, select, unsqueeze  # noqa: F401  (torch.select, torch.unsqueeze)
from .public import export, public
from .tensor import Tensor, make

_Number = (int, float, bool, complex, np.number, np.bool_)
_FAST_OPERANDS = frozenset((Tensor, float, int))  # operands the dispatcher takes as they are


def _check_tensor(x, fn: str, arg: str = "input") -> Tensor:
    if not isinstance(x, Tensor):
        raise TypeError(f"{fn}(): argument '{arg}' (position 1) must be Tensor, not {type(x).__name__}")
    return x


def _as_operand(x):
    """Tensors and Python numbers pass; lists become tensors (torch accepts neither silently)."""
    if isinstance(x, (Tensor,) + _Number):
        return x
    if isinstance(x, (list, tuple)):
        return tensor(x)
    raise TypeError(f"unsupported operand type: {type(x).__name__}")


def _dims(dim, ndim: int):
    if dim is None:
        return None
    if isinstance(dim, (list, tuple)):
        if len(dim) == 0:
            return None
        out = tuple(sorted({wrap_dim(d, ndim) for d in dim}))
        if len(out) != len(dim):
            raise errors.AutogradError("dim appears multiple times in the list of dims")
        return out
    return (wrap_dim(dim, ndim),)


# -- arithmetic ---------------------------------------------------------------------------------

@public(method=True)
def add(input, other, *, alpha=1):
    if input.__class__ is Tensor and alpha == 1 and other.__class__ in _FAST_OPERANDS:
        return call(P.ADD, (input, other))
    if alpha != 1:
        other = mul(other, alpha)
    if not isinstance(input, Tensor):
        return call(P.ADD, (_as_operand(input), _check_tensor(other, "add", "other")))
    return call(P.ADD, (input, _as_operand(other)))


@public(method=True, aliases=("subtract",))
def sub(input, other, *, alpha=1):
    if input.__class__ is Tensor and alpha == 1:
        oc = other.__class__
        if oc is float or oc is int:
            return call(P.SUB_CONST_OTHER, (input, other))
        if oc is Tensor:   # a constant tensor (no grad, no forward-mode tangent) needs no gradient either
            constant = not other._requires_grad and other._x is None
            return call(P.SUB_CONST_OTHER if constant else P.SUB, (input, other))
    if alpha != 1:
        other = mul(other, alpha)
    if not isinstance(input, Tensor):
        return call(P.RSUB, (_check_tensor(other, "sub", "other"), _as_operand(input)))
    return call(P.SUB, (input, _as_operand(other)))




@public()
def rsub(input, other, *, alpha=1):
    return sub(other, input, alpha=alpha)


def _constant(x) -> bool:
    """A Python number, or a tensor that needs no gradient and carries no forward-AD tangent."""
    if not isinstance(x, Tensor):
        return True
    if x._requires_grad:
        return False
    extras = x._x
    return extras is None or not getattr(extras, "tangents", None)


def _plain_record(a: Tensor, b) -> bool:
    """Whether the full mul/div record is right: both sides need a gradient, or neither does (or
    grad mode is off), so no node saves a side it does not need (fast check for the hot path)."""
    if not _grad_mode.grad:
        return True
    if b.__class__ is Tensor:
        return a._requires_grad == b._requires_grad
    return not a._requires_grad


def _mul_op(a, b):
    """MulBackward0 saves only what the other side's gradient needs (torch's should_compute_output)."""
    if _constant(b):
        return P.MUL_CONST_OTHER if isinstance(a, Tensor) and not _constant(a) else P.MUL
    if _constant(a):
        return P.MUL_CONST_SELF
    return P.MUL


@public(method=True, aliases=("multiply",))
def mul(input, other):
    if input.__class__ is Tensor:
        oc = other.__class__
        if oc is float or oc is int:   # the hot case: a tensor times a Python number
            return call(P.MUL_CONST_OTHER if input._requires_grad else P.MUL, (input, other))
        if oc is Tensor and _plain_record(input, other):
            return call(P.MUL, (input, other))
    if not isinstance(input, Tensor):
        input, other = other, input
    input, other = _check_tensor(input, "mul"), _as_operand(other)
    return call(_mul_op(input, other), (input, other))




@public(method=True, aliases=("divide", "true_divide"))
def div(input, other, *, rounding_mode=None):
    if input.__class__ is Tensor and rounding_mode is None:
        oc = other.__class__
        if oc is float or oc is int:
            return call(P.DIV_CONST_OTHER if input._requires_grad else P.DIV, (input, other))
        if oc is Tensor and _plain_record(input, other):
            return call(P.DIV, (input, other))
    if rounding_mode is not None:
        q = call(P.DIV, (_as_operand(input), _as_operand(other)))
        if rounding_mode == "trunc":
            r = trunc(q)
        elif rounding_mode == "floor":
            r = floor(q)
        else:
            raise ValueError(f"div expected rounding_mode to be one of None, 'trunc', or 'floor' but found "
                             f"'{rounding_mode}'")
        both_int = all(isinstance(v, Tensor) and v._data.dtype.kind in "iub" or isinstance(v, int)
                       for v in (input, other))
        return r.to(dtypes.int64 if both_int else r.dtype) if both_int else r
    if not isinstance(input, Tensor):
        return mul(reciprocal(_check_tensor(other, "div", "other")), input)
    other = _as_operand(other)
    if _constant(other) and not _constant(input):
        return call(P.DIV_CONST_OTHER, (input, other))
    return call(P.DIV, (input, other))




@public(method=True, aliases=("negative",))
def neg(input):
    return call(P.NEG, (input,))




@public(method=True)
def pow(input, exponent):
    if isinstance(input, Tensor):
        if isinstance(exponent, Tensor):
            return call(P.POW_T, (input, exponent))
        if isinstance(exponent, (list, tuple)):
            return call(P.POW_T, (input, tensor(exponent)))
        return call(P.POW, (input,), {"exponent": exponent})
    return call(P.RPOW, (input, _check_tensor(exponent, "pow", "exponent")))


@public(method=True)
def square(input):
    return pow(input, 2)


@public(method=True)
def float_power(input, exponent):
    return pow(_to_double(input), _to_double(exponent))


def _to_double(x):
    return x.double() if isinstance(x, Tensor) else x


@public(method=True)
def remainder(input, other):
    if isinstance(input, Tensor) and not isinstance(other, Tensor):
        return call(P.REMAINDER_S, (input,), {"other": other})
    return call(P.REMAINDER, (_as_operand(input), _as_operand(other)))


@public(method=True)
def fmod(input, other):
    if not isinstance(other, Tensor):
        return call(P.FMOD_S, (input,), {"other": other})
    return call(P.FMOD, (input, other))


@public(method=True)
def floor_divide(input, other):
    return call(P.FLOOR_DIVIDE, (_as_operand(input), _as_operand(other)))




@public(method=True)
def round(input, *, decimals=0):
    if decimals:
        return call(P.ROUND_DEC, (input,), {"decimals": decimals})
    return call(P.ROUND, (input,))


@public(method=True, aliases=("arctan2",))
def atan2(input, other):
    return call(P.ATAN2, (input, _as_operand(other)))




@public(method=True)
def hypot(input, other):
    return call(P.HYPOT, (input, _as_operand(other)))


@public(method=True, aliases=("clip",))
def clamp(input, min=None, max=None):
    if min is None and max is None:
        raise errors.AutogradError("torch.clamp: At least one of 'min' or 'max' must not be None")
    if isinstance(min, Tensor) or isinstance(max, Tensor):
        lo = min if min is not None else full_like(input, -math.inf)
        hi = max if max is not None else full_like(input, math.inf)
        return call(P.CLAMP_T, (input, lo, hi))
    return call(P.CLAMP, (input,), {"min": min, "max": max})




@public(method=True)
def clamp_min(input, min):
    return clamp(input, min=min)


@public(method=True)
def clamp_max(input, max):
    return clamp(input, max=max)


@public(method=True)
def maximum(input, other):
    return call(P.MAXIMUM, (input, _check_tensor(other, "maximum", "other")))


@public(method=True)
def minimum(input, other):
    return call(P.MINIMUM, (input, _check_tensor(other, "minimum", "other")))


@public()
def where(condition, input=None, other=None):
    if input is None and other is None:
        return nonzero(condition, as_tuple=True)
    return call(P.WHERE, (_as_operand(condition), _as_operand(input), _as_operand(other)))


@public(method=True)
def lerp(input, end, weight):
    if isinstance(weight, Tensor):
        return call(P.LERP_T, (input, end, weight))
    return call(P.LERP, (input, end), {"weight": weight})




@public(method=True)
def equal(input, other) -> bool:
    return input.shape == other.shape and bool(np.array_equal(input._data, other._data))


@public(method=True)
def allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False) -> bool:
    return bool(np.allclose(input._data, other._data, rtol=rtol, atol=atol, equal_nan=equal_nan))


@public(method=True)
def isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    return make(np.isclose(input._data, _data_of(other), rtol=rtol, atol=atol, equal_nan=equal_nan))


def _data_of(x):
    return x._data if isinstance(x, Tensor) else x


# -- reductions -----------------------------------------------------------------------------------

def _with_dtype(input, dtype):
    return input if dtype is None else input.to(dtype)


@public(method=True)
def sum(input, dim=None, keepdim=False, *, dtype=None):
    input = _with_dtype(_check_tensor(input, "sum"), dtype)
    dims = _dims(dim, input.ndim)
    if dims is None and not keepdim:
        return call(R.SUM, (input,))
    return call(R.SUM_DIM, (input,), {"dim": dims if dims is not None else tuple(range(-input.ndim, 0)),
                                      "keepdim": bool(keepdim)})


@public(method=True)
def mean(input, dim=None, keepdim=False, *, dtype=None):
    input = _with_dtype(_check_tensor(input, "mean"), dtype)
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
    """var and std: torch's arguments, and its warning when nothing is left to divide by."""
    if isinstance(dim, bool):
        dim, unbiased = None, dim
    dims = _dims(dim, input.ndim)
    c = _correction(unbiased, correction)
    n = input._data.size if dims is None else int(np.prod([input._data.shape[d] for d in dims]))
    if n - c <= 0:
        import warnings
        warnings.warn(f"{name}(): degrees of freedom is <= 0. Correction should be strictly less than the "
                      "reduction factor (input numel divided by output numel).", UserWarning, stacklevel=3)
    return call(op, (input,), {"dim": dims, "correction": c, "keepdim": bool(keepdim)})


@public(method=True)
def prod(input, dim=None, keepdim=False, *, dtype=None):
    input = _with_dtype(input, dtype)
    if dim is None:
        return call(R.PROD, (input,))
    return call(R.PROD_DIM, (input,), {"dim": wrap_dim(dim, input.ndim), "keepdim": bool(keepdim)})


_max_result = namedtuple("max", ["values", "indices"])
_min_result = namedtuple("min", ["values", "indices"])
for _r in (_max_result, _min_result):
    _r.__repr__ = lambda self: (f"torch.return_types.{type(self).__name__}(\nvalues={self.values!r},\n"
                                f"indices={self.indices!r})")


@public()
def max(input, dim=None, keepdim=False, *, other=None):
    if isinstance(dim, Tensor):
        return maximum(input, dim)
    if dim is None:
        if input._data.size == 0:
            raise errors.AutogradError("max(): Expected reduction dim to be specified for input.numel() == 0. "
                                       "Specify the reduction dim with the 'dim' argument.")
        return call(R.MAX, (input,))
    return _max_result(*call(R.MAX_DIM, (input,), {"dim": wrap_dim(dim, input.ndim), "keepdim": bool(keepdim)}))


@public()
def min(input, dim=None, keepdim=False):
    if isinstance(dim, Tensor):
        return minimum(input, dim)
    if dim is None:
        if input._data.size == 0:
            raise errors.AutogradError("min(): Expected reduction dim to be specified for input.numel() == 0. "
                                       "Specify the reduction dim with the 'dim' argument.")
        return call(R.MIN, (input,))
    return _min_result(*call(R.MIN_DIM, (input,), {"dim": wrap_dim(dim, input.ndim), "keepdim": bool(keepdim)}))


@public(method=True)
def amax(input, dim=(), keepdim=False):
    dims = _dims(dim, input.ndim) or tuple(range(-input.ndim, 0))
    return call(R.AMAX, (input,), {"dim": dims, "keepdim": bool(keepdim)})


@public(method=True)
def amin(input, dim=(), keepdim=False):
    dims = _dims(dim, input.ndim) or tuple(range(-input.ndim, 0))
    return call(R.AMIN, (input,), {"dim": dims, "keepdim": bool(keepdim)})


@public(method=True)
def argmax(input, dim=None, keepdim=False):
    return call(R.ARGMAX, (input,), {"dim": None if dim is None else wrap_dim(dim, input.ndim), "keepdim": keepdim})


@public(method=True)
def argmin(input, dim=None, keepdim=False):
    return call(R.ARGMIN, (input,), {"dim": None if dim is None else wrap_dim(dim, input.ndim), "keepdim": keepdim})


@public(method=True)
def logsumexp(input, dim, keepdim=False):
    return call(R.LOGSUMEXP, (input,), {"dim": _dims(dim, input.ndim) or tuple(range(-input.ndim, 0)),
                                        "keepdim": bool(keepdim)})


@public(method=True)
def norm(input, p="fro", dim=None, keepdim=False, dtype=None):
    input = _with_dtype(input, dtype)
    if p is None:
        p = "fro"
    if isinstance(p, str) and p not in ("fro",):
        raise errors.AutogradError(f"norm(): unsupported p='{p}' (gradcli has p = 1, 2, inf, -inf, 'fro' and "
                                   "other real numbers)")
    return call(R.NORM, (input,), {"p": p, "dim": _dims(dim, input.ndim), "keepdim": bool(keepdim)})


@public(method=True)
def cumsum(input, dim, *, dtype=None):
    return call(R.CUMSUM, (_with_dtype(input, dtype),), {"dim": wrap_dim(dim, input.ndim)})


@public(method=True)
def cumprod(input, dim, *, dtype=None):
    return call(R.CUMPROD, (_with_dtype(input, dtype),), {"dim": wrap_dim(dim, input.ndim)})


@public(method=True)
def all(input, dim=None, keepdim=False):
    return make(np.asarray(np.all(input._data, axis=None if dim is None else wrap_dim(dim, input.ndim),
                                  keepdims=keepdim)))


@public(method=True)
def any(input, dim=None, keepdim=False):
    return make(np.asarray(np.any(input._data, axis=None if dim is None else wrap_dim(dim, input.ndim),
                                  keepdims=keepdim)))


@public(method=True)
def count_nonzero(input, dim=None):
    return make(np.asarray(np.count_nonzero(input._data, axis=dim), dtype=np.int64))


@public(method=True)
def nonzero(input, *, as_tuple=False):
    idx = np.nonzero(input._data)
    if as_tuple:
        return tuple(make(i.astype(np.int64)) for i in idx)
    return make(np.stack(idx, axis=-1).astype(np.int64) if idx else np.zeros((1, 0), np.int64))


# -- linear algebra -------------------------------------------------------------------------------

def _matmul_shapes(a: Tensor, b: Tensor, name: str) -> None:
    sa, sb = a._data.shape, b._data.shape
    if a.ndim == 0 or b.ndim == 0:
        raise errors.ShapeError(f"both arguments to {name} need to be at least 1D, but they are {a.ndim}D and "
                                f"{b.ndim}D")
    ka = sa[-1]
    kb = sb[0] if b.ndim == 1 else sb[-2]
    if ka != kb:
        if a.ndim == 1 and b.ndim == 1:
            raise errors.ShapeError(f"inconsistent tensor size, expected tensor [{sa[0]}] and src [{sb[0]}] to "
                                    "have the same number of elements, but got "
                                    f"{sa[0]} and {sb[0]} elements respectively")
        if a.ndim == 2 and b.ndim == 1:
            raise errors.ShapeError(f"size mismatch, got input ({sa[0]}), mat ({sa[0]}x{sa[1]}), vec ({sb[0]})")
        ra = "x".join(map(str, sa if a.ndim > 1 else (1,) + sa))
        rb = "x".join(map(str, sb))
        if a.ndim <= 2 and b.ndim <= 2:
            raise errors.ShapeError(f"mat1 and mat2 shapes cannot be multiplied ({ra} and {rb})")
        raise errors.ShapeError(f"Expected size for first two dimensions of batch2 tensor to be: "
                                f"[{sb[0] if b.ndim > 2 else 1}, {ka}] but got: [{sb[0] if b.ndim > 2 else 1}, {kb}].")


@public(method=True)
def matmul(input, other):
    """torch.matmul, decomposed exactly as torch does it so the graph shows the same nodes
    (dot, mv, mm; folding batch dims into rows; expand + reshape + bmm for batches)."""
    _matmul_shapes(input, other, "matmul")
    d1, d2 = input.ndim, other.ndim
    if d1 == 1 and d2 == 1:
        return call(L.DOT, (input, other))
    if d1 == 2 and d2 == 1:
        return call(L.MV, (input, other))
    if d1 == 1 and d2 == 2:
        return call(S.SQUEEZE_INPLACE, (call(L.MM, (unsqueeze(input, 0), other)),), {"dim": -2})
    if d1 == 2 and d2 == 2:
        return call(L.MM, (input, other))
    if (d1 >= 3 and d2 <= 2) or (d2 >= 3 and d1 <= 2):
        return _folded_matmul(input, other, transpose=d2 > d1)
    return _batched_matmul(input, other)


def _folded_matmul(t1, t2, transpose: bool):
    """A batched operand against a matrix or vector: fold the batch into rows, one mm/mv."""
    if transpose:
        t1, t2 = transpose_(t2, -1, -2), (t(t1) if t1.ndim == 2 else t1)
    sizes = t1._data.shape
    out_shape = sizes[:-1]
    folded = reshape(t1, (int(np.prod(out_shape)), sizes[-1]))
    if t2.ndim == 1:
        return call(S.UNSAFE_VIEW, (call(L.MV, (folded, t2)),), {"shape": out_shape})
    out = call(S.UNSAFE_VIEW, (call(L.MM, (folded, t2)),), {"shape": out_shape + (t2._data.shape[1],)})
    return contiguous_(transpose_(out, -1, -2)) if transpose else out


def _batched_matmul(t1, t2):
    """Both operands batched: broadcast the batch dims, flatten them, one bmm."""
    if t1.ndim == 1:
        t1 = unsqueeze(t1, 0)
    vec = t2.ndim == 1
    if vec:
        t2 = unsqueeze(t2, -1)
    n, m = t1._data.shape[-2:]
    p = t2._data.shape[-1]
    try:
        batch = np.broadcast_shapes(t1._data.shape[:-2], t2._data.shape[:-2])
    except ValueError:
        raise errors.ShapeError(f"The size of tensor a ({t1.shape[-3]}) must match the size of tensor b "
                                f"({t2.shape[-3]}) at non-singleton dimension 0") from None
    bp = int(np.prod(batch))
    e1 = reshape(expand(t1, batch + (n, m)), (bp, n, m))
    e2 = reshape(expand(t2, batch + (m, p)), (bp, m, p))
    out_shape = batch + (n,) + (() if vec else (p,))
    return call(S.UNSAFE_VIEW, (call(L.BMM, (e1, e2)),), {"shape": out_shape})


@public(namespaces=(), method=True)
def transpose_(x, d0, d1):
    return call(S.TRANSPOSE, (x,), {"dim0": wrap_dim(d0, x.ndim), "dim1": wrap_dim(d1, x.ndim)})


def contiguous_(x):
    return x if x._data.flags.c_contiguous else call(S.CLONE, (x,))


@public(method=True)
def mm(input, mat2):
    if input.ndim != 2 or mat2.ndim != 2:
        raise errors.ShapeError(f"{'self' if input.ndim != 2 else 'mat2'} must be a matrix")
    _matmul_shapes(input, mat2, "mm")
    return call(L.MM, (input, mat2))


@public(method=True)
def bmm(input, mat2):
    if input.ndim != 3 or mat2.ndim != 3:
        raise errors.ShapeError(f"batch1 must be a 3D tensor" if input.ndim != 3 else "batch2 must be a 3D tensor")
    if input.shape[0] != mat2.shape[0] or input.shape[2] != mat2.shape[1]:
        raise errors.ShapeError(f"Expected size for first two dimensions of batch2 tensor to be: "
                                f"[{input.shape[0]}, {input.shape[2]}] but got: [{mat2.shape[0]}, {mat2.shape[1]}].")
    return call(L.BMM, (input, mat2))


@public(method=True)
def mv(input, vec):
    if input.ndim != 2 or vec.ndim != 1:
        raise errors.ShapeError("vector + matrix @ vector expected, got "
                                f"{vec.ndim}, {input.ndim}, {vec.ndim}")
    _matmul_shapes(input, vec, "mv")
    return call(L.MV, (input, vec))


@public(method=True, aliases=("inner",))
def dot(input, tensor):
    if input.ndim != 1 or tensor.ndim != 1:
        raise errors.ShapeError(f"1D tensors expected, but got {input.ndim}D and {tensor.ndim}D tensors")
    _matmul_shapes(input, tensor, "dot")
    return call(L.DOT, (input, tensor))




@public(method=True, aliases=("ger",))
def outer(input, vec2):
    """torch computes outer as a column times a row (MulBackward0 over a ViewBackward0)."""
    if input.ndim != 1 or vec2.ndim != 1:
        raise errors.ShapeError(f"outer: Expected 1-D argument self, but got {input.ndim}-D")
    return mul(reshape(input, (input.shape[0], 1)), vec2)




@public(method=True)
def trace(input):
    if input.ndim != 2:
        raise errors.ShapeError("trace: expected a matrix, but got tensor with dim " + str(input.ndim))
    return call(L.TRACE, (input,))


@public(method=True)
def tril(input, diagonal=0):
    return call(L.TRIL, (input,), {"diagonal": diagonal})


@public(method=True)
def triu(input, diagonal=0):
    return call(L.TRIU, (input,), {"diagonal": diagonal})


@public(method=True)
def diag(input, diagonal=0):
    if input.ndim not in (1, 2):
        raise errors.ShapeError("diag(): Supports 1D or 2D tensors. Got " + f"{input.ndim}D")
    if input.ndim == 1:
        return call(L.DIAG_EMBED, (input,), {"offset": diagonal, "dim1": -2, "dim2": -1})
    return call(L.DIAG, (input,), {"diagonal": diagonal})


@public(method=True)
def diag_embed(input, offset=0, dim1=-2, dim2=-1):
    return call(L.DIAG_EMBED, (input,), {"offset": offset, "dim1": wrap_dim(dim1, input.ndim + 1),
                                          "dim2": wrap_dim(dim2, input.ndim + 1)})


def _square_check(A, name):
    if A.ndim < 2 or A.shape[-1] != A.shape[-2]:
        raise errors.ShapeError(f"linalg.{name}: A must be batches of square matrices, but they are "
                                f"{A.shape[-2] if A.ndim > 1 else 1} by {A.shape[-1] if A.ndim else 1} matrices")


@public(method=True)
def inverse(A):
    _square_check(A, "inv")
    try:
        return call(L.INV, (A,))
    except np.linalg.LinAlgError:
        raise errors.AutogradError(f"linalg.inv: The diagonal element {_first_zero_pivot(A._data)} is zero, the "
                                   "inversion could not be completed because the input matrix is singular.") from None


def _first_zero_pivot(a) -> int:
    """Where LU with partial pivoting (torch's inversion) meets its first zero pivot, 1-based."""
    a = np.array(a, dtype=np.float64).reshape((-1,) + np.shape(a)[-2:])
    for m in a:
        m = m.copy()
        n = m.shape[0]
        for k in range(n):
            p = k + int(np.argmax(np.abs(m[k:, k])))
            if m[p, k] == 0:
                return k + 1
            m[[k, p]] = m[[p, k]]
            m[k + 1:, k:] -= np.outer(m[k + 1:, k] / m[k, k], m[k, k:])
    return 1


@public(method=True)
def det(A):
    _square_check(A, "det")
    return call(L.DET, (A,))


def solve(A, B, *, left=True):
    _square_check(A, "solve")
    try:
        return call(L.SOLVE, (A, B))
    except np.linalg.LinAlgError:
        raise errors.AutogradError("linalg.solve: The solver failed because the input matrix is singular.") from None


# -- shapes -----------------------------------------------------------------------------------------

def _infer_shape(shape, numel: int) -> tuple:
    if len(shape) == 1 and isinstance(shape[0], (list, tuple)):
        shape = tuple(shape[0])
    shape = tuple(int(s) for s in shape)
    if shape.count(-1) > 1:
        raise errors.ShapeError("only one dimension can be inferred")
    known = 1
    for s in shape:
        if s != -1:
            if s < 0:
                raise errors.ShapeError(f"invalid shape dimension {s}")
            known *= s
    if -1 in shape:
        if known == 0 or numel % known:
            raise errors.ShapeError(f"shape '{list(shape)}' is invalid for input of size {numel}")
        shape = tuple(numel // known if s == -1 else s for s in shape)
    elif known != numel:
        raise errors.ShapeError(f"shape '{list(shape)}' is invalid for input of size {numel}")
    return shape


def view(input, *shape):
    if len(shape) == 1 and isinstance(shape[0], dtypes.dtype):
        raise errors.AutogradError("view(dtype) is not supported by gradcli")
    shape = _infer_shape(shape, input._data.size)
    try:
        return call(S.VIEW, (input,), {"shape": shape})
    except S.ViewError as e:
        raise errors.ShapeError(str(e)) from None


@public()
def reshape(input, *shape):
    shape = _infer_shape(shape, input._data.size)
    try:
        np.reshape(input._data, shape, copy=False)
    except ValueError:  # torch copies to a contiguous clone, then views it without recording a view
        return call(S.UNSAFE_VIEW, (call(S.CLONE, (input,)),), {"shape": shape})
    # torch: a contiguous input is a plain view; a non-contiguous one that can still be viewed is an alias
    return call(S.VIEW if input.is_contiguous() else S.RESHAPE_ALIAS, (input,), {"shape": shape})


@public(method=True)
def flatten(input, start_dim=0, end_dim=-1):
    if input.ndim == 0:
        return reshape(input, 1)
    s, e = wrap_dim(start_dim, input.ndim) % input.ndim, wrap_dim(end_dim, input.ndim) % input.ndim
    if s > e:
        raise errors.ShapeError("flatten() has invalid args: start_dim cannot come after end_dim")
    if s == e:
        return input
    shape = input._data.shape
    n = 1
    for d in shape[s:e + 1]:
        n *= d
    return reshape(input, shape[:s] + (n,) + shape[e + 1:])


@public(method=True)
def unflatten(input, dim, sizes):
    d = wrap_dim(dim, input.ndim) % input.ndim
    shape = input._data.shape
    return reshape(input, shape[:d] + tuple(sizes) + shape[d + 1:]) if -1 not in sizes else \
        reshape(input, shape[:d] + _infer_shape(tuple(sizes), shape[d]) + shape[d + 1:])


@public(method=True)
def squeeze(input, dim=None):
    if dim is None:
        return call(S.SQUEEZE, (input,))
    if isinstance(dim, (tuple, list)):
        out = input
        for d in sorted((wrap_dim(x, input.ndim) for x in dim)):
            out = call(S.SQUEEZE_DIM, (out,), {"dim": d if out.ndim == input.ndim else d})
        return out
    if input.ndim == 0:
        return call(S.ALIAS, (input,))
    return call(S.SQUEEZE_DIM, (input,), {"dim": wrap_dim(dim, input.ndim)})


@public(method=True)
def t(input):
    if input.ndim > 2:
        raise errors.ShapeError(f"t() expects a tensor with <= 2 dimensions, but self is {input.ndim}D")
    return call(S.T, (input,))


@public(method=True, aliases=("swapaxes", "swapdims"))
def transpose(input, dim0, dim1):
    if input.ndim == 0:
        return call(S.ALIAS, (input,))
    return call(S.TRANSPOSE, (input,), {"dim0": wrap_dim(dim0, input.ndim), "dim1": wrap_dim(dim1, input.ndim)})




@public(method=True)
def permute(input, *dims):
    if len(dims) == 1 and isinstance(dims[0], (list, tuple)):
        dims = tuple(dims[0])
    if len(dims) != input.ndim:
        raise errors.ShapeError(f"permute(sparse_coo): number of dimensions in the tensor input does not match "
                                f"the length of the desired ordering of dimensions i.e. input.dim() = {input.ndim} "
                                f"is not equal to len(dims) = {len(dims)}")
    nd = tuple(wrap_dim(d, input.ndim) % input.ndim for d in dims)
    if len(set(nd)) != len(nd):
        raise errors.ShapeError("permute(): duplicate dims are not allowed.")
    return call(S.PERMUTE, (input,), {"dims": nd})


@public(method=True)
def movedim(input, source, destination):
    src = [source] if isinstance(source, int) else list(source)
    dst = [destination] if isinstance(destination, int) else list(destination)
    axes = list(range(input.ndim))
    src = [s % input.ndim for s in src]
    dst = [d % input.ndim for d in dst]
    rest = [a for a in axes if a not in src]
    out = [None] * input.ndim
    for s, d in zip(src, dst):
        out[d] = s
    it = iter(rest)
    out = [o if o is not None else next(it) for o in out]
    return permute(input, out)


@public(namespaces=(), method=True)
def expand(input, *sizes):
    if len(sizes) == 1 and isinstance(sizes[0], (list, tuple)):
        sizes = tuple(sizes[0])
    if len(sizes) < input.ndim:
        raise errors.ShapeError(f"expand(torch.FloatTensor{{{list(input.shape)}}}, size={list(sizes)}): the number "
                                "of sizes provided ({}) must be greater or equal to the number of dimensions in the "
                                "tensor ({})".format(len(sizes), input.ndim))
    shape = input._data.shape
    lead = len(sizes) - len(shape)
    target = []
    for i, s in enumerate(sizes):
        if i < lead:
            if s == -1:
                raise errors.ShapeError("The expanded size of the tensor (-1) isn't allowed in a leading, "
                                        "non-existing dimension 0")
            target.append(int(s))
        else:
            cur = shape[i - lead]
            if s == -1:
                target.append(cur)
            elif cur != 1 and cur != s:
                raise errors.ShapeError(f"The expanded size of the tensor ({s}) must match the existing size "
                                        f"({cur}) at non-singleton dimension {i}.  Target sizes: {list(sizes)}.  "
                                        f"Tensor sizes: {list(shape)}")
            else:
                target.append(int(s))
    instrumentation.check_shape(target)
    return call(S.EXPAND, (input,), {"size": tuple(target)})


@public(namespaces=(), method=True)
def expand_as(input, other):
    return expand(input, other.shape)


@public(method=True)
def broadcast_to(input, size):
    return expand(input, tuple(size))


@public()
def broadcast_shapes(*shapes):
    try:
        return tuple(np.broadcast_shapes(*[tuple(s) for s in shapes]))
    except ValueError:
        raise errors.ShapeError(f"Shape mismatch: objects cannot be broadcast to a single shape") from None


@public()
def broadcast_tensors(*tensors):
    shape = broadcast_shapes(*(t.shape for t in tensors))
    return tuple(expand(t, shape) for t in tensors)


@public(namespaces=(), method=True)
def repeat(input, *repeats):
    if len(repeats) == 1 and isinstance(repeats[0], (list, tuple)):
        repeats = tuple(repeats[0])
    if len(repeats) < input.ndim:
        raise errors.ShapeError("Number of dimensions of repeat dims can not be smaller than number of dimensions "
                                "of tensor")
    shape = (1,) * (len(repeats) - input.ndim) + input._data.shape
    instrumentation.check_shape([a * b for a, b in zip(shape, repeats)])
    return call(S.REPEAT, (input,), {"repeats": tuple(int(r) for r in repeats)})


@public(aliases=("concat", "concatenate"))
def cat(tensors, dim=0):
    tensors = [t for t in tensors]
    if not tensors:
        raise errors.AutogradError("torch.cat(): expected a non-empty list of Tensors")
    ref = next((t for t in tensors if t.ndim > 1 or t.numel() > 0), tensors[0])
    d = wrap_dim(dim, ref.ndim)
    parts = [t for t in tensors if not (t.ndim == 1 and t.numel() == 0 and ref.ndim > 1)]
    for i, t in enumerate(parts):
        if t.ndim != ref.ndim:
            raise errors.ShapeError(f"Tensors must have same number of dimensions: got {ref.ndim} and {t.ndim}")
        for ax in range(ref.ndim):
            if ax != d % ref.ndim and t.shape[ax] != ref.shape[ax]:
                raise errors.ShapeError(f"Sizes of tensors must match except in dimension {d % ref.ndim}. Expected "
                                        f"size {ref.shape[ax]} but got size {t.shape[ax]} for tensor number {i} in "
                                        "the list.")
    op = S.cat_op(len(parts))
    return call(op, tuple(parts), {"dim": d, "sizes": tuple(t.shape[d] for t in parts)})




@public()
def stack(tensors, dim=0):
    tensors = list(tensors)
    if not tensors:
        raise errors.AutogradError("stack expects a non-empty TensorList")
    for i, t in enumerate(tensors):
        if t.shape != tensors[0].shape:
            raise errors.ShapeError(f"stack expects each tensor to be equal size, but got {list(tensors[0].shape)} "
                                    f"at entry 0 and {list(t.shape)} at entry {i}")
    d = wrap_dim(dim, tensors[0].ndim + 1)
    return call(S.stack_op(len(tensors)), tuple(tensors), {"dim": d, "count": len(tensors)})


@public()
def hstack(tensors):
    return cat(tensors, 0 if tensors[0].ndim == 1 else 1)


@public()
def vstack(tensors):
    return cat([atleast_2d(t) for t in tensors], 0)


@public()
def atleast_2d(t):
    return t if t.ndim >= 2 else reshape(t, (1, -1))


@public(method=True)
def split(tensor, split_size_or_sections, dim=0):
    d = wrap_dim(dim, tensor.ndim)
    n = tensor.shape[d]
    if isinstance(split_size_or_sections, int):
        step = split_size_or_sections
        if step <= 0:
            raise errors.AutogradError(f"split_size can only be 0 if dimension size is 0, but got dimension size of {n}")
        sizes = tuple(builtins.min(step, n - i) for i in range(0, n, step)) or (0,)
        return call(S.SPLIT_EQUAL, (tensor,), {"sizes": sizes, "dim": d})
    else:
        sizes = tuple(int(s) for s in split_size_or_sections)
        if builtins.sum(sizes) != n:
            raise errors.ShapeError(f"split_with_sizes expects split_sizes to sum exactly to {n} (input tensor's size "
                                    f"at dimension {d % tensor.ndim}), but got split_sizes={list(sizes)}")
    return call(S.SPLIT, (tensor,), {"sizes": sizes, "dim": d})


@public(method=True)
def chunk(input, chunks, dim=0):
    d = wrap_dim(dim, input.ndim)
    n = input.shape[d]
    step = -(-n // chunks) if n else 1
    return split(input, step, d)


@public(method=True)
def unbind(input, dim=0):
    return call(S.UNBIND, (input,), {"dim": wrap_dim(dim, input.ndim)})


@public(method=True)
def narrow(input, dim, start, length):
    d = wrap_dim(dim, input.ndim)
    n = input.shape[d]
    start = int(start) + n if start < 0 else int(start)
    if start < 0 or start + length > n:
        raise errors.ShapeError(f"start ({start}) + length ({length}) exceeds dimension size ({n}).")
    return call(S.SLICE, (input,), {"dim": d, "start": start, "end": start + int(length), "step": 1})


@public(method=True)
def diagonal(input, offset=0, dim1=0, dim2=1):
    return call(S.DIAGONAL, (input,), {"offset": offset, "dim1": wrap_dim(dim1, input.ndim),
                                       "dim2": wrap_dim(dim2, input.ndim)})


@public(method=True)
def flip(input, dims):
    dims = (dims,) if isinstance(dims, int) else tuple(dims)
    return call(S.FLIP, (input,), {"dims": tuple(wrap_dim(d, input.ndim) for d in dims)})


@public(method=True)
def fliplr(input):
    return flip(input, (1,))


@public(method=True)
def flipud(input):
    return flip(input, (0,))


@public(method=True)
def roll(input, shifts, dims=None):
    if dims is None:
        if input.ndim == 1:
            return roll(input, shifts, 0)
        return reshape(roll(flatten(input), shifts, 0), input.shape)
    shifts = (shifts,) if isinstance(shifts, int) else tuple(shifts)
    dims = (dims,) if isinstance(dims, int) else tuple(dims)
    return call(S.ROLL, (input,), {"shifts": shifts, "dims": tuple(wrap_dim(d, input.ndim) for d in dims)})


@public(method=True)
def clone(input, *, memory_format=None):
    return call(S.CLONE, (input,))


@public(method=True)
def slice_scatter(input, src, dim=0, start=None, end=None, step=1):
    return call(S.EMBED, (input, src), {"dim": wrap_dim(dim, input.ndim), "index": slice(start, end, step)})


@public(method=True)
def select_scatter(input, src, dim, index):
    return call(S.EMBED, (input, src), {"dim": wrap_dim(dim, input.ndim), "index": int(index)})


@public(method=True)
def diagonal_scatter(input, src, offset=0, dim1=0, dim2=1):
    return call(S.EMBED_DIAG, (input, src), {"offset": offset, "dim1": wrap_dim(dim1, input.ndim),
                                             "dim2": wrap_dim(dim2, input.ndim)})



pi = math.pi
e = math.e
inf = math.inf
nan = math.nan
newaxis = None


# -- sorting ------------------------------------------------------------------------------------

_sort_result = namedtuple("sort", ["values", "indices"])
_topk_result = namedtuple("topk", ["values", "indices"])
_aminmax_result = namedtuple("aminmax", ["min", "max"])
for _r in (_sort_result, _topk_result):
    _r.__repr__ = lambda self: (f"torch.return_types.{type(self).__name__}(\nvalues={self.values!r},\n"
                                f"indices={self.indices!r})")
_aminmax_result.__repr__ = lambda self: f"torch.return_types.aminmax(\nmin={self.min!r},\nmax={self.max!r})"


@public(method=True)
def sort(input, dim=-1, descending=False, stable=False):
    return _sort_result(*call(R.SORT, (input,), {"dim": wrap_dim(dim, input.ndim), "descending": bool(descending)}))


@public(method=True)
def argsort(input, dim=-1, descending=False, stable=False):
    return sort(input, dim, descending).indices


@public(method=True)
def msort(input):
    return sort(input, 0).values


@public(method=True)
def topk(input, k, dim=-1, largest=True, sorted=True):
    d = wrap_dim(dim, input.ndim)
    size = input.shape[d] if input.ndim else 1
    if not 0 <= k <= size:
        raise errors.AutogradError("selected index k out of range")
    return _topk_result(*call(R.TOPK, (input,), {"k": int(k), "dim": d, "largest": bool(largest),
                                                 "sorted": bool(sorted)}))


_median_result = namedtuple("median", ["values", "indices"])
_kthvalue_result = namedtuple("kthvalue", ["values", "indices"])
for _r in (_median_result, _kthvalue_result):
    _r.__repr__ = lambda self: (f"torch.return_types.{type(self).__name__}(\nvalues={self.values!r},\n"
                                f"indices={self.indices!r})")


@public(method=True)
def median(input, dim=None, keepdim=False):
    if dim is None:
        return call(R.MEDIAN, (input,))
    return _median_result(*call(R.MEDIAN_DIM, (input,), {"dim": wrap_dim(dim, input.ndim), "keepdim": bool(keepdim)}))


@public(method=True)
def kthvalue(input, k, dim=-1, keepdim=False):
    d = wrap_dim(dim, input.ndim)
    size = input.shape[d] if input.ndim else 1
    if not 1 <= k <= size:
        raise errors.AutogradError(f"kthvalue(): selected number k out of range for dimension {d}")
    return _kthvalue_result(*call(R.KTHVALUE, (input,), {"k": int(k), "dim": d, "keepdim": bool(keepdim)}))


@public(method=True)
def aminmax(input, *, dim=None, keepdim=False):
    if dim is None:
        return _aminmax_result(amin(input), amax(input))
    return _aminmax_result(amin(input, dim, keepdim), amax(input, dim, keepdim))


# -- einsum: torch's own decomposition (diagonals, sums, then pairwise bmm or mul) -----------------

@public()
def einsum(equation, *operands):
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = tuple(operands[0])
    eq = equation.replace(" ", "")
    lhs, arrow, out = eq.partition("->")
    subs = lhs.split(",")
    if len(subs) != len(operands):
        raise errors.AutogradError("einsum(): more operands were provided than specified in the equation"
                                   if len(operands) > len(subs) else
                                   "einsum(): fewer operands were provided than specified in the equation")
    spare = iter("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    ell = None
    letters = []
    for s, op in zip(subs, operands):
        if "..." in s:
            n = op.ndim - (len(s) - 3)
            if ell is None or len(ell) < n:
                ell = (ell or "") + "".join(next(spare) for _ in range(n - len(ell or "")))
            s = s.replace("...", ell[len(ell) - n:] if n else "")
        if len(s) != op.ndim:
            raise errors.AutogradError(f"einsum(): the number of subscripts in the equation ({len(s)}) does not "
                                       f"match the number of dimensions ({op.ndim}) for operand "
                                       f"{len(letters)}{' and no ellipsis was given' if '...' not in s else ''}")
        letters.append(s)
    if arrow:
        out = out.replace("...", ell or "")
    else:
        counts = {}
        for s in letters:
            for c in s:
                counts[c] = counts.get(c, 0) + 1
        out = (ell or "") + "".join(sorted(c for c, k in counts.items() if k == 1 and c not in (ell or "")))
    ops = []
    for s, op in zip(letters, operands):
        s = list(s)
        # repeated letters: take the diagonal (it becomes the last dim)
        while len(set(s)) != len(s):
            c = next(c for c in s if s.count(c) > 1)
            p = s.index(c)
            q = s.index(c, p + 1)
            op = diagonal(op, 0, p, q)
            s = [x for i, x in enumerate(s) if i not in (p, q)] + [c]
        ops.append((op, s))

    def needed(rest):
        keep = set(out)
        for _, s in rest:
            keep |= set(s)
        return keep

    # letters only one operand has and the output does not: sum them first
    current, cur = ops[0]
    rest = ops[1:]
    gone = [i for i, c in enumerate(cur) if c not in needed(rest)]
    if gone:
        current = sum(current, tuple(gone))
        cur = [c for c in cur if c in needed(rest)]
    while rest:
        (b, bs), rest = rest[0], rest[1:]
        keep = needed(rest)
        drop_b = [i for i, c in enumerate(bs) if c not in keep and c not in cur]
        if drop_b:
            b = sum(b, tuple(drop_b))
            bs = [c for c in bs if c in keep or c in cur]
        batch = [c for c in cur if c in bs and c in keep]
        contract = [c for c in cur if c in bs and c not in keep]
        a_only = [c for c in cur if c not in bs]
        b_only = [c for c in bs if c not in cur]
        sizes = {c: current.shape[i] for i, c in enumerate(cur)}
        sizes.update({c: b.shape[i] for i, c in enumerate(bs)})
        if contract:
            pa = [cur.index(c) for c in batch + a_only + contract]
            pb = [bs.index(c) for c in batch + contract + b_only]
            ta = current.permute(pa) if pa != list(range(len(pa))) else current
            tb = b.permute(pb) if pb != list(range(len(pb))) else b
            nbatch = math.prod(sizes[c] for c in batch)
            ta = ta.reshape(nbatch, math.prod(sizes[c] for c in a_only), math.prod(sizes[c] for c in contract))
            tb = tb.reshape(nbatch, math.prod(sizes[c] for c in contract), math.prod(sizes[c] for c in b_only))
            current = bmm(ta, tb).view(tuple(sizes[c] for c in batch + a_only + b_only))
            cur = batch + a_only + b_only
        else:
            full = batch + a_only + b_only
            ta = current.permute([cur.index(c) for c in batch + a_only]) if cur != batch + a_only else current
            ta = ta.reshape(tuple(sizes[c] for c in batch + a_only) + (1,) * len(b_only))
            order = [bs.index(c) for c in batch + b_only]
            tb = b.permute(order) if order != list(range(len(order))) else b
            tb = tb.reshape(tuple(sizes[c] for c in batch) + (1,) * len(a_only) + tuple(sizes[c] for c in b_only))
            current = mul(ta, tb)
            cur = full
    if list(cur) != list(out):
        perm = [cur.index(c) for c in out]
        current = current.permute(perm)
    return current


# -- small composites torch users reach for ---------------------------------------------------------

@public(method=True)
def tile(input, dims):
    dims = tuple(dims)
    if len(dims) < input.ndim:
        dims = (1,) * (input.ndim - len(dims)) + dims
    return repeat(input, *dims)


@public(method=True)
def repeat_interleave(input, repeats=None, dim=None, *, output_size=None):
    if repeats is None:   # torch.repeat_interleave(counts): the indices repeated by themselves
        counts = np.asarray(input._data)
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
    index = np.repeat(np.arange(n), np.broadcast_to(reps, (n,)) if reps.ndim == 0 else reps)
    return index_select(input, d, make(index.astype(np.int64)))


@public()
def meshgrid(*tensors, indexing="ij"):
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tuple(tensors[0])
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


@public()
def cartesian_prod(*tensors):
    grids = meshgrid(*tensors, indexing="ij")
    return stack([reshape(g, (-1,)) for g in grids], 1) if len(grids) > 1 else tensors[0]


@public(method=True)
def var_mean(input, dim=None, unbiased=None, keepdim=False, *, correction=None):
    return (var(input, dim, unbiased, keepdim, correction=correction), mean(input, dim, keepdim=keepdim)
            if dim is not None else mean(input))


@public(method=True)
def std_mean(input, dim=None, unbiased=None, keepdim=False, *, correction=None):
    return (std(input, dim, unbiased, keepdim, correction=correction), mean(input, dim, keepdim=keepdim)
            if dim is not None else mean(input))


@public(method=True)
def cross(input, other, dim=None):
    if dim is None:
        dim = next((i for i, s in enumerate(broadcast_shapes(input.shape, other.shape)) if s == 3), -1)
    d = wrap_dim(dim, builtins.max(input.ndim, other.ndim))
    a = [select(input, d, i) for i in range(3)]
    b = [select(other, d, i) for i in range(3)]
    return stack([a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]], d)


@public(method=True)
def matrix_power(input, n):
    if n == 0:
        return expand(eye(input.shape[-1], dtype=input.dtype), tuple(input.shape))
    if n < 0:
        input, n = inverse(input), -n
    result = input
    for _ in range(n - 1):
        result = matmul(result, input)
    return result


@public(method=True)
def addmm(input, mat1, mat2, *, beta=1, alpha=1):
    return call(ADDMM, (input, mat1, mat2), {"beta": beta, "alpha": alpha})


@public(method=True)
def dist(input, other, p=2):
    return norm(sub(input, other), p)


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


class finfo:
    """``torch.finfo(dtype)``: eps, max, min, tiny of a floating dtype."""

    def __init__(self, type=None):
        d = dtypes.get_default_dtype() if type is None else dtypes.as_dtype(type)
        info = np.finfo(d.np)
        self.dtype = str(d).replace("torch.", "")
        self.bits = info.bits
        self.eps = float(info.eps)
        self.max = float(info.max)
        self.min = float(info.min)
        self.tiny = self.smallest_normal = float(info.tiny)
        self.resolution = float(info.resolution)

    def __repr__(self):
        return (f"finfo(resolution={self.resolution:g}, min={self.min:g}, max={self.max:g}, eps={self.eps:g}, "
                f"smallest_normal={self.tiny:g}, tiny={self.tiny:g}, dtype={self.dtype})")


class iinfo:
    """``torch.iinfo(dtype)``: max, min and bits of an integer dtype."""

    def __init__(self, type):
        d = dtypes.as_dtype(type)
        info = np.iinfo(d.np)
        self.dtype = str(d).replace("torch.", "")
        self.bits, self.max, self.min = info.bits, int(info.max), int(info.min)

    def __repr__(self):
        return f"iinfo(min={self.min}, max={self.max}, dtype={self.dtype})"


@public(method=True)
def diff(input, n=1, dim=-1, prepend=None, append=None):
    d = wrap_dim(dim, input.ndim)
    if prepend is not None or append is not None:
        input = cat([t for t in (prepend, input, append) if t is not None], d)
    for _ in range(n):
        length = input.shape[d]
        input = sub(narrow(input, d, 1, length - 1), narrow(input, d, 0, length - 1))
    return input


@public()
def cdist(x1, x2, p=2.0):
    """Pairwise p-norm distances between the rows of x1 (..., P, M) and x2 (..., R, M)."""
    delta = sub(unsqueeze(x1, -2), unsqueeze(x2, -3))
    return norm(delta, p, -1)


@public()
def is_tensor(obj) -> bool:
    return isinstance(obj, Tensor)


@public()
def is_floating_point(input) -> bool:
    return input.is_floating_point()


@public()
def numel(input) -> int:
    return input.numel()


# -- wrappers generated from op records (``api=`` on the record) ---------------------------------

def _generated(op):
    """``torch.<name>`` for a record whose arguments need no hand-written handling."""
    if op.api.kind == "unary":
        def fn(input):
            if input.__class__ is not Tensor:
                _check_tensor(input, op.name)
            return call(op, (input,))
    elif op.api.kind == "binary":
        def fn(input, other):
            return call(op, (_as_operand(input), _as_operand(other)))
    else:
        raise ValueError(f"op {op.name}: unknown api kind {op.api.kind!r}")
    fn.__name__ = fn.__qualname__ = op.name
    fn.__doc__ = f"torch.{op.name}: {op.rule}" if op.rule else f"torch.{op.name}"
    return fn


def _generated_inplace(op):
    def fn(input):
        return call_inplace(op, input, (input,))
    fn.__name__ = fn.__qualname__ = op.name + "_"
    return fn


def _export_records() -> None:
    for op in OPS.values():
        api = op.api
        if api is None:
            continue
        fn = _generated(op)
        for name in (op.name,) + api.aliases:
            globals()[name] = fn      # the API's own code calls them too (``trunc`` in ``div``)
        export(fn, op.name, namespaces=api.namespaces, method=api.method, aliases=api.aliases)
        if api.inplace:
            inplace = _generated_inplace(op)
            export(inplace, op.name + "_", namespaces=api.namespaces, method=True,
                   aliases=tuple(a + "_" for a in api.aliases))


_export_records()
