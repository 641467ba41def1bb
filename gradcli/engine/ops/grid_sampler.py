"""``grid_sampler_2d``: F.grid_sample of a 4-d input as torch's one record (GridSampler2DBackward0,
saving input, grid, interpolation_mode, padding_mode, align_corners), with torch's CPU kernel's
arithmetic: coordinates unnormalized as ``(g + 1) * scale (- 0.5)``, padded (border: clipped;
reflection: reflected, then clipped), bilinear, nearest or bicubic taps read with zeros outside.

The backward gives the input's gradient (each output's gradient times each tap's weight, added onto
the tap's pixel in the kernel's order: vector blocks of output positions, tap by tap) and the
grid's (the weights' derivatives times the taps' values, summed over channels and taps in order,
times the coordinate's derivative). Under create_graph both come from one record, torch's
GridSampler2DBackwardBackward0 (grid_sampler_2d_backward), whose own backward differentiates the same
formulas written on engine tensors: the coordinates are the grid's values plus ``(grid - its value) *
slope`` (zero, of slope the coordinate's derivative), so the weights are functions of the grid.

Modes and paddings are torch's enums: interpolation 0 bilinear, 1 nearest, 2 bicubic; padding 0
zeros, 1 border, 2 reflection.
"""
from __future__ import annotations

import numpy as np

from .. import dispatch, dtypes, errors
from ..dispatch import call
from ..fused import fma64, fma_wide
from .dtype_rules import not_implemented
from .registry import KEEP, OPS, defop
from .samples import Sample, arr

BILINEAR, NEAREST, BICUBIC = 0, 1, 2
ZEROS, BORDER, REFLECTION = 0, 1, 2
_CUBIC_A = -0.75
_VECTOR_BYTES = 32      # the vector width of torch's CPU kernel (its AVX2 build): the order of its scatter-adds


# ---- arithmetic: torch's CPU build contracts a * b + c into one fused multiply-add ----

def fma(a, b, c):
    """a * b + c rounded once, in the operands' float dtype (Python numbers are weak)."""
    typed = [v.dtype for v in (a, b, c) if isinstance(v, (np.ndarray, np.generic))]
    dtype = np.result_type(*typed) if typed else np.dtype(np.float64)
    a, b, c = (np.asarray(v, dtype) for v in (a, b, c))
    return fma64(a, b, c) if dtype == np.float64 else fma_wide(a, b, c, dtype)


class NUMPY:
    """The few vocabulary calls the exact (numpy) gradients make (ops sit below backend.py's vocabulary)."""

    is_tensor = False
    reshape, stack, permute, where = (staticmethod(f) for f in (np.reshape, np.stack, np.transpose, np.where))

    @staticmethod
    def select(x, dim, index):
        return np.take(x, index, axis=dim)

    @staticmethod
    def zeros(shape, like):
        return np.zeros(shape, like.dtype)

    @staticmethod
    def const(a):
        return a


def plain_fma(a, b, c):
    """The same formula without the fusion: engine tensors, whose graph the double backward differentiates."""
    return a * b + c


# ---- coordinates (numpy, in the input's dtype) ----

def _scale(size: int, align: bool, dtype):
    return dtype.type(size - 1) / dtype.type(2) if align else dtype.type(size) / dtype.type(2)


def _unnormalize(coord, size: int, align: bool):
    scale = _scale(size, align, coord.dtype)
    one = coord.dtype.type(1)
    return (coord + one) * scale if align else fma(coord + one, scale, coord.dtype.type(-0.5))


def _clip(x, size: int):
    """Clipped to [0, size - 1] (NaN to 0), and the clip's derivative: 0 at and beyond the bounds."""
    top = x.dtype.type(size - 1)
    low = np.maximum(x, 0)
    inside = (low > 0) | np.isnan(low)
    res = np.minimum(low, top)
    inside &= res != top
    return np.where(np.isnan(res), x.dtype.type(0), res), inside


def _reflect(x, size: int, align: bool):
    """Reflected into the input's span (torch's double-flip arithmetic) and the reflection's slope, +-1."""
    dtype = x.dtype.type
    if align and size <= 1:
        return np.zeros_like(x), np.zeros_like(x)
    twice_span = dtype(size - 1) * dtype(2) if align else dtype(size) * dtype(2)
    low = dtype(0) if align else dtype(-0.5)
    shifted = x - low
    flips = np.trunc(np.abs(shifted) / twice_span)
    extra = fma(-flips, twice_span, np.abs(shifted))
    reflected = twice_span - extra
    more = extra > reflected
    slope = np.where(more ^ (shifted < 0), dtype(-1), dtype(1))
    return np.where(more, reflected, extra) + low, slope


