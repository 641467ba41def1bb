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
from ..fused import fma_wide
from ..memory_layout import contiguous_output
from ..tensor import make
from .. import threads
from . import dtype_rules, group_norm_kernel, layer_norm_kernel
from .registry import KEEP, defop
from .samples import Sample, arr, pos


BATCH_NORM_KERNEL_MAX = 1 << 20     # elements: torch's float32 kernel is reproduced up to this size
_RUN_ROWS_MAX = 8192   # an (N, C) batch's row-by-row emulation stops here (past it, sums in double)


def _channel_shape(ndim: int, c: int) -> tuple:
    return (1, c) + (1,) * (ndim - 2)


_F16, _F32, _F64 = np.float16, np.float32, np.float64


_last_stats: list = [None, None]   # [input array, its statistics]: the running-statistics update's, reused by the forward


def batch_stats(x: np.ndarray, reuse: bool = False):
    """``_batch_stats(x)``; the forward (``reuse``) takes those the running-statistics update just
    computed for the same array, once."""
    if reuse and _last_stats[0] is x:
        stats = _last_stats[1]
    else:
        stats = _batch_stats(x)
    _last_stats[:] = [None, None] if reuse else [x, stats]
    return stats


def _batch_stats(x: np.ndarray):
    """torch's batch_norm_cpu_collect_stats of a contiguous float32 input: each channel's mean and
    sum of squared deviations (float32). Maps of one element (an (N, C) batch) take its channels-last
    kernel: rows added in float32 in one run per thread, a fused multiply-add per row for the
    squares, the runs' partial sums added in double; larger maps sum a channel in double."""
    c = x.shape[1]
    n = x.size // c
    if n == x.shape[0] <= _RUN_ROWS_MAX:        # maps of one element
        runs = _runs(x.reshape(n, c))
        mean = (np.add.accumulate(np.add.reduce(runs, axis=1).astype(_F64), axis=0)[-1] / n).astype(_F32)
        deviations = _runs(x.reshape(n, c) - mean)
        return mean, _run_dots(deviations, deviations)
    axes = (0,) + tuple(range(2, x.ndim))
    mean = (np.sum(x, axis=axes, dtype=_F64) / n).astype(_F32)
    d = x - mean.reshape(_channel_shape(x.ndim, c))
    return mean, np.sum(d * d, axis=axes, dtype=_F64).astype(_F32)


