"""Pointwise ops: arithmetic, powers, exp/log, trig, activations (the table's first page).

Kinks follow torch: relu'(0) = 0, abs'(0) = 0 (sign), sqrt'(0) = inf,
clamp at a bound passes the gradient, max/min ties split the gradient.
"""
from __future__ import annotations

import functools
import math
import operator

import numpy as np

from .. import dtypes, errors, fused
from ..cascade_sum import column_sums
from ..autograd.graph import SavedScalar, SavedVariable
from ..creation import checked_scalar
from ..dispatch import _F32_NUMBERS, call, wrapped_int, wrapped_ints
from ..memory_layout import in_iterator_layout, iterator_layout
from ..nodes import OpNode, checked_array
from ..tensor import Tensor
from . import dtype_rules as R, rounded
from .bitwise import integral
from .registry import API, COMMON, COMPARE, FLOAT, KEEP, Kink, defop
from .samples import Sample, arr, binary, pos, unary, unit


# -- arithmetic --------------------------------------------------------------------------------

ALPHA_ONE = {"alpha": 1}     # torch's AddBackward0/SubBackward0 keep alpha, 1 unless given
ADD = defop("add", "AddBackward0", ("self", "other"), operator.add,
            lambda m, g: (g, g),
            jvp=lambda m, t: _sum_tangents(t[0], t[1]), constants=ALPHA_ONE,
            samples=binary(), rule="d/dself = 1, d/dother = 1")


def _add_apply(node, grads, m):
    """AddBackward0 in a plain backward (``y + 0.1``, ``h @ w + b``): the record's ``(g, g)``, handed
    on as it is to each input it fits (a number's edge gets None), a batch's bias after it (``h @ w + b``)
    summed over the rows as ``fit_grads`` sums it; other shapes and dtypes and complex values take
    ``OpNode.apply``."""
    g = grads[0]
    if m.plain and (g.__class__ is _ndarray or g.__class__ in _FLOAT_SCALARS):
        shape, dt = g.shape, g.dtype
        odt = node._odtype
        if not (odt is dt and (dt is _F32 or dt is _F64) or odt.kind == "f"):   # (a float output: kind read last)
            return OpNode.apply(node, grads, m)
        (fa, _), (fb, _) = node.next_functions
        ma, mb = node._in_meta
        if fa is None or ma[0] == shape and ma[1] is dt:
            if fb is None or mb[0] == shape and mb[1] is dt:
                return [None if fa is None else g, None if fb is None else g]
            bias = mb[0]
            if len(bias) == 1 and len(shape) == 2 and shape[1] == bias[0] and mb[1] is dt:
                total = column_sums(g)   # (torch's order; None: OpNode.apply's general sum)
                if total is not None:
                    return [None if fa is None else g, total]
    return OpNode.apply(node, grads, m)


ADD.on_node(apply=_add_apply)
ADD_ALPHA = defop("add.alpha", "AddBackward0", ("self", "other"), lambda a, b, alpha: _plus_times(a, b, alpha),
                  lambda m, g, alpha: (g, g * alpha), saves=("alpha",),
                  jvp=lambda m, t, alpha: _sum_tangents(t[0], None if t[1] is None else t[1] * alpha),
                  samples=lambda: [Sample(arr(3, 4, seed=1), arr(3, 4, seed=2), params={"alpha": 2.5}),
                                   Sample(arr(3, 1, seed=3), arr(4, seed=4), params={"alpha": -0.5})],
                  rule="self + alpha other: d/dself = 1, d/dother = alpha")
SUB = defop("sub", "SubBackward0", ("self", "other"), operator.sub,
            lambda m, g, needs: (g if needs[0] else None, -g if needs[1] else None), masked=True,
            jvp=lambda m, t: _sum_tangents(t[0], None if t[1] is None else -t[1]), constants=ALPHA_ONE,
            samples=binary(), rule="d/dself = 1, d/dother = -1")


def _sub_apply(node, grads, m):
    """SubBackward0 in a plain backward (``w - lr * w.grad``, a training loop's out-of-place update,
    whose chain every later backward walks again): the record's ``(g, -g)`` as ``_add_apply`` hands
    ``(g, g)`` on; the rest takes ``OpNode.apply``."""
    g = grads[0]
    if m.plain and node._odtype.kind == "f" and (g.__class__ is _ndarray or g.__class__ in _FLOAT_SCALARS):
        (fa, _), (fb, _) = node.next_functions
        ma, mb = node._in_meta
        shape, dt = g.shape, g.dtype
        if ((fa is None or ma[0] == shape and ma[1] is dt) and (fb is None or mb[0] == shape and mb[1] is dt)):
            return [None if fa is None else g, None if fb is None else -g]
    return OpNode.apply(node, grads, m)


SUB.on_node(apply=_sub_apply)
SUB_ALPHA = defop("sub.alpha", "SubBackward0", ("self", "other"), lambda a, b, alpha: _plus_times(a, b, -alpha),
                  lambda m, g, alpha, needs: (g if needs[0] else None, -(g * alpha) if needs[1] else None),
                  saves=("alpha",), masked=True,
                  jvp=lambda m, t, alpha: _sum_tangents(t[0], None if t[1] is None else -(t[1] * alpha)),
                  samples=lambda: [Sample(arr(3, 4, seed=5), arr(3, 4, seed=6), params={"alpha": 3.0}),
                                   Sample(arr(2, 3, seed=7), 1.5, params={"alpha": 2.0})],
                  rule="self - alpha other: d/dself = 1, d/dother = -alpha")
SUB_CONST_OTHER = defop("sub.const_other", "SubBackward0", ("self", "other"), operator.sub,
                        lambda m, g: (g, None),
                        jvp=lambda m, t: t[0], constants=ALPHA_ONE,
                        samples=lambda: [Sample(arr(2, 3, seed=7), 1.5), Sample(arr(seed=3), -2.0)],
                        rule="d/dself = 1 (other is a Python number)")


def _sub_const_apply(node, grads, m):
    """SubBackward0 of ``tensor - constant`` in a plain backward (``w - lr * w.grad``, the seeds'
    out-of-place update, whose chain every later backward walks again): the record's ``(g, None)``
    handed on as it is where it fits; the rest takes ``OpNode.apply``."""
    g = grads[0]
    if m.plain and node._odtype.kind == "f" and (g.__class__ is _ndarray or g.__class__ in _FLOAT_SCALARS):
        (fa, _), (fb, _) = node.next_functions
        shape, dt = node._in_meta[0]
        if fa is not None and fb is None and shape == g.shape and dt is g.dtype:
            return [g, None]
    return OpNode.apply(node, grads, m)


SUB_CONST_OTHER.on_node(apply=_sub_const_apply)
RSUB = defop("rsub", "RsubBackward1", ("self", "other"), lambda a, b: b - a,
             lambda m, g: (-g, None), edges=("self",),
             jvp=lambda m, t: -t[0], constants=ALPHA_ONE,
             samples=lambda: [Sample(arr(3, 4, seed=1), 1.5), Sample(arr(seed=5), -2.0, note="0-d")],
             rule="other - self (other a number): d/dself = -1")
# torch.rsub(input, other, alpha=a): one node keeping alpha, RsubBackward0 for a tensor other,
# RsubBackward1 for a number (the record above is RsubBackward1 without alpha: ``2 - x``)
def _rsub_fwd(a, b, alpha):
    return _plus_times(b, a, -alpha)


RSUB_TENSOR = defop("rsub.Tensor", "RsubBackward0", ("self", "other"), _rsub_fwd,
                    lambda m, g, alpha, needs: ((-g if alpha == 1 else -(g * alpha)) if needs[0] else None,
                                                g if needs[1] else None), saves=("alpha",), masked=True,
                    jvp=lambda m, t, alpha: _sum_tangents(
                        None if t[0] is None else -t[0] if alpha == 1 else -(t[0] * alpha), t[1]),
                    samples=lambda: [Sample(arr(3, 4, seed=1), arr(3, 4, seed=2), params={"alpha": 1}),
                                     Sample(arr(3, 1, seed=3), arr(4, seed=4), params={"alpha": -2.5},
                                            note="broadcast")],
                    rule="other - alpha self: d/dself = -alpha, d/dother = 1")
RSUB_SCALAR = defop("rsub.Scalar", "RsubBackward1", ("self", "other"), _rsub_fwd,
                    lambda m, g, alpha: (-(g * alpha), None), saves=("alpha",), edges=("self",),
                    jvp=lambda m, t, alpha: -(t[0] * alpha),
                    samples=lambda: [Sample(arr(2, 3, seed=7), 1.5, params={"alpha": 2.0}),
                                     Sample(arr(seed=3), -2.0, params={"alpha": -0.5})],
                    rule="other - alpha self (other a number): d/dself = -alpha")


