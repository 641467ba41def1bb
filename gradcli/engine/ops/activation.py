"""Activations: the pointwise half of torch.nn.functional (sigmoid, relu, elu, gelu, softplus...).

Kinks follow torch's kernels, which decide each boundary one way:
relu'(0) = 0, leaky_relu'(0) = negative_slope, elu'(0) = alpha * scale *
input_scale (the x <= 0 branch), hardtanh' = 0 at both bounds (so relu6' = 0
at 0 and 6), hardsigmoid' = 0 at +-3, hardswish' = 0 at -3 and 1 at 3,
softplus switches to the identity only where beta * x > threshold.
hardsigmoid's slope is torch's float constant 1/6 (0.1666666716337204) in
every dtype, as torch's kernel has it.

Every formula is smooth-safe: the branch a ``where`` discards never
overflows (exp sees min(x, 0)), so double backward has no inf * 0 = nan.
In-place forms (``relu_``, ``F.elu(x, inplace=True)``...) record the node
torch records: the same one, or the ``...Backward1`` variant that works from
the result (elu, celu, selu, leaky_relu).

Differences from torch: LogSigmoidBackward0 saves ``self`` only (torch also
saves a ``buffer``); softsign is a composite (DivBackward0 over
AddBackward0 over AbsBackward0), exactly as in torch.
"""
from __future__ import annotations

import math
import sys
from types import SimpleNamespace

import numpy as np

from .. import dtypes, errors, fused
from ..autograd.graph import SavedVariable
from ..dispatch import call, call_fast, call_inplace, fast_call
from ..memory_layout import contiguous_output, keeps_layout
from ..nodes import OpNode, checked_array
from ..tensor import Tensor
from .softmax_kernel import sleef_expf
from . import dtype_rules, rounded
from .registry import FLOAT, KEEP, Kink, defop
from .backward_ops import hardsigmoid_grad
from .special import erf_np
from .samples import Sample, arr, unary
from ..public import public


def sigmoid_np(x):
    """A sigmoid that does not overflow for large |x|; float32 as torch's kernel: 1 / (1 + exp(-x))
    in float32, with SLEEF's expf on each whole pair of 16-lane vectors (torch's vectorized loop) and
    a correctly rounded exp on the rest (its scalar loop, std::exp), up to one thread's grain of
    elements (equal to torch's on every element tried, 5 to 32768 of them)."""
    x = np.asarray(x)
    if x.dtype.kind == "c":     # torch's complex sigmoid: the formula as it is
        return 1 / (1 + np.exp(-x))
    if x.dtype == np.float32 and 32 <= x.size <= _SIGMOID_EXACT_MAX and x.flags.c_contiguous:
        flat = x.reshape(-1)
        whole = flat.size - flat.size % 32
        e = np.empty_like(flat)
        with np.errstate(over="ignore"):
            if whole:
                e[:whole] = sleef_expf(np.float32(0) - flat[:whole])
            e[whole:] = rounded.exp(-flat[whole:])
            return (np.float32(1) / (e + np.float32(1))).reshape(x.shape)
    if x.dtype == np.float32 and x.size <= rounded.ROUNDED_MAX:    # (under 32 elements: the scalar loop alone)
        with np.errstate(over="ignore"):
            return (np.float32(1) / (np.float32(1) + rounded.exp(-x))).astype(np.float32, copy=False)
    e = np.exp(-np.abs(x))
    return np.where(x >= 0, 1 / (1 + e), e / (1 + e)).astype(x.dtype, copy=False)


_SIGMOID_EXACT_MAX = 32768     # torch's grain: past it the work is split among threads


def _away(*points):
    """Sample values kept 0.1 away from each kink point."""
    def make(*shape, seed=0):
        a = arr(*shape, low=-4.0, high=4.0, seed=seed)
        for p in points:
            close = np.abs(a - p) < 0.1
            a = np.where(close, p + 0.2 * np.sign(a - p + 1e-12), a)
        return np.asarray(a)
    return make


def _neg_part(m, x):
    """min(x, 0) written with ``where`` (its gradient is 0 where x > 0, never inf * 0)."""
    return m.where(x > 0, 0.0, x)


def _softplus_np(x):
    """log(1 + exp(x)) without overflow."""
    return np.logaddexp(0, x).astype(x.dtype, copy=False)


# -- sigmoid family ---------------------------------------------------------------------------------

def _sigmoid_bwd(m, g, result):
    if m.is_tensor:   # under create_graph torch records its own node for this formula
        return call(SIGMOID_BACKWARD, (g, result))
    return g * (1 - result) * result    # torch's kernel's order: the same float32 roundings


# The numpy vocabulary (backend.NumpyMath's functions) for the forwards of the ``*_backward`` records
# below, which compute a first derivative; backend.py imports this module, so it cannot be used here.
_NP = SimpleNamespace(is_tensor=False, exp=rounded.exp, tanh=rounded.tanh, erf=erf_np, sigmoid=sigmoid_np,
                      where=np.where)


def _in_unit(*shape, seed=0):
    return arr(*shape, low=0.05, high=0.95, seed=seed)


SIGMOID_BACKWARD = defop("sigmoid_backward", "SigmoidBackwardBackward0", ("grad_output", "output"),
                         lambda go, y: go * (1 - y) * y,
                         lambda m, gg, grad_output, output: (gg * output * (1 - output),
                                                             gg * grad_output * (1 - 2 * output)),
                         saves=("grad_output", "output"), promote=FLOAT,
                         jvp=lambda m, t, grad_output, output: _sum(
                             None if t[0] is None else t[0] * output * (1 - output),
                             None if t[1] is None else t[1] * grad_output * (1 - 2 * output)),
                         samples=lambda: [Sample(arr(3, 4, seed=1), _in_unit(3, 4, seed=2)),
                                          Sample(arr(5, seed=3), _in_unit(5, seed=4))],
                         rule="the derivative of g * y * (1 - y) in g and in y")


