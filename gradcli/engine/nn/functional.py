"""``torch.nn.functional``: activations, softmax, linear, losses, dropout, normalize.

The differentiable records live in the op table (ops/activation.py, ops/special.py,
ops/nn.py, ops/pooling.py); what is here is torch's Python layer over them: argument
checks, reductions and the composites torch writes in ``torch/nn/functional.py``.
"""
from __future__ import annotations

import math
import warnings

import numpy as np

from .. import creation, dtypes, errors, instrumentation
from ..autograd.grad_mode import no_grad, mode as _mode
from ..dispatch import call, call_linear, call_loss
from ..functions import (
    abs, add, cat, clamp_min, div, exp, expand, matmul, mean, minimum, mul, neg, norm, pow, reshape, sub, sum, t,
    tanh, where, wrap_dim, xlogy,
)
from ..ops import pointwise as P
from ..ops.glu import glu  # noqa: F401
from ..ops.shrink import hardshrink, softshrink, threshold as _threshold, threshold_  # noqa: F401
from ..ops.activation import (  # noqa: F401  (torch.nn.functional's activations)
    celu, celu_, elu, elu_, gelu, hardsigmoid, hardswish, hardtanh, hardtanh_, leaky_relu, leaky_relu_, logsigmoid,
    mish, relu, relu6, relu_, selu, selu_, sigmoid, silu, softplus,
)
from ..ops.nn import (
    ADDMM, BINARY_CROSS_ENTROPY, BINARY_CROSS_ENTROPY_WITH_LOGITS, HUBER_LOSS, LOG_SOFTMAX, MSE_LOSS, NLL_LOSS,
    NLL_LOSS2D, SAFE_SOFTMAX, SMOOTH_L1_LOSS, SOFTMAX, ADD_SCALAR, MUL_SCALAR, SUB_SCALAR, _REDUCTIONS, _class_dim,
    _reduction,
)
from ..ops.linalg import gemm_add
from ..ops.normalization import GROUP_NORM
from ..ops.pooling import avg_pool2d  # noqa: F401
from ..ops.shape import T
from .functional_conv import (  # noqa: F401
    avg_pool3d, conv1d, conv2d, conv3d, conv_transpose1d, conv_transpose2d, conv_transpose3d, fold, max_pool1d,
    max_pool2d, max_pool3d, pad, unfold,
)
from .functional_grid import affine_grid, grid_sample  # noqa: F401
from .functional_layers import (  # noqa: F401
    _rrelu as rrelu, alpha_dropout, channel_shuffle, check_dropout_p, dropout1d, random_like, dropout2d, dropout3d,
    feature_alpha_dropout, pixel_shuffle, pixel_unshuffle,
    prelu,
)
from .functional_pool import (  # noqa: F401
    adaptive_avg_pool1d, adaptive_avg_pool2d, adaptive_avg_pool3d, adaptive_max_pool1d, adaptive_max_pool1d_with_indices, adaptive_max_pool2d,
    adaptive_max_pool2d_with_indices, adaptive_max_pool3d, adaptive_max_pool3d_with_indices, fractional_max_pool2d,
    fractional_max_pool2d_with_indices, fractional_max_pool3d, fractional_max_pool3d_with_indices, lp_pool1d, lp_pool2d,
    max_pool1d_with_indices, max_pool2d_with_indices, max_pool3d_with_indices, max_unpool1d, max_unpool2d, max_unpool3d, pdist,
)
from .functional_resize import interpolate, upsample, upsample_bilinear, upsample_nearest  # noqa: F401
from .functional_norm import (  # noqa: F401
    batch_norm, bilinear, embedding, embedding_bag, instance_norm, layer_norm, local_response_norm, rms_norm,
)
from .functional_loss import (  # noqa: F401
    _reduce, ctc_loss, pairwise_distance, multi_margin_loss, multilabel_margin_loss, soft_margin_loss, triplet_margin_with_distance_loss,
)
from ..public import public
from ..tensor import Tensor, make
from .module import Parameter

__all__ = [
    "adaptive_avg_pool1d", "adaptive_avg_pool2d", "group_norm", "scaled_dot_product_attention",
    "avg_pool1d", "conv_transpose1d", "conv_transpose2d", "cosine_embedding_loss", "dropout1d", "dropout2d",
    "gumbel_softmax",
    "max_pool1d", "interpolate", "upsample", "gaussian_nll_loss", "glu", "hardshrink", "hinge_embedding_loss",
    "margin_ranking_loss", "multilabel_soft_margin_loss", "pairwise_distance", "poisson_nll_loss",
    "soft_margin_loss", "softshrink", "tanhshrink", "threshold", "threshold_", "triplet_margin_loss",
    "ctc_loss", "multi_margin_loss", "multilabel_margin_loss", "triplet_margin_with_distance_loss",
    "avg_pool2d", "batch_norm", "bilinear", "binary_cross_entropy", "binary_cross_entropy_with_logits", "celu",
    "celu_", "conv1d", "conv2d", "cosine_similarity", "cross_entropy", "dropout", "elu", "elu_", "embedding",
    "fold", "gelu", "hardsigmoid", "hardswish", "hardtanh", "hardtanh_", "huber_loss", "kl_div", "l1_loss",
    "layer_norm", "leaky_relu", "leaky_relu_", "linear", "log_softmax", "logsigmoid", "max_pool2d", "mish",
    "mse_loss", "nll_loss", "normalize", "one_hot", "pad", "relu", "relu6",
    "relu_", "selu", "selu_", "sigmoid", "silu", "smooth_l1_loss", "softmax", "softmin", "softplus",
    "softsign", "tanh", "unfold",
    "prelu", "rrelu", "pixel_shuffle", "pixel_unshuffle", "channel_shuffle", "dropout3d", "alpha_dropout",
    "feature_alpha_dropout", "rms_norm", "instance_norm", "local_response_norm",
    "adaptive_avg_pool3d", "adaptive_max_pool1d", "adaptive_max_pool1d_with_indices", "adaptive_max_pool2d",
    "adaptive_max_pool2d_with_indices", "adaptive_max_pool3d", "adaptive_max_pool3d_with_indices",
    "fractional_max_pool2d", "fractional_max_pool2d_with_indices", "fractional_max_pool3d",
    "fractional_max_pool3d_with_indices", "lp_pool1d",
    "lp_pool2d", "max_pool1d_with_indices", "max_pool2d_with_indices", "max_pool3d_with_indices", "rrelu_",
    "max_unpool1d", "max_unpool2d", "max_unpool3d", "upsample_bilinear", "upsample_nearest",
    "conv3d", "conv_transpose3d", "max_pool3d", "avg_pool3d", "embedding_bag", "pdist",
    "affine_grid", "grid_sample",
]

