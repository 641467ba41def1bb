"""Normalization: native_batch_norm (F.batch_norm, BatchNorm1d/2d) and native_layer_norm
(F.layer_norm, LayerNorm), under torch's node names and saved values.

The backward formulas recompute the batch statistics from ``input`` in the formula vocabulary
(not from the saved ``result1``/``result2``), so double backward sees how they depend on it.
"""
from __future__ import annotations

import math

import numpy as np

from ..dispatch import call
from ..errors import AutogradError
from ..tensor import make
from . import dtype_rules
from .registry import KEEP, defop
from .samples import Sample, arr, pos


def _channel_shape(ndim: int, c: int) -> tuple:
    return (1, c) + (1,) * (ndim - 2)


def _bn_fwd(input, weight, bias, running_mean, running_var, training, eps):
    dtype_rules.float_only("batch_norm", input)      # before the parameters' dtypes, unlike layer/group norm
    dtype_rules.normalization("batch_norm", input, weight, bias, running_mean, running_var)
    axes = (0,) + tuple(range(2, input.ndim))
    shape = _channel_shape(input.ndim, input.shape[1])
    if training:
        mean = input.mean(axis=axes)
        invstd = 1 / np.sqrt(input.var(axis=axes) + eps)
    else:
        mean = running_mean._data.astype(input.dtype, copy=False)
        invstd = 1 / np.sqrt(running_var._data.astype(input.dtype, copy=False) + eps)
    out = (input - mean.reshape(shape)) * invstd.reshape(shape)
    if weight is not None:
        out = out * weight.reshape(shape)
    if bias is not None:
        out = out + bias.reshape(shape)
    return out.astype(input.dtype, copy=False), mean.astype(input.dtype), invstd.astype(input.dtype)


def _bn_bwd(m, g, input, weight, running_mean, running_var, result1, result2, training, eps,
            needs=(True, True, True)):
    g = g[0]
    nb = m.nb
    lead = tuple(g.shape[:nb])
    ndim = len(input.shape)
    c = input.shape[1]
    shape = _channel_shape(ndim, c)
    axes = (0,) + tuple(range(2, ndim))
    if training:
        mean = m.mean(input, axes, True)
        centered = input - mean
        invstd = 1 / m.sqrt(m.mean(centered * centered, axes, True) + eps)
    else:
        centered = input - m.const(np.reshape(_array(running_mean), shape))
        invstd = m.const(np.reshape(1 / np.sqrt(_array(running_var) + eps), shape))
    xhat = centered * invstd
    red = tuple(nb + a for a in axes)
    g_sum = m.sum(g, red, True)
    gx_sum = m.sum(g * xhat, red, True)
    scale = invstd if weight is None else m.reshape(weight, shape) * invstd
    grad_input = grad_weight = grad_bias = None
    if needs[0]:
        if training:
            count = math.prod(tuple(input.shape)) // c
            grad_input = scale * (g - g_sum / count - xhat * (gx_sum / count))
        else:
            grad_input = g * scale
    if needs[1]:
        grad_weight = m.reshape(gx_sum, lead + (c,))
    if needs[2]:
        grad_bias = m.reshape(g_sum, lead + (c,))
    return grad_input, grad_weight, grad_bias


def _array(t):
    return getattr(t, "_data", t)


def _bn_samples():
    stats = {"running_mean": make(np.zeros(3)), "running_var": make(np.ones(3) * 1.5), "eps": 1e-5}
    return [Sample(arr(4, 3), arr(3, seed=1), arr(3, seed=2), params={**stats, "training": True}),
            Sample(arr(2, 3, 2, 2, seed=3), arr(3, seed=4), arr(3, seed=5), params={**stats, "training": True},
                   note="2-d maps"),
            Sample(arr(4, 3, seed=6), arr(3, seed=7), arr(3, seed=8), params={**stats, "training": False},
                   note="running statistics")]