def _sum(a, b):
    return b if a is None else a if b is None else a + b


SIGMOID = defop("sigmoid", "SigmoidBackward0", ("self",), sigmoid_np,
                _sigmoid_bwd, saves=("result",), promote=FLOAT,
                jvp=lambda m, t, result: _sigmoid_bwd(m, t[0], result), samples=unary(),   # torch's order
                rule="result * (1 - result)")


def log_sigmoid_values(x):
    """torch's log_sigmoid_forward: the output and its ``buffer``, exp(-|x|) (saved, as torch saves it).
    Its float32 kernel runs on vectors only (a short tail is a partial vector): SLEEF's expf and
    log1pf on every element."""
    z = sleef_expf(-np.abs(x)) if x.dtype == np.float32 else rounded.exp(-np.abs(x))
    return (np.minimum(x, 0) - rounded.log1p(z)).astype(x.dtype, copy=False), z.astype(x.dtype, copy=False)


# aten's log_sigmoid_forward, as F.logsigmoid runs it; the formulas recompute sigmoid(-self) from self
# (the buffer is not differentiable).
def _logsigmoid_backward_np(go, x, buffer):
    """torch's log_sigmoid_backward kernel, from the forward's buffer b = exp(-|x|): go (1 - b/(1 + b))
    where x < 0, else go b/(1 + b)."""
    if go.dtype != x.dtype:
        raise errors.DTypeError(f"Found dtype {dtypes.scalar_type_name(go.dtype)} but expected "
                                f"{dtypes.scalar_type_name(x.dtype)}")
    b = getattr(buffer, "_data", buffer)
    r = b / (1 + b)
    return np.where(x < 0, 1 - r, r) * go


def _logsigmoid_bwd(m, g, self, buffer):
    if m.is_tensor:   # torch's log_sigmoid_backward: a node of its own under create_graph
        return call(LOGSIGMOID_BACKWARD, (g, self), {"buffer": buffer})
    return _logsigmoid_backward_np(g, self, buffer)


LOGSIGMOID_BACKWARD = defop("log_sigmoid_backward", "LogSigmoidBackwardBackward0", ("grad_output", "self"),
                            _logsigmoid_backward_np,
                            lambda m, gg, grad_output, self, buffer: (
                                _logsigmoid_bwd(m, gg, self, buffer), _logsigmoid_d2(m, gg * grad_output, self)),
                            saves=("grad_output", "self", "buffer"), promote=KEEP,
                            jvp=lambda m, t, grad_output, self, buffer: _sum(
                                None if t[0] is None else _logsigmoid_bwd(m, t[0], self, buffer),
                                None if t[1] is None else _logsigmoid_d2(m, t[1] * grad_output, self)),
                            # the buffer is a constant here, so only grad_output's derivative is checked numerically
                            samples=lambda: [Sample(arr(3, 4, seed=1), arr(3, 4, seed=2), grad=[0],
                                                    params={"buffer": np.exp(-np.abs(arr(3, 4, seed=2)))})],
                            rule="the derivative of g sigmoid(-self) in g and in self")


def _logsigmoid_d2(m, g, x):
    """torch's log_sigmoid_double_backward: g (z - 1) z, z = sigmoid(x)."""
    z = m.sigmoid(x)
    return g * (z - 1) * z


LOGSIGMOID = defop("log_sigmoid_forward", "LogSigmoidBackward0", ("self",), contiguous_output(log_sigmoid_values),
                   lambda m, g, self, buffer: _logsigmoid_bwd(m, g[0], self, buffer), saves=("self", "buffer"),
                   result_names=("output", "buffer"), outputs=2, nondiff_outputs=(1,),
                   jvp=lambda m, t, self, buffer: (t[0] * m.sigmoid(-self), None), samples=unary(),
                   rule="sigmoid(-self) = 1 - sigmoid(self)", real=dtype_rules.complex_kernel("log_sigmoid_cpu"))


_expf = rounded.c_float_function("expf", math.exp)
_log1pf = rounded.c_float_function("log1pf", math.log1p)
_expm1f = rounded.c_float_function("expm1f", math.expm1)


def _vector_part(x, *others):
    """How many leading elements of ``x`` torch's float32 cpu_kernel_vec runs as whole pairs of
    16-lane vectors (SLEEF's functions there, the C library's on the scalar tail after them); None
    where numpy's formula stands in (not float32 or not C-contiguous, past one thread's grain). An
    operand of other strides (a broadcast one excepted) sends torch's whole loop down its scalar path."""
    if x.dtype != np.float32 or not x.flags.c_contiguous or x.size > _SIGMOID_EXACT_MAX:
        return None
    if any(o.shape != x.shape or not (o.flags.c_contiguous or not any(o.strides)) for o in others):
        return 0
    return x.size - x.size % 32


def _exp_as_loop(flat, vector):
    """exp of a flat float32 array as torch's loop takes it: SLEEF's on the first ``vector``
    elements, the C library's expf on the rest."""
    with np.errstate(over="ignore"):
        return np.concatenate([sleef_expf(flat[:vector]), np.array([_expf(v) for v in flat[vector:].tolist()],
                                                                    np.float32)])


def _silu_np(x):
    """torch's kernel: x / (1 + exp(-x)) (x * sigmoid(x) rounds once more)."""
    vector = _vector_part(x)
    with np.errstate(over="ignore"):
        if vector is None:
            return (x / (1 + rounded.exp(-x))).astype(x.dtype, copy=False)
        return x / (1 + _exp_as_loop((-x).reshape(-1), vector).reshape(x.shape))