def rrelu_(input, lower=1.0 / 8, upper=1.0 / 3, training=False):
    """F.rrelu with inplace=True."""
    return rrelu(input, lower, upper, training, True)


def softsign(input):
    """x / (1 + |x|): a composite in torch too (DivBackward0 over AddBackward0 over AbsBackward0)."""
    return div(input, add(abs(input), 1))


# -- losses, softmax, linear, dropout, normalize -----------------------------------------------------------------------------------------------

def _tensor_arg(x, fn: str, arg: str, pos: int) -> Tensor:
    if not isinstance(x, Tensor):
        raise TypeError(f"{fn}(): argument '{arg}' (position {pos}) must be Tensor, not {errors.type_name(x)}")
    return x


def _not_differentiable(fn: str, name: str, t) -> None:
    if isinstance(t, Tensor) and t._requires_grad and _mode().grad:
        raise errors.AutogradError(f"The function '{fn}' is not differentiable with respect to argument '{name}'. "
                                   "This input cannot have requires_grad True.")


def _float_kernel(input: Tensor, kernel: str) -> None:
    if input._data.dtype.kind not in "fc":
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{dtypes.scalar_type_name(input._data.dtype)}'")


def _sizes_first(input, target) -> None:
    """torch's pointwise losses compare ``target.size()`` with ``input.size()`` before anything else: a
    list, a number or a numpy array fails there, with Python's own error ('int' object is not callable
    for an array, whose size is a number)."""
    if not (isinstance(input, Tensor) and isinstance(target, Tensor)):
        target.size() != input.size()


def _warn_size(input: Tensor, target: Tensor) -> None:
    if target.shape != input.shape:
        warnings.warn(f"Using a target size ({target.shape}) that is different to the input size ({input.shape}). "
                      "This will likely lead to incorrect results due to broadcasting. "
                      "Please ensure they have the same size.", UserWarning, stacklevel=3)


def _expanded(input: Tensor, target: Tensor):
    """torch.broadcast_tensors(input, target), only when the shapes differ (torch's ExpandBackward0 nodes)."""
    if input.shape == target.shape:
        return input, target
    try:
        shape = np.broadcast_shapes(input.shape, target.shape)
    except ValueError:
        a, b = input.shape, target.shape
        for i in range(1, max(len(a), len(b)) + 1):
            x, y = (a[-i] if i <= len(a) else 1), (b[-i] if i <= len(b) else 1)
            if x != y and 1 not in (x, y):
                raise errors.ShapeError(f"The size of tensor a ({x}) must match the size of tensor b ({y}) at "
                                        f"non-singleton dimension {max(len(a), len(b)) - i}") from None
        raise
    return expand(input, shape), expand(target, shape)


def _weighted(loss, weight, red: int, mean_by_weight: bool):
    """torch's Python-side weighting of mse/l1/huber (weight has the input's size)."""
    out = mul(loss, weight)
    if red == 0:
        return out
    if red == 2:
        return sum(out)
    return sum(out) / sum(weight) if mean_by_weight else mean(out)


def _check_weight_size(weight, input) -> None:
    if weight.shape != input.shape:
        raise ValueError("Weights and input must have the same size.")


def mse_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    if (weight is None and size_average is None and reduce is None and input.__class__ in _PLAIN
            and target.__class__ in _PLAIN and input._data.shape == target._data.shape
            and input._data.dtype.kind in "fc"):
        # every training loop's call: float tensors of one shape, nothing to warn about or broadcast
        red = _REDUCTIONS.get(reduction)   # (a deprecated or invalid name: _reduction's warning or error)
        return call_loss(MSE_LOSS, input, target, _reduction(reduction) if red is None else red)
    _sizes_first(input, target)
    _tensor_arg(input, "mse_loss", "input", 1)
    _warn_size(input, target)
    red = _reduction(reduction, size_average, reduce)
    x, t = _expanded(input, target)
    if weight is not None:
        _check_weight_size(weight, input)
        return _weighted(pow(sub(x, t), 2), weight, red, True)
    _float_kernel(x, "mse_cpu")
    return call(MSE_LOSS, (x, t), {"reduction": red})


