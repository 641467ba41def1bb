"""torch's float32 layer_norm kernel, so a LayerNorm's outputs (and a transformer's printed loss) carry
torch's last bits.

torch computes each row's mean and variance with RowwiseMoments: Welford updates over 8-float vectors,
16 vectors to a chunk, chunks merged pairwise up a stack, the elements past the last whole vector by
scalar Welford steps, and the 8 lanes merged into the scalar result one by one. torch's build fuses
some of those multiply-adds (measured against torch 2.13 on rows of 5 to 2048 floats: the vector
updates and the scalar merge's mean are fused, the vector merge's mean is not, its second moment is
``fma(t, count, m2 + m2_add)``). Then ``rstd = 1 / sqrt(var + eps)`` and each output is
``(x - mean) * rstd``, times the weight plus the bias in one fused step (a bias alone: ``(x - mean) *
rstd + bias`` fused). numpy's mean and variance (pairwise sums, two passes) differ in the last bit.
"""
from __future__ import annotations

import numpy as np

_LANES = 8
_CHUNK = 16
_F32 = np.dtype(np.float32)
_RECIPROCALS = [np.float32(1) / np.float32(i + 1) for i in range(_CHUNK)]


ROW_MAX = 512        # floats in a row: past it (or past ELEMENTS_MAX in all), numpy's mean and variance,
ELEMENTS_MAX = 65536    # as the emulation's Python loop over a row's vectors would cost a step several ms


def applies(x: np.ndarray, weight, bias, n: int) -> bool:
    """Whether ``layer_norm_rows`` takes a float32 input of rows of ``n`` (its size limits)."""
    return (x.dtype == _F32 and 0 < n <= ROW_MAX and 0 < x.size <= ELEMENTS_MAX
            and all(t is None or t.dtype == _F32 for t in (weight, bias)))


def layer_norm_rows(rows: np.ndarray, weight, bias, eps: float):
    """Output, mean and rstd of each row of a (rows, n) float32 array, as torch's kernel computes them."""
    mean, var = _rowwise_moments(rows)
    rstd = np.float32(1) / np.sqrt(var + np.float32(eps))
    centered = rows - mean[:, None]
    if weight is None and bias is not None:     # (the compiler drops the weight's 1 and fuses the rest)
        return _fma(centered, rstd[:, None], bias.reshape(-1)), mean, rstd
    out = centered * rstd[:, None]
    if weight is not None:
        out = out * weight.reshape(-1) if bias is None else _fma(out, weight.reshape(-1), bias.reshape(-1))
    return out, mean, rstd


def _fma(a, b, c) -> np.ndarray:
    """a * b + c rounded once to float32 (the product of two floats is exact in a double)."""
    return (np.asarray(a, np.float64) * b + c).astype(_F32)


def _rowwise_moments(rows: np.ndarray):
    batch, n_total = rows.shape
    n = n_total // _LANES
    chunks = -(-n // _CHUNK)
    depth = (chunks - 1).bit_length() if chunks > 1 else 0
    stack = [[0, np.zeros((batch, _LANES), _F32), np.zeros((batch, _LANES), _F32)] for _ in range(max(depth, 1))]
    vectors = rows[:, :n * _LANES].reshape(batch, n, _LANES)
    for i in range(chunks):
        count = min(_CHUNK, n - i * _CHUNK)
        m1 = np.zeros((batch, _LANES), _F32)
        m2 = np.zeros((batch, _LANES), _F32)
        for j in range(count):
            x = vectors[:, i * _CHUNK + j]
            delta = x - m1
            m1 = _fma(delta, _RECIPROCALS[j], m1)
            m2 = _fma(delta, x - m1, m2)
        stack[0] = _merge_vectors(count, m1, m2, stack[0])
        mask, level = i + 1, 1
        while level < depth and not mask & 1:
            stack[level] = _merge_vectors(*stack[level - 1], stack[level])
            stack[level - 1] = [0, np.zeros((batch, _LANES), _F32), np.zeros((batch, _LANES), _F32)]
            mask >>= 1
            level += 1
    for level in range(1, depth):
        stack[0] = _merge_vectors(*stack[level], stack[0])
    lane_m1, lane_m2 = stack[0][1], stack[0][2]
    count = 0
    m1 = np.zeros(batch, _F32)
    m2 = np.zeros(batch, _F32)
    for k in range(n * _LANES, n_total):     # the scalar tail: Welford steps, unfused
        x = rows[:, k]
        delta = x - m1
        count += 1
        m1 = m1 + delta / np.float32(count)
        m2 = m2 + delta * (x - m1)
    for lane in range(_LANES):               # each lane (n elements) merged into the scalar result
        total = count + n
        c = np.float32(0) if total == 0 else np.float32(n) / np.float32(total)
        delta = lane_m1[:, lane] - m1
        m1 = _fma(c, delta, m1)
        m2 = m2 + _fma(delta * delta * c, np.float32(count), lane_m2[:, lane])
        count = total
    return m1, m2 / np.float32(n_total)


def _merge_vectors(count_add, m1_add, m2_add, into):
    """AddMomentsVec: the moments of ``count_add`` vectors merged into ``into``'s."""
    count, m1, m2 = into
    total = count + count_add
    c = np.float32(0) if total == 0 else np.float32(count_add) / np.float32(total)
    delta = m1_add - m1
    return [total, m1 + c * delta, _fma(delta * delta * c, np.float32(count), m2 + m2_add)]
