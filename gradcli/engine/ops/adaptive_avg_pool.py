"""Adaptive average pooling as torch's kernels: ``adaptive_avg_pool2d``/``3d`` records (nodes
``AdaptiveAvgPool2DBackward0``/``3DBackward0``, and their backward's records under create_graph).

Output cell ``i`` of a dim of size ``n`` pooled to ``size`` averages inputs
``[floor(i n / size), ceil((i + 1) n / size))``. torch sums each window's elements in memory order
(rows of the window one after another) in the input's precision, then divides by each window
extent in turn; its backward adds each cell's ``grad / extents`` to every input of the window, cells
in memory order. Both are replayed here with one gather (windows padded with +0, which a
sequential sum leaves unchanged) and one ordered scatter-add, so the bits are torch's.
"""
from __future__ import annotations

import numpy as np

from .. import errors
from ..dispatch import call
from ..memory_layout import keeps_channels_last
from .dtype_rules import complex_kernel, float_only
from .registry import KEEP, defop
from .samples import Sample, arr


def _bounds(n: int, size: int):
    """Each output cell's window [start, end) along one dim."""
    i = np.arange(size)
    return (i * n) // size, -(-((i + 1) * n) // size)


def _windows(spatial_in: tuple, output_size: tuple):
    """(flat input index per cell and window slot, shape (cells, slots); the padded slots point one
    past the end; the window extents per dim, each shaped to broadcast over the output cells)."""
    rank = len(spatial_in)
    flat = np.zeros((1,) * (2 * rank), np.int64)
    valid = np.ones((1,) * (2 * rank), bool)
    extents = []
    for k, (n, size) in enumerate(zip(spatial_in, output_size)):
        start, end = _bounds(n, size)
        width = int((end - start).max()) if size else 0
        offset = np.arange(width)
        pos = start[:, None] + offset[None, :]
        shape = [1] * (2 * rank)
        shape[k], shape[rank + k] = size, width          # (cells..., window slots...)
        stride = int(np.prod(spatial_in[k + 1:], dtype=np.int64))
        flat = flat + (np.minimum(pos, n - 1) * stride).reshape(shape)
        valid = valid & (pos < end[:, None]).reshape(shape)
        extent_shape = [1] * rank
        extent_shape[k] = size
        extents.append((end - start).reshape(extent_shape))
    flat = np.where(valid, flat, int(np.prod(spatial_in, dtype=np.int64)))
    cells = int(np.prod(output_size, dtype=np.int64))
    return flat.reshape(cells, int(np.prod(flat.shape[rank:], dtype=np.int64))), extents


def _pool(a, output_size):
    """The forward kernel over the trailing ``len(output_size)`` dims."""
    rank = len(output_size)
    lead, spatial = a.shape[:a.ndim - rank], a.shape[a.ndim - rank:]
    index, extents = _windows(spatial, output_size)
    if not index.size:      # (an empty output)
        return np.zeros(lead + tuple(output_size), a.dtype)
    padded = np.concatenate([a.reshape(lead + (int(np.prod(spatial, dtype=np.int64)),)), np.zeros(lead + (1,), a.dtype)],
                            axis=-1)
    sums = np.add.accumulate(padded[..., index], axis=-1)[..., -1].reshape(lead + tuple(output_size))
    for extent in extents:
        sums = sums / extent.astype(a.dtype)
    return sums.astype(a.dtype, copy=False)


def _pool_adjoint(g, output_size, input_size):
    """The backward kernel: each cell's gradient over its window's extents, added to the window."""
    rank = len(output_size)
    lead, spatial = g.shape[:g.ndim - rank], tuple(input_size[len(input_size) - rank:])
    index, extents = _windows(spatial, output_size)
    share = g
    for extent in extents:
        share = share / extent.astype(g.dtype)
    values = np.broadcast_to(share.reshape(lead + (index.shape[0], 1)), lead + index.shape)
    out = np.zeros(lead + (int(np.prod(spatial, dtype=np.int64)) + 1,), g.dtype)
    np.add.at(out, (..., index.reshape(-1)), values.reshape(lead + (index.size,)))
    return out[..., :-1].reshape(lead + spatial)


