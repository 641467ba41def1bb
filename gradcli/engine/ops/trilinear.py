"""``F.bilinear``'s product as torch's ``_trilinear`` (one TrilinearBackward0 node saving i1, i2, i3,
expand1/2/3 and sumdim): out[b, o] = sum_ij i1[b, i] i2[o, i, j] i3[b, j], in the order ATen's
unrolled loop sums it (per output feature, bmm's in-order sums below 400 products) and its
backward's (each gradient itself a _trilinear: summed over the features one at a time)."""
from __future__ import annotations

import numpy as np

from .. import dtypes, instrumentation
from ..errors import DTypeError
from . import small_bmm
from .registry import KEEP, defop
from .samples import Sample, arr

# the arguments F.bilinear gives _trilinear: i1 (B, I) and i3 (B, J) beside i2 (O, I, J), summed over I and J
BILINEAR = {"expand1": (1, 3), "expand2": (0,), "expand3": (1, 2), "sumdim": (2, 3)}


def _fwd(i1, i2, i3, expand1, expand2, expand3, sumdim):
    for x in (i2, i3):
        if x.dtype != i1.dtype:
            raise DTypeError(f"expected scalar type {dtypes.scalar_type_name(i1.dtype)} but found "
                             f"{dtypes.scalar_type_name(x.dtype)}")
    if i1.dtype.kind == "b":
        raise NotImplementedError("\"bmm\" not implemented for 'Bool'")
    instrumentation.check_shape((i3.shape[0], i2.shape[0]))
    if not (i1.size and i2.size and i3.size):      # torch's zeros, its batch size read off i3
        return np.zeros((i3.shape[0], i2.shape[0]), i1.dtype)
    instrumentation.check_shape((i2.shape[0], i1.shape[0], i3.shape[1]))     # the first product's
    part = small_bmm.bmm(i1[None], i2)                                 # (O, B, J): sum over i
    out = small_bmm.bmm(part[:, :, None, :], i3[None, :, :, None])     # (O, B, 1, 1): then over j
    return np.ascontiguousarray(out[:, :, 0, 0].T)


def _grads_np(g, i1, i2, i3, needs):
    """torch's _trilinear_backward: each input's gradient a _trilinear of the others and g."""
    if not (i1.size and i2.size and i3.size):    # torch's zeros, each batch size read as its _trilinear reads it
        return (np.zeros((i3.shape[0], i1.shape[-1]), g.dtype) if needs[0] else None,
                np.zeros_like(i2) if needs[1] else None,
                np.zeros((g.shape[0], i3.shape[-1]), g.dtype) if needs[2] else None)
    o = i2.shape[0]
    g1 = g3 = None
    if needs[0]:
        g1 = np.zeros_like(i1)
        for k in range(o):   # sum_j (g[b, k] i2[k, i, j]) i3[b, j], added feature by feature
            g1 = g1 + small_bmm.bmm(g[:, k, None, None] * i2[k][None], i3[:, :, None])[:, :, 0]
    g2 = np.stack([small_bmm.bmm((i1 * g[:, k, None]).T[None], i3[None])[0] for k in range(o)]) if needs[1] else None
    if needs[2]:
        g3 = np.zeros_like(i3)
        for k in range(o):   # (sum_i i1[b, i] i2[k, i, j]) g[b, k], added feature by feature
            g3 = g3 + small_bmm.bmm(i1[None], i2[k][None])[0] * g[:, k, None]
    return g1, g2, g3


def _bwd(m, g, i1, i2, i3, expand1, expand2, expand3, sumdim, needs):
    if not m.is_tensor and not m.nb:
        return _grads_np(g, i1, i2, i3, needs)
    gk = m.unsqueeze(m.unsqueeze(g, -1), -1)                       # (..., B, O, 1, 1)
    a = m.unsqueeze(m.unsqueeze(i1, -2), -1)                       # (..., B, 1, I, 1)
    c = m.unsqueeze(m.unsqueeze(i3, -2), -2)                       # (..., B, 1, 1, J)
    w = m.unsqueeze(i2, -4)                                        # (..., 1, O, I, J)
    return (m.sum(m.sum(gk * w * c, (-1,), False), (-2,), False) if needs[0] else None,
            m.sum(a * gk * c, (-4,), False) if needs[1] else None,
            m.sum(m.sum(a * w * gk, (-2,), False), (-2,), False) if needs[2] else None)


def _jvp(m, t, i1, i2, i3, expand1, expand2, expand3, sumdim):
    out = None
    for k, x in enumerate(t):
        if x is None:
            continue
        a, w, c = (x if k == 0 else i1), (x if k == 1 else i2), (x if k == 2 else i3)
        term = m.sum(m.sum(m.unsqueeze(m.unsqueeze(a, -2), -1) * m.unsqueeze(w, -4) * m.unsqueeze(m.unsqueeze(c, -2), -2),
                           (-1,), False), (-1,), False)
        out = term if out is None else out + term
    return out


TRILINEAR = defop("_trilinear", "TrilinearBackward0", ("i1", "i2", "i3"), _fwd, _bwd,
                  saves=("i1", "i2", "i3", "expand1", "expand2", "expand3", "sumdim"), promote=KEEP, masked=True,
                  jvp=_jvp, samples=lambda: [Sample(arr(3, 2), arr(4, 2, 3, seed=1), arr(3, 3, seed=2), params=BILINEAR)],
                  rule="each input's gradient: the product of the other two and g, summed over the rest")
