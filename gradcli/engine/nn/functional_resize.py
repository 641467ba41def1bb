"""``F.interpolate`` and its deprecated aliases: torch's argument checks and messages, then one
resize record per mode and rank (``ops/upsample.py``), or adaptive average pooling for 'area'."""
from __future__ import annotations

import math
import warnings

from .. import dtypes, errors, instrumentation
from .functional_pool import adaptive_avg_pool1d, adaptive_avg_pool2d, adaptive_avg_pool3d

_MODES = "nearest | linear | bilinear | bicubic | trilinear | lanczos | area | nearest-exact"
_BLENDING = {"linear": (3, "linear"), "bilinear": (4, "linear"), "trilinear": (5, "linear"), "bicubic": (4, "cubic")}


def _spatial_sizes(input, size, scale_factor):
    """(output sizes or None, scale factors or None) as torch's interpolate validates them."""
    dim = input.ndim - 2
    if size is not None and scale_factor is not None:
        raise ValueError("only one of size or scale_factor should be defined")
    if size is not None:
        if isinstance(size, (list, tuple)):
            if len(size) != dim:
                raise ValueError("Input and output must have the same number of spatial dimensions, but got input with "
                                 f"spatial dimensions of {list(input.shape[2:])} and output size of {size}. Please "
                                 "provide input tensor in (N, C, d1, d2, ...,dK) format and output size in (o1, o2, "
                                 "...,oK) format.")
            if not all(isinstance(s, int) and not isinstance(s, bool) for s in size):
                raise TypeError("expected size to be one of int or Tuple[int] or Tuple[int, int] or Tuple[int, int, "
                                f"int], but got size with types {[type(s) for s in size]}")
            return tuple(size), None
        return (size,) * dim, None
    if scale_factor is None:
        raise ValueError("either size or scale_factor should be defined")
    if isinstance(scale_factor, (list, tuple)):
        if len(scale_factor) != dim:
            raise ValueError("Input and scale_factor must have the same number of spatial dimensions, but got input "
                             f"with spatial dimensions of {list(input.shape[2:])} and scale_factor of shape "
                             f"{scale_factor}. Please provide input tensor in (N, C, d1, d2, ...,dK) format and "
                             "scale_factor in (s1, s2, ...,sK) format.")
        return None, tuple(float(s) for s in scale_factor)
    return None, (float(scale_factor),) * dim


def _check_sizes(input, sizes):
    """torch's kernels refuse empty outputs, naming the dims (D, H, W) of the input and the output."""
    if min(sizes) > 0 and min(input.shape[2:]) > 0:
        return
    names = ("D", "H", "W")[3 - len(sizes):]
    shown = lambda values: ", ".join(f"{n}: {v}" for n, v in zip(names, values))      # noqa: E731
    raise errors.AutogradError(f"Input and output sizes should be greater than 0, but got input ({shown(input.shape[2:])})"
                               f" output ({shown(sizes)})")


def interpolate(input, size=None, scale_factor=None, mode="nearest", align_corners=None,
                recompute_scale_factor=None, antialias=False):
    """Resize the spatial (trailing) dims of an (N, C, ...) input: nearest, nearest-exact, linear,
    bilinear, bicubic (either also antialiased), trilinear and area, with torch's nodes, saved values and
    source coordinates."""
    from ..ops.upsample import upsample as _upsample
    if mode in ("nearest", "area", "nearest-exact"):
        if align_corners is not None:
            raise ValueError("align_corners option can only be set with the interpolating modes: linear | bilinear | "
                             "bicubic | trilinear")
    elif align_corners is None:
        align_corners = False
    sizes, scales = _spatial_sizes(input, size, scale_factor)
    if recompute_scale_factor and size is not None:
        raise ValueError("recompute_scale_factor is not meaningful with an explicit size.")
    if mode == "area" and sizes is None:
        recompute_scale_factor = True
    if recompute_scale_factor:
        sizes, scales = tuple(int(n * s) for n, s in zip(input.shape[2:], scales)), None
    if antialias and not (mode in ("bilinear", "bicubic", "lanczos") and input.ndim == 4):
        raise ValueError("Anti-alias option is restricted to bilinear, bicubic, and lanczos modes and requires a 4-D "
                         "tensor as input")
    if antialias and mode == "lanczos":
        raise NotImplementedError("interpolate(mode='lanczos', antialias=True) is not available in gradcli yet")
    if input.ndim not in (3, 4, 5) or mode not in ("nearest", "nearest-exact", "area", "lanczos", *_BLENDING) or (
            mode == "bicubic" and input.ndim != 4):
        raise NotImplementedError(f"Input Error: Only 3D, 4D and 5D input Tensors supported (got {input.ndim}D) for the "
                                  f"modes: {_MODES} (got {mode})")
    if mode == "area":
        return (adaptive_avg_pool1d, adaptive_avg_pool2d, adaptive_avg_pool3d)[input.ndim - 3](input, sizes)
    if mode == "lanczos":
        raise ValueError("Lanczos mode requires antialias=True")
    if sizes is None:       # torch's kernels derive the sizes from the scales
        sizes = tuple(int(math.floor(n * s)) for n, s in zip(input.shape[2:], scales))
    _check_sizes(input, sizes)
    instrumentation.check_shape(tuple(input.shape[:2]) + tuple(sizes))   # before the kernel's index tables
    scales = scales or (None,) * len(sizes)
    if mode in ("nearest", "nearest-exact"):
        return _upsample(input, mode, sizes, scales)
    rank, kind = _BLENDING[mode]
    if input.ndim != rank:
        raise NotImplementedError(f"Got {input.ndim}D input, but {mode} mode needs {rank}D input")
    if antialias:
        _antialias_dtype(input)
        kind += "-aa"
    return _upsample(input, kind, sizes, scales, align_corners)


def _antialias_dtype(input) -> None:
    """torch's antialiased kernels take float and double (and uint8, by a rounding path of its own)."""
    dtype = input.dtype
    if dtype is dtypes.uint8:
        raise NotImplementedError("interpolate(antialias=True) of a uint8 tensor is not available in gradcli yet")
    if dtype not in (dtypes.float32, dtypes.float64):
        raise NotImplementedError(f'"compute_index_ranges_weights" not implemented for \'{dtype.scalar_name}\'')


def upsample(input, size=None, scale_factor=None, mode="nearest", align_corners=None):
    warnings.warn("`nn.functional.upsample` is deprecated. Use `nn.functional.interpolate` instead.", UserWarning,
                  stacklevel=2)
    return interpolate(input, size, scale_factor, mode, align_corners)


def upsample_nearest(input, size=None, scale_factor=None):
    warnings.warn("`nn.functional.upsample_nearest` is deprecated. Use `nn.functional.interpolate` instead.",
                  UserWarning, stacklevel=2)
    return interpolate(input, size, scale_factor, mode="nearest")


def upsample_bilinear(input, size=None, scale_factor=None):
    warnings.warn("`nn.functional.upsample_bilinear` is deprecated. Use `nn.functional.interpolate` instead.",
                  UserWarning, stacklevel=2)
    return interpolate(input, size, scale_factor, mode="bilinear", align_corners=True)
