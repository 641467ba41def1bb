"""Records of ``_standard_gamma`` and ``_sample_dirichlet`` (values drawn before the op, see
``functions/random_gamma``) and the kernels of their reparameterized gradients, aten's
``standard_gamma_grad_one`` and ``dirichlet_grad_one`` (Distributions.h) element by element.

StandardGammaBackward0 multiplies the incoming gradient by ``_standard_gamma_grad(self, result)``;
under create_graph that factor is a NotImplemented node, as torch's (it has no derivative).
``_sample_dirichlet`` has no derivative at all: Dirichlet's rsample wraps it in a custom Function
whose backward calls ``_dirichlet_grad``."""
from __future__ import annotations

import math

import numpy as np

from .. import errors
from ..dispatch import call
from .registry import KEEP, defop

_PSI_10 = 2.25175258906672110764
_DIGAMMA_A = (8.33333333333333333333E-2, -2.10927960927960927961E-2, 7.57575757575757575758E-3,
              -4.16666666666666666667E-3, 3.96825396825396825397E-3, -8.33333333333333333333E-3,
              8.33333333333333333333E-2)


def _f(v: float) -> float:
    """A float literal of aten's (``0.8f``) as the double it becomes in double arithmetic."""
    return float(np.float32(v))


def digamma_one(x, S=np.float64):
    """aten's digamma_one<scalar_t, double>: ``S`` is scalar_t (np.float64 or np.float32)."""
    x = S(x)
    if x == 0:
        return S(math.inf)
    extra = 0.0
    if x < 0:
        if x == np.floor(x):
            return S(math.inf)
        pi = S(math.pi)
        extra = float(-pi / S(np.tan(pi * x))) if S is np.float32 else -math.pi / np.float64(math.tan(math.pi * x))
        x = S(1 - x)
    result = 0.0
    while x < 10:
        result -= float(S(1) / x)
        x = S(x + 1)
    if x == 10:
        return S(result + _PSI_10 + extra)
    y = 0.0
    if x < _f(1.0e17):
        z = 1.0 / float(x * x)
        poly = 0.0
        for a in _DIGAMMA_A:
            poly = poly * z + a
        y = z * poly
    log_x = float(_logS(x, S))
    return S(result + log_x - float(S(0.5) / x) - y + extra)


def _logS(x, S):
    """std::log in scalar_t: glibc's logf is the double log rounded, but for rare ties."""
    return S(_log(float(x)))


def _powS(a, b, S):
    return S(_pow(float(a), float(b)))


# C's double functions (glibc's, through Python's math) with C's results where Python raises
def _pow(a, b) -> float:
    try:
        return math.pow(a, b)
    except (OverflowError, ValueError):
        return float(np.power(np.float64(a), np.float64(b)))


def _log(x) -> float:
    return math.log(x) if x > 0 else -math.inf if x == 0 else math.nan


def _exp(x) -> float:
    try:
        return math.exp(x)
    except OverflowError:
        return math.inf


def _sqrt(x) -> float:
    return math.sqrt(x) if x >= 0 else math.nan


_COEF_UV = ((0.16009398, -0.094634809, 0.025146376, -0.0030648343, 1, 0.32668115, 0.10406089, 0.0014179084),
            (0.53487893, 0.1298071, 0.065735949, -0.0015649758, 0.16639465, 0.020070113, -0.0035938915,
             -0.00058392623),
            (0.040121004, -0.0065914022, -0.0026286047, -0.0013441777, 0.017050642, -0.0021309326, 0.00085092367,
             -1.5247877e-07))