def _times(b, alpha):
    """alpha * b in b's dtype (torch scales the operand, it does not promote by alpha's type)."""
    return b * np.asarray(alpha, dtype=b.dtype) if hasattr(b, "dtype") else b * alpha


def _plus_times(a, b, alpha):
    """a + alpha * b: torch's add kernel is a fused multiply-add (one rounding). An int alpha is
    converted to an integer result's dtype as torch's ``alpha.to<scalar_t>()`` converts it: checked."""
    if alpha.__class__ is int and alpha != 1:
        dtype = getattr(a, "dtype", None) or getattr(b, "dtype", None)
        if dtype is not None and dtype.kind in "iu":
            checked_scalar(alpha, dtype)
    if alpha == 1 or not hasattr(b, "dtype"):
        return a + _times(b, alpha)
    if alpha.__class__ is int and b.dtype.kind in "iu":    # cast as torch casts it: uint8's -1 is 255
        return fused.fma(b, wrapped_int(alpha, b.dtype), a)
    return fused.fma(b, np.asarray(alpha, dtype=b.dtype), a)
MUL = defop("mul", "MulBackward0", ("self", "other"), operator.mul,
            lambda m, g, self, other, needs: (g * other if needs[0] else None, g * self if needs[1] else None),
            saves=("self", "other"), masked=True,
            jvp=lambda m, t, self, other: _sum_tangents(None if t[0] is None else t[0] * other,
                                                         None if t[1] is None else self * t[1]),
            samples=binary(), rule="d/dself = other, d/dother = self")
DIV = defop("div", "DivBackward0", ("self", "other"), operator.truediv,
            lambda m, g, self, other, needs: (g / other if needs[0] else None,
                                              -g * ((self / other) / other) if needs[1] else None),
            saves=("self", "other"), promote=FLOAT, masked=True,
            jvp=lambda m, t, self, other: _sum_tangents(
                None if t[0] is None else t[0] / other,
                None if t[1] is None else -t[1] * ((self / other) / other)),
            samples=binary(arr, lambda *s, seed=0: pos(*s, seed=seed)),
            rule="d/dself = 1/other, d/dother = -(self/other)/other (torch's order: other^2 would underflow)")
# torch saves ``self`` for mul/div only when ``other`` needs a gradient (and ``other`` for mul
# only when ``self`` does): ``y * 2`` keeps no reference to ``y``, so changing ``y`` in place
# afterwards does not break the backward. These records are the same ops with one side constant.
MUL_CONST_OTHER = defop("mul.const_other", "MulBackward0", ("self", "other"), operator.mul,
                        lambda m, g, other: (np.multiply(g, m.number(other, g)) if g.__class__ is _ndarray else
                                             g * other, None),
                        saves=("other",), constants={"self": None},   # torch lists the unsaved operand as None
                        jvp=lambda m, t, other: t[0] * other,
                        samples=lambda: [Sample(s.args[0], s.args[1], grad=[0], note=s.note) for s in binary()()],
                        rule="d/dself = other (other is a constant: self is not saved)")
MUL_CONST_SELF = defop("mul.const_self", "MulBackward0", ("self", "other"), operator.mul,
                       lambda m, g, self: (None, g * self),
                       saves=("self",), constants={"other": None},
                       jvp=lambda m, t, self: self * t[1],
                       samples=lambda: [Sample(s.args[0], s.args[1], grad=[1], note=s.note) for s in binary()()[:3]],
                       rule="d/dother = self (self is a constant: other is not saved)")


def _mul_number_apply(node, grads, m):
    """MulBackward0 of a tensor times a number in a plain backward (``y * 1.01``): the record's
    ``g * other``, its number read as ``unpack_saved`` reads it, without the general apply's steps.
    A freed graph, create_graph, vmap, complex values and gradients that do not fit take
    ``OpNode.apply``."""
    s = node._saved[0]
    if m.plain and s.__class__ is SavedScalar and not s.freed:
        g = grads[0]
        shape, dt = node._in_meta[0]
        if g.dtype is dt and g.shape == shape and (dt is _F32 or dt.kind == "f"):
            c = g.__class__
            if c is _ndarray:
                v = s.value
                n = _F32_NUMBERS.get(v) if dt is _F32 and v.__class__ is float else None   # (m.number's cache)
                if n is not None:
                    return [_multiply(g, n), None]   # (float32 times float32)
                r = _multiply(g, m.number(v, g))
            elif c in _FLOAT_SCALARS:   # a 0-d gradient (the record's ``g * other``)
                r = g * s.value
            else:
                return OpNode.apply(node, grads, m)
            if r.dtype is dt:
                return [r, None]
    return OpNode.apply(node, grads, m)


MUL_CONST_OTHER.on_node(apply=_mul_number_apply)
DIV_CONST_OTHER = defop("div.const_other", "DivBackward0", ("self", "other"), operator.truediv,
                        lambda m, g, other: (g / m.number(other, g) if g.__class__ is _ndarray else g / other,
                                             None),
                        saves=("other",), constants={"self": None}, promote=FLOAT,
                        jvp=lambda m, t, other: t[0] / other,
                        samples=lambda: [Sample(s.args[0], s.args[1], grad=[0], note=s.note)
                                         for s in binary(arr, lambda *sh, seed=0: pos(*sh, seed=seed))()],
                        rule="d/dself = 1/other (other is a constant: self is not saved)")
DIV_SCALAR = defop("div.Scalar", "DivBackward1", ("self",), lambda a, other: np.true_divide(a, other),
                   lambda m, g, other: g / other,
                   saves=("other",), promote=FLOAT,
                   jvp=lambda m, t, other: t[0] / other,
                   samples=lambda: [Sample(arr(3, 4, seed=1), params={"other": 2.5}),
                                    Sample(arr(seed=2), params={"other": -0.5})],
                   rule="1/other (other is a Python number; torch's div.Scalar inside composites)")
NEG = defop("neg", "NegBackward0", ("self",), operator.neg, lambda m, g: -g,
            jvp=lambda m, t: -t[0], samples=unary(), rule="-1")


def _writer(ufunc):
    """The no-graph in-place form of a binary op: ``ufunc(a, b, out=destination)`` (positional: no
    keywords to parse). The dispatcher has checked the cast as torch's rule does; where numpy's
    "same_kind" refuses what torch allows (an int16 result into uint8), the result wraps round."""
    def write(destination, a, b):
        try:
            ufunc(a, b, destination)
        except TypeError:
            ufunc(a, b, out=destination, casting="unsafe")
    return write


for _op, _ufunc in ((ADD, np.add), (SUB, np.subtract), (SUB_CONST_OTHER, np.subtract), (MUL, np.multiply),
                    (DIV, np.true_divide)):
    _op.inplace = _writer(_ufunc)


def _sum_tangents(a, b):
    if a is None:
        return b
    if b is None:
        return a
    return a + b


# -- powers ------------------------------------------------------------------------------------

def _pow_scalar_bwd(m, g, self, exponent):
    if exponent == 0:
        return m.zeros_like(g)
    return g * m.scale(m.pow(self, exponent - 1), exponent)


POW = defop("pow", "PowBackward0", ("self",), rounded.power,
            _pow_scalar_bwd, saves=("self", "exponent"),
            jvp=lambda m, t, self, exponent: t[0] * m.scale(m.pow(self, exponent - 1), exponent),
            samples=lambda: [Sample(pos(3, 4), params={"exponent": 2.5}), Sample(arr(5), params={"exponent": 2}),
                             Sample(arr(2, 3), params={"exponent": 3}), Sample(pos(4), params={"exponent": -1.5})],
            rule="exponent * self^(exponent-1)")


def _pow_apply(node, grads, m):
    """PowBackward0 of a square in a plain backward (every squared error): torch's
    ``grad * (2.0 * self.pow(1.0))``, whose ``2 self`` is exact, as ``self + self`` and one product
    written over it (two numpy calls instead of pow, scale and product). Its saved ``self`` is
    checked as ``unpack_saved`` checks it; other exponents, 0-d values, hooked values, create_graph,
    vmap, complex and mixed dtypes and gradients of another shape take ``OpNode.apply``."""
    s, exponent = node._saved
    g = grads[0]
    if (exponent == 2 and (exponent.__class__ is int or exponent.__class__ is float) and m.plain
            and s.__class__ is SavedVariable and g.__class__ is _ndarray):
        x = checked_array(node, s)
        shape, dt = node._in_meta[0]
        if (dt.kind == "f" and x.dtype is dt and g.dtype is dt and x.shape == shape and g.shape == shape
                and shape):    # (0-d: numpy's sum of two 0-d arrays is a scalar, no array to write over)
            twice = np.add(x, x)
            return [np.multiply(g, twice, out=twice)]
    return OpNode.apply(node, grads, m)


