"""``torch.add``, ``mul``, ``div``, ``pow``, ``clamp``, ``where``...: arithmetic and comparisons
with torch's argument handling (alpha, rounding modes, numbers on either side)."""
from __future__ import annotations

import math

import numpy as np

from .. import dtypes, errors
from ..autograd.graph import without_derivative
from ..autograd.grad_mode import mode as _grad_mode
from ..creation import checked_scalar, tensor
from ..dispatch import call, call_binary, call_fast, call_inplace, call_pow, fast_call
from ..ops import pointwise as P
from ..ops import pointwise_more as PM
from ..public import public
from ..return_types import result_type
from ..instrumentation import examplewise
from ..tensor import Tensor, make
from .common import _FAST_OPERANDS, _as_operand, _check_tensor, as_number, tensor_first, tensor_operands
from .generated import reciprocal
from .shapes import nonzero


@public(method=True)
def add(input, other, *, alpha=1):
    if input.__class__ is Tensor and alpha == 1 and other.__class__ in _FAST_OPERANDS:
        if other.__class__ is not Tensor:
            return (P.ADD.fast_call or fast_call(P.ADD))(input, other)   # y + 0.1
        return call_binary(P.ADD, input, other)
    if alpha != 1 and isinstance(input, Tensor):
        return call(P.ADD_ALPHA, (input, _as_operand(_alpha_operand(other, alpha), "add")), {"alpha": alpha})
    if alpha != 1:
        other = mul(other, alpha)
    if not isinstance(input, Tensor):
        return call(P.ADD, (_as_operand(input, "add", "input", 1), _check_tensor(other, "add", "other")))
    return call(P.ADD, (input, _as_operand(other, "add")))


def add_operator(input, other):
    """``Tensor.__add__`` and ``__radd__``: ``add``'s two common cases, a Python number and a plain
    tensor, without its keyword-only ``alpha`` (filling a keyword-only default costs a dict lookup on
    every call, a tenth of the Python work of ``y + 0.1``)."""
    if input.__class__ is Tensor:
        oc = other.__class__
        if oc is float or oc is int:
            return (P.ADD.fast_call or fast_call(P.ADD))(input, other)
        if oc is Tensor:
            return call_binary(P.ADD, input, other)
    return add(input, other)


def _alpha_operand(other, alpha):
    """torch refuses a float alpha with integer tensors."""
    if isinstance(alpha, float) and isinstance(other, Tensor) and other._data.dtype.kind in "iub":
        raise errors.AutogradError("For integral input tensors, argument alpha must not be a floating point number.")
    return other


def _refuse_bool_sub(input, other):
    """torch refuses ``-`` on bool tensors (numpy's own refusal would leak, or b - 1 would give ints),
    and a Python bool on either side counts as one (``x - True``)."""
    first = input.__class__ is bool or input.__class__ is Tensor and input._data.dtype.kind == "b"
    second = other.__class__ is bool or other.__class__ is Tensor and other._data.dtype.kind == "b"
    if first and second:
        raise errors.AutogradError("Subtraction, the `-` operator, with two bool tensors is not supported. "
                                   "Use the `^` or `logical_xor()` operator instead.")
    if first or second:
        raise errors.AutogradError("Subtraction, the `-` operator, with a bool tensor is not supported. If you "
                                   "are trying to invert a mask, use the `~` or `logical_not()` operator instead.")


@public(method=True, aliases=("subtract",))
def sub(input, other, *, alpha=1):
    if input.__class__ is Tensor and alpha == 1 and input._data.dtype.kind != "b":   # (no bool: nothing to refuse)
        oc = other.__class__
        if oc is float or oc is int:
            return (P.SUB_CONST_OTHER.fast_call or fast_call(P.SUB_CONST_OTHER))(input, other)
        if oc is Tensor and other._data.dtype.kind != "b":
            # a constant tensor (no grad, no forward-mode tangent) needs no gradient either
            constant = not other._requires_grad and other._x is None
            return call_binary(P.SUB_CONST_OTHER if constant else P.SUB, input, other)
    _refuse_bool_sub(input, other)
    if alpha != 1 and isinstance(input, Tensor):
        return call(P.SUB_ALPHA, (input, _as_operand(_alpha_operand(other, alpha), "sub")), {"alpha": alpha})
    if alpha != 1:
        other = mul(other, alpha)
    if not isinstance(input, Tensor):     # torch.sub(2, x): SubBackward0 (2 - x is rsub_operator's)
        return call(P.SUB, (_as_operand(input, "sub", "input", 1), _check_tensor(other, "sub", "other")))
    return call(P.SUB, (input, _as_operand(other, "sub")))


