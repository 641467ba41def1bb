"""``torch.nn.functional``'s affine_grid and grid_sample (spatial transformers): the grid is torch's
AffineGridGeneratorBackward0 record (ops/affine_grid), the sampling of a 4-d input torch's
GridSampler2DBackward0 record (ops/grid_sampler) and of a 5-d input its GridSampler3DBackward0
(ops/grid_sampler_3d), after torch's checks in its order."""
from __future__ import annotations

import warnings

from .. import errors
from ..dims import int_list
from ..dispatch import call
from ..tensor import Tensor


def _align(align_corners) -> bool:
    if align_corners is None:
        warnings.warn("Default grid_sample and affine_grid behavior has changed to align_corners=False since 1.3.0. "
                      "Please specify align_corners=True if the old behavior is desired. See the documentation of "
                      "grid_sample for details.", UserWarning, stacklevel=3)
        return False
    return align_corners


def _argument_types(kernel: str, align, tensors: dict) -> None:
    """torch's argument parser's TypeError for a non-tensor input or a non-bool align_corners (bool(x)
    would have turned "yes" or 1 into True)."""
    for position, (name, value) in enumerate(tensors.items(), 1):
        if not isinstance(value, Tensor):
            raise TypeError(f"{kernel}(): argument '{name}' (position {position}) must be Tensor, not "
                            f"{type(value).__name__}")
    if align.__class__ is not bool:
        raise TypeError(f"{kernel}(): argument 'align_corners' (position {len(tensors) + (3 if kernel == 'grid_sampler' else 2)}) "
                        f"must be bool, not {type(align).__name__}")


def affine_grid(theta, size, align_corners=None):
    """Sampling coordinates in [-1, 1] for an (N, C, H, W) or (N, C, D, H, W) output: theta (N, 2, 3)
    or (N, 3, 4) applied to the base grid, one AffineGridGeneratorBackward0 node as torch's."""
    from ..ops.affine_grid import AFFINE_GRID
    align = _align(align_corners)
    _argument_types("affine_grid_generator", align, {"theta": theta})
    if theta._data.dtype.kind != "f":
        raise ValueError(f"Expected theta to have floating point type, but got {theta.dtype}")
    if len(size) not in (4, 5):
        raise NotImplementedError("affine_grid only supports 4D and 5D sizes, for 2D and 3D affine transforms, "
                                  f"respectively. Got size {size}.")
    k = len(size) - 2
    if theta.ndim != 3 or tuple(theta.shape[1:]) != (k, k + 1):
        raise ValueError(f"Expected a batch of {k}D affine matrices of shape Nx{k}x{k + 1} for size {size}. "
                         f"Got {theta.shape}.")
    if align and min(size[2:]) == 1:
        warnings.warn("Since version 1.3.0, affine_grid behavior has changed for unit-size grids when "
                      "align_corners=True. This is not an intended use case of affine_grid. See the documentation "
                      "of affine_grid for details.", UserWarning, stacklevel=2)
    elif min(size) <= 0:
        raise ValueError(f"Expected non-zero, positive output size. Got {size}")
    size = int_list(size, "affine_grid_generator", "size", 2)
    return call(AFFINE_GRID, (theta,), {"size": size, "align_corners": align})


_MODES = {"bilinear": 0, "nearest": 1, "bicubic": 2}
_PADDINGS = {"zeros": 0, "border": 1, "reflection": 2}


def grid_sample(input, grid, mode="bilinear", padding_mode="zeros", align_corners=None):
    """Each output pixel read from ``input`` at its grid point ((-1, -1) the top-left corner): 'bilinear',
    'nearest' or 'bicubic' (4-d input only); outside the input 'zeros', 'border' or 'reflection'. One
    GridSampler2DBackward0 or GridSampler3DBackward0 node, as torch's (ops/grid_sampler, grid_sampler_3d)."""
    if mode not in _MODES:
        raise ValueError(f"nn.functional.grid_sample(): expected mode to be 'bilinear', 'nearest' or 'bicubic', but "
                         f"got: '{mode}'")
    if padding_mode not in _PADDINGS:
        raise ValueError(f"nn.functional.grid_sample(): expected padding_mode to be 'zeros', 'border', or "
                         f"'reflection', but got: '{padding_mode}'")
    align = _align(align_corners)
    _argument_types("grid_sampler", align, {"input": input, "grid": grid})
    sizes = f"input with sizes {list(input.shape)} and grid with sizes {list(grid.shape)}"
    if input.ndim == 0 or grid.ndim == 0 or input.shape[0] != grid.shape[0]:
        raise errors.AutogradError(f"grid_sampler(): expected grid and input to have same batch size, but got {sizes}")
    if grid.shape[-1] != input.ndim - 2:
        raise errors.AutogradError(f"grid_sampler(): expected grid to have size {input.ndim - 2} in last dimension, "
                                   f"but got grid with sizes {list(grid.shape)}")
    if input.ndim not in (4, 5) or grid.ndim != input.ndim:
        raise errors.AutogradError(f"grid_sampler(): expected {input.ndim}D input and grid with same number of "
                                   f"dimensions, but got {sizes}")
    for d in range(2, input.ndim):
        if input.shape[d] == 0:
            raise errors.AutogradError(f"grid_sampler(): expected input to have non-empty spatial dimensions, but "
                                       f"input has sizes {list(input.shape)} with dimension {d} being empty")
    if mode == "bicubic" and input.ndim == 5:
        raise errors.AutogradError("grid_sampler(): bicubic interpolation only supports 4D input")
    from ..ops.grid_sampler import GRID_SAMPLER_2D          # (lazy families: ops/lazy_families.py)
    from ..ops.grid_sampler_3d import GRID_SAMPLER_3D
    return call(GRID_SAMPLER_2D if input.ndim == 4 else GRID_SAMPLER_3D, (input, grid),
                {"interpolation_mode": _MODES[mode], "padding_mode": _PADDINGS[padding_mode], "align_corners": align})