BATCH_NORM = defop("native_batch_norm", "NativeBatchNormBackward0", ("input", "weight", "bias"), _bn_fwd, _bn_bwd,
                   saves=("input", "weight", "running_mean", "running_var", "result1", "result2", "training", "eps"),
                   outputs=3, nondiff_outputs=(1, 2), promote=KEEP, masked=True, samples=_bn_samples,
                   jvp_note="generic: derived through double-vjp",
                   rule="w invstd (g - mean(g) - xhat mean(g xhat)) over the batch; running stats: w invstd g")


def _ln_fwd(input, weight, bias, normalized_shape, eps):
    dtype_rules.normalization("LayerNormKernelImpl", input, weight, bias)
    axes = tuple(range(input.ndim - len(normalized_shape), input.ndim))
    mean = input.mean(axis=axes, keepdims=True)
    rstd = 1 / np.sqrt(input.var(axis=axes, keepdims=True) + eps)
    out = (input - mean) * rstd
    if weight is not None:
        out = out * weight
    if bias is not None:
        out = out + bias
    return out.astype(input.dtype, copy=False), mean.astype(input.dtype), rstd.astype(input.dtype)


def _ln_bwd(m, g, input, normalized_shape, result1, result2, weight, bias, eps, needs=(True, True, True)):
    g = g[0]
    nb = m.nb
    ndim, k = len(input.shape), len(normalized_shape)
    axes = tuple(range(ndim - k, ndim))
    mean = m.mean(input, axes, True)
    centered = input - mean
    rstd = 1 / m.sqrt(m.mean(centered * centered, axes, True) + eps)
    xhat = centered * rstd
    outer = tuple(range(nb, nb + ndim - k))
    grad_input = grad_weight = grad_bias = None
    if needs[0]:
        gw = g if weight is None else g * weight
        inner = tuple(nb + a for a in axes)
        grad_input = rstd * (gw - m.mean(gw, inner, True) - xhat * m.mean(gw * xhat, inner, True))
    if needs[1]:
        grad_weight = m.sum(g * xhat, outer) if outer else g * xhat
    if needs[2]:
        grad_bias = m.sum(g, outer) if outer else g
    return grad_input, grad_weight, grad_bias


def _ln_backward(m, g, input, normalized_shape, result1, result2, weight, bias, eps, needs=(True, True, True)):
    if m.is_tensor and not m.nb:   # torch's native_layer_norm_backward op (ops/backward_ops.py sets grad_record)
        outs = call(LAYER_NORM.grad_record, (g[0], input, result1, result2, weight, bias),
                    {"normalized_shape": normalized_shape, "eps": eps,
                     "output_mask": (True, weight is not None, bias is not None)})
        return tuple(o if need and v is not None else None for o, need, v in zip(outs, needs, (input, weight, bias)))
    return _ln_bwd(m, g, input, normalized_shape, result1, result2, weight, bias, eps, needs)


LAYER_NORM = defop("native_layer_norm", "NativeLayerNormBackward0", ("input", "weight", "bias"), _ln_fwd, _ln_backward,
                   saves=("input", "normalized_shape", "result1", "result2", "weight", "bias", "eps"),
                   internal=("eps",), outputs=3, nondiff_outputs=(1, 2), promote=KEEP, masked=True,
                   jvp_note="generic: derived through double-vjp",
                   samples=lambda: [Sample(arr(3, 4), pos(4, seed=1), arr(4, seed=2),
                                           params={"normalized_shape": (4,), "eps": 1e-5}),
                                    Sample(arr(2, 3, 4, seed=3), arr(3, 4, seed=4), arr(3, 4, seed=5),
                                           params={"normalized_shape": (3, 4), "eps": 1e-5}, note="2 dims")],
                   rule="rstd (gw - mean(gw) - xhat mean(gw xhat)) over the normalized dims, gw = g weight")


