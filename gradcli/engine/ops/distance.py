"""pdist (torch.pdist, F.pdist): the p-norm distance between every pair of rows i < j, under torch's
PdistBackward0. The pairs' differences are a constant linear map of the rows (``S @ x``, S with +1
at i and -1 at j), so the backward is ``S^T`` times torch's per-p formula, in the formula
vocabulary."""
from __future__ import annotations

import math
from types import SimpleNamespace

import numpy as np

from .. import errors, instrumentation
from ..dispatch import call
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
    i, j = np.triu_indices(a.shape[0], 1)     # rows subtracted, not S @ a: 0 * inf made every pair nan
    return _norm(a[i] - a[j], p).astype(a.dtype, copy=False)


def _bwd(m, g, self, p, result):
    if m.is_tensor and not m.nb and instrumentation.batching is None:
        # torch's _pdist_backward: a node of its own, which has no derivative (under vmap the formula below)
        return call(PDIST_BACKWARD, (g, self, result), {"p": p})
    s = _pairs(self.shape[0], _data(g).dtype)
    per = _per_pair(m, m.matmul(m.const(s), self), result, m.unsqueeze(g, -1), p)
    return m.zeros_like(self) if per is None else m.matmul(m.const(np.ascontiguousarray(s.T)), per)


def _jvp(m, t, self, p, result):
    """Each pair's norm derivative dotted with the difference of its rows' tangents (torch has no
    forward AD for pdist; gradcli's is J t, so the backward node stays torch's)."""
    s = m.const(_pairs(self.shape[0], _data(self).dtype))
    per = _per_pair(m, m.matmul(s, self), result, m.unsqueeze(m.ones_like(result), -1), p)
    if per is None:
        return m.zeros_like(result) if not m.nb else m.sum(m.matmul(s, t[0]), (-1,)) * 0
    return m.sum(per * m.matmul(s, t[0]), (-1,))


def _data(t):
    return np.asarray(getattr(t, "_data", t))


def _per_pair(m, diff, result, gg, p):
    """d(pair norm)/d(pair difference) times the pair's gradient ``gg`` (None for p = 0: no gradient)."""
    dist = m.unsqueeze(result, -1)
    dist_np = _data(result)[:, None]
    if p == 0:
        return None
    if p == 1:
        return m.sign(diff) * gg
    if p == math.inf:
        return m.sign(diff) * m.const((np.abs(_data(diff)) == dist_np).astype(_data(diff).dtype)) * gg
    zero = dist_np == 0
    if p < 1:
        zero = zero | (_data(diff) == 0)
    safe = m.where(m.const(zero), 1.0, dist)
    if p < 2:
        per = m.sign(diff) * m.abs(diff) ** (p - 1) * gg / safe ** (p - 1)
    elif p == 2:
        per = diff * gg / safe
    else:
        per = diff * m.abs(diff) ** (p - 2) * gg / safe ** (p - 1)
    return m.where(m.const(np.broadcast_to(zero, _data(diff).shape)), 0.0, per)


_NP = SimpleNamespace(is_tensor=False, matmul=np.matmul, const=lambda a: a, unsqueeze=np.expand_dims,
                      zeros_like=np.zeros_like, sign=np.sign, abs=np.abs, where=np.where)   # numpy's formulas


def _no_derivative(m, g, **params):
    raise NotImplementedError("the derivative for '_pdist_backward' is not implemented.")


PDIST_BACKWARD = defop("_pdist_backward", "PdistBackwardBackward0", ("grad", "self", "pdist"),
                       lambda grad, self, pdist, p: np.asarray(_bwd(_NP, grad, self, p, pdist), self.dtype),
                       _no_derivative, promote=KEEP, jvp_note="none: torch has no derivative",
                       rule="raises: torch has no derivative of _pdist_backward")
PDIST = defop("_pdist_forward", "PdistBackward0", ("self",), _fwd, _bwd, saves=("self", "p", "result"),
              promote=KEEP, jvp=_jvp,
              samples=lambda: [Sample(arr(4, 3), params={"p": 2.0}), Sample(arr(5, 2, seed=1), params={"p": 3.0}),
                               Sample(arr(4, 3, seed=2), params={"p": 1.5}, note="1 < p < 2")],
              rule="each pair's norm gradient times g, +1 to row i and -1 to row j")
