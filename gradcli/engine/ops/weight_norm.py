"""``_weight_norm_interface``: torch's fused weight normalization ``w = v * (g / ||v||)``, the norm
taken over every dim but ``dim`` (0 or the last; torch composes the other dims from plain ops).
Its node is WeightNormInterfaceBackward0, what ``parametrizations.weight_norm`` shows."""
from __future__ import annotations

import numpy as np

from .registry import KEEP, defop
from .samples import Sample, arr


def _other_axes(ndim: int, dim: int) -> tuple:
    return tuple(a for a in range(ndim) if a != dim)


def _wn_fwd(v, g, dim):
    norm = np.sqrt(np.sum(v * v, axis=_other_axes(v.ndim, dim), keepdims=True))
    return (v * (g / norm)).astype(v.dtype, copy=False), norm.astype(v.dtype, copy=False)


def _wn_bwd(m, g, v, w_g, result1, dim):
    """torch's kernel: grad_g = sum(grad v) / |v|, grad_v = a grad - b v with a = g / |v| and
    b = a grad_g / |v|. The norm is recomputed from v (not the saved result1) so that double
    backward sees it depend on v."""
    g = g[0]
    axes = _other_axes(len(v.shape), dim)
    norm = m.sqrt(m.sum(v * v, axes, True))
    grad_g = m.sum(g * v, tuple(m.nb + a for a in axes), True) / norm
    a = w_g / norm
    b = a * grad_g / norm
    if not m.is_tensor and g.dtype == np.float32:
        # torch's kernel is compiled with fused multiply-adds: a grad rounds, then -b v is added to
        # it exactly and rounded once (float64 holds the float32 products exactly)
        return (np.asarray(a * g, np.float64) - np.asarray(b, np.float64) * v).astype(np.float32), grad_g
    return a * g - b * v, grad_g


def _wn_samples():
    return [Sample(arr(3, 4), arr(3, 1, seed=1), params={"dim": 0}),
            Sample(arr(2, 3, 4, seed=2), arr(1, 1, 4, seed=3), params={"dim": 2}, note="last dim")]


WEIGHT_NORM = defop("_weight_norm_interface", "WeightNormInterfaceBackward0", ("v", "g"), _wn_fwd, _wn_bwd,
                    saves=("v", "g", "result1", "dim"), outputs=2, nondiff_outputs=(1,), promote=KEEP,
                    samples=_wn_samples, jvp_note="generic: derived through double-vjp",
                    rule="g: sum(grad v)/|v|; v: (g/|v|) grad - (g/|v|) (sum(grad v)/|v|) v/|v|")