def l1_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    """|input - target| reduced: a composite in torch too (MeanBackward0 over AbsBackward0 over SubBackward0)."""
    _sizes_first(input, target)
    _tensor_arg(input, "l1_loss", "input", 1)
    _warn_size(input, target)
    red = _reduction(reduction, size_average, reduce)
    x, t = _expanded(input, target)
    loss = abs(sub(x, t))
    if weight is not None:
        _check_weight_size(weight, input)
        return _weighted(loss, weight, red, True)
    return mean(loss) if red == 1 else sum(loss) if red == 2 else loss


def smooth_l1_loss(input, target, size_average=None, reduce=None, reduction="mean", beta=1.0):
    _sizes_first(input, target)
    _tensor_arg(input, "smooth_l1_loss", "input", 1)
    _warn_size(input, target)
    red = _reduction(reduction, size_average, reduce)
    if beta < 0:
        raise errors.AutogradError("smooth_l1_loss does not support negative values for beta.")
    if beta == 0.0:
        return l1_loss(input, target, reduction=_REDUCTION_NAMES[red])
    x, t = _expanded(input, target)
    _float_kernel(x, "smooth_l1_cpu")
    return call(SMOOTH_L1_LOSS, (x, t), {"reduction": red, "beta": beta})


def huber_loss(input, target, reduction="mean", delta=1.0, weight=None):
    _sizes_first(input, target)
    _tensor_arg(input, "huber_loss", "input", 1)
    _warn_size(input, target)
    red = _reduction(reduction)
    if delta <= 0:
        raise errors.AutogradError("huber_loss does not support non-positive values for delta.")
    x, t = _expanded(input, target)
    if weight is not None:
        _check_weight_size(weight, input)
        return _weighted(call(HUBER_LOSS, (x, t), {"reduction": 0, "delta": delta}), weight, red, False)
    return call(HUBER_LOSS, (x, t), {"reduction": red, "delta": delta})


def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None, reduction="mean"):
    _sizes_first(input, target)
    _tensor_arg(input, "binary_cross_entropy", "input", 1)
    red = _reduction(reduction, size_average, reduce)
    if target.shape != input.shape:
        raise ValueError(f"Using a target size ({target.shape}) that is different to the input size "
                         f"({input.shape}) is deprecated. Please ensure they have the same size.")
    if weight is not None:
        _not_differentiable("binary_cross_entropy", "weight", weight)
        weight = expand(weight, input.shape)
    return call(BINARY_CROSS_ENTROPY, (input, target, weight), {"reduction": red})


def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None, reduction="mean",
                                     pos_weight=None):
    _sizes_first(input, target)
    _tensor_arg(input, "binary_cross_entropy_with_logits", "input", 1)
    red = _reduction(reduction, size_average, reduce)
    if target.shape != input.shape:
        raise ValueError(f"Target size ({target.shape}) must be the same as input size ({input.shape})")
    _not_differentiable("binary_cross_entropy_with_logits", "weight", weight)
    _not_differentiable("binary_cross_entropy_with_logits", "pos_weight", pos_weight)
    return call(BINARY_CROSS_ENTROPY_WITH_LOGITS, (input, target, weight, pos_weight), {"reduction": red})


def _softmax_dim(name: str, ndim: int) -> int:
    warnings.warn(f"Implicit dimension choice for {name} has been deprecated. Change the call to include dim=X "
                  "as an argument.", UserWarning, stacklevel=3)
    return 0 if ndim in (0, 1, 3) else 1


def _softmax_call(op, kernel, input, dim, dtype, name):
    _tensor_arg(input, name, "input", 1)
    if dim is None:
        dim = _softmax_dim(name, input.ndim)
    d = wrap_dim(dim, input.ndim)
    if dtype is not None:
        input = input.to(dtype)
    if input._data.dtype.kind not in "fc":
        _float_kernel(input, kernel + ("_lastdim" if d == -1 else "") + "_kernel_impl")
    return call(op, (input,), {"dim": d if input.ndim else None})


def softmax(input, dim=None, _stacklevel=3, dtype=None):
    _method_of_input(input, "softmax", dim)
    return _softmax_call(SOFTMAX, "softmax", input, dim, dtype, "softmax")


def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    _method_of_input(input, "log_softmax", dim)
    return _softmax_call(LOG_SOFTMAX, "log_softmax", input, dim, dtype, "log_softmax")


def _method_of_input(input, name: str, dim) -> None:
    """F.softmax(x) is ``x.softmax(dim)`` in torch (``x.dim()`` first without a dim): a list or an
    array fails there, with Python's AttributeError."""
    if not isinstance(input, Tensor):
        raise AttributeError(f"'{errors.type_name(input)}' object has no attribute '{'dim' if dim is None else name}'")


_NO_DIM = object()


def _dim_given(name: str, dim) -> None:
    """torch.softmax and torch.special's take ``dim`` as required, where F.softmax guesses one."""
    if dim is _NO_DIM:
        raise TypeError(f'{name}() missing 1 required positional arguments: "dim"')
    if dim is None:     # (the words of torch's parser for dim=None given by keyword)
        raise TypeError(f"{name}(): argument 'dim' must be int, not NoneType")
    if not isinstance(dim, int) or isinstance(dim, bool):
        raise TypeError(f"{name}(): argument 'dim' (position 2) must be int, not {type(dim).__name__}")


@public("softmax", namespaces=("torch",))
def torch_softmax(input, dim=_NO_DIM, dtype=None):
    """``torch.softmax(input, dim, dtype=None)`` (its third argument is the dtype, not F's _stacklevel)."""
    _dim_given("softmax", dim)
    return softmax(input, dim, dtype=dtype)


@public("log_softmax", namespaces=("torch",))
def torch_log_softmax(input, dim=_NO_DIM, dtype=None):
    _dim_given("log_softmax", dim)
    return log_softmax(input, dim, dtype=dtype)