def _gn_fwd(input, weight, bias, N, C, HxW, group, eps):
    """torch's kernel: per (example, channel) scale = rstd weight and shift = bias - scale mean, then
    x scale + shift (an inf weight gives nan, as torch's)."""
    dtype_rules.normalization("GroupNormKernelImpl", input, weight, bias)
    if input.size != N * C * HxW:
        raise AutogradError("Expected X.numel() == N * C * HxW to be true, but got false.  (Could this error message "
                            "be improved?  If so, please report an enhancement request to PyTorch.)")
    x = input.reshape(N, group, -1)
    mean = x.mean(axis=-1)
    rstd = 1 / np.sqrt(x.var(axis=-1) + eps)
    per_channel = (N, group, C // group)
    scale = np.broadcast_to(rstd[..., None], per_channel)
    if weight is not None:
        scale = scale * weight.reshape(group, C // group)
    shift = -scale * mean[..., None]
    if bias is not None:
        shift = shift + bias.reshape(group, C // group)
    x = input.reshape(N, group, C // group, -1)
    out = (x * scale[..., None] + shift[..., None]).reshape(input.shape)
    return out.astype(input.dtype, copy=False), mean.astype(input.dtype), rstd.astype(input.dtype)


def _gn_bwd(m, g, input, weight, result1, result2, N, C, HxW, group, eps, needs=(True, True, True)):
    """Layer norm's formula over each (example, group) row, the statistics recomputed from input; the
    mean and rstd outputs' gradients (when they have some) add theirs."""
    g, g_mean, g_rstd = g
    nb = m.nb
    lead, shape = tuple(g.shape[:nb]), tuple(input.shape)
    x = m.reshape(input, (N, group, -1))
    centered = x - m.mean(x, (-1,), True)
    rstd = 1 / m.sqrt(m.mean(centered * centered, (-1,), True) + eps)
    xhat = centered * rstd
    outer = (nb,) + tuple(range(nb + 2, nb + len(shape)))
    grad_input = grad_weight = grad_bias = None
    if needs[0]:
        gw = g if weight is None else g * m.reshape(weight, _channel_shape(len(shape), C))
        gw = m.reshape(gw, lead + (N, group, -1))
        gx = rstd * (gw - m.mean(gw, (-1,), True) - xhat * m.mean(gw * xhat, (-1,), True))
        size = math.prod(shape) // (N * group)
        if g_mean is not None:
            gx = gx + m.reshape(g_mean, lead + (N, group, 1)) / size
        if g_rstd is not None:
            gx = gx - m.reshape(g_rstd, lead + (N, group, 1)) * rstd * rstd * xhat / size
        grad_input = m.reshape(gx, lead + shape)
    if needs[1]:
        grad_weight = m.sum(g * m.reshape(xhat, shape), outer)
    if needs[2]:
        grad_bias = m.sum(g, outer)
    return grad_input, grad_weight, grad_bias


GROUP_NORM = defop("native_group_norm", "NativeGroupNormBackward0", ("input", "weight", "bias"), _gn_fwd, _gn_bwd,
                   saves=("input", "weight", "result1", "result2", "N", "C", "HxW", "group", "eps"),
                   outputs=3, promote=KEEP, masked=True,   # mean and rstd are differentiable outputs in torch's schema
                   jvp_note="generic: derived through double-vjp",
                   samples=lambda: [Sample(arr(2, 4, 3), pos(4, seed=1), arr(4, seed=2),
                                           params={"N": 2, "C": 4, "HxW": 3, "group": 2, "eps": 1e-5}),
                                    Sample(arr(3, 2, 2, 2, seed=3), arr(2, seed=4), arr(2, seed=5),
                                           params={"N": 3, "C": 2, "HxW": 4, "group": 1, "eps": 1e-5},
                                           note="2-d maps, one group")],
                   rule="rstd (gw - mean(gw) - xhat mean(gw xhat)) over each group, gw = g weight")