def rsub_operator(self, other):
    """``number - tensor`` (Tensor.__rsub__): torch's rsub, one RsubBackward1 node."""
    _refuse_bool_sub(other, self)
    return call(P.RSUB, (self, _as_operand(other, "sub", "input", 1)))


@public()
def rsub(input, other, *, alpha=1):
    """``other - alpha * input`` as torch's one node: RsubBackward0 when ``other`` is a tensor,
    RsubBackward1 (``2 - x``'s) when it is a number."""
    if not isinstance(input, Tensor) or not isinstance(other, (Tensor, bool, int, float, complex)):
        raise TypeError(f"rsub() received an invalid combination of arguments - got ({type(input).__name__}, "
                        f"{type(other).__name__}), but expected one of:\n * (Tensor input, Tensor other, *, "
                        "Number alpha = 1)\n * (Tensor input, Number other, Number alpha = 1)\n")
    _refuse_bool_sub(input, other)
    _alpha_operand(input, alpha)
    if isinstance(other, Tensor):
        return call(P.RSUB_TENSOR, (input, other), {"alpha": alpha})
    if alpha == 1:
        return call(P.RSUB, (input, other))
    return call(P.RSUB_SCALAR, (input, other), {"alpha": alpha})


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
    if not _grad_mode().grad:
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
            op = P.MUL_CONST_OTHER if input._requires_grad else P.MUL
            return (op.fast_call or fast_call(op))(input, other)
        if oc is Tensor and _plain_record(input, other):
            return call_binary(P.MUL, input, other)
    if not isinstance(input, Tensor):
        input, other = other, input
    input, other = _check_tensor(input, "mul"), _as_operand(other, "mul")
    return call(_mul_op(input, other), (input, other))


@public(method=True, aliases=("divide", "true_divide"))
def div(input, other, *, rounding_mode=None):
    if input.__class__ is Tensor and rounding_mode is None:
        oc = other.__class__
        if oc is float or oc is int:
            op = P.DIV_CONST_OTHER if input._requires_grad else P.DIV
            return (op.fast_call or fast_call(op))(input, other)
        if oc is Tensor and _plain_record(input, other):
            return call(P.DIV, (input, other))
    if rounding_mode is not None:
        a, b = _as_operand(input, "div", "input", 1), _as_operand(other, "div")
        divisor = b._data if isinstance(b, Tensor) else np.asarray(b)
        kinds = (a._data if isinstance(a, Tensor) else np.asarray(a)).dtype.kind + divisor.dtype.kind
        if kinds != "bb" and kinds[0] in "iub" and kinds[1] in "iub" and not np.all(divisor):
            raise errors.AutogradError("ZeroDivisionError")
        if rounding_mode not in ("trunc", "floor"):
            raise errors.AutogradError(f"div expected rounding_mode to be one of None, 'trunc', or 'floor' but found "
                             f"'{rounding_mode}'")
        if not isinstance(a, Tensor):
            a = tensor(a)
        return call(PM.DIV_MODE, (a, b), {"rounding_mode": rounding_mode})
    if not isinstance(input, Tensor):     # torch.div(2, x) divides (DivBackward0); 2 / x is reciprocal times 2
        return call(P.DIV, (_as_operand(input, "div", "input", 1), _check_tensor(other, "div", "other")))
    other = _as_operand(other, "div")
    if _constant(other) and not _constant(input):
        return call(P.DIV_CONST_OTHER, (input, other))
    return call(P.DIV, (input, other))