def special_softmax(input, dim=_NO_DIM, dtype=None):
    _dim_given("special_softmax", dim)
    return softmax(input, dim, dtype=dtype)


def special_log_softmax(input, dim=_NO_DIM, dtype=None):
    _dim_given("special_log_softmax", dim)
    return log_softmax(input, dim, dtype=dtype)


def gumbel_softmax(logits, tau=1.0, hard=False, eps=1e-10, dim=-1):
    """torch's: softmax((logits + Gumbel noise) / tau); ``hard`` returns the one-hot argmax in the
    forward and the soft sample's gradient (the noise comes from torch's generator)."""
    gumbels = -creation.empty_like(logits).exponential_().log()
    y_soft = ((logits + gumbels) / tau).softmax(dim)
    if not hard:
        return y_soft
    index = y_soft.max(dim, keepdim=True)[1]
    y_hard = creation.zeros_like(logits).scatter_(dim, index, 1.0)
    return y_hard - y_soft.detach() + y_soft


def softmin(input, dim=None, _stacklevel=3, dtype=None):
    """softmax(-input): SoftmaxBackward0 over NegBackward0, as torch records it."""
    if dim is None:
        dim = _softmax_dim("softmin", input.ndim)
    return softmax(neg(input), dim, dtype=dtype)


def _check_class_weight(input: Tensor, weight) -> None:
    n_classes = input.shape[_class_dim(input.ndim)]
    if weight is not None and weight.shape != (n_classes,):
        raise errors.AutogradError(f"weight tensor should be defined either for all {n_classes} classes or no "
                                   f"classes but got weight tensor of shape: {list(weight.shape)}")
    if weight is not None and weight._data.dtype != input._data.dtype:
        raise errors.AutogradError(f"expected scalar type {dtypes.scalar_type_name(input._data.dtype)} but found "
                                   f"{dtypes.scalar_type_name(weight._data.dtype)}")


def _nll_checks(input: Tensor, target: Tensor, weight, ignore_index: int) -> None:
    if input.ndim < 1:
        raise ValueError(f"Expected 1 or more dimensions (got {input.ndim})")
    if input.ndim != 1 and input.shape[0] != (target.shape[0] if target.ndim else None):
        raise ValueError(f"Expected input batch_size ({input.shape[0]}) to match target batch_size "
                         f"({target.shape[0] if target.ndim else 0}).")
    if input.ndim <= 2 and target.ndim > 1:
        raise errors.AutogradError("0D or 1D target tensor expected, multi-target not supported")
    if input.ndim >= 3 and target.shape != input.shape[:1] + input.shape[2:]:
        raise errors.AutogradError(f"Expected target size {list(input.shape[:1] + input.shape[2:])}, got "
                                   f"{list(target.shape)}")
    if input.ndim == 1 and target.ndim == 1 and target.shape[0] != 1:
        raise ValueError(f"For 1D input, 1D target must have size 1, but got target size: {target.shape[0]}")
    if input.ndim == 1 and target.ndim > 1:
        raise errors.AutogradError(f"size mismatch (got input: {list(input.shape)}, target: {list(target.shape)})")
    _check_class_weight(input, weight)
    kind = target._data.dtype
    if kind != np.int64 and kind != np.uint8:
        raise errors.AutogradError(f"expected target dtype to be Long or Byte, but got {dtypes.scalar_type_name(kind)}")
    t = target._data
    n_classes = input.shape[_class_dim(input.ndim)]
    bad = (t != ignore_index) & ((t < 0) | (t >= n_classes))
    if bad.any():
        raise IndexError(f"Target {int(t[bad].ravel()[0])} is out of bounds.")


def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean"):
    _tensor_arg(input, "nll_loss", "input", 1)
    _tensor_arg(target, "nll_loss", "target", 2)
    red = _reduction(reduction, size_average, reduce)
    _nll_checks(input, target, weight, ignore_index)
    if input.ndim == 1 and target.ndim == 1:      # one example's scores with its class as [c]: torch's 0-d target
        target = target.reshape(())
    if weight is not None:
        _not_differentiable("nll_loss_forward", "weight", weight)
    options = {"reduction": red, "ignore_index": int(ignore_index)}
    if input.ndim == 3 or input.ndim > 4:
        # aten's nll_loss_nd: (N, C, *) viewed as (N, C, 1, prod(*)) for nll_loss2d, 'none' viewed back
        n, c = input.shape[:2]
        rest = math.prod(input.shape[2:])
        out = call(NLL_LOSS2D, (input.contiguous().view(n, c, 1, rest), target.contiguous().view(n, 1, rest),
                                weight), options)[0]
        return out.view((n,) + tuple(input.shape[2:])) if red == 0 else out
    return call(NLL_LOSS2D if input.ndim >= 3 else NLL_LOSS, (input, target, weight), options)[0]


