"""Pooling: avg_pool2d (seed 003 pools a 4x4 map with AvgPool2d(kernel_size=2))."""
from __future__ import annotations

import numpy as np

from .. import errors
from ..dispatch import call
from .registry import FLOAT, defop
from .samples import Sample, arr


def _pair(v) -> tuple:
    return (int(v), int(v)) if isinstance(v, (int, np.integer)) else tuple(int(x) for x in v)


def _avg_pool_fwd(a, kernel, stride):
    kh, kw = kernel
    sh, sw = stride
    win = np.lib.stride_tricks.sliding_window_view(a, (kh, kw), axis=(-2, -1))[..., ::sh, ::sw, :, :]
    return win.mean(axis=(-2, -1)).astype(a.dtype, copy=False)


def _avg_pool_bwd(m, g, self_sym_sizes, kernel, stride):
    """Each output's gradient, divided by the window size, lands on every input of its window."""
    kh, kw = kernel
    sh, sw = stride
    h, w = self_sym_sizes[-2:]
    ho, wo = g.shape[-2], g.shape[-1]
    share = g / (kh * kw)
    rows_shape = tuple(self_sym_sizes[:-2]) + (ho, w)
    total = None
    for j in range(kw):
        cols = m.embed(m.g_zeros(g, rows_shape), share, -1, slice(j, j + sw * (wo - 1) + 1, sw))
        for i in range(kh):
            part = m.embed(m.g_zeros(g, self_sym_sizes), cols, -2, slice(i, i + sh * (ho - 1) + 1, sh))
            total = part if total is None else total + part
    return total


AVG_POOL2D = defop("avg_pool2d", "AvgPool2DBackward0", ("self",), _avg_pool_fwd, _avg_pool_bwd,
                   saves=("self_sym_sizes", "kernel", "stride"), promote=FLOAT,
                   jvp_note="generic: derived through double-vjp",
                   samples=lambda: [Sample(arr(1, 2, 4, 4), params={"kernel": (2, 2), "stride": (2, 2)}),
                                    Sample(arr(3, 5, 5), params={"kernel": (2, 3), "stride": (1, 2)})],
                   rule="g / (kernel area) spread over each window")


def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=None):
    """torch.nn.functional.avg_pool2d without padding or ceil_mode (gradcli refuses those clearly)."""
    if input.ndim not in (3, 4):
        raise errors.ShapeError(f"non-empty 3D or 4D (batch mode) tensor expected for input, but got "
                                f"{input.ndim}D")
    if padding not in (0, (0, 0)) or ceil_mode or divisor_override is not None:
        raise errors.AutogradError("avg_pool2d: gradcli supports padding=0, ceil_mode=False and no "
                                   "divisor_override")
    kernel = _pair(kernel_size)
    stride = kernel if stride is None or stride == [] else _pair(stride)
    h, w = input.shape[-2:]
    if kernel[0] > h or kernel[1] > w:
        raise errors.ShapeError(f"Given input size: ({'x'.join(map(str, input.shape[-3:]))}). Calculated output "
                                f"size: ({input.shape[-3]}x{(h - kernel[0]) // stride[0] + 1}x"
                                f"{(w - kernel[1]) // stride[1] + 1}). Output size is too small")
    return call(AVG_POOL2D, (input,), {"kernel": kernel, "stride": stride})