@public(method=True, aliases=("negative",))
def neg(input):
    if input.__class__ is Tensor and input._data.dtype.kind == "b":
        raise errors.AutogradError("Negation, the `-` operator, on a bool tensor is not supported. If you are "
                                   "trying to invert a mask, use the `~` or `logical_not()` operator instead.")
    return call_fast(P.NEG, input)


@public(method=True)
def pow(input, exponent):
    if (input.__class__ is Tensor and (exponent.__class__ is int or exponent.__class__ is float)
            and input._data.dtype.kind in "fc"):
        return call_pow(P.POW, input, exponent)   # d ** 2
    exponent, input = as_number(exponent), as_number(input)
    if isinstance(input, Tensor):
        if isinstance(exponent, Tensor):
            return call(P.POW_T, (input, exponent))
        if isinstance(exponent, (list, tuple)):
            raise TypeError(f"pow(): argument 'exponent' (position 2) must be Tensor, not {type(exponent).__name__}")
        if isinstance(exponent, (float, complex)) and input._data.dtype.kind in "iub":
            # an integer tensor to a float power: the default dtype; to a complex one: its complex twin
            input = input.to(dtypes.get_default_dtype() if isinstance(exponent, float) else dtypes.default_complex())
        return call(P.POW, (input,), {"exponent": exponent})
    exponent = _check_tensor(exponent, "pow", "exponent")
    if isinstance(input, complex) and exponent._data.dtype.kind in "iub":
        exponent = exponent.to(dtypes.default_complex())
    return call(P.RPOW, (input, exponent))


@public(method=True)
def square(input):
    return pow(input, 2)


@public(method=True)
def float_power(input, exponent):
    """pow in double, or in complex double when either side is complex (as torch)."""
    complex_ = any(x.dtype.is_complex if isinstance(x, Tensor) else isinstance(x, complex) for x in (input, exponent))
    return pow(_to_double(input, complex_), _to_double(exponent, complex_))


def _to_double(x, complex_: bool):
    if not isinstance(x, Tensor):
        return x
    return x.to(dtypes.complex128) if complex_ else x.double()


@public(method=True)
def remainder(input, other):
    if isinstance(input, Tensor) and not isinstance(other, Tensor):
        if isinstance(other, (list, tuple)):
            _as_operand(other, "remainder")
        return call(P.REMAINDER_S, (input,), {"other": as_number(other)})
    return call(P.REMAINDER, (_as_operand(input, "remainder", "input", 1), _as_operand(other, "remainder")))


@public(method=True)
def fmod(input, other):
    tensor_first("fmod", (input, other))
    if not isinstance(other, Tensor):
        return call(P.FMOD_S, (input,), {"other": as_number(other)})
    return call(P.FMOD, (input, other))


@public(method=True)
def floor_divide(input, other):
    input, other = _as_operand(input, "floor_divide", "input", 1), _as_operand(other, "floor_divide")
    return without_derivative(call(P.FLOOR_DIVIDE, (input, other)), "floor_divide", (input, other))


class _NoDecimals:
    """round's ``decimals`` not given (torch's overload without it); falsy, as decimals=0."""
    __slots__ = ()

    def __bool__(self):
        return False

    def __repr__(self):
        return "0"


NO_DECIMALS = _NoDecimals()


@public(method=True)
def round(input, *, decimals=NO_DECIMALS):
    """Given ``decimals``, even 0, torch's round.decimals overload (RoundBackward1, no integer kernel)."""
    if isinstance(input, Tensor) and input._data.dtype.kind == "b":
        raise NotImplementedError(f'"{"round_cpu" if decimals else "round_vml_cpu"}" not implemented for \'Bool\'')
    if decimals is not NO_DECIMALS:
        return call(P.ROUND_DEC, (input,), {"decimals": decimals})
    return call_fast(P.ROUND, input)


@public(method=True, aliases=("arctan2",))
def atan2(input, other):
    return call(P.ATAN2, tensor_operands("atan2", input, other))