def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
                  reduction="mean", label_smoothing=0.0):
    """log_softmax over the class dim, then nll_loss (class indices) or -sum(target log p) (probabilities)."""
    _tensor_arg(input, "cross_entropy_loss", "input", 1)
    _tensor_arg(target, "cross_entropy_loss", "target", 2)
    red = _reduction(reduction, size_average, reduce)
    if not 0.0 <= label_smoothing <= 1.0:
        raise errors.AutogradError(f"label_smoothing must be between 0.0 and 1.0. Got: {label_smoothing}")
    probabilities = target.shape == input.shape
    if probabilities and target._data.dtype.kind != "f":
        raise errors.AutogradError("Expected floating point type for target with class probabilities, got "
                                   f"{dtypes.scalar_type_name(target._data.dtype)}")
    if input.ndim < 1:
        raise ValueError(f"Expected 1 or more dimensions (got {input.ndim})")
    cdim = _class_dim(input.ndim)
    n_classes = input.shape[cdim]
    weight_b = None
    if weight is not None:
        _not_differentiable("nll_loss_forward", "weight", weight)
        _check_class_weight(input, weight)
        weight_b = weight.reshape((n_classes,) + (1,) * (input.ndim - 1 - cdim))
    if probabilities:
        logp = log_softmax(input, cdim)
        if label_smoothing > 0:
            target = _plus(call(MUL_SCALAR, (target,), {"other": 1 - label_smoothing}), label_smoothing / n_classes)
        prod = mul(logp, target) if weight_b is None else mul(mul(logp, target), weight_b)
        if red == 0:
            return neg(sum(prod, cdim))
        if red == 2:
            return neg(sum(prod))
        return call(P.DIV_SCALAR, (neg(sum(prod)),), {"other": input.numel() / n_classes if input.numel() else math.nan})
    logp = log_softmax(input, cdim)     # first, as torch: criterion(labels, outputs) fails on the int input
    _nll_checks(input, target, weight, ignore_index)
    nll = nll_loss(logp, target, weight, ignore_index=ignore_index, reduction=_REDUCTION_NAMES[red])
    if label_smoothing <= 0:
        return nll
    smooth = neg(sum(logp if weight_b is None else mul(logp, weight_b), cdim))
    if target.__dict__.get("_lv"):     # inside vmap: each example's own mask and count of kept targets
        if red == 1 and weight is not None:
            raise RuntimeError("Batching rule not implemented for aten::cross_entropy with label_smoothing and a "
                               "class weight. We could not generate a fallback.")
        ignored_b = target == ignore_index
        smooth = where(ignored_b, 0.0, smooth)
        ret = div(sum(smooth), sum(ignored_b.logical_not())) if red == 1 else sum(smooth) if red == 2 else smooth
        return nll * (1 - label_smoothing) + ret * (label_smoothing / n_classes)
    ignored = target._data == ignore_index
    smooth = smooth.masked_fill(make(ignored), 0.0)
    if red == 1:
        kept = target._data[~ignored]
        denom = float(np.sum(weight._data[kept])) if weight is not None else float(kept.size)
        ret = div(sum(smooth), denom)
    else:
        ret = sum(smooth) if red == 2 else smooth
    return (call(MUL_SCALAR, (nll,), {"other": 1 - label_smoothing})
            + call(MUL_SCALAR, (ret,), {"other": label_smoothing / n_classes}))


def linear(input, weight, bias=None):
    """input @ weight^T + bias, recorded as torch records it: AddmmBackward0 (2-D input with bias),
    View/AddmmBackward0/View for other ranks with bias, and matmul's own nodes without bias."""
    if input.__class__ in _PLAIN and weight.__class__ in _PLAIN and bias.__class__ in _PLAIN:
        # every nn.Linear call: plain tensors (not vmap's batched ones); None unless they are two fitting
        # matrices and a bias row (other ranks and misfits take the general path and its messages)
        out = call_linear(ADDMM, T, gemm_add, bias, input, weight)
        if out is not None:
            return out
    _tensor_arg(input, "linear", "input", 1)
    _tensor_arg(weight, "linear", "weight", 2)
    if input.ndim == 0 or weight.ndim == 0:
        raise errors.ShapeError(f"both arguments to linear need to be at least 1D, but they are {input.ndim}D and "
                                f"{weight.ndim}D")
    wt = t(weight) if weight.ndim == 2 else weight
    if bias is None:
        return matmul(input, wt)
    if input.ndim == 0 or weight.ndim != 2 or (input.ndim == 1 and input.__dict__.get("_lv")):
        return add(matmul(input, wt), bias)     # (under vmap, one example's vector: torch's matmul, then add)
    out_features, in_features = weight.shape
    rows = input if input.ndim == 2 else reshape(input, -1, input.shape[-1])
    if rows.shape[1] != in_features:
        raise errors.ShapeError(f"mat1 and mat2 shapes cannot be multiplied ({rows.shape[0]}x{rows.shape[1]} and "
                                f"{in_features}x{out_features})")
    target = (rows.shape[0], out_features)
    if not _broadcasts(bias.shape, target):
        existing = bias.shape[-1] if bias.ndim else 1
        raise errors.ShapeError(f"The expanded size of the tensor ({out_features}) must match the existing size "
                                f"({existing}) at non-singleton dimension 1.  Target sizes: {list(target)}.  "
                                f"Tensor sizes: {list(bias.shape)}")
    out = call(ADDMM, (bias, rows, wt), {"beta": 1, "alpha": 1})
    return out if input.ndim == 2 else out.view(*input.shape[:-1], out_features)


_PLAIN = frozenset((Tensor, Parameter))
"""The classes the fast paths of ``linear`` and ``mse_loss`` take: not None, not a number, not vmap's
batched tensors (which override ndim and shape)."""


def _broadcasts(shape: tuple, target: tuple) -> bool:
    """Whether ``shape`` expands to ``target`` (checked per call of ``linear``, so without numpy)."""
    return len(shape) <= len(target) and all(s == 1 or s == t for s, t in zip(reversed(shape), reversed(target)))


