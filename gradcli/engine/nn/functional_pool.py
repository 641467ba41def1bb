"""``torch.nn.functional``'s adaptive max pooling, max unpooling, power-average (LP) pooling,
adaptive average pooling and ``pdist``, with torch's argument handling; the records are in
ops/max_unpool.py, ops/adaptive_avg_pool.py and ops/distance.py."""
from __future__ import annotations

from .. import errors
from ..creation import rand
from ..dispatch import call
from ..functions import abs, cat, sign
from ..ops.activation import relu
from ..ops.adaptive_avg_pool import adaptive_avg_pool
from ..ops.pooling import avg_pool2d
from ..public import public
from .functional_conv import max_pool1d, max_pool2d, max_pool3d


def _sizes(output_size, spatial: tuple) -> tuple:
    """An int or a sequence (None keeps that dim's input size), as torch's _list_with_default."""
    sizes = (output_size,) * len(spatial) if isinstance(output_size, int) else tuple(output_size)
    if len(sizes) != len(spatial):
        raise errors.ShapeError(f"adaptive pooling: output_size must have {len(spatial)} elements")
    return tuple(int(s) if o is None else int(o) for o, s in zip(sizes, spatial))


def adaptive_max_pool2d_with_indices(input, output_size, return_indices=False):
    """The maximum of each of torch's adaptive windows, and where it was in its (H, W) plane."""
    from ..ops.max_unpool import ADAPTIVE_MAX_POOL2D
    values, indices = call(ADAPTIVE_MAX_POOL2D, (input,), {"output_size": _sizes(output_size, tuple(input.shape[-2:]))})
    return values, indices


def adaptive_max_pool2d(input, output_size, return_indices=False):
    out = adaptive_max_pool2d_with_indices(input, output_size)
    return out if return_indices else out[0]


def adaptive_max_pool1d_with_indices(input, output_size, return_indices=False):
    """adaptive_max_pool2d over a height of 1 (torch's composite: unsqueeze, pool, squeeze)."""
    from ..ops.max_unpool import ADAPTIVE_MAX_POOL2D
    if input.ndim not in (2, 3):
        raise errors.ShapeError(f"Expected 2 to 3 dimensions, but got {input.ndim}-dimensional tensor for argument "
                                "#1 'self' (while checking arguments for adaptive_max_pool1d)")
    for d in range(1, input.ndim):
        if not input.shape[d]:
            raise errors.ShapeError(f"adaptive_max_pool1d(): Expected input to have non-zero size for non-batch "
                                    f"dimensions, but input has sizes {list(input.shape)} with dimension {d} being "
                                    "empty")
    (size,) = _sizes(output_size, tuple(input.shape[-1:]))
    values, indices = call(ADAPTIVE_MAX_POOL2D, (input.unsqueeze(-2),), {"output_size": (1, size)})
    return values.squeeze(-2), indices.squeeze(-2)


def adaptive_max_pool1d(input, output_size, return_indices=False):
    out = adaptive_max_pool1d_with_indices(input, output_size)
    return out if return_indices else out[0]


def adaptive_max_pool3d_with_indices(input, output_size, return_indices=False):
    """The maximum of each of torch's adaptive boxes, and where it was in its (D, H, W) volume."""
    from ..ops.max_unpool import ADAPTIVE_MAX_POOL3D
    sizes = list_with_default(output_size, tuple(input.shape), 3)
    if len(sizes) != 3:
        raise errors.AutogradError("adaptive_max_pool3d(): internal error: output_size.size() must be 3")
    values, indices = call(ADAPTIVE_MAX_POOL3D, (input,), {"output_size": tuple(int(s) for s in sizes)})
    return values, indices


def adaptive_max_pool3d(input, output_size, return_indices=False):
    out = adaptive_max_pool3d_with_indices(input, output_size)
    return out if return_indices else out[0]


def max_pool2d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
                            return_indices=False):
    return max_pool2d(input, kernel_size, stride, padding, dilation, ceil_mode, True)


def max_pool3d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
                            return_indices=False):
    return max_pool3d(input, kernel_size, stride, padding, dilation, ceil_mode, True)


