"""``F.affine_grid`` as torch's affine_grid_generator: one AffineGridGeneratorBackward0 node saving
``size`` and ``align_corners``; its backward is torch's affine_grid_generator_backward (the base
grid's transpose times the gradient)."""
from __future__ import annotations

import numpy as np

from .. import instrumentation
from . import small_bmm
from .registry import KEEP, defop
from .samples import Sample, arr


def _coords(n: int, align_corners: bool) -> np.ndarray:
    """torch's linspace(-1, 1, n), scaled by (n - 1) / n without align_corners (pixel centres)."""
    if n <= 1:
        return np.zeros(max(n, 0))
    if align_corners:
        return np.linspace(-1.0, 1.0, n)
    return (np.arange(n) * 2 + 1) / n - 1


def base_grid(size, align_corners: bool) -> np.ndarray:
    """(1, D*H*W, k + 1): the (x, y[, z], 1) coordinates of every output point, x along the last dim."""
    spatial = tuple(size[2:])
    mesh = np.meshgrid(*(_coords(n, align_corners) for n in spatial), indexing="ij")
    coords = list(mesh[::-1]) + [np.ones(spatial)]
    return np.stack(coords, -1).reshape(1, -1, len(spatial) + 1)


def _fwd(theta, size, align_corners):
    if theta.dtype.kind == "b":
        raise NotImplementedError("\"linspace_cpu\" not implemented for 'Bool'")
    shape = tuple(size[:1]) + tuple(size[2:]) + (len(size) - 2,)
    instrumentation.check_shape(shape)      # the run's element limit, before the base grid is made
    base = base_grid(size, align_corners).astype(theta.dtype)
    return small_bmm.bmm(base, theta.swapaxes(-1, -2)).reshape(shape)


def _bwd(m, g, align_corners, size):
    base_t = m.cast(m.const(base_grid(size, align_corners).swapaxes(1, 2)), g)
    flat = m.g_reshape(g, (size[0], -1, len(size) - 2))
    return m.transpose(m.matmul(base_t, flat) if m.is_tensor else small_bmm.bmm(base_t, flat), -1, -2)


def _jvp(m, t, align_corners, size):
    base = m.cast(m.const(base_grid(size, align_corners)), t[0])
    return m.g_reshape(m.matmul(base, m.transpose(t[0], -1, -2)), (size[0],) + tuple(size[2:]) + (len(size) - 2,))


AFFINE_GRID = defop("affine_grid_generator", "AffineGridGeneratorBackward0", ("theta",), _fwd, _bwd,
                    saves=("align_corners", "size"), promote=KEEP, jvp=_jvp,
                    samples=lambda: [Sample(arr(2, 2, 3), params={"size": (2, 1, 3, 4), "align_corners": False}),
                                     Sample(arr(1, 2, 3, seed=1), params={"size": (1, 2, 2, 2), "align_corners": True}),
                                     Sample(arr(2, 3, 4, seed=2), params={"size": (2, 1, 2, 3, 2),
                                                                          "align_corners": False})],
                    rule="base grid^T @ grad (theta enters linearly)")