def dropout(input, p=0.5, training=True, inplace=False):
    """Zero each element with probability p and scale the rest by 1/(1-p): torch's mask for the same
    seed (a double below 1 - p keeps the element). Identity when not training."""
    check_dropout_p(p)
    _tensor_arg(input, "dropout", "input", 1)
    if not training or p == 0:
        return input
    dt = input._data.dtype
    if p == 1:
        mask = make(np.zeros(tuple(input.shape), dt))
    elif dt.kind not in "fc":     # torch scales by a float: an int tensor cannot hold the result
        raise errors.DTypeError(f"result type Float can't be cast to the desired output type "
                                f"{dtypes.scalar_type_name(dt)}")
    else:
        mask = random_like(input, lambda g, s: g.bernoulli(1 - p, s).astype(dt) / dt.type(1 - p))
    return input.mul_(mask) if inplace else mul(input, mask)


@public("dropout", namespaces=("torch",))
def torch_dropout(input, p, train):
    """``torch.dropout(input, p, train)`` (positional, as at torch's top level)."""
    return dropout(input, p, train)


def normalize(input, p=2.0, dim=1, eps=1e-12):
    """input / max(||input||_p over dim, eps), as torch composes it."""
    _tensor_arg(input, "normalize", "input", 1)
    denom = clamp_min(norm(input, p, dim, keepdim=True), eps).expand_as(input)
    return div(input, denom)


def one_hot(tensor, num_classes=-1):
    """Integer class indices -> int64 one-hot rows (never differentiable)."""
    if not isinstance(tensor, Tensor) or tensor._data.dtype.kind not in "iu":
        raise errors.AutogradError("one_hot is only applicable to index tensor of type LongTensor.")
    data = tensor._data.astype(np.int64)
    if tensor.__dict__.get("_lv"):     # inside vmap: through the batching rules
        if num_classes == -1:
            raise RuntimeError("When vmap-ing torch.nn.functional.one_hot, please provide an explicit positive "
                               "num_classes argument.")
        if data.size and (data.min() < 0 or data.max() >= num_classes):
            raise errors.AutogradError("Class values must be smaller than num_classes." if data.min() >= 0
                                       else "Class values must be non-negative.")
        return (tensor.unsqueeze(-1) == make(np.arange(num_classes))).to(dtypes.int64)
    if num_classes == -1:
        num_classes = int(data.max()) + 1 if data.size else 0
    if data.size and (data.min() < 0 or data.max() >= num_classes):
        raise errors.AutogradError("Class values must be smaller than num_classes." if data.size and data.min() >= 0
                                    else "Class values must be non-negative.")
    instrumentation.check_shape(data.shape + (num_classes,))
    return make((data[..., None] == np.arange(num_classes)).astype(np.int64))


def cosine_similarity(x1, x2, dim=1, eps=1e-8):
    """torch's formula: each input (cast to the common float dtype, broadcast) divided by a clone of its
    norm clamped at eps in place outside the graph, then summed along dim. The clamp is not
    differentiated: below eps the norm's own gradient still flows, as in torch."""
    common = dtypes.result_type([t.dtype for t in (x1, x2) if t.ndim], [t.dtype for t in (x1, x2) if not t.ndim], [])
    if not common.is_floating_point:
        raise errors.AutogradError(f"expected common dtype to be floating point, yet common dtype is "
                                   f"{common.scalar_name}")
    x1, x2 = (x if x._data.dtype.kind in "fc" else x.to(common) for x in (x1, x2))
    if x1.shape != x2.shape:
        shape = tuple(np.broadcast_shapes(tuple(x1.shape), tuple(x2.shape)))
        x1, x2 = expand(x1, shape), expand(x2, shape)
    n1 = norm(x1, 2, dim, keepdim=True).clone()
    n2 = norm(x2, 2, dim, keepdim=True).clone()
    with no_grad():
        n1.clamp_min_(eps)
        n2.clamp_min_(eps)
    return sum(mul(div(x1, n1), div(x2, n2)), dim)


def _kl_pointwise(input, target, log_target: bool):
    """KL(target || exp(input)) pointwise, as torch composes it: xlogy(target, target) - target * input
    (NaN for a negative target). torch's C++ computes the right operand first: its node is the older,
    so it runs last in the backward, and the target's gradients add up in that order."""
    if log_target:
        difference = sub(target, input)
        return mul(exp(target), difference)
    product = mul(target, input)
    return sub(xlogy(target, target), product)


_REDUCTION_NAMES = ("none", "mean", "sum")     # by their enum


def _legacy(reduction, size_average, reduce) -> str:
    """The reduction's name, which the legacy ``size_average``/``reduce`` pair overrides when given
    (with torch's deprecation warning)."""
    if size_average is None and reduce is None:
        return reduction
    return _REDUCTION_NAMES[_reduction(reduction, size_average, reduce)]


def kl_div(input, target, size_average=None, reduce=None, reduction="mean", log_target=False):
    """The pointwise KL divergence reduced like torch ("batchmean": the sum over the batch size)."""
    reduction = _legacy(reduction, size_average, reduce)
    if input.is_complex() or target.is_complex():
        raise errors.AutogradError("kl_div: Complex inputs not supported.")
    loss = _kl_pointwise(input, target, log_target)
    if reduction == "mean":
        return mean(loss)
    if reduction == "batchmean":
        return sum(loss) / (input.shape[0] if input.ndim else 1)
    if reduction == "sum":
        return sum(loss)
    if reduction == "none":
        return loss
    raise ValueError(f"{reduction} is not a valid value for reduction")


# -- composites: attention and group norm ---------------------------------------------------------------
# torch runs attention through a fused kernel (ScaledDotProductFlashAttentionForCpuBackward0); here it is
# the same maths in engine ops, so its graph shows those ops and float32 results can differ in the last
# bit.

