"""``F.interpolate``'s resizing ops, one record per torch kernel (``upsample_bilinear2d`` ...), so
the graph shows torch's nodes (``UpsampleBilinear2DBackward0``, and under create_graph
``UpsampleBilinear2DBackwardBackward0``) with their saved sizes and scales.

Every mode is separable: each spatial dim maps its output positions to one (nearest), two
(linear) or four (cubic) input positions with weights, torch's source coordinates computed in
torch's precision (float for nearest and for float32 inputs). The forward applies the dims from the
innermost out, as torch's nested kernel, and a blend ``w0*x0 + w1*x1 + ...`` rounds as torch's
compiled one: each further product fused into the running sum (one rounding). Bilinear and trilinear
take torch's channels-last kernel where torch does (``upsample_blend``): bit for bit, float64 too.
Bicubic's coefficients round as torch's compiled ones. The backward is the adjoint in
torch's order: each output position's gradient, weighted, added back into every tap it read.

The antialiased modes (``_upsample_bilinear2d_aa``, ``_upsample_bicubic2d_aa``) are PIL's filters
as torch computes them: a downscale by ``s`` widens the filter's support ``s`` times, each output
reads a run of inputs of its own length (shorter runs are padded with the index -1, no tap) whose
weights are normalised to sum to 1, and the forward skips a dim whose size does not change.
"""
from __future__ import annotations

import numpy as np

from ..dispatch import call
from ..fused import fma64
from ..memory_layout import keeps_channels_last
from .dtype_rules import complex_kernel
from .registry import KEEP, defop
from .samples import Sample, arr
from .upsample_adjoint import cubic_adjoint, linear_adjoint
from .upsample_blend import blend_channels_last, takes_channels_last_kernel

_F32, _F64 = np.dtype(np.float32), np.dtype(np.float64)
_CUBIC_A = -0.75
# kind -> (torch's op name stem, node name stem per spatial rank, blends?)
_KINDS = {"nearest": ("upsample_nearest{}d", "UpsampleNearest{}D", False),
          "nearest-exact": ("_upsample_nearest_exact{}d", "UpsampleNearestExact{}D", False),
          "linear": ("upsample_{}", "Upsample{}", True),
          "cubic": ("upsample_bicubic{}d", "UpsampleBicubic{}D", True),
          "linear-aa": ("_upsample_bilinear{}d_aa", "UpsampleBilinear{}DAa", True),
          "cubic-aa": ("_upsample_bicubic{}d_aa", "UpsampleBicubic{}DAa", True)}
_LINEAR_NAMES = {1: ("linear1d", "Linear1D"), 2: ("bilinear2d", "Bilinear2D"), 3: ("trilinear3d", "Trilinear3D")}
_SCALE_NAMES = {1: ("scales",), 2: ("scales_h", "scales_w"), 3: ("scales_d", "scales_h", "scales_w")}


def _ratio(n_in: int, n_out: int, scale, align: bool, ft):
    """torch's area_pixel_compute_scale: input positions per output position."""
    if align:
        return ft((n_in - 1) / (n_out - 1)) if n_out > 1 else ft(0)
    return ft(1.0 / scale) if scale is not None and scale > 0 else ft(ft(n_in) / ft(n_out))


def _fused(a, b, c, ft):
    """``a * b + c`` rounded once (a fused multiply-add), in float32's precision or float64's."""
    if ft is np.float32:
        return (np.asarray(a, np.float64) * np.asarray(b, np.float64) + c).astype(np.float32)
    return fma64(a, b, c)


def _source(n_out: int, ratio, align: bool, ft, fused: bool = True):
    """Each output position's source coordinate: ratio * o (align_corners) or ratio * (o + 0.5) - 0.5
    (one fused multiply-add, or two roundings in torch's plain build)."""
    o = np.arange(n_out, dtype=np.float64)
    if align:
        return (ratio * o).astype(ft)
    return _fused(ratio, o + 0.5, -0.5, ft) if fused else (ratio * (o + 0.5).astype(ft) - ft(0.5)).astype(ft)


def _guarded(real, n_in: int, ft):
    """torch's guard_index_and_lambda: the index is floorf of the coordinate (a float64 one rounded to
    float first, so 38.99999999 reads 39) capped at the last input, the lambda clamped to [0, 1]."""
    low = np.minimum(np.floor(real.astype(np.float32)).astype(np.int64), n_in - 1)
    return low, np.clip(real - low.astype(ft), ft(0), ft(1)).astype(ft)