def _pad(x, size: int, padding: int, align: bool):
    """A (real) coordinate after the padding mode, and its derivative's factor."""
    if padding == BORDER:
        x, inside = _clip(x, size)
        return x, inside.astype(x.dtype)
    if padding == REFLECTION:
        x, slope = _reflect(x, size, align)
        x, inside = _clip(x, size)
        return x, np.where(inside, slope, x.dtype.type(0))
    return x, np.ones_like(x)


def _locate(coord, size: int, padding: int, align: bool, interpolation: int):
    """Source coordinates and d(coordinate)/d(grid value). Bicubic pads its taps instead."""
    x = _unnormalize(coord, size, align)
    if interpolation == BICUBIC:
        return x, np.full_like(x, _scale(size, align, x.dtype))
    x, factor = _pad(x, size, padding, align)
    return x, factor * _scale(size, align, x.dtype)


def _as_int(x):
    """torch's float->int conversion (truncation; values it cannot hold never address the input)."""
    with np.errstate(invalid="ignore"):
        return np.where(np.isfinite(x) & (np.abs(x) < 2**31), x, -(2**31)).astype(np.int64)


class _Taps:
    """Where each output position reads: per tap, the flat pixel (N, P) and whether it is read."""

    def __init__(self, grid, shape, interpolation: int, padding: int, align: bool):
        height, width = shape
        n, p = grid.shape[0], grid.shape[1] * grid.shape[2]
        gx, gy = grid[..., 0].reshape(n, p), grid[..., 1].reshape(n, p)
        self.x, self.mult_x = _locate(gx, width, padding, align, interpolation)
        self.y, self.mult_y = _locate(gy, height, padding, align, interpolation)
        self.gx, self.gy, self.grid_shape = gx, gy, tuple(grid.shape[1:])
        self.floor_x, self.floor_y = np.floor(self.x), np.floor(self.y)
        if interpolation == NEAREST:
            self.points = [(np.rint(self.x), np.rint(self.y))]
        elif interpolation == BILINEAR:    # nw, ne, sw, se
            self.points = [(self.floor_x + dx, self.floor_y + dy) for dy in (0, 1) for dx in (0, 1)]
        else:                              # bicubic: x taps outer, y taps inner (the backward's order)
            self.points = [(self.floor_x + i - 1, self.floor_y + j - 1) for i in range(4) for j in range(4)]
        self.pixels, self.read = [], []
        for px, py in self.points:
            if interpolation == BICUBIC:
                px, py = _pad(px, width, padding, align)[0], _pad(py, height, padding, align)[0]
            ix, iy = _as_int(px), _as_int(py)
            inside = (ix >= 0) & (ix < width) & (iy >= 0) & (iy < height)
            self.pixels.append(np.where(inside, iy * width + ix, 0))
            self.read.append(inside)

    def values(self, flat_input, k, m=None):
        """Tap k's input values (N, C, P), zero where it reads outside (numpy, or in the vocabulary m)."""
        n, c, size = flat_input.shape
        read = self.read[k][:, None, :]
        if m is None:       # one flat take: (entry, channel, pixel) -> its offset
            offsets = (np.arange(n)[:, None, None] * c + np.arange(c)[:, None]) * size + self.pixels[k][:, None, :]
            return np.where(read, np.take(flat_input.reshape(-1), offsets), 0)
        index = np.broadcast_to(self.pixels[k][:, None, :], (n, c, self.pixels[k].shape[1]))
        return m.where(m.const(read), m.gather(flat_input, 2, m.const(np.ascontiguousarray(index))), 0)


def _bilinear_weights(x, y, floor_x, floor_y):
    """(n, s, w, e) distances and the (nw, ne, sw, se) weights, as torch's kernel computes them."""
    w = x - floor_x
    e = 1 - w
    n = y - floor_y
    s = 1 - n
    return (n, s, w, e), (s * e, s * w, n * e, n * w)


def _cubic(t, fma):
    """The four cubic convolution coefficients at fractional offset t (torch's A = -0.75)."""
    a = _CUBIC_A
    x = t + 1
    c0 = ((a * x - 5 * a) * x + 8 * a) * x - 4 * a     # (the compiler fuses the constants' products here)
    c1 = fma(fma(a + 2, t, -(a + 3)) * t, t, 1)
    x = 1 - t
    c2 = fma(fma(a + 2, x, -(a + 3)) * x, x, 1)
    x = 2 - t
    c3 = ((a * x - 5 * a) * x + 8 * a) * x - 4 * a
    return c0, c1, c2, c3