def _silu_bwd(m, g, x):
    """torch's formula and order: g s (1 + x (1 - s)), s = sigmoid(x); its silu_backward kernel
    (without create_graph) fuses 1 + x (1 - s) into one multiply-add, its exp as the forward's."""
    if m.is_tensor:
        s = m.sigmoid(x)
        return g * s * m.shift(x * m.lsub(1, s), 1)
    vector = _vector_part(x, g)
    with np.errstate(over="ignore"):
        s = m.sigmoid(x) if vector is None else 1 / (1 + _exp_as_loop((-x).reshape(-1), vector).reshape(x.shape))
    return g * s * fused.fma(x, 1 - s, 1)


SILU = defop("silu", "SiluBackward0", ("self",), _silu_np, _silu_bwd,
             saves=("self",), jvp=lambda m, t, self: _silu_bwd(m, t[0], self), samples=unary(),
             rule="s (1 + self (1 - s)), s = sigmoid(self)")


def _mish_np(x):
    """torch's kernel: x tanh(log1p(exp(x))), each step rounded (an overflowed exp gives tanh(inf) = 1)."""
    with np.errstate(over="ignore"):
        return x * rounded.tanh(rounded.log1p(rounded.exp(x)))


def _mish_bwd(m, g, x):
    """torch's formula and order: g (t + x s (1 - t^2)), t = tanh(log1p(exp(x))), s = sigmoid(x)
    (for x above ~88 its exp overflows and the second derivative is NaN, as torch's)."""
    with np.errstate(over="ignore", invalid="ignore"):
        t = m.tanh(m.log1p(m.exp(x)))
        return g * (t + x * m.sigmoid(x) * m.lsub(1, t * t))


MISH = defop("mish", "MishBackward0", ("self",), _mish_np, _mish_bwd,
             saves=("self",), jvp=lambda m, t, self: _mish_bwd(m, t[0], self), samples=unary(),
             rule="tanh(sp) + self sigmoid(self) (1 - tanh(sp)^2), sp = softplus(self)",
             real=dtype_rules.complex_kernel("mish_cpu"))


def _softplus_fwd(x, beta, threshold):
    """torch's kernel: log1p(exp(beta x)) / beta, x itself where beta x > threshold."""
    bx = x * beta
    vector = _vector_part(x)
    if vector is None:
        return np.where(bx > threshold, x, _softplus_np(bx) / beta).astype(x.dtype, copy=False)
    flat = bx.reshape(-1)
    with np.errstate(over="ignore"):
        vectors = rounded.log1p(sleef_expf(flat[:vector]))
    soft = np.concatenate([vectors, np.array([_log1pf(_expf(v)) for v in flat[vector:].tolist()], np.float32)])
    return np.where(bx > threshold, x, soft.reshape(x.shape) / np.float32(beta))


def _softplus_backward_np(go, x, beta, threshold):
    """torch's softplus_backward kernel: go z / (z + 1), z = exp(beta x); go where beta x > threshold."""
    bx = x * beta
    over = bx > threshold
    vector = _vector_part(x, go)
    if vector is None:
        z = rounded.exp(np.where(over, 0, bx))
    else:
        z = _exp_as_loop(bx.reshape(-1), vector).reshape(x.shape)
    with np.errstate(over="ignore", invalid="ignore"):
        return np.where(over, go, go * z / (z + 1))


def _softplus_bwd(m, g, self, beta, threshold):
    if m.is_tensor:
        return call(SOFTPLUS_BACKWARD, (g, self), {"beta": beta, "threshold": threshold})
    return _softplus_backward_np(g, self, beta, threshold)


def _softplus_d2(m, g, x, beta, threshold):
    """torch's softplus_double_backward: sigmoid_backward(g, sigmoid(beta x)) (beta x < threshold) beta."""
    bx = m.scale(x, beta)
    return m.scale(_sigmoid_bwd(m, g, m.sigmoid(bx)) * (bx < threshold), beta)


SOFTPLUS_BACKWARD = defop("softplus_backward", "SoftplusBackwardBackward0", ("grad_output", "self"),
                          _softplus_backward_np,
                          lambda m, gg, grad_output, self, beta, threshold: (
                              _softplus_bwd(m, gg, self, beta, threshold),
                              _softplus_d2(m, gg * grad_output, self, beta, threshold)),
                          saves=("grad_output", "self", "beta", "threshold"), promote=FLOAT,
                          jvp=lambda m, t, grad_output, self, beta, threshold: _sum(
                              None if t[0] is None else _softplus_bwd(m, t[0], self, beta, threshold),
                              None if t[1] is None else _softplus_d2(m, t[1] * grad_output, self, beta, threshold)),
                          samples=lambda: [Sample(arr(3, 4, seed=1), arr(3, 4, seed=2),
                                                  params={"beta": 1, "threshold": 20}),
                                           Sample(arr(5, seed=3), _away(2.0)(5, seed=4),
                                                  params={"beta": 2.0, "threshold": 4.0})],
                          rule="the derivative of softplus_backward in grad_output and in self")
SOFTPLUS = defop("softplus", "SoftplusBackward0", ("self",), _softplus_fwd, _softplus_bwd,
                 saves=("self", "beta", "threshold"),
                 jvp=lambda m, t, self, beta, threshold: _softplus_bwd(m, t[0], self, beta, threshold),
                 samples=lambda: [Sample(arr(3, 4), params={"beta": 1, "threshold": 20}),
                                  Sample(_away(2.0)(5, seed=2), params={"beta": 2.0, "threshold": 4.0})],
                 rule="sigmoid(beta self); 1 where beta self > threshold",
                 real=dtype_rules.complex_kernel("softplus_cpu"))

