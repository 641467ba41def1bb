"""``grid_sampler_3d``: F.grid_sample of a 5-d input (volumes) as torch's one record
(GridSampler3DBackward0), 'bilinear' (trilinear) or 'nearest', with 'zeros', 'border' or 'reflection'
padding. torch's 3-d kernel is plain scalar C++ (no fused multiply-adds, unlike the vectorized 2-d
one), so its arithmetic is followed as written: ``((g + 1) * size - 1) / 2``, ``fmod`` reflection, the
eight corners' weights as products of three distances, sums from zero in the corners' order.

The backward is exact numpy; under create_graph it is one record, GridSampler3DBackwardBackward0, whose
backward differentiates the same formulas on engine tensors (as in ops/grid_sampler).
"""
from __future__ import annotations

import numpy as np

from .. import dtypes, errors
from .dtype_rules import not_implemented
from .grid_sampler import (BILINEAR, BORDER, NEAREST, NUMPY, REFLECTION, ZEROS, _as_int, backward_samples, double_backward,
                           exact_gradients, sampler_backward, sampler_samples)
from .registry import KEEP, defop

# the corners in torch's order: tnw, tne, tsw, tse, bnw, bne, bsw, bse as (dx, dy, dz)
_CORNERS = tuple((dx, dy, dz) for dz in (0, 1) for dy in (0, 1) for dx in (0, 1))


def _unnormalize(coord, size: int, align: bool):
    one, two = coord.dtype.type(1), coord.dtype.type(2)
    if align:
        return ((coord + one) / two) * coord.dtype.type(size - 1), coord.dtype.type(size - 1) / two
    return ((coord + one) * coord.dtype.type(size) - one) / two, coord.dtype.type(size) / two


def _clip(x, size: int):
    """std::min(size - 1, std::max(x, 0)) (NaN goes to size - 1) and the clip's derivative (0 at the
    bounds and beyond)."""
    top = x.dtype.type(size - 1)
    low = np.where(x < 0, x.dtype.type(0), x)
    slope = np.where((x <= 0) | (x >= top), x.dtype.type(0), x.dtype.type(1))
    return np.where(low < top, low, top), slope


def _reflect(x, size: int, align: bool):
    """torch's reflect_coordinates (fmod and a flip count) and its slope, +-1."""
    dtype = x.dtype.type
    if align and size <= 1:
        return np.zeros_like(x), np.zeros_like(x)
    low, span = (dtype(0), dtype(size - 1)) if align else (dtype(-1) / dtype(2), dtype(size))
    shifted = x - low
    negative = shifted < 0
    distance = np.abs(shifted)
    extra = np.fmod(distance, span)
    with np.errstate(invalid="ignore"):
        even = np.floor(distance / span) % 2 == 0
    slope = np.where(negative, dtype(-1), dtype(1))
    return np.where(even, extra + low, span - extra + low), np.where(even, slope, -slope)


def _locate(coord, size: int, padding: int, align: bool):
    """torch's grid_sampler_compute_source_index(_set_grad): the coordinate and its derivative."""
    x, mult = _unnormalize(coord, size, align)
    mult = np.full_like(x, mult)
    if padding == BORDER:
        x, slope = _clip(x, size)
        mult = mult * slope
    elif padding == REFLECTION:
        x, reflected = _reflect(x, size, align)
        x, slope = _clip(x, size)
        mult = mult * reflected * slope
    return x, mult


