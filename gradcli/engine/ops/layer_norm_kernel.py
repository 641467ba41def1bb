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

from ..fused import fma_wide

_LANES = 8
_CHUNK = 16
_F32 = np.dtype(np.float32)
_RECIPROCALS = [np.float32(1) / np.float32(i + 1) for i in range(_CHUNK)]


ROW_MAX = 512        # floats in a row: past it (or past ELEMENTS_MAX in all), numpy's mean and variance,
ELEMENTS_MAX = 65536    # as the emulation's Python loop over a row's vectors would cost a step several ms
PARAMETER_ROWS_MAX = 128    # the weight's and bias's gradients loop over rows: past it, numpy's sums


def applies(x: np.ndarray, weight, bias, n: int) -> bool:
    """Whether ``layer_norm_rows`` takes a float32 input of rows of ``n`` (its size limits)."""
    return (x.dtype == _F32 and 0 < n <= ROW_MAX and 0 < x.size <= ELEMENTS_MAX
            and all(t is None or t.dtype == _F32 for t in (weight, bias)))


def layer_norm_rows(rows: np.ndarray, weight, bias, eps: float):
    """Output, mean and rstd of each row of a (rows, n) float32 array, as torch's kernel computes them."""
    mean, var = rowwise_moments(rows)
    rstd = np.float32(1) / np.sqrt(var + np.float32(eps))
    centered = rows - mean[:, None]
    if weight is None and bias is not None:     # (the compiler drops the weight's 1 and fuses the rest)
        return fma_wide(centered, rstd[:, None], bias.reshape(-1)), mean, rstd
    out = centered * rstd[:, None]
    if weight is not None:
        out = out * weight.reshape(-1) if bias is None else fma_wide(out, weight.reshape(-1), bias.reshape(-1))
    return out, mean, rstd


def backward_rows(dy: np.ndarray, x: np.ndarray, mean: np.ndarray, rstd: np.ndarray, weight) -> np.ndarray:
    """The input's gradient of each (rows, n) float32 row as torch's layer_norm_backward_frame computes
    it from the saved mean and rstd: ``ds = sum(dy x w)`` and ``db = sum(dy w)`` reduced as its
    ``vec::map*_reduce_all`` (8-lane accumulators; the vectors added, the tail's lanes fused in; a
    butterfly across the lanes), ``b = (db mean - ds) rstd^3 / n``, ``c = -b mean - db rstd / n`` and
    ``dx = rstd dy w + b x + c``, with the fused multiply-adds of torch's build (matched on rows of 3 to
    512 floats). Where the terms nearly cancel, the recomputed-statistics formula differs in the 3rd digit."""
    n = x.shape[1]
    w = None if weight is None else weight.reshape(-1)
    if w is None:
        ds = lane_sum(lambda part: (dy[:, part], x[:, part]), n)
        db = lane_sum(lambda part: (dy[:, part], None), n)
    else:
        ds = lane_sum(lambda part: (dy[:, part] * x[:, part], w[part]), n)
        db = lane_sum(lambda part: (dy[:, part], w[part]), n)
    a, scale = rstd, np.float32(1) / np.float32(n)
    b = fma_wide(db, mean, -ds) * a * a * a * scale
    c = fma_wide(-b, mean, -(db * a * scale))
    scaled = a[:, None] * dy if w is None else a[:, None] * dy * w
    return fma_wide(b[:, None], x, scaled) + c[:, None]


def parameter_grads(dy: np.ndarray, x: np.ndarray, mean: np.ndarray, rstd: np.ndarray, tasks: int):
    """The weight's and the bias's gradients as torch's kernel sums them: each of ``tasks`` threads adds
    its run of rows in order into a buffer of its own (``dgamma + dy * (rstd x - rstd mean)``, fused),
    then the buffers are added in thread order."""
    rows = x.shape[0]
    chunk = -(-rows // tasks) if rows else 1
    dgamma = dbeta = None
    for start in range(0, rows, chunk):
        part_gamma = np.zeros(x.shape[1], _F32)
        part_beta = np.zeros(x.shape[1], _F32)
        for i in range(start, min(rows, start + chunk)):
            a = rstd[i]
            part_gamma = fma_wide(dy[i], fma_wide(a, x[i], -a * mean[i]), part_gamma)
            part_beta = part_beta + dy[i]
        dgamma = part_gamma if dgamma is None else dgamma + part_gamma
        dbeta = part_beta if dbeta is None else dbeta + part_beta
    return dgamma, dbeta


def lane_sum(part_of, n: int, fused_tail: bool = True) -> np.ndarray:
    """torch's map-reduce of the products ``u * v`` of a row (``part_of(slice) -> (u, v)``, v None: u
    itself), per row. ``fused_tail``: the elements past the last whole vector are fused into their
    lanes (layer_norm's build; group_norm's map2_reduce_all rounds their products first)."""
    def product(part):
        u, v = part_of(part)
        return u if v is None else u * v
    if n < _LANES:      # one partial vector: its lanes added in order
        values = product(slice(0, n))
        total = values[:, 0].copy()
        for i in range(1, n):
            total = total + values[:, i]
        return total
    whole = n - n % _LANES
    acc = product(slice(0, _LANES)).copy()      # (a view of the caller's array when v is None: the tail writes here)
    for start in range(_LANES, whole, _LANES):
        acc = acc + product(slice(start, start + _LANES))
    if whole < n:
        u, v = part_of(slice(whole, n))
        tail = n - whole
        acc[:, :tail] = acc[:, :tail] + (u if v is None else u * v) if v is None or not fused_tail \
            else fma_wide(u, v, acc[:, :tail])
    acc = acc[:, :4] + acc[:, 4:]
    acc = acc[:, :2] + acc[:, 2:]
    return acc[:, 0] + acc[:, 1]


def rowwise_moments(rows: np.ndarray):
    """torch's RowwiseMoments of each row of a (rows, n) float32 array: its mean and biased variance."""
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
            m1 = fma_wide(delta, _RECIPROCALS[j], m1)
            m2 = fma_wide(delta, x - m1, m2)
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
        m1 = fma_wide(c, delta, m1)
        m2 = m2 + fma_wide(delta * delta * c, np.float32(count), lane_m2[:, lane])
        count = total
    return m1, m2 / np.float32(n_total)


def _merge_vectors(count_add, m1_add, m2_add, into):
    """AddMomentsVec: the moments of ``count_add`` vectors merged into ``into``'s."""
    count, m1, m2 = into
    total = count + count_add
    c = np.float32(0) if total == 0 else np.float32(count_add) / np.float32(total)
    delta = m1_add - m1
    return [total, m1 + c * delta, fma_wide(delta * delta * c, np.float32(count), m2 + m2_add)]
