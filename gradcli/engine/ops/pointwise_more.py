"""More elementwise ops with torch's own nodes: sinc, logaddexp2, fmax/fmin, copysign, sgn, ldexp,
frexp, and addr (self plus an outer product). Their public wrappers are in functions/arithmetic.py
and composites.py (copysign takes a number as torch's copysign.Scalar)."""
from __future__ import annotations

import math

import numpy as np

from .. import dtypes
from .. import instrumentation as _inst
from ..errors import DTypeError
from ..memory_layout import iterator_layout
from . import dtype_rules as R
from .pointwise import sign_np
from .registry import COMMON, FLOAT, KEEP, defop
from .samples import Sample, arr, binary, unary

_LN2 = math.log(2.0)


def _sinc_fwd(a):
    with np.errstate(divide="ignore", invalid="ignore"):
        y = a * a.dtype.type(np.pi)
        return np.where(a == 0, a.dtype.type(1), np.sin(y) / y).astype(a.dtype)


def _sinc_bwd(m, g, self):
    """torch's sinc_backward: g (pi x cos(pi x) - sin(pi x)) / (pi x^2), 0 where x = 0."""
    pi_x = self * math.pi
    sq = self * self * math.pi
    safe = m.where(sq == 0, 1.0, sq)
    return m.where(sq == 0, 0.0, g * (pi_x * m.cos(pi_x) - m.sin(pi_x)) / safe)


SINC = defop("sinc", "SincBackward0", ("self",), _sinc_fwd, _sinc_bwd, saves=("self",), promote=FLOAT,
             jvp=lambda m, t, self: _sinc_bwd(m, t[0], self), samples=unary(),
             rule="(pi x cos(pi x) - sin(pi x)) / (pi x^2); 0 at 0")


def _logaddexp2_bwd(m, g, self, other):
    return g / (1 + m.exp((other - self) * _LN2)), g / (1 + m.exp((self - other) * _LN2))


def _pair_jvp(bwd):
    def jvp(m, t, *saved):
        gs, go = bwd(m, 1.0, *saved)
        parts = [tan * d for tan, d in zip(t, (gs, go)) if tan is not None]
        return parts[0] if len(parts) == 1 else parts[0] + parts[1]
    return jvp


LOGADDEXP2 = defop("logaddexp2", "Logaddexp2Backward0", ("self", "other"), R.floats("logaddexp2_cpu", np.logaddexp2),
                   _logaddexp2_bwd, saves=("self", "other"), promote=COMMON, jvp=_pair_jvp(_logaddexp2_bwd),
                   samples=binary(), rule="d/dself = 1/(1 + 2^(other - self)), d/dother = 1/(1 + 2^(self - other))",
                   real=R.complex_kernel("logaddexp2_cpu"))


def _fmax_bwd(m, g, self, other):
    """torch's: self's where self >= other or other is NaN, other's elsewhere."""
    keep = (self >= other) | (other != other)
    return m.where(keep, g, 0.0), m.where(keep, 0.0, g)


def _fmin_bwd(m, g, self, other):
    keep = (self <= other) | (other != other)
    return m.where(keep, g, 0.0), m.where(keep, 0.0, g)


FMAX = defop("fmax", "FmaxBackward0", ("self", "other"), np.fmax, _fmax_bwd, saves=("self", "other"), promote=COMMON,
             jvp=_pair_jvp(_fmax_bwd), samples=binary(), rule="to the larger operand (the one that is not NaN)",
             real=R.complex_refusal(RuntimeError, "fmax not implemented for complex tensors."))
FMIN = defop("fmin", "FminBackward0", ("self", "other"), np.fmin, _fmin_bwd, saves=("self", "other"), promote=COMMON,
             jvp=_pair_jvp(_fmin_bwd), samples=binary(), rule="to the smaller operand (the one that is not NaN)",
             real=R.complex_refusal(RuntimeError, "fmin not implemented for complex tensors."))


def _copysign_self(m, g, self, result):
    """torch's copysign_tensor_self_backward: g * result / self, 0 where self is 0."""
    return m.where(self == 0, 0.0, g * result / m.where(self == 0, 1.0, self))


COPYSIGN = defop("copysign.Tensor", "CopysignBackward0", ("self", "other"),
                 np.copysign,
                 lambda m, g, self, result: (_copysign_self(m, g, self, result), m.zeros_like(g)),
                 saves=("self", "result"), promote=FLOAT, samples=lambda: [Sample(arr(3, 4, away_from=0.0), arr(3, 4, seed=2))],
                 jvp=lambda m, t, self, result: None if t[0] is None else _copysign_self(m, t[0], self, result),
                 rule="d/dself = sign agreement (result / self); d/dother = 0", real=R.complex_kernel("copysign_cpu"))