def standard_gamma_grad_one(alpha, x) -> float:
    """-(dF/dalpha)/f at a Gamma(alpha) draw x, in double (the caller rounds to the tensor's type).
    numpy doubles, so that a division by zero gives C's inf or NaN (the caller ignores the warnings)."""
    alpha, x = np.float64(alpha), np.float64(x)
    if x < _f(0.8):                                       # Taylor series for small x
        numer, denom = 1.0, alpha
        series1, series2 = numer / denom, numer / (denom * denom)
        for i in range(1, 6):
            numer *= -x / i
            denom += 1
            series1 += numer / denom
            series2 += numer / (denom * denom)
        pow_x_alpha = _pow(x, alpha)
        gamma_pdf = _pow(x, alpha - 1) * _exp(-x)
        gamma_cdf = pow_x_alpha * series1
        gamma_cdf_alpha = (_log(x) - digamma_one(alpha)) * gamma_cdf - pow_x_alpha * series2
        result = -gamma_cdf_alpha / gamma_pdf
        return 0.0 if math.isnan(result) else result
    if alpha > 8.0:                                      # Rice saddle point for large alpha
        if _f(0.9) * alpha <= x <= _f(1.1) * alpha:
            numer_1 = 1 + 24 * alpha * (1 + 12 * alpha)
            numer_2 = 1440 * (alpha * alpha) + 6 * x * (53 - 120 * x) - 65 * x * x / alpha + alpha * (107 + 3600 * x)
            denom = 1244160 * (alpha * alpha) * (alpha * alpha)
            return numer_1 * numer_2 / denom
        denom = _sqrt(8 * alpha)
        term2 = denom / (alpha - x)
        term3 = _pow(x - alpha - alpha * _log(x / alpha), -1.5)
        term23 = term2 - term3 if x < alpha else term2 + term3
        term1 = _log(x / alpha) * term23 - _sqrt(2 / alpha) * (alpha + x) / ((alpha - x) * (alpha - x))
        stirling = 1 + 1 / (12 * alpha) * (1 + 1 / (24 * alpha))
        numer = x * term1
        return -stirling * numer / denom
    u, v = _log(x / alpha), _log(alpha)                  # bivariate rational approximation
    c = [_COEF_UV[0][i] + u * (_COEF_UV[1][i] + u * _COEF_UV[2][i]) for i in range(8)]
    p = c[0] + v * (c[1] + v * (c[2] + v * c[3]))
    q = c[4] + v * (c[5] + v * (c[6] + v * c[7]))
    return _exp(p / q)


def standard_gamma_grad_np(alpha: np.ndarray, x: np.ndarray) -> np.ndarray:
    alpha, x = np.broadcast_arrays(np.asarray(alpha), np.asarray(x))
    with np.errstate(all="ignore"):
        out = [standard_gamma_grad_one(a, s) for a, s in zip(alpha.reshape(-1).tolist(), x.reshape(-1).tolist())]
        return np.array(out, np.float64).astype(x.dtype).reshape(x.shape)


# -- Dirichlet (and Beta) -----------------------------------------------------------------------------

def _beta_grad_alpha_small(x, alpha, beta, S):
    factor = S(digamma_one(alpha, S) - digamma_one(S(alpha + beta), S) - _logS(x, S))
    numer = S(1)
    series = S(numer / alpha * S(factor + S(1) / alpha))
    for i in range(1, 11):
        numer = S(numer * S(S(S(i) - beta) * x / S(i)))
        denom = S(alpha + S(i))
        series = S(series + S(numer / denom * S(factor + S(1) / denom)))
    result = S(x * _powS(S(1) - x, -beta, S) * series)
    return S(0) if np.isnan(result) else result


def _beta_grad_beta_small(x, alpha, beta, S):
    factor = S(digamma_one(S(alpha + beta), S) - digamma_one(beta, S))
    numer, betas, dbetas, series = S(1), S(1), S(0), S(factor / alpha)
    for i in range(1, 9):
        numer = S(numer * S(-x / S(i)))
        dbetas = S(S(dbetas * S(beta - S(i))) + betas)
        betas = S(betas * S(beta - S(i)))
        series = S(series + S(numer / S(alpha + S(i)) * S(dbetas + S(factor * betas))))
    result = S(-_powS(S(1) - x, S(1) - beta, S) * series)
    return S(0) if np.isnan(result) else result


