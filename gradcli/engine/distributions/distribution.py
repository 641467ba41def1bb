"""``torch.distributions.Distribution``: shapes, argument and sample validation and the repr every
distribution shares, and the helpers torch's distributions are written with."""
from __future__ import annotations

import numbers

from .. import creation, dtypes, functions
from ..autograd.grad_mode import no_grad
from ..functions.shapes import infer_size
from ..tensor import Size, Tensor
from . import constraints


def is_all_true(valid: Tensor) -> bool:
    """torch._is_all_true: every value true; inside vmap over the whole batch at once (the physical
    values), where a per-example bool() would be data-dependent control flow."""
    return bool(valid._data.all())

__all__ = ["Distribution"]


class Distribution:
    """A batch of distributions of shape ``batch_shape``, each over values of shape ``event_shape``.

    ``validate_args`` (torch's default: on) checks the parameters against ``arg_constraints`` and
    every ``log_prob``/``cdf`` value against ``support``, raising torch's ValueError."""

    has_rsample = False
    has_enumerate_support = False
    _validate_args = True
    arg_constraints: dict = {}
    support = None

    @staticmethod
    def set_default_validate_args(value: bool) -> None:
        if value not in (True, False):
            raise ValueError
        Distribution._validate_args = value

    def __init__(self, batch_shape=(), event_shape=(), validate_args=None):
        self._batch_shape, self._event_shape = Size(batch_shape), Size(event_shape)
        if validate_args is not None:
            self._validate_args = validate_args
        if self._validate_args:
            for param, constraint in self.arg_constraints.items():
                if constraints.is_dependent(constraint) or (
                        param not in self.__dict__ and isinstance(getattr(type(self), param, None), lazy_property)):
                    continue    # skip the parameter that was not given (probs or logits)
                value = getattr(self, param)
                if not is_all_true(constraint.check(value)):
                    raise ValueError(f"Expected parameter {param} ({type(value).__name__} of shape "
                                     f"{tuple(value.shape)}) of distribution {self!r} to satisfy the constraint "
                                     f"{constraint!r}, but found invalid values:\n{value}")

    @property
    def batch_shape(self) -> Size:
        return self._batch_shape

    @property
    def event_shape(self) -> Size:
        return self._event_shape

    def expand(self, batch_shape, _instance=None):
        raise NotImplementedError

    def _expanded(self, batch_shape, names) -> "Distribution":
        """A new instance with each parameter in ``names`` expanded to ``batch_shape`` (+ its event dims)."""
        batch_shape = Size(batch_shape)
        new = type(self).__new__(type(self))
        for name in names:
            value = self.__dict__[name]
            extra = tuple(value.shape[len(self.batch_shape):])
            new.__dict__[name] = value.expand(tuple(batch_shape) + extra)
        for name, value in self.__dict__.items():
            if name not in names and not name.startswith("_") and not isinstance(value, Tensor):
                new.__dict__[name] = value
        Distribution.__init__(new, batch_shape, self.event_shape, validate_args=False)
        new._validate_args = self._validate_args
        return new

    @property
    def mean(self):
        raise NotImplementedError(f"{type(self).__name__} has no mean")

    @property
    def mode(self):
        raise NotImplementedError(f"{type(self).__name__} does not implement mode")

    @property
    def variance(self):
        raise NotImplementedError(f"{type(self).__name__} has no variance")

    @property
    def stddev(self):
        return self.variance.sqrt()

    def sample(self, sample_shape=Size()):
        with no_grad():
            return self.rsample(sample_shape)

    def rsample(self, sample_shape=Size()):
        raise NotImplementedError

    def sample_n(self, n: int):
        return self.sample(Size((n,)))

    def log_prob(self, value):
        raise NotImplementedError

    def cdf(self, value):
        raise NotImplementedError

    def icdf(self, value):
        raise NotImplementedError

    def entropy(self):
        raise NotImplementedError

    def perplexity(self):
        return self.entropy().exp()

    def _extended_shape(self, sample_shape=Size()) -> Size:
        if not isinstance(sample_shape, Size):
            sample_shape = Size(sample_shape)
        return Size(tuple(sample_shape) + tuple(self._batch_shape) + tuple(self._event_shape))

    def _validate_sample(self, value) -> None:
        if not isinstance(value, Tensor):
            raise ValueError("The value argument to log_prob must be a Tensor")
        event_dim_start = len(value.shape) - len(self._event_shape)
        if tuple(value.shape[event_dim_start:]) != tuple(self._event_shape):
            raise ValueError(f"The right-most size of value must match event_shape: {tuple(value.shape)} vs "
                             f"{tuple(self._event_shape)}.")
        actual, expected = tuple(value.shape), tuple(self.batch_shape) + tuple(self.event_shape)
        for i, j in zip(reversed(actual), reversed(expected)):
            if i != 1 and j != 1 and i != j:
                raise ValueError(f"Value is not broadcastable with batch_shape+event_shape: {actual} vs "
                                 f"{expected}.")
        support = self.support
        if not is_all_true(support.check(value)):
            raise ValueError(f"Expected value argument ({type(value).__name__} of shape {tuple(value.shape)}) to be "
                             f"within the support ({support!r}) of the distribution {self!r}, but found invalid "
                             f"values:\n{value}")

    def __repr__(self) -> str:
        names = [k for k in self.arg_constraints if k in self.__dict__]
        args = ", ".join(f"{p}: {self.__dict__[p] if self.__dict__[p].numel() == 1 else self.__dict__[p].size()}"
                         for p in names)
        return f"{type(self).__name__}({args})"