def _cubic_weights(t, ft, fused: bool):
    """torch's cubic convolution coefficients (A = -0.75) for the four taps around ``t`` in [0, 1), as
    its compiled get_cubic_upsample_coefficients rounds them: the vectorised build (the forward)
    fuses near's first step and far's first two into multiply-adds, the plain build (bicubic's
    backward) fuses none; the later products and sums are rounded one by one."""
    a = ft(_CUBIC_A)

    def mul_add(x, y, z):
        return _fused(x, y, z, ft) if fused else (x * y + z).astype(ft)

    def near(x):      # |x| <= 1
        return (mul_add(a + ft(2), x, -(a + ft(3))) * x * x + ft(1)).astype(ft)

    def far(x):       # 1 < |x| < 2
        return (mul_add(mul_add(a, x, -(ft(5) * a)), x, ft(8) * a) * x - ft(4) * a).astype(ft)
    one = ft(1)
    return [far(t + one).astype(ft), near(t).astype(ft), near(one - t).astype(ft), far((one - t) + one).astype(ft)]


def _aa_filter(x, kind: str, ft):
    """torch's antialiasing filters: the triangle, or Keys' cubic with A = -0.5 (PIL's)."""
    x = np.abs(x)
    if kind == "linear-aa":
        return np.where(x < 1, ft(1) - x, ft(0)).astype(ft)
    a = ft(-0.5)
    near = ((a + ft(2)) * x - (a + ft(3))) * x * x + ft(1)
    far = ((a * x - ft(5) * a) * x + ft(8) * a) * x - ft(4) * a
    return np.where(x < 1, near, np.where(x < 2, far, ft(0))).astype(ft)


def _aa_taps(n_in: int, n_out: int, scale, kind: str, align: bool, ft):
    """torch's _compute_indices_min_size_weights_aa for every output at once, in its types: the
    center and the filter's argument rounded to the input's float type, the run's bounds truncated."""
    ratio = _ratio(n_in, n_out, scale, align, ft)
    half = 1.0 if kind == "linear-aa" else 2.0
    support = ft(half * float(ratio)) if ratio >= 1 else ft(half)
    longest = int(np.ceil(support)) * 2 + 1
    center = (float(ratio) * (np.arange(n_out) + 0.5)).astype(ft)
    invscale = ft(1.0 / float(ratio)) if ratio >= 1 else ft(1)
    low = np.maximum(np.trunc((center - support).astype(np.float64) + 0.5).astype(np.int64), 0)
    high = np.minimum(np.trunc((center + support).astype(np.float64) + 0.5).astype(np.int64), n_in)
    size = np.clip(high - low, 0, longest)
    weights, total = [], np.zeros(n_out, ft)
    for j in range(longest):
        x = (((j + low).astype(ft) - center).astype(np.float64) + 0.5) * float(invscale)
        w = np.where(j < size, _aa_filter(x.astype(ft), kind, ft), ft(0)).astype(ft)
        weights.append(w)
        total = (total + w).astype(ft)
    weights = [np.where(total != 0, w / np.where(total != 0, total, ft(1)), w).astype(ft) for w in weights]
    index = [np.where((j < size) | (j == 0), np.minimum(low + j, n_in - 1), -1) for j in range(longest)]
    return index, weights


def _taps(n_in: int, n_out: int, scale, kind: str, align: bool, ft, shortcut: bool, fused: bool = True):
    """(input indices per tap, weights per tap or None) for one spatial dim. ``shortcut``: nearest's
    same-size and double-size outputs take their index whatever the scale (torch's 2-d forward and
    every backward kernel do; its 1-d and 3-d forwards compute it from the scale). ``fused``: cubic
    coefficients as torch's vectorised-build kernels round them (else as its plain build's)."""
    if kind.endswith("-aa"):
        return _aa_taps(n_in, n_out, scale, kind, align, ft)
    o = np.arange(n_out)
    if kind == "nearest" and shortcut and n_out in (n_in, 2 * n_in):
        return [o if n_out == n_in else o >> 1], None
    if kind in ("nearest", "nearest-exact"):     # torch computes these in float whatever the dtype
        f32 = np.float32
        ratio = f32(1.0 / scale) if scale is not None and scale > 0 else f32(f32(n_in) / f32(n_out))
        pos = o.astype(f32) if kind == "nearest" else o.astype(f32) + f32(0.5)
        return [np.minimum(np.floor(pos * ratio).astype(np.int64), n_in - 1)], None
    if kind == "linear":
        if n_in == n_out:
            return [o, o], [np.ones(n_out, ft), np.zeros(n_out, ft)]
        real = np.maximum(_source(n_out, _ratio(n_in, n_out, scale, align, ft), align, ft), ft(0))
        low, frac = _guarded(real, n_in, ft)
        return [low, low + (low < n_in - 1)], [(ft(1) - frac).astype(ft), frac]
    real = _source(n_out, _ratio(n_in, n_out, scale, align, ft), align, ft, fused)
    low, t = _guarded(real, n_in, ft)
    return [np.clip(low + k, 0, n_in - 1) for k in (-1, 0, 1, 2)], _cubic_weights(t, ft, fused)