class _Taps:
    """Per output position (N, P): the coordinates, their derivatives, and for each corner (or the
    nearest voxel) the flat voxel it reads and whether it is inside."""

    def __init__(self, grid, shape, interpolation: int, padding: int, align: bool):
        n = grid.shape[0]
        depth, height, width = shape
        self.grid_shape = tuple(grid.shape[1:])
        self.coords = [grid[..., k].reshape(n, -1) for k in range(3)]
        located = [_locate(c, size, padding, align) for c, size in zip(self.coords, (width, height, depth))]
        self.at = [x for x, _ in located]
        self.mult = [m for _, m in located]
        self.floor = [np.floor(x) for x in self.at]
        if interpolation == NEAREST:
            points = [tuple(np.rint(x) for x in self.at)]
        else:
            points = [tuple(f + d for f, d in zip(self.floor, corner)) for corner in _CORNERS]
        self.pixels, self.read = [], []
        for px, py, pz in points:
            ix, iy, iz = _as_int(px), _as_int(py), _as_int(pz)
            inside = (ix >= 0) & (ix < width) & (iy >= 0) & (iy < height) & (iz >= 0) & (iz < depth)
            self.pixels.append(np.where(inside, (iz * height + iy) * width + ix, 0))
            self.read.append(inside)

    def values(self, flat_input, k, m=None):
        """Corner k's input values (N, C, P), zero outside."""
        n, c, size = flat_input.shape
        read = self.read[k][:, None, :]
        if m is None:
            offsets = (np.arange(n)[:, None, None] * c + np.arange(c)[:, None]) * size + self.pixels[k][:, None, :]
            return np.where(read, np.take(flat_input.reshape(-1), offsets), 0)
        index = np.broadcast_to(self.pixels[k][:, None, :], (n, c, self.pixels[k].shape[1]))
        return m.where(m.const(read), m.gather(flat_input, 2, m.const(np.ascontiguousarray(index))), 0)


def _distances(at, floor):
    """(to the far side, to the near side) along one axis: torch's (i0 + 1 - i) and (i - i0)."""
    return (floor + 1) - at, at - floor


def _forward(input, grid, interpolation_mode, padding_mode, align_corners):
    if input.dtype.kind != "f":
        raise not_implemented("grid_sampler3d_cpu", input)
    if grid.dtype != input.dtype:
        raise errors.AutogradError(f"expected scalar type {dtypes.scalar_type_name(input.dtype)} but found "
                                   f"{dtypes.scalar_type_name(grid.dtype)}")
    n, c = input.shape[:2]
    taps = _Taps(grid, input.shape[2:], interpolation_mode, padding_mode, bool(align_corners))
    flat = input.reshape(n, c, -1)
    if interpolation_mode == NEAREST:
        out = taps.values(flat, 0)
    else:
        dist = [_distances(a, f) for a, f in zip(taps.at, taps.floor)]
        out = np.zeros(flat.shape[:2] + (taps.at[0].shape[1],), input.dtype)
        for k, (dx, dy, dz) in enumerate(_CORNERS):       # skipped outside: never a 0 * NaN
            weight = (dist[0][dx] * dist[1][dy] * dist[2][dz])[:, None, :]
            out = np.where(taps.read[k][:, None, :], out + taps.values(flat, k) * weight, out)
    return np.ascontiguousarray(out.astype(input.dtype, copy=False)).reshape((n, c) + tuple(grid.shape[1:4]))


def _gradients(m, g, input, grid, taps, interpolation: int):
    """(grad_input, grad_grid) by torch's loops: per position, channel after channel, corner after corner."""
    m, values_in = (NUMPY, None) if m is None else (m, m)
    n, c = input.shape[:2]
    volume = tuple(input.shape[2:])
    p = taps.at[0].shape[1]
    go = m.reshape(g, (n, c, p))
    flat = m.reshape(input, (n, c, -1))
    if m.is_tensor:     # the coordinates as functions of the grid: value unchanged, slope the coordinate's
        at = [m.const(a) + (m.reshape(m.select(grid, -1, k), (n, p)) - m.const(coord)) * m.const(mult)
              for k, (a, coord, mult) in enumerate(zip(taps.at, taps.coords, taps.mult))]
    else:
        at = taps.at
    per_position = lambda t: m.reshape(t, (n, 1, p))    # noqa: E731
    if interpolation == NEAREST:
        shares = [go]
        grad_grid = m.zeros((n,) + taps.grid_shape, go)
    else:
        dist = [_distances(a, m.const(f)) for a, f in zip(at, taps.floor)]
        shares = [go * per_position(dist[0][dx] * dist[1][dy] * dist[2][dz]) for dx, dy, dz in _CORNERS]
        values = [taps.values(flat, k, values_in) for k in range(len(_CORNERS))]
        grads = [m.zeros((n, p), go) for _ in range(3)]
        for ch in range(c):
            go_c = m.select(go, 1, ch)
            for k, corner in enumerate(_CORNERS):
                value = m.select(values[k], 1, ch)
                read = m.const(taps.read[k])
                for axis in range(3):
                    a, b = (dist[j][corner[j]] for j in range(3) if j != axis)
                    term = value * a * b * go_c
                    moved = grads[axis] + term if corner[axis] else grads[axis] - term
                    grads[axis] = m.where(read, moved, grads[axis])
        grad_grid = m.reshape(m.stack([mult_k * grad for mult_k, grad in zip(map(m.const, taps.mult), grads)], -1),
                              (n,) + taps.grid_shape)
    return _scatter(m, shares, taps, (n, c) + volume), grad_grid