def _runs(rows: np.ndarray) -> np.ndarray:
    """Rows split as torch's parallel_for(0, N, 1) splits them, one run per thread, as a
    (runs, length, C) stack; a short last run is padded with zeros at its end."""
    n = rows.shape[0]
    step = -(-n // max(1, min(threads.count, n)))
    count = -(-n // step)
    padded = np.zeros((count * step,) + rows.shape[1:], rows.dtype)
    padded[:n] = rows
    return padded.reshape(count, step, -1)


def _run_dots(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Per run, acc = a * b + acc row by row in float32 with one rounding (fused), the runs' sums
    then added in double (rounded to float32). Padded rows (zeros) add nothing."""
    acc = np.zeros((a.shape[0], a.shape[2]), _F32)
    for i in range(a.shape[1]):
        acc = fma_wide(a[:, i], b[:, i], acc)
    return np.add.accumulate(acc.astype(_F64), axis=0)[-1].astype(_F32)


def _bn_kernel(input, weight, bias, running_mean, running_var, training, eps):
    """torch's contiguous float32 batch_norm: per channel alpha = invstd * weight and
    beta = bias - mean * alpha (fused), then x * alpha + beta (fused); invstd in double from the
    batch (its variance a float32 quotient), in float32 from the running variance."""
    c = input.shape[1]
    if training:
        mean, squares = batch_stats(input, reuse=True)
        invstd = (1 / np.sqrt((squares / _F32(input.size // c)).astype(_F64) + eps)).astype(_F32)
    else:
        mean = running_mean.astype(_F32, copy=False)
        invstd = _F32(1) / np.sqrt(running_var.astype(_F32, copy=False) + _F32(eps))
    alpha = invstd if weight is None else invstd * weight
    beta = fma_wide(-mean, alpha, _F32(0) if bias is None else bias)
    shape = _channel_shape(input.ndim, c)
    return fma_wide(input, alpha.reshape(shape), beta.reshape(shape)), mean, invstd


def _bn_fwd(input, weight, bias, running_mean, running_var, training, eps):
    dtype_rules.float_only("batch_norm", input)      # before the parameters' dtypes, unlike layer/group norm
    dtype_rules.normalization("batch_norm", input, weight, bias, running_mean, running_var)
    if input.dtype == _F32 and 0 < input.size <= BATCH_NORM_KERNEL_MAX and all(
            t is None or getattr(t, "dtype", None) == _F32 for t in (weight, bias)) and (
            training or running_mean._data.dtype == _F32 and running_var._data.dtype == _F32):
        return _bn_kernel(input, weight, bias, None if training else running_mean._data,
                          None if training else running_var._data, training, eps)
    if input.dtype == _F16 and 0 < input.size <= BATCH_NORM_KERNEL_MAX and (
            training or running_mean is not None and running_var is not None):
        return _bn_half(input, weight, bias, running_mean, running_var, training, eps)
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


def _bn_half(input, weight, bias, running_mean, running_var, training, eps):
    """torch's float16 batch_norm, which computes in float: in training the statistics rounded to
    half (the saved mean and invstd), alpha = invstd * weight, beta = bias - mean * alpha, the output
    x * alpha + beta fused and rounded to half; in eval the float32 kernel's output, rounded."""
    def wide(t):
        return None if t is None else _array(t).astype(_F32)
    x, w, b = input.astype(_F32), wide(weight), wide(bias)
    if not training:
        out, mean, invstd = _bn_kernel(x, w, b, wide(running_mean), wide(running_var), False, eps)
        return out.astype(_F16), mean.astype(_F16), invstd.astype(_F16)
    mean, squares = batch_stats(x)
    invstd = (1 / np.sqrt((squares / _F32(x.size // x.shape[1])).astype(_F64) + eps)).astype(_F32)
    mean, invstd = mean.astype(_F16), invstd.astype(_F16)
    alpha = invstd.astype(_F32) if w is None else invstd.astype(_F32) * w
    beta = -(mean.astype(_F32) * alpha) if b is None else b - mean.astype(_F32) * alpha
    shape = _channel_shape(input.ndim, input.shape[1])
    return fma_wide(x, alpha.reshape(shape), beta.reshape(shape)).astype(_F16), mean, invstd


_BN_LANES = 8    # torch's batch_norm kernels run on 8-float vectors here


def _lane_reduce(rows: np.ndarray) -> np.ndarray:
    """vec::reduce_all's sum of each row in 8 lanes: left to right under 8 elements, else lane
    accumulators (a short last block into the first lanes) folded in halves."""
    n = rows.shape[-1]
    if n < _BN_LANES:
        return np.add.accumulate(rows, axis=-1)[..., -1]
    acc = rows[..., :_BN_LANES].copy()
    full = n - n % _BN_LANES
    for d in range(_BN_LANES, full, _BN_LANES):
        acc += rows[..., d:d + _BN_LANES]
    if full < n:
        acc[..., :n - full] += rows[..., full:]
    lanes = np.arange(_BN_LANES)
    for step in (4, 2, 1):
        acc = acc + acc[..., lanes ^ step]
    return acc[..., 0]


def _bn_backward_kernel(g, x, weight, mean, invstd, training, needs):
    """torch's float32 batch_norm backward: per channel the sum of g and the dot of (x - mean)
    with g, then (g - sum/N - (x - mean) * k) * invstd * weight with k = dot * invstd^2 / N in
    training, g * invstd * weight in eval. An (N, C) batch takes the channels-last kernel (float32
    runs per thread added in double, fused products, the whole 8-channel vectors fused in the last
    step); larger maps add each row's lane sums in double."""
    c = x.shape[1]
    count = x.size // c
    w = np.ones(c, _F32) if weight is None else weight
    if count == x.shape[0] <= _RUN_ROWS_MAX:
        rows, grads = x.reshape(count, c), g.reshape(count, c)
        grad_runs = _runs(grads)
        total = np.add.accumulate(np.add.reduce(grad_runs, axis=1).astype(_F64), axis=0)[-1].astype(_F32)
        dot = _run_dots(_runs(rows - mean), grad_runs)
        grad_weight = dot * invstd
        if not needs[0]:
            return None, grad_weight, total
        if not training:
            return (grads * invstd * w).reshape(x.shape), grad_weight, total
        k = dot * invstd * invstd / _F32(count)
        centered = rows - mean
        shifted = grads - total / _F32(count)
        inner = shifted - centered * k
        whole = c - c % _BN_LANES
        inner[:, :whole] = fma_wide(-centered[:, :whole], k[:whole], shifted[:, :whole])
        return (inner * invstd * w).reshape(x.shape), grad_weight, total
    n = x.shape[0]
    maps = x.reshape(n, c, -1)
    grads = g.reshape(n, c, -1)
    centered = maps - mean.reshape(1, c, 1)
    total = np.add.accumulate(_lane_reduce(grads).astype(_F64), axis=0)[-1]
    image = maps.shape[-1]     # map2_reduce_all of (x - mean) * dy: the tail's products fused into their lanes
    rows_c, rows_g = centered.reshape(-1, image), grads.reshape(-1, image)
    dots = layer_norm_kernel.lane_sum(lambda part: (rows_c[:, part], rows_g[:, part]), image).reshape(n, c)
    dot = np.add.accumulate(dots.astype(_F64), axis=0)[-1]
    grad_weight, grad_bias = (dot * invstd).astype(_F32), total.astype(_F32)
    if not needs[0]:
        return None, grad_weight, grad_bias
    if not training:
        return (grads * invstd.reshape(1, c, 1) * w.reshape(1, c, 1)).reshape(x.shape), grad_weight, grad_bias
    k = (dot.astype(_F32) * invstd * invstd / _F32(count)).reshape(1, c, 1)
    shifted = grads - (total / count).astype(_F32).reshape(1, c, 1)
    inner = fma_wide(-centered, k, shifted)
    return (inner * invstd.reshape(1, c, 1) * w.reshape(1, c, 1)).reshape(x.shape), grad_weight, grad_bias


def _bn_kernel_backward(g, input, weight, training) -> bool:
    """Where the backward kernel is reproduced: float32 throughout, up to BATCH_NORM_KERNEL_MAX."""
    return (type(g) is np.ndarray and g.dtype == _F32 and input.dtype == _F32 and input.size and
            (weight is None or weight.dtype == _F32) and input.size <= BATCH_NORM_KERNEL_MAX)


def _bn_bwd(m, g, input, weight, running_mean, running_var, result1, result2, training, eps,
            needs=(True, True, True)):
    g = g[0]
    if m.nb == 0 and not m.is_tensor and type(g) is np.ndarray and g.dtype == _F16 and input.dtype == _F16 \
            and input.size and input.size <= BATCH_NORM_KERNEL_MAX and (training or running_var is not None):
        return _bn_half_backward(g, input, weight, running_mean, running_var, result1, result2, training, eps, needs)
    if m.nb == 0 and not m.is_tensor and _bn_kernel_backward(g, input, weight, training) and (
            training or _array(running_var).dtype == _F32):
        if training:
            mean, invstd = _array(result1), _array(result2)
        else:
            mean = _array(running_mean).astype(_F32, copy=False)
            invstd = (1 / np.sqrt(_array(running_var).astype(_F64) + eps)).astype(_F32)
        gi, gw, gb = _bn_backward_kernel(g, input, weight, mean, invstd, training, needs)
        return gi, gw if needs[1] else None, gb if needs[2] else None
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


def _bn_half_backward(g, input, weight, running_mean, running_var, result1, result2, training, eps, needs):
    """torch's float16 backward: the float32 kernel's on the widened values (the saved half statistics
    in training, the running ones in eval), each gradient rounded to its input's dtype."""
    if training:
        mean, invstd = _array(result1).astype(_F32), _array(result2).astype(_F32)
    else:
        mean = _array(running_mean).astype(_F32)
        invstd = (1 / np.sqrt(_array(running_var).astype(_F64) + eps)).astype(_F32)
    w = None if weight is None else weight.astype(_F32)
    gi, gw, gb = _bn_backward_kernel(g.astype(_F32), input.astype(_F32), w, mean, invstd, training, needs)
    param = _F16 if weight is None else weight.dtype
    return (None if gi is None or not needs[0] else gi.astype(_F16),
            gw.astype(param) if needs[1] else None, gb.astype(param) if needs[2] else None)


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
                   rule="w invstd (g - mean(g) - xhat mean(g xhat)) over the batch; running stats: w invstd g",
                   real=dtype_rules.complex_kernel("batch_norm"))


def _ln_fwd(input, weight, bias, normalized_shape, eps):
    dtype_rules.normalization("LayerNormKernelImpl", input, weight, bias)
    axes = tuple(range(input.ndim - len(normalized_shape), input.ndim))
    n = math.prod(normalized_shape)
    if layer_norm_kernel.applies(input, weight, bias, n):
        out, mean, rstd = layer_norm_kernel.layer_norm_rows(np.ascontiguousarray(input).reshape(-1, n), weight, bias, eps)
        stats = input.shape[:input.ndim - len(normalized_shape)] + (1,) * len(normalized_shape)
        return out.reshape(input.shape), mean.reshape(stats), rstd.reshape(stats)
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
    grad_input = grad_weight = grad_bias = None
    n = math.prod(normalized_shape)
    kernel = (not nb and not m.is_tensor and g.dtype == np.float32
              and layer_norm_kernel.applies(input, weight, bias, n))      # torch's kernel, from the saved statistics
    if kernel:
        rows = (-1, n)
        dy, x = np.ascontiguousarray(g).reshape(rows), np.ascontiguousarray(input).reshape(rows)
        mean, rstd = np.reshape(result1, -1), np.reshape(result2, -1)
        if needs[0]:
            grad_input = layer_norm_kernel.backward_rows(dy, x, mean, rstd, weight).reshape(input.shape)
        if (needs[1] or needs[2]) and x.shape[0] <= layer_norm_kernel.PARAMETER_ROWS_MAX:
            dgamma, dbeta = layer_norm_kernel.parameter_grads(dy, x, mean, rstd, threads.count)
            return (grad_input, dgamma.reshape(normalized_shape) if needs[1] else None,
                    dbeta.reshape(normalized_shape) if needs[2] else None)
        needs = (False,) + tuple(needs[1:])
    ndim, k = len(input.shape), len(normalized_shape)
    axes = tuple(range(ndim - k, ndim))
    mean = m.mean(input, axes, True)
    centered = input - mean
    rstd = 1 / m.sqrt(m.mean(centered * centered, axes, True) + eps)
    xhat = centered * rstd
    outer = tuple(range(nb, nb + ndim - k))
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


LAYER_NORM = defop("native_layer_norm", "NativeLayerNormBackward0", ("input", "weight", "bias"),
                   contiguous_output(_ln_fwd), _ln_backward,
                   saves=("input", "normalized_shape", "result1", "result2", "weight", "bias", "eps"),
                   internal=("eps",), outputs=3, nondiff_outputs=(1, 2), promote=KEEP, masked=True,
                   jvp_note="generic: derived through double-vjp",
                   samples=lambda: [Sample(arr(3, 4), pos(4, seed=1), arr(4, seed=2),
                                           params={"normalized_shape": (4,), "eps": 1e-5}),
                                    Sample(arr(2, 3, 4, seed=3), arr(3, 4, seed=4), arr(3, 4, seed=5),
                                           params={"normalized_shape": (3, 4), "eps": 1e-5}, note="2 dims")],
                   rule="rstd (gw - mean(gw) - xhat mean(gw xhat)) over the normalized dims, gw = g weight",
                   real=dtype_rules.complex_kernel("LayerNormKernelImpl"))


def _gn_fwd(input, weight, bias, N, C, HxW, group, eps):
    """torch's kernel: per (example, channel) scale = rstd weight and shift = bias - scale mean, then
    x scale + shift (an inf weight gives nan, as torch's)."""
    dtype_rules.normalization("GroupNormKernelImpl", input, weight, bias)
    if input.size != N * C * HxW:
        raise AutogradError("Expected X.numel() == N * C * HxW to be true, but got false.  (Could this error message "
                            "be improved?  If so, please report an enhancement request to PyTorch.)")
    if group_norm_kernel.applies(input, weight, bias, group):
        return group_norm_kernel.forward(input, weight, bias, N, C, group, eps)
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
    if (not m.nb and not m.is_tensor and g.dtype == _F32 and group_norm_kernel.applies(input, weight, None, group)
            and not any(t is not None and t.any() for t in (g_mean, g_rstd))):   # torch's kernel: no statistics' grads
        return group_norm_kernel.backward(np.ascontiguousarray(g), input, _array(result1), _array(result2), weight,
                                          N, C, group, needs)
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
                   rule="rstd (gw - mean(gw) - xhat mean(gw xhat)) over each group, gw = g weight",
                   real=dtype_rules.complex_kernel("GroupNormKernelImpl"))
