"""The gamma family and erfinv: ``lgamma``, ``digamma``, ``polygamma(n, x)``, ``erfinv`` (and torch.special's
``gammaln``, ``psi``), numpy only.

The kernels are torch's (ATen's Math.h: Cephes' digamma, trigamma and Hurwitz zeta, the Pavlis erfinv
with two Newton steps), in the input's dtype as torch computes them, so values agree with torch's to a
few ulp (torch's compiler fuses multiply-adds, numpy cannot), and torch's infinities and NaNs at the
poles. lgamma is fdlibm's algorithm (glibc's) for positive x, within 2 ulp of torch's; for negative x
Python's ``math.lgamma``, which near the roots on the negative axis can differ from glibc's by 1e-14
absolute. erfinv is ill-conditioned as |y| -> 1: there
two correct-to-rounding kernels differ by many ulp. The derivatives are torch's formulas on these
records, so every order is available.
"""
from __future__ import annotations

import math

import numpy as np

from ..dispatch import call, call_fast, call_inplace
from ..errors import AutogradError
from ..public import export, public
from . import dtype_rules
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
    """lgamma: fdlibm's algorithm (glibc's, so torch's) for x > 0, log((k-1)!) at whole numbers (rounded
    once, as glibc's), Python's ``math.lgamma`` for negative x, inf at the poles."""
    x = np.asarray(x)
    dt = _float_dtype(x)
    x64 = x.astype(np.float64)
    positive = (x64 > 0) & (x64 < np.inf)
    out = np.empty(x.shape)
    out[positive] = _lgamma_positive(x64[positive])
    rest = ~positive
    out[rest] = [_lgamma(v) for v in x64[rest].tolist()]
    whole = (x64 > 3) & (x64 <= 171) & (x64 == np.floor(x64))
    if whole.any():
        out[whole] = [math.log(math.factorial(int(v) - 1)) for v in x64[whole]]
    with np.errstate(over="ignore"):
        return out.astype(dt)


def _lgamma(v):
    try:
        return math.lgamma(v)
    except ValueError:        # a pole (0, -1, -2, ...): torch gives inf
        return math.inf


_A = (7.72156649015328655494e-02, 3.22467033424113591611e-01, 6.73523010531292681824e-02, 2.05808084325167332806e-02,
      7.38555086081402883957e-03, 2.89051383673415629091e-03, 1.19270763183362067845e-03, 5.10069792153511336608e-04,
      2.20862790713908385557e-04, 1.08011567247583939954e-04, 2.52144565451257326939e-05, 4.48640949618915160150e-05)
_TC, _TF, _TT = 1.46163214496836224576e+00, -1.21486290535849611461e-01, -3.63867699703950536541e-18
_T = (4.83836122723810047042e-01, -1.47587722994593911752e-01, 6.46249402391333854778e-02, -3.27885410759859649565e-02,
      1.79706750811820387126e-02, -1.03142241298341437450e-02, 6.10053870246291332635e-03, -3.68452016781138256760e-03,
      2.25964780900612472250e-03, -1.40346469989232843813e-03, 8.81081882437654011382e-04, -5.38595305356740546715e-04,
      3.15632070903625950361e-04, -3.12754168375120860518e-04, 3.35529192635519073543e-04)
_U = (-7.72156649015328655494e-02, 6.32827064025093366517e-01, 1.45492250137234768737e+00, 9.77717527963372745603e-01,
      2.28963728064692451092e-01, 1.33810918536787660377e-02)
_V = (None, 2.45597793713041134822e+00, 2.12848976379893395361e+00, 7.69285150456672783825e-01,
      1.04222645593369134254e-01, 3.21709242282423911810e-03)
_S = (-7.72156649015328655494e-02, 2.14982415960608852501e-01, 3.25778796408930981787e-01, 1.46350472652464452805e-01,
      2.66422703033638609560e-02, 1.84028451407337715652e-03, 3.19475326584100867617e-05)
_R = (None, 1.39200533467621045958e+00, 7.21935547567138069525e-01, 1.71933865632803078993e-01,
      1.86459191715652901344e-02, 7.77942496381893596434e-04, 7.32668430744625636189e-06)
_W = (4.18938533204672725052e-01, 8.33333333333329678849e-02, -2.77777777728775536470e-03, 7.93650558643019558500e-04,
      -5.95187557450339963135e-04, 8.36339918996282139126e-04, -1.63092934096575273989e-03)


def _log(x):
    """The C library's log, elementwise (numpy's vectorized log can differ in the last bit)."""
    flat = np.asarray(x, np.float64).ravel().tolist()
    return np.fromiter((math.log(v) if v > 0 else (-math.inf if v == 0 else math.nan) for v in flat), np.float64,
                       len(flat)).reshape(np.shape(x))