def _opmath(dtype):
    return np.float64 if dtype == _F64 else np.float32


def _resize(a, kind, output_size, scales, align_corners=False):
    """The forward kernel over the trailing ``len(output_size)`` dims."""
    ft = _opmath(a.dtype)
    nsp = len(output_size)
    if kind == "linear" and takes_channels_last_kernel(a, output_size):
        return blend_channels_last(a, [_taps(a.shape[2 + k], output_size[k], scales[k], kind, align_corners, ft, True)
                                       for k in range(nsp)], ft)
    out = a
    for k in reversed(range(nsp)):
        axis = a.ndim - nsp + k
        if kind.endswith("-aa") and a.shape[axis] == output_size[k]:
            continue        # torch's antialiased kernel leaves a dim of unchanged size alone
        index, weights = _taps(a.shape[axis], output_size[k], scales[k], kind, align_corners, ft, nsp == 2)
        if weights is None:
            out = np.take(out, index[0], axis=axis)
            continue
        shape = (-1,) + (1,) * (nsp - 1 - k)
        if kind.endswith("-aa"):    # the run in order: t0 * w0, then each further tap fused in
            blend = (np.take(out, index[0], axis=axis) * weights[0].reshape(shape)).astype(ft)
            for i, w in zip(index[1:], weights[1:]):
                tap = _fused(np.take(out, np.maximum(i, 0), axis=axis), w.reshape(shape), blend, ft)
                blend = np.where((i >= 0).reshape(shape), tap, blend)
            out = blend.astype(a.dtype, copy=False)
            continue
        blend = np.take(out, index[1], axis=axis) * weights[1].reshape(shape)
        blend = _fused(np.take(out, index[0], axis=axis), weights[0].reshape(shape), blend, ft)
        for i, w in zip(index[2:], weights[2:]):
            blend = _fused(np.take(out, i, axis=axis), w.reshape(shape), blend, ft)
        out = blend.astype(a.dtype, copy=False)
    return out


def _resize_adjoint(g, kind, output_size, scales, input_size, align_corners=False):
    """The backward kernel, in torch's order: output positions in memory order, each adding its
    gradient times the product of its taps' weights into every tap it read."""
    ft = _opmath(g.dtype)
    nsp = len(output_size)
    spatial_in = tuple(input_size[len(input_size) - nsp:])
    if kind in ("linear", "cubic"):     # bicubic's backward kernel computes its coefficients unfused
        taps = [_taps(spatial_in[k], output_size[k], scales[k], kind, align_corners, ft, True, fused=kind == "linear")
                for k in range(nsp)]
        return (linear_adjoint if kind == "linear" else cubic_adjoint)(g, taps, spatial_in, ft)
    flat, weight = np.zeros((1,) * (2 * nsp), np.int64), None
    tapped = np.ones((1,) * (2 * nsp), bool)        # False where an antialiased run is shorter
    for k in range(nsp):
        index, weights = _taps(spatial_in[k], output_size[k], scales[k], kind, align_corners, ft, True)
        shape = [1] * (2 * nsp)
        shape[k], shape[nsp + k] = output_size[k], len(index)      # (outputs..., taps...)
        stride = int(np.prod(spatial_in[k + 1:], dtype=np.int64))
        flat = flat + (np.stack(index, axis=1) * stride).reshape(shape)
        tapped = tapped & (np.stack(index, axis=1) >= 0).reshape(shape)
        if weights is not None:
            w = np.stack(weights, axis=1).reshape(shape)
            weight = w if weight is None else (weight * w).astype(ft)
    lead = g.shape[:g.ndim - nsp]
    values = g.reshape(g.shape + (1,) * nsp)
    if weight is not None:
        values = values * weight.astype(g.dtype)
    flat = np.broadcast_to(flat, tuple(output_size) + flat.shape[nsp:])
    out = np.zeros(lead + (int(np.prod(spatial_in, dtype=np.int64)),), g.dtype)
    values = np.broadcast_to(values, lead + flat.shape)
    if not tapped.all():
        keep = np.broadcast_to(tapped, flat.shape)
        flat, values = flat[keep], values[..., keep]
    np.add.at(out, (..., flat.reshape(-1)), values.reshape(lead + (flat.size,)))
    return out.reshape(lead + spatial_in)


def _settings(saved) -> tuple:
    """(align_corners, output_size, scales, input sizes) from a record's saved values (the nearest
    modes save no align_corners)."""
    *head, output_size, scales, sizes = saved
    return (head[0] if head else False), output_size, scales, sizes


