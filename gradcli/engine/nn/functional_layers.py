"""``torch.nn.functional``'s prelu, rrelu, pixel_shuffle, pixel_unshuffle, channel_shuffle, dropout3d,
alpha_dropout and feature_alpha_dropout: torch's argument handling over the records of
ops/parametric.py and ops/shuffle.py, and the dropouts composed as aten composes them."""
from __future__ import annotations

import math

import numpy as np

from .. import creation, errors
from ..dispatch import call
from ..ops.parametric import PRELU_KERNEL, RRELU_WITH_NOISE, check_rrelu
from ..ops.shuffle import CHANNEL_SHUFFLE, PIXEL_SHUFFLE, PIXEL_UNSHUFFLE
from ..public import public
from ..tensor import Tensor, make


@public(namespaces=("torch", "torch.nn.functional"))
def prelu(input, weight):
    """max(0, x) + weight * min(0, x), one slope per channel (dim 1) or one for all: torch views a
    1-d weight to broadcast over the channels, then runs _prelu_kernel."""
    if weight.ndim not in (0, 1):
        raise errors.AutogradError(f"prelu: Expected `weight` to be a scalar or 1D tensor, but got: ndim = "
                                   f"{weight.ndim}")
    if weight.numel() != 1:
        if input.ndim == 0:
            raise errors.AutogradError("Not allow zero-dim input tensor.")
        channels = input.shape[1] if input.ndim > 1 else 1
        if channels != weight.numel():
            raise errors.AutogradError(f"Mismatch of parameter numbers and input channel size. Found parameter "
                                       f"numbers = {weight.numel()} and channel size = {channels}.")
    if weight.ndim == 1 and input.ndim >= 2:
        weight = weight.view((1, weight.numel()) + (1,) * (input.ndim - 2))
    return call(PRELU_KERNEL, (input, weight), {})


@public(namespaces=("torch",))
def rrelu(input, lower=1.0 / 8, upper=1.0 / 3, training=False, generator=None):
    """``torch.rrelu``: see ``F.rrelu``."""
    check_rrelu(lower, upper)
    data = input._data
    if training:
        noise = creation.random_tensor(tuple(input.shape), lambda g, s: g.uniform(s, data.dtype, lower, upper),
                                       dtype=input.dtype, generator=generator)
        noise = make(np.where(data > 0, 1, noise._data).astype(data.dtype, copy=False))
    else:
        noise = make(np.zeros_like(data))
    return call(RRELU_WITH_NOISE, (input,), {"noise": noise, "lower": float(lower), "upper": float(upper),
                                             "training": bool(training)})


def _rrelu(input, lower=1.0 / 8, upper=1.0 / 3, training=False, inplace=False):
    """Randomized leaky ReLU: in training each non-positive element gets a slope drawn from
    U(lower, upper) (gradcli's generator: values differ from torch's), in eval (lower + upper) / 2."""
    out = rrelu(input, lower, upper, training)
    return input.copy_(out) if inplace else out


def pixel_shuffle(input, upscale_factor):
    """(*, C r^2, H, W) -> (*, C, H r, W r)."""
    return call(PIXEL_SHUFFLE, (input,), {"upscale_factor": int(upscale_factor)})


def pixel_unshuffle(input, downscale_factor):
    """(*, C, H r, W r) -> (*, C r^2, H, W)."""
    return call(PIXEL_UNSHUFFLE, (input,), {"downscale_factor": int(downscale_factor)})


def channel_shuffle(input, groups):
    """(N, C, *): the channels of ``groups`` groups interleaved (ShuffleNet)."""
    return call(CHANNEL_SHUFFLE, (input,), {"groups": int(groups)})


for _name, _fn in (("pixel_shuffle", pixel_shuffle), ("pixel_unshuffle", pixel_unshuffle),
                   ("channel_shuffle", channel_shuffle)):
    public(_name, namespaces=("torch", "torch.nn.functional"))(_fn)


_SELU_ALPHA = 1.7580993408473766     # aten's alpha_dropout constant: -selu's lower bound


def _alpha_dropout(input, p: float, training: bool, feature: bool, name: str):
    """aten's _dropout_impl with alpha: keep with probability 1 - p, set dropped values to SELU's
    saturation, then an affine map that keeps mean and variance: x * (a mask) + b."""
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
    if not isinstance(input, Tensor):
        raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
    if p == 0 or not training or input.numel() == 0:
        return input
    if p == 1:
        return input * creation.zeros_like(input)
    if feature:
        if input.ndim < 2:
            raise errors.AutogradError("Feature dropout requires at least 2 dimensions in the input")
        shape = tuple(input.shape[:2]) + (1,) * (input.ndim - 2)
    else:
        shape = tuple(input.shape)
    dt = input._data.dtype
    keep = creation.random_tensor(shape, lambda g, s: g.bernoulli(1 - p, s).astype(dt), dtype=input.dtype)._data
    a = 1.0 / math.sqrt((_SELU_ALPHA * _SELU_ALPHA * p + 1) * (1 - p))
    b = make(((keep - 1) * (_SELU_ALPHA * a) + _SELU_ALPHA * a * p).astype(dt, copy=False))
    return input * make((keep * a).astype(dt, copy=False)) + b


def alpha_dropout(input, p=0.5, training=False, inplace=False):
    """Dropout for SELU networks: the output keeps zero mean and unit variance."""
    return _alpha_dropout(input, p, training, False, "alpha_dropout")


def feature_alpha_dropout(input, p=0.5, training=False, inplace=False):
    """alpha_dropout of whole channels (one draw per example and channel)."""
    return _alpha_dropout(input, p, training, True, "feature_alpha_dropout")


def _channel_dropout(input, p, training, batched_ndim: int, name: str):
    """Zero whole channels: one draw per (example, channel), scaled by 1/(1-p) (dropout1d/2d)."""
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
    if input.ndim not in (batched_ndim - 1, batched_ndim):
        raise errors.AutogradError(f"{name}: Expected {batched_ndim - 1}D or {batched_ndim}D input, but received a "
                                   f"{input.ndim}D input.")
    if not training or p == 0.0:
        return input
    lead = 2 if input.ndim == batched_ndim else 1
    shape = tuple(input.shape[:lead]) + (1,) * (input.ndim - lead)
    keep = (creation.rand(*shape, dtype=input.dtype) >= p).to(input.dtype)
    return input * keep / (1 - p) if p < 1 else input * keep


def dropout3d(input, p=0.5, training=True, inplace=False):
    """Zero whole channels of (N, C, D, H, W) or (C, D, H, W) input."""
    return _channel_dropout(input, p, training, 5, "dropout3d")
