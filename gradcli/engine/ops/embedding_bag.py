"""embedding_bag (F.embedding_bag, nn.EmbeddingBag): each bag's rows of a weight matrix reduced by
sum (optionally weighted per index), mean or max, under torch's EmbeddingBagBackward0.

A bag layout is constant, so sum and mean are linear maps written with 0/1 matrices: the rows
picked (``P``, one per index) and the bag of each index (``B``, scaled by 1/count for mean):
out = B^T (psw * (P @ weight)); the backward is their transposes, in the formula vocabulary, so
double backward works. max sends each output element's gradient to the row it came from."""
from __future__ import annotations

import numpy as np

from .. import errors, sparse as coo
from .registry import KEEP, defop
from .samples import Sample, arr

MODES = ("sum", "mean", "max")


def layout(indices, offsets, include_last_offset: bool, padding_idx: int, num_weights: int):
    """(indices, the bag of each index, the number of bags, which indices count), as arrays."""
    idx = np.asarray(getattr(indices, "_data", indices)).reshape(-1)
    starts = np.asarray(getattr(offsets, "_data", offsets)).reshape(-1).astype(np.int64)
    bags = len(starts) - 1 if include_last_offset else len(starts)
    if include_last_offset:
        starts = starts[:-1]
    if idx.size and (idx.min() < 0 or idx.max() >= num_weights):
        raise IndexError("index out of range in self")
    bag_of = np.searchsorted(starts, np.arange(idx.size), side="right") - 1
    if include_last_offset and bags:
        end = np.asarray(getattr(offsets, "_data", offsets)).reshape(-1)[-1]
        bag_of = np.where(np.arange(idx.size) < end, bag_of, -1)
    counts = (idx != padding_idx) & (bag_of >= 0)
    return idx, bag_of, bags, counts


def _matrices(idx, bag_of, bags, counts, num_weights, mode, dtype):
    """P (n x E): the row each counted index picks; B (n x bags): its bag, 1/count for mean."""
    n = idx.size
    picks = np.zeros((n, num_weights), dtype)
    picks[np.arange(n)[counts], idx[counts]] = 1
    member = np.zeros((n, bags), dtype)
    member[np.arange(n)[counts], bag_of[counts]] = 1
    if mode == 1:
        sizes = member.sum(0)
        member = member / np.where(sizes > 0, sizes, 1)
    return picks, member


def _max_rows(weight, idx, bag_of, bags, counts):
    """For max mode: the row of each (bag, column) maximum (-1 for an empty bag)."""
    rows = np.full((bags, weight.shape[-1]), -1, np.int64)
    for b in range(bags):
        members = idx[(bag_of == b) & counts]
        if members.size:
            rows[b] = members[np.argmax(weight[members], axis=0)]
    return rows


def _fwd(weight, per_sample_weights, indices, offsets, mode, padding_idx, include_last_offset,
         scale_grad_by_freq, sparse):
    idx, bag_of, bags, counts = layout(indices, offsets, include_last_offset, padding_idx, weight.shape[0])
    if mode == 2:
        rows = _max_rows(weight, idx, bag_of, bags, counts)
        picked = np.take_along_axis(weight, np.maximum(rows, 0), 0)
        return np.where(rows >= 0, picked, 0).astype(weight.dtype, copy=False)
    picks, member = _matrices(idx, bag_of, bags, counts, weight.shape[0], mode, weight.dtype)
    rows = picks @ weight
    if per_sample_weights is not None:
        rows = rows * per_sample_weights[:, None]
    return member.T @ rows