def _beta_grad_alpha_mid(x, alpha, beta) -> float:
    x, alpha, beta = np.float64(x), np.float64(alpha), np.float64(beta)
    total = alpha + beta
    mean = alpha / total
    std = _sqrt(alpha * beta / (total + 1)) / total
    if mean - 0.1 * std <= x <= mean + 0.1 * std:
        poly = 47 * x * (beta * beta) * (beta * beta) + alpha * (
            (43 + 20 * (16 + 27 * beta) * x) * (beta * beta) * beta + alpha * (
                3 * (59 + 180 * beta - 90 * x) * (beta * beta) + alpha * (
                    (453 + 1620 * beta * (1 - x) - 455 * x) * beta + alpha * (8 * (1 - x) * (135 * beta - 11)))))
        prefactor_num = (1 + 12 * alpha) * (1 + 12 * beta) / (total * total)
        prefactor_den = 12960 * alpha * alpha * alpha * beta * beta * (1 + 12 * total)
        return prefactor_num / (1 - x) * poly / prefactor_den
    prefactor = -x / _sqrt(2 * alpha * beta / total)
    stirling = ((1 + 1 / (12 * alpha) + 1 / (288 * alpha * alpha)) * (1 + 1 / (12 * beta) + 1 / (288 * beta * beta))
                / (1 + 1 / (12 * total) + 1 / (288 * total * total)))
    term1_num = 2 * (alpha * alpha) * (x - 1) + alpha * beta * (x - 1) - x * (beta * beta)
    axbx = alpha * (x - 1) + beta * x
    term1_den = _sqrt(2 * alpha / beta) * _pow(total, 1.5) * axbx * axbx
    term1 = term1_num / term1_den
    term2 = 0.5 * _log(alpha / (total * x))
    term3 = _sqrt(8 * alpha * beta / total) / (beta * x + alpha * (x - 1))
    term4 = _pow(beta * _log(beta / (total * (1 - x))) + alpha * _log(alpha / (total * x)), -1.5)
    return stirling * prefactor * (term1 + term2 * (term3 + (term4 if x < mean else -term4)))


_DIRICHLET_C = (
    (((1.003668233, -0.01061107488, -0.0657888334, 0.01201642863),
      (0.6336835991, -0.3557432599, 0.05486251648, -0.001465281033),
      (-0.03276231906, 0.004474107445, 0.002429354597, -0.0001557569013)),
     ((0.221950385, -0.3187676331, 0.01799915743, 0.01074823814),
      (-0.2951249643, 0.06219954479, 0.01535556598, 0.001550077057),
      (0.02155310298, 0.004170831599, 0.001292462449, 6.976601077e-05)),
     ((-0.05980841433, 0.008441916499, 0.01085618172, 0.002319392565),
      (0.02911413504, 0.01400243777, -0.002721828457, 0.000751041181),
      (0.005900514878, -0.001936558688, -9.495446725e-06, 5.385558597e-05))),
    (((1, -0.02924021934, -0.04438342661, 0.007285809825),
      (0.6357567472, -0.3473456711, 0.05454656494, -0.002407477521),
      (-0.03301322327, 0.004845219414, 0.00231480583, -0.0002307248149)),
     ((0.5925320577, -0.1757678135, 0.01505928619, 0.000564515273),
      (0.1014815858, -0.06589186703, 0.01272886114, -0.0007316646956),
      (-0.007258481865, 0.001096195486, 0.0003934994223, -4.12701925e-05)),
     ((0.06469649321, -0.0236701437, 0.002902096474, -5.896963079e-05),
      (0.001925008108, -0.002869809258, 0.0008000589141, -6.063713228e-05),
      (-0.0003477407336, 6.959756487e-05, 1.097287507e-05, -1.650964693e-06))))


