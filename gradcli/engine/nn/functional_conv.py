"""``torch.nn.functional``'s convolutions and windows: conv1d/2d/3d, their transposes, unfold, fold,
max_pool1d/2d/3d, avg_pool3d and pad.

Argument handling and torch's error messages; the records are in ops/convolution.py.
"""
from __future__ import annotations

from .. import dtypes, errors
from ..dispatch import call
from ..dims import KernelStride, int_list
from ..functions import narrow, squeeze, unsqueeze
from ..ops import dtype_rules
from ..ops.convolution import COL2IM, CONVOLUTION, IM2COL, MAX_POOL2D, out_size
from ..ops.padding import (
    CONSTANT_PAD, REFLECTION_PAD1D, REFLECTION_PAD2D, REFLECTION_PAD3D, REPLICATION_PAD1D, REPLICATION_PAD2D,
    REPLICATION_PAD3D,
)
from ..ops.pooling import avg_pool_dtype, check_pool_args, pooled_size
from ..tensor import Tensor


def _tuple(value, n: int, name: str) -> tuple:
    if isinstance(value, (list, tuple)):
        if len(value) == 1:
            return tuple(int(value[0]) for _ in range(n))
        if len(value) != n:
            raise errors.ShapeError(f"expected {name} to be a single integer value or a list of {n} values to "
                                    f"match the convolution dimensions, but got {name}={list(value)}")
        return tuple(int(v) for v in value)
    return (int(value),) * n


def _conv(input, weight, bias, stride, padding, dilation, groups, d: int, name: str):
    if not isinstance(input, Tensor) or not isinstance(weight, Tensor):
        raise TypeError(f"{name}() argument 'input' and 'weight' must be Tensors")
    if bias is not None and bias._data.dtype != input._data.dtype:   # torch's conv{d}d checks this first
        raise errors.DTypeError(f"Input type ({dtypes.c_type_name(input._data.dtype)}) and bias type "
                                f"({dtypes.c_type_name(bias._data.dtype)}) should be the same")
    if input.ndim not in (d + 1, d + 2):
        raise errors.ShapeError(f"Expected {d + 1}D (unbatched) or {d + 2}D (batched) input to {name}, but got "
                                f"input of size: {list(input.shape)}")
    if weight.ndim != d + 2:
        raise errors.ShapeError("weight should have at least three dimensions" if d == 1 else
                                f"Expected {d + 2}-dimensional weight for {d + 2}-dimensional input, but got "
                                f"{weight.ndim}-dimensional weight of size {list(weight.shape)}")
    if input.ndim == d + 1:      # unbatched: torch adds the batch dim and takes it away again
        return squeeze(_conv(unsqueeze(input, 0), weight, bias, stride, padding, dilation, groups, d, name), 0)
    stride, dilation = _tuple(stride, d, "stride"), _tuple(dilation, d, "dilation")
    kernel = tuple(weight.shape[2:])
    if isinstance(padding, str):
        padding, extra = _string_padding(padding, stride, dilation, kernel)
        if any(extra):      # torch pads the odd one out on the right first (ConstantPadNdBackward0)
            pad = tuple(v for e in reversed(extra) for v in (0, e))
            input = call(CONSTANT_PAD, (input,), {"pad": pad, "value": 0.0})
    padding = _tuple(padding, d, "padding")
    if groups < 1:
        raise errors.ShapeError("non-positive groups is not supported")
    c, o = input.shape[1], weight.shape[0]
    if c != weight.shape[1] * groups or o % groups:
        raise errors.ShapeError(f"Given groups={groups}, weight of size {list(weight.shape)}, expected "
                                f"input{list(input.shape)} to have {weight.shape[1] * groups} channels, but got {c} "
                                f"channels instead")
    if bias is not None and tuple(bias.shape) != (o,):
        raise errors.ShapeError(f"Given weight of size {list(weight.shape)}, expected bias to be 1-dimensional "
                                f"with {o} elements, but got bias of size {list(bias.shape)} instead")
    padded = tuple(s + 2 * p for s, p in zip(input.shape[2:], padding))
    reach = tuple(dl * (k - 1) + 1 for k, dl in zip(kernel, dilation))
    if any(p < r for p, r in zip(padded, reach)):
        raise errors.ShapeError(f"Calculated padded input size per channel: ({' x '.join(map(str, padded))}). "
                                f"Kernel size: ({' x '.join(map(str, reach))}). Kernel size can't be greater than "
                                f"actual input size")
    return call(CONVOLUTION, (input, weight, bias),
                {"stride": stride, "padding": padding, "dilation": dilation, "transposed": False,
                 "output_padding": (0,) * d, "groups": int(groups)})


