"""Pooling: avg_pool2d with torch's whole argument list (padding, ceil_mode, count_include_pad,
divisor_override), and the output-size rule max_pool2d shares.

A window's divisor depends only on the geometry, so it is computed once as a (Ho, Wo) array: the
forward divides the window sums by it, the backward spreads ``g / divisor`` over each window of the
zero-padded input and crops the padding (written with the formula vocabulary, so double backward
works). Both round as torch's kernel: a window summed in raster order from zero, one division in
the input's type (float for float16), the shares added into an input in the outputs' raster order."""
from __future__ import annotations

import functools
import itertools

import numpy as np

from .. import errors
from ..dispatch import call
from ..dims import KernelStride
from ..memory_layout import keeps_channels_last
from . import dtype_rules
from .registry import KEEP, defop
from .samples import Sample, arr


def _pair(v) -> tuple:
    return (int(v), int(v)) if isinstance(v, (int, np.integer)) else tuple(int(x) for x in v)


def pooled_size(size: int, kernel: int, stride: int, pad: int, dilation: int, ceil_mode: bool) -> int:
    """torch's pooling_output_shape: with ceil_mode a last partial window counts if it starts
    inside the input or its left padding."""
    span = size + 2 * pad - dilation * (kernel - 1) - 1 + (stride - 1 if ceil_mode else 0)
    out = span // stride + 1
    if ceil_mode and (out - 1) * stride >= size + pad:
        out -= 1
    return out


def _geometry(shape, kernel_size, stride, padding, ceil_mode):
    """Per pooled (trailing) dim: (output size, extra zeros after the padding for ceil_mode's last
    windows)."""
    out = []
    for size, k, s, p in zip(shape[len(shape) - len(kernel_size):], kernel_size, stride, padding):
        n = pooled_size(size, k, s, p, 1, ceil_mode)
        out.append((n, max((n - 1) * s + k - (size + 2 * p), 0)))
    return out


def _divisor(shape, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override):
    """torch's divide_factor of every window, as a (Ho, Wo) or (Do, Ho, Wo) array."""
    geometry = _geometry(shape, kernel_size, stride, padding, ceil_mode)
    if divisor_override:
        return np.full(tuple(n for n, _ in geometry), float(divisor_override))
    sides = []
    for (n, _), size, k, s, p in zip(geometry, shape[len(shape) - len(kernel_size):], kernel_size, stride, padding):
        start = np.arange(n) * s - p
        end = np.minimum(start + k, size + p)
        full = end - start                                   # the window inside input + padding
        inside = np.minimum(end, size) - np.maximum(start, 0)  # the window inside the input
        sides.append(full if count_include_pad else inside)
    return functools.reduce(np.multiply.outer, sides).astype(np.float64)


def _padded(a, padding, extra):
    if any(padding) or any(extra):
        a = np.pad(a, [(0, 0)] * (a.ndim - len(padding)) + [(p, p + e) for p, e in zip(padding, extra)])
    return a


def _window_slices(offset, stride, geometry) -> tuple:
    """The padded input's elements at ``offset`` in every window, one slice per pooled dim."""
    return (...,) + tuple(slice(i, i + s * (n - 1) + 1, s) for i, s, (n, _) in zip(offset, stride, geometry))


def avg_pool_dtype(kernel: str, a) -> None:
    """torch's average pools: real floating types and int64 only (an image left as uint8 is refused)."""
    if a.dtype.kind in "bc" or (a.dtype.kind in "iu" and a.dtype != np.int64):
        raise dtype_rules.not_implemented(kernel, a)


