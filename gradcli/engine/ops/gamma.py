"""The gamma family and erfinv: ``lgamma``, ``digamma``, ``polygamma(n, x)``, ``erfinv`` (and torch.special's
``gammaln``, ``psi``), numpy only.

The kernels are torch's (ATen's Math.h: Cephes' digamma, trigamma and Hurwitz zeta, the Pavlis erfinv
with two Newton steps), in the input's dtype as torch computes them, so values agree with torch's to a
few ulp (torch's compiler fuses multiply-adds, numpy cannot), and torch's infinities and NaNs at the
poles. lgamma is Python's ``math.lgamma``, with log((k-1)!) at whole numbers and the Taylor series at 2
on [0.5, 3.5], where Python's loses relative precision around the roots at 1 and 2; near the roots on
the negative axis it can still differ from glibc's (torch's) by 1e-14 absolute. erfinv is ill-conditioned as |y| -> 1: there
two correct-to-rounding kernels differ by many ulp. The derivatives are torch's formulas on these
records, so every order is available.
"""
from __future__ import annotations

import math

import numpy as np

from ..dispatch import call, call_fast, call_inplace
from ..errors import AutogradError
from ..public import export, public
from .pointwise import _unary
from .registry import FLOAT, defop
from .samples import Sample, arr, pos, unary, unit

_PSI_10 = 2.25175258906672110764
_DIGAMMA_A = (8.33333333333333333333E-2, -2.10927960927960927961E-2, 7.57575757575757575758E-3,
              -4.16666666666666666667E-3, 3.96825396825396825397E-3, -8.33333333333333333333E-3,
              8.33333333333333333333E-2)


def _float_dtype(x):
    return x.dtype if x.dtype.kind == "f" else np.dtype(np.float64)


def lgamma_np(x):
    x = np.asarray(x)
    dt = _float_dtype(x)
    x64 = x.astype(np.float64)
    flat = x64.ravel().tolist()
    out = np.fromiter((_lgamma(v) for v in flat), np.float64, len(flat)).reshape(x.shape)
    near = (x64 >= 0.5) & (x64 <= 3.5)     # around the roots at 1 and 2: the series, to full precision
    if near.any():
        out = np.where(near, _lgamma_near_roots(np.where(near, x64, 2.0)), out)
    whole = (x64 > 3) & (x64 <= 171) & (x64 == np.floor(x64))      # log((k - 1)!) rounded once: glibc's there
    if whole.any():
        out[whole] = [math.log(math.factorial(int(v) - 1)) for v in x64[whole]]
    with np.errstate(over="ignore"):
        return out.astype(dt)


def _lgamma_near_roots(x):
    """lgamma on [0.5, 2.5] from its Taylor series at 2: lgamma(2 + e) = (1 - euler_gamma) e +
    sum_k (-1)^k (zeta(k) - 1) e^k / k, converging as (|e|/2)^k; lgamma(x) = lgamma(x + 1) - log x."""
    down, up = x < 1.5, x > 2.5
    e = x - np.where(down, 1.0, np.where(up, 3.0, 2.0))
    poly = np.zeros_like(e)
    for c in _LGAMMA_SERIES[::-1]:
        poly = (poly + c) * e
    with np.errstate(all="ignore"):
        return np.where(down, poly - np.log1p(e), np.where(up, poly + np.log(x - 1.0), poly))


def _lgamma(v):
    try:
        return math.lgamma(v)
    except ValueError:        # a pole (0, -1, -2, ...): torch gives inf
        return math.inf


