"""``LowRankMultivariateNormal``: covariance ``W W^T + diag(D)`` with W of rank m, handled through
the m x m capacitance matrix (Woodbury), as torch's, so log-densities and gradients are torch's."""
from __future__ import annotations

import math

from .. import functions
from ..decompositions import _linalg_cholesky as cholesky, solve_triangular
from ..tensor import Size
from . import constraints
from .distribution import Distribution, lazy_property, standard_normal
from .multivariate_normal import _batch_mahalanobis

__all__ = ["LowRankMultivariateNormal"]


def _batch_mv(bmat, bvec):
    return functions.matmul(bmat, bvec.unsqueeze(-1)).squeeze(-1)


def _plus_identity(k):
    """``K + I`` written as torch writes it: an in-place add on the strided view of K's diagonal."""
    n = k.shape[-1]
    k.view(-1, n * n)[:, ::n + 1] += 1
    return k


def _batch_capacitance_tril(w, d):
    wt_dinv = w.mT / d.unsqueeze(-2)
    return cholesky(_plus_identity(functions.matmul(wt_dinv, w).contiguous()))


def _batch_lowrank_logdet(w, d, capacitance_tril):
    return 2 * capacitance_tril.diagonal(dim1=-2, dim2=-1).log().sum(-1) + d.log().sum(-1)


def _batch_lowrank_mahalanobis(w, d, x, capacitance_tril):
    wt_dinv = w.mT / d.unsqueeze(-2)
    return (x.pow(2) / d).sum(-1) - _batch_mahalanobis(capacitance_tril, _batch_mv(wt_dinv, x))


class LowRankMultivariateNormal(Distribution):
    """N(loc, cov_factor cov_factor^T + diag(cov_diag))."""

    arg_constraints = {"loc": constraints.real_vector, "cov_factor": constraints.independent(constraints.real, 2),
                       "cov_diag": constraints.independent(constraints.positive, 1)}
    support = constraints.real_vector
    has_rsample = True

    def __init__(self, loc, cov_factor, cov_diag, validate_args=None):
        if loc.dim() < 1:
            raise ValueError("loc must be at least one-dimensional.")
        event_shape = loc.shape[-1:]
        if cov_factor.dim() < 2:
            raise ValueError("cov_factor must be at least two-dimensional, with optional leading batch dimensions")
        if tuple(cov_factor.shape[-2:-1]) != tuple(event_shape):
            raise ValueError(f"cov_factor must be a batch of matrices with shape {event_shape[0]} x m")
        if tuple(cov_diag.shape[-1:]) != tuple(event_shape):
            raise ValueError(f"cov_diag must be a batch of vectors with shape {event_shape}")
        try:
            loc_, self.cov_factor, cov_diag_ = functions.broadcast_tensors(loc.unsqueeze(-1), cov_factor,
                                                                           cov_diag.unsqueeze(-1))
        except RuntimeError as e:
            raise ValueError(f"Incompatible batch shapes: loc {loc.shape}, cov_factor {cov_factor.shape}, "
                             f"cov_diag {cov_diag.shape}") from e
        self.loc, self.cov_diag = loc_[..., 0], cov_diag_[..., 0]
        self._unbroadcasted_cov_factor, self._unbroadcasted_cov_diag = cov_factor, cov_diag
        self._capacitance_tril = _batch_capacitance_tril(cov_factor, cov_diag)
        super().__init__(self.loc.shape[:-1], event_shape, validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        new = type(self).__new__(type(self))
        loc_shape = tuple(batch_shape) + tuple(self.event_shape)
        new.loc = self.loc.expand(loc_shape)
        new.cov_diag = self.cov_diag.expand(loc_shape)
        new.cov_factor = self.cov_factor.expand(loc_shape + tuple(self.cov_factor.shape[-1:]))
        new._unbroadcasted_cov_factor = self._unbroadcasted_cov_factor
        new._unbroadcasted_cov_diag = self._unbroadcasted_cov_diag
        new._capacitance_tril = self._capacitance_tril
        Distribution.__init__(new, Size(batch_shape), self.event_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    def _full(self, matrix):
        return matrix.expand(tuple(self._batch_shape) + tuple(self._event_shape) * 2)

    @property
    def mean(self):
        return self.loc

    @property
    def mode(self):
        return self.loc

    @lazy_property
    def variance(self):
        return (self._unbroadcasted_cov_factor.pow(2).sum(-1) + self._unbroadcasted_cov_diag).expand(
            tuple(self._batch_shape) + tuple(self._event_shape))

    @lazy_property
    def scale_tril(self):
        diag_sqrt = self._unbroadcasted_cov_diag.sqrt().unsqueeze(-1)
        dinvsqrt_w = self._unbroadcasted_cov_factor / diag_sqrt
        k = _plus_identity(functions.matmul(dinvsqrt_w, dinvsqrt_w.mT).contiguous())
        return self._full(diag_sqrt * cholesky(k))

    @lazy_property
    def covariance_matrix(self):
        w = self._unbroadcasted_cov_factor
        return self._full(functions.matmul(w, w.mT) + functions.diag_embed(self._unbroadcasted_cov_diag))

    @lazy_property
    def precision_matrix(self):
        wt_dinv = self._unbroadcasted_cov_factor.mT / self._unbroadcasted_cov_diag.unsqueeze(-2)
        a = solve_triangular(self._capacitance_tril, wt_dinv, upper=False)
        return self._full(functions.diag_embed(self._unbroadcasted_cov_diag.reciprocal()) - a.mT @ a)

    def rsample(self, sample_shape=Size()):
        shape = self._extended_shape(sample_shape)
        eps_w = standard_normal(tuple(shape[:-1]) + tuple(self.cov_factor.shape[-1:]), self.loc)
        eps_d = standard_normal(shape, self.loc)
        return (self.loc + _batch_mv(self._unbroadcasted_cov_factor, eps_w)
                + self._unbroadcasted_cov_diag.sqrt() * eps_d)

    def _log_det(self):
        return _batch_lowrank_logdet(self._unbroadcasted_cov_factor, self._unbroadcasted_cov_diag,
                                     self._capacitance_tril)

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        m = _batch_lowrank_mahalanobis(self._unbroadcasted_cov_factor, self._unbroadcasted_cov_diag,
                                       value - self.loc, self._capacitance_tril)
        return -0.5 * (self._event_shape[0] * math.log(2 * math.pi) + self._log_det() + m)

    def entropy(self):
        h = 0.5 * (self._event_shape[0] * (1.0 + math.log(2 * math.pi)) + self._log_det())
        return h if len(self._batch_shape) == 0 else h.expand(self._batch_shape)