# -- relu family --------------------------------------------------------------------------------------

def _gate(kind: str, x, a, b):
    """The 0/1 (or slope) factor a piecewise-linear activation's gradient is multiplied by."""
    if kind == "threshold":
        return ~(x <= a)     # torch's threshold_backward: 0 where x <= threshold, so a NaN passes g on
    if kind == "hardtanh":
        return ~((x <= a) | (x >= b))    # torch's hardtanh_backward: a NaN passes g on, as threshold's
    return np.where(x > 0, 1.0, a).astype(np.asarray(x).dtype, copy=False)


_GATE_PARAMS = {"threshold": ("threshold",), "hardtanh": ("min_val", "max_val"), "leaky": ("negative_slope",)}


def _bounds(kind: str, values) -> tuple:
    """The (a, b) of ``_gate`` from a gated record's params, named as torch's node names them."""
    return tuple(values) if kind == "hardtanh" else (values[0], 0.0)


def _gated_record(kind: str, node: str):
    """torch's threshold_backward & co.: g times a piecewise-constant factor of x. Under create_graph
    this is a node of its own, so the first derivative still requires grad through x (whose own
    derivative is zero), exactly as torch's ThresholdBackwardBackward0 does."""
    names = _GATE_PARAMS[kind]

    def fwd(grad_output, x, **params):
        a, b = _bounds(kind, [params[n] for n in names])
        return np.where(_gate(kind, x, a, b), grad_output, 0) if kind != "leaky" else \
            grad_output * _gate(kind, x, a, b)

    def factor(m, x, values):
        return m.const(_gate(kind, x._data if m.is_tensor else x, *_bounds(kind, values)))

    sample = {"threshold": {"threshold": 0.0}, "hardtanh": {"min_val": -0.5, "max_val": 0.5},
              "leaky": {"negative_slope": 0.1}}[kind]
    return defop(f"{kind}_backward", node, ("grad_output", "self"), fwd,
                 lambda m, gg, x, *values: (gg * factor(m, x, values), m.zeros_like(x)), saves=("self",) + names,
                 jvp=lambda m, t, x, *values: None if t[0] is None else t[0] * factor(m, x, values),
                 samples=lambda: [Sample(arr(3, 4, seed=3), arr(3, 4, seed=4, away_from=0.0), params=sample)],
                 rule="g times the activation's piecewise-constant slope; zero derivative in x")


THRESHOLD_BACKWARD = _gated_record("threshold", "ThresholdBackwardBackward0")
HARDTANH_BACKWARD = _gated_record("hardtanh", "HardtanhBackwardBackward0")
LEAKY_RELU_BACKWARD = _gated_record("leaky", "LeakyReluBackwardBackward0")


def _gated(record, m, g, x, a=0.0, b=0.0, kind="threshold"):
    if m.is_tensor:
        values = (a, b) if kind == "hardtanh" else (a,) if kind == "leaky" else (0,)
        return call(record, (g, x), dict(zip(_GATE_PARAMS[kind], values)))
    if kind == "threshold":
        return m.where(x <= 0, 0.0, g)   # relu's backward: _gate's mask without its inversion
    gate = _gate(kind, x, a, b)
    return m.where(gate, g, 0.0) if kind != "leaky" else g * gate


def _relu_fwd(a):
    zero = _ZEROS.get(a.dtype)
    if zero is None:
        if a.dtype.kind == "b":
            raise errors.DTypeError("Boolean inputs not supported for relu")
        zero = _ZEROS[a.dtype] = np.zeros((), a.dtype)
    return np.maximum(a, zero)


_ZEROS: dict = {}
"""dtype -> a 0-d zero that no one writes to, for relu and its backward: a Python 0 costs numpy a conversion
on every call (a quarter of a small relu's time); the same bits."""
_FLOAT_ZEROS = {np.dtype(t): np.zeros((), t) for t in (np.float32, np.float64)}   # ReluBackward0's plain apply


RELU = defop("relu", "ReluBackward0", ("self",), _relu_fwd,
             lambda m, g, result: _gated(THRESHOLD_BACKWARD, m, g, result), saves=("result",),
             jvp=lambda m, t, result: m.where(result <= 0, 0.0, t[0]),
             samples=unary(lambda *s, seed=0: arr(*s, seed=seed, away_from=0.0)),
             rule="1 where self > 0, else 0 (0 at 0)",
             kink=Kink("relu'(0) = 0", lambda v: v["self"] == 0),
             real=dtype_rules.complex_refusal(NotImplementedError, "clamp is not supported for complex types"))


def _relu_apply(node, grads, m):
    """ReluBackward0 in a plain backward (every ReLU layer's): ``_gated``'s threshold formula with its
    saved result checked as ``unpack_saved`` checks it and relu's ready zero of the dtype (a Python
    number costs a ufunc as much again). Hooked values, create_graph, vmap and gradients
    that do not fit take ``OpNode.apply``."""
    s = node._saved[0]
    if not m.plain or s.__class__ is not SavedVariable:
        return OpNode.apply(node, grads, m)
    result = checked_array(node, s)
    g = grads[0]
    shape, dt = node._in_meta[0]
    zero = _ZEROS.get(dt)   # (the forward put it there)
    if (zero is None or dt.kind != "f" or g.dtype is not dt or result.dtype is not dt or g.shape != shape
            or result.shape != shape):
        return OpNode.apply(node, grads, m)    # (complex and mixed dtypes, broadcast gradients)
    if g.__class__ is not np.ndarray or g.strides != result.strides:   # (a 0-d gradient may be a numpy scalar)
        return [np.where(result <= zero, zero, g)]
    if g.base is None and _getrefcount(g) <= _OWNED and g.flags.writeable:
        r = g   # a gradient only ``grads`` refers to (the product the node above made): masked where it is
    else:
        r = g.copy(order="K")   # (where's result, laid out as both; putmask costs a third less than where)
    _putmask(r, result <= zero, zero)
    return [r]