def digamma_np(x):
    x = np.asarray(x)
    dt = _float_dtype(x)
    x = x.astype(dt)
    one = dt.type(1)
    with np.errstate(all="ignore"):
        out = np.empty_like(x)
        zero = x == 0
        neg = x < 0
        pole = neg & (x == np.trunc(x))
        reflect = neg & ~pole
        # reflection: digamma(1 - x) - pi / tan(pi r), r the fractional part (in double, as torch)
        r = np.modf(x.astype(np.float64))[0]
        correction = np.where(reflect, (math.pi / np.tan(math.pi * r)).astype(dt), dt.type(0))
        y = np.where(reflect, one - x, x)
        result = np.zeros_like(y)
        for _ in range(10):
            small = y < 10
            if not small.any():
                break
            result = np.where(small, result - one / y, result)
            y = np.where(small, y + one, y)
        poly = np.full_like(y, _DIGAMMA_A[0])
        z = one / (y * y)
        for c in _DIGAMMA_A[1:]:
            poly = poly * z + dt.type(c)
        tail = np.where(y < 1e17, z * poly, dt.type(0))
        value = np.where(y == 10, result + dt.type(_PSI_10), result + np.log(y) - dt.type(0.5) / y - tail)
        out = np.where(reflect, value - correction, value)
        out = np.where(pole, np.nan, out)
        out = np.where(zero, np.copysign(np.inf, -x), out)
    return out.astype(dt)


def trigamma_np(x):
    x = np.asarray(x)
    dt = _float_dtype(x)
    x = x.astype(dt)
    one = dt.type(1)
    pi = dt.type(math.pi)
    with np.errstate(all="ignore"):
        low = x < 0.5
        sin_pi_x = np.sin(pi * x)
        result = np.where(low, -(pi * pi) / (sin_pi_x * sin_pi_x), dt.type(0))
        sign = np.where(low, -one, one)
        y = np.where(low, one - x, x)
        for _ in range(6):
            result = result + one / (y * y)
            y = y + one
        ixx = one / (y * y)
        result = result + (one + one / (dt.type(2) * y) + ixx * (dt.type(1 / 6) - ixx * (dt.type(1 / 30) - ixx * dt.type(1 / 42)))) / y
    return (sign * result).astype(dt)


_MACHEP = 1.11022302462515654042E-16
_ZETA_A = (12.0, -720.0, 30240.0, -1209600.0, 47900160.0, -1.8924375803183791606e9, 7.47242496e10,
           -2.950130727918164224e12, 1.1646782814350067249e14, -4.5979787224074726105e15,
           1.8152105401943546773e17, -7.1661652561756670113e18)


def _pow_or_inf(a: float, e: float) -> float:
    """C's pow for an integer exponent: +-inf where Python's raises (0 to a negative power, overflow)."""
    try:
        return math.pow(a, e)
    except (OverflowError, ValueError):
        return math.copysign(math.inf, a) if e % 2 else math.inf


def _c_pow(a, e: float):
    """The C library's pow, elementwise (numpy's own vectorized pow differs from it in the last bits)."""
    flat = a.ravel().tolist()
    return np.fromiter((_pow_or_inf(v, e) for v in flat), np.float64, len(flat)).reshape(a.shape)


def zeta_np(x: float, q):
    """Hurwitz zeta(x, q) for an integer order x >= 2 (polygamma's), elementwise over q: Cephes' series
    with the Euler-Maclaurin tail, torch's code step for step, in double. A negative non-integer q
    sums until q + i > 9, as torch's (so -1e6 + 0.5 takes a million steps there too)."""
    q = np.asarray(q, np.float64)
    x = float(x)
    out = np.full(q.shape, np.nan)
    with np.errstate(all="ignore"):
        pole = (q <= 0) & (q == np.floor(q))
        out[pole] = np.inf
        todo = ~pole & ~np.isnan(q)
        s = _c_pow(np.where(todo, q, 1.0), -x)
        a = np.where(todo, q, 1.0)
        b = np.zeros_like(a)
        looping, i = todo.copy(), 0
        while looping.any():
            i += 1
            a = np.where(looping, a + 1.0, a)
            term = _c_pow(a, -x)
            b = np.where(looping, term, b)
            s = np.where(looping, s + term, s)
            converged = looping & (-_MACHEP * s < b) & (b < _MACHEP * s)
            out[converged] = s[converged]
            todo &= ~converged
            looping &= ~converged & ((i < 9) | (a <= 9.0))
        w = a
        s = s + b * w / (x - 1.0)
        s = s - 0.5 * b
        factor, k = 1.0, 0.0
        for coefficient in _ZETA_A:
            factor *= x + k
            b = b / w
            t = factor * b / coefficient
            s = s + t
            converged = todo & (np.abs(t / s) < _MACHEP)
            out[converged] = s[converged]
            todo &= ~converged
            k += 1.0
            factor *= x + k
            b = b / w
            k += 1.0
        out[todo] = s[todo]
    return out