@public(method=True)
def xlogy(input, other):
    """input * log(other), 0 where input is 0; a number on either side is torch's Scalar overload."""
    if not isinstance(input, Tensor):
        return call(P.XLOGY_SCALAR_SELF, (_check_tensor(other, "xlogy", "other"),), {"self": input})
    if not isinstance(other, Tensor):
        return call(P.XLOGY_SCALAR_OTHER, (input,), {"other": other})
    return call(P.XLOGY, (input, other))


@public(method=True)
def hypot(input, other):
    return call(P.HYPOT, tensor_operands("hypot", input, other))


@public(method=True, aliases=("clip",))
def clamp(input, min=None, max=None):
    if min is None and max is None:
        raise errors.AutogradError("torch.clamp: At least one of 'min' or 'max' must not be None")
    if isinstance(min, Tensor) or isinstance(max, Tensor):
        complex_bounds(input, min, max)
        return call(P.CLAMP_T, (input, min, max))     # a missing bound stays None (open), as torch's
    return call(P.CLAMP, (input,), {"min": min, "max": max})


def complex_bounds(input, min, max) -> None:
    """A real tensor clamped by complex tensor bounds: torch's clamp checks self only, then its kernel
    for the bounds given (clamp_cpu, maximum_cpu or minimum_cpu) refuses the promoted complex dtype."""
    bounds = [b for b in (min, max) if isinstance(b, Tensor)]
    if isinstance(input, Tensor) and not input.is_complex() and any(b.is_complex() for b in bounds):
        kernel = "clamp_cpu" if min is not None and max is not None else "maximum_cpu" if min is not None else \
            "minimum_cpu"
        promoted = input.dtype
        for b in bounds:
            promoted = dtypes.promote_types(promoted, b.dtype)
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{promoted.scalar_name}'")


@public(method=True)
def clamp_min(input, min):
    """torch's own node (ClampMinBackward0, or 1 for a tensor bound), not clamp's."""
    return _one_bound("clamp_min", "min", input, min, P.CLAMP_MIN_T, P.CLAMP_MIN)


@public(method=True)
def clamp_max(input, max):
    """torch's own node (ClampMaxBackward0, or 1 for a tensor bound), not clamp's."""
    return _one_bound("clamp_max", "max", input, max, P.CLAMP_MAX_T, P.CLAMP_MAX)


@public(method=True)
def clamp_min_(input, min):
    return _one_bound("clamp_min_", "min", input, min, P.CLAMP_MIN_T, P.CLAMP_MIN, inplace=True)


@public(method=True)
def clamp_max_(input, max):
    return _one_bound("clamp_max_", "max", input, max, P.CLAMP_MAX_T, P.CLAMP_MAX, inplace=True)


def _one_bound(name, arg, input, bound, tensor_op, number_op, inplace=False):
    if isinstance(bound, Tensor):
        return call_inplace(tensor_op, input, (input, bound)) if inplace else call(tensor_op, (input, bound))
    if bound is None or isinstance(bound, str) or not isinstance(bound, (bool, int, float, np.number)):
        raise TypeError(f"{name}() received an invalid combination of arguments - got "
                        f"({type(input).__name__}, {type(bound).__name__}), but expected one of:\n"
                        f" * (Tensor input, Tensor {arg}, *, Tensor out = None)\n"
                        f" * (Tensor input, Number {arg}, *, Tensor out = None)\n")
    if inplace:
        return call_inplace(number_op, input, (input,), {arg: bound})
    return call(number_op, (input,), {arg: bound})


@public(method=True)
def maximum(input, other):
    return call(P.MAXIMUM, (_check_tensor(input, "maximum"), _check_tensor(other, "maximum", "other")))


@public(method=True)
def minimum(input, other):
    return call(P.MINIMUM, (_check_tensor(input, "minimum"), _check_tensor(other, "minimum", "other")))


