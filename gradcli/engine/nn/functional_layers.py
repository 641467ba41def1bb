"""``torch.nn.functional``'s prelu, rrelu, pixel_shuffle, pixel_unshuffle, channel_shuffle, dropout3d,
alpha_dropout and feature_alpha_dropout: torch's argument handling over the records of
ops/parametric.py and ops/shuffle.py, and the dropouts composed as aten composes them."""
from __future__ import annotations

import math
import warnings

import numpy as np

from .. import creation, dtypes, errors
from ..dispatch import call
from ..ops import dtype_rules
from ..public import public
from ..tensor import Tensor, make


@public(namespaces=("torch", "torch.nn.functional"))
def prelu(input, weight):
    """max(0, x) + weight * min(0, x), one slope per channel (dim 1) or one for all: torch views a
    1-d weight to broadcast over the channels, then runs _prelu_kernel."""
    from ..ops.parametric import PRELU_KERNEL
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
    from ..ops.parametric import RRELU_WITH_NOISE, check_rrelu
    check_rrelu(lower, upper)
    data = input._data
    dtype_rules.refuse_complex(dtype_rules.complex_kernel("rrelu_with_noise_out_cpu" if training else "leaky_relu_cpu"),
                               data)
    if training and creation.random_batch is None:
        noise = make(_rrelu_noise(creation.rng(generator), data, lower, upper))
    elif training:     # vmap(randomness='different'): a slope drawn for every element of every example
        noise = creation.random_tensor(tuple(input.shape), lambda g, s: g.uniform(s, data.dtype, lower, upper),
                                       dtype=input.dtype, generator=generator)
        noise = make(np.where(data <= 0, noise._data, 1).astype(data.dtype, copy=False))
    else:
        noise = make(np.zeros_like(data))
    return call(RRELU_WITH_NOISE, (input,), {"noise": noise, "lower": float(lower), "upper": float(upper),
                                             "training": bool(training)})


def _rrelu_noise(stream, data: np.ndarray, lower, upper) -> np.ndarray:
    """torch's CPU kernel: one ``uniform_real_distribution<double>(lower, upper)`` draw (53 bits of a
    64-bit word, bounds in the input's opmath precision, fused multiply-add) per element <= 0 in memory
    order; slope 1 elsewhere (NaN included)."""
    opmath = np.float32 if data.dtype == np.float16 else data.dtype.type
    lo, hi = (float(opmath(v)) for v in (lower, upper))
    noise = np.ones(data.shape, data.dtype)
    drawn = data <= 0
    count = int(np.count_nonzero(drawn))
    if count:
        noise[drawn] = stream.uniform((count,), np.float64, lo, hi).astype(data.dtype)
    return noise


def _rrelu(input, lower=1.0 / 8, upper=1.0 / 3, training=False, inplace=False):
    """Randomized leaky ReLU: in training each non-positive element gets a slope drawn from
    U(lower, upper) (torch's draws, see ``_rrelu_noise``), in eval (lower + upper) / 2."""
    out = rrelu(input, lower, upper, training)
    return input.copy_(out) if inplace else out


def pixel_shuffle(input, upscale_factor):
    """(*, C r^2, H, W) -> (*, C, H r, W r)."""
    from ..ops.shuffle import PIXEL_SHUFFLE
    return call(PIXEL_SHUFFLE, (input,), {"upscale_factor": int(upscale_factor)})


def pixel_unshuffle(input, downscale_factor):
    """(*, C, H r, W r) -> (*, C r^2, H, W)."""
    from ..ops.shuffle import PIXEL_UNSHUFFLE
    return call(PIXEL_UNSHUFFLE, (input,), {"downscale_factor": int(downscale_factor)})


def channel_shuffle(input, groups):
    """(N, C, *): the channels of ``groups`` groups interleaved (ShuffleNet)."""
    from ..ops.shuffle import CHANNEL_SHUFFLE
    return call(CHANNEL_SHUFFLE, (input,), {"groups": int(groups)})


