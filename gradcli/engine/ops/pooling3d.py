"""avg_pool3d and max_pool3d as torch's one node each (AvgPool3DBackward0,
MaxPool3DWithIndicesBackward0).

The average pool is the 2-d one's kernel over three dims (each box summed in raster order, one
division, the backward's shares added in the outputs' raster order). A box's maximum is the maximum
over depth of the maxima over (H, W), so max_pool3d pools the planes with the 2-d kernel, then the
depth (a column of ``ho * wo`` values per depth): the values and the indices (the first maximum in
raster order, flat in each volume) are torch's; under create_graph the average pool's backward is
also taken in those two steps.
"""
from __future__ import annotations

import numpy as np

from ..memory_layout import keeps_channels_last
from . import dtype_rules
from .convolution import _max_pool_fwd, scatter_at_indices
from .pooling import _avg_pool_bwd, _avg_pool_fwd, _avg_pool_grad_np
from .registry import KEEP, defop
from .samples import Sample, arr


def _planes_then_depth(kernel_size, stride, padding):
    """The (H, W) pooling's geometry and the depth pooling's (a (kd, 1) window over (D, ho * wo))."""
    return ((kernel_size[1:], stride[1:], padding[1:]),
            ((kernel_size[0], 1), (stride[0], 1), (padding[0], 0)))


def _avg3d_fwd(a, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override):
    return _avg_pool_fwd(a, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override,
                         "avg_pool3d_out_frame")


def _shaped(m, g, shape):
    """Something of ``shape`` for the 2-d backward, which reads its input's shape only."""
    return m.zeros(shape, g) if m.is_tensor else np.broadcast_to(np.zeros((), g.dtype), shape)


def _avg3d_bwd(m, g, self, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override):
    """torch's kernel on arrays; in a graph, the depth pooling's backward, then the planes'."""
    if not m.is_tensor:
        return _avg_pool_grad_np(g, tuple(self.shape), kernel_size, stride, padding, ceil_mode, count_include_pad,
                                 divisor_override)
    planes_geo, depth_geo = _planes_then_depth(kernel_size, stride, padding)
    once = 1 if divisor_override else None
    lead = tuple(g.shape[:m.nb])
    d, h, w = tuple(self.shape[-3:])
    ho, wo = tuple(g.shape[-2:])
    if divisor_override:
        g = g / divisor_override
    columns = m.reshape(g, lead + (-1, g.shape[-3], ho * wo))
    count = columns.shape[m.nb]
    up = _avg_pool_bwd(m, columns, _shaped(m, g, (count, d, ho * wo)), *depth_geo, ceil_mode, count_include_pad, once)
    planes = m.reshape(up, lead + (count * d, ho, wo))
    full = _avg_pool_bwd(m, planes, _shaped(m, g, (count * d, h, w)), *planes_geo, ceil_mode, count_include_pad, once)
    return m.reshape(full, lead + tuple(self.shape))


_AVG = ("kernel_size", "stride", "padding", "ceil_mode", "count_include_pad", "divisor_override")
AVG_POOL3D = defop("avg_pool3d", "AvgPool3DBackward0", ("self",), _avg3d_fwd, _avg3d_bwd, saves=("self",) + _AVG,
                   promote=KEEP, jvp_note="generic: derived through double-vjp",
                   samples=lambda: [
                       Sample(arr(1, 2, 4, 4, 4), params=dict(zip(_AVG, ((2, 2, 2), (2, 2, 2), (0, 0, 0), False, True,
                                                                        None)))),
                       Sample(arr(2, 5, 4, 5, seed=1), params=dict(zip(_AVG, ((3, 2, 2), (2, 1, 2), (1, 0, 1), True,
                                                                          False, None))),
                              note="padding, ceil_mode, count_include_pad=False"),
                       Sample(arr(1, 4, 4, 4, seed=2), params=dict(zip(_AVG, ((2, 2, 2), (1, 2, 2), (0, 0, 0), False,
                                                                          True, 3))), note="divisor_override")],
                   rule="g / (the box's divisor) spread over each box")


def _max3d_fwd(a, kernel_size, stride, padding, dilation, ceil_mode):
    """The maximum of each box and its flat index in its (D, H, W) volume."""
    dtype_rules.refuse_complex(dtype_rules.complex_kernel("max_pool3d"), a)
    lead, (d, h, w) = a.shape[:-3], a.shape[-3:]
    planes, where = _max_pool_fwd(a.reshape((-1, h, w)), kernel_size[1:], stride[1:], padding[1:], dilation[1:],
                                  ceil_mode)
    ho, wo = planes.shape[-2:]
    values, depth = _max_pool_fwd(planes.reshape((-1, d, ho * wo)), (kernel_size[0], 1), (stride[0], 1),
                                  (padding[0], 0), (dilation[0], 1), ceil_mode)
    do = values.shape[-2]
    picked = depth // (ho * wo)
    inner = np.take_along_axis(where.reshape((-1, d, ho * wo)), picked, axis=1)
    return values.reshape(lead + (do, ho, wo)), (picked * (h * w) + inner).reshape(lead + (do, ho, wo))


def _max3d_bwd(m, g, self, kernel_size, stride, padding, dilation, ceil_mode, result1):
    """Each output's gradient lands on the input its maximum came from (summed where boxes overlap)."""
    g = g[0] if isinstance(g, tuple) else g
    shape = tuple(self.shape)
    flat = scatter_at_indices(m, g, shape[:-3] + (shape[-3], shape[-2] * shape[-1]), result1)
    return m.reshape(flat, tuple(g.shape[:m.nb]) + shape)


_MAX = ("kernel_size", "stride", "padding", "dilation", "ceil_mode")
MAX_POOL3D = defop("max_pool3d_with_indices", "MaxPool3DWithIndicesBackward0", ("self",),
                   keeps_channels_last(_max3d_fwd), _max3d_bwd,
                   saves=("self",) + _MAX + ("result1",), promote=KEEP, outputs=2, nondiff_outputs=(1,),
                   jvp_note="generic: derived through double-vjp",
                   samples=lambda: [
                       Sample(arr(1, 2, 4, 4, 4), params=dict(zip(_MAX, ((2, 2, 2), (2, 2, 2), (0, 0, 0), (1, 1, 1),
                                                                        False)))),
                       Sample(arr(2, 5, 4, 5, seed=1), params=dict(zip(_MAX, ((3, 2, 2), (2, 1, 2), (1, 0, 1),
                                                                          (1, 1, 1), True))),
                              note="padding, ceil_mode")],
                   rule="g at each box's maximum (summed where boxes overlap)")
