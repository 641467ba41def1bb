"""``ContinuousBernoulli`` (Loaiza-Ganem and Cunningham): a density on [0, 1] proportional to
p^x (1-p)^(1-x), the likelihood of VAEs on grey-level pixels; torch's formulas, with its Taylor
expansions where p is within ``lims`` of 1/2."""
from __future__ import annotations

import math
import numbers

from .. import creation, functions
from ..autograd.grad_mode import no_grad
from ..nn import functional as F
from ..tensor import Size
from . import constraints
from .discrete import _one_of
from .distribution import Distribution, broadcast_all, clamp_probs, lazy_property, probs_to_logits

__all__ = ["ContinuousBernoulli"]


class ContinuousBernoulli(Distribution):
    arg_constraints = {"probs": constraints.unit_interval, "logits": constraints.real}
    support = constraints.unit_interval
    has_rsample = True

    def __init__(self, probs=None, logits=None, lims=(0.499, 0.501), validate_args=None):
        _one_of(probs, logits)
        if probs is not None:
            scalar = isinstance(probs, numbers.Number)
            (self.probs,) = broadcast_all(probs)
            if validate_args is not None and not self.arg_constraints["probs"].check(self.probs).all():
                raise ValueError("The parameter probs has invalid values")
            self.probs = clamp_probs(self.probs)
        else:
            scalar = isinstance(logits, numbers.Number)
            (self.logits,) = broadcast_all(logits)
        self._param = self.probs if probs is not None else self.logits
        self._lims = lims
        super().__init__(Size() if scalar else self._param.shape, validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        new = self._expanded(batch_shape, tuple(n for n in ("probs", "logits") if n in self.__dict__))
        new._lims = self._lims
        new._param = new.__dict__.get("probs", new.__dict__.get("logits"))
        return new

    def _outside_unstable_region(self):
        return functions.max(functions.le(self.probs, self._lims[0]), functions.gt(self.probs, self._lims[1]))

    def _cut_probs(self):
        return functions.where(self._outside_unstable_region(), self.probs,
                               self._lims[0] * functions.ones_like(self.probs))

    def _cont_bern_log_norm(self):
        cut = self._cut_probs()
        below_half = functions.where(functions.le(cut, 0.5), cut, functions.zeros_like(cut))
        above_half = functions.where(functions.ge(cut, 0.5), cut, functions.ones_like(cut))
        log_norm = functions.log(functions.abs(functions.log1p(-cut) - functions.log(cut))) - functions.where(
            functions.le(cut, 0.5), functions.log1p(-2.0 * below_half), functions.log(2.0 * above_half - 1.0))
        x = functions.pow(self.probs - 0.5, 2)
        taylor = math.log(2.0) + (4.0 / 3.0 + 104.0 / 45.0 * x) * x
        return functions.where(self._outside_unstable_region(), log_norm, taylor)

    @property
    def mean(self):
        cut = self._cut_probs()
        mus = cut / (2.0 * cut - 1.0) + 1.0 / (functions.log1p(-cut) - functions.log(cut))
        x = self.probs - 0.5
        taylor = 0.5 + (1.0 / 3.0 + 16.0 / 45.0 * functions.pow(x, 2)) * x
        return functions.where(self._outside_unstable_region(), mus, taylor)

    @property
    def stddev(self):
        return functions.sqrt(self.variance)

    @property
    def variance(self):
        cut = self._cut_probs()
        vars_ = cut * (cut - 1.0) / functions.pow(1.0 - 2.0 * cut, 2) + 1.0 / functions.pow(
            functions.log1p(-cut) - functions.log(cut), 2)
        x = functions.pow(self.probs - 0.5, 2)
        taylor = 1.0 / 12.0 - (1.0 / 15.0 - 128.0 / 945.0 * x) * x
        return functions.where(self._outside_unstable_region(), vars_, taylor)

    @lazy_property
    def logits(self):
        return probs_to_logits(self.probs, is_binary=True)

    @lazy_property
    def probs(self):
        return clamp_probs(self.logits.sigmoid())

    @property
    def param_shape(self) -> Size:
        return self._param.size()

    def sample(self, sample_shape=Size()):
        u = creation.rand(self._extended_shape(sample_shape), dtype=self.probs.dtype)
        with no_grad():
            return self.icdf(u)

    def rsample(self, sample_shape=Size()):
        return self.icdf(creation.rand(self._extended_shape(sample_shape), dtype=self.probs.dtype))

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        logits, value = broadcast_all(self.logits, value)
        return -F.binary_cross_entropy_with_logits(logits, value, reduction="none") + self._cont_bern_log_norm()

    def cdf(self, value):
        if self._validate_args:
            self._validate_sample(value)
        cut = self._cut_probs()
        cdfs = (functions.pow(cut, value) * functions.pow(1.0 - cut, 1.0 - value) + cut - 1.0) / (2.0 * cut - 1.0)
        unbounded = functions.where(self._outside_unstable_region(), cdfs, value)
        return functions.where(functions.le(value, 0.0), functions.zeros_like(value),
                               functions.where(functions.ge(value, 1.0), functions.ones_like(value), unbounded))

    def icdf(self, value):
        cut = self._cut_probs()
        return functions.where(
            self._outside_unstable_region(),
            (functions.log1p(-cut + value * (2.0 * cut - 1.0)) - functions.log1p(-cut))
            / (functions.log(cut) - functions.log1p(-cut)),
            value)

    def entropy(self):
        log_probs0 = functions.log1p(-self.probs)
        log_probs1 = functions.log(self.probs)
        return self.mean * (log_probs0 - log_probs1) - self._cont_bern_log_norm() - log_probs0