def dirichlet_grad_one(x, alpha, total, S):
    """-(dF/dalpha)/f/(1-x) of a Beta(alpha, total - alpha) draw x; ``S`` the tensor's scalar type."""
    x, alpha, total = S(x), S(alpha), S(total)
    x_, alpha_, total_ = np.float64(x), np.float64(alpha), np.float64(total)
    beta = S(total - alpha)
    beta_ = total_ - alpha_
    boundary = S(S(total * x) * S(S(1) - x))
    if x <= 0.5 and boundary < 2.5:
        return _beta_grad_alpha_small(x, alpha, beta, S)
    if x >= 0.5 and boundary < 0.75:
        return S(-_beta_grad_beta_small(S(S(1) - x), beta, alpha, S))
    if alpha > 6 and beta > 6:
        return S(_beta_grad_alpha_mid(x_, alpha_, beta_))
    u = _log(x_)
    a = _log(alpha_) - u
    b = _log(total_) - a
    pow_u, pow_a = (1, u, u * u), (1, a, a * a)
    p = q = 0.0
    for i in range(3):
        for j in range(3):
            ua = pow_u[i] * pow_a[j]
            cp, cq = _DIRICHLET_C[0][i][j], _DIRICHLET_C[1][i][j]
            p += ua * (cp[0] + b * (cp[1] + b * (cp[2] + b * cp[3])))
            q += ua * (cq[0] + b * (cq[1] + b * (cq[2] + b * cq[3])))
    approx = x_ * float(S(digamma_one(total_, S) - digamma_one(alpha_, S))) / beta_    # digammas in scalar_t
    return S(p / q * approx)


def dirichlet_grad_np(x: np.ndarray, alpha: np.ndarray, total: np.ndarray) -> np.ndarray:
    S = x.dtype.type
    with np.errstate(all="ignore"):
        out = [dirichlet_grad_one(a, b, c, S) for a, b, c in zip(x.reshape(-1), alpha.reshape(-1), total.reshape(-1))]
    return np.array(out, x.dtype).reshape(x.shape)


# -- the records --------------------------------------------------------------------------------------

def _drawn(*arrays, drawn):
    return np.array(getattr(drawn, "_data", drawn))


def _gamma_grad_no_derivative(m, g, **params):
    raise NotImplementedError("the derivative for '_standard_gamma_grad' is not implemented.")


_STANDARD_GAMMA_GRAD = defop("_standard_gamma_grad", "StandardGammaGradBackward0", ("self", "output"),
                             standard_gamma_grad_np, _gamma_grad_no_derivative, promote=KEEP, edges=("self",),
                             jvp_note="none: torch has no derivative", rule="raises: torch has no derivative")


def standard_gamma_grad(m, alpha, sample):
    """The factor of StandardGammaBackward0: numpy, or under create_graph torch's node (an edge to alpha
    only: the draw is not differentiated), which raises when differentiated."""
    if m.is_tensor:
        return call(_STANDARD_GAMMA_GRAD, (alpha, sample.detach()))
    return standard_gamma_grad_np(alpha, sample)


STANDARD_GAMMA = defop("_standard_gamma", "StandardGammaBackward0", ("self",), _drawn,
                       lambda m, g, alpha, sample: (g * standard_gamma_grad(m, alpha, sample),),
                       saves=("self", "result"), promote=KEEP,
                       jvp_note="none: torch has no forward derivative",
                       rule="grad * _standard_gamma_grad(self, result) (implicit reparameterization)")


def _dirichlet_no_derivative(m, g, **params):
    raise errors.AutogradError("derivative for aten::_sample_dirichlet is not implemented")


SAMPLE_DIRICHLET = defop("_sample_dirichlet", "NotImplemented", ("self",), _drawn, _dirichlet_no_derivative,
                         promote=KEEP, jvp_note="none: torch has no derivative",
                         rule="raises: torch has no derivative (Dirichlet.rsample differentiates its draws)")
SAMPLE_DIRICHLET.on_node(name=lambda self: "torch::autograd::NotImplemented")