def max_pool1d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
                            return_indices=False):
    return max_pool1d(input, kernel_size, stride, padding, dilation, ceil_mode, True)


def _ntuple(value, n: int) -> tuple:
    return tuple(int(v) for v in value) if isinstance(value, (list, tuple)) else (int(value),) * n


def _unpool_output_size(input, kernel, stride, padding, output_size) -> tuple:
    """torch's: the size the pooling came from, or ``output_size`` checked to be within a stride of it."""
    n = len(kernel)
    default = [(input.shape[-n + d] - 1) * stride[d] + kernel[d] - 2 * padding[d] for d in range(n)]
    if output_size is None:
        return tuple(default)
    output_size = tuple(output_size)
    if len(output_size) == n + 2:
        output_size = output_size[2:]
    if len(output_size) != n:
        raise ValueError(f"output_size should be a sequence containing {n} or {n + 2} elements, but it has a "
                         f"length of '{len(output_size)}'")
    for d in range(n):
        low, high = default[d] - stride[d], default[d] + stride[d]
        if not low < output_size[d] < high:
            raise ValueError(f'invalid output_size "{output_size}" (dim {d} must be between {low} and {high})')
    return tuple(int(s) for s in output_size)


def max_unpool2d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    """The inverse of max_pool2d: each value put back where ``indices`` says, zeros elsewhere."""
    from ..ops.max_unpool import MAX_UNPOOL2D
    kernel = _ntuple(kernel_size, 2)
    stride = kernel if stride is None else _ntuple(stride, 2)
    size = _unpool_output_size(input, kernel, stride, _ntuple(padding, 2), output_size)
    return call(MAX_UNPOOL2D, (input,), {"indices": indices, "output_size": size})


def max_unpool1d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    from ..ops.max_unpool import MAX_UNPOOL2D
    kernel = _ntuple(kernel_size, 1)
    stride = kernel if stride is None else _ntuple(stride, 1)
    size = _unpool_output_size(input, kernel, stride, _ntuple(padding, 1), output_size) + (1,)
    return call(MAX_UNPOOL2D, (input.unsqueeze(-1),), {"indices": indices.unsqueeze(-1),
                                                       "output_size": size}).squeeze(-1)


def max_unpool3d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    """The inverse of max_pool3d: each value put back where ``indices`` says, zeros elsewhere."""
    from ..ops.max_unpool import MAX_UNPOOL3D
    kernel = _ntuple(kernel_size, 3)
    stride = kernel if stride is None else _ntuple(stride, 3)
    size = _unpool_output_size(input, kernel, stride, _ntuple(padding, 3), output_size)
    if input.ndim not in (4, 5):
        raise errors.AutogradError(f"Input to max_unpooling3d should be a 4d or 5d Tensor, but got a tensor with "
                                   f"{input.ndim} dimensions.")
    if str(indices.dtype) != "torch.int64":
        raise errors.AutogradError("elements in indices should be type int64")
    return call(MAX_UNPOOL3D, (input,), {"indices": indices, "output_size": size})


def _fractional_max_pool(k: int, input, kernel_size, output_size, output_ratio, _random_samples):
    """torch's Python half: the output size from ``output_ratio`` when not given, fresh uniform samples
    (from gradcli's generator) when none are passed; the record makes torch's C++ checks."""
    from ..ops.fractional_max_pool import FRACTIONAL_MAX_POOL2D, FRACTIONAL_MAX_POOL3D
    if output_size is None and output_ratio is None:
        raise ValueError(f"fractional_max_pool{k}d requires specifying either an output_size or an output_ratio")
    if output_size is None:
        if k == 2 and len(output_ratio) > 2:
            raise ValueError("fractional_max_pool2d requires output_ratio to either be a single Int or tuple of Ints.")
        ratio = tuple(output_ratio) if isinstance(output_ratio, (list, tuple)) else (output_ratio,) * k
        output_size = [int(input.shape[d - k] * ratio[d]) for d in range(k)]
    if _random_samples is None:
        _random_samples = rand(1 if input.ndim == k + 1 else input.shape[0], input.shape[-k - 1], k, dtype=input.dtype)
    sizes = tuple(int(v) for v in (output_size if isinstance(output_size, (list, tuple)) else (output_size,) * k))
    kernel = tuple(int(v) for v in (kernel_size if isinstance(kernel_size, (list, tuple)) else (kernel_size,) * k))
    record = FRACTIONAL_MAX_POOL2D if k == 2 else FRACTIONAL_MAX_POOL3D
    return call(record, (input,), {"kernel_size": kernel, "output_size": sizes, "random_samples": _random_samples})