def _owned_probe(node, grads, m) -> int:   # _relu_apply's view of a gradient only its ``grads`` list holds
    g = grads[0]
    return _getrefcount(g)


_getrefcount = sys.getrefcount
_OWNED = _owned_probe(None, [np.empty(1)], None)
# np.putmask's own C function, without the __array_function__ dispatch in front of it (a third of its cost
# on a batch's activations); arrays only reach it here
_putmask = getattr(np.putmask, "_implementation", np.putmask)
RELU.on_node(apply=_relu_apply)


def _hardtanh_fwd(a, min_val, max_val):
    if a.dtype.kind == "b":
        raise errors.DTypeError("Bool inputs not supported for hardtanh")
    return np.minimum(np.maximum(a, np.asarray(min_val, a.dtype)), np.asarray(max_val, a.dtype))


def _inside(self, lo, hi):
    return (self > lo) & (self < hi)


HARDTANH = defop("hardtanh", "HardtanhBackward0", ("self",), _hardtanh_fwd,
                 lambda m, g, self, min_val, max_val: _gated(HARDTANH_BACKWARD, m, g, self, min_val, max_val,
                                                             "hardtanh"),
                 saves=("self", "min_val", "max_val"),
                 jvp=lambda m, t, self, min_val, max_val: m.where(_inside(self, min_val, max_val), t[0], 0.0),
                 samples=lambda: [Sample(_away(-1.0, 1.0)(3, 4), params={"min_val": -1.0, "max_val": 1.0}),
                                  Sample(_away(0.0, 6.0)(5, seed=2) * 2, params={"min_val": 0, "max_val": 6})],
                 rule="1 strictly inside (min_val, max_val), 0 outside and at the bounds",
                 real=dtype_rules.complex_refusal(NotImplementedError, "clamp is not supported for complex types"))


def _leaky_fwd(a, negative_slope):
    return np.where(a > 0, a, a * negative_slope)


LEAKY_RELU = defop("leaky_relu", "LeakyReluBackward0", ("self",), _leaky_fwd,
                   lambda m, g, self, negative_slope: _gated(LEAKY_RELU_BACKWARD, m, g, self, negative_slope,
                                                             kind="leaky"),
                   saves=("self", "negative_slope"),
                   jvp=lambda m, t, self, negative_slope: m.where(self > 0, t[0], t[0] * negative_slope),
                   samples=lambda: [Sample(_away(0.0)(3, 4), params={"negative_slope": 0.01}),
                                    Sample(_away(0.0)(5, seed=2), params={"negative_slope": -0.3})],
                   rule="1 where self > 0, else negative_slope (negative_slope at 0)",
                   real=dtype_rules.complex_kernel("leaky_relu_cpu"))


def _leaky_result_bwd(m, g, result, negative_slope):
    if negative_slope < 0:
        raise errors.AutogradError(
            "In-place leakyReLu backward calculation is triggered with a negative slope which is not supported. "
            "This is caused by calling in-place forward function with a negative slope, please call out-of-place "
            "version instead. File an issue at https://github.com/pytorch/pytorch if you do require supporting "
            "in-place leakRelu backward calculation with negative slope")
    return m.where(result > 0, g, g * negative_slope)


LEAKY_RELU_ = defop("leaky_relu_", "LeakyReluBackward1", ("self",), _leaky_fwd, _leaky_result_bwd,
                    saves=("result", "negative_slope"),
                    jvp=lambda m, t, result, negative_slope: m.where(result > 0, t[0], t[0] * negative_slope),
                    samples=lambda: [Sample(_away(0.0)(3, 4), params={"negative_slope": 0.2})],
                    rule="in-place leaky_relu: 1 where result > 0, else negative_slope",
                    real=dtype_rules.complex_kernel("leaky_relu_cpu"))

# -- elu family (elu, selu, celu) ---------------------------------------------------------------------

SELU_ALPHA = 1.6732632423543772848170429916717
SELU_SCALE = 1.0507009873554804934193349852946


def _elu_fwd(a, alpha, scale, input_scale):
    """torch's elu kernel: expm1(a input_scale) negcoef where a <= 0, else a scale; float32 with
    SLEEF's expm1f on its vectors (nearly always the correctly rounded value) and expm1f on the tail."""
    neg = np.minimum(a, 0)
    vector = _vector_part(a)
    if vector is None:
        return np.where(a > 0, a * scale, rounded.expm1(neg * input_scale) * (alpha * scale)).astype(a.dtype, copy=False)
    flat = (neg * np.float32(input_scale)).reshape(-1)
    em = np.concatenate([np.expm1(flat[:vector].astype(np.float64)).astype(np.float32),
                         np.array([_expm1f(v) for v in flat[vector:].tolist()], np.float32)])
    return np.where(a > 0, a * np.float32(scale), em.reshape(a.shape) * (np.float32(alpha) * np.float32(scale)))


def _elu_d(m, self, alpha, scale, input_scale):
    """torch's elu_backward: the exp branch where self <= 0, else scale (also for a NaN self)."""
    return m.where(self <= 0, (alpha * scale * input_scale) * m.exp(_neg_part(m, self) * input_scale), scale)


