"""torch's float32 group_norm kernels for a contiguous input, so a GroupNorm's outputs and gradients
carry torch's last bits.

Forward: each (example, group) row's moments as layer_norm's (RowwiseMoments), ``rstd = 1 /
sqrt(var + eps)`` in double, then per channel ``scale = rstd * weight`` and ``bias = beta - scale *
mean`` (fused), and ``y = x * scale + bias`` (fused); without weight and bias ``(x - mean) * rstd``.
Backward: per (example, channel) ``ds = sum(dy x)`` and ``db = sum(dy)`` reduced as torch's vec
reductions, per row their weighted sums over the group's channels (8-lane fused accumulators added
lane by lane, the tail fused in), ``c2 = (db mean - ds) rstd^3 / n``, ``c3 = -c2 mean - db rstd / n``
and ``dx = rstd weight dy + c2 x + c3``; the weight's gradient sums ``(ds - db mean) rstd`` over the
examples, the bias's ``db``, both in order.
"""
from __future__ import annotations

import numpy as np

from ..fused import fma_wide
from .layer_norm_kernel import lane_sum, rowwise_moments

_F32 = np.dtype(np.float32)
_LANES = 8
ROW_MAX = 8192          # floats in a row (a group of one example): the moments loop over its vectors
ELEMENTS_MAX = 1 << 20


def applies(x: np.ndarray, weight, bias, group: int) -> bool:
    """Whether the kernels take this float32 contiguous input (torch's channels-last kernel sums in
    another order)."""
    row = x.size // (x.shape[0] * group) if x.size else 0
    return (x.dtype == _F32 and x.flags.c_contiguous and 0 < row <= ROW_MAX and x.size <= ELEMENTS_MAX
            and all(t is None or t.dtype == _F32 for t in (weight, bias)))


def forward(x: np.ndarray, weight, bias, n: int, c: int, group: int, eps: float):
    """Output, mean and rstd ((N, group) each) of a contiguous float32 input."""
    d = c // group
    rows = x.reshape(n * group, -1)
    mean, var = rowwise_moments(rows)
    rstd = (1.0 / np.sqrt(np.maximum(var, np.float32(0)).astype(np.float64) + eps)).astype(_F32)
    if weight is None and bias is None:
        out = (rows - mean[:, None]) * rstd[:, None]
    else:
        scale = np.broadcast_to(rstd.reshape(n, group, 1), (n, group, d))
        if weight is not None:
            scale = scale * weight.reshape(group, d)
        beta = np.float32(0) if bias is None else bias.reshape(group, d)
        shift = fma_wide(-scale, mean.reshape(n, group, 1), beta)
        out = fma_wide(x.reshape(n, group, d, -1), scale[..., None], shift[..., None])
    return out.reshape(x.shape), mean.reshape(n, group), rstd.reshape(n, group)


def backward(dy: np.ndarray, x: np.ndarray, mean: np.ndarray, rstd: np.ndarray, weight, n: int, c: int,
             group: int, needs):
    """(dx, dweight, dbias) from the saved mean and rstd; None where ``needs`` says so."""
    d = c // group
    hxw = x.size // (n * c)
    dy_rows, x_rows = dy.reshape(n * c, hxw), x.reshape(n * c, hxw)
    ds = lane_sum(lambda part: (dy_rows[:, part], x_rows[:, part]), hxw, fused_tail=False).reshape(n, group, d)
    db = lane_sum(lambda part: (dy_rows[:, part], None), hxw).reshape(n, group, d)
    mean, rstd = mean.reshape(n, group), rstd.reshape(n, group)
    dx = dweight = dbias = None
    if needs[0]:
        gamma = np.ones((group, d), _F32) if weight is None else weight.reshape(group, d)
        ds_val, db_val = _weighted_sums(ds, gamma), _weighted_sums(db, gamma)
        s = np.float32(1) / np.float32(d * hxw)
        c2 = fma_wide(db_val, mean, -ds_val) * rstd * rstd * rstd * s
        c3 = fma_wide(-(db_val * rstd), s, -c2 * mean)
        c1 = rstd[..., None] * gamma
        rows = (n, group, d, hxw)
        dx = fma_wide(c1[..., None], dy.reshape(rows), c2[..., None, None] * x.reshape(rows)) + c3[..., None, None]
        dx = dx.reshape(x.shape)
    if needs[1]:
        dweight = np.zeros((group, d), _F32)
        for i in range(n):
            dweight = fma_wide(fma_wide(-db[i], mean[i, :, None], ds[i]), rstd[i, :, None], dweight)
        dweight = dweight.reshape(c)
    if needs[2]:
        dbias = np.zeros((group, d), _F32)
        for i in range(n):
            dbias = dbias + db[i]
        dbias = dbias.reshape(c)
    return dx, dweight, dbias


def _weighted_sums(values: np.ndarray, gamma: np.ndarray) -> np.ndarray:
    """Per (example, group): the sum of ``values * gamma`` over the group's channels as torch's
    CalcDsDb adds it: 8-lane fused accumulators over the whole vectors, their lanes added in order
    from zero, then the remaining channels fused in one by one."""
    d = values.shape[-1]
    whole = d - d % _LANES
    acc = np.zeros(values.shape[:-1] + (_LANES,), _F32)
    for j in range(0, whole, _LANES):
        acc = fma_wide(values[..., j:j + _LANES], gamma[:, j:j + _LANES], acc)
    total = np.zeros(values.shape[:-1], _F32)
    for lane in range(_LANES):
        total = total + acc[..., lane]
    for j in range(whole, d):
        total = fma_wide(values[..., j], gamma[:, j], total)
    return total