COPYSIGN_SCALAR = defop("copysign.Scalar", "CopysignBackward1", ("self",),
                        lambda a, other: np.copysign(a, a.dtype.type(other)),
                        lambda m, g, self, result: _copysign_self(m, g, self, result),
                        saves=("self", "result"), promote=FLOAT,
                        samples=lambda: [Sample(arr(3, 4, away_from=0.0), params={"other": -1.0})],
                        jvp=lambda m, t, self, result: _copysign_self(m, t[0], self, result),
                        rule="result / self (0 where self is 0)", real=R.complex_kernel("copysign_cpu"))


def _sgn_bwd(m, g, self, result):
    """torch's SgnBackward0: zeros for a real input (even where g is nan or inf), else
    (g - sgn^2 conj(g)) / (2 |self|), 0 where self is 0."""
    if np.dtype(getattr(self.dtype, "np", self.dtype)).kind != "c":
        return m.zeros_like(g)
    size = m.abs(self)
    return m.where(size == 0, 0.0, (g - result * result * m.conj(g)) / m.where(size == 0, 1.0, 2 * size))


SGN = defop("sgn", "SgnBackward0", ("self",), sign_np, _sgn_bwd,
            saves=("self", "result"), promote=KEEP, jvp=lambda m, t, self, result: _sgn_bwd(m, t[0], self, result),
            samples=unary(), rule="0 (real inputs); (grad - sgn^2 conj(grad)) / (2|self|) (complex)")
SGN.complex_rule = True


def _ldexp(a, b):
    """torch's ldexp: ``2 ** other`` in other's dtype when it is a float (a float16 power is rounded
    to float16, a float32 one overflows past 2**128 even beside float64), else in the common dtype of
    the two (the default float for two integer tensors), then times self, promoted as torch promotes."""
    if b.dtype.kind == "b" and a.dtype.kind in "fc":     # (torch's kernel for a floating self)
        raise R.not_implemented("ldexp_cpu_exp", b)
    if b.dtype.kind not in "fc":
        common = _promoted(a, b)
        b = b.astype(common if common.kind in "fc" else dtypes.get_default_dtype().np)
    factor = np.exp2(b)
    return np.multiply(a, factor, dtype=_promoted(a, factor))


def _promoted(a, b) -> np.dtype:
    """torch's result dtype of two tensors (a 0-d one only lifts the category)."""
    kinds = [(dtypes.from_numpy_dtype(x.dtype), x.ndim) for x in (a, b)]
    return dtypes.result_type([d for d, n in kinds if n], [d for d, n in kinds if not n], []).np


LDEXP = defop("ldexp", "LdexpBackward0", ("self", "other"), _ldexp,
              lambda m, g, other, result: (g * m.exp(other * _LN2), g * result * _LN2),
              saves=("other", "result"), promote=KEEP,
              samples=lambda: [Sample(arr(3, 4), arr(3, 4, seed=2))],
              jvp=lambda m, t, other, result: sum(x for x in (None if t[0] is None else t[0] * m.exp(other * _LN2),
                                                              None if t[1] is None else t[1] * result * _LN2)
                                                  if x is not None),
              rule="d/dself = 2^other, d/dother = result ln 2")


def _frexp_fwd(a):
    if a.dtype.kind != "f":
        raise DTypeError("torch.frexp() only supports floating-point dtypes")
    mantissa, exponent = np.frexp(a)
    return mantissa.astype(a.dtype), exponent.astype(np.int32)


FREXP = defop("frexp", "FrexpBackward0", ("self",), _frexp_fwd,
              lambda m, g, exponent: g[0] / m.exp(exponent * _LN2), saves=("exponent",),
              result_names=("mantissa", "exponent"), promote=KEEP, outputs=2, nondiff_outputs=(1,),
              samples=unary(), jvp_note="generic: derived through double-vjp", rule="1 / 2^exponent")


# -- addr: beta self + alpha outer(vec1, vec2), torch's own node (AddrBackward0) ------------------------------

def _addr_fwd(s, v1, v2, beta, alpha):
    _inst.check_broadcast(s.shape, v1.shape + (1,), v2.shape)
    outer = np.multiply.outer(v1, v2)
    if beta == 0:       # torch ignores self's values (NaN included)
        return np.broadcast_to(outer * alpha, outer.shape).copy()
    return beta * s + alpha * outer


def _addr_bwd(m, g, vec1, vec2, alpha, beta, needs=(True, True, True)):
    """Only the gradients asked for: each vector is saved only for the other's."""
    return (g * beta if needs[0] else None, m.matmul(g, vec2) * alpha if needs[1] else None,
            m.matmul(m.mT(g), vec1) * alpha if needs[2] else None)