def _cubic_slopes(t):
    """d coefficient / d t, as torch's kernel writes them (its compiler fuses only the constants' products)."""
    a = _CUBIC_A
    x = -1 - t
    d0 = (-3 * a * x - 10 * a) * x - 8 * a
    x = 0 - t
    d1 = (-3 * (a + 2) * x - 2 * (a + 3)) * x
    x = 1 - t
    d2 = (3 * (a + 2) * x - 2 * (a + 3)) * x
    x = 2 - t
    d3 = (3 * a * x - 10 * a) * x + 8 * a
    return d0, d1, d2, d3


def _blend(weights, values, fma):
    """w0 * v0 + w1 * v1 + ..., left to right, each product after the first fused into its sum."""
    out = values[0] * weights[0]
    for w, v in zip(weights[1:], values[1:]):
        out = fma(v, w, out)
    return out


def _blend_row(weights, values, fma):
    """Bicubic's sum along x as torch's compiled kernel rounds it: the first product fused into the
    first sum, the last two added as rounded products (found by matching torch's bits)."""
    out = fma(values[0], weights[0], values[1] * weights[1])
    return out + values[2] * weights[2] + values[3] * weights[3]


# ---- forward ----

def _forward(input, grid, interpolation_mode, padding_mode, align_corners):
    if input.dtype.kind != "f":         # (complex too: torch's kernel is real-only, checked before the grid)
        raise not_implemented("grid_sampler_2d_cpu_kernel_impl", input)
    if grid.dtype != input.dtype:
        raise errors.AutogradError(f"expected scalar type {dtypes.scalar_type_name(input.dtype)} but found "
                                   f"{dtypes.scalar_type_name(grid.dtype)}")
    n, c, h, w = input.shape
    taps = _Taps(grid, (h, w), interpolation_mode, padding_mode, bool(align_corners))
    flat = input.reshape(n, c, h * w)
    values = [taps.values(flat, k) for k in range(len(taps.points))]
    if interpolation_mode == NEAREST:
        out = values[0]
    elif interpolation_mode == BILINEAR:
        _, weights = _bilinear_weights(taps.x, taps.y, taps.floor_x, taps.floor_y)
        out = _blend([wt[:, None, :] for wt in weights], values, fma)
    else:
        cx = [v[:, None, :] for v in _cubic(taps.x - taps.floor_x, fma)]
        cy = [v[:, None, :] for v in _cubic(taps.y - taps.floor_y, fma)]
        rows = [_blend_row(cx, [values[4 * i + j] for i in range(4)], fma) for j in range(4)]
        out = _blend(cy, rows, fma)
    return np.ascontiguousarray(out.astype(input.dtype, copy=False)).reshape(n, c, grid.shape[1], grid.shape[2])


# ---- backward ----

def sampler_backward(make_taps, gradients, backward_record: str):
    """A grid sampler record's backward: the exact gradients (numpy, torch's arithmetic); under
    create_graph, torch's one node of both (``backward_record``: GridSampler2DBackwardBackward0...)."""
    def backward(m, g, input, grid, interpolation_mode, padding_mode, align_corners):
        if m.nb:        # batched gradients: the unbatched formula per entry, stacked
            inner = type(m)(m.nb - 1)
            rows = [backward(inner, g[i], input, grid, interpolation_mode, padding_mode, align_corners)
                    for i in range(g.shape[0])]
            return tuple(m.stack([row[k] for row in rows], 0) for k in range(2))
        if m.is_tensor:
            return call(OPS[backward_record], (g, input, grid), {"interpolation_mode": interpolation_mode,
                                                                 "padding_mode": padding_mode,
                                                                 "align_corners": align_corners})
        return exact_gradients(make_taps, gradients)(g, input, grid, interpolation_mode, padding_mode, align_corners)
    return backward


def exact_gradients(make_taps, gradients):
    """The backward record's forward: (grad_input, grad_grid) in numpy, torch's arithmetic."""
    def forward(g, input, grid, interpolation_mode, padding_mode, align_corners):
        taps = make_taps(grid, input.shape[2:], interpolation_mode, padding_mode, bool(align_corners))
        return gradients(None, g, input, grid, taps, interpolation_mode)
    return forward