for _name, _fn in (("pixel_shuffle", pixel_shuffle), ("pixel_unshuffle", pixel_unshuffle),
                   ("channel_shuffle", channel_shuffle)):
    public(_name, namespaces=("torch", "torch.nn.functional"))(_fn)


def random_like(input, draw, dtype=None):
    """``draw(stream, shape)`` shaped like ``input`` and drawn in its memory order, as torch's
    ``empty_like(input).bernoulli_(...)`` fills a transposed input's layout (MultiheadAttention's
    batch_first output): a dense, non-overlapping view keeps its strides, anything else is C order."""
    order = _memory_order(input._data) if input._data.ndim == input.ndim else None   # vmap: logical order
    if order is None:
        return creation.random_tensor(tuple(input.shape), draw, dtype=dtype)
    shape = tuple(input.shape[d] for d in order)
    return creation.random_tensor(shape, draw, dtype=dtype).permute(np.argsort(order).tolist())


def _memory_order(a: np.ndarray):
    """The dims of a dense, non-overlapping, non-C-contiguous array from outermost to innermost."""
    if a.flags.c_contiguous or a.ndim < 2:
        return None
    order = sorted(range(a.ndim), key=lambda d: -a.strides[d])
    expected = a.itemsize
    for d in reversed(order):
        if a.shape[d] != 1 and a.strides[d] != expected:
            return None
        expected *= a.shape[d]
    return order


_SELU_ALPHA = 1.7580993408473766     # aten's alpha_dropout constant: -selu's lower bound


def _alpha_dropout(input, p: float, training: bool, feature: bool, name: str, inplace: bool):
    """aten's _dropout_impl with alpha: keep with probability 1 - p, set dropped values to SELU's
    saturation, then an affine map that keeps mean and variance: x * (a mask) + b (``inplace``: into x)."""
    check_dropout_p(p)
    if not isinstance(input, Tensor):
        raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
    if p == 0 or not training or input.numel() == 0:
        return input
    if p == 1:
        return input.mul_(creation.zeros_like(input)) if inplace else input * creation.zeros_like(input)
    if feature:
        if input.ndim < 2:
            raise errors.AutogradError("Feature dropout requires at least 2 dimensions in the input")
        shape = tuple(input.shape[:2]) + (1,) * (input.ndim - 2)
    if input._data.dtype.kind in "iub":      # aten's noise.add(-1).mul_(alpha * a): a bool noise adds as Long
        kind = "Long" if input._data.dtype.kind == "b" else dtypes.scalar_type_name(input._data.dtype)
        raise errors.DTypeError(f"result type Float can't be cast to the desired output type {kind}")
    dt = input._data.dtype
    draw = lambda g, s: g.bernoulli(1 - p, s).astype(dt)     # noqa: E731
    keep = (creation.random_tensor(shape, draw, dtype=input.dtype) if feature
            else random_like(input, draw, dtype=input.dtype))     # batched inside vmap: tensor ops from here
    a = 1.0 / math.sqrt((_SELU_ALPHA * _SELU_ALPHA * p + 1) * (1 - p))
    shift = (keep - 1) * (_SELU_ALPHA * a) + _SELU_ALPHA * a * p
    return input.mul_(keep * a).add_(shift) if inplace else input * (keep * a) + shift


def alpha_dropout(input, p=0.5, training=False, inplace=False):
    """Dropout for SELU networks: the output keeps zero mean and unit variance."""
    return _alpha_dropout(input, p, training, False, "alpha_dropout", inplace)


def feature_alpha_dropout(input, p=0.5, training=False, inplace=False):
    """alpha_dropout of whole channels (one draw per example and channel)."""
    return _alpha_dropout(input, p, training, True, "feature_alpha_dropout", inplace)


