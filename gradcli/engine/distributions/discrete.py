"""Bernoulli, Categorical, OneHotCategorical and Geometric, parameterized by ``probs`` or ``logits``
(the other is computed on first read, as torch's lazy properties do)."""
from __future__ import annotations

import math
import numbers

from .. import functions
from ..autograd.grad_mode import no_grad
from ..nn import functional as F
from ..tensor import Size
from . import constraints
from .distribution import Distribution, broadcast_all, is_all_true, lazy_property, probs_to_logits, uniform

__all__ = ["Bernoulli", "Categorical", "Geometric", "OneHotCategorical", "OneHotCategoricalStraightThrough"]


def _one_of(probs, logits) -> None:
    if (probs is None) == (logits is None):
        raise ValueError("Either `probs` or `logits` must be specified, but not both.")


class BinaryParams:
    """``probs`` or ``logits`` of a two-outcome distribution: the one not given is computed on first
    read (torch's lazy properties), ``param_shape`` is the given one's."""

    @lazy_property
    def logits(self):
        return probs_to_logits(self.probs, is_binary=True)

    @lazy_property
    def probs(self):
        return self.logits.sigmoid()

    @property
    def param_shape(self) -> Size:
        return self.__dict__.get("probs", self.__dict__.get("logits")).size()


class CategoricalParams:
    """``probs``, ``logits`` and ``param_shape`` of the Categorical a distribution wraps."""

    @property
    def probs(self):
        return self._categorical.probs

    @property
    def logits(self):
        return self._categorical.logits

    @property
    def param_shape(self) -> Size:
        return self._categorical.param_shape