def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False, scale=None,
                                 enable_gqa=False):
    """softmax(query @ key^T * scale + mask) @ value, scale 1/sqrt(E) by default; a bool mask keeps
    the True positions, a float mask is added; is_causal keeps the lower triangle. torch's steps: its
    input checks, a bool mask made a float one, then its CPU flash kernel where that takes the inputs
    (one node), else its math composite (``_attention_math``)."""
    from ..ops.flash_attention import FLASH_ATTENTION, flash_attention_applies
    _check_attention_inputs(query, key, value, attn_mask)
    if attn_mask is not None and attn_mask.dtype == dtypes.bool:
        attn_mask = _float_mask(attn_mask, query.dtype)
    if flash_attention_applies(query, key, value, attn_mask, dropout_p):
        return call(FLASH_ATTENTION, (query, key, value), {"dropout_p": 0.0, "is_causal": bool(is_causal),
                                                           "attn_mask": attn_mask, "scale": scale})[0]
    return _attention_math(query, key, value, attn_mask, dropout_p, is_causal, scale, enable_gqa)


def _check_attention_inputs(query, key, value, attn_mask):
    """torch's validate_sdpa_input."""
    if not query.dtype == key.dtype == value.dtype:
        names = [dtypes.c_type_name(t._data.dtype) for t in (query, key, value)]
        raise errors.AutogradError(f"Expected query, key, and value to have the same dtype, but got query.dtype: "
                                   f"{names[0]} key.dtype: {names[1]} and value.dtype: {names[2]} instead.")
    if min(query.ndim, key.ndim, value.ndim) < 2:
        raise errors.AutogradError(f"Expected query, key, and value to all be  at least 2 dimensional, but got "
                                   f"query.dim: {query.ndim} key.dim: {key.ndim} and value.dim: {value.ndim} instead.")
    if attn_mask is not None and attn_mask.dtype not in (dtypes.bool, dtypes.float32, query.dtype):
        raise errors.AutogradError(f"Expected attn_mask dtype to be bool or float or to match query dtype, but got "
                                   f"attn_mask.dtype: {dtypes.c_type_name(attn_mask._data.dtype)} and  query.dtype: "
                                   f"{dtypes.c_type_name(query._data.dtype)} instead.")


def _float_mask(mask, dtype):
    """torch's convert_boolean_attn_mask: 0 where attending, -inf elsewhere."""
    return creation.zeros(mask.shape, dtype=dtype).masked_fill(mask.logical_not(), -math.inf)


def _attention_math(query, key, value, attn_mask, dropout_p, is_causal, scale, enable_gqa):
    """torch's _scaled_dot_product_attention_math, node for node: query and key^T each scaled by the
    scale's square root (its sign on the query), the mask added in place, _safe_softmax (0 on a row
    with nothing to attend to), dropout; float16 inputs computed in float32."""
    origin = query.dtype
    if origin == dtypes.float16:
        query, key, value = query.to(dtypes.float32), key.to(dtypes.float32), value.to(dtypes.float32)
    negative = scale is not None and scale < 0
    root = math.sqrt(1.0 / math.sqrt(query.shape[-1]) if scale is None else -scale if negative else scale)
    query = call(MUL_SCALAR, (query,), {"other": -root if negative else root})
    if is_causal:
        if attn_mask is not None:
            raise errors.AutogradError("_scaled_dot_product_attention: Explicit attn_mask should not be set when "
                                       "is_causal=True")
        attn_mask = _float_mask(creation.ones(query.shape[-2], key.shape[-2], dtype=dtypes.bool).tril(), query.dtype)
    if enable_gqa and query.ndim >= 3 and key.shape[-3] != query.shape[-3]:
        repeats = query.shape[-3] // key.shape[-3]
        key, value = key.repeat_interleave(repeats, dim=-3), value.repeat_interleave(repeats, dim=-3)
    attn = matmul(query, call(MUL_SCALAR, (key.transpose(-2, -1),), {"other": root}))
    if attn_mask is not None:
        attn = attn.add_(attn_mask)
    attn = call(SAFE_SOFTMAX, (attn,), {"dim": -1})
    if dropout_p > 0.0:
        attn = dropout(attn, dropout_p, True)
    out = matmul(attn, value)
    return out if out.dtype == origin else out.to(origin)


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-5):
    """Normalize each group of channels of each example by its own mean and (biased) variance."""
    n, c = input.shape[0], input.shape[1] if input.ndim > 1 else 0
    if input.ndim < 2 or c % num_groups != 0:
        raise errors.AutogradError(f"Expected number of channels in input to be divisible by num_groups, but got "
                                   f"input of shape {list(input.shape)} and num_groups={num_groups}")
    for t, name in ((weight, "weight"), (bias, "bias")):
        if t is not None and (t.ndim != 1 or t.shape[0] != c):
            raise errors.AutogradError(f"Expected {name} to be a vector of size equal to the number of channels in "
                                       f"input, but got {name} of shape {list(t.shape)} and input of shape "
                                       f"{list(input.shape)}")
    hxw = math.prod(tuple(input.shape[2:]))
    return call(GROUP_NORM, (input, weight, bias), {"N": n, "C": c, "HxW": hxw, "group": num_groups,
                                                     "eps": float(eps)})[0]


# -- more activations and losses, composed as torch composes them (aten's composite kernels or
#    torch.nn.functional's Python); glu, hardshrink, softshrink and threshold are records (ops/glu.py,
#    ops/shrink.py) -----------------------------------------------------------------------------------

