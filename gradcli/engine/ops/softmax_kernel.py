"""torch's CPU softmax and log_softmax over the last dim of a float32 tensor, to the bit.

``F.softmax(logits, dim=-1)`` is printed in every classification script (with its sum over the
classes, which torch rarely makes exactly 1), and every ``F.cross_entropy`` is a log_softmax. The
kernels compute ``exp(x - max)`` with SLEEF's vectorised expf (1-ulp, not the correctly rounded
value numpy's float64 gives: the two differ on about one input in a hundred, so on one row of ten
in ten) and sum the row on 16-lane float32 accumulators; softmax multiplies by the sum's
reciprocal, log_softmax subtracts SLEEF's logf of it (a double-float algorithm). Backwards:
``(g - sum(g * y)) * y`` and ``g - exp(y) * sum(g)`` (one fused multiply-add), with the same sums.
All are reproduced here: SLEEF's polynomials with their fused multiply-adds rounded once (products
of float32 values are exact in float64), and the lanes' order of additions.
"""
from __future__ import annotations

import numpy as np

from .. import threads
from ..fused import fma_wide

KERNEL_MAX = 256     # elements: ops.nn uses these kernels up to this size

_F32 = np.float32
_LANES = 16     # AVX-512 floats per vector: the width of torch's accumulators

# SLEEF's expf: x = q ln2 + s with ln2 split in two, then a degree-6 polynomial in s
_R_LN2 = _F32(1.442695040888963407359924681001892137426645954152985934135449406931)
_L2U, _L2L = _F32(0.693145751953125), _F32(1.428606765330187045e-06)
_POLY = tuple(_F32(c) for c in (0.000198527617612853646278381, 0.00139304355252534151077271,
                                0.00833336077630519866943359, 0.0416664853692054748535156,
                                0.166666671633720397949219, 0.5))


def sleef_expf(d: np.ndarray) -> np.ndarray:
    d = np.asarray(d, _F32)
    with np.errstate(invalid="ignore", over="ignore"):
        qf = np.rint(d * _R_LN2)
        q = np.where(np.isfinite(qf), qf, 0).astype(np.int32)
        qf = q.astype(_F32)
        s = fma_wide(qf, -_L2U, d)
        s = fma_wide(qf, -_L2L, s)
        u = np.full_like(s, _POLY[0])
        for c in _POLY[1:]:
            u = fma_wide(u, s, c)
        u = _F32(1) + fma_wide(s * s, u, s)
        half = q >> 1       # 2^q as two factors, as SLEEF's ldexp (each stays a normal float)
        u = u * np.ldexp(_F32(1), half).astype(_F32) * np.ldexp(_F32(1), q - half).astype(_F32)
    u = np.where(d < _F32(-104), _F32(0), u)
    return np.where(d > _F32(100), _F32(np.inf), u).astype(_F32, copy=False)


# SLEEF's logf: d = m 2^e with m in [0.75, 1.5); log m = 2 atanh((m - 1) / (m + 1)) in double-float
_LN2_HI, _LN2_LO = _F32(0.69314718246459960938), _F32(-1.904654323148236017e-09)
_LOG_POLY = tuple(_F32(c) for c in (0.3027294874, 0.3996108174, 0.6666694880))


def _two_sum(a, b):
    """a + b as a rounded sum and its error (SLEEF's dfadd2 of two floats)."""
    s = a + b
    v = s - a
    return s, (a - (s - v)) + (b - v)


def _log_sum(sx, sy, xx, xy):
    """The end SLEEF's logf and log1pf share: (sx + sy) + 2x + x^3 p(x^2) in double-float, x = xx + xy."""
    x2 = xx * xx
    p = fma_wide(fma_wide(_LOG_POLY[0], x2, _LOG_POLY[1]), x2, _LOG_POLY[2])
    hx, hy = xx * _F32(2), xy * _F32(2)                # s += 2x, then += x^3 p
    total = sx + hx
    sy = (((sx - total) + hx) + sy) + hy
    tail = (x2 * xx) * p
    sx = total + tail
    sy = ((total - sx) + tail) + sy
    return sx + sy


