"""Convolution and the window ops it is made of: im2col (``F.unfold``), col2im (``F.fold``),
``convolution`` (``F.conv1d``/``conv2d``/``conv3d``, torch's ConvolutionBackward0) and ``max_pool2d``.

Every formula is written with im2col/col2im and matmul in the formula vocabulary, and im2col and
col2im are each other's backward, so convolutions have derivatives of any order. Kernels work on
2-D and 3-D maps (as many spatial dims as the kernel has); a 1-D convolution is a 2-D one whose
maps have height 1. Any leading dims before ``(C, *spatial)`` are batch dims (the formulas' own
batch dims included).
"""
from __future__ import annotations

import math

import numpy as np

from .. import memory_layout
from ..dispatch import call
from . import dtype_rules
from .pooling import pooled_size
from .registry import KEEP, OPS, defop
from .samples import Sample, arr


def out_size(size: int, kernel: int, stride: int, padding: int, dilation: int) -> int:
    return (size + 2 * padding - dilation * (kernel - 1) - 1) // stride + 1


def _windows(a, kernel, dilation, padding, stride, fill=0.0, extra=None):
    """(..., C, *spatial) -> (..., C, *out, *kernel): every window of the padded map (2 or 3 spatial
    dims, as many as ``kernel`` has), without copying (``extra`` more fill after the padding:
    max pooling's ceil_mode windows)."""
    k = len(kernel)
    extra = extra or (0,) * k
    if any(padding) or any(extra):
        a = np.pad(a, [(0, 0)] * (a.ndim - k) + [(p, p + e) for p, e in zip(padding, extra)], constant_values=fill)
    span = tuple(d * (n - 1) + 1 for n, d in zip(kernel, dilation))
    win = np.lib.stride_tricks.sliding_window_view(a, span, axis=tuple(range(-k, 0)))
    return win[(Ellipsis,) + tuple(slice(None, None, s) for s in stride) + tuple(slice(None, None, d) for d in dilation)]


def im2col_np(a, kernel_size, dilation, padding, stride):
    """(..., C, *spatial) -> (..., C*prod(kernel), L): torch's unfold layout (channel, then the kernel
    offsets, row-major); a 3-d kernel gives the columns of a 3-d convolution."""
    k = len(kernel_size)
    win = _windows(a, kernel_size, dilation, padding, stride)
    lead, c = a.shape[:-k - 1], a.shape[-k - 1]
    out = win.shape[-2 * k:-k]
    n = len(lead)
    cols = win.transpose(tuple(range(n + 1)) + tuple(range(n + 1 + k, n + 1 + 2 * k)) + tuple(range(n + 1, n + 1 + k)))
    return np.ascontiguousarray(cols).reshape(lead + (c * math.prod(kernel_size), math.prod(out)))


def col2im_np(cols, output_size, kernel_size, dilation, padding, stride):
    """The adjoint of im2col: each column's values added back where its window came from (contiguous,
    as torch's: a padded input's gradient is not left a slice of the padded sum, which ``view`` refuses)."""
    k = len(kernel_size)
    outs = tuple(out_size(n, kk, s, p, d) for n, kk, s, p, d in zip(output_size, kernel_size, stride, padding,
                                                                    dilation))
    lead = cols.shape[:-2]
    c = cols.shape[-2] // math.prod(kernel_size)
    blocks = cols.reshape(lead + (c,) + tuple(kernel_size) + outs)
    out = np.zeros(lead + (c,) + tuple(n + 2 * p for n, p in zip(output_size, padding)), cols.dtype)
    for offset in np.ndindex(*kernel_size):
        target = tuple(slice(i * d, i * d + s * (o - 1) + 1, s) for i, d, s, o in zip(offset, dilation, stride, outs))
        out[(Ellipsis,) + target] += blocks[(Ellipsis,) + offset + (slice(None),) * k]
    if any(padding):
        out = np.ascontiguousarray(out[(Ellipsis,) + tuple(slice(p, p + n) for p, n in zip(padding, output_size))])
    return out


def _im2col_bwd(m, g, self_sym_sizes, kernel_size, dilation, padding, stride):
    return m.col2im(g, tuple(self_sym_sizes[-len(kernel_size):]), kernel_size, dilation, padding, stride)