POW.on_node(apply=_pow_apply)


def _pow_tensor_bwd(m, g, self, exponent, result):
    # d/dexp of self^exp = result * log(self); torch masks self == 0 where exponent >= 0 (a complex
    # exponent: real and not negative)
    at_least_zero = ((exponent.real >= 0) & (exponent.imag == 0) if _is_complex(exponent) else exponent >= 0)
    gl = g * result * m.where((self == 0) & at_least_zero, 0.0, m.log(self))
    ge = m.where(exponent == 0, 0.0, exponent * self ** (exponent - 1))
    return g * ge, gl


def _is_complex(x) -> bool:
    return x.is_complex() if isinstance(x, Tensor) else np.iscomplexobj(x)


POW_T = defop("pow.Tensor_Tensor", "PowBackward1", ("self", "exponent"), R.int_power, _pow_tensor_bwd,
              saves=("self", "exponent", "result"), promote=COMMON,
              jvp=lambda m, t, self, exponent, result: _sum_tangents(
                  None if t[0] is None else t[0] * exponent * self ** (exponent - 1),
                  None if t[1] is None else t[1] * result * m.log(self)),
              samples=lambda: [Sample(pos(3, 4), arr(3, 4, seed=9)), Sample(pos(3, 1), arr(4, seed=4))],
              rule="d/dself = exponent * self^(exponent-1), d/dexponent = self^exponent * log(self)")
POW_T.unpack_order = ("exponent", "self")    # the tensor torch's in-place error names first


def _rpow_d(m, v, self, exponent, result):
    """d/dexponent of base^exponent applied to ``v``: result * log(base), and for base 0, 0 where
    the exponent is >= 0 (torch's convention) and result * -inf elsewhere (nan for a nan exponent)."""
    if self == 0:
        return v * m.where(exponent >= 0, 0.0, m.scale(result, -math.inf))
    return v * m.scale(result, math.log(self))


RPOW = defop("pow.Scalar", "PowBackward2", ("self", "exponent"),
             lambda self, exponent: R.int_power(self, exponent if self.__class__ is np.ndarray
                                                else _with_scalar(np.asarray(exponent), self)),
             lambda m, g, self, exponent, result: (None, _rpow_d(m, g, self, exponent, result)),
             saves=("self", "exponent", "result"), promote=COMMON, internal=("self",), edges=("exponent",),
             derived={"self": lambda node: RPOW.saved_param(node, "self").value},   # torch's Scalar: a number
             jvp=lambda m, t, self, exponent, result: _rpow_d(m, t[1], self, exponent, result),
             samples=lambda: [Sample(2.5, arr(3, 4)), Sample(0.5, arr(5))],
             rule="base^x: d/dx = base^x * log(base); for base 0, 0 where x >= 0")


# -- exp and log ---------------------------------------------------------------------------------

_LN2, _LN10 = math.log(2.0), math.log(10.0)


def _unary(name, node, fwd, bwd, saves=("self",), jvp=None, samples=None, rule="", promote=FLOAT,
           aliases=(), kink=None, public=True, real=None):
    """An elementwise op: ``bwd(m, g, *saved)`` is the chain rule applied to ``g``; applied to the
    tangent instead it is the forward-mode rule (torch's ``auto_element_wise``), so only ops whose
    jvp differs say one. Public as ``torch.<name>``, ``Tensor.<name>`` and ``Tensor.<name>_``."""
    if jvp is None:
        def jvp(m, t, *saved):
            return bwd(m, t[0], *saved)
    return defop(name, node, ("self",), fwd, bwd, saves=saves, jvp=jvp, promote=promote,
                 samples=samples or unary(), rule=rule, kink=kink, real=real, elementwise=True,
                 api=API(inplace=True, aliases=aliases) if public else None)


EXP = _unary("exp", "ExpBackward0", rounded.exp, lambda m, g, result: g * result, saves=("result",), rule="exp(self) (the result)")
EXP2 = _unary("exp2", "Exp2Backward0", rounded.exp2, lambda m, g, result: m.scale(g * result, _LN2), saves=("result",), rule="exp2(self) * ln 2")
EXPM1 = _unary("expm1", "Expm1Backward0", rounded.expm1, lambda m, g, result: g * m.shift(result, 1), saves=("result",), rule="result + 1")
LOG = _unary("log", "LogBackward0", rounded.log, lambda m, g, self: g / self, samples=unary(pos), rule="1/self")
LOG2 = _unary("log2", "Log2Backward0", rounded.log2, lambda m, g, self: g / m.scale(self, _LN2), samples=unary(pos), rule="1/(self ln 2)")
LOG10 = _unary("log10", "Log10Backward0", rounded.log10, lambda m, g, self: g / m.scale(self, _LN10), samples=unary(pos), rule="1/(self ln 10)")
LOG1P = _unary("log1p", "Log1PBackward0", rounded.log1p, lambda m, g, self: g / m.shift(self, 1), samples=unary(pos), rule="1/(1 + self)")
SQRT = _unary("sqrt", "SqrtBackward0", np.sqrt, lambda m, g, result: g / m.scale(result, 2), saves=("result",), samples=unary(pos), rule="1/(2 sqrt(self)); inf at 0",
              kink=Kink("sqrt'(0) = inf", lambda v: v["result" if "result" in v else "self"] == 0))
RSQRT = _unary("rsqrt", "RsqrtBackward0", lambda a: 1 / np.sqrt(a),
               lambda m, g, result: m.scale(g, -0.5) * m.pow(result, 3), saves=("result",),
               samples=unary(pos), rule="-1/2 self^(-3/2)")
RECIPROCAL = _unary("reciprocal", "ReciprocalBackward0", lambda a: 1 / a,
                    lambda m, g, result: -g * (result * result), saves=("result",), samples=unary(pos),
                    rule="-1/self^2")

# -- trigonometric and hyperbolic ------------------------------------------------------------------

SIN = _unary("sin", "SinBackward0", rounded.sin, lambda m, g, self: g * m.cos(self), rule="cos(self)")
COS = _unary("cos", "CosBackward0", rounded.cos, lambda m, g, self: g * -m.sin(self), rule="-sin(self)")
TAN = _unary("tan", "TanBackward0", rounded.tan, lambda m, g, result: g * m.shift(m.pow(result, 2), 1), saves=("result",), samples=unary(unit), rule="1 + tan^2")
ASIN = _unary("asin", "AsinBackward0", rounded.arcsin, lambda m, g, self: g * m.rsqrt(m.shift(-self * self, 1)), samples=unary(unit), rule="1/sqrt(1 - self^2)", aliases=("arcsin",))
ACOS = _unary("acos", "AcosBackward0", rounded.arccos, lambda m, g, self: g * -m.rsqrt(m.shift(-self * self, 1)), samples=unary(unit),
              rule="-1/sqrt(1 - self^2)", aliases=("arccos",))
ATAN = _unary("atan", "AtanBackward0", rounded.arctan, lambda m, g, self: g / m.shift(self * self, 1), rule="1/(1 + self^2)", aliases=("arctan",))
SINH = _unary("sinh", "SinhBackward0", rounded.sinh, lambda m, g, self: g * m.cosh(self), rule="cosh(self)")
COSH = _unary("cosh", "CoshBackward0", rounded.cosh, lambda m, g, self: g * m.sinh(self), rule="sinh(self)")
_F32 = np.dtype(np.float32)
_F64 = np.dtype(np.float64)
_F32_SCALAR = np.float32
_FLOAT_SCALARS = frozenset((np.float32, np.float64))   # what numpy's arithmetic on 0-d float arrays returns
_F32_ONE = np.float32(1)
_multiply = np.multiply
_subtract = np.subtract
_ONE64 = np.array(1.0)   # (a ready 0-d array: numpy's handling of a Python 1 costs more than the subtraction)
_ONE64.flags.writeable = False
_ndarray = np.ndarray   # (numpy's module has a __getattr__: CPython 3.11 looks np.<name> up the slow way every time)


