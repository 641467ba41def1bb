"""torch's backward kernels of the blending resizes, in their arithmetic: each output position in
memory order adds into every tap it read. The linear kernels (linear, bilinear, trilinear; compiled
with fused multiply-adds) add ``fma(w, g, acc)`` with ``w`` the product of the dims' lambdas
(``(d * h) * w``, rounded), their taps nested outer dim first; a cell's additions follow each other in
that order, so they are applied in rounds: round r adds every cell's r-th contribution at once.
Bicubic's kernel (compiled without them) adds ``(g * row) * column`` rounded, then the sum rounded,
its taps column outer, row inner; numpy's ``add.at`` adds in that order.
"""
from __future__ import annotations

import numpy as np

from ..fused import fma64, fma_wide


def _schedule(targets: np.ndarray):
    """The contribution ids of each round: round r holds every target's r-th contribution."""
    order = np.argsort(targets, kind="stable")
    ranked = targets[order]
    starts = np.flatnonzero(np.r_[True, ranked[1:] != ranked[:-1]])
    rank = np.arange(ranked.size) - np.repeat(starts, np.diff(np.r_[starts, ranked.size]))
    by_rank = np.argsort(rank, kind="stable")
    bounds = np.searchsorted(rank[by_rank], np.arange(rank.max() + 2 if rank.size else 1))
    return [order[by_rank[lo:hi]] for lo, hi in zip(bounds[:-1], bounds[1:])]


def _contributions(taps: list, out_shape: tuple, spatial_in: tuple, dims: list):
    """(target cell, source output, weights per dim) of every contribution, in the kernel's order:
    output positions in memory order, then the taps of ``dims`` nested, the first outermost."""
    nsp, count = len(taps), len(taps[0][0])
    full = tuple(out_shape) + (count,) * nsp

    def laid(values, k):    # (count, out_k) per-dim values spread over the contributions
        shape = tuple(out_shape[j] if j == k else 1 for j in range(nsp)) + \
            tuple(count if dims[t] == k else 1 for t in range(nsp))
        return np.broadcast_to(np.stack(values, axis=1).reshape(shape), full).reshape(-1)
    flat = sum(laid(taps[k][0], k) * int(np.prod(spatial_in[k + 1:], dtype=np.int64)) for k in range(nsp))
    source = np.broadcast_to(np.arange(int(np.prod(out_shape))).reshape(tuple(out_shape) + (1,) * nsp),
                             full).reshape(-1)
    return flat, source, [laid(taps[k][1], k) for k in range(nsp)]


def linear_adjoint(g: np.ndarray, taps: list, spatial_in: tuple, ft) -> np.ndarray:
    """The input gradient (g's leading dims + ``spatial_in``) of a linear resize from the output
    gradient ``g`` and each spatial dim's ``(indices, lambdas)``."""
    nsp = len(taps)
    lead = g.shape[:g.ndim - nsp]
    flat, source, weights = _contributions(taps, g.shape[g.ndim - nsp:], spatial_in, list(range(nsp)))
    product = weights[0]
    for w in weights[1:]:
        product = (product * w).astype(ft)
    fma = fma_wide if ft is np.float32 else fma64
    gflat = g.reshape(lead + (-1,))
    acc = np.zeros(lead + (int(np.prod(spatial_in)),), g.dtype)
    for ids in _schedule(flat):
        cells = flat[ids]
        acc[..., cells] = fma(product[ids], gflat[..., source[ids]], acc[..., cells])
    return acc.reshape(lead + tuple(spatial_in))


def cubic_adjoint(g: np.ndarray, taps: list, spatial_in: tuple, ft) -> np.ndarray:
    """bicubic's input gradient from its (rows, columns) taps: a same-size resize copies ``g``."""
    lead, (oh, ow) = g.shape[:-2], g.shape[-2:]
    if (oh, ow) == tuple(spatial_in):
        return g.copy()
    flat = _contributions(taps, (oh, ow), spatial_in, [1, 0])[0]
    row = np.stack(taps[0][1], axis=1).reshape(oh, 1, 1, -1)         # (outputs, column tap, row tap)
    column = np.stack(taps[1][1], axis=1).reshape(1, ow, -1, 1)
    values = g[..., None, None] * row * column       # (g * row) * column, each product rounded
    cells = int(np.prod(spatial_in))
    planes = int(np.prod(lead))
    acc = np.zeros(planes * cells, g.dtype)      # one flat index (numpy's fast add.at), planes apart
    np.add.at(acc, (np.arange(planes)[:, None] * cells + flat).reshape(-1), values.reshape(-1))
    return acc.reshape(lead + tuple(spatial_in))