IM2COL = defop("im2col", "Im2ColBackward0", ("self",), dtype_rules.no_int("im2col_out_cpu", im2col_np), _im2col_bwd,
               saves=("self_sym_sizes", "kernel_size", "dilation", "padding", "stride"), promote=KEEP,
               internal=("self_sym_sizes",),    # torch shows the two sizes the backward reads
               derived={"self_sym_argsize_minus_1": lambda node: node._in_meta[0][0][-1],
                        "self_sym_argsize_minus_2": lambda node: node._in_meta[0][0][-2]},
               jvp=lambda m, t, self_sym_sizes, kernel_size, dilation, padding, stride:
                   m.im2col(t[0], kernel_size, dilation, padding, stride),
               samples=lambda: [Sample(arr(1, 2, 4, 5), params={"kernel_size": (2, 3), "dilation": (1, 1),
                                                                "padding": (1, 0), "stride": (1, 2)})],
               rule="col2im(g): each window's gradient goes back to its pixels")

COL2IM = defop("col2im", "Col2ImBackward0", ("self",), dtype_rules.no_int("col2im_out_cpu", col2im_np),
               lambda m, g, output_size, kernel_size, dilation, padding, stride:
                   m.im2col(g, kernel_size, dilation, padding, stride),
               saves=("output_size", "kernel_size", "dilation", "padding", "stride"), promote=KEEP,
               internal=("output_size",),       # forward mode's; torch's backward does not need it
               jvp=lambda m, t, output_size, kernel_size, dilation, padding, stride:
                   m.col2im(t[0], output_size, kernel_size, dilation, padding, stride),
               samples=lambda: [Sample(arr(1, 8, 6), params={"output_size": (3, 4), "kernel_size": (2, 2),
                                                             "dilation": (1, 1), "padding": (0, 0),
                                                             "stride": (1, 1)})],
               rule="im2col(g)")


# -- convolution ----------------------------------------------------------------------------------

def as_2d(values: tuple, fill: int) -> tuple:
    """A 1-D convolution's (k,) geometry as the 2-D (1, k)."""
    return (fill,) + tuple(values) if len(values) == 1 else tuple(values)


