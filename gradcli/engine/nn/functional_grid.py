"""``torch.nn.functional``'s affine_grid and grid_sample (4-d input: spatial transformers), composed of
engine ops: the grid is torch's AffineGridGeneratorBackward0 record (ops/affine_grid), and sampling
gathers the neighbouring pixels and blends them with weights that are differentiable in the grid
(torch records one GridSampler2DBackward0 node; the values and gradients, to the input and to the
grid, are the same)."""
from __future__ import annotations

import warnings

import numpy as np

from .. import errors
from ..dispatch import call
from ..functions import floor, where
from ..tensor import make


def _align(align_corners) -> bool:
    if align_corners is None:
        warnings.warn("Default grid_sample and affine_grid behavior has changed to align_corners=False since 1.3.0. "
                      "Please specify align_corners=True if the old behavior is desired. See the documentation of "
                      "grid_sample for details.", UserWarning, stacklevel=3)
        return False
    return bool(align_corners)


def affine_grid(theta, size, align_corners=None):
    """Sampling coordinates in [-1, 1] for an (N, C, H, W) or (N, C, D, H, W) output: theta (N, 2, 3)
    or (N, 3, 4) applied to the base grid, one AffineGridGeneratorBackward0 node as torch's."""
    from ..ops.affine_grid import AFFINE_GRID
    align = _align(align_corners)
    given, size = size, tuple(int(s) for s in size)
    if theta._data.dtype.kind != "f":
        raise ValueError(f"Expected theta to have floating point type, but got {theta.dtype}")
    if len(size) not in (4, 5):
        raise NotImplementedError("affine_grid only supports 4D and 5D sizes, for 2D and 3D affine transforms, "
                                  f"respectively. Got size {given}.")
    k = len(size) - 2
    if theta.ndim != 3 or tuple(theta.shape[1:]) != (k, k + 1):
        raise ValueError(f"Expected a batch of {k}D affine matrices of shape Nx{k}x{k + 1} for size {given}. "
                         f"Got {theta.shape}.")
    if align and min(size[2:]) == 1:
        warnings.warn("Since version 1.3.0, affine_grid behavior has changed for unit-size grids when "
                      "align_corners=True. This is not an intended use case of affine_grid. See the documentation "
                      "of affine_grid for details.", UserWarning, stacklevel=2)
    elif min(size) <= 0:
        raise ValueError(f"Expected non-zero, positive output size. Got {given}")
    return call(AFFINE_GRID, (theta,), {"size": size, "align_corners": align})


def _unnormalize(coord, size: int, align: bool):
    return (coord + 1) / 2 * (size - 1) if align else ((coord + 1) * size - 1) / 2


def _clip(coord, size: int):
    """torch's clip_coordinates_set_grad: clamped to [0, size - 1], the bounds themselves counting as
    outside (gradient 0 there)."""
    data = coord._data
    inside = make((data > 0) & (data < size - 1))
    return where(inside, coord, make(np.clip(data, 0, size - 1)))


def grid_sample(input, grid, mode="bilinear", padding_mode="zeros", align_corners=None):
    """Each output pixel read from ``input`` at its grid point ((-1, -1) the top-left corner):
    'bilinear' or 'nearest', outside the input 'zeros' or 'border'."""
    if mode not in ("bilinear", "nearest", "bicubic"):
        raise ValueError(f"nn.functional.grid_sample(): expected mode to be 'bilinear', 'nearest' or 'bicubic', but "
                         f"got: '{mode}'")
    if padding_mode not in ("zeros", "border", "reflection"):
        raise ValueError(f"nn.functional.grid_sample(): expected padding_mode to be 'zeros', 'border', or "
                         f"'reflection', but got: '{padding_mode}'")
    if mode == "bicubic" or padding_mode == "reflection":
        raise NotImplementedError(f"grid_sample with mode={mode!r}, padding_mode={padding_mode!r} is not available in "
                                  "gradcli yet")
    align = _align(align_corners)
    if input.is_complex():     # torch's kernels are real-only (2-d and 3-d name theirs differently)
        raise NotImplementedError(f"\"{'grid_sampler3d_cpu' if input.ndim == 5 else 'grid_sampler_2d_cpu_kernel_impl'}\" "
                                  f"not implemented for '{input.dtype.scalar_name}'")
    if grid.is_complex():
        raise errors.DTypeError(f"expected scalar type {input.dtype.scalar_name} but found {grid.dtype.scalar_name}")
    if input.ndim != 4 or grid.ndim != 4 or grid.shape[-1] != 2:
        raise errors.ShapeError("grid_sample(): gradcli samples 4-D input with an (N, H_out, W_out, 2) grid; got "
                                f"input {list(input.shape)} and grid {list(grid.shape)}")
    if input.shape[0] != grid.shape[0]:
        raise errors.ShapeError(f"grid_sampler(): expected grid and input to have same batch size, but got input "
                                f"with sizes {list(input.shape)} and grid with sizes {list(grid.shape)}")
    n, c, h, w = input.shape
    ho, wo = grid.shape[1], grid.shape[2]
    ix = _unnormalize(grid[..., 0], w, align)
    iy = _unnormalize(grid[..., 1], h, align)
    if padding_mode == "border":
        ix, iy = _clip(ix, w), _clip(iy, h)
    flat = input.reshape(n, c, h * w)

    def pick(x, y):
        """input at integer (x, y) (an (N, Ho, Wo) array each), 0 outside."""
        inside = (x >= 0) & (x < w) & (y >= 0) & (y < h)
        index = np.where(inside, np.clip(y, 0, h - 1) * w + np.clip(x, 0, w - 1), 0).reshape(n, 1, ho * wo)
        values = flat.gather(2, make(np.broadcast_to(index, (n, c, ho * wo)).astype(np.int64)))
        return values.reshape(n, c, ho, wo), make(inside[:, None].astype(input._data.dtype))

    if mode == "nearest":
        values, inside = pick(np.round(ix._data).astype(np.int64), np.round(iy._data).astype(np.int64))
        # the grid gets a zero gradient, as torch's (not none)
        return values * inside + where(make(np.zeros(tuple(ix.shape), bool)), ix + iy, 0.0).unsqueeze(1)
    x0, y0 = floor(ix).detach(), floor(iy).detach()
    tx, ty = (ix - x0).unsqueeze(1), (iy - y0).unsqueeze(1)
    x0, y0 = x0._data.astype(np.int64), y0._data.astype(np.int64)
    out = None
    for dx, wx in ((0, 1 - tx), (1, tx)):
        for dy, wy in ((0, 1 - ty), (1, ty)):
            values, inside = pick(x0 + dx, y0 + dy)
            term = values * inside * (wx * wy)
            out = term if out is None else out + term
    return out
