"""pdist (torch.pdist, F.pdist): the p-norm distance between every pair of rows i < j, under torch's
PdistBackward0. The pairs' differences are a constant linear map of the rows (``S @ x``, S with +1
at i and -1 at j), so the backward is ``S^T`` times torch's per-p formula, in the formula
vocabulary."""
from __future__ import annotations

import math

import numpy as np

from .. import errors
from .registry import KEEP, defop
from .samples import Sample, arr


def _pairs(n: int, dtype) -> np.ndarray:
    i, j = np.triu_indices(n, 1)
    s = np.zeros((i.size, n), dtype)
    s[np.arange(i.size), i] = 1
    s[np.arange(i.size), j] = -1
    return s


def _norm(diff, p: float):
    a = np.abs(diff)
    if p == 0:
        return (a != 0).sum(-1).astype(diff.dtype)
    if p == math.inf:
        return a.max(-1, initial=0)
    return (a ** p).sum(-1) ** (1 / p)


def _fwd(a, p):
    if a.ndim != 2:
        raise errors.ShapeError(f"pdist only supports 2D tensors, got: {a.ndim}D")
    if a.dtype.kind != "f":
        raise errors.DTypeError("pdist only supports floating-point dtypes")
    if p < 0:
        raise errors.AutogradError("pdist only supports non-negative p values")
    return _norm(_pairs(a.shape[0], a.dtype) @ a, p).astype(a.dtype, copy=False)


def _bwd(m, g, self, p, result):
    n = self.shape[0]
    data = lambda t: np.asarray(getattr(t, "_data", t))     # noqa: E731
    s = _pairs(n, data(g).dtype)
    diff = m.matmul(m.const(s), self)
    dist = m.unsqueeze(result, -1)
    dist_np = data(result)[:, None]
    gg = m.unsqueeze(g, -1)
    if p == 0:
        return m.zeros_like(self)
    if p == 1:
        per = m.sign(diff) * gg
    elif p == math.inf:
        per = m.sign(diff) * m.const((np.abs(data(diff)) == dist_np).astype(s.dtype)) * gg
    else:
        zero = dist_np == 0
        if p < 1:
            zero = zero | (data(diff) == 0)
        safe = m.where(m.const(zero), 1.0, dist)
        if p < 2:
            per = m.sign(diff) * m.abs(diff) ** (p - 1) * gg / safe ** (p - 1)
        elif p == 2:
            per = diff * gg / safe
        else:
            per = diff * m.abs(diff) ** (p - 2) * gg / safe ** (p - 1)
        per = m.where(m.const(np.broadcast_to(zero, data(diff).shape)), 0.0, per)
    return m.matmul(m.const(np.ascontiguousarray(s.T)), per)


PDIST = defop("_pdist_forward", "PdistBackward0", ("self",), _fwd, _bwd, saves=("self", "p", "result"),
              promote=KEEP, jvp_note="generic: derived through double-vjp",
              samples=lambda: [Sample(arr(4, 3), params={"p": 2.0}), Sample(arr(5, 2, seed=1), params={"p": 3.0}),
                               Sample(arr(4, 3, seed=2), params={"p": 1.5}, note="1 < p < 2")],
              rule="each pair's norm gradient times g, +1 to row i and -1 to row j")