def _feature_dropout(input, p: float, training: bool, inplace: bool):
    """aten's feature_dropout: one draw per (example, channel) from torch's bernoulli_ stream,
    scaled by 1/(1-p), then input * noise (MulBackward0; ``inplace``: input.mul_(noise))."""
    if p == 0 or not training or input.numel() == 0:
        return input
    if input.ndim < 2:
        raise errors.AutogradError("Feature dropout requires at least 2 dimensions in the input")
    if p == 1:
        zero = creation.zeros((), dtype=input.dtype)
        return input.mul_(zero) if inplace else input * zero
    dt = input._data.dtype
    shape = tuple(input.shape[:2]) + (1,) * (input.ndim - 2)
    noise = creation.random_tensor(shape, lambda g, s: g.bernoulli(1 - p, s).astype(dt) / dt.type(1 - p),
                                   dtype=input.dtype)
    return input.mul_(noise) if inplace else input * noise


def _unbatched_feature_dropout(input, p: float, training: bool, inplace: bool):
    """An input without its batch dim gets one (in place with ``inplace``, as torch), then loses it."""
    if inplace:
        return _feature_dropout(input.unsqueeze_(0), p, training, True).squeeze_(0)
    return _feature_dropout(input.unsqueeze(0), p, training, False).squeeze(0)


def check_dropout_p(p) -> None:
    """torch's two checks of a dropout probability: its Python function's ValueError out of [0, 1],
    then its kernel's RuntimeError, which also refuses NaN (in eval mode too)."""
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
    if p != p:
        raise errors.AutogradError("dropout probability has to be between 0 and 1, but got nan")


def dropout1d(input, p=0.5, training=True, inplace=False):
    """Channel dropout of (N, C, L) or (C, L) input."""
    check_dropout_p(p)
    if input.ndim not in (2, 3):
        raise errors.AutogradError(
            f"dropout1d: Expected 2D or 3D input, but received a {input.ndim}D input. Note that dropout1d exists "
            "to provide channel-wise dropout on inputs with 1 spatial dimension, a channel dimension, and an "
            "optional batch dimension (i.e. 2D or 3D inputs).")
    if input.ndim == 3:
        return _feature_dropout(input, p, training, inplace)
    return _unbatched_feature_dropout(input, p, training, inplace)


def dropout2d(input, p=0.5, training=True, inplace=False):
    """Channel dropout of (N, C, H, W) input; torch reads a 3D input as (N, C, L), with a warning."""
    check_dropout_p(p)
    if input.ndim not in (3, 4):
        warnings.warn(f"dropout2d: Received a {input.ndim}-D input to dropout2d, which is deprecated and will "
                      "result in an error in a future release. To retain the behavior and silence this warning, "
                      "please use dropout instead. Note that dropout2d exists to provide channel-wise dropout on "
                      "inputs with 2 spatial dimensions, a channel dimension, and an optional batch dimension "
                      "(i.e. 3D or 4D inputs).", stacklevel=2)
    if input.ndim == 3:
        warnings.warn("dropout2d: Received a 3D input to dropout2d and assuming that channel-wise 1D dropout "
                      "behavior is desired - input is interpreted as shape (N, C, L), where C is the channel dim. "
                      "This behavior will change in a future release to interpret the input as one without a "
                      "batch dimension, i.e. shape (C, H, W). To maintain the 1D channel-wise dropout behavior, "
                      "please switch to using dropout1d instead.", stacklevel=2)
    return _feature_dropout(input, p, training, inplace)


def dropout3d(input, p=0.5, training=True, inplace=False):
    """Channel dropout of (N, C, D, H, W) or (C, D, H, W) input."""
    check_dropout_p(p)
    if input.ndim not in (4, 5):
        warnings.warn(f"dropout3d: Received a {input.ndim}-D input to dropout3d, which is deprecated and will "
                      "result in an error in a future release. To retain the behavior and silence this warning, "
                      "please use dropout instead. Note that dropout3d exists to provide channel-wise dropout on "
                      "inputs with 3 spatial dimensions, a channel dimension, and an optional batch dimension "
                      "(i.e. 4D or 5D inputs).", stacklevel=2)
    if input.ndim == 5:
        return _feature_dropout(input, p, training, inplace)
    return _unbatched_feature_dropout(input, p, training, inplace)