def _tanh_bwd(m, g, result):
    if m.is_tensor:   # under create_graph torch records its own node for this formula
        return call(TANH_BACKWARD, (g, result))
    if result.__class__ is _F32_SCALAR:   # a 0-d result: 1 - y^2 in a Python float (exact y^2), rounded once
        y = float(result)
        # rounded to float32 by a multiply with float32's 1 (np.float32(v) costs 3 times more), and numpy's
        # scalar arithmetic: a ufunc call on two scalars costs 6k instructions
        return g * (_F32_ONE * (1.0 - y * y))
    if result.__class__ is _ndarray and (result.dtype is _F32 or result.dtype is _F64):
        t = fused.one_minus_square(result)   # a fresh array: the product may write over it
        return fused.times(g, t) if g.shape == t.shape else _multiply(g, t)   # (a batched or broadcast g)
    return _tanh_grad(g, result)


def _tanh_grad(g, y):
    """g (1 - y y), the 1 - y y rounded once as torch's kernel (a fused multiply-add)."""
    return g * fused.one_minus_square(y)


def _minus_two_times(m, output):
    """torch's ``-2 * output``: the Scalar overload (MulBackward1 under create_graph); a number as it is."""
    return -2 * output if output.__class__ in (int, float) else m.scale(output, -2)


TANH_BACKWARD = defop("tanh_backward", "TanhBackwardBackward0", ("grad_output", "output"), _tanh_grad,
                      # torch's formulas, in its order: tanh_backward(grad, output), grad * (-2 output grad_output)
                      lambda m, gg, grad_output, output: (_tanh_bwd(m, gg, output),
                                                          gg * (_minus_two_times(m, output) * grad_output)),
                      saves=("grad_output", "output"), promote=FLOAT,
                      jvp=lambda m, t, grad_output, output: _sum_tangents(
                          None if t[0] is None else _tanh_bwd(m, t[0], output),
                          None if t[1] is None else t[1] * (_minus_two_times(m, output) * grad_output)),
                      samples=binary(arr, unit), rule="the derivative of g * (1 - y^2) in g and in y")
TANH = _unary("tanh", "TanhBackward0", rounded.tanh, _tanh_bwd, saves=("result",),
              jvp=lambda m, t, result: _tanh_bwd(m, t[0], result),   # torch: tanh_backward(t, result)
              rule="1 - tanh^2 (the result)")


def _tanh_apply(node, grads, m):
    """TanhBackward0 in a plain backward (every tanh layer's, a third of a tanh chain's nodes): its
    saved result checked as ``unpack_saved`` checks it and ``_tanh_bwd``'s formulas (float32 and
    float64 arrays, float32 0-d values), without the generic apply's steps. Other dtypes, hooked
    values, create_graph, vmap and gradients that do not fit take ``OpNode.apply``."""
    s = node._saved[0]
    if m.plain and s.__class__ is SavedVariable and s.tensor is None:
        y = s.data   # (an op's own output is kept as data only)
        if s.vc[0] != s.version or y is None:
            s.array(node)   # raises torch's error
        g = grads[0]
        shape, dt = node._in_meta[0]
        if g.dtype is dt and (dt is _F32 or dt is _F64) and shape == g.shape and node.next_functions[0][0] is not None:
            c = y.__class__
            if c is _ndarray:
                if node._odtype is dt and g.__class__ is _ndarray:   # (the output's dtype: y's)
                    if dt is _F32 and y.size != 1:
                        # 1 - y^2 rounded once, as torch's fused kernel: fused.one_minus_square's float32
                        # steps, inline (a third of the chain's nodes are this one)
                        t = y.astype(_F64)
                        _multiply(t, t, t)
                        _subtract(_ONE64, t, t)
                        t = t.astype(_F32)
                        return [_multiply(g, t, t)]
                    t = fused.one_minus_square(y)
                    return [_multiply(g, t, t) if t.size != 1 else _multiply(g, t)]   # (fused.times, inline)
            elif c is _F32_SCALAR:
                y = float(y)
                r = g * (_F32_ONE * (1.0 - y * y))
                if r.dtype is _F32:
                    return [r]
    return OpNode.apply(node, grads, m)


TANH.on_node(apply=_tanh_apply)
# torch's formulas, so create_graph records its nodes: grad * (self.pow(2) + 1).rsqrt(),
# grad * (self * self - 1).rsqrt(), grad * 1 / (1 - self.pow(2))
ASINH = _unary("asinh", "AsinhBackward0", rounded.arcsinh, lambda m, g, self: g * m.rsqrt(m.shift(m.pow(self, 2), 1)),
               rule="1/sqrt(self^2 + 1)", aliases=("arcsinh",))
ACOSH = _unary("acosh", "AcoshBackward0", rounded.arccosh, lambda m, g, self: g * m.rsqrt(m.unshift(self * self, 1)),
               samples=unary(lambda *s, seed=0: arr(*s, low=1.2, high=3.0, seed=seed)), rule="1/sqrt(self^2 - 1)", aliases=("arccosh",))
ATANH = _unary("atanh", "AtanhBackward0", rounded.arctanh, lambda m, g, self: g / m.lsub(1, m.pow(self, 2)),
               samples=unary(unit), rule="1/(1 - self^2)", aliases=("arctanh",))
LOGADDEXP = defop("logaddexp", "LogaddexpBackward0", ("self", "other"), R.floats("logaddexp_cpu", np.logaddexp),
                  lambda m, g, self, other: (g / (1 + m.exp(other - self)), g / (1 + m.exp(self - other))),
                  saves=("self", "other"), promote=COMMON,
                  jvp=lambda m, t, self, other: _sum_tangents(
                      None if t[0] is None else t[0] / (1 + m.exp(other - self)),
                      None if t[1] is None else t[1] / (1 + m.exp(self - other))),
                  samples=binary(), rule="d/dself = 1/(1 + exp(other - self)), d/dother = 1/(1 + exp(self - other))",
                  api=API(kind="binary"))
def _xlogy_np(x, y):
    """x * log(y), 0 where x == 0 (unless y is NaN), as torch.xlogy."""
    with np.errstate(divide="ignore", invalid="ignore"):
        out = np.multiply(x, rounded.loop_log(y) if isinstance(y, np.ndarray) else np.log(y))
    return np.where((np.asarray(x) == 0) & ~np.isnan(y), np.zeros_like(out), out)


def _xlogy_d_self(m, g, self, other):
    """torch: xlogy(grad, other), 0 where self == 0 and other <= 0."""
    if isinstance(other, (int, float)):
        log_other = math.log(other) if other > 0 else -math.inf if other == 0 else math.nan
        return g * log_other if other > 0 else m.where(self == 0, 0.0, g * log_other)
    if m.is_tensor:    # torch's nodes: MaskedFillBackward0 over XlogyBackward0
        return m.masked_fill(m.xlogy(g, other), (self == 0) & (other <= 0), 0.0)
    return np.where((self == 0) & (other <= 0), 0.0, _xlogy_np(g, other))   # xlogy: a zero g gives 0, not nan


XLOGY = defop("xlogy.Tensor", "XlogyBackward0", ("self", "other"), _xlogy_np,
              lambda m, g, self, other, needs: (_xlogy_d_self(m, g, self, other) if needs[0] else None,
                                                g * self / other if needs[1] else None),
              saves=("self", "other"), promote=FLOAT, masked=True,
              jvp=lambda m, t, self, other: _sum_tangents(
                  None if t[0] is None else _xlogy_d_self(m, t[0], self, other),
                  None if t[1] is None else t[1] * self / other),
              samples=binary(arr, lambda *sh, seed=0: pos(*sh, seed=seed)),
              rule="d/dself = log(other) (0 where self == 0 and other <= 0), d/dother = self/other",
              real=R.complex_kernel("xlogy_cpu"))
XLOGY_SCALAR_OTHER = defop("xlogy.Scalar_Other", "XlogyBackward2", ("self",),
                           lambda x, other: _xlogy_np(x, np.asarray(other, dtype=x.dtype)),
                           lambda m, g, self, other: _xlogy_d_self(m, g, self, other),
                           saves=("self", "other"), promote=FLOAT,
                           jvp=lambda m, t, self, other: _xlogy_d_self(m, t[0], self, other),
                           samples=lambda: [Sample(arr(3, 4), params={"other": 2.5})],
                           rule="d/dself = log(other) (other is a number)", real=R.complex_kernel("xlogy_cpu"))
XLOGY_SCALAR_SELF = defop("xlogy.Scalar_Self", "XlogyBackward1", ("other",),
                          lambda y, self: _xlogy_np(np.asarray(self, dtype=y.dtype), y),
                          lambda m, g, other, self: g * self / other,
                          saves=("other", "self"), promote=FLOAT,
                          jvp=lambda m, t, other, self: t[0] * self / other,
                          samples=lambda: [Sample(pos(3, 4), params={"self": 1.5})],
                          rule="d/dother = self/other (self is a number)", real=R.complex_kernel("xlogy_cpu"))