def _string_padding(padding: str, stride, dilation, kernel) -> tuple:
    """The symmetric padding per dim and what an odd total adds on the right, as torch's
    _convolution_mode splits padding='same'."""
    if padding == "valid":
        return (0,) * len(kernel), (0,) * len(kernel)
    if padding != "same":
        raise errors.AutogradError(f"Invalid padding string: '{padding}'")
    if any(s != 1 for s in stride):
        raise errors.AutogradError("padding='same' is not supported for strided convolutions")
    total = [dl * (k - 1) for k, dl in zip(kernel, dilation)]
    return tuple(t // 2 for t in total), tuple(t % 2 for t in total)


def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """A 1-D convolution (cross-correlation) over (N, C, L) or (C, L) input."""
    return _conv(input, weight, bias, stride, padding, dilation, groups, 1, "conv1d")


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """A 2-D convolution (cross-correlation) over (N, C, H, W) or (C, H, W) input."""
    return _conv(input, weight, bias, stride, padding, dilation, groups, 2, "conv2d")


def conv3d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """A 3-D convolution (cross-correlation) over (N, C, D, H, W) or (C, D, H, W) input."""
    return _conv(input, weight, bias, stride, padding, dilation, groups, 3, "conv3d")


def unfold(input, kernel_size, dilation=1, padding=0, stride=1):
    """Sliding windows as columns: (N, C, H, W) -> (N, C*kh*kw, L)."""
    if input.ndim not in (3, 4):
        raise errors.ShapeError(f"Input Error: Only 3D or 4D input Tensors are supported (got {input.ndim}D)")
    return call(IM2COL, (input,), {"kernel_size": _tuple(kernel_size, 2, "kernel_size"),
                                   "dilation": _tuple(dilation, 2, "dilation"),
                                   "padding": _tuple(padding, 2, "padding"), "stride": _tuple(stride, 2, "stride")})


def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1):
    """Columns back into maps, summing overlaps: the adjoint of unfold."""
    if input.ndim not in (2, 3):
        raise errors.ShapeError(f"Input Error: Only unbatched (2D) or batched (3D) input Tensors are supported "
                                f"(got {input.ndim}D)")
    kernel = _tuple(kernel_size, 2, "kernel_size")
    geometry = {"output_size": _tuple(output_size, 2, "output_size"), "kernel_size": kernel,
                "dilation": _tuple(dilation, 2, "dilation"), "padding": _tuple(padding, 2, "padding"),
                "stride": _tuple(stride, 2, "stride")}
    blocks = 1
    for size, k, st, p, dl in zip(geometry["output_size"], kernel, geometry["stride"], geometry["padding"],
                                  geometry["dilation"]):
        blocks *= out_size(size, k, st, p, dl)
    if input.shape[-2] % (kernel[0] * kernel[1]) or input.shape[-1] != blocks:
        raise errors.ShapeError(f"Expected size of input's dimension 1 to be divisible by the product of "
                                f"kernel_size, and size of dimension 2 to match the calculated number of sliding "
                                f"blocks {blocks}, but got input.size(1)={input.shape[-2]}, "
                                f"input.size(2)={input.shape[-1]}")
    return call(COL2IM, (input,), geometry)