@public()
def where(condition, input=None, other=None):
    if input is None and other is None:
        return nonzero(condition, as_tuple=True)
    input, other = _as_operand(input), _as_operand(other)
    if not isinstance(input, Tensor) and not isinstance(other, Tensor):
        input, other = tensor(input), tensor(other)   # two numbers: torch's dtype of each, then promoted
    elif input.__class__ is not Tensor or other.__class__ is not Tensor:
        if not isinstance(input, Tensor):
            input = _where_scalar(input, other)
        elif not isinstance(other, Tensor):
            other = _where_scalar(other, input)
    condition = _where_condition(condition)
    try:
        return call(P.WHERE, (input, other), {"condition": condition})
    except errors.ShapeError:
        _check_broadcast(condition, input, other)
        raise


def _where_scalar(value, beside):
    """A number beside a tensor, checked as torch's where writes it into the result dtype (int8's 300 is
    an overflow error, not 44; float32's 1e39 too, float16's is inf): the number itself goes on, as the
    dispatcher promotes it as torch does."""
    if value.__class__ is int and beside._data.dtype.kind in "iu" or \
            value.__class__ is float and _FLOAT32_MAX < abs(value) < math.inf:
        dtype = dtypes.result_type([dtypes.from_numpy_dtype(beside._data.dtype)], [], [value])
        checked_scalar(value, dtype.np, one_element=True)
    return value


_FLOAT32_MAX = float(np.finfo(np.float32).max)


def _check_broadcast(*operands) -> None:
    """torch's TensorIterator complaint, operand by operand: 'a' is the shape broadcast so far."""
    out = ()
    for t in operands:
        shape = tuple(t.shape) if isinstance(t, Tensor) else ()
        n = max(len(out), len(shape))
        a, b = (1,) * (n - len(out)) + out, (1,) * (n - len(shape)) + shape
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y and x != 1 and y != 1:
                raise errors.ShapeError(f"The size of tensor a ({x}) must match the size of tensor b ({y}) at "
                                        f"non-singleton dimension {i}")
        out = tuple(y if x == 1 else x for x, y in zip(a, b))


def _where_condition(condition):
    """torch takes a bool condition, and a uint8 one with a deprecation warning."""
    condition = _check_tensor(condition, "where", "condition")
    kind = condition._data.dtype
    if kind == np.uint8:
        import warnings
        warnings.warn("where received a uint8 condition tensor. This behavior is deprecated and will be removed "
                      "in a future version of PyTorch. Use a boolean condition instead.", UserWarning, stacklevel=3)
        return condition.bool()
    if kind != np.bool_:
        raise errors.DTypeError("where expected condition to be a boolean tensor, but got a tensor with dtype "
                                f"{dtypes.scalar_type_name(kind)}")
    return condition


@public(method=True)
def lerp(input, end, weight):
    tensor_first("lerp", (input, end, weight), " * (Tensor input, Tensor end, Tensor weight, *, Tensor out = None)\n"
                 " * (Tensor input, Tensor end, Number weight, *, Tensor out = None)\n")
    if isinstance(weight, Tensor):
        return call(P.LERP_T, (input, end, weight))
    return call(P.LERP, (input, end), {"weight": weight})


@public(method=True)
def equal(input, other) -> bool:
    tensor_operands("equal", input, other)
    if input.__dict__.get("_lv") or other.__dict__.get("_lv"):
        raise RuntimeError("Batching rule not implemented for aten::equal. We could not generate a fallback.")
    return input.shape == other.shape and bool(np.array_equal(input._data, other._data))


@public(method=True)
def allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False) -> bool:
    tensor_operands("allclose", input, other)
    if input.__dict__.get("_lv") or getattr(other, "__dict__", {}).get("_lv"):
        raise RuntimeError("vmap over torch.allclose isn't supported yet. Please file an issue at "
                           "https://github.com/pytorch/pytorch/issues if you need this feature.")
    return bool(_closeness(input, other, rtol, atol, equal_nan, "allclose").all())


@public(method=True)
@examplewise
def isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    return make(_closeness(input, other, rtol, atol, equal_nan, "isclose"))