def _conv_fwd(input, weight, bias, stride, padding, dilation, transposed, output_padding, groups):
    dtype_rules.convolution(input, weight, bias, groups)
    if transposed:
        return _conv_transpose_fwd(input, weight, bias, stride, padding, dilation, output_padding, groups)
    d = weight.ndim - 2
    x = input[..., None, :] if d == 1 else input
    w = weight[..., None, :] if d == 1 else weight
    kernel = w.shape[2:]
    cols = im2col_np(x, kernel, as_2d(dilation, 1), as_2d(padding, 0), as_2d(stride, 1))
    n, o = x.shape[0], w.shape[0]
    spatial = tuple(out_size(s, k, st, p, dl) for s, k, st, p, dl in
                    zip(input.shape[2:], weight.shape[2:], stride, padding, dilation))
    cols = cols.reshape(n, groups, cols.shape[-2] // groups, cols.shape[-1])   # sizes spelled out: n may be 0
    out = np.matmul(w.reshape(groups, o // groups, -1), cols).reshape((n, o) + spatial)
    if bias is not None:
        out += bias.astype(out.dtype, copy=False).reshape((1, o) + (1,) * d)
    return in_torch_layout(out, input, weight)


def in_torch_layout(out: np.ndarray, input: np.ndarray, weight: np.ndarray) -> np.ndarray:
    """``out`` laid out as torch's CPU convolution writes it: channels_last when the input or the
    weight suggests that format (2-d, every backend), channels_last_3d likewise in float32 (mkldnn;
    torch's slow 3-d kernels write contiguous output). A formula's batched call (more dims than the
    weight) is left as it is."""
    if out.ndim == input.ndim == weight.ndim and (out.ndim == 4 or out.ndim == 5 and out.dtype == np.float32):
        for a in (input, weight):
            fmt = memory_layout.suggested(a)
            if fmt is not memory_layout.contiguous_format:
                return memory_layout.laid_out(out, fmt)
    return out


def transposed_size(size, kernel, stride, padding, dilation, output_padding) -> tuple:
    """A transposed convolution's output size per spatial dim."""
    return tuple((i - 1) * s - 2 * p + dl * (k - 1) + op + 1
                 for i, k, s, p, dl, op in zip(size, kernel, stride, padding, dilation, output_padding))


def _conv_transpose_fwd(input, weight, bias, stride, padding, dilation, output_padding, groups):
    """The adjoint of the convolution with the same geometry: per group, the kernel-weighted columns
    (weight^T @ input) folded back into the output maps by col2im, overlaps summed."""
    d = weight.ndim - 2
    x = input[..., None, :] if d == 1 else input
    w = weight[..., None, :] if d == 1 else weight
    n, c = x.shape[:2]
    o = w.shape[1] * groups
    size = transposed_size(x.shape[2:], w.shape[2:], as_2d(stride, 1), as_2d(padding, 0), as_2d(dilation, 1),
                           as_2d(output_padding, 0))
    wm = np.swapaxes(w.reshape(groups, c // groups, -1), -1, -2)
    cols = np.matmul(wm, x.reshape(n, groups, c // groups, -1)).reshape(n, o * math.prod(w.shape[2:]), -1)
    out = col2im_np(cols, size, w.shape[2:], as_2d(dilation, 1), as_2d(padding, 0), as_2d(stride, 1))
    out = out.reshape((n, o) + tuple(size[-d:]))
    if bias is not None:
        out += bias.astype(out.dtype, copy=False).reshape((1, o) + (1,) * d)
    return in_torch_layout(out, input, weight)


def _conv_bwd(m, g, input, weight, stride, padding, dilation, transposed, output_padding, groups,
              needs=(True, True, True)):
    if m.is_tensor and not m.nb:      # under create_graph: torch's one node (ops/convolution_backward.py)
        mask = tuple(needs) + (False,) * (3 - len(needs))
        outs = call(OPS["convolution_backward"], (g, input, weight), {
            "stride": stride, "padding": padding, "dilation": dilation, "transposed": transposed,
            "output_padding": output_padding, "groups": groups, "output_mask": mask})
        return tuple(o if wanted else None for o, wanted in zip(outs, needs))
    if transposed:
        return _conv_transpose_bwd(m, g, input, weight, stride, padding, dilation, groups, needs)
    nb = m.nb
    lead = tuple(g.shape[:nb])
    x_shape, w_shape = tuple(input.shape), tuple(weight.shape)
    d = len(w_shape) - 2
    n, c, o = x_shape[0], x_shape[1], w_shape[0]
    geometry = (tuple(as_2d(w_shape[2:], 1)), as_2d(dilation, 1), as_2d(padding, 0), as_2d(stride, 1))
    length = math.prod(tuple(g.shape[nb + 2:]))
    gm = m.reshape(g, lead + (n, groups, o // groups, length))
    grad_input = grad_weight = grad_bias = None
    if needs[0]:
        wm = m.reshape(weight, (groups, o // groups, -1))
        cols = m.reshape(m.matmul(m.mT(wm), gm), lead + (n, c * math.prod(w_shape[2:]), length))
        maps = m.col2im(cols, as_2d(x_shape[2:], 1), *geometry)
        grad_input = m.reshape(maps, lead + x_shape)
    if needs[1]:
        x = m.reshape(input, (n, c) + as_2d(x_shape[2:], 1))
        cols = m.reshape(m.im2col(x, *geometry), (n, groups, c // groups * math.prod(w_shape[2:]), length))
        grad_weight = m.reshape(m.sum(m.matmul(gm, m.mT(cols)), (nb,)), lead + w_shape)
    if len(needs) > 2 and needs[2]:
        grad_bias = m.sum(g, (nb,) + tuple(range(nb + 2, nb + 2 + d)))
    return grad_input, grad_weight, grad_bias


def _conv_transpose_bwd(m, g, input, weight, stride, padding, dilation, groups, needs):
    """input: the convolution of g by the same weight (W @ im2col(g) per group); weight: input @
    im2col(g)^T per group, summed over the batch; bias: the sum of g."""
    nb = m.nb
    lead = tuple(g.shape[:nb])
    x_shape, w_shape = tuple(input.shape), tuple(weight.shape)
    d = len(w_shape) - 2
    n, c, o = x_shape[0], x_shape[1], w_shape[1] * groups
    geometry = (tuple(as_2d(w_shape[2:], 1)), as_2d(dilation, 1), as_2d(padding, 0), as_2d(stride, 1))
    length = math.prod(x_shape[2:])
    maps = m.reshape(g, lead + (n, o) + as_2d(tuple(g.shape[nb + 2:]), 1))
    cols = m.reshape(m.im2col(maps, *geometry), lead + (n, groups, o // groups * math.prod(w_shape[2:]), length))
    grad_input = grad_weight = grad_bias = None
    if needs[0]:
        wm = m.reshape(weight, (groups, c // groups, -1))
        grad_input = m.reshape(m.matmul(wm, cols), lead + x_shape)
    if needs[1]:
        x = m.reshape(input, (n, groups, c // groups, length))
        grad_weight = m.reshape(m.sum(m.matmul(x, m.mT(cols)), (nb,)), lead + w_shape)
    if len(needs) > 2 and needs[2]:
        grad_bias = m.sum(g, (nb,) + tuple(range(nb + 2, nb + 2 + d)))
    return grad_input, grad_weight, grad_bias


def _conv_samples():
    two = {"stride": (1, 1), "padding": (0, 0), "dilation": (1, 1), "transposed": False,
           "output_padding": (0, 0), "groups": 1}
    strided = {"stride": (2, 1), "padding": (1, 2), "dilation": (1, 2), "transposed": False,
               "output_padding": (0, 0), "groups": 2}
    one = {"stride": (2,), "padding": (1,), "dilation": (1,), "transposed": False, "output_padding": (0,),
           "groups": 1}
    three = {"stride": (1, 2, 1), "padding": (1, 0, 1), "dilation": (1, 1, 2), "transposed": False,
             "output_padding": (0, 0, 0), "groups": 2}
    transposed = {"stride": (2, 1), "padding": (1, 0), "dilation": (1, 2), "transposed": True,
                  "output_padding": (1, 0), "groups": 2}
    transposed_1d = {"stride": (3,), "padding": (1,), "dilation": (1,), "transposed": True, "output_padding": (2,),
                     "groups": 1}
    return [Sample(arr(1, 2, 4, 4), arr(3, 2, 2, 2, seed=1), arr(3, seed=2), params=two),
            Sample(arr(2, 4, 3, 3, seed=12), arr(4, 2, 3, 2, seed=13), arr(4, seed=14), params=transposed,
                   note="transposed: stride, padding, dilation, output_padding, groups"),
            Sample(arr(2, 2, 4, seed=15), arr(2, 3, 2, seed=16), arr(3, seed=17), params=transposed_1d,
                   note="transposed 1-d"),
            Sample(arr(2, 4, 5, 5, seed=3), arr(4, 2, 3, 2, seed=4), arr(4, seed=5), params=strided,
                   note="stride, padding, dilation, groups"),
            Sample(arr(2, 2, 7, seed=6), arr(3, 2, 3, seed=7), arr(3, seed=8), params=one, note="conv1d"),
            Sample(arr(1, 2, 4, 3, 4, seed=9), arr(2, 1, 2, 2, 3, seed=10), arr(2, seed=11), params=three,
                   note="conv3d")]


CONVOLUTION = defop("convolution", "ConvolutionBackward0", ("input", "weight", "bias"), _conv_fwd, _conv_bwd,
                    saves=("input", "weight", "stride", "padding", "dilation", "transposed", "output_padding",
                           "groups"),
                    derived={"bias_sym_sizes_opt": lambda node: node._in_meta[2][0] if node._in_meta[2] else (0,)},
                    promote=KEEP, masked=True, samples=_conv_samples,
                    jvp_note="generic: derived through double-vjp",
                    rule="input: col2im(W^T g); weight: g @ im2col(input)^T; bias: sum of g "
                         "(transposed: input: W @ im2col(g); weight: input @ im2col(g)^T)")


# -- max pooling ----------------------------------------------------------------------------------------

def _max_pool_fwd(a, kernel_size, stride, padding, dilation, ceil_mode):
    """The maximum of each window and its flat index in its (H, W) map (torch's indices)."""
    dtype_rules.refuse_bool("max_pool2d", a)
    dtype_rules.refuse_complex(dtype_rules.complex_kernel("max_pool2d"), a)
    h, w = a.shape[-2:]
    fill = -np.inf if a.dtype.kind == "f" else np.iinfo(a.dtype).min
    sizes = [pooled_size(n, k, s, p, d, ceil_mode) for n, k, s, p, d in zip((h, w), kernel_size, stride, padding,
                                                                             dilation)]
    extra = [max((o - 1) * s + d * (k - 1) + 1 - (n + 2 * p), 0)
             for o, n, k, s, p, d in zip(sizes, (h, w), kernel_size, stride, padding, dilation)]
    win = _windows(a, kernel_size, dilation, padding, stride, fill, tuple(extra))[..., :sizes[0], :sizes[1], :, :]
    ho, wo, kh, kw = win.shape[-4:]
    flat = win.reshape(win.shape[:-2] + (kh * kw,))
    nan = np.isnan(flat) if a.dtype.kind == "f" else None
    pick = np.argmax(flat, axis=-1) if nan is None or not nan.any() else \
        np.where(nan.any(-1), np.argmax(nan, axis=-1), np.argmax(flat, axis=-1))   # a NaN wins, as in torch
    values = np.take_along_axis(flat, pick[..., None], -1)[..., 0]
    (dh, dw), (ph, pw), (sh, sw) = dilation, padding, stride
    rows = np.arange(ho)[:, None] * sh - ph + (pick // kw) * dh
    cols = np.arange(wo)[None, :] * sw - pw + (pick % kw) * dw
    return values, (rows * w + cols).astype(np.int64)


def _max_pool_bwd(m, g, self, kernel_size, stride, padding, dilation, ceil_mode, result1):
    """Each output's gradient lands on the input its maximum came from (summed where windows overlap);
    under create_graph that is torch's own node (MaxPool2DWithIndicesBackwardBackward0)."""
    g = g[0] if isinstance(g, tuple) else g
    if m.is_tensor and not m.nb:
        return call(MAX_POOL2D_BACKWARD, (g, self), {"indices": result1})
    return scatter_at_indices(m, g, tuple(self.shape), result1)


def scatter_at_indices(m, g, shape: tuple, indices):
    """``g`` added into zero (H, W) planes of ``shape`` at the flat ``indices`` (after m.nb batch dims)."""
    lead = tuple(g.shape[:m.nb])
    plane = shape[-2] * shape[-1]
    flat_g = m.reshape(g, lead + shape[:-2] + (-1,))
    index = m.const(np.broadcast_to(_array(indices).reshape(shape[:-2] + (-1,)), tuple(flat_g.shape)))
    zeros = m.g_zeros(g, shape[:-2] + (plane,))
    return m.reshape(m.scatter_add(zeros, -1, index, flat_g), lead + shape)


def _array(t):
    return getattr(t, "_data", t)


def _unpool_np(grad_output, self, indices):
    """torch's max_pool2d_with_indices_backward on arrays: each gradient added at its index."""
    indices = _array(indices)
    h, w = self.shape[-2:]
    lead = int(np.prod(indices.shape[:-2]))
    out = np.zeros((lead, h * w), grad_output.dtype)
    np.add.at(out, (np.arange(lead)[:, None], indices.reshape(lead, -1)), grad_output.reshape(lead, -1))
    return out.reshape(self.shape)


def _unpool_bwd(m, gg, indices):
    """Linear in grad_output: its gradient picks gg at the indices; self gets zeros (torch's
    ``zeros_like(self)``: a second derivative reaches the input, as 0)."""
    idx = _array(indices)
    lead = tuple(gg.shape[:m.nb])
    flat = m.reshape(gg, lead + idx.shape[:-2] + (-1,))
    picked = m.gather(flat, -1, m.const(np.broadcast_to(idx.reshape(idx.shape[:-2] + (-1,)),
                                                        lead + idx.shape[:-2] + (idx.shape[-2] * idx.shape[-1],))))
    return m.reshape(picked, lead + idx.shape), m.zeros_like(gg)


MAX_POOL2D = defop("max_pool2d_with_indices", "MaxPool2DWithIndicesBackward0", ("self",),
                   memory_layout.keeps_channels_last(_max_pool_fwd),
                   _max_pool_bwd,
                   saves=("self", "kernel_size", "stride", "padding", "dilation", "ceil_mode", "result1"),
                   promote=KEEP, outputs=2, nondiff_outputs=(1,),
                   jvp_note="generic: derived through double-vjp",
                   samples=lambda: [Sample(arr(1, 2, 4, 4), params={"kernel_size": (2, 2), "stride": (2, 2),
                                                                    "padding": (0, 0), "dilation": (1, 1),
                                                                    "ceil_mode": False}),
                                    Sample(arr(2, 5, 5, seed=3), params={"kernel_size": (3, 2), "stride": (1, 2),
                                                                         "padding": (1, 1), "dilation": (1, 2),
                                                                         "ceil_mode": False}),
                                    Sample(arr(1, 2, 5, 6, seed=4), params={"kernel_size": (3, 2), "stride": (2, 2),
                                                                            "padding": (1, 0), "dilation": (1, 1),
                                                                            "ceil_mode": True}, note="ceil_mode")],
                   rule="g to the position of each window's maximum")


def _unpool_samples():
    x = arr(1, 2, 4, 4)
    _, idx = _max_pool_fwd(x, (2, 2), (2, 2), (0, 0), (1, 1), False)
    return [Sample(arr(1, 2, 2, 2, seed=5), x, params={"indices": idx}, grad=[0])]


MAX_POOL2D_BACKWARD = defop("max_pool2d_with_indices_backward", "MaxPool2DWithIndicesBackwardBackward0",
                            ("grad_output", "self"), _unpool_np, _unpool_bwd, saves=("indices",), promote=KEEP,
                            samples=_unpool_samples, jvp_note="generic: derived through double-vjp",
                            rule="gg picked at the indices for grad_output; zeros for self")
