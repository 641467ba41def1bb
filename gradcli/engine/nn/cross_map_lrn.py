"""The Function behind ``nn.CrossMapLRN2d`` (torch.nn.modules._functions.CrossMapLRN2d, whose node is
``CrossMapLRN2dBackward``): torch's legacy cross-channel normalisation, reproduced with its quirks
rather than ``F.local_response_norm``'s maths.

Torch's forward sums the squares over a channel window by a running sum that never drops channel
0 (it subtracts channel ``c - pre_pad`` only when ``c > pre_pad``), and its hand-written backward
uses a window of its own; both are taken here as matrices over channels built by the same loops,
so values and gradients are torch's. Its backward writes with ``out=``, so torch refuses it under
``create_graph``; so does this one.
"""
from __future__ import annotations

import numpy as np

from .. import dtypes, errors
from ..autograd.function import Function
from ..autograd.grad_mode import is_grad_enabled
from ..tensor import make


def _forward_window(channels: int, size: int) -> np.ndarray:
    """Which squares torch's running sum holds for each channel: (channel, source channel) 0/1."""
    pre_pad = int((size - 1) / 2 + 1)
    window = np.zeros((channels, channels))
    window[0, :min(pre_pad, channels)] = 1
    for c in range(1, channels):
        window[c] = window[c - 1]
        if c < channels - pre_pad + 1:
            window[c, c + pre_pad - 1] += 1
        if c > pre_pad:
            window[c, c - pre_pad] -= 1
    return window


def _backward_window(channels: int, size: int) -> np.ndarray:
    """The ratios torch's backward accumulates for each channel: a zero-padded run of ``size``."""
    inverse_pre_pad = int(size - (size - 1) / 2)
    if inverse_pre_pad + channels > channels + size - 1:
        raise errors.AutogradError(f"start ({inverse_pre_pad}) + length ({channels}) exceeds dimension size "
                                   f"({channels + size - 1}).")
    padded = np.arange(channels)[:, None] + np.arange(size) - inverse_pre_pad   # (channel, k) -> ratio index
    window = np.zeros((channels, channels))
    for c in range(channels):
        inside = padded[c][(padded[c] >= 0) & (padded[c] < channels)]
        window[c, inside] = 1
    return window


def _over_channels(window: np.ndarray, a: np.ndarray) -> np.ndarray:
    return np.einsum("cj,njhw->nchw", window.astype(a.dtype), a)


class CrossMapLRN2d(Function):
    @staticmethod
    def forward(ctx, input, size, alpha=1e-4, beta=0.75, k=1):
        ctx.size, ctx.alpha, ctx.beta, ctx.k = size, alpha, beta, k
        if input.dim() != 4:
            raise ValueError(f"CrossMapLRN2d: Expected input to be 4D, got {input.dim()}D instead.")
        x = input._data
        if x.dtype.kind not in "fc":
            raise errors.DTypeError(f"result type Float can't be cast to the desired output type "
                                    f"{dtypes.scalar_type_name(x.dtype)}")
        scale = _over_channels(_forward_window(x.shape[1], size), x * x) * x.dtype.type(alpha / size) + x.dtype.type(k)
        ctx.scale = scale
        output = make(np.power(scale, x.dtype.type(-beta)) * x)
        ctx.save_for_backward(input, output)
        return output

    @staticmethod
    def backward(ctx, grad_output):
        input, output = ctx.saved_tensors
        if is_grad_enabled():
            raise errors.AutogradError("mul(): functions with out=... arguments don't support automatic "
                                       "differentiation, but one of the arguments requires grad.")
        x, y, g, scale = input._data, output._data, grad_output._data, ctx.scale
        ratio = _over_channels(_backward_window(x.shape[1], ctx.size), g * y / scale)
        cache = x.dtype.type(2 * ctx.alpha * ctx.beta / ctx.size)
        grad_input = np.power(scale, x.dtype.type(-ctx.beta)) * g - cache * x * ratio
        return make(grad_input.astype(x.dtype, copy=False)), None, None, None, None