def _declare(rank: int):
    name = f"adaptive_avg_pool{rank}d"

    def backward(m, g, self, output_size, self_sym_sizes):
        _nonempty(f"{name}_backward", "grad_output", tuple(g.shape), range(1, len(g.shape)))
        if m.is_tensor:     # torch's backward kernel takes the input (for its shape): its node has an edge to it
            return call(back_op, (g, self), {"output_size": output_size})
        return _pool_adjoint(g, output_size, self_sym_sizes)

    def double_backward(m, gg, output_size, self_sym_sizes):
        """The pooling of the incoming gradient; the input's gradient is zeros, as torch's."""
        pooled = call(fwd_op, (gg,), {"output_size": output_size}) if m.is_tensor else _pool(gg, output_size)
        return pooled, m.zeros(tuple(gg.shape[:m.nb]) + tuple(self_sym_sizes), gg)

    def backward_jvp(m, t, output_size, self_sym_sizes):
        if t[0] is None:        # (only the input's tangent: the backward does not depend on its values)
            return m.zeros_like(t[1])
        if m.is_tensor:
            return call(back_op, (t[0], m.zeros(tuple(self_sym_sizes), t[0])), {"output_size": output_size})
        return _pool_adjoint(t[0], output_size, self_sym_sizes)

    spatial = (5, 4, 3)[:rank]
    pooled = (3, 2, 2)[:rank]
    def forward(a, output_size):
        float_only(name, a)
        return _pool(a, output_size)

    fwd_op = defop(f"_{name}", f"AdaptiveAvgPool{rank}DBackward0", ("self",), keeps_channels_last(forward),
                   backward,
                   saves=("self", "output_size", "self_sym_sizes"), internal=("output_size", "self_sym_sizes"),
                   promote=KEEP, jvp=lambda m, t, self, output_size, sizes: (
                       call(fwd_op, (t[0],), {"output_size": output_size}) if m.is_tensor else _pool(t[0], output_size)),
                   samples=lambda: [Sample(arr(2, *spatial), params={"output_size": pooled})],
                   rule="each cell's gradient, divided by its window's size, spread over the window",
                   real=complex_kernel(name))
    back_op = defop(f"_{name}_backward", f"AdaptiveAvgPool{rank}DBackwardBackward0", ("grad_output", "self"),
                    lambda g, a, output_size: _pool_adjoint(g, output_size, a.shape), double_backward,
                    saves=("output_size", "self_sym_sizes"), internal=("output_size", "self_sym_sizes"), promote=KEEP,
                    derived={f"grad_output_sym_argsize_minus_{k}": (lambda k: lambda node: node._in_meta[0][0][-k])(k)
                             for k in range(1, rank + 1)},       # (torch's node shows the pooled sizes it read)
                    jvp=backward_jvp,
                    samples=lambda: [Sample(arr(2, *pooled), arr(2, *spatial, seed=1), params={"output_size": pooled})],
                    rule="the pooling itself (the backward is linear in the gradient); zeros for the input")
    return fwd_op


RECORDS = {rank: _declare(rank) for rank in (2, 3)}
NAMES = tuple(name for record in RECORDS.values() for name in (record.name, f"{record.name}_backward"))


def _nonempty(op: str, what: str, shape: tuple, dims) -> None:
    for d in dims:
        if shape[d] == 0:
            raise errors.AutogradError(f"{op}(): Expected {what} to have non-zero size for non-batch dimensions, but "
                                       f"{what} has sizes {list(shape)} with dimension {d} being empty")


def adaptive_avg_pool(input, output_size: tuple, rank: int):
    """torch's adaptive average pooling of the trailing ``rank`` dims, with its checks in its order: a
    mean where every window is the whole input (output size 1 everywhere), else the kernel's record."""
    op = f"adaptive_avg_pool{rank}d"
    if len(output_size) != rank:
        raise errors.AutogradError(f"{op}: output_size must be {rank}")
    if any(size < 0 for size in output_size):
        raise errors.AutogradError(f"{op}: elements of output_size must be greater than or equal to 0 but received "
                                   "{" + ", ".join(str(size) for size in output_size) + "}")
    if all(size == 1 for size in output_size):
        return input.mean(tuple(range(-rank, 0)), keepdim=True)
    if input.ndim not in (rank + 1, rank + 2):
        raise errors.AutogradError(f"{op}(): Expected {rank + 1}D or {rank + 2}D tensor, but got {list(input.shape)}")
    _nonempty(op, "input", tuple(input.shape), range(input.ndim - rank, input.ndim))
    return call(RECORDS[rank], (input,), {"output_size": tuple(int(size) for size in output_size)})