def _elu_backward_np(go, x, alpha, scale, input_scale):
    """torch's elu_backward kernel (from self): go input_scale negcoef exp(x input_scale) in that
    order where x <= 0 (negcoef = alpha scale in the dtype), else go scale."""
    dtype = np.result_type(go, x)
    negcoef = dtype.type(alpha) * dtype.type(scale)
    input_scale = dtype.type(input_scale)
    vector = _vector_part(x, go)
    with np.errstate(over="ignore"):
        bx = np.minimum(x, 0) * input_scale
        e = rounded.exp(bx) if vector is None else _exp_as_loop(bx.reshape(-1), vector).reshape(x.shape)
        return np.where(x <= 0, go * input_scale * negcoef * e, go * dtype.type(scale))


def _elu_bwd(m, g, self, alpha, scale, input_scale):
    if m.is_tensor:   # torch's elu_backward: a node of its own under create_graph
        return call(ELU_BACKWARD, (g, self), {"alpha": alpha, "scale": scale, "input_scale": input_scale})
    return _elu_backward_np(g, self, alpha, scale, input_scale)


def _elu_d2(m, x, alpha, scale, input_scale):
    """torch's elu_double_backward: masked by x < 0, strictly (0 at x = 0 and at NaN)."""
    return m.where(x < 0, (alpha * scale * input_scale * input_scale) * m.exp(_neg_part(m, x) * input_scale), 0.0)


ELU_BACKWARD = defop("elu_backward", "EluBackwardBackward0", ("grad_output", "self_or_result"),
                     _elu_backward_np,
                     lambda m, gg, grad_output, x, alpha, scale, input_scale: (
                         _elu_bwd(m, gg, x, alpha, scale, input_scale),
                         gg * grad_output * _elu_d2(m, x, alpha, scale, input_scale)),
                     saves=("grad_output", "self_or_result", "alpha", "scale", "input_scale"), promote=FLOAT,
                     constants={"is_result": False},
                     jvp=lambda m, t, grad_output, x, alpha, scale, input_scale: _sum(
                         None if t[0] is None else _elu_bwd(m, t[0], x, alpha, scale, input_scale),
                         None if t[1] is None else t[1] * grad_output * _elu_d2(m, x, alpha, scale, input_scale)),
                     samples=lambda: [Sample(arr(3, 4, seed=1), _away(0.0)(3, 4, seed=2),
                                             params={"alpha": 1.0, "scale": 1, "input_scale": 1}),
                                      Sample(arr(5, seed=3), _away(0.0)(5, seed=4),
                                             params={"alpha": 2.0, "scale": 1.5, "input_scale": 0.5})],
                     rule="the derivative of g elu'(self) in g and in self")
ELU = defop("elu", "EluBackward0", ("self",), _elu_fwd, _elu_bwd,
            saves=("self", "alpha", "scale", "input_scale"),
            jvp=lambda m, t, self, alpha, scale, input_scale: t[0] * _elu_d(m, self, alpha, scale, input_scale),
            samples=lambda: [Sample(_away(0.0)(3, 4), params={"alpha": 1.0, "scale": 1, "input_scale": 1}),
                             Sample(_away(0.0)(5, seed=2),
                                    params={"alpha": SELU_ALPHA, "scale": SELU_SCALE, "input_scale": 1})],
            rule="scale where self > 0, else alpha scale input_scale exp(self input_scale)",
            real=dtype_rules.complex_kernel("elu_cpu"))


def _elu_result_d(m, result, alpha, scale, input_scale):
    if alpha < 0:
        raise errors.AutogradError(
            "In-place elu backward calculation is triggered with a negative slope which is not supported. "
            "This is caused by calling in-place forward function with a negative slope, please call out-of-place "
            "version instead.")
    return m.where(result > 0, scale, input_scale * (result + alpha * scale))


ELU_ = defop("elu_", "EluBackward1", ("self",), _elu_fwd,
             lambda m, g, result, alpha, scale, input_scale: g * _elu_result_d(m, result, alpha, scale, input_scale),
             saves=("result", "alpha", "scale", "input_scale"),
             jvp=lambda m, t, result, alpha, scale, input_scale:
                 t[0] * _elu_result_d(m, result, alpha, scale, input_scale),
             samples=lambda: [Sample(_away(0.0)(3, 4), params={"alpha": 1.5, "scale": 1, "input_scale": 1})],
             rule="in-place elu: from the result, input_scale (result + alpha scale) where result <= 0",
             real=dtype_rules.complex_kernel("elu_cpu"))


def _celu_fwd(a, alpha):
    return _elu_fwd(a, alpha, 1.0, 1.0 / alpha)


CELU = defop("celu", "CeluBackward0", ("self",), _celu_fwd,
             lambda m, g, self, alpha: _elu_bwd(m, g, self, alpha, 1.0, 1.0 / alpha), saves=("self", "alpha"),
             jvp=lambda m, t, self, alpha: t[0] * _elu_d(m, self, alpha, 1.0, 1.0 / alpha),
             samples=lambda: [Sample(_away(0.0)(3, 4), params={"alpha": 1.0}),
                              Sample(_away(0.0)(5, seed=2), params={"alpha": 2.5})],
             rule="1 where self > 0, else exp(self / alpha)", real=dtype_rules.complex_kernel("elu_cpu"))
CELU_ = defop("celu_", "CeluBackward1", ("self",), _celu_fwd,
              lambda m, g, result, alpha: g * _elu_result_d(m, result, alpha, 1.0, 1.0 / alpha),
              saves=("result", "alpha"),
              jvp=lambda m, t, result, alpha: t[0] * _elu_result_d(m, result, alpha, 1.0, 1.0 / alpha),
              samples=lambda: [Sample(_away(0.0)(3, 4), params={"alpha": 2.0})],
              rule="in-place celu: from the result, 1 + result / alpha where result <= 0",
              real=dtype_rules.complex_kernel("elu_cpu"))

# -- gelu ----------------------------------------------------------------------------------------------

