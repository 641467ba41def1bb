"""Adaptive max pooling and max unpooling under torch's nodes: adaptive_max_pool2d/3d
(AdaptiveMaxPool2DBackward0 / 3D, and AdaptiveMaxPool2DBackwardBackward0 / 3D under create_graph) and
max_unpool2d/3d (MaxUnpool2DBackward0 / 3D). All move values by a flat index into each (H, W) plane or
(D, H, W) volume, the indices max_pool2d/3d return: a gradient goes back by scatter-add (the pooling)
or gather (unpooling), with the kernels of ops/convolution.py, a volume seen as a (1, D*H*W) plane."""
from __future__ import annotations

import itertools

import numpy as np

from .. import dtypes, errors
from ..dispatch import call
from ..memory_layout import keeps_channels_last
from .convolution import _max_pool_fwd, _unpool_bwd, _unpool_np, scatter_at_indices
from .registry import KEEP, defop
from .samples import Sample, arr


def _floating(kernel: str, a) -> None:
    if a.dtype.kind != "f":
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{dtypes.scalar_type_name(a.dtype)}'")


def bins(size: int, out: int) -> list:
    """torch's adaptive windows along one dim: [floor(i n / out), ceil((i + 1) n / out))."""
    return [((i * size) // out, -(-((i + 1) * size) // out)) for i in range(out)]


def _adaptive_max(kernel: str, name: str, a, output_size):
    """The maximum of each adaptive window over the last len(output_size) dims and its flat index in
    its plane or volume (a NaN wins, the last one; between equal values the first, as torch's kernel)."""
    k = len(output_size)
    _floating(kernel, a)
    if a.ndim not in (k + 1, k + 2):
        raise errors.ShapeError(f"{name}(): Expected {k + 1}D or {k + 2}D tensor, but got: {list(a.shape)}")
    for dim in range(a.ndim - k - 1, a.ndim):
        if a.shape[dim] == 0:
            raise errors.ShapeError(f"{name}(): Expected input to have non-zero size for non-batch "
                                    f"dimensions, but input has sizes {list(a.shape)} with dimension {dim} being empty")
    lead, spatial = a.shape[:-k], a.shape[-k:]
    values = np.empty(lead + tuple(output_size), a.dtype)
    indices = np.empty(lead + tuple(output_size), np.int64)
    windows = [bins(n, o) for n, o in zip(spatial, output_size)]
    for cell in itertools.product(*(range(o) for o in output_size)):
        box = [windows[d][i] for d, i in enumerate(cell)]
        extent = tuple(hi - lo for lo, hi in box)
        win = a[(...,) + tuple(slice(lo, hi) for lo, hi in box)].reshape(lead + (int(np.prod(extent)),))
        pick = np.argmax(win, axis=-1)
        nan = np.isnan(win)
        last_nan = win.shape[-1] - 1 - np.argmax(nan[..., ::-1], axis=-1)
        pick = np.where(nan.any(-1), last_nan, pick)
        values[(...,) + cell] = np.take_along_axis(win, pick[..., None], -1)[..., 0]
        offsets = np.unravel_index(pick, extent)
        indices[(...,) + cell] = np.ravel_multi_index(tuple(lo + o for (lo, _), o in zip(box, offsets)), spatial)
    return values, indices


def _adaptive_max_fwd(a, output_size):
    return _adaptive_max("adaptive_max_pool2d", "adaptive_max_pool2d", a, output_size)


def _adaptive_max_bwd(m, g, self, result1):
    g = g[0] if isinstance(g, tuple) else g
    if m.is_tensor and not m.nb:
        return call(ADAPTIVE_MAX_POOL2D_BACKWARD, (g, self), {"indices": result1})
    return scatter_at_indices(m, g, tuple(self.shape), result1)


ADAPTIVE_MAX_POOL2D = defop("adaptive_max_pool2d", "AdaptiveMaxPool2DBackward0", ("self",),
                            keeps_channels_last(_adaptive_max_fwd),
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
    """Each value written at its flat index of a zero (H, W) plane (of invalid indices, torch's
    single-threaded kernel names the last)."""
    _floating("max_unpool2d", a)
    idx = getattr(indices, "_data", indices)
    if idx.shape != a.shape:
        raise errors.ShapeError(f"Expected shape of indices to be same as that of the input tensor "
                                f"({list(a.shape)}) but got indices tensor with shape: {list(idx.shape)}")
    oh, ow = output_size
    lead = a.shape[:-2]
    flat_idx = idx.reshape(lead + (-1,))
    if flat_idx.size and (flat_idx.min() < 0 or flat_idx.max() >= oh * ow):
        bad = flat_idx[(flat_idx < 0) | (flat_idx >= oh * ow)].flat[-1]
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


def _adaptive_max3d_fwd(a, output_size):
    return _adaptive_max("adaptive_max_pool3d_cpu", "adaptive_max_pool3d", a, output_size)


def _as_plane(m, x):
    """A (..., D, H, W) gradient or index array as the (..., 1, D*H*W) plane the 2-d kernels take
    (``m`` None for a numpy array)."""
    return (np.reshape if m is None else m.reshape)(x, tuple(x.shape)[:-3] + (1, -1))


def _adaptive_max3d_bwd(m, g, self, result1):
    g = g[0] if isinstance(g, tuple) else g
    if m.is_tensor and not m.nb:
        return call(ADAPTIVE_MAX_POOL3D_BACKWARD, (g, self), {"indices": result1})
    shape = tuple(self.shape)
    plane = scatter_at_indices(m, _as_plane(m, g), shape[:-3] + (1, int(np.prod(shape[-3:]))),
                               _as_plane(None, getattr(result1, "_data", result1)))
    return m.reshape(plane, tuple(g.shape[:m.nb]) + shape)


ADAPTIVE_MAX_POOL3D = defop("adaptive_max_pool3d", "AdaptiveMaxPool3DBackward0", ("self",), _adaptive_max3d_fwd,
                            _adaptive_max3d_bwd, saves=("self", "result1"), promote=KEEP, outputs=2,
                            nondiff_outputs=(1,), jvp_note="generic: derived through double-vjp",
                            samples=lambda: [Sample(arr(1, 2, 3, 4, 5), params={"output_size": (2, 3, 2)}),
                                             Sample(arr(2, 3, 3, 4, seed=1), params={"output_size": (3, 2, 3)},
                                                    note="unbatched, overlapping windows")],
                            rule="g to the position of each adaptive box's maximum")


def _unpool3d_np(grad_output, self, indices):
    out = _unpool_np(_as_plane(None, grad_output), _as_plane(None, self),
                     _as_plane(None, getattr(indices, "_data", indices)))
    return out.reshape(self.shape)


def _unpool3d_bwd(m, gg, indices):
    idx = getattr(indices, "_data", indices)
    lead = tuple(gg.shape[:m.nb])
    picked, _ = _unpool_bwd(m, _as_plane(m, gg), _as_plane(None, idx))
    return m.reshape(picked, lead + idx.shape), m.zeros_like(gg)


def _adaptive3d_bwd_samples():
    x = arr(1, 2, 3, 4, 5)
    _, idx = _adaptive_max3d_fwd(x, (2, 2, 3))
    return [Sample(arr(1, 2, 2, 2, 3, seed=5), x, params={"indices": idx}, grad=[0])]


ADAPTIVE_MAX_POOL3D_BACKWARD = defop("adaptive_max_pool3d_backward", "AdaptiveMaxPool3DBackwardBackward0",
                                     ("grad_output", "self"), _unpool3d_np, _unpool3d_bwd, saves=("indices",),
                                     promote=KEEP, samples=_adaptive3d_bwd_samples,
                                     jvp_note="generic: derived through double-vjp",
                                     rule="gg picked at the indices for grad_output; zeros for self")


def _max_unpool3d_fwd(a, indices, output_size):
    """Each value written at its flat index of a zero (D, H, W) volume."""
    _floating("max_unpool3d", a)
    idx = getattr(indices, "_data", indices)
    if idx.shape != a.shape:
        raise errors.ShapeError(f"Expected shape of indices to be same as that of the input tensor "
                                f"({list(a.shape)}) but got indices tensor with shape: {list(idx.shape)}")
    size = int(np.prod(output_size))
    lead = a.shape[:-3]
    flat_idx = idx.reshape(lead + (-1,))
    if flat_idx.size and (flat_idx.min() < 0 or flat_idx.max() >= size):
        bad = flat_idx[(flat_idx < 0) | (flat_idx >= size)].flat[-1]
        raise errors.AutogradError(f"Found an invalid max index: {bad} (output volumes are of size "
                                   f"{'x'.join(str(s) for s in output_size)})")
    out = np.zeros(lead + (size,), a.dtype)
    np.put_along_axis(out, flat_idx, a.reshape(lead + (-1,)), -1)
    return out.reshape(lead + tuple(output_size))


def _max_unpool3d_bwd(m, g, indices, output_size):
    return _unpool3d_bwd(m, g, indices)[0]


def _unpool3d_samples():
    """Distinct flat indices into each (4, 4, 6) volume, as a max_pool3d of kernel 2 gives."""
    r = np.random.default_rng(3)
    idx = np.stack([np.sort(r.choice(96, 8, replace=False)) for _ in range(2)]).reshape(1, 2, 2, 2, 2)
    return [Sample(arr(1, 2, 2, 2, 2), params={"indices": idx, "output_size": (4, 4, 6)})]


MAX_UNPOOL3D = defop("max_unpool3d", "MaxUnpool3DBackward0", ("self",), _max_unpool3d_fwd, _max_unpool3d_bwd,
                     saves=("indices", "output_size"), internal=("output_size",), promote=KEEP,
                     samples=_unpool3d_samples, jvp_note="generic: derived through double-vjp",
                     rule="g gathered at the indices")