def double_backward(make_taps, gradients):
    """The backward record's own backward: the gradients of <gg, (grad_input, grad_grid)> with respect to
    grad_output, input and grid, through the graph of the same formulas on engine tensors (the
    coordinates as functions of the grid), by the autograd engine (``dispatch.vjp_of``)."""
    def backward(m, gg, grad_output, input, grid, interpolation_mode, padding_mode, align_corners):
        if m.nb:
            inner = type(m)(m.nb - 1)
            rows = [backward(inner, tuple(None if t is None else t[i] for t in gg), grad_output, input, grid,
                             interpolation_mode, padding_mode, align_corners) for i in range(gg[0].shape[0])]
            return tuple(None if row[0] is None else m.stack(list(row), 0) for row in zip(*rows))

        def formula(tm, go, inp, grd):
            taps = make_taps(grd._data, inp.shape[2:], interpolation_mode, padding_mode, bool(align_corners))
            return gradients(tm, go, inp, grd, taps, interpolation_mode)
        return dispatch.vjp_of(formula, (grad_output, input, grid), gg, m.is_tensor)
    return backward


def backward_samples(samples: list) -> list:
    """The backward record's samples: each sampler sample with a gradient of its output's shape."""
    made = []
    for k, sample in enumerate(samples):
        input, grid = sample.args
        out_shape = input.shape[:2] + grid.shape[1:-1]
        made.append(Sample(arr(*out_shape, seed=30 + k), input, grid, params=dict(sample.params)))
    return made


def sampler_samples(input_shape: tuple, grid_shape: tuple, configurations, seed: int) -> list:
    """One sample per (interpolation, padding, align_corners), the grid reaching past the input's edges;
    nearest mode differentiates the input only (the grid's gradient is zero)."""
    return [Sample(arr(*input_shape, seed=interpolation), arr(*grid_shape, low=-1.15, high=1.15, seed=seed + padding),
                   params={"interpolation_mode": interpolation, "padding_mode": padding, "align_corners": align},
                   grad=(0,) if interpolation == NEAREST else None)
            for interpolation, padding, align in configurations]