def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    """The maximum of each window (and, with return_indices, where it was in its map)."""
    kernel = _tuple(kernel_size, 2, "kernel_size")
    stride = KernelStride(kernel) if stride is None or stride == [] else _tuple(stride, 2, "stride")
    padding, dilation = _tuple(padding, 2, "padding"), _tuple(dilation, 2, "dilation")
    check_pool_args(input, kernel, stride, padding, dilation, bool(ceil_mode))
    values, indices = call(MAX_POOL2D, (input,), {"kernel_size": kernel, "stride": stride, "padding": padding,
                                                  "dilation": dilation, "ceil_mode": bool(ceil_mode)})
    return (values, indices) if return_indices else values


_PAD_RECORDS = {("reflect", 2): REFLECTION_PAD1D, ("reflect", 4): REFLECTION_PAD2D, ("reflect", 6): REFLECTION_PAD3D,
                ("replicate", 2): REPLICATION_PAD1D, ("replicate", 4): REPLICATION_PAD2D,
                ("replicate", 6): REPLICATION_PAD3D}


def pad(input, pad, mode="constant", value=None):
    """torch.nn.functional.pad: ``pad`` lists (before, after) pairs from the last dim backwards."""
    pad = int_list(pad, "pad", "pad", 2)
    value = _pad_value(value)
    if len(pad) % 2:
        raise errors.AutogradError("Padding length must be divisible by 2")
    if len(pad) // 2 > input.ndim:
        raise errors.AutogradError(f"Padding length should be less than or equal to two times the input dimension "
                                   f"but got padding length {len(pad)} and input of dimension {input.ndim}")
    if mode == "constant":
        return call(CONSTANT_PAD, (input,), {"pad": pad, "value": 0.0 if value is None else value})
    if mode not in ("reflect", "replicate", "circular"):
        raise NotImplementedError(f"Unrecognised padding mode {mode}")
    if value is not None and value != 0:
        raise errors.AutogradError(f'Padding mode "{mode}" doesn\'t take in value argument')
    if len(pad) not in (2, 4, 6) or input.ndim not in (len(pad) // 2 + 1, len(pad) // 2 + 2):
        raise NotImplementedError(f"Padding size {len(pad)} is not supported for {input.ndim}D input tensor.\n"
                                  "Supported combinations for non-constant padding:\n"
                                  "  - 2D or 3D input: padding size = 2 (pads last dimension)\n"
                                  "  - 3D or 4D input: padding size = 4 (pads last 2 dimensions)\n"
                                  "  - 4D or 5D input: padding size = 6 (pads last 3 dimensions)")
    if mode == "circular":
        k = len(pad) // 2
        for i in range(k):      # the padded dims in order, as torch checks them
            n, before, after = input.shape[i - k], pad[2 * (k - i - 1)], pad[2 * (k - i - 1) + 1]
            if before > n or after > n:
                raise errors.ShapeError("Padding value causes wrapping around more than once.")
            if n + before + after < 0:
                raise errors.ShapeError("Negative padding value is resulting in an empty dimension")
        return _circular(input, pad)
    return call(_PAD_RECORDS[mode, len(pad)], (input,), {"padding": pad})


def _pad_value(value):
    """pad's ``value`` as torch's parser reads a float: a Python number or a tensor of no dims, else its
    TypeError (a complex, a string or a list was written into the padding as numpy casts it)."""
    if value is None or isinstance(value, float):
        return value
    if isinstance(value, int) or (isinstance(value, Tensor) and value.ndim == 0):
        return float(value)
    raise TypeError(f"pad(): argument 'value' (position 4) must be float, not {type(value).__name__}")


def _circular(input, pad):
    """Circular padding by torch's steps (PadNd.cpp's _pad_circular): the input copied into the middle
    of a new tensor, then each dim's left and right bands copied from the opposite side of it, so the
    graph is torch's nest of CopySlices over SliceBackward0."""
    k = len(pad) // 2
    lead = input.ndim - k
    shape = list(input.shape)
    for i in range(k):
        shape[lead + i] += pad[2 * (k - i - 1)] + pad[2 * (k - i - 1) + 1]
    out = input.new_empty(tuple(shape))
    out_slice, in_slice = out, input
    for i in range(k):
        dim, left, right = k - i + lead - 1, pad[2 * i], pad[2 * i + 1]
        out_slice = _slice(out_slice, dim, max(left, 0), shape[dim] - max(right, 0))
        in_slice = _slice(in_slice, dim, max(-left, 0), input.shape[dim] - max(-right, 0))
    out_slice.copy_(in_slice)
    for i in range(k):
        dim, left, right = k - i + lead - 1, pad[2 * i], pad[2 * i + 1]
        if left > 0:
            _slice(out, dim, 0, left).copy_(_slice(out, dim, shape[dim] - left - max(right, 0),
                                                   shape[dim] - max(right, 0)))
        if right > 0:
            _slice(out, dim, shape[dim] - right, shape[dim]).copy_(_slice(out, dim, max(left, 0),
                                                                          max(left, 0) + right))
    return out


def _slice(t, dim, start, end):
    """``t`` from ``start`` to ``end`` along ``dim`` as torch's slice() reads the bounds: a negative one
    counts from the end, then both are clamped into the dim (narrow() refuses what slice() clamps)."""
    n = t.shape[dim]
    start, end = (b + n if b < 0 else b for b in (start, end))
    start = min(max(start, 0), n)
    return narrow(t, dim, start, min(max(end, start), n) - start)


def _conv_transpose(input, weight, bias, stride, padding, output_padding, groups, dilation, d: int, name: str):
    """The adjoint of a d-dim convolution: torch's convolution with transposed=True (one
    ConvolutionBackward0)."""
    if input.ndim == d + 1:      # unbatched: torch adds the batch dim and takes it away again
        return squeeze(_conv_transpose(unsqueeze(input, 0), weight, bias, stride, padding, output_padding, groups,
                                       dilation, d, name), 0)
    if input.ndim != d + 2 or weight.ndim != d + 2:
        raise errors.ShapeError(f"Expected {d + 1}D (unbatched) or {d + 2}D (batched) input to {name}, but got "
                                f"input of size: {list(input.shape)}")
    if weight.shape[0] != input.shape[1]:
        raise errors.ShapeError(f"Given transposed=1, weight of size {list(weight.shape)}, expected input"
                                f"{list(input.shape)} to have {weight.shape[0]} channels, but got {input.shape[1]} "
                                f"channels instead")
    return call(CONVOLUTION, (input, weight, bias),
                {"stride": _tuple(stride, d, "stride"), "padding": _tuple(padding, d, "padding"),
                 "dilation": _tuple(dilation, d, "dilation"), "transposed": True,
                 "output_padding": _tuple(output_padding, d, "output_padding"), "groups": int(groups)})


def conv_transpose1d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    """The adjoint of conv1d."""
    return _conv_transpose(input, weight, bias, stride, padding, output_padding, groups, dilation, 1,
                           "conv_transpose1d")


def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    """The adjoint of conv2d (the "deconvolution" of decoders)."""
    return _conv_transpose(input, weight, bias, stride, padding, output_padding, groups, dilation, 2,
                           "conv_transpose2d")


def conv_transpose3d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    """The adjoint of conv3d."""
    return _conv_transpose(input, weight, bias, stride, padding, output_padding, groups, dilation, 3,
                           "conv_transpose3d")


def max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    """max_pool2d over a height of 1."""
    if input.ndim not in (2, 3) or 0 in input.shape[-2:]:
        raise errors.ShapeError("max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 dim batch size "
                                f"for input, but got:{list(input.shape)}")
    if not (return_indices or input.requires_grad):   # torch's own 1-d kernel, which takes no complex numbers
        dtype_rules.refuse_complex(dtype_rules.complex_kernel("max_pool1d_impl"), input)
    x = unsqueeze(input, -2)     # torch's steps: unsqueeze(-2), max_pool2d (3-D input unbatched), squeeze(-2)
    first = lambda v, name: _tuple(v, 1, name)[0]     # noqa: E731
    stride = first(kernel_size if stride is None or stride == [] else stride, "stride")
    out = max_pool2d(x, (1, first(kernel_size, "kernel_size")), (1, stride), (0, first(padding, "padding")),
                     (1, first(dilation, "dilation")), ceil_mode, return_indices)
    return (squeeze(out[0], -2), squeeze(out[1], -2)) if return_indices else squeeze(out, -2)


def _pool3d_args(input, kernel_size, stride, padding):
    if input.ndim not in (4, 5):
        raise errors.ShapeError("non-empty 4D or 5D (batch mode) tensor expected for input")
    kernel = _tuple(kernel_size, 3, "kernel_size")
    stride = KernelStride(kernel) if stride is None or stride == [] else _tuple(stride, 3, "stride")
    return kernel, stride, _tuple(padding, 3, "padding")


def _check_pool3d(input, kernel, stride, padding, dilation, ceil_mode, op: str) -> None:
    """torch's pool3d_shape_check, in its order and words (``op`` "avg" or "max")."""
    if 0 in stride or 0 in kernel:
        raise errors.ShapeError("stride should not be zero")
    if any(p * 2 > (k - 1) * d + 1 for p, k, d in zip(padding, kernel, dilation)):
        raise errors.ShapeError(f"pad should be at most half of effective kernel size, but got pad={padding[0]}, "
                                f"kernel_size={kernel[0]} and dilation={dilation[0]}")
    c, (t, h, w) = input.shape[-4], tuple(input.shape[-3:])
    if op == "avg" and (t < kernel[0] or h < kernel[1] or w < kernel[2]):
        raise errors.ShapeError(f"input image (T: {t} H: {h} W: {w}) smaller than kernel size (kT: {kernel[0]} "
                                f"kH: {kernel[1]} kW: {kernel[2]})")
    sizes = [pooled_size(n, k, st, p, dl, ceil_mode) for n, k, st, p, dl in zip((t, h, w), kernel, stride, padding,
                                                                                 dilation)]
    if min(sizes) < 1:
        raise errors.ShapeError(f"Given input size: ({c}x{t}x{h}x{w}). Calculated output size: "
                                f"({c}x{'x'.join(map(str, sizes))}). Output size is too small")


def max_pool3d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    """The maximum of each (D, H, W) window, and its flat index in its volume (MaxPool3DWithIndicesBackward0)."""
    from ..ops.pooling3d import MAX_POOL3D
    kernel, stride, padding = _pool3d_args(input, kernel_size, stride, padding)
    dilation = _tuple(dilation, 3, "dilation")
    _check_pool3d(input, kernel, stride, padding, dilation, bool(ceil_mode), "max")
    out, indices = call(MAX_POOL3D, (input,), {"kernel_size": kernel, "stride": stride, "padding": padding,
                                               "dilation": dilation, "ceil_mode": bool(ceil_mode)})
    return (out, indices) if return_indices else out


def avg_pool3d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=None):
    """The mean of each (D, H, W) window (AvgPool3DBackward0)."""
    from ..ops.pooling3d import AVG_POOL3D
    kernel, stride, padding = _pool3d_args(input, kernel_size, stride, padding)
    avg_pool_dtype("avg_pool3d_out_frame", input._data)
    if divisor_override is not None and divisor_override == 0:
        raise errors.AutogradError("divisor must be not zero")
    _check_pool3d(input, kernel, stride, padding, (1, 1, 1), bool(ceil_mode), "avg")
    return call(AVG_POOL3D, (input,), {"kernel_size": kernel, "stride": stride, "padding": padding,
                                       "ceil_mode": bool(ceil_mode), "count_include_pad": bool(count_include_pad),
                                       "divisor_override": divisor_override})