def _closeness(input, other, rtol, atol, equal_nan, fn: str) -> np.ndarray:
    """torch's isclose: one dtype (no promotion), tolerances not negative, equality first (inf == inf),
    then |input - other| <= atol + |rtol * other| where that difference is finite, in the dtype."""
    input, other = tensor_operands(fn, input, other)
    a, b = input._data, other._data
    if a.dtype != b.dtype:
        raise errors.DTypeError(f"{dtypes.scalar_type_name(a.dtype)} did not match {dtypes.scalar_type_name(b.dtype)}")
    if not rtol >= 0:       # NaN too, as torch's check
        raise errors.AutogradError(f"rtol must be greater than or equal to zero, but got {rtol:g}")
    if not atol >= 0:
        raise errors.AutogradError(f"atol must be greater than or equal to zero, but got {atol:g}")
    _check_broadcast(input, other)
    close = np.equal(a, b)
    if equal_nan and a.dtype.kind in "fc":
        close |= np.isnan(a) & np.isnan(b)
    if rtol == 0 and atol == 0:
        return close
    if a.dtype.kind == "b":
        a, b = (x.astype(dtypes.get_default_dtype().np) for x in (a, b))
    with np.errstate(all="ignore"):
        allowed = atol + np.abs(rtol * (b.astype(dtypes.get_default_dtype().np) if b.dtype.kind in "iu" else b))
        actual = np.abs(a - b)
        return close | (np.isfinite(actual) & (actual <= allowed))


def _data_of(x):
    return x._data if isinstance(x, Tensor) else x


@public(method=True)
def nan_to_num(input, nan=0.0, posinf=None, neginf=None) -> Tensor:
    """NaN, +inf and -inf replaced by ``nan``, ``posinf`` and ``neginf`` (by default 0 and the
    dtype's largest and smallest finite values); the gradient passes only where input is finite."""
    _check_tensor(input, "nan_to_num")
    return call(P.NAN_TO_NUM, (input,), {"nan": nan, "posinf": posinf, "neginf": neginf})


@public(method=True)
def nan_to_num_(input, nan=0.0, posinf=None, neginf=None) -> Tensor:
    return call_inplace(P.NAN_TO_NUM, input, (input,), {"nan": nan, "posinf": posinf, "neginf": neginf})


@public(method=True)
def sinc(input):
    return call(PM.SINC, (_check_tensor(input, "sinc"),))


@public(method=True)
def logaddexp2(input, other):
    return call(PM.LOGADDEXP2, (_check_tensor(input, "logaddexp2"), _check_tensor(other, "logaddexp2", "other")))


@public(method=True)
def fmax(input, other):
    return call(PM.FMAX, (_check_tensor(input, "fmax"), _check_tensor(other, "fmax", "other")))


@public(method=True)
def fmin(input, other):
    return call(PM.FMIN, (_check_tensor(input, "fmin"), _check_tensor(other, "fmin", "other")))


@public(method=True)
def copysign(input, other):
    """torch's copysign.Tensor (CopysignBackward0), or copysign.Scalar (CopysignBackward1) for a number."""
    tensor_first("copysign", (input, other))
    if isinstance(other, Tensor):
        return call(PM.COPYSIGN, (input, other))
    return call(PM.COPYSIGN_SCALAR, (input,), {"other": float(other)})


@public(method=True)
def sgn(input):
    return call(PM.SGN, (input,))


@public(method=True)
@examplewise
def signbit(input):
    if input._data.dtype.kind == "c":
        raise NotImplementedError("signbit is not implemented for complex tensors.")
    return make(np.signbit(input._data))


@public(method=True)
def positive(input):
    if input._data.dtype.kind == "b":
        raise errors.AutogradError("The `+` operator, on a bool tensor is not supported.")
    return input


@public(method=True)
def ldexp(input, other):
    return call(PM.LDEXP, (_check_tensor(input, "ldexp"), _check_tensor(other, "ldexp", "other")))


@public(method=True)
def frexp(input):
    return result_type("frexp")(*call(PM.FREXP, (input,)))
