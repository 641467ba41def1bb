"""``MultivariateNormal`` with a covariance, precision or lower-triangular scale matrix, and its KL.

The engine has no ``linalg.cholesky`` or ``linalg.solve_triangular`` yet, so the factorization and
the triangular solves here are written with engine ops, entry by entry (``_cholesky``,
``_solve_lower``): differentiable to any order, meant for the small event sizes scripts use
(O(n^3) ops). Values and gradients are torch's; intermediate node names differ."""
from __future__ import annotations

import math

from .. import functions
from ..tensor import Size
from . import constraints
from .distribution import Distribution, lazy_property, standard_normal
from .kl import register_kl

__all__ = ["MultivariateNormal"]


def _cholesky(a):
    """Lower-triangular L with L @ L.mT == a (symmetric positive definite, batched)."""
    n = a.shape[-1]
    entries = [[None] * n for _ in range(n)]
    for j in range(n):
        diagonal = a[..., j, j]
        for k in range(j):
            diagonal = diagonal - entries[j][k] ** 2
        entries[j][j] = diagonal.sqrt()
        for i in range(j + 1, n):
            value = a[..., i, j]
            for k in range(j):
                value = value - entries[i][k] * entries[j][k]
            entries[i][j] = value / entries[j][j]
    zero = functions.zeros_like(a[..., 0, 0])
    rows = [functions.stack([entries[i][j] if j <= i else zero for j in range(n)], -1) for i in range(n)]
    return functions.stack(rows, -2)


def _solve_lower(tril, b):
    """x with tril @ x == b for vectors b (..., n), by forward substitution (batch dims broadcast)."""
    n = tril.shape[-1]
    xs = []
    for i in range(n):
        value = b[..., i]
        for k in range(i):
            value = value - tril[..., i, k] * xs[k]
        xs.append(value / tril[..., i, i])
    return functions.stack(xs, -1)


def _batch_mahalanobis(tril, x):
    """x^T (L L^T)^{-1} x, batched."""
    return _solve_lower(tril, x).pow(2).sum(-1)


def _half_log_det(tril):
    return tril.diagonal(dim1=-2, dim2=-1).log().sum(-1)


class MultivariateNormal(Distribution):
    """Gaussian over vectors: mean ``loc`` and exactly one of ``covariance_matrix``,
    ``precision_matrix`` or ``scale_tril`` (its lower Cholesky factor)."""

    arg_constraints = {"loc": constraints.real_vector, "covariance_matrix": constraints.positive_definite,
                       "precision_matrix": constraints.positive_definite, "scale_tril": constraints.lower_cholesky}
    support = constraints.real_vector
    has_rsample = True

    def __init__(self, loc, covariance_matrix=None, precision_matrix=None, scale_tril=None, validate_args=None):
        if loc.dim() < 1:
            raise ValueError("loc must be at least one-dimensional.")
        if (covariance_matrix is not None) + (scale_tril is not None) + (precision_matrix is not None) != 1:
            raise ValueError("Exactly one of covariance_matrix or precision_matrix or scale_tril may be specified.")
        matrix = next(m for m in (scale_tril, covariance_matrix, precision_matrix) if m is not None)
        if matrix.dim() < 2:
            raise ValueError("scale_tril matrix must be at least two-dimensional, with optional leading batch "
                             "dimensions" if scale_tril is not None else
                             "covariance_matrix must be at least two-dimensional, with optional leading batch "
                             "dimensions" if covariance_matrix is not None else
                             "precision_matrix must be at least two-dimensional, with optional leading batch "
                             "dimensions")
        batch_shape = tuple(functions.broadcast_shapes(tuple(matrix.shape[:-2]), tuple(loc.shape[:-1])))
        square = batch_shape + (-1, -1)
        if scale_tril is not None:
            self.scale_tril = scale_tril.expand(square)
        elif covariance_matrix is not None:
            self.covariance_matrix = covariance_matrix.expand(square)
        else:
            self.precision_matrix = precision_matrix.expand(square)
        self.loc = loc.expand(batch_shape + (-1,))
        super().__init__(batch_shape, self.loc.shape[-1:], validate_args=validate_args)
        if scale_tril is not None:
            self._unbroadcasted_scale_tril = scale_tril
        elif covariance_matrix is not None:
            self._unbroadcasted_scale_tril = _cholesky(covariance_matrix)
        else:
            self._unbroadcasted_scale_tril = _cholesky(functions.inverse(precision_matrix))

    def expand(self, batch_shape, _instance=None):
        batch_shape = Size(batch_shape)
        new = type(self).__new__(type(self))
        new.loc = self.loc.expand(tuple(batch_shape) + tuple(self.event_shape))
        new._unbroadcasted_scale_tril = self._unbroadcasted_scale_tril
        for name in ("covariance_matrix", "scale_tril", "precision_matrix"):
            if name in self.__dict__:
                new.__dict__[name] = self.__dict__[name].expand(tuple(batch_shape) + tuple(self.event_shape) * 2)
        Distribution.__init__(new, batch_shape, self.event_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    def _square(self, matrix):
        return matrix.expand(tuple(self.batch_shape) + tuple(self.event_shape) * 2)

    @lazy_property
    def scale_tril(self):
        return self._square(self._unbroadcasted_scale_tril)

    @lazy_property
    def covariance_matrix(self):
        tril = self._unbroadcasted_scale_tril
        return self._square(functions.matmul(tril, tril.mT))

    @lazy_property
    def precision_matrix(self):
        tril = self._unbroadcasted_scale_tril
        return self._square(functions.inverse(functions.matmul(tril, tril.mT)))

    @property
    def mean(self):
        return self.loc

    @property
    def mode(self):
        return self.loc

    @property
    def variance(self):
        return self._unbroadcasted_scale_tril.pow(2).sum(-1).expand(tuple(self.batch_shape) + tuple(self.event_shape))

    def rsample(self, sample_shape=Size()):
        shape = self._extended_shape(sample_shape)
        eps = standard_normal(shape, self.loc)
        return self.loc + functions.matmul(self._unbroadcasted_scale_tril, eps.unsqueeze(-1)).squeeze(-1)

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        diff = value - self.loc
        m = _batch_mahalanobis(self._unbroadcasted_scale_tril, diff)
        half_log_det = _half_log_det(self._unbroadcasted_scale_tril)
        return -0.5 * (self.event_shape[0] * math.log(2 * math.pi) + m) - half_log_det

    def entropy(self):
        half_log_det = _half_log_det(self._unbroadcasted_scale_tril)
        h = 0.5 * self.event_shape[0] * (1.0 + math.log(2 * math.pi)) + half_log_det
        return h if len(self.batch_shape) == 0 else h.expand(self.batch_shape)


@register_kl(MultivariateNormal, MultivariateNormal)
def _kl_multivariatenormal_multivariatenormal(p, q):
    if p.event_shape != q.event_shape:
        raise ValueError("KL-divergence between two Multivariate Normals with different event shapes cannot be "
                         "computed")
    p_tril, q_tril = p._unbroadcasted_scale_tril, q._unbroadcasted_scale_tril
    half_term1 = _half_log_det(q_tril) - _half_log_det(p_tril)
    n = p.event_shape[0]
    term2 = sum(_solve_lower(q_tril, p_tril[..., :, j]).pow(2).sum(-1) for j in range(n))
    term3 = _batch_mahalanobis(q_tril, q.loc - p.loc)
    return half_term1 + 0.5 * (term2 + term3 - n)