def sleef_logf(d: np.ndarray) -> np.ndarray:
    d = np.asarray(d, _F32)
    with np.errstate(all="ignore"):
        e = np.frexp(d * _F32(1 / 0.75))[1] - 1          # floor(log2(d / 0.75)), as getexp
        m = np.ldexp(d, -e).astype(_F32)
        e = e.astype(_F32)
        sx = _LN2_HI * e                                   # ln2 * e in double-float
        sy = fma_wide(_LN2_LO, e, fma_wide(_LN2_HI, e, -sx))
        nx, ny = _two_sum(_F32(-1), m)
        dx, dy = _two_sum(_F32(1), m)
        t = _F32(1) / dx                                   # (m - 1) / (m + 1) in double-float
        xx = nx * t
        u = fma_wide(t, nx, -xx)
        v = fma_wide(-dy, t, fma_wide(-dx, t, _F32(1)))
        xy = fma_wide(xx, v, fma_wide(ny, t, u))
        r = _log_sum(sx, sy, xx, xy)
    r = np.where(d == np.inf, _F32(np.inf), r)
    r = np.where(d == 0, _F32(-np.inf), r)
    return np.where((d < 0) | np.isnan(d), _F32(np.nan), r).astype(_F32, copy=False)


def sleef_log1pf(d: np.ndarray) -> np.ndarray:
    """SLEEF's log1pf (AVX-512 path), for d in (-1, 1e38]: 1 + d = m' 2^e with m = d 2^-e + 2^-e - 1
    fused, then log(1 + m) = 2 atanh(m / (2 + m)) in double-float, as logf's polynomial."""
    d = np.asarray(d, _F32)
    with np.errstate(all="ignore"):
        e = (np.frexp((d + _F32(1)) * _F32(1 / 0.75))[1] - 1).astype(_F32)    # getexp
        t = np.ldexp(_F32(1), -e.astype(np.int32)).astype(_F32)
        m = fma_wide(d, t, t - _F32(1))
        sx = _LN2_HI * e                                   # ln2 * e in double-float
        sy = fma_wide(_LN2_LO, e, fma_wide(_LN2_HI, e, -sx))
        dx = _F32(2) + m                                   # 2 + m in double-float
        dy = (_F32(2) - dx) + m
        r = _F32(1) / dx                                   # m / (2 + m) in double-float
        xx = m * r
        u = fma_wide(r, m, -xx)
        v = fma_wide(-dy, r, fma_wide(-dx, r, _F32(1)))
        xy = fma_wide(xx, v, u)
        r = _log_sum(sx, sy, xx, xy)
    r = np.where(d == _F32(-1), _F32(-np.inf), r)
    return np.where((d < _F32(-1)) | np.isnan(d), _F32(np.nan), r).astype(_F32, copy=False)


def lane_sum(x: np.ndarray) -> np.ndarray:
    """Sum over the last axis as torch's vec::reduce_all: left to right under 16 elements, else 16
    lane accumulators (a short last block adds into the first lanes) folded in halves."""
    n = x.shape[-1]
    if n < _LANES:
        total = x[..., 0]
        for i in range(1, n):
            total = total + x[..., i]
        return total
    acc = x[..., :_LANES].copy()
    full = n - n % _LANES
    for d in range(_LANES, full, _LANES):
        acc += x[..., d:d + _LANES]
    if full < n:
        acc[..., :n - full] += x[..., full:]
    lanes = np.arange(_LANES)
    for step in (8, 4, 2, 1):
        acc = acc + acc[..., lanes ^ step]
    return acc[..., 0]


def softmax_lastdim(a: np.ndarray) -> np.ndarray:
    e = sleef_expf(a - np.max(a, axis=-1, keepdims=True))
    return e * (_F32(1) / lane_sum(e))[..., None]


def softmax_backward_lastdim(g: np.ndarray, y: np.ndarray) -> np.ndarray:
    return (g - lane_sum(g * y)[..., None]) * y