def _atan2_recip(m, self, other):
    """1/(self^2 + other^2), 0 where self^2 + other^2 is 0: torch's atan2 gradient at the origin is 0.
    Under create_graph torch's masked_fill_ keeps the reciprocal in the graph: a NaN second derivative
    there, as torch's."""
    r2 = self * self + other * other
    if m.is_tensor:
        return m.masked_fill(m.reciprocal(r2), r2 == 0, 0.0)
    return m.where(r2 == 0, 0.0, 1 / m.where(r2 == 0, 1.0, r2))


ATAN2 = defop("atan2", "Atan2Backward0", ("self", "other"), np.arctan2,
              lambda m, g, self, other: (g * other * _atan2_recip(m, self, other),
                                         g * -self * _atan2_recip(m, self, other)),
              saves=("self", "other"), promote=FLOAT,
              jvp=lambda m, t, self, other: _sum_tangents(
                  None if t[0] is None else t[0] * other * _atan2_recip(m, self, other),
                  None if t[1] is None else -t[1] * self * _atan2_recip(m, self, other)),
              samples=binary(), rule="d/dself = other/(self^2+other^2), d/dother = -self/(self^2+other^2); 0 at the origin",
              kink=Kink("at the origin both derivatives are taken as 0", lambda v: (v["self"] == 0) & (v["other"] == 0)),
              real=R.complex_kernel("atan2_cpu"))
HYPOT = defop("hypot", "HypotBackward0", ("self", "other"), R.floats("hypot_cpu", np.hypot),
              lambda m, g, self, other, result, needs: (g * self / result if needs[0] else None,
                                                        g * other / result if needs[1] else None),
              saves=("self", "other", "result"), promote=COMMON, masked=True,
              saved_for={"self": ("self",), "other": ("other",)},
              jvp=lambda m, t, self, other, result: _sum_tangents(
                  None if t[0] is None else t[0] * self / result, None if t[1] is None else t[1] * other / result),
              samples=binary(), rule="d/dself = self/result, d/dother = other/result",
              real=R.complex_kernel("hypot_cpu"))

# -- piecewise: abs, sign, rounding, clamp, min/max --------------------------------------------------

def abs_np(a):
    """|a|; of a complex number as torch's hypot rounds it (numpy's complex abs differs from it in the
    last bit on a third of complex64 inputs and 0.6% of complex128 ones; the long-double root on 0.02%)."""
    if a.dtype.kind != "c":
        return np.abs(a)
    if a.dtype == np.complex64:
        return np.hypot(a.real, a.imag)
    wide = np.sqrt(np.square(a.real.astype(np.longdouble)) + np.square(a.imag.astype(np.longdouble)))
    return np.where(np.isinf(a.real) | np.isinf(a.imag), np.inf, wide.astype(np.float64))


ABS = _unary("abs", "AbsBackward0", R.no_bool("abs_cpu", abs_np), lambda m, g, self: g * m.sgn(self), promote=COMMON,
             samples=unary(lambda *s, seed=0: arr(*s, seed=seed, away_from=0.0)), rule="sign(self); 0 at 0", aliases=("absolute",),
             kink=Kink("abs'(0) = sign(0) = 0", lambda v: v["self"] == 0))
def sign_np(a):
    """torch's sign: (0 < x) - (x < 0), so sign(nan) is 0 (numpy's is nan)."""
    if a.dtype.kind == "b":
        return a.copy()
    return ((a > 0).astype(a.dtype) - (a < 0).astype(a.dtype)) if a.dtype.kind in "fiu" else np.sign(a)


SIGN = _unary("sign", "SignBackward0", sign_np, lambda m, g: m.zeros_like(g), saves=(), promote=COMMON, rule="0",
              real=R.complex_refusal(NotImplementedError, "Unlike NumPy, torch.sign is not intended to support complex "
                                                          "numbers. Please use torch.sgn instead."))
_zero_grad = dict(saves=(), jvp=lambda m, t: m.zeros_like(t[0]), promote=COMMON, rule="0 (piecewise constant)")


def _rounding_refusal(name):
    return R.complex_refusal(NotImplementedError, f"{name} is not supported for complex inputs")


FLOOR = _unary("floor", "FloorBackward0", R.no_bool("floor_vml_cpu", np.floor), lambda m, g: m.zeros_like(g), **_zero_grad,
               real=_rounding_refusal("floor"))
CEIL = _unary("ceil", "CeilBackward0", R.no_bool("ceil_vml_cpu", np.ceil), lambda m, g: m.zeros_like(g), **_zero_grad,
              real=_rounding_refusal("ceil"))
ROUND = _unary("round", "RoundBackward0", R.no_bool("round_vml_cpu", np.round), lambda m, g: m.zeros_like(g), **_zero_grad, public=False,
               real=R.complex_kernel("round_vml_cpu"))
TRUNC = _unary("trunc", "TruncBackward0", R.no_bool("trunc_vml_cpu", np.trunc), lambda m, g: m.zeros_like(g), **_zero_grad, aliases=("fix",),
               real=_rounding_refusal("trunc"))
FRAC = _unary("frac", "FracBackward0", R.floats("frac_cpu", lambda a: a - np.trunc(a)), lambda m, g: g, saves=(), promote=COMMON, rule="1",
              real=R.complex_kernel("frac_cpu"))


def _round_decimals(a, decimals):
    R.float_only("round_cpu" if decimals else "round_vml_cpu", a)
    return np.round(a, decimals)


ROUND_DEC = defop("round.decimals", "RoundBackward1", ("self",), _round_decimals, lambda m, g: m.zeros_like(g),
                  jvp=lambda m, t: m.zeros_like(t[0]), rule="0 (piecewise constant)",
                  samples=lambda: [Sample(arr(3, 4), params={"decimals": 2})], real=R.complex_kernel("round_cpu"))


def _int_divisor(kernel, name):
    """An integer kernel dividing by zero raises torch's ZeroDivisionError (numpy gives 0 and a warning),
    a bool divisor's False included (``2 // mask``); two bools are refused, as torch has no bool kernel
    (numpy's would give int8); a Python int divisor is cast to an integer tensor's dtype as torch casts
    it (uint8's -3 is 253)."""
    def checked(a, b):
        kinds = np.asarray(a).dtype.kind + np.asarray(b).dtype.kind
        if kinds == "bb" or "c" in kinds:
            raise R.not_implemented(name, np.result_type(a, b))   # (a complex scalar: numpy's TypeError)
        if b.__class__ is int and kinds[0] in "iu":
            b = wrapped_int(b, a.dtype)
        if kinds[1] in "iub" and kinds[0] in "iub" and not np.all(b):
            np.broadcast_shapes(np.shape(a), np.shape(b))    # torch's shape error comes first
            raise errors.AutogradError("ZeroDivisionError")
        return kernel(a, b)
    return checked


def _mod(a, b):
    """torch's remainder: fmod, then + b where the signs differ; a zero keeps fmod's sign
    (remainder(-1., 1.) is -0., numpy's mod gives +0.)."""
    r = np.fmod(a, b)
    if r.dtype.kind != "f":
        return np.mod(a, b)
    return np.where((r != 0) & ((np.asarray(b) < 0) != (r < 0)), r + np.asarray(b, r.dtype), r)


_INT_FLOOR_DIVIDE = _int_divisor(np.floor_divide, "div_floor_cpu")
_INT_MOD = _int_divisor(_mod, "remainder_cpu")
_INT_FMOD = _int_divisor(np.fmod, "fmod_cpu")


def _with_scalar(a, other):
    """``a`` in the dtype torch computes ``a op other`` in (an int tensor and 2.5: the default float)."""
    res = dtypes.result_type([dtypes.from_numpy_dtype(a.dtype)], [], [other])
    return a if res is None else a.astype(res.np, copy=False)


def _floor_quotient(m, self, other):
    """torch's ``self.div(other, rounding_mode="floor")`` as a constant: numpy's floor_divide rounds as
    torch's does (inf // 2 is nan, -3 // inf is -1), where floor(self / other) gives inf and -0."""
    def data(x):
        return x._data if m.is_tensor else x
    with np.errstate(all="ignore"):
        return m.const(np.floor_divide(data(self), data(other)))


def _remainder_bwd(m, g, self, other, needs):
    return g, -g * _floor_quotient(m, self, other) if needs[1] else None


def _fmod_bwd(m, g, self, other, needs):
    return g, -g * _trunc(m, self / other) if needs[1] else None