def _lgamma_positive(x):
    """fdlibm's __ieee754_lgamma_r for finite x > 0 (glibc's there), step for step."""
    x = np.asarray(x, np.float64)
    ix = (x.view(np.int64) >> 32) & 0x7fffffff
    r = np.zeros_like(x)
    a, t, u, v, s, rr, w = _A, _T, _U, _V, _S, _R, _W
    with np.errstate(all="ignore"):
        # x < 2
        small = ix < 0x40000000
        low = small & (ix <= 0x3feccccc)
        r = np.where(low, -_log(np.where(low, x, 1.0)), r)
        case0 = small & np.where(low, ix >= 0x3FE76944, ix >= 0x3FFBB4C3)
        case1 = small & ~case0 & np.where(low, ix >= 0x3FCDA661, ix >= 0x3FF3B4C4)
        case2 = small & ~case0 & ~case1
        y = np.where(case0, np.where(low, 1.0 - x, 2.0 - x),
                     np.where(case1, np.where(low, x - (_TC - 1.0), x - _TC), np.where(low, x, x - 1.0)))
        z = y * y
        p1 = a[0] + z * (a[2] + z * (a[4] + z * (a[6] + z * (a[8] + z * a[10]))))
        p2 = z * (a[1] + z * (a[3] + z * (a[5] + z * (a[7] + z * (a[9] + z * a[11])))))
        r0 = (y * p1 + p2) - 0.5 * y
        ww = z * y
        q1 = t[0] + ww * (t[3] + ww * (t[6] + ww * (t[9] + ww * t[12])))
        q2 = t[1] + ww * (t[4] + ww * (t[7] + ww * (t[10] + ww * t[13])))
        q3 = t[2] + ww * (t[5] + ww * (t[8] + ww * (t[11] + ww * t[14])))
        r1 = _TF + (z * q1 - (_TT - ww * (q2 + y * q3)))
        n1 = y * (u[0] + y * (u[1] + y * (u[2] + y * (u[3] + y * (u[4] + y * u[5])))))
        n2 = 1.0 + y * (v[1] + y * (v[2] + y * (v[3] + y * (v[4] + y * v[5]))))
        r2 = -0.5 * y + n1 / n2
        r = np.where(case0, r + r0, np.where(case1, r + r1, np.where(case2, r + r2, r)))
        # 2 <= x < 8
        mid = (ix >= 0x40000000) & (ix < 0x40200000)
        i = np.where(mid, np.floor(x), 2.0)
        y = x - i
        p = y * (s[0] + y * (s[1] + y * (s[2] + y * (s[3] + y * (s[4] + y * (s[5] + y * s[6]))))))
        q = 1.0 + y * (rr[1] + y * (rr[2] + y * (rr[3] + y * (rr[4] + y * (rr[5] + y * rr[6])))))
        rm = 0.5 * y + p / q
        zz = np.ones_like(x)
        for k in (7, 6, 5, 4, 3):
            zz = np.where(i >= k, zz * (y + (k - 1.0)), zz)
        rm = np.where(i >= 3, rm + _log(np.where(mid & (i >= 3), zz, 1.0)), rm)
        r = np.where(mid, rm, r)
        # 8 <= x < 2^58
        big = (ix >= 0x40200000) & (ix < 0x43900000)
        tl = _log(np.where(big, x, 1.0))
        zi = 1.0 / x
        yy = zi * zi
        wv = w[0] + zi * (w[1] + yy * (w[2] + yy * (w[3] + yy * (w[4] + yy * (w[5] + yy * w[6])))))
        r = np.where(big, (x - 0.5) * (tl - 1.0) + wv, r)
        huge = ix >= 0x43900000
        r = np.where(huge, x * (_log(np.where(huge, x, 1.0)) - 1.0), r)
        tiny = ix < 0x3b900000
        r = np.where(tiny, -_log(np.where(tiny, x, 1.0)), r)
        exact = (x == 1.0) | (x == 2.0)
        r = np.where(exact, 0.0, r)
    return r


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
        series = dt.type(1 / 6) - ixx * (dt.type(1 / 30) - ixx * dt.type(1 / 42))
        result = result + (one + one / (dt.type(2) * y) + ixx * series) / y
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
                samples=unary(_away_from_poles), rule="digamma(self)",
                real=dtype_rules.complex_kernel("lgamma_vml_cpu"))
DIGAMMA = _unary("digamma", "DigammaBackward0", digamma_np, lambda m, g, self: g * _polygamma(m, 1, self),
                 samples=unary(_away_from_poles), rule="polygamma(1, self)",
                 real=dtype_rules.complex_kernel("digamma"))
ERFINV = _unary("erfinv", "ErfinvBackward0", erfinv_np,
                lambda m, g, self: m.scale(m.exp(m.pow(_erfinv(m, self), 2)), 0.5 * math.sqrt(math.pi)) * g,
                samples=unary(unit), rule="sqrt(pi)/2 exp(erfinv(self)^2)",
                real=dtype_rules.complex_kernel("erfinv_vml_cpu"))
def _polygamma_fwd(a, n):
    dtype_rules.refuse_complex(dtype_rules.complex_kernel(("digamma", "trigamma")[n] if n < 2 else "polygamma"), a)
    return polygamma_np(n, a)


POLYGAMMA = defop("polygamma", "PolygammaBackward0", ("self",), _polygamma_fwd,
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
                 rule="sum over i < p of digamma(self - i/2)", real=dtype_rules.complex_kernel("arange_cpu"))


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