def fractional_max_pool2d_with_indices(input, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                                       _random_samples=None):
    """The maximum of each kH x kW window of torch's pseudo-random stride, and where it was in its plane."""
    return _fractional_max_pool(2, input, kernel_size, output_size, output_ratio, _random_samples)


def fractional_max_pool2d(input, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                          _random_samples=None):
    out = _fractional_max_pool(2, input, kernel_size, output_size, output_ratio, _random_samples)
    return out if return_indices else out[0]


def fractional_max_pool3d_with_indices(input, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                                       _random_samples=None):
    """The maximum of each kT x kH x kW box of torch's pseudo-random stride, and where it was in its volume."""
    return _fractional_max_pool(3, input, kernel_size, output_size, output_ratio, _random_samples)


def fractional_max_pool3d(input, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                          _random_samples=None):
    out = _fractional_max_pool(3, input, kernel_size, output_size, output_ratio, _random_samples)
    return out if return_indices else out[0]


def lp_pool2d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    """(sum over each window of x^p)^(1/p), composed as torch's: an average pool of x^p times the window
    size, its sign-preserving relu, the p-th root."""
    kw, kh = _ntuple(kernel_size, 2)
    out = avg_pool2d(input.pow(norm_type), kernel_size, stride, 0, ceil_mode)
    return (sign(out) * relu(abs(out))).mul(kw * kh).pow(1.0 / norm_type)


def lp_pool1d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    (k,) = _ntuple(kernel_size, 1)
    step = k if stride is None else _ntuple(stride, 1)[0]
    out = avg_pool2d(input.pow(norm_type).unsqueeze(-2), (1, k), (1, step), 0, ceil_mode).squeeze(-2)  # avg_pool1d
    return (sign(out) * relu(abs(out))).mul(kernel_size).pow(1.0 / norm_type)


def list_with_default(output_size, shape: tuple, rank: int) -> tuple:
    """torch's _list_with_default: an int for every dim, or a sequence whose Nones keep the input's size."""
    if isinstance(output_size, int):
        return (output_size,) * rank
    if len(shape) <= len(output_size):
        raise ValueError(f"Input dimension should be at least {len(output_size) + 1}")
    return tuple(shape[len(shape) - len(output_size) + k] if size is None else size for k, size in enumerate(output_size))


def adaptive_avg_pool1d(input, output_size):
    """As torch: a 2-d pool of one row."""
    if input.ndim not in (2, 3):
        raise errors.AutogradError(f"Expected 2 to 3 dimensions, but got {input.ndim}-dimensional tensor for argument #1 "
                                   "'self' (while checking arguments for adaptive_avg_pool1d)")
    sizes = (output_size,) if isinstance(output_size, int) else tuple(output_size)
    if len(sizes) != 1:
        raise errors.AutogradError(f"adaptive_avg_pool1d() argument 'output_size' should contain one int (got {len(sizes)})")
    return adaptive_avg_pool(input.unsqueeze(-2), (1, sizes[0]), 2).squeeze(-2)


def adaptive_avg_pool2d(input, output_size):
    return adaptive_avg_pool(input, list_with_default(output_size, tuple(input.shape), 2), 2)


def adaptive_avg_pool3d(input, output_size):
    """The mean of each of torch's adaptive windows over (D, H, W)."""
    return adaptive_avg_pool(input, list_with_default(output_size, tuple(input.shape), 3), 3)


@public(namespaces=("torch", "torch.nn.functional"))
def pdist(input, p=2.0):
    """The p-norm distance of every pair of rows i < j of an (N, M) input: N (N - 1) / 2 values."""
    from ..ops.distance import PDIST
    return call(PDIST, (input,), {"p": float(p)})