def _scatter(m, shares, taps, shape):
    """Each corner's share added onto its voxel in torch's order: position after position, corner after
    corner (channels apart)."""
    n, c = shape[:2]
    size = int(np.prod(shape[2:], dtype=np.int64))
    k, p = len(shares), taps.at[0].shape[1]
    stacked = m.permute(m.stack(shares, 3), (1, 0, 2, 3))          # (C, N, P, corners)
    read = np.stack(taps.read, 2).reshape(-1)                        # (N, P, corners) flattened
    chosen = np.flatnonzero(read)
    entry = np.repeat(np.arange(n), p * k)[chosen]
    target = entry * size + np.stack(taps.pixels, 2).reshape(-1)[chosen]
    if not m.is_tensor:
        summed = np.zeros(c * n * size, stacked.dtype)
        np.add.at(summed, (np.arange(c)[:, None] * (n * size) + target).reshape(-1),
                  stacked.reshape(c, n * p * k)[:, chosen].reshape(-1))
        return np.ascontiguousarray(summed.reshape((c, n) + shape[2:]).swapaxes(0, 1))
    src = m.index(m.reshape(stacked, (c, n * p * k)), (slice(None), m.const(chosen)))
    index = m.const(np.ascontiguousarray(np.broadcast_to(target, (c, target.size))))
    summed = m.scatter_add(m.zeros((c, n * size), stacked), 1, index, src)
    return m.permute(m.reshape(summed, (c, n) + shape[2:]), (1, 0, 2, 3, 4)).contiguous()


_CONFIGURATIONS = ((BILINEAR, ZEROS, False), (BILINEAR, BORDER, True), (BILINEAR, REFLECTION, False),
                   (BILINEAR, REFLECTION, True), (NEAREST, ZEROS, False))
GRID_SAMPLER_3D = defop(
    "grid_sampler_3d", "GridSampler3DBackward0", ("input", "grid"), _forward,
    sampler_backward(_Taps, _gradients, "grid_sampler_3d_backward"),
    saves=("input", "grid", "interpolation_mode", "padding_mode", "align_corners"), promote=KEEP,
    samples=lambda: sampler_samples((2, 2, 3, 4, 3), (2, 2, 3, 2, 3), _CONFIGURATIONS, 20),
    jvp_note="generic: derived through double-vjp",
    rule="input: each output's gradient times each corner's weight, added onto the corner's voxel; grid: the "
         "corners' values times the weights' derivatives, times the coordinate's derivative (0 where clipped)")
GRID_SAMPLER_3D_BACKWARD = defop(
    "grid_sampler_3d_backward", "GridSampler3DBackwardBackward0", ("grad_output", "input", "grid"),
    exact_gradients(_Taps, _gradients), double_backward(_Taps, _gradients), outputs=2, promote=KEEP,
    saves=("grad_output", "input", "grid", "interpolation_mode", "padding_mode", "align_corners"),
    samples=lambda: backward_samples(sampler_samples((1, 2, 2, 3, 2), (1, 2, 1, 2, 3), _CONFIGURATIONS[2:3], 50)),
    jvp_note="generic: derived through double-vjp",
    rule="the gradients of <gg, (grad_input, grad_grid)> through the backward's formulas on engine tensors")