_SQRT_HALF = math.sqrt(0.5)
_INV_SQRT_2PI = 1.0 / math.sqrt(2.0 * math.pi)
_TANH_K = math.sqrt(2.0 / math.pi)
_TANH_C = 0.044715


def _gelu_fwd(a, approximate):
    if approximate == "tanh":
        return (0.5 * a * (1 + np.tanh(_TANH_K * (a + _TANH_C * a * a * a)))).astype(a.dtype, copy=False)
    out = (0.5 * a * (1 + erf_np(a * _SQRT_HALF))).astype(a.dtype, copy=False)
    if a.dtype == np.float32 and np.isposinf(a).any():    # torch's float kernel gives NaN at +inf
        out = np.where(np.isposinf(a), np.float32(np.nan), out)
    return out


def _gelu_d(m, x, approximate):
    if approximate == "tanh":
        t = m.tanh(_TANH_K * (x + _TANH_C * x * x * x))
        return 0.5 * (1 + t) + 0.5 * x * (1 - t * t) * (_TANH_K * (1 + 3 * _TANH_C * x * x))
    return 0.5 * (1 + m.erf(x * _SQRT_HALF)) + x * (_INV_SQRT_2PI * m.exp(-0.5 * x * x))


def _gelu_d2(m, x, approximate):
    """gelu'': phi(x) (2 - x^2); for the tanh form (1 - t^2)(u' - x t u'^2 + x u''/2), u = k(x + c x^3)."""
    if approximate == "tanh":
        u1 = _TANH_K * (1 + 3 * _TANH_C * x * x)
        t = m.tanh(_TANH_K * (x + _TANH_C * x * x * x))
        return (1 - t * t) * (u1 - x * t * u1 * u1 + (3 * _TANH_K * _TANH_C) * x * x)
    return _INV_SQRT_2PI * m.exp(-0.5 * x * x) * (2 - x * x)


def _gelu_bwd(m, g, self, approximate):
    if m.is_tensor:   # torch's gelu_backward: a node of its own under create_graph
        return call(GELU_BACKWARD, (g, self), {"approximate": approximate})
    return g * _gelu_d(m, self, approximate)


GELU_BACKWARD = defop("gelu_backward", "GeluBackwardBackward0", ("grad_output", "self"),
                      lambda go, x, approximate: go * _gelu_d(_NP, x, approximate),
                      lambda m, gg, grad_output, self, approximate: (
                          _gelu_bwd(m, gg, self, approximate), gg * grad_output * _gelu_d2(m, self, approximate)),
                      saves=("grad_output", "self", "approximate"), promote=FLOAT,
                      jvp=lambda m, t, grad_output, self, approximate: _sum(
                          None if t[0] is None else _gelu_bwd(m, t[0], self, approximate),
                          None if t[1] is None else t[1] * grad_output * _gelu_d2(m, self, approximate)),
                      samples=lambda: [Sample(arr(3, 4, seed=1), arr(3, 4, seed=2), params={"approximate": "none"}),
                                       Sample(arr(5, seed=3), arr(5, seed=4), params={"approximate": "tanh"})],
                      rule="the derivative of g gelu'(self) in g and in self")
GELU = defop("gelu", "GeluBackward0", ("self",), keeps_layout(_gelu_fwd), _gelu_bwd, saves=("self", "approximate"),
             jvp=lambda m, t, self, approximate: t[0] * _gelu_d(m, self, approximate),
             samples=lambda: [Sample(arr(3, 4), params={"approximate": "none"}),
                              Sample(arr(5, seed=2), params={"approximate": "tanh"})],
             rule="Phi(self) + self phi(self) (tanh form: its derivative)",
             real=dtype_rules.complex_kernel("GeluKernelImpl"))

# -- hard* ----------------------------------------------------------------------------------------------

_ONE_SIXTH_F = float(np.float32(1.0 / 6.0))  # torch's kernel constant, in every dtype


def _hardsigmoid_fwd(a):
    return (np.minimum(np.maximum(a + 3, 0), 6) / 6).astype(a.dtype, copy=False)


HARDSIGMOID = defop("hardsigmoid", "HardsigmoidBackward0", ("self",), _hardsigmoid_fwd,
                    lambda m, g, self: hardsigmoid_grad(m, g, self), saves=("self",),
                    jvp=lambda m, t, self: m.where(_inside(self, -3.0, 3.0), t[0] * _ONE_SIXTH_F, 0.0),
                    samples=unary(_away(-3.0, 3.0)), rule="1/6 strictly inside (-3, 3), else 0",
                    real=dtype_rules.complex_kernel("hardsigmoid_cpu"))


def _hardswish_fwd(a):
    return (a * np.minimum(np.maximum(a + 3, 0), 6) / 6).astype(a.dtype, copy=False)


def _hardswish_d(m, x, g):
    return m.where(x <= -3, 0.0, m.where(x < 3, g * (x / 3 + 0.5), g))


def _hardswish_bwd(m, g, self):
    if m.is_tensor:   # torch's hardswish_backward: a node of its own under create_graph
        return call(HARDSWISH_BACKWARD, (g, self))
    return _hardswish_d(m, self, g)


def _hardswish_d2(m, g, x):
    return m.where(_inside(x, -3.0, 3.0), g / 3, 0.0)


HARDSWISH_BACKWARD = defop("hardswish_backward", "HardswishBackwardBackward0", ("grad_output", "self"),
                           lambda go, x: _hardswish_d(_NP, x, go),
                           lambda m, gg, grad_output, self: (_hardswish_bwd(m, gg, self),
                                                             _hardswish_d2(m, gg * grad_output, self)),
                           saves=("grad_output", "self"), promote=FLOAT,
                           jvp=lambda m, t, grad_output, self: _sum(
                               None if t[0] is None else _hardswish_bwd(m, t[0], self),
                               None if t[1] is None else _hardswish_d2(m, t[1] * grad_output, self)),
                           samples=lambda: [Sample(arr(3, 4, seed=1), _away(-3.0, 3.0)(3, 4, seed=2) * 1.5)],
                           rule="the derivative of hardswish_backward in grad_output and in self")