def broadcast_all(*values) -> tuple:
    """Numbers become tensors of the tensors' dtype (else the default dtype); then all are broadcast
    (a tensor already of the common shape is returned as it is, as torch does)."""
    if not all(isinstance(v, (Tensor, numbers.Number)) for v in values):
        raise ValueError("Input arguments must all be instances of numbers.Number, torch.Tensor or objects "
                         "implementing __torch_function__.")
    like = next((v for v in values if isinstance(v, Tensor)), None)
    dtype = like.dtype if like is not None else dtypes.get_default_dtype()
    tensors = [v if isinstance(v, Tensor) else creation.tensor(v, dtype=dtype) for v in values]
    shape = infer_size(*(t.shape for t in tensors))
    return tuple(t if tuple(t.shape) == tuple(shape) else t.expand(shape) for t in tensors)


def standard_normal(shape, like: Tensor) -> Tensor:
    """torch's ``empty(shape).normal_()``: an in-place fill, so vmap(randomness='different') refuses it."""
    with no_grad():
        return creation.empty(*shape, dtype=like.dtype).normal_()


def uniform(shape, like: Tensor, low: float = 0.0, high: float = 1.0) -> Tensor:
    """torch's ``like.new(shape).uniform_(low, high)`` (one fused rounding, not rand's two)."""
    with no_grad():
        return creation.empty(*shape, dtype=like.dtype).uniform_(low, high)


def clamp_probs(probs: Tensor) -> Tensor:
    eps = functions.finfo(probs.dtype).eps
    return probs.clamp(min=eps, max=1 - eps)


def probs_to_logits(probs: Tensor, is_binary: bool = False) -> Tensor:
    clamped = clamp_probs(probs)
    if is_binary:
        return clamped.log() - (-clamped).log1p()
    return clamped.log()


def sum_rightmost(value: Tensor, dim: int) -> Tensor:
    if dim == 0:
        return value
    return value.reshape(tuple(value.shape[:-dim]) + (-1,)).sum(-1)


class lazy_property:
    """Computed from the other parameter on first read, then kept (probs from logits and back)."""

    def __init__(self, fn):
        self.fn, self.__doc__ = fn, fn.__doc__

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        value = self.fn(instance)
        instance.__dict__[self.fn.__name__] = value
        return value