# the kernel torch's dispatch reaches first, which has no complex types: (1-d and 3-d, 2-d)
_COMPLEX_REFUSED = {"nearest": ("compute_indices_weights_nearest", "upsample_nearest2d_channels_last"),
                    "nearest-exact": ("compute_indices_weights_nearest", "upsample_nearest2d_channels_last"),
                    "linear": ("compute_indices_weights_linear", "upsample_bilinear2d_channels_last"),
                    "cubic": (None, "compute_indices_weights_cubic"),
                    "linear-aa": (None, "compute_index_ranges_weights"), "cubic-aa": (None, "compute_index_ranges_weights")}


def _declare(kind: str, nsp: int):
    """The forward record and its backward's record (torch's ``..._backward`` kernel, differentiable
    again through the forward) for one mode and spatial rank."""
    op_stem, node_stem, blends = _KINDS[kind]
    if kind == "linear":
        op_name, node = op_stem.format(_LINEAR_NAMES[nsp][0]), node_stem.format(_LINEAR_NAMES[nsp][1])
    else:
        op_name, node = op_stem.format(nsp), node_stem.format(nsp)
    corner = ("align_corners",) if blends else ()

    def scales_of(record):
        return {name: (lambda i: lambda node_: record.saved_param(node_, "scales")[i])(i)
                for i, name in enumerate(_SCALE_NAMES[nsp])}

    def forward(a, output_size, scales, align_corners=False):
        return _resize(a, kind, output_size, scales, align_corners)

    def adjoint(g, output_size, scales, input_size, align_corners=False):
        return _resize_adjoint(g, kind, output_size, scales, input_size, align_corners)

    def params(output_size, scales, align_corners, input_size=None):
        p = {"output_size": output_size, "scales": scales}
        if blends:
            p["align_corners"] = align_corners
        if input_size is not None:
            p["input_size"] = input_size
        return p

    def backward(m, g, *saved):
        align, output_size, scales, input_size = _settings(saved)
        if m.is_tensor:
            return call(back_op, (g,), params(output_size, scales, align, tuple(input_size)))
        return adjoint(g, output_size, scales, input_size, align)

    def double_backward(m, gg, *saved):
        align, output_size, scales, _ = _settings(saved)
        if m.is_tensor:
            return call(fwd_op, (gg,), params(output_size, scales, align))
        return forward(gg, output_size, scales, align)

    def jvp(m, t, *saved):
        align, output_size, scales, _ = _settings(saved)
        if m.is_tensor:
            return call(fwd_op, (t[0],), params(output_size, scales, align))
        return forward(t[0], output_size, scales, align)

    size_in = (2, 3) + (4, 3, 2)[:nsp]
    size_out = (5, 4, 3)[:nsp]
    sample_params = params(size_out, (None,) * nsp, False)
    fwd_op = defop(op_name, f"{node}Backward0", ("self",), keeps_channels_last(forward), backward,
                   saves=corner + ("output_size", "scales", "self_sym_sizes"), internal=("scales",),
                   promote=KEEP, jvp=jvp, jvp_note="linear: the forward applied to the tangent",
                   samples=lambda: [Sample(arr(*size_in), params=sample_params)] + (
                       [Sample(arr(*size_in, seed=1), params=params(size_out, (None,) * nsp, True))] if blends else []),
                   rule="the adjoint of the resize: each output's gradient, weighted, back to its input taps",
                   real=complex_kernel(_COMPLEX_REFUSED[kind][nsp == 2]))
    fwd_op.derived.update(scales_of(fwd_op))
    back_op = defop(f"{op_name}_backward", f"{node}BackwardBackward0", ("grad_output",), adjoint, double_backward,
                    saves=corner + ("output_size", "scales", "input_size"), internal=("scales", "input_size"),
                    promote=KEEP, jvp=lambda m, t, *saved: backward(m, t[0], *saved),
                    samples=lambda: [Sample(arr(*(size_in[:2] + size_out)),
                                            params=dict(sample_params, input_size=size_in))],
                    rule="the resize itself (the backward is linear in the gradient)")
    back_op.derived.update(scales_of(back_op))
    return fwd_op


RECORDS = {(kind, nsp): _declare(kind, nsp)
           for kind, ranks in (("nearest", (1, 2, 3)), ("nearest-exact", (1, 2, 3)), ("linear", (1, 2, 3)),
                               ("cubic", (2,)), ("linear-aa", (2,)), ("cubic-aa", (2,)))
           for nsp in ranks}
# the forward records and their backwards': kernels over the trailing dims (vmap aligns the batch in front)
NAMES = tuple(name for record in RECORDS.values() for name in (record.name, f"{record.name}_backward"))


def upsample(input, kind: str, output_size: tuple, scales: tuple, align_corners: bool = False):
    """Resize ``input``'s trailing dims with the record of ``kind`` and rank ``len(output_size)``."""
    record = RECORDS[kind, len(output_size)]
    p = {"output_size": tuple(output_size), "scales": tuple(scales)}
    if _KINDS[kind][2]:
        p["align_corners"] = bool(align_corners)
    return call(record, (input,), p)