ADDR = defop("addr", "AddrBackward0", ("self", "vec1", "vec2"), _addr_fwd, _addr_bwd,
             saves=("vec1", "vec2", "alpha", "beta"), saved_for={"vec1": ("vec2",), "vec2": ("vec1",)},
             masked=True, promote=COMMON, samples=lambda: [Sample(arr(3, 4), arr(3, seed=1), arr(4, seed=2),
                                                     params={"beta": 1, "alpha": 1}),
                                              Sample(arr(4), arr(3, seed=3), arr(4, seed=4),
                                                     params={"beta": 0.5, "alpha": 2.0})],
             jvp_note="generic: derived through double-vjp",
             rule="d/dself = beta g, d/dvec1 = alpha g vec2, d/dvec2 = alpha g^T vec1")


# deg2rad, rad2deg: torch's own nodes (integer inputs give the default float)
DEG2RAD = defop("deg2rad", "Deg2RadBackward0", ("self",), lambda a: a * (math.pi / 180), lambda m, g: g * (math.pi / 180),
                promote=FLOAT, jvp=lambda m, t: t[0] * (math.pi / 180), samples=unary(), rule="pi / 180",
                real=R.complex_refusal(RuntimeError, "deg2rad is not supported for complex tensors."))
RAD2DEG = defop("rad2deg", "Rad2DegBackward0", ("self",), lambda a: a * (180 / math.pi), lambda m, g: g * (180 / math.pi),
                promote=FLOAT, jvp=lambda m, t: t[0] * (180 / math.pi), samples=unary(), rule="180 / pi",
                real=R.complex_refusal(RuntimeError, "rad2deg is not supported for complex tensors."))


# nextafter: torch's NextafterBackward0 passes g to self where self != other (0 where they are equal:
# the result is other then) and 0 to other (and saves both)
NEXTAFTER = defop("nextafter", "NextafterBackward0", ("self", "other"), R.floats("nextafter_cpu", np.nextafter),
                  lambda m, g, self, other: (m.where(self == other, 0.0, g), m.zeros_like(g)), saves=("self", "other"),
                  promote=COMMON,
                  jvp=lambda m, t, self, other: m.where(self == other, 0.0, t[0]) if t[0] is not None else m.zeros_like(t[1]),
                  samples=binary(), rule="d/dself = 1 where self != other, else 0; d/dother = 0 (torch's convention)",
                  real=R.complex_kernel("nextafter_cpu"))


def _integers(kernel: str, fn):
    def forward(a, b):
        for x in (a, b):
            if x.dtype.kind not in "iu":
                raise R.not_implemented(kernel, x)
        return fn(a, b)
    return forward


GCD = defop("gcd", "gcd", ("self", "other"), _integers("gcd_cpu", np.gcd), None, promote=COMMON, differentiable=False,
            rule="not differentiable (integers)")
LCM = defop("lcm", "lcm", ("self", "other"), _integers("lcm_cpu", np.lcm), None, promote=COMMON, differentiable=False,
            rule="not differentiable (integers)")


def _div_mode_fwd(a, b, rounding_mode):
    """torch's div_trunc / div_floor: floats as trunc(a / b) and numpy's floor_divide (which rounds as
    torch's div_floor: inf // 2 is nan, -3 // inf is -1); integers exactly."""
    R.refuse_complex(R.complex_kernel(f"div_{rounding_mode}_cpu"), a, b)
    if np.result_type(a, b).kind == "b":
        raise R.not_implemented(f"div_{rounding_mode}_cpu", np.dtype(bool))
    with np.errstate(all="ignore"):
        if rounding_mode == "floor":
            return np.floor_divide(a, b)
        if np.result_type(a, b).kind in "iub":
            q = np.floor_divide(a, b)
            return q + ((np.remainder(a, b) != 0) & ((a < 0) != (b < 0))).astype(q.dtype)
        return np.trunc(np.true_divide(a, b))


DIV_MODE = defop("div.Tensor_mode", "DivBackward2", ("self", "other"), _div_mode_fwd,
                 lambda m, g, self, other, rounding_mode: (m.zeros_like(g), m.zeros_like(g)),
                 saves=("self", "other", "rounding_mode"), promote=COMMON,
                 jvp=lambda m, t, self, other, rounding_mode: m.zeros_like((t[1] if t[0] is None else t[0]) + self / other),
                 samples=lambda: [Sample(arr(3, 4) * 3, arr(3, 4, seed=1) + 5, params={"rounding_mode": "floor"}),
                                  Sample(arr(5) * 3, arr(5, seed=2) - 5, params={"rounding_mode": "trunc"})],
                 rule="0 (piecewise constant)")

# elementwise ops of two tensors: the result laid out as torch's TensorIterator lays it out (memory_layout)
for _op in (LOGADDEXP2, FMAX, FMIN, COPYSIGN, NEXTAFTER, GCD, LCM, DIV_MODE):
    _op.forward = iterator_layout(_op.forward)