def polygamma_np(n, x):
    x = np.asarray(x)
    if n == 0:
        return digamma_np(x)
    if n == 1:
        return trigamma_np(x)
    dt = _float_dtype(x)
    with np.errstate(over="ignore"):
        zeta = zeta_np(n + 1, x.astype(np.float64)).astype(dt)
    with np.errstate(all="ignore"):
        factor = dt.type((1 if n % 2 else -1)) * np.exp(dt.type(math.log(math.factorial(n))))   # exp(lgamma(n + 1))
        return (factor * zeta).astype(dt)


_ERFINV_A = (0.886226899, -1.645349621, 0.914624893, -0.140543331)
_ERFINV_B = (-2.118377725, 1.442710462, -0.329097515, 0.012229801)
_ERFINV_C = (-1.970840454, -1.624906493, 3.429567803, 1.641345311)
_ERFINV_D = (3.543889200, 1.637067800)


def _erf(x):
    flat = x.astype(np.float64).ravel().tolist()
    return np.fromiter(map(math.erf, flat), np.float64, len(flat)).reshape(x.shape).astype(x.dtype)


def erfinv_np(y):
    y = np.asarray(y)
    dt = _float_dtype(y)
    y = y.astype(dt)
    t = dt.type
    a, b, c, d = ([t(v) for v in k] for k in (_ERFINV_A, _ERFINV_B, _ERFINV_C, _ERFINV_D))
    one = t(1)
    with np.errstate(all="ignore"):
        ya = np.abs(y)
        z = y * y
        central = y * (((a[3] * z + a[2]) * z + a[1]) * z + a[0]) / (
            (((b[3] * z + b[2]) * z + b[1]) * z + b[0]) * z + one)
        z = np.sqrt(-np.log((one - ya) / t(2)))
        tail = np.copysign(((c[3] * z + c[2]) * z + c[1]) * z + c[0], y) / ((d[1] * z + d[0]) * z + one)
        x = np.where(ya <= t(0.7), central, tail)
        k = t(2) / t(math.sqrt(math.pi))
        for _ in range(2):
            x = x - (_erf(x) - y) / (k * np.exp(-x * x))
        x = np.where(ya == 1, np.copysign(t(np.inf), y), x)
        x = np.where(ya > 1, t(np.nan), x)
    return x.astype(dt)


_LGAMMA_SERIES = (1 - 0.57721566490153286061,) + tuple((-1) ** k * float(zeta_np(k, 2.0)) / k for k in range(2, 56))


def _digamma(m, x):
    return call_fast(DIGAMMA, x) if m.is_tensor else digamma_np(x)


def _polygamma(m, n, x):
    return call(POLYGAMMA, (x,), {"n": n}) if m.is_tensor else polygamma_np(n, x)


def _erfinv(m, x):
    return call_fast(ERFINV, x) if m.is_tensor else erfinv_np(x)


def _away_from_poles(*shape, seed=0):
    """Values on both sides of 0, at least 0.2 from the poles at 0, -1, -2..."""
    a = arr(*shape, low=-2.4, high=2.5, seed=seed)
    frac = a - np.round(a)
    return np.where((a <= 0.3) & (np.abs(frac) < 0.2), np.round(a) + 0.2 * np.where(frac < 0, -1, 1) + 0.3, a)


LGAMMA = _unary("lgamma", "LgammaBackward0", lgamma_np, lambda m, g, self: g * _digamma(m, self),
                samples=unary(_away_from_poles), rule="digamma(self)")
