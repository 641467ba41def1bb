"""fractional_max_pool2d/3d under torch's nodes (FractionalMaxPool2DBackward0 / 3D, and
FractionalMaxPool2DBackwardBackward0 / 3D under create_graph).

Each output cell is the maximum of a kernel-sized window whose start follows torch's
``generate_intervals``: ``int((i + u) * alpha) - int(u * alpha)`` with ``alpha = (in - k) / (out - 1)``
and the last window flush with the end, computed in the input's dtype as torch's kernel does (the
starts of a float32 input are float32 arithmetic's). ``u`` is one of ``_random_samples``' values per
(batch, plane, dim): for 2-d the W sample first, then H; for 3-d T, H, W. Indices are flat in each
plane or volume, as max_pool's: the gradients reuse the max-unpooling kernels of ops/max_unpool.py.
"""
from __future__ import annotations

import numpy as np

from .. import errors
from ..dispatch import call
from .convolution import _unpool_bwd, _unpool_np, scatter_at_indices
from .dtype_rules import not_implemented
from .max_unpool import _as_plane, _unpool3d_bwd, _unpool3d_np
from .registry import KEEP, defop
from .samples import Sample, arr

# which of a plane's samples sets each spatial dim's windows (torch's kernels)
_SAMPLE_OF_DIM = {2: (1, 0), 3: (0, 1, 2)}
_DIM_NAMES = {2: ("height", "width"), 3: ("time", "height", "width")}


def check(k: int, a, kernel_size: tuple, output_size: tuple, samples) -> None:
    """torch's checks of a ``k``-d pooling, in its order: the meta function's (sizes, rank, empty dims,
    windows that fit), then the samples' dtype and shape, then the kernel's dtype."""
    for what, value in (("kernel_size", kernel_size), ("output_size", output_size)):
        if len(value) != k:
            raise errors.AutogradError(f"fractional_max_pool{k}d: {what} must either be a single Int or tuple of "
                                       f"{'three ' if k == 3 else ''}Ints")
    prefix = f"fractional_max_pool{k}d{'_out' if k == 3 else ''}()"
    if a.ndim not in (k + 1, k + 2):
        raise errors.ShapeError(f"{prefix}: Expected {k + 1}D or {k + 2}D tensor, but got: {list(a.shape)}")
    for dim in range(1, a.ndim):
        if a.shape[dim] == 0:
            raise errors.ShapeError(f"{prefix}: Expected input to have non-zero size for non-batch dimensions, but "
                                    f"got{list(a.shape)} with dimension {dim} being empty.")
    for size, pool, out, dim in zip(a.shape[-k:], kernel_size, output_size, _DIM_NAMES[k]):
        if out + pool - 1 > size:
            raise errors.ShapeError(f"{prefix}: pool {dim} {pool} too large relative to input {dim} {size}")
    if samples.dtype != a.dtype:
        raise errors.AutogradError("Expect _random_samples to have the same dtype as input")
    if samples.ndim != 3:
        raise errors.ShapeError(f"Expect _random_samples to have 3 dimensions, got {samples.ndim}")
    batch, planes = (1, a.shape[0]) if a.ndim == k + 1 else a.shape[:2]
    if samples.shape[0] < batch:
        raise errors.ShapeError("Expect _random_samples.size(0) no less then input batch size.")
    if samples.shape[1] != planes:
        raise errors.ShapeError("Expect _random_samples.size(1) equals to input channel size.")
    if samples.shape[2] != k:
        raise errors.ShapeError(f"Expect _random_samples.size(2) equals to {k}; got {samples.shape[2]}.")
    if a.dtype.kind != "f":
        raise not_implemented(f"fractional_max_pool{k}d_out_frame", a)


def window_starts(u, size: int, out: int, pool: int) -> np.ndarray:
    """torch's generate_intervals for every plane at once: ``u`` (N, C) samples in the input's dtype."""
    starts = np.empty(u.shape + (out,), np.int64)
    if out > 1:
        ftype = u.dtype.type
        alpha = ftype(size - pool) / ftype(out - 1)
        i = np.arange(out - 1).astype(u.dtype)
        starts[..., :-1] = ((i + u[..., None]) * alpha).astype(np.int64) - (u * alpha).astype(np.int64)[..., None]
    if out > 0:
        starts[..., -1] = size - pool
    return starts