def log_softmax_lastdim(a: np.ndarray) -> np.ndarray:
    shifted = a - np.max(a, axis=-1, keepdims=True)
    return shifted - sleef_logf(lane_sum(sleef_expf(shifted)))[..., None]


def log_softmax_backward_lastdim(g: np.ndarray, y: np.ndarray) -> np.ndarray:
    return fma_wide(-sleef_expf(y), lane_sum(g)[..., None], g)



def _positions(a: np.ndarray, dim: int) -> np.ndarray:
    """``a`` as (before, dim, positions after dim)."""
    return a.reshape((int(np.prod(a.shape[:dim])), a.shape[dim], -1))


def _exp_inner(s: np.ndarray, vector=None) -> np.ndarray:
    """exp as torch's non-last-dim kernels take it: SLEEF's at the positions they load as 16-lane
    vectors (``vector``, (before, positions); by default the whole vectors of each row of positions),
    libm's (correctly rounded here) at the others."""
    if vector is None:
        vector = np.arange(s.shape[-1]) < s.shape[-1] - s.shape[-1] % _LANES
    vector = np.broadcast_to(vector[:, None, :] if vector.ndim == 2 else vector, s.shape)
    e = np.exp(s.astype(np.float64)).astype(_F32)
    e[vector] = sleef_expf(s[vector])
    return e


def _softmax_vector_positions(before: int, inner: int, threads: int) -> np.ndarray:
    """Where torch's _vec_softmax uses vectors: its grain size of 1 splits the before * inner
    positions into one equal run per thread, and a vector is 16 positions within a row and a run."""
    total = before * inner
    vector = np.zeros(total, bool)
    chunk = -(-total // max(1, min(threads, total)))
    for begin in range(0, total, chunk):
        end, idx = min(total, begin + chunk), begin
        while idx < end:
            if idx % inner + _LANES <= inner and idx + _LANES <= end:
                vector[idx:idx + _LANES] = True
                idx += _LANES
            else:
                idx += end - idx if idx + _LANES > end else inner - idx % inner
    return vector.reshape(before, inner)


def _sum_inner(v: np.ndarray) -> np.ndarray:
    """The sum over the dim, in order from +0 per position (torch's vertical accumulators)."""
    return np.add.reduce(v, axis=1, keepdims=True) + _F32(0)


def softmax_inner(a: np.ndarray, dim: int) -> np.ndarray:
    """torch's _vec_softmax over a dim that is not the last (float32): exp(x - max) divided by its
    sum; which exp a position gets depends on torch's thread count."""
    x = _positions(a, dim)
    vector = _softmax_vector_positions(x.shape[0], x.shape[2], threads.count)
    e = _exp_inner(x - np.max(x, axis=1, keepdims=True), vector)
    return (e / _sum_inner(e)).reshape(a.shape)


def log_softmax_inner(a: np.ndarray, dim: int) -> np.ndarray:
    """torch's _vec_logsoftmax over a dim that is not the last (float32): x - max - log(sum of exp),
    the log SLEEF's at every position."""
    x = _positions(a, dim)
    shifted = x - np.max(x, axis=1, keepdims=True)
    return (shifted - sleef_logf(_sum_inner(_exp_inner(shifted)))).reshape(a.shape)


def softmax_backward_inner(g: np.ndarray, y: np.ndarray, dim: int) -> np.ndarray:
    """torch's _vec_softmax_backward: ``y * (g - sum(g * y))``, the sum over the dim in order."""
    gp, yp = _positions(g, dim), _positions(y, dim)
    total = np.zeros_like(gp[:, :1])
    for k in range(gp.shape[1]):      # sum += g * y, fused
        total = fma_wide(gp[:, k:k + 1], yp[:, k:k + 1], total)
    return (yp * (gp - total)).reshape(g.shape)


def log_softmax_backward_inner(g: np.ndarray, y: np.ndarray, dim: int) -> np.ndarray:
    """torch's _vec_log_softmax_backward: ``g - exp(y) * sum(g)`` in one fused multiply-add."""
    gp = _positions(g, dim)
    return fma_wide(-_exp_inner(_positions(y, dim)), _sum_inner(gp), gp).reshape(g.shape)
