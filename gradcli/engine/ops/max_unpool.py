"""Adaptive max pooling and max unpooling under torch's nodes: adaptive_max_pool2d
(AdaptiveMaxPool2DBackward0, and AdaptiveMaxPool2DBackwardBackward0 under create_graph) and
max_unpool2d (MaxUnpool2DBackward0). Both move values by a flat index into each (H, W) plane, the
indices max_pool2d returns: a gradient goes back by scatter-add (the pooling) or gather (unpooling),
with the kernels of ops/convolution.py."""
from __future__ import annotations

import numpy as np

from .. import dtypes, errors
from ..dispatch import call
from .convolution import _max_pool_fwd, _unpool_bwd, _unpool_np, scatter_at_indices
from .registry import KEEP, defop
from .samples import Sample, arr


def _floating(kernel: str, a) -> None:
    if a.dtype.kind != "f":
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{dtypes.scalar_type_name(a.dtype)}'")


def bins(size: int, out: int) -> list:
    """torch's adaptive windows along one dim: [floor(i n / out), ceil((i + 1) n / out))."""
    return [((i * size) // out, -(-((i + 1) * size) // out)) for i in range(out)]


def _adaptive_max_fwd(a, output_size):
    """The maximum of each adaptive window and its flat index in its plane (a NaN wins, the last one;
    between equal values the first, as torch's kernel)."""
    _floating("adaptive_max_pool2d", a)
    if a.ndim not in (3, 4):
        raise errors.ShapeError(f"adaptive_max_pool2d(): Expected 3D or 4D tensor, but got: {list(a.shape)}")
    for dim in range(a.ndim - 3, a.ndim):
        if a.shape[dim] == 0:
            raise errors.ShapeError(f"adaptive_max_pool2d(): Expected input to have non-zero size for non-batch "
                                    f"dimensions, but input has sizes {list(a.shape)} with dimension {dim} being empty")
    h, w = a.shape[-2:]
    oh, ow = output_size
    values = np.empty(a.shape[:-2] + (oh, ow), a.dtype)
    indices = np.empty(a.shape[:-2] + (oh, ow), np.int64)
    for i, (h0, h1) in enumerate(bins(h, oh)):
        for j, (w0, w1) in enumerate(bins(w, ow)):
            win = a[..., h0:h1, w0:w1].reshape(a.shape[:-2] + ((h1 - h0) * (w1 - w0),))
            pick = np.argmax(win, axis=-1)
            if a.dtype.kind == "f":
                nan = np.isnan(win)
                last_nan = win.shape[-1] - 1 - np.argmax(nan[..., ::-1], axis=-1)
                pick = np.where(nan.any(-1), last_nan, pick)
            values[..., i, j] = np.take_along_axis(win, pick[..., None], -1)[..., 0]
            indices[..., i, j] = (h0 + pick // (w1 - w0)) * w + w0 + pick % (w1 - w0)
    return values, indices


def _adaptive_max_bwd(m, g, self, result1):
    g = g[0] if isinstance(g, tuple) else g
    if m.is_tensor and not m.nb:
        return call(ADAPTIVE_MAX_POOL2D_BACKWARD, (g, self), {"indices": result1})
    return scatter_at_indices(m, g, tuple(self.shape), result1)


ADAPTIVE_MAX_POOL2D = defop("adaptive_max_pool2d", "AdaptiveMaxPool2DBackward0", ("self",), _adaptive_max_fwd,
                            _adaptive_max_bwd, saves=("self", "result1"), promote=KEEP, outputs=2,
                            nondiff_outputs=(1,), jvp_note="generic: derived through double-vjp",
                            samples=lambda: [Sample(arr(2, 3, 5, 7), params={"output_size": (2, 3)}),
                                             Sample(arr(2, 4, 4, seed=1), params={"output_size": (4, 3)},
                                                    note="overlapping windows")],
                            rule="g to the position of each adaptive window's maximum")


def _adaptive_bwd_samples():
    x = arr(1, 2, 5, 7)
    _, idx = _adaptive_max_fwd(x, (2, 3))
    return [Sample(arr(1, 2, 2, 3, seed=5), x, params={"indices": idx}, grad=[0])]


ADAPTIVE_MAX_POOL2D_BACKWARD = defop("adaptive_max_pool2d_backward", "AdaptiveMaxPool2DBackwardBackward0",
                                     ("grad_output", "self"), _unpool_np, _unpool_bwd, saves=("indices",),
                                     promote=KEEP, samples=_adaptive_bwd_samples,
                                     jvp_note="generic: derived through double-vjp",
                                     rule="gg picked at the indices for grad_output; zeros for self")


def _max_unpool_fwd(a, indices, output_size):
    """Each value written at its flat index of a zero (H, W) plane."""
    _floating("max_unpool2d", a)
    idx = getattr(indices, "_data", indices)
    if idx.shape != a.shape:
        raise errors.ShapeError(f"Expected shape of indices to be same as that of the input tensor "
                                f"({list(a.shape)}) but got indices tensor with shape: {list(idx.shape)}")
    oh, ow = output_size
    lead = a.shape[:-2]
    flat_idx = idx.reshape(lead + (-1,))
    if flat_idx.size and (flat_idx.min() < 0 or flat_idx.max() >= oh * ow):
        bad = flat_idx[(flat_idx < 0) | (flat_idx >= oh * ow)].flat[0]
        raise errors.AutogradError(f"Found an invalid max index: {bad} (output volumes are of size {oh}x{ow})")
    out = np.zeros(lead + (oh * ow,), a.dtype)
    np.put_along_axis(out, flat_idx, a.reshape(lead + (-1,)), -1)
    return out.reshape(lead + (oh, ow))


def _max_unpool_bwd(m, g, indices, output_size):
    return _unpool_bwd(m, g, indices)[0]


def _unpool_samples():
    x = arr(1, 2, 4, 6)
    values, idx = _max_pool_fwd(x, (2, 2), (2, 2), (0, 0), (1, 1), False)
    return [Sample(values, params={"indices": idx, "output_size": (4, 6)})]


MAX_UNPOOL2D = defop("max_unpool2d", "MaxUnpool2DBackward0", ("self",), _max_unpool_fwd, _max_unpool_bwd,
                     saves=("indices", "output_size"), internal=("output_size",), promote=KEEP,
                     samples=_unpool_samples, jvp_note="generic: derived through double-vjp",
                     rule="g gathered at the indices")
