"""``torch.poisson`` and ``torch.binomial``: torch's CPU samplers (aten's ``sample_poisson`` and
``sample_binomial``: Hormann's transformed rejection for large means, products of uniforms or
geometric waiting times for small ones) on the doubles of torch's generator, element by element in
row-major order, so that a seeded script draws torch's counts and leaves the generator where torch
leaves it. A binomial on float32 tensors computes in float32 where aten's kernel does.
"""
from __future__ import annotations

import math
import warnings

import numpy as np

from .. import creation, errors
from ..creation import rng
from ..dispatch import call
from ..dtypes import scalar_type_name
from ..ops.dtype_rules import not_implemented
from ..public import public
from ..tensor import Tensor
from .common import _check_tensor

_INT64_MIN = -(1 << 63)


def _log(x: float) -> float:
    """C's log: -inf at 0, NaN below (Python's raises)."""
    return math.log(x) if x > 0 else -math.inf if x == 0 else math.nan


def _floor(x: float) -> float:
    return float(math.floor(x)) if math.isfinite(x) else x


def _to_int64(x: float) -> int:
    """C's (int64_t) of a double on x86: out of range or NaN gives the least int64."""
    return int(x) if math.isfinite(x) and -2.0 ** 63 <= x < 2.0 ** 63 else _INT64_MIN


def sample_poisson(lam: float, uniform) -> int:
    if not lam >= 0:
        raise errors.AutogradError("invalid Poisson rate, expected rate to be non-negative")
    if lam >= 10:
        slam, loglam = math.sqrt(lam), _log(lam)
        b = 0.931 + 2.53 * slam
        a = -0.059 + 0.02483 * b
        invalpha = 1.1239 + 1.1328 / (b - 3.4)
        vr = 0.9277 - 3.6224 / (b - 2)
        while True:
            u = uniform() - 0.5
            v = uniform()
            us = 0.5 - abs(u)
            k = _to_int64(_floor((2 * a / us + b) * u + lam + 0.43))
            if us >= 0.07 and v <= vr:
                return k
            if k < 0 or (us < 0.013 and v > us):
                continue
            if _log(v) + _log(invalpha) - _log(a / (us * us) + b) <= -lam + k * loglam - math.lgamma(k + 1.0):
                return k
    if lam == 0:
        return 0
    enlam, count, product = math.exp(-lam), 0, 1.0
    while True:
        product *= uniform()
        if product > enlam:
            count += 1
        else:
            return count


_TAIL = (0.0810614667953272, 0.0413406959554092, 0.0276779256849983, 0.02079067210376509, 0.0166446911898211,
         0.0138761288230707, 0.0118967099458917, 0.0104112652619720, 0.00925546218271273, 0.00833056343336287)


def _stirling_tail(k: float) -> float:
    if k <= 9:
        return _TAIL[int(k)]
    kp1sq = (k + 1) * (k + 1)
    return (1.0 / 12 - (1.0 / 360 - 1.0 / 1260 / kp1sq) / kp1sq) / (k + 1)


def sample_binomial(count, prob, uniform, S):
    """``count`` and ``prob`` are numpy scalars of the tensor's type ``S``; the result too."""
    if count <= 0.0 or prob <= 0.0:
        return S(0)
    if prob >= 1.0:
        return count
    if count != count and prob == prob:
        raise errors.AutogradError("binomial: a NaN count (torch's sampler never returns)")
    if prob <= 0.5:
        return _btrs(count, prob, uniform, S) if float(count * prob) >= 10.0 else _inversion(count, prob, uniform, S)
    if prob > 0.5:
        q = S(1.0 - float(prob))
        drawn = _btrs(count, q, uniform, S) if float(count * q) >= 10.0 else _inversion(count, q, uniform, S)
        return S(count - drawn)
    return S(math.nan)


def _inversion(count, prob, uniform, S):
    logprob = float(np.log1p(-prob))          # std::log1p in the tensor's precision
    total, drawn = 0.0, S(0)
    while True:
        geometric = _log(uniform()) / logprob
        total += float(math.ceil(geometric)) if math.isfinite(geometric) else geometric
        if total > count:
            return drawn
        drawn = S(drawn + S(1))