_FOR_OTHER = {"self": ("other",), "other": ("other",)}    # torch saves them for other's gradient only


def _mod_samples():
    return [Sample(arr(3, 4) * 3, pos(3, 4) + 0.3), Sample(arr(5) * 3, pos(5))]


REMAINDER = defop("remainder.Tensor", "RemainderBackward1", ("self", "other"), _INT_MOD, _remainder_bwd,
                  saves=("self", "other"), masked=True, saved_for=_FOR_OTHER,
                  jvp=lambda m, t, self, other: _sum_tangents(t[0], None if t[1] is None else
                                                               -t[1] * _floor_quotient(m, self, other)),
                  samples=_mod_samples, rule="d/dself = 1, d/dother = -floor(self/other)",
                  real=R.complex_kernel("remainder_cpu"))
REMAINDER_S = defop("remainder.Scalar", "RemainderBackward0", ("self",), lambda a, other: _INT_MOD(_with_scalar(a, other), other),
                    lambda m, g: g, jvp=lambda m, t: t[0],
                    samples=lambda: [Sample(arr(5) * 3, params={"other": 0.7})], rule="1",
                    real=R.complex_kernel("remainder_cpu"))
FMOD = defop("fmod.Tensor", "FmodBackward1", ("self", "other"), _INT_FMOD, _fmod_bwd,
             saves=("self", "other"), masked=True, saved_for=_FOR_OTHER,
             jvp=lambda m, t, self, other: _sum_tangents(t[0], None if t[1] is None else
                                                          -t[1] * _trunc(m, self / other)),
             samples=_mod_samples, rule="d/dself = 1, d/dother = -trunc(self/other)", real=R.complex_kernel("fmod_cpu"))
FMOD_S = defop("fmod.Scalar", "FmodBackward0", ("self",), lambda a, other: _INT_FMOD(_with_scalar(a, other), other),
               lambda m, g: g, jvp=lambda m, t: t[0],
               samples=lambda: [Sample(arr(5) * 3, params={"other": 0.7})], rule="1", real=R.complex_kernel("fmod_cpu"))


def _trunc(m, x):
    return m.sign(x) * m.floor(m.abs(x))


def _clamp_fwd(a, min=None, max=None):
    """torch promotes self with the bounds (an int tensor clamped to 0.5 is float); bool has no kernel."""
    if a.dtype.kind == "f" and (min.__class__ is complex or max.__class__ is complex):
        # a floating kernel takes its bounds as doubles: a complex one must have no imaginary part
        if any(b.__class__ is complex and b.imag for b in (min, max)):
            raise errors.AutogradError("value cannot be converted to type double without overflow")
        min, max = (b.real if b.__class__ is complex else b for b in (min, max))
    bounds = [b for b in (min, max) if b is not None]
    res = dtypes.result_type([dtypes.from_numpy_dtype(a.dtype)], [], bounds).np if a.ndim else \
        dtypes.result_type([], [dtypes.from_numpy_dtype(a.dtype)], bounds).np
    if res.kind == "c":   # an integer tensor and a complex bound
        raise NotImplementedError("clamp is not supported for complex types")
    if res.kind == "b":
        kernel = "clamp_scalar_cpu" if len(bounds) == 2 else "clamp_min_scalar_cpu" if min is not None else \
            "clamp_max_scalar_cpu"
        raise R.not_implemented(kernel, a)
    a = a.astype(res, copy=False)
    if min is not None:     # an int bound is cast as torch casts it (uint8's -1 is 255; 300 is refused)
        a = np.maximum(a, np.asarray(checked_scalar(min, a.dtype), a.dtype))
    if max is not None:
        a = np.minimum(a, np.asarray(checked_scalar(max, a.dtype), a.dtype))
    return a


def _clamp_mask(m, self, min, max):
    mask = None
    if min is not None:
        mask = self >= min
    if max is not None:
        upper = self <= max
        mask = upper if mask is None else mask & upper
    return mask



def _on_clamp_bound(v):
    """Elements equal to a scalar bound (tensor bounds are ClampBackward0, not checked)."""
    hits = False
    for bound in ("min", "max"):
        b = v.get(bound)
        if b is not None and np.size(b) == 1 and np.asarray(b).dtype != object:
            hits = hits | (v["self"] == b)
    return hits


CLAMP = defop("clamp", "ClampBackward1", ("self",), _clamp_fwd,
              lambda m, g, self, min, max: m.where(_clamp_mask(m, self, min, max), g, 0.0),
              saves=("self", "min", "max"),
              jvp=lambda m, t, self, min, max: m.where(_clamp_mask(m, self, min, max), t[0], 0.0),
              samples=lambda: [Sample(arr(3, 4, away_from=0.5), params={"min": -0.5, "max": 0.5}),
                               Sample(arr(5, away_from=0.0), params={"min": 0.0, "max": None})],
              rule="1 inside [min, max] (bounds included), 0 outside",
              kink=Kink("at a bound the gradient passes through (derivative 1)", _on_clamp_bound),
              real=R.complex_refusal(NotImplementedError, "clamp is not supported for complex types"))


def _clamp_t_fwd(a, lo, hi):
    """A missing bound (None) is open, and unsaved: torch's ClampBackward0 shows it as None."""
    if a.dtype.kind == "c":   # (self, or the bounds, promoted: see functions.arithmetic.clamp)
        raise NotImplementedError("clamp is not supported for complex types")
    if lo is not None:
        a = np.maximum(a, lo)
    return a if hi is None else np.minimum(a, hi)


def _clamp_t_masks(self, min, max) -> tuple:
    """torch's clamp_backward_min_max: self where inside [min, max]; min where below it and min < max
    (so min == max, or a bound at inf on both sides, gives neither bound anything); max where above it
    or where max < min (the result is max). A missing bound has no mask."""
    if max is None:
        return self >= min, self < min, None
    if min is None:
        return self <= max, None, self > max
    return (self >= min) & (self <= max), (self < min) & (min < max), (self > max) | (max < min)


CLAMP_T = defop("clamp.Tensor", "ClampBackward0", ("self", "min", "max"), R.no_bool("clamp_cpu", _clamp_t_fwd),
                lambda m, g, self, min, max: tuple(None if k is None else m.where(k, g, 0.0)
                                                   for k in _clamp_t_masks(self, min, max)),
                saves=("self", "min", "max"),
                jvp=lambda m, t, self, min, max: functools.reduce(_sum_tangents, (
                    None if tk is None else m.where(k, tk, 0.0) for tk, k in zip(t, _clamp_t_masks(self, min, max)))),
                samples=lambda: [Sample(arr(3, 4), arr(3, 4, seed=5) - 1.5, arr(3, 4, seed=6) + 1.5)],
                rule="gradient goes to whichever of self, min, max is selected")


# clamp_min / clamp_max: torch's own nodes (ClampMinBackward0/1, ClampMaxBackward0/1), keeping self and
# the one bound; the gradient passes where self is on the kept side, bound included, as clamp's
CLAMP_MIN = defop("clamp_min", "ClampMinBackward0", ("self",), lambda a, min: _clamp_fwd(a, min=min),
                  lambda m, g, self, min: m.where(self >= min, g, 0.0), saves=("self", "min"),
                  jvp=lambda m, t, self, min: m.where(self >= min, t[0], 0.0),
                  samples=lambda: [Sample(arr(3, 4, away_from=0.5), params={"min": 0.5})],
                  rule="1 where self >= min, else 0",
                  real=R.complex_refusal(NotImplementedError, "clamp is not supported for complex types"))
CLAMP_MAX = defop("clamp_max", "ClampMaxBackward0", ("self",), lambda a, max: _clamp_fwd(a, max=max),
                  lambda m, g, self, max: m.where(self <= max, g, 0.0), saves=("self", "max"),
                  jvp=lambda m, t, self, max: m.where(self <= max, t[0], 0.0),
                  samples=lambda: [Sample(arr(3, 4, away_from=0.5), params={"max": 0.5})],
                  rule="1 where self <= max, else 0",
                  real=R.complex_refusal(NotImplementedError, "clamp is not supported for complex types"))
CLAMP_MIN_T = defop("clamp_min.Tensor", "ClampMinBackward1", ("self", "min"),
                    R.no_bool("clamp_min_cpu", lambda a, lo: np.maximum(a, lo)),
                    lambda m, g, self, min: (m.where(self >= min, g, 0.0), m.where(self < min, g, 0.0)),
                    saves=("self", "min"),
                    jvp=lambda m, t, self, min: _sum_tangents(None if t[0] is None else m.where(self >= min, t[0], 0.0),
                                                              None if t[1] is None else m.where(self < min, t[1], 0.0)),
                    samples=lambda: [Sample(arr(3, 4), arr(3, 4, seed=5) - 0.5)],
                    rule="self where self >= min, min where below it", real=R.complex_kernel("maximum_cpu"))