def _bwd(m, g, weight, per_sample_weights, indices, offsets, mode, padding_idx, include_last_offset,
         scale_grad_by_freq, sparse):
    num_weights, dim = tuple(weight.shape)
    idx, bag_of, bags, counts = layout(indices, offsets, include_last_offset, padding_idx, num_weights)
    dtype = np.asarray(getattr(g, "_data", g)).dtype
    nb = m.nb
    lead = tuple(g.shape[:nb])
    freq = np.bincount(idx[counts], minlength=num_weights).astype(dtype) if scale_grad_by_freq else None
    if mode == 2:
        rows = _max_rows(np.asarray(getattr(weight, "_data", weight)), idx, bag_of, bags, counts)
        hit = np.zeros((bags, dim, num_weights), dtype)
        b, d = np.nonzero(rows >= 0)
        hit[b, d, rows[b, d]] = 1
        if freq is not None:
            hit = hit / np.where(freq > 0, freq, 1)
        spread = m.sum(m.const(hit) * m.reshape(g, lead + (bags, dim, 1)), (nb,))
        return m.mT(spread), None
    picks, member = _matrices(idx, bag_of, bags, counts, num_weights, mode, dtype)
    per_index = m.matmul(m.const(member), g)
    grad_psw = None
    if per_sample_weights is not None:
        grad_psw = m.sum(m.matmul(m.const(picks), weight) * per_index, (nb + 1,))
        per_index = per_index * m.reshape(per_sample_weights, (idx.size, 1))
    if sparse and not nb and not m.is_tensor:
        return _sparse_rows(g, per_sample_weights, idx, bag_of, counts, mode, padding_idx, scale_grad_by_freq,
                            num_weights), grad_psw
    scatter = picks.T if freq is None else picks.T / np.where(freq > 0, freq, 1)[:, None]
    return m.matmul(m.const(np.ascontiguousarray(scatter)), per_index), grad_psw


def _sparse_rows(g, per_sample_weights, idx, bag_of, counts, mode, padding_idx, scale_grad_by_freq, num_weights):
    """torch's _embedding_bag_sparse_backward: each index gets its bag's gradient (divided by the
    bag's size for mean, times its weight), then embedding's sparse gradient of those rows."""
    if scale_grad_by_freq:
        raise errors.AutogradError("embedding_backward: scale_grad_by_freq not supported with sparse gradients")
    inside = bag_of >= 0
    idx, bag_of, counts = idx[inside], bag_of[inside], counts[inside]
    rows = np.asarray(g)[bag_of]
    if mode == 1:
        sizes = np.bincount(bag_of[counts], minlength=len(g)).astype(rows.dtype)
        rows = rows / np.maximum(sizes, 1)[bag_of][:, None]
    if per_sample_weights is not None:
        rows = rows * np.asarray(per_sample_weights)[inside][:, None]
    keep = idx != padding_idx
    return coo.build(idx[keep].astype(np.int64).reshape(1, -1), rows[keep], (num_weights, rows.shape[-1]))


def _samples():
    idx, offsets = np.array([1, 2, 4, 4, 0, 3, 2]), np.array([0, 3, 3])
    common = {"indices": idx, "offsets": offsets, "padding_idx": -1, "include_last_offset": False,
              "scale_grad_by_freq": False, "sparse": False}
    return [Sample(arr(5, 3), arr(7, seed=1), params={**common, "mode": 0}, note="sum, weighted"),
            Sample(arr(5, 3, seed=2), None, params={**common, "mode": 1, "padding_idx": 2}, note="mean, padding"),
            Sample(arr(5, 3, seed=3), None, params={**common, "mode": 2}, note="max, an empty bag")]


EMBEDDING_BAG = defop("_embedding_bag", "EmbeddingBagBackward0", ("weight", "per_sample_weights"), _fwd, _bwd,
                      saves=("weight", "per_sample_weights", "indices", "offsets", "mode", "padding_idx",
                             "include_last_offset", "scale_grad_by_freq", "sparse"),
                      internal=("include_last_offset",), promote=KEEP, samples=_samples,
                      jvp_note="generic: derived through double-vjp",
                      rule="sum/mean: each bag's gradient (over its size for mean, times the index's weight) to "
                           "its rows; per_sample_weights: the row dotted with its bag's gradient; max: to the "
                           "row of each maximum")


def check_mode(mode: str) -> int:
    if mode not in MODES:
        raise ValueError("mode has to be one of sum, mean or max")
    return MODES.index(mode)