def _btrs(count, prob, uniform, S):
    one = S(1)
    stddev = float(np.sqrt(count * prob * (one - prob)))
    b = 1.15 + 2.53 * stddev
    a = -0.0873 + 0.0248 * b + 0.01 * float(prob)
    c = float(count * prob) + 0.5
    v_r = 0.92 - 4.2 / b
    r = float(prob / (one - prob))
    alpha = (2.83 + 5.1 / b) * stddev
    m = _floor(float((count + one) * prob))
    n = float(count)
    while True:
        u = uniform() - 0.5
        v = uniform()
        us = 0.5 - abs(u)
        k = float(S(_floor((2 * a / us + b) * u + c)))
        if k < 0 or k > n:
            continue
        if us >= 0.07 and v <= v_r:
            return S(k)
        v = _log(v * alpha / (a / (us * us) + b))
        upper = ((m + 0.5) * _log((m + 1) / (r * (n - m + 1))) + (n + 1) * _log((n - m + 1) / (n - k + 1))
                 + (k + 0.5) * _log(r * (n - k + 1) / (k + 1))
                 + _stirling_tail(m) + _stirling_tail(n - m) - _stirling_tail(k) - _stirling_tail(n - k))
        if v <= upper:
            return S(k)


def _uniform(generator):
    stream = rng(generator)
    return lambda: float(stream.unit(1, np.float64)[0])


@public()
def poisson(input, generator=None):
    """Counts drawn from Poisson(rate) for each rate in ``input``; the gradient is zero (PoissonBackward0)."""
    from ..ops.random_counts import POISSON
    _check_tensor(input, "poisson")
    data = input._data
    if data.dtype.kind != "f":
        raise not_implemented("poisson_cpu", data)
    def draw(stream, rates):
        def uniform():
            return float(stream.unit(1, np.float64)[0])
        drawn = np.array([sample_poisson(lam, uniform) for lam in rates.reshape(-1).tolist()], np.float64)
        return drawn.astype(rates.dtype).reshape(rates.shape)
    if creation.random_rules is not None:     # under vmap: batched as torch batches draws from a tensor
        return creation.drawn_from(input, generator, draw)
    return call(POISSON, (input,), {"drawn": draw(rng(generator), data)})


@public()
def binomial(count, prob, generator=None):
    """Successes in ``count`` trials of probability ``prob`` (broadcast); torch has no derivative."""
    from ..ops.random_counts import BINOMIAL
    for position, (name, value) in enumerate((("count", count), ("prob", prob)), 1):
        if not isinstance(value, Tensor):
            raise TypeError(f"binomial(): argument '{name}' (position {position}) must be Tensor, "
                            f"not {type(value).__name__}")
    for name, t in (("count", count), ("prob", prob)):
        if t._data.dtype.kind != "f":
            raise ValueError(f"binomial only supports floating-point dtypes for {name}, got: "
                             f"{scalar_type_name(t._data.dtype)}")
    if prob._data.dtype != count._data.dtype:
        raise errors.DTypeError(f"Found dtype {scalar_type_name(prob._data.dtype)} but expected "
                                f"{scalar_type_name(count._data.dtype)}")
    S = count._data.dtype.type
    if S not in (np.float32, np.float64):
        raise not_implemented("binomial_cpu", count._data)
    shape = _broadcast(count.shape, prob.shape)
    if shape != tuple(count.shape) and count.numel():
        warnings.warn(f"An output with one or more elements was resized since it had shape {list(count.shape)}, "
                      f"which does not match the required output shape {list(shape)}. This behavior is deprecated, "
                      "and in a future PyTorch release outputs will not be resized unless they have zero elements. "
                      "You can explicitly reuse an out tensor t by resizing it, inplace, to zero elements with "
                      "t.resize_(0).", UserWarning)
    counts = np.broadcast_to(count._data, shape).reshape(-1)
    probs = np.broadcast_to(prob._data, shape).reshape(-1)
    uniform = _uniform(generator)
    drawn = np.array([sample_binomial(c, p, uniform, S) for c, p in zip(counts, probs)], S).reshape(shape)
    needs = (count.requires_grad, prob.requires_grad)
    if not any(needs):
        needs = (True, True)       # no node: the record only passes the drawn values
    return call(BINOMIAL[needs], tuple(t for t, need in zip((count, prob), needs) if need), {"drawn": drawn})


def _broadcast(a, b) -> tuple:
    """TensorIterator's broadcast of two shapes, with its message."""
    a, b = tuple(a), tuple(b)
    n = max(len(a), len(b))
    a, b = (1,) * (n - len(a)) + a, (1,) * (n - len(b)) + b
    out = []
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y and 1 not in (x, y):
            raise errors.ShapeError(f"The size of tensor a ({x}) must match the size of tensor b ({y}) at "
                                    f"non-singleton dimension {i}")
        out.append(y if x == 1 else x)
    return tuple(out)