DIGAMMA = _unary("digamma", "DigammaBackward0", digamma_np, lambda m, g, self: g * _polygamma(m, 1, self),
                 samples=unary(_away_from_poles), rule="polygamma(1, self)")
ERFINV = _unary("erfinv", "ErfinvBackward0", erfinv_np,
                lambda m, g, self: 0.5 * math.sqrt(math.pi) * m.exp(_erfinv(m, self) ** 2) * g,
                samples=unary(unit), rule="sqrt(pi)/2 exp(erfinv(self)^2)")
POLYGAMMA = defop("polygamma", "PolygammaBackward0", ("self",), lambda a, n: polygamma_np(n, a),
                  lambda m, g, n, self: g * _polygamma(m, n + 1, self), saves=("n", "self"), promote=FLOAT,
                  jvp=lambda m, t, n, self: t[0] * _polygamma(m, n + 1, self),
                  samples=lambda: [Sample(pos(5, seed=1), params={"n": 1}), Sample(pos(3, 4, seed=2), params={"n": 2}),
                                   Sample(_away_from_poles(4, seed=3), params={"n": 0}, note="digamma")],
                  rule="polygamma(n + 1, self)")


def polygamma(n, input):
    """torch.polygamma(n, input): the n-th derivative of digamma."""
    if n < 0:
        raise AutogradError("polygamma(n, x) does not support negative n.")
    return call(POLYGAMMA, (input,), {"n": int(n)})


export(polygamma, "polygamma", namespaces=("torch", "torch.special"),
       method=lambda self, n: polygamma(n, self))


@public(method=True)
def polygamma_(self, n):
    if n < 0:
        raise AutogradError("polygamma(n, x) does not support negative n.")
    return call_inplace(POLYGAMMA, self, (self,), {"n": int(n)})


def _mvlgamma_args(self, p):
    """x - (p - 1)/2, ..., x - 1/2, x along a new last dim (torch's arange(-p/2 + 1/2, 1/2, 1/2) + x)."""
    return np.expand_dims(self, -1) + np.arange(-p / 2 + 0.5, 0.5, 0.5).astype(self.dtype)


def _mvlgamma_fwd(a, p):
    return (lgamma_np(_mvlgamma_args(a, p)).sum(-1) + a.dtype.type(p * (p - 1) * math.log(math.pi) * 0.25)).astype(
        a.dtype)


def _mvlgamma_grad(m, self, p):
    """sum_i digamma(x - i/2): torch's mvlgamma_backward."""
    shifts = m.cast(m.const(np.arange(-p / 2 + 0.5, 0.5, 0.5)), self)
    return m.sum(_digamma(m, m.unsqueeze(self, -1) + shifts), -1)


MVLGAMMA = defop("mvlgamma", "MvlgammaBackward0", ("self",), _mvlgamma_fwd,
                 lambda m, g, self, p: g * _mvlgamma_grad(m, self, p), saves=("self", "p"), promote=FLOAT,
                 jvp=lambda m, t, self, p: t[0] * _mvlgamma_grad(m, self, p),
                 samples=lambda: [Sample(pos(4, seed=1) + 1, params={"p": 2}),
                                  Sample(pos(2, 3, seed=2) + 2, params={"p": 3})],
                 rule="sum over i < p of digamma(self - i/2)")


def _p_check(p) -> int:
    if p < 1:
        raise AutogradError("p has to be greater than or equal to 1")
    return int(p)


def mvlgamma(input, p):
    """torch.mvlgamma: the log of the multivariate gamma function of dimension p."""
    p = _p_check(p)
    if input._data.dtype == np.bool_:
        raise AutogradError("The input tensor may not be a boolean tensor.")
    return call(MVLGAMMA, (input,), {"p": p})


export(mvlgamma, "mvlgamma", method=True)
export(mvlgamma, "multigammaln", namespaces=("torch.special",))


@public(method=True)
def mvlgamma_(self, p):
    return call_inplace(MVLGAMMA, self, (self,), {"p": _p_check(p)})