def _pool(k: int, a, kernel_size, output_size, random_samples):
    samples = getattr(random_samples, "_data", random_samples)
    check(k, a, tuple(kernel_size), tuple(output_size), samples)
    batched = a.ndim == k + 2
    x = a if batched else a[None]
    n, c, spatial = x.shape[0], x.shape[1], x.shape[2:]
    u = samples[:n]
    # the flat index of every window element: (N, C, o_1..o_k, k_1..k_k)
    flat = np.zeros((n, c) + (1,) * (2 * k), np.int64)
    stride = 1
    for d in reversed(range(k)):
        starts = window_starts(u[..., _SAMPLE_OF_DIM[k][d]], spatial[d], output_size[d], kernel_size[d])
        shape = [n, c] + [1] * (2 * k)
        shape[2 + d], shape[2 + k + d] = output_size[d], kernel_size[d]
        flat = flat + (starts[..., :, None] + np.arange(kernel_size[d])).reshape(shape) * stride
        stride *= spatial[d]
    cells = (n, c) + tuple(output_size)
    window = int(np.prod(kernel_size))
    flat = np.broadcast_to(flat, cells + tuple(kernel_size)).reshape(cells + (window,))
    if window == 0:   # an empty window: torch's -inf, at the window's start
        starts = sum(window_starts(u[..., _SAMPLE_OF_DIM[k][d]], spatial[d], output_size[d], kernel_size[d]).reshape(
            (n, c) + tuple(output_size[d] if e == d else 1 for e in range(k))) * int(np.prod(spatial[d + 1:]))
            for d in range(k))
        values = np.full(cells, -np.inf, a.dtype)
        indices = np.broadcast_to(starts, cells).astype(np.int64)
    else:
        plane = x.reshape(n, c, int(np.prod(spatial)))
        win = np.take_along_axis(plane, flat.reshape(n, c, int(np.prod(output_size)) * window), -1).reshape(flat.shape)
        pick = np.argmax(win, axis=-1)          # the first maximum; a NaN wins, the last one
        nan = np.isnan(win)
        pick = np.where(nan.any(-1), win.shape[-1] - 1 - np.argmax(nan[..., ::-1], axis=-1), pick)
        values = np.take_along_axis(win, pick[..., None], -1)[..., 0]
        indices = np.take_along_axis(flat, pick[..., None], -1)[..., 0]
    return (values, indices) if batched else (values[0], indices[0])


def _forward_2d(a, kernel_size, output_size, random_samples):
    return _pool(2, a, kernel_size, output_size, random_samples)


def _forward_3d(a, kernel_size, output_size, random_samples):
    return _pool(3, a, kernel_size, output_size, random_samples)


def _backward_2d(m, g, self, kernel_size, output_size, result1):
    g = g[0] if isinstance(g, tuple) else g
    if m.is_tensor and not m.nb:
        return call(FRACTIONAL_MAX_POOL2D_BACKWARD, (g, self), {"indices": result1})
    return scatter_at_indices(m, g, tuple(self.shape), result1)


def _backward_3d(m, g, self, kernel_size, output_size, result1):
    g = g[0] if isinstance(g, tuple) else g
    if m.is_tensor and not m.nb:
        return call(FRACTIONAL_MAX_POOL3D_BACKWARD, (g, self), {"indices": result1})
    shape = tuple(self.shape)
    plane = scatter_at_indices(m, _as_plane(m, g), shape[:-3] + (1, int(np.prod(shape[-3:]))),
                               _as_plane(None, getattr(result1, "_data", result1)))
    return m.reshape(plane, tuple(g.shape[:m.nb]) + shape)


def _samples(batched: tuple, unbatched: tuple, kernel: tuple, out: tuple):
    """A batched input with (2, ..., 2) windows and ``out`` cells, an unbatched one with ``kernel``'s."""
    def make():
        k = len(kernel)
        u = np.random.default_rng(1).uniform(size=(batched[0], batched[1], k))
        v = np.random.default_rng(2).uniform(size=(2, unbatched[0], k))
        return [Sample(arr(*batched), params={"kernel_size": (2,) * k, "output_size": out, "random_samples": u}),
                Sample(arr(*unbatched, seed=2), params={"kernel_size": kernel, "output_size": out[::-1],
                                                        "random_samples": v}, note="unbatched, overlapping windows")]
    return make


_SAVES = ("self", "kernel_size", "output_size", "result1")
FRACTIONAL_MAX_POOL2D = defop("fractional_max_pool2d", "FractionalMaxPool2DBackward0", ("self",), _forward_2d,
                              _backward_2d, saves=_SAVES, promote=KEEP, outputs=2, nondiff_outputs=(1,),
                              samples=_samples((1, 2, 5, 6), (3, 7, 6), (3, 2), (3, 4)),
                              jvp_note="generic: derived through double-vjp",
                              rule="g to the position of each pseudo-random window's maximum")
FRACTIONAL_MAX_POOL3D = defop("fractional_max_pool3d", "FractionalMaxPool3DBackward0", ("self",), _forward_3d,
                              _backward_3d, saves=_SAVES, promote=KEEP, outputs=2, nondiff_outputs=(1,),
                              samples=_samples((1, 2, 4, 5, 6), (2, 6, 4, 6), (3, 2, 2), (2, 3, 4)),
                              jvp_note="generic: derived through double-vjp",
                              rule="g to the position of each pseudo-random box's maximum")


def _backward_samples(shape, out):
    def make():
        x = arr(*shape)
        k = len(out)
        _, idx = _pool(k, x, (2,) * k, out, np.random.default_rng(4).uniform(size=(shape[0], shape[1], k)))
        return [Sample(arr(*idx.shape, seed=5), x, params={"indices": idx}, grad=[0])]
    return make


FRACTIONAL_MAX_POOL2D_BACKWARD = defop(
    "fractional_max_pool2d_backward", "FractionalMaxPool2DBackwardBackward0", ("grad_output", "self"), _unpool_np,
    _unpool_bwd, saves=("indices",), promote=KEEP, samples=_backward_samples((1, 2, 5, 6), (3, 4)),
    jvp_note="generic: derived through double-vjp", rule="gg picked at the indices for grad_output; zeros for self")
FRACTIONAL_MAX_POOL3D_BACKWARD = defop(
    "fractional_max_pool3d_backward", "FractionalMaxPool3DBackwardBackward0", ("grad_output", "self"), _unpool3d_np,
    _unpool3d_bwd, saves=("indices",), promote=KEEP, samples=_backward_samples((1, 2, 4, 5, 6), (2, 3, 4)),
    jvp_note="generic: derived through double-vjp", rule="gg picked at the indices for grad_output; zeros for self")