CLAMP_MAX_T = defop("clamp_max.Tensor", "ClampMaxBackward1", ("self", "max"),
                    R.no_bool("clamp_max_cpu", lambda a, hi: np.minimum(a, hi)),
                    lambda m, g, self, max: (m.where(self <= max, g, 0.0), m.where(self > max, g, 0.0)),
                    saves=("self", "max"),
                    jvp=lambda m, t, self, max: _sum_tangents(None if t[0] is None else m.where(self <= max, t[0], 0.0),
                                                              None if t[1] is None else m.where(self > max, t[1], 0.0)),
                    samples=lambda: [Sample(arr(3, 4), arr(3, 4, seed=6) + 0.5)],
                    rule="self where self <= max, max where above it", real=R.complex_kernel("minimum_cpu"))


def _minmax_bwd(lose):
    """torch's rule: a tie splits the gradient; a side gets nothing only where it strictly loses
    (``lose(self, other)``), so at a NaN (no comparison holds) both sides get the gradient."""
    def bwd(m, g, self, other):
        eq = self == other
        shared = m.where(eq, g * 0.5, g)
        return m.where(lose(self, other), 0.0, shared), m.where(lose(other, self), 0.0, shared)
    return bwd


def _minmax_jvp(pick):
    def jvp(m, t, self, other):
        sel = pick(self, other)
        a = t[0] if t[0] is not None else 0.0
        b = t[1] if t[1] is not None else 0.0
        return m.where(self == other, (a + b) * 0.5, m.where(sel, a, b))
    return jvp


MAXIMUM = defop("maximum", "MaximumBackward0", ("self", "other"), np.maximum,
                _minmax_bwd(lambda a, b: a < b), saves=("self", "other"),
                jvp=_minmax_jvp(lambda a, b: a > b), samples=binary(), rule="to the larger; ties split",
                kink=Kink("on a tie each side gets half the gradient", lambda v: v["self"] == v["other"]),
                real=R.complex_refusal(RuntimeError, "maximum not implemented for complex tensors."))
MINIMUM = defop("minimum", "MinimumBackward0", ("self", "other"), np.minimum,
                _minmax_bwd(lambda a, b: a > b), saves=("self", "other"),
                jvp=_minmax_jvp(lambda a, b: a < b), samples=binary(), rule="to the smaller; ties split",
                kink=Kink("on a tie each side gets half the gradient", lambda v: v["self"] == v["other"]),
                real=R.complex_refusal(RuntimeError, "minimum not implemented for complex tensors."))


def _where_fwd(a, b, condition):
    """np.where, laid out as torch's TensorIterator over (condition, self, other)."""
    condition = condition._data if isinstance(condition, Tensor) else condition
    out = np.where(condition, a, b)
    return in_iterator_layout((condition, a, b), out) if out.ndim > 1 else out


# the condition is a parameter, not an input: torch's node has an edge for self and other only
WHERE = defop("where", "WhereBackward0", ("self", "other"), _where_fwd,
              lambda m, g, condition: (m.where(condition, g, 0.0), m.where(condition, 0.0, g)),
              saves=("condition",),
              jvp=lambda m, t, condition: m.where(condition, 0.0 if t[0] is None else t[0],
                                                  0.0 if t[1] is None else t[1]),
              samples=lambda: [Sample(arr(3, 4, seed=1), arr(3, 4, seed=2), params={"condition": arr(3, 4) > 0}),
                               Sample(arr(4, seed=1), 0.5, params={"condition": arr(3, 1) > 0})],
              rule="g where condition to self, elsewhere to other")

def _lerp_fwd(a, b, w):
    """torch's kernel: from self for |weight| < 0.5, from end otherwise (lerp(inf, 2, 0.5) is inf, not nan).
    torch takes one dtype (a 0-d weight may differ) and floats only."""
    named = (("end", b),) + (() if np.ndim(w) == 0 else (("weight", w),))
    for name, x in named:
        if x.dtype != a.dtype:
            raise errors.DTypeError(f"expected dtype {dtypes.c_type_name(a.dtype)} for `{name}` but got dtype "
                                    f"{dtypes.c_type_name(x.dtype)}")
    R.float_only("lerp_kernel_tensor" if isinstance(w, np.ndarray) else "lerp_kernel_scalar", a)
    w = w.astype(a.dtype) if isinstance(w, np.ndarray) else np.asarray(w, a.dtype)
    diff = b - a
    with np.errstate(invalid="ignore"):    # fused multiply-adds, as torch's kernel
        return np.where(np.abs(w) < 0.5, fused.fma(w, diff, a), fused.fma(w - 1, diff, b)).astype(
            np.result_type(a, b), copy=False)


LERP = defop("lerp", "LerpBackward0", ("self", "end"), lambda a, b, weight: _lerp_fwd(a, b, weight),
             lambda m, g, weight: (g * (1 - weight), g * weight), saves=("weight",),
             promote=KEEP, jvp=lambda m, t, weight: _sum_tangents(None if t[0] is None else t[0] * (1 - weight),
                                                     None if t[1] is None else t[1] * weight),
             samples=lambda: [Sample(arr(3, 4), arr(3, 4, seed=4), params={"weight": 0.3})],
             rule="d/dself = 1 - weight, d/dend = weight")
LERP_T = defop("lerp.Tensor", "LerpBackward1", ("self", "end", "weight"), _lerp_fwd,
               lambda m, g, self, end, weight, needs: (g * (1 - weight) if needs[0] else None,
                                                       g * weight if needs[1] else None,
                                                       g * (end - self) if needs[2] else None),
               saves=("self", "end", "weight"), promote=KEEP, masked=True,
               saved_for={"self": ("weight",), "end": ("weight",)},
               jvp=lambda m, t, self, end, weight: _sum_tangents(_sum_tangents(
                   None if t[0] is None else t[0] * (1 - weight), None if t[1] is None else t[1] * weight),
                   None if t[2] is None else t[2] * (end - self)),
               samples=lambda: [Sample(arr(3, 4), arr(3, 4, seed=4), arr(3, 4, seed=5))],
               rule="d/dself = 1 - weight, d/dend = weight, d/dweight = end - self")

# addcmul / addcdiv: torch's own nodes; value is cast to the result's dtype first (0.5 is 0 for ints),
# and each tensor is saved only for a gradient that reads it
def _number_over(m, c, x):
    """``c / x`` for a Python number ``c`` as torch's C++ formulas record it: the number wrapped in a
    tensor, then aten::div (DivBackward0)."""
    return m.full_like(x, c) / x if m.is_tensor else c / x


def _addcmul_fwd(a, t1, t2, value):
    """torch's kernel: a + (value t1) t2 as one fused multiply-add."""
    scaled = t1 if value == 1 else t1 * np.asarray(value, np.result_type(t1, t2))
    return fused.fma(scaled, t2, a)


def _addcdiv_fwd(a, t1, t2, value):
    if t1.dtype.kind not in "fc" and t2.dtype.kind not in "fc":
        raise errors.AutogradError(_ADDCDIV_INT)
    if value == 1:
        return a + t1 / t2
    return a + (t1 * np.asarray(value, t1.dtype)) / t2   # torch's kernel: value * t1 / t2, in that order


_ADDCDIV_INT = ("Integer division with addcdiv is no longer supported, and in a future  release addcdiv will perform "
                "a true division of tensor1 and tensor2. The historic addcdiv behavior can be implemented as (input + "
                "value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for integer inputs and as (input + value * "
                "tensor1 / tensor2) for float inputs. The future addcdiv behavior is just the latter implementation: "
                "(input + value * tensor1 / tensor2), for all dtypes.")

ADDCMUL = defop("addcmul", "AddcmulBackward0", ("self", "tensor1", "tensor2"), _addcmul_fwd,
                lambda m, g, tensor1, tensor2, value, needs: (   # torch's grad * (tensor2 * value), MulBackward1
                    g, g * m.scale(tensor2, value) if needs[1] else None, g * m.scale(tensor1, value) if needs[2] else None),
                saves=("tensor1", "tensor2", "value"), masked=True,
                saved_for={"tensor1": ("tensor2",), "tensor2": ("tensor1",)},
                jvp=lambda m, t, tensor1, tensor2, value: functools.reduce(_sum_tangents, (
                    t[0], None if t[1] is None else t[1] * (tensor2 * value),
                    None if t[2] is None else t[2] * (tensor1 * value))),
                samples=lambda: [Sample(arr(3, 4), arr(3, 4, seed=1), arr(4, seed=2), params={"value": 0.5}),
                                 Sample(arr(3, 1), arr(4, seed=3), arr(3, 4, seed=4), params={"value": 1},
                                        note="broadcast")],
                rule="d/dself = 1, d/dtensor1 = value tensor2, d/dtensor2 = value tensor1")