def _avg_pool_fwd(a, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override,
                  kernel="avg_pool2d"):
    """The 2-d or 3-d average pool of ``a``'s trailing dims."""
    avg_pool_dtype(kernel, a)
    geo = _geometry(a.shape, kernel_size, stride, padding, ceil_mode)
    if min(n for n, _ in geo) < 1:      # (the functions check first; a record called by its aten name does here)
        sizes = a.shape[a.ndim - len(geo) - 1:]
        raise errors.ShapeError(f"Given input size: ({'x'.join(map(str, sizes))}). Calculated output size: "
                                f"({'x'.join(map(str, (sizes[0],) + tuple(n for n, _ in geo)))}). Output size is too small")
    padded = _padded(a, padding, [e for _, e in geo])
    sums = np.zeros(a.shape[:a.ndim - len(geo)] + tuple(n for n, _ in geo),
                    np.float32 if a.dtype == np.float16 else a.dtype)       # float16's opmath
    for offset in itertools.product(*map(range, kernel_size)):
        sums += padded[_window_slices(offset, stride, geo)]     # raster order; the padding adds zeros
    div = _divisor(a.shape, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)
    if a.dtype.kind in "iu":      # torch's integer kernel divides with truncation
        return (np.sign(sums) * (np.abs(sums) // div.astype(sums.dtype))).astype(a.dtype)
    return (sums / div.astype(sums.dtype)).astype(a.dtype, copy=False)


def _avg_pool_grad_np(go, shape, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override):
    """torch's avg_pool2d_backward (and avg_pool3d's) on arrays: ``go / divisor`` added over each
    window, padding cropped (``go`` may carry leading batch dims); contiguous, as torch's (``view``
    takes it)."""
    geo = _geometry(shape, kernel_size, stride, padding, ceil_mode)
    nd = len(geo)
    dtype_rules.refuse_bool("avg_pool2d_backward_out_frame", go)
    div = _divisor(shape, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)
    share = np.trunc(go / div).astype(go.dtype) if go.dtype.kind in "iu" else go / div.astype(go.dtype)
    spatial = shape[len(shape) - nd:]
    big = np.zeros(go.shape[:go.ndim - nd] + tuple(n + 2 * p + e for n, p, (_, e) in zip(spatial, padding, geo)),
                   go.dtype)
    # torch adds the outputs in raster order: into one input, the window offsets in reverse order
    for offset in itertools.product(*(reversed(range(k)) for k in kernel_size)):
        big[_window_slices(offset, stride, geo)] += share
    out = big[(...,) + tuple(slice(p, p + n) for p, n in zip(padding, spatial))]
    return out if out.flags.c_contiguous else np.ascontiguousarray(out)


def _avg_pool_bwd(m, g, self, *geometry):
    """Each output's gradient, divided by its window's divisor, lands on every input of its window;
    under create_graph that is torch's own node (AvgPool2DBackwardBackward0)."""
    if not m.is_tensor:
        return _avg_pool_grad_np(g, tuple(self.shape), *geometry)
    if not m.nb:
        return call(AVG_POOL2D_BACKWARD, (g, self), dict(zip(_PARAMS, geometry)))
    return _spread(m, g, tuple(self.shape), *geometry)


def _spread(m, g, shape, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override):
    """The batched-graph form of ``_avg_pool_grad_np``, written with the formula vocabulary."""
    (ho, eh), (wo, ew) = _geometry(shape, kernel_size, stride, padding, ceil_mode)
    (kh, kw), (sh, sw), (ph, pw) = kernel_size, stride, padding
    div = _divisor(shape, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)
    share = g / m.const(div.astype(g._data.dtype))
    big = shape[:-2] + (shape[-2] + 2 * ph + eh, shape[-1] + 2 * pw + ew)
    rows_shape = shape[:-2] + (ho, big[-1])
    total = None
    for j in range(kw):
        cols = m.embed(m.g_zeros(g, rows_shape), share, -1, slice(j, j + sw * (wo - 1) + 1, sw))
        for i in range(kh):
            part = m.embed(m.g_zeros(g, big), cols, -2, slice(i, i + sh * (ho - 1) + 1, sh))
            total = part if total is None else total + part
    if big != shape:
        total = m.g_narrow(m.g_narrow(total, -2, ph, shape[-2]), -1, pw, shape[-1])
    return total


_PARAMS = ("kernel_size", "stride", "padding", "ceil_mode", "count_include_pad", "divisor_override")


def _avg_samples():
    plain = {"padding": (0, 0), "ceil_mode": False, "count_include_pad": True, "divisor_override": None}
    return [Sample(arr(1, 2, 4, 4), params={"kernel_size": (2, 2), "stride": (2, 2), **plain}),
            Sample(arr(3, 5, 5), params={"kernel_size": (2, 3), "stride": (1, 2), **plain}),
            Sample(arr(1, 1, 5, 6, seed=2), params={"kernel_size": (3, 2), "stride": (2, 2), "padding": (1, 1),
                                                   "ceil_mode": True, "count_include_pad": False,
                                                   "divisor_override": None},
                   note="padding, ceil_mode, count_include_pad=False"),
            Sample(arr(2, 5, 5, seed=3), params={"kernel_size": (3, 3), "stride": (2, 2), "padding": (1, 0),
                                                "ceil_mode": True, "count_include_pad": True,
                                                "divisor_override": 2}, note="divisor_override")]


AVG_POOL2D = defop("avg_pool2d", "AvgPool2DBackward0", ("self",), keeps_channels_last(_avg_pool_fwd), _avg_pool_bwd,
                   saves=("self",) + _PARAMS, promote=KEEP,
                   jvp_note="generic: derived through double-vjp", samples=_avg_samples,
                   rule="g / (the window's divisor) spread over each window")


def _avg_pool_bwd_bwd(m, gg, *geometry):
    """torch's avg_pool2d_backward is linear in grad_output (its gradient is the pooling again) and
    constant in self (torch's ``zeros_like(self)``)."""
    params = dict(zip(_PARAMS, geometry))
    if m.is_tensor:
        return call(AVG_POOL2D, (gg,), params), m.zeros_like(gg)
    return _avg_pool_fwd(gg, **params), m.zeros_like(gg)


def _avg_bwd_samples():
    out = []
    for s in _avg_samples()[2:]:
        shape = s.args[0].shape
        n = [_geometry(shape, s.params["kernel_size"], s.params["stride"], s.params["padding"],
                       s.params["ceil_mode"])[k][0] for k in (0, 1)]
        out.append(Sample(arr(*(shape[:-2] + tuple(n)), seed=7), s.args[0], params=s.params, grad=[0], note=s.note))
    return out


AVG_POOL2D_BACKWARD = defop("avg_pool2d_backward", "AvgPool2DBackwardBackward0", ("grad_output", "self"),
                            lambda go, x, **p: _avg_pool_grad_np(go, x.shape, *(p[k] for k in _PARAMS)),
                            _avg_pool_bwd_bwd, saves=_PARAMS, promote=KEEP, samples=_avg_bwd_samples,
                            jvp_note="generic: derived through double-vjp",
                            rule="the pooling of gg for grad_output; zeros for self")


def check_pool_args(input, kernel, stride, padding, dilation, ceil_mode, op="max") -> None:
    """torch's argument checks of 2-d pooling (``op`` "avg" or "max"), in its order and words."""
    if input.ndim not in (3, 4) and not (op == "avg" and input.ndim > 4):
        if op == "avg":     # avg_pool2d reads input.size(-3) first
            n = max(input.ndim, 1)
            raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got -3)")
        raise errors.ShapeError("non-empty 3D or 4D (batch mode) tensor expected for input")
    if input.ndim > 4 or 0 in input.shape[-3:]:
        raise errors.ShapeError("Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input, "
                                f"but got:{list(input.shape)}")
    if 0 in stride or 0 in kernel:
        raise errors.ShapeError("stride should not be zero")
    if min(padding) < 0:
        raise errors.ShapeError(f"pad must be non-negative, but got pad: {min(padding)}")
    if any(p * 2 > (k - 1) * d + 1 for p, k, d in zip(padding, kernel, dilation)):
        raise errors.ShapeError(f"pad should be at most half of effective kernel size, but got pad={padding[0]}, "
                                f"kernel_size={kernel[0]} and dilation={dilation[0]}")
    sizes = [pooled_size(s, k, st, p, d, ceil_mode)
             for s, k, st, p, d in zip(input.shape[-2:], kernel, stride, padding, dilation)]
    if min(sizes) < 1:
        raise errors.ShapeError(f"Given input size: ({'x'.join(map(str, input.shape[-3:]))}). Calculated output "
                                f"size: ({input.shape[-3]}x{sizes[0]}x{sizes[1]}). Output size is too small")


def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=None):
    """torch.nn.functional.avg_pool2d: the mean of each window (or its sum over divisor_override)."""
    kernel = _pair(kernel_size)
    stride = KernelStride(kernel) if stride is None or stride == [] else _pair(stride)
    padding = _pair(padding)
    check_pool_args(input, kernel, stride, padding, (1, 1), bool(ceil_mode), "avg")
    if divisor_override is not None and divisor_override == 0:
        raise errors.AutogradError("divisor must be not zero")
    return call(AVG_POOL2D, (input,), {"kernel_size": kernel, "stride": stride, "padding": padding,
                                       "ceil_mode": bool(ceil_mode), "count_include_pad": bool(count_include_pad),
                                       "divisor_override": divisor_override})