HARDSWISH = defop("hardswish", "HardswishBackward0", ("self",), _hardswish_fwd, _hardswish_bwd, saves=("self",),
                  jvp=lambda m, t, self: _hardswish_d(m, self, t[0]),
                  samples=unary(lambda *s, seed=0: np.asarray(_away(-2.0, 2.0)(*s, seed=seed) * 1.5)),
                  rule="0 for self <= -3, self/3 + 1/2 inside (-3, 3), 1 from 3 on",
                  real=dtype_rules.complex_kernel("hardswish_cpu"))

# -- public functions -------------------------------------------------------------------------------

_KERNEL = {"gelu": "GeluKernelImpl", "elu": "elu_cpu", "selu": "elu_cpu", "celu": "elu_cpu",
           "leaky_relu": "leaky_relu_cpu", "softplus": "softplus_cpu", "silu": "silu_cpu", "mish": "mish_cpu",
           "hardsigmoid": "hardsigmoid_cpu", "hardswish": "hardswish_cpu", "log_sigmoid": "log_sigmoid_cpu"}

# the records themselves refuse what torch's kernels refuse (int and bool), as the public functions do
for _op in (LOGSIGMOID, SILU, MISH, SOFTPLUS, LEAKY_RELU, LEAKY_RELU_, ELU, ELU_, CELU, CELU_, GELU, HARDSIGMOID,
            HARDSWISH):
    _op.forward = dtype_rules.floats(_KERNEL[_op.name.rstrip("_").removesuffix("_forward")], _op.forward)


def _float_only(input, name: str):
    """torch's kernels for these activations exist only for floating dtypes."""
    if not isinstance(input, Tensor):
        raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not {errors.type_name(input)}")
    if input._data.dtype.kind not in "fc":
        raise NotImplementedError(f"\"{_KERNEL[name]}\" not implemented for '{dtypes.scalar_type_name(input._data.dtype)}'")
    return input


def _run(op, input, params=None, inplace=False, inplace_op=None):
    if inplace:
        return call_inplace(inplace_op or op, input, (input,), params)
    return call(op, (input,), params) if params else call_fast(op, input)


@public(method=True)
def sigmoid(input):
    return (SIGMOID.fast_call or fast_call(SIGMOID))(input)


@public(method=True)
def sigmoid_(input):
    return call_inplace(SIGMOID, input, (input,))


def logsigmoid(input):
    return call(LOGSIGMOID, (_float_only(input, "log_sigmoid"),))[0]


@public(method=True)
def relu(input, inplace=False):
    return call_inplace(RELU, input, (input,)) if inplace else (RELU.fast_call or fast_call(RELU))(input)


@public(method=True)
def relu_(input):
    return call_inplace(RELU, input, (input,))


def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    if min_val > max_val:
        raise ValueError("min_val cannot be greater than max_val")
    return _run(HARDTANH, input, {"min_val": min_val, "max_val": max_val}, inplace)


def hardtanh_(input, min_val=-1.0, max_val=1.0):
    return hardtanh(input, min_val, max_val, inplace=True)


def relu6(input, inplace=False):
    return _run(HARDTANH, input, {"min_val": 0, "max_val": 6}, inplace)


def leaky_relu(input, negative_slope=0.01, inplace=False):
    _float_only(input, "leaky_relu")
    return _run(LEAKY_RELU, input, {"negative_slope": negative_slope}, inplace, LEAKY_RELU_)


def leaky_relu_(input, negative_slope=0.01):
    return leaky_relu(input, negative_slope, inplace=True)


def elu(input, alpha=1.0, inplace=False):
    _float_only(input, "elu")
    return _run(ELU, input, {"alpha": alpha, "scale": 1, "input_scale": 1}, inplace, ELU_)


def elu_(input, alpha=1.0):
    return elu(input, alpha, inplace=True)


@public()
def selu(input, inplace=False):
    _float_only(input, "selu")
    return _run(ELU, input, {"alpha": SELU_ALPHA, "scale": SELU_SCALE, "input_scale": 1}, inplace, ELU_)


@public()
def selu_(input):
    return selu(input, inplace=True)


@public()
def celu(input, alpha=1.0, inplace=False):
    _float_only(input, "celu")
    if alpha == 0:
        raise errors.AutogradError("ZeroDivisionError: alpha cannot be 0 for CELU")
    return _run(CELU, input, {"alpha": alpha}, inplace, CELU_)


@public()
def celu_(input, alpha=1.0):
    return celu(input, alpha, inplace=True)


def gelu(input, approximate="none"):
    if approximate not in ("none", "tanh"):
        raise errors.AutogradError("approximate argument must be either none or tanh.")
    return call(GELU, (_float_only(input, "gelu"),), {"approximate": approximate})


def silu(input, inplace=False):
    return _run(SILU, _float_only(input, "silu"), inplace=inplace)


def mish(input, inplace=False):
    return _run(MISH, _float_only(input, "mish"), inplace=inplace)


def softplus(input, beta=1, threshold=20):
    return call(SOFTPLUS, (_float_only(input, "softplus"),), {"beta": beta, "threshold": threshold})


def hardsigmoid(input, inplace=False):
    return _run(HARDSIGMOID, _float_only(input, "hardsigmoid"), inplace=inplace)


def hardswish(input, inplace=False):
    return _run(HARDSWISH, _float_only(input, "hardswish"), inplace=inplace)