class Bernoulli(BinaryParams, Distribution):
    """1 with probability ``probs`` (or ``sigmoid(logits)``), else 0."""

    arg_constraints = {"probs": constraints.unit_interval, "logits": constraints.real}
    support = constraints.boolean
    has_enumerate_support = True

    def __init__(self, probs=None, logits=None, validate_args=None):
        _one_of(probs, logits)
        scalar = isinstance(probs if probs is not None else logits, numbers.Number)
        if probs is not None:
            (self.probs,) = broadcast_all(probs)
            param = self.probs
        else:
            (self.logits,) = broadcast_all(logits)
            param = self.logits
        super().__init__(Size() if scalar else param.shape, validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        return self._expanded(batch_shape, tuple(n for n in ("probs", "logits") if n in self.__dict__))

    @property
    def mean(self):
        return self.probs

    @property
    def mode(self):
        mode = (self.probs >= 0.5).to(self.probs)
        mode[self.probs == 0.5] = math.nan
        return mode

    @property
    def variance(self):
        return self.probs * (1 - self.probs)

    def sample(self, sample_shape=Size()):
        shape = self._extended_shape(sample_shape)
        with no_grad():
            return functions.bernoulli(self.probs.expand(shape))

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        logits, value = broadcast_all(self.logits, value)
        return -F.binary_cross_entropy_with_logits(logits, value, reduction="none")

    def entropy(self):
        return F.binary_cross_entropy_with_logits(self.logits, self.probs, reduction="none")

    def enumerate_support(self, expand: bool = True):
        values = functions.arange(2, dtype=self.probs.dtype if "probs" in self.__dict__ else self.logits.dtype)
        values = values.view((-1,) + (1,) * len(self.batch_shape))
        return values.expand((-1,) + tuple(self.batch_shape)) if expand else values


class Categorical(Distribution):
    """One of ``K`` classes, with probabilities ``probs`` (normalized) or ``softmax(logits)`` over the
    last dim; the batch is every dim before it."""

    arg_constraints = {"probs": constraints.simplex, "logits": constraints.real_vector}
    has_enumerate_support = True

    def __init__(self, probs=None, logits=None, validate_args=None):
        _one_of(probs, logits)
        if probs is not None:
            if probs.dim() < 1:
                raise ValueError("`probs` parameter must be at least one-dimensional.")
            self.probs = probs / probs.sum(-1, keepdim=True)
            param = self.probs
        else:
            if logits.dim() < 1:
                raise ValueError("`logits` parameter must be at least one-dimensional.")
            self.logits = logits - logits.logsumexp(dim=-1, keepdim=True)
            param = self.logits
        self._num_events = param.shape[-1]
        super().__init__(param.shape[:-1], validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        new = self._expanded(batch_shape, tuple(n for n in ("probs", "logits") if n in self.__dict__))
        new._num_events = self._num_events
        return new

    @constraints.dependent_property(is_discrete=True, event_dim=0)
    def support(self):
        return constraints.integer_interval(0, self._num_events - 1)

    @property
    def param_shape(self) -> Size:
        return self.__dict__.get("probs", self.__dict__.get("logits")).size()

    @lazy_property
    def logits(self):
        return probs_to_logits(self.probs)

    @lazy_property
    def probs(self):
        return F.softmax(self.logits, dim=-1)

    @property
    def mean(self):
        return functions.full(self._extended_shape(), math.nan, dtype=self.probs.dtype)

    @property
    def mode(self):
        return self.probs.argmax(-1)

    @property
    def variance(self):
        return functions.full(self._extended_shape(), math.nan, dtype=self.probs.dtype)

    def sample(self, sample_shape=Size()):
        sample_shape = Size(sample_shape)
        probs_2d = self.probs.reshape(-1, self._num_events)
        with no_grad():
            samples_2d = functions.multinomial(probs_2d, max(sample_shape.numel(), 1), True).T
        return samples_2d.reshape(self._extended_shape(sample_shape))

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        value = value.long().unsqueeze(-1)
        value, log_pmf = functions.broadcast_tensors(value, self.logits)
        value = value[..., :1]
        return log_pmf.gather(-1, value).squeeze(-1)

    def entropy(self):
        min_real = functions.finfo(self.logits.dtype).min
        logits = functions.clamp(self.logits, min=min_real)
        p_log_p = logits * self.probs
        return -p_log_p.sum(-1)

    def enumerate_support(self, expand: bool = True):
        values = functions.arange(self._num_events).view((-1,) + (1,) * len(self.batch_shape))
        return values.expand((-1,) + tuple(self.batch_shape)) if expand else values


class OneHotCategorical(CategoricalParams, Distribution):
    """A Categorical whose values are one-hot vectors of length ``K`` (its event shape)."""

    arg_constraints = {"probs": constraints.simplex, "logits": constraints.real_vector}
    support = constraints.one_hot
    has_enumerate_support = True

    def __init__(self, probs=None, logits=None, validate_args=None):
        self._categorical = Categorical(probs, logits)
        param = self._categorical.param_shape
        super().__init__(param[:-1], param[-1:], validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        new = type(self).__new__(type(self))
        new._categorical = self._categorical.expand(batch_shape)
        Distribution.__init__(new, Size(batch_shape), self.event_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    @property
    def mean(self):
        return self._categorical.probs

    @property
    def mode(self):
        probs = self._categorical.probs
        return F.one_hot(probs.argmax(-1), num_classes=probs.shape[-1]).to(probs)

    @property
    def variance(self):
        return self._categorical.probs * (1 - self._categorical.probs)

    def sample(self, sample_shape=Size()):
        probs = self._categorical.probs
        indices = self._categorical.sample(sample_shape)
        return F.one_hot(indices, self._categorical._num_events).to(probs)

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        indices = value.max(-1)[1]
        return self._categorical.log_prob(indices)

    def entropy(self):
        return self._categorical.entropy()



class OneHotCategoricalStraightThrough(OneHotCategorical):
    """A one-hot draw whose gradient is the probabilities' (the straight-through estimator)."""

    has_rsample = True

    def rsample(self, sample_shape=Size()):
        samples = self.sample(sample_shape)
        probs = self._categorical.probs
        return samples + (probs - probs.detach())


class Geometric(Distribution):
    """The number of failures before the first success in Bernoulli(``probs``) trials."""

    arg_constraints = {"probs": constraints.unit_interval, "logits": constraints.real}
    support = constraints.nonnegative_integer

    def __init__(self, probs=None, logits=None, validate_args=None):
        _one_of(probs, logits)
        if probs is not None:
            (self.probs,) = broadcast_all(probs)
            param = self.probs
        else:
            (self.logits,) = broadcast_all(logits)
            param = self.logits
        scalar = isinstance(probs if probs is not None else logits, numbers.Number)
        super().__init__(Size() if scalar else param.shape, validate_args=validate_args)
        if self._validate_args and probs is not None and not is_all_true(self.probs > 0):
            raise ValueError(f"Expected parameter probs ({type(self.probs).__name__} of shape "
                             f"{tuple(self.probs.shape)}) of distribution {self!r} to satisfy the constraint "
                             f"{constraints.interval(0.0, 1.0)!r}, but found invalid values:\n{self.probs}")

    def expand(self, batch_shape, _instance=None):
        return self._expanded(batch_shape, tuple(n for n in ("probs", "logits") if n in self.__dict__))

    @lazy_property
    def logits(self):
        return probs_to_logits(self.probs, is_binary=True)

    @lazy_property
    def probs(self):
        return self.logits.sigmoid()

    @property
    def mean(self):
        return 1.0 / self.probs - 1.0

    @property
    def mode(self):
        return functions.zeros_like(self.probs)

    @property
    def variance(self):
        return (1.0 / self.probs - 1.0) / self.probs

    def sample(self, sample_shape=Size()):
        shape = self._extended_shape(sample_shape)
        tiny = functions.finfo(self.probs.dtype).tiny
        with no_grad():
            u = uniform(shape, self.probs, tiny, 1)
            return (u.log() / (-self.probs).log1p()).floor()

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        value, probs = broadcast_all(value, self.probs)
        probs = probs.clone()
        probs[(probs == 1) & (value == 0)] = 0
        return value * (-probs).log1p() + self.probs.log()

    def entropy(self):
        return F.binary_cross_entropy_with_logits(self.logits, self.probs, reduction="none") / self.probs
