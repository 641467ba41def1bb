"""``MultivariateNormal`` with a covariance, precision or lower-triangular scale matrix, and its KL:
torch's code, on ``linalg.cholesky`` and ``linalg.solve_triangular``, so values, gradients and the
graph's nodes are torch's."""
from __future__ import annotations

import math

from .. import functions
from ..creation import eye
from ..decompositions import _linalg_cholesky as cholesky, solve_triangular
from ..tensor import Size
from . import constraints
from .distribution import Distribution, lazy_property, standard_normal
from .kl import register_kl

__all__ = ["MultivariateNormal"]


def _precision_to_scale_tril(P):
    """The lower Cholesky factor of P^{-1} without inverting P: factor P with its rows and columns
    reversed (torch's)."""
    lf = cholesky(functions.flip(P, (-2, -1)))
    l_inv = functions.transpose(functions.flip(lf, (-2, -1)), -2, -1)
    return solve_triangular(l_inv, eye(P.shape[-1], dtype=P.dtype), upper=False)


def _batch_mahalanobis(bL, bx):
    """x^T (L L^T)^{-1} x for L of shape (i, 1, n, n) and x of shape (..., i, j, n): torch's
    reshapes, so that one batched triangular solve covers every x."""
    n = bx.shape[-1]
    bx_batch_shape = tuple(bx.shape[:-1])
    bx_batch_dims = len(bx_batch_shape)
    bl_batch_dims = bL.dim() - 2
    outer_batch_dims = bx_batch_dims - bl_batch_dims
    old_batch_dims = outer_batch_dims + bl_batch_dims
    new_batch_dims = outer_batch_dims + 2 * bl_batch_dims
    new_shape = tuple(bx.shape[:outer_batch_dims])
    for sl, sx in zip(bL.shape[:-2], bx.shape[outer_batch_dims:-1]):
        new_shape += (sx // sl, sl)
    bx = bx.reshape(new_shape + (n,))
    bx = bx.permute(list(range(outer_batch_dims)) + list(range(outer_batch_dims, new_batch_dims, 2))
                    + list(range(outer_batch_dims + 1, new_batch_dims, 2)) + [new_batch_dims])
    flat_l = bL.reshape(-1, n, n)
    flat_x_swap = bx.reshape(-1, flat_l.shape[0], n).permute(1, 2, 0)
    m = solve_triangular(flat_l, flat_x_swap, upper=False).pow(2).sum(-2).t()
    permuted = m.reshape(tuple(bx.shape[:-1]))
    inverse_dims = list(range(outer_batch_dims))
    for i in range(bl_batch_dims):
        inverse_dims += [outer_batch_dims + i, old_batch_dims + i]
    return permuted.permute(inverse_dims).reshape(bx_batch_shape)


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
            self._unbroadcasted_scale_tril = cholesky(covariance_matrix)
        else:
            self._unbroadcasted_scale_tril = _precision_to_scale_tril(precision_matrix)

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
    batch = tuple(functions.broadcast_shapes(tuple(q_tril.shape[:-2]), tuple(p_tril.shape[:-2])))
    n = p.event_shape[0]
    solved = solve_triangular(q_tril.expand(batch + (n, n)), p_tril.expand(batch + (n, n)), upper=False)
    term2 = solved.reshape(-1, n * n).pow(2).sum(-1).reshape(batch)      # torch's _batch_trace_XXT
    term3 = _batch_mahalanobis(q_tril, q.loc - p.loc)
    return half_term1 + 0.5 * (term2 + term3 - n)

