"""Padding: ``F.pad``'s constant, reflect and replicate modes as torch's records
(ConstantPadNdBackward0, ReflectionPad1D/2D/3DBackward0, ReplicationPad1D/2D/3DBackward0); circular
padding copies slices into a new tensor, as torch (nn/functional_conv._circular).

Every mode maps each padded position of a dim to an input position (or none, for constant
padding): the forward takes those positions, and the backward adds the gradient back with a
0/1 matrix per padded dim (``g @ P`` along the last dim, ``P^T @ g`` along the one before, a depth
dim swapped with the last), which
is linear and written with the formula vocabulary, so double backward works."""
from __future__ import annotations

import numpy as np

from ..errors import ShapeError
from ..memory_layout import keeps_channels_last
from . import dtype_rules
from .registry import KEEP, defop
from .samples import Sample, arr


def source(n: int, before: int, after: int, mode: str) -> np.ndarray:
    """For each position of a padded dim of size ``n``, the input position it copies (-1: the fill)."""
    p = np.arange(-before, n + after)
    if mode == "reflect":
        p = np.abs(p)
        return np.where(p >= n, 2 * (n - 1) - p, p)
    if mode == "replicate":
        return np.clip(p, 0, n - 1)
    if mode == "circular":
        return p % n
    return np.where((p >= 0) & (p < n), p, -1)


def _pairs(pad) -> list:
    """torch's pad tuple (last dim first: left, right, top, bottom) as (dim, before, after)."""
    return [(-1 - k, pad[2 * k], pad[2 * k + 1]) for k in range(len(pad) // 2)]


def pad_np(a, pad, mode: str, value=0.0):
    out = a
    for dim, before, after in _pairs(pad):
        src = source(out.shape[dim], before, after, mode)
        taken = np.take(out, np.maximum(src, 0), axis=dim)
        if (src < 0).any():
            shape = [1] * out.ndim
            shape[dim] = src.size
            taken = np.where((src < 0).reshape(shape), np.asarray(value, dtype=a.dtype), taken)
        out = taken
    return out


def _unpad(m, g, pad, mode):
    """The gradient of ``pad_np``: g summed back onto the positions it copies."""
    dtype = np.asarray(getattr(g, "_data", g)).dtype
    for dim, before, after in _pairs(pad):
        n = g.shape[dim] - before - after
        src = source(n, before, after, mode)
        hit = src >= 0
        onehot = np.zeros((src.size, n), dtype)
        onehot[np.arange(src.size)[hit], src[hit]] = 1
        if dim == -1:
            g = m.matmul(g, m.const(onehot))
        elif dim == -2:
            g = m.matmul(m.const(np.ascontiguousarray(onehot.T)), g)
        else:      # a depth dim: swapped with the last one and back
            swap = list(range(len(g.shape)))
            swap[dim], swap[-1] = swap[-1], swap[dim]
            g = m.permute(m.matmul(m.permute(g, swap), m.const(onehot)), swap)
    return g


def _checked(name: str, mode: str, k: int):
    """torch's checks of its reflection/replication kernels for ``k`` padded dims."""
    def forward(a, padding):
        dtype_rules.refuse_bool(name, a)
        if a.ndim not in (k + 1, k + 2) or 0 in a.shape[a.ndim - k - 1 + (a.ndim == k + 2):]:
            raise ShapeError(f"Expected {k + 1}D or {k + 2}D (batch mode) tensor with possibly 0 batch size and "
                             f"other non-zero dimensions for input, but got: {list(a.shape)}")
        for dim, before, after in _pairs(padding):
            if mode == "reflect" and (before >= a.shape[dim] or after >= a.shape[dim]):
                raise ShapeError(f"Argument #{2 - 2 * dim}: Padding size should be less than the corresponding input "
                                 f"dimension, but got: padding ({before}, {after}) at dimension {a.ndim + dim} of "
                                 f"input {list(a.shape)}")
        return pad_np(a, padding, mode)
    return forward


def _record(name, node, mode, samples):
    return defop(name, node, ("self",), keeps_channels_last(_checked(name, mode, int(name[-2]))),
                 lambda m, g, self, padding: _unpad(m, g, padding, mode),
                 saves=("self", "padding"), promote=KEEP, samples=samples,
                 jvp_note="generic: derived through double-vjp",
                 rule=f"{mode} padding: g added back onto the positions each padded element copies")


CONSTANT_PAD = defop("constant_pad_nd", "ConstantPadNdBackward0", ("self",),
                     keeps_channels_last(lambda a, pad, value: pad_np(a, pad, "constant", value)),
                     lambda m, g, pad: _unpad(m, g, pad, "constant"), saves=("pad",), promote=KEEP,
                     samples=lambda: [Sample(arr(2, 3, 4), params={"pad": (1, 2, 0, 1), "value": 0.5}),
                                      Sample(arr(3, 4), params={"pad": (-1, 2), "value": 0.0}, note="a crop")],
                     jvp_note="generic: derived through double-vjp", rule="g without the padding")
REFLECTION_PAD1D = _record("reflection_pad1d", "ReflectionPad1DBackward0", "reflect",
                           lambda: [Sample(arr(2, 5), params={"padding": (2, 3)})])
REFLECTION_PAD2D = _record("reflection_pad2d", "ReflectionPad2DBackward0", "reflect",
                           lambda: [Sample(arr(1, 2, 3, 4), params={"padding": (1, 3, 2, 0)})])
REPLICATION_PAD1D = _record("replication_pad1d", "ReplicationPad1DBackward0", "replicate",
                            lambda: [Sample(arr(2, 3), params={"padding": (4, 1)})])
REFLECTION_PAD3D = _record("reflection_pad3d", "ReflectionPad3DBackward0", "reflect",
                           lambda: [Sample(arr(1, 2, 3, 3, 4), params={"padding": (1, 2, 2, 0, 1, 1)})])
REPLICATION_PAD3D = _record("replication_pad3d", "ReplicationPad3DBackward0", "replicate",
                            lambda: [Sample(arr(2, 2, 3, 2), params={"padding": (2, 1, 0, 1, 1, 2)})])
REPLICATION_PAD2D = _record("replication_pad2d", "ReplicationPad2DBackward0", "replicate",
                            lambda: [Sample(arr(2, 3, 3), params={"padding": (2, 1, 0, 3)})])