def tanhshrink(input):
    return input - input.tanh()


def threshold(input, threshold, value, inplace=False):
    return threshold_(input, threshold, value) if inplace else _threshold(input, threshold, value)


def _plus(x, number):
    """``x + number`` as torch's C++ composites record it: aten::add.Scalar (AddBackward1)."""
    return call(ADD_SCALAR, (x,), {"other": number, "alpha": 1})


def _number_minus(number, x):
    """``number - x`` as torch's C++ composites record it: the number wrapped in a 0-d tensor, then
    aten::sub (SubBackward0, no edge to the number)."""
    return sub(creation.tensor(number, dtype=x.dtype), x)


def margin_ranking_loss(input1, input2, target, margin=0.0, size_average=None, reduce=None, reduction="mean"):
    reduction = _legacy(reduction, size_average, reduce)
    return _reduce(clamp_min(_plus(-target * (input1 - input2), margin), 0), reduction)


def hinge_embedding_loss(input, target, margin=1.0, size_average=None, reduce=None, reduction="mean"):
    """torch's: where(target != 1, clamp_min(margin - input, 0), 0) + where(target != -1, input, 0)."""
    reduction = _legacy(reduction, size_average, reduce)
    zeros = creation.zeros_like(input)
    margin_clamp = where(target != 1, clamp_min(_number_minus(margin, input), 0), zeros)
    return _reduce(margin_clamp + where(target != -1, input, zeros), reduction)


def cosine_embedding_loss(input1, input2, target, margin=0.0, size_average=None, reduce=None, reduction="mean"):
    """torch's composite: cosine from the products' sums with EPSILON 1e-12 in the denominators."""
    reduction = _legacy(reduction, size_average, reduce)
    prod = (input1 * input2).sum(-1)
    mag1 = _plus((input1 * input1).sum(-1), 1e-12)
    mag2 = _plus((input2 * input2).sum(-1), 1e-12)
    cos = prod / (mag1 * mag2).sqrt()
    zeros = creation.zeros_like(cos)
    pos = _number_minus(1.0, cos)
    neg = clamp_min(call(SUB_SCALAR, (cos,), {"other": margin, "alpha": 1}), 0)
    return _reduce(where(target == 1, pos, zeros) + where(target == -1, neg, zeros), reduction)


def poisson_nll_loss(input, target, log_input=True, full=False, size_average=None, eps=1e-8, reduce=None,
                     reduction="mean"):
    reduction = _legacy(reduction, size_average, reduce)
    # torch's C++ computes a binary operator's right operand first: those nodes are the older ones,
    # and the order shows in which gradients add up first
    if log_input:
        product = target * input
        loss = input.exp() - product
    else:
        loss = input - target * _plus(input, eps).log()
    if full:
        half_log = call(MUL_SCALAR, (call(MUL_SCALAR, (target,), {"other": 2 * math.pi}).log(),), {"other": 0.5})
        stirling = target * target.log() - target + half_log
        loss = loss + stirling.masked_fill(target <= 1, 0)   # torch's: NaN and inf of target <= 1 do not leak
    return _reduce(loss, reduction)


def gaussian_nll_loss(input, target, var, full=False, eps=1e-6, reduction="mean"):
    if isinstance(var, (int, float)):
        var = input.new_full((), float(var)) if hasattr(input, "new_full") else creation.full((), float(var))
    if var.shape != input.shape:
        if tuple(input.shape[:-1]) == tuple(var.shape):
            var = var.unsqueeze(-1)
        elif not (tuple(input.shape[:-1]) == tuple(var.shape[:-1]) and var.shape[-1] == 1) and var.ndim != 0:
            raise ValueError("var is of incorrect size")
    if (var < 0).any().item():
        raise ValueError("var has negative entry/entries")
    var = var.clone()
    with no_grad():
        var.clamp_(min=eps)     # in place, without a node: the gradient flows to var where it was clamped too
    loss = 0.5 * (var.log() + (input - target) ** 2 / var)
    if full:
        loss = loss + 0.5 * math.log(2 * math.pi)
    return _reduce(loss, reduction)


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-6, swap=False, size_average=None,
                        reduce=None, reduction="mean"):
    reduction = _legacy(reduction, size_average, reduce)
    d_pos = pairwise_distance(anchor, positive, p, eps)
    d_neg = pairwise_distance(anchor, negative, p, eps)
    if swap:
        d_neg = minimum(d_neg, pairwise_distance(positive, negative, p, eps))
    return _reduce(clamp_min(_plus(d_pos, margin) - d_neg, 0), reduction)


def multilabel_soft_margin_loss(input, target, weight=None, size_average=None, reduce=None, reduction="mean"):
    reduction = _legacy(reduction, size_average, reduce)
    loss = -(target * logsigmoid(input) + (1 - target) * logsigmoid(-input))
    if weight is not None:
        loss = loss * weight
    loss = loss.sum(dim=input.ndim - 1) / input.shape[-1]
    return _reduce(loss, reduction)


def avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
    """avg_pool2d over a height of 1."""
    if input.ndim not in (2, 3):
        raise errors.ShapeError(f"Expected 2 to 3 dimensions, but got {input.ndim}-dimensional tensor for argument "
                                "#1 'self' (while checking arguments for avg_pool1d)")
    first = lambda v: v[0] if isinstance(v, (tuple, list)) else v     # noqa: E731
    k = first(kernel_size)
    return avg_pool2d(input.unsqueeze(-2), (1, k), (1, k if stride is None else first(stride)), (0, first(padding)),
                      ceil_mode, count_include_pad).squeeze(-2)