def _gradients(m, g, input, grid, taps, interpolation: int):
    """(grad_input, grad_grid): numpy with fused multiply-adds when ``m`` is None, else engine tensors."""
    arith = fma if m is None else plain_fma
    m, values_in = (NUMPY, None) if m is None else (m, m)
    n, c, h, w = input.shape
    p = taps.x.shape[1]
    go = m.reshape(g, (n, c, p))
    flat = m.reshape(input, (n, c, h * w))
    if m.is_tensor:     # the coordinates as functions of the grid: value unchanged, slope the coordinate's
        x = m.const(taps.x) + (m.reshape(m.select(grid, -1, 0), (n, p)) - m.const(taps.gx)) * m.const(taps.mult_x)
        y = m.const(taps.y) + (m.reshape(m.select(grid, -1, 1), (n, p)) - m.const(taps.gy)) * m.const(taps.mult_y)
    else:
        x, y = taps.x, taps.y
    fx, fy = m.const(taps.floor_x), m.const(taps.floor_y)
    at = lambda t: m.reshape(t, (n, 1, p))      # noqa: E731  (a per-position factor over channels)
    channel = lambda t, k: m.select(t, 1, k)    # noqa: E731
    if interpolation == NEAREST:
        shares = [go]
    elif interpolation == BILINEAR:
        (dn, ds, dw, de), weights = _bilinear_weights(x, y, fx, fy)
        shares = [go * at(wt) for wt in weights]
        v = [taps.values(flat, k, values_in) for k in range(4)]
        across_x = arith(v[3] - v[2], at(dn), (v[1] - v[0]) * at(ds))
        across_y = arith(v[3] - v[1], at(dw), (v[2] - v[0]) * at(de))
        grad_x = grad_y = None
        for k in range(c):          # the kernel's loop over channels: gx = gx + (...) * gOut
            gx_k, gy_k, go_k = channel(across_x, k), channel(across_y, k), channel(go, k)
            grad_x = gx_k * go_k if grad_x is None else arith(gx_k, go_k, grad_x)
            grad_y = gy_k * go_k if grad_y is None else arith(gy_k, go_k, grad_y)
    else:
        coeff_x, coeff_y = _cubic(x - fx, arith), _cubic(y - fy, arith)
        slope_x, slope_y = _cubic_slopes(x - fx), _cubic_slopes(y - fy)
        shares = [go * at(coeff_x[i]) * at(coeff_y[j]) for i in range(4) for j in range(4)]
        values = [taps.values(flat, k, values_in) for k in range(16)]
        grad_x = grad_y = m.zeros((n, p), go)
        for k in range(c):          # gx = gx - val * gOut * coeff_x_grad[i] * coeff_y[j], channel, then taps
            go_k = channel(go, k)
            for i in range(4):
                for j in range(4):
                    value_go = channel(values[4 * i + j], k) * go_k
                    grad_x = arith(-(value_go * slope_x[i]), coeff_y[j], grad_x)
                    grad_y = arith(-(value_go * slope_y[j]), coeff_x[i], grad_y)
    if interpolation == NEAREST or c == 0:      # zeros, as torch's memset (not zeros times the slopes: -0.0)
        grad_grid = m.zeros((n,) + taps.grid_shape, go)
    else:
        grad_grid = m.reshape(m.stack([grad_x * m.const(taps.mult_x), grad_y * m.const(taps.mult_y)], -1),
                              (n,) + taps.grid_shape)
    return _scatter(m, shares, taps, (n, c, h, w), _VECTOR_BYTES // np.dtype(taps.x.dtype).itemsize), grad_grid


def _scatter(m, shares, taps, shape, lanes: int):
    """Each tap's share of the output gradient added onto its pixel, in the kernel's order: per batch
    entry, vector blocks of output positions, tap by tap, lane by lane."""
    n, c, h, w = shape
    k, p = len(shares), taps.x.shape[1]
    stacked = m.permute(m.stack(shares, 2), (1, 0, 2, 3))          # (C, N, taps, P)
    entry, tap, pos = (a.reshape(-1) for a in np.meshgrid(np.arange(n), np.arange(k), np.arange(p), indexing="ij"))
    order = np.lexsort((pos % lanes, tap, pos // lanes, entry))
    chosen = order[np.stack(taps.read, 1).reshape(-1)[order]]
    target = entry[chosen] * (h * w) + np.stack(taps.pixels, 1).reshape(-1)[chosen]
    if not m.is_tensor:     # one flat np.add.at (numpy's fast path), channel after channel
        summed = np.zeros(c * n * h * w, stacked.dtype)
        np.add.at(summed, (np.arange(c)[:, None] * (n * h * w) + target).reshape(-1),
                  stacked.reshape(c, n * k * p)[:, chosen].reshape(-1))
        return np.ascontiguousarray(summed.reshape(c, n, h, w).transpose(1, 0, 2, 3))     # torch's layout
    src = m.index(m.reshape(stacked, (c, n * k * p)), (slice(None), m.const(chosen)))
    index = m.const(np.ascontiguousarray(np.broadcast_to(target, (c, target.size))))
    summed = m.scatter_add(m.zeros((c, n * h * w), stacked), 1, index, src)
    return m.permute(m.reshape(summed, (c, n, h, w)), (1, 0, 2, 3)).contiguous()


_CONFIGURATIONS = ((BILINEAR, ZEROS, False), (BILINEAR, BORDER, True), (BILINEAR, REFLECTION, False),
                   (BICUBIC, ZEROS, False), (BICUBIC, REFLECTION, True), (NEAREST, ZEROS, False))
GRID_SAMPLER_2D = defop(
    "grid_sampler_2d", "GridSampler2DBackward0", ("input", "grid"), _forward,
    sampler_backward(_Taps, _gradients, "grid_sampler_2d_backward"),
    saves=("input", "grid", "interpolation_mode", "padding_mode", "align_corners"), promote=KEEP,
    samples=lambda: sampler_samples((2, 3, 4, 5), (2, 3, 4, 2), _CONFIGURATIONS, 10),
    jvp_note="generic: derived through double-vjp",
    rule="input: each output's gradient times each tap's weight, added onto the tap's pixel; grid: the "
         "taps' values times the weights' derivatives, times the coordinate's derivative (0 where clipped)")
GRID_SAMPLER_2D_BACKWARD = defop(
    "grid_sampler_2d_backward", "GridSampler2DBackwardBackward0", ("grad_output", "input", "grid"),
    exact_gradients(_Taps, _gradients), double_backward(_Taps, _gradients), outputs=2, promote=KEEP,
    saves=("grad_output", "input", "grid", "interpolation_mode", "padding_mode", "align_corners"),
    samples=lambda: backward_samples(sampler_samples((1, 2, 3, 4), (1, 2, 3, 2), _CONFIGURATIONS[:4:3], 40)),
    jvp_note="generic: derived through double-vjp",
    rule="the gradients of <gg, (grad_input, grad_grid)> through the backward's formulas on engine tensors")