ADDCDIV = defop("addcdiv", "AddcdivBackward0", ("self", "tensor1", "tensor2"), _addcdiv_fwd,
                lambda m, g, tensor1, tensor2, value, needs: (   # torch's formulas and nodes
                    g, g * _number_over(m, value, tensor2) if needs[1] else None,
                    -g * (m.scale(tensor1, value) / (tensor2 * tensor2)) if needs[2] else None),
                saves=("tensor1", "tensor2", "value"), masked=True, saved_for={"tensor1": ("tensor2",)},
                jvp=lambda m, t, tensor1, tensor2, value: functools.reduce(_sum_tangents, (
                    t[0], None if t[1] is None else t[1] * (value / tensor2),
                    None if t[2] is None else -t[2] * (value * tensor1 / (tensor2 * tensor2)))),
                samples=lambda: [Sample(arr(3, 4), arr(3, 4, seed=1), pos(4, seed=2), params={"value": 0.5}),
                                 Sample(arr(3, 1), arr(4, seed=3), pos(3, 4, seed=4) + 0.5, params={"value": -2.0},
                                        note="broadcast")],
                rule="d/dself = 1, d/dtensor1 = value / tensor2, d/dtensor2 = -value tensor1 / tensor2^2")


# -- comparisons (never differentiable) ------------------------------------------------------------

_ORDERED = {"lt", "le", "gt", "ge"}   # complex numbers have no order: torch's kernels refuse them


def _compare(name, fn, aliases=()):
    return defop(name, name, ("self", "other"), _int_scalar_cast(fn), None, promote=COMPARE, differentiable=False,
                 rule="not differentiable (boolean result)", api=API(kind="binary", aliases=aliases),
                 real=R.complex_kernel(f"{name}_cpu") if name in _ORDERED else None)


_INT_BOUNDS = {np.dtype(t): (int(np.iinfo(t).min), int(np.iinfo(t).max))
               for t in (np.int8, np.int16, np.int32, np.int64, np.uint8)}


def _int_scalar_cast(fn):
    """numpy compares an integer tensor with a Python int outside its dtype's range exactly; torch
    first casts the int to the tensor's dtype, wrapping round (a uint8 tensor > -1 compares with 255)."""
    def forward(a, b):
        if b.__class__ is int and a.__class__ is np.ndarray:
            bounds = _INT_BOUNDS.get(a.dtype)
            if bounds is not None and not bounds[0] <= b <= bounds[1]:
                a, b = wrapped_ints([a, b])
        return fn(a, b)
    return forward


EQ, NE, LT, LE, GT, GE = (_compare(n, f, a) for n, f, a in (
    ("eq", np.equal, ()), ("ne", np.not_equal, ("not_equal",)), ("lt", np.less, ("less",)),
    ("le", np.less_equal, ("less_equal",)), ("gt", np.greater, ("greater",)),
    ("ge", np.greater_equal, ("greater_equal",))))
LOGICAL_AND = _compare("logical_and", np.logical_and)


# lt_, ge_...: an in-place comparison writes 0/1 into self and records a node whose gradients are zeros,
# as torch's (LtBackward0 when other is a number, LtBackward1 when it is a tensor); not gradchecked: there
# is nothing to check in a zero derivative
def _compare_inplace(name, fn, node):
    real = R.complex_kernel(f"{name}_cpu") if name in _ORDERED else None
    scalar = defop(name + "_.Scalar", node + "Backward0", ("self",), lambda a, other: fn(a, other),
                   lambda m, g: m.zeros_like(g), promote=KEEP, real=real,
                   jvp=lambda m, t: m.zeros_like(t[0]), rule="0 (self becomes 0 or 1)")
    tensor = defop(name + "_.Tensor", node + "Backward1", ("self", "other"), fn, lambda m, g: (m.zeros_like(g), m.zeros_like(g)),
                   promote=KEEP, real=real, jvp=lambda m, t: m.zeros_like(t[0] if t[0] is not None else t[1]),
                   rule="0 for self and other (self becomes 0 or 1)")
    return scalar, tensor


COMPARE_INPLACE = {name: _compare_inplace(name, fn, node) for name, fn, node in (
    ("eq", np.equal, "Eq"), ("ne", np.not_equal, "Ne"), ("lt", np.less, "Lt"), ("le", np.less_equal, "Le"),
    ("gt", np.greater, "Gt"), ("ge", np.greater_equal, "Ge"))}
LOGICAL_OR = _compare("logical_or", np.logical_or)
LOGICAL_XOR = _compare("logical_xor", np.logical_xor)
LOGICAL_NOT = defop("logical_not", "logical_not", ("self",), np.logical_not, None, promote=COMPARE,
                    differentiable=False, rule="not differentiable (boolean result)", api=API())
ISNAN = defop("isnan", "isnan", ("self",), np.isnan, None, promote=COMPARE, differentiable=False,
              rule="not differentiable (boolean result)", api=API())
ISINF = defop("isinf", "isinf", ("self",), np.isinf, None, promote=COMPARE, differentiable=False,
              rule="not differentiable (boolean result)", api=API())
ISFINITE = defop("isfinite", "isfinite", ("self",), np.isfinite, None, promote=COMPARE, differentiable=False,
                 rule="not differentiable (boolean result)", api=API())
def _nan_to_num(a, nan, posinf, neginf):
    if a.dtype.kind not in "fc":
        return a.copy()
    info = np.finfo(a.dtype)
    return np.nan_to_num(a, nan=nan, posinf=info.max if posinf is None else posinf,
                         neginf=info.min if neginf is None else neginf)


NAN_TO_NUM = defop("nan_to_num", "NanToNumBackward0", ("self",), _nan_to_num,
                   lambda m, g, self: g * (abs(self) < math.inf), saves=("self",), promote=KEEP,
                   jvp=lambda m, t, self: t[0] * (abs(self) < math.inf),
                   samples=lambda: [Sample(arr(5), params={"nan": 0.0, "posinf": None, "neginf": None}),
                                    Sample(arr(2, 3, seed=1), params={"nan": 2.0, "posinf": 10.0, "neginf": -10.0})],
                   rule="1 where self is finite, else 0 (nan and inf are replaced by constants)")
FLOOR_DIVIDE = defop("floor_divide", "floor_divide", ("self", "other"), _INT_FLOOR_DIVIDE, None,
                     differentiable=False, rule="not differentiable (torch: floor_divide has no gradient)",
                     real=R.complex_kernel("div_floor_cpu"))
BITWISE_AND = defop("bitwise_and", "bitwise_and", ("self", "other"), integral("bitwise_and_cpu", np.bitwise_and), None, differentiable=False,
                    api=API(kind="binary"))
BITWISE_OR = defop("bitwise_or", "bitwise_or", ("self", "other"), integral("bitwise_or_cpu", np.bitwise_or), None, differentiable=False,
                   api=API(kind="binary"))
BITWISE_XOR = defop("bitwise_xor", "bitwise_xor", ("self", "other"), integral("bitwise_xor_cpu", np.bitwise_xor), None, differentiable=False,
                    api=API(kind="binary"))
BITWISE_NOT = defop("bitwise_not", "bitwise_not", ("self",), integral("bitwise_not_cpu", np.invert), None, differentiable=False, api=API())

# elementwise ops of several tensors: the result laid out as torch's TensorIterator lays it out (where: above)
for _op in (ADD, ADD_ALPHA, SUB, SUB_ALPHA, SUB_CONST_OTHER, MUL, MUL_CONST_OTHER, MUL_CONST_SELF, DIV, DIV_CONST_OTHER,
            POW_T, LOGADDEXP, XLOGY, ATAN2, HYPOT, REMAINDER, FMOD, CLAMP_T, MAXIMUM, MINIMUM, ADDCMUL, ADDCDIV, LERP, LERP_T,
            EQ, NE, LT, LE, GT, GE, LOGICAL_AND, LOGICAL_OR, LOGICAL_XOR, FLOOR_DIVIDE, BITWISE_AND, BITWISE_OR,
            BITWISE_XOR):
    _op.forward = iterator_layout(_op.forward)
