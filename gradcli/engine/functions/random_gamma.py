"""``torch._standard_gamma`` and ``torch._sample_dirichlet`` with their reparameterized gradients
(``_standard_gamma_grad``, ``_dirichlet_grad``): aten's CPU kernels element by element in row-major
order -- Marsaglia and Tsang's rejection sampler on the doubles of torch's generator, and the
Taylor / saddle-point / rational approximations of -(dF/dalpha)/f -- so that a seeded Gamma, Beta,
Chi2, StudentT or Dirichlet draws torch's values and leaves the generator where torch leaves it.

Where aten computes in the tensor's own type (float32 steps of the sampler's set-up, and most of
the Dirichlet gradient) the steps are rounded to float32 too; double steps use the C library's
log/exp/pow through Python's ``math``, as aten does.
"""
from __future__ import annotations

import numpy as np

from ..cascade_sum import torch_order_sum
from ..creation import rng
from ..dispatch import call
from ..dtypes import scalar_type_name
from ..ops.dtype_rules import not_implemented
from ..ops.random_gamma import (SAMPLE_DIRICHLET, STANDARD_GAMMA, _log, _pow, _sqrt, dirichlet_grad_np,
                                standard_gamma_grad_np)
from ..public import public
from ..tensor import Tensor, make
from .common import _check_tensor

_THIRD_F = float(np.float32(1.0) / np.float32(3.0))   # aten writes 1.0f / 3.0f: a float constant
_SQUEEZE_F = float(np.float32(0.0331))                # and 0.0331f


def sample_gamma(alpha, uniform, normal, S) -> float:
    """aten's sample_gamma<scalar_t, double>: ``alpha`` and ``S`` are the tensor's numpy scalar type."""
    scale = 1.0
    if alpha < 1.0:
        if alpha == 0.0:
            return 0.0
        scale *= _pow(1.0 - uniform(), float(S(1.0) / alpha))
        alpha = S(alpha + S(1.0))
    d = np.float64(S(alpha - S(_THIRD_F))) if S is np.float32 else np.float64(alpha) - _THIRD_F
    c = 1.0 / np.float64(_sqrt(9.0 * d))
    while True:
        while True:
            x = normal()
            y = 1.0 + c * x
            if not y <= 0:          # C's do-while: a NaN leaves the loop
                break
        v = y * y * y
        u = 1.0 - uniform()
        xx = x * x
        if u < 1.0 - _SQUEEZE_F * xx * xx:
            return scale * d * v
        if _log(u) < 0.5 * xx + d * (1.0 - v + _log(v)):
            return scale * d * v


def _streams(generator):
    stream = rng(generator)
    return (lambda: float(stream.unit(1, np.float64)[0])), stream.normal_double


def _check_floating(t: Tensor, kernel: str):
    if t._data.dtype not in (np.float32, np.float64):
        raise not_implemented(kernel, t._data)


@public()
def _standard_gamma(input, generator=None):
    """Gamma(alpha, 1) draws, one per element; differentiable in alpha (StandardGammaBackward0)."""
    _check_tensor(input, "_standard_gamma")
    _check_floating(input, "gamma_cpu")
    S = input._data.dtype.type
    uniform, normal = _streams(generator)
    tiny = float(np.finfo(S).tiny)
    with np.errstate(all="ignore"):
        drawn = [max(tiny, float(S(sample_gamma(S(a), uniform, normal, S)))) for a in input._data.reshape(-1).tolist()]
    return call(STANDARD_GAMMA, (input,), {"drawn": np.array(drawn, S).reshape(input._data.shape)})


@public()
def _standard_gamma_grad(self, output):
    """d(sample)/d(alpha) of Gamma(alpha, 1) draws ``output`` (the implicit reparameterization)."""
    return make(standard_gamma_grad_np(self._data, output._data))


@public()
def _sample_dirichlet(input, generator=None):
    """Dirichlet(alpha) draws over the last dim: Gamma(alpha_i) draws in double, normalised."""
    _check_tensor(input, "_sample_dirichlet")
    _check_floating(input, "dirichlet")
    S = input._data.dtype.type
    uniform, normal = _streams(generator)
    tiny = float(np.finfo(np.float64).tiny)
    with np.errstate(all="ignore"):
        gamma = np.array([max(tiny, sample_gamma(np.float64(a), uniform, normal, np.float64))
                          for a in input._data.reshape(-1).tolist()], np.float64).reshape(input._data.shape)
    total = torch_order_sum(gamma, (-1,), True)
    if total is None:                   # an empty draw
        total = gamma.sum(-1, keepdims=True)
    upper = np.nextafter(S(1.0), S(0.0))
    drawn = np.minimum(upper, np.maximum(np.finfo(S).tiny, (gamma / total).astype(S)))
    return call(SAMPLE_DIRICHLET, (input,), {"drawn": drawn.astype(S)})


@public()
def _dirichlet_grad(x, alpha, total):
    """d(x_i)/d(alpha_i) of Dirichlet draws x (aten's dirichlet_grad_one, element by element)."""
    for name, t in (("x", x), ("alpha", alpha), ("total", total)):
        if not isinstance(t, Tensor):
            raise TypeError(f"_dirichlet_grad(): argument '{name}' must be Tensor, not {type(t).__name__}")
    if not (x.shape == alpha.shape == total.shape):
        raise RuntimeError(f"_dirichlet_grad: expected x, alpha, total to have the same shape, got "
                           f"{list(x.shape)}, {list(alpha.shape)} and {list(total.shape)}")
    if len({t._data.dtype for t in (x, alpha, total)}) != 1:
        raise RuntimeError(f"_dirichlet_grad: expected one dtype, got {scalar_type_name(x._data.dtype)}, "
                           f"{scalar_type_name(alpha._data.dtype)} and {scalar_type_name(total._data.dtype)}")
    return make(dirichlet_grad_np(x._data, alpha._data, total._data))
