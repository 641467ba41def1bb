"""``torch.nn.functional``'s batch_norm, layer_norm, rms_norm, instance_norm, local_response_norm,
embedding, embedding_bag and bilinear: argument checks,
torch's messages and the running-statistics update; the records are in ops/normalization.py,
ops/embedding.py and ops/embedding_bag.py."""
from __future__ import annotations

import math

import numpy as np

from .. import dtypes, errors
from ..autograd.grad_mode import no_grad
from ..dispatch import call
from ..functions import add
from ..ops.nn import ADD_SCALAR
from ..ops.normalization import BATCH_NORM, BATCH_NORM_KERNEL_MAX, LAYER_NORM, batch_stats
from ..ops import dtype_rules
from ..ops.pooling import avg_pool2d
from ..tensor import Tensor, make
from .functional_conv import pad


def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1, eps=1e-5):
    """Normalize each channel by the batch's statistics (training) or the running ones; in training
    the running statistics move toward the batch's by ``momentum`` (the variance unbiased)."""
    if input.ndim < 2:
        raise errors.ShapeError(f"Expected 2D or more input (got {input.ndim}D input)")
    c = input.shape[1]
    for name, t in (("running_mean", running_mean), ("running_var", running_var), ("weight", weight),
                    ("bias", bias)):
        if t is not None and tuple(t.shape) != (c,):
            raise errors.ShapeError(f"{name} should contain {c} elements not {t.numel()}")
    if not training and (running_mean is None or running_var is None):
        raise errors.AutogradError("running_mean and running_var must be defined in evaluation mode")
    count = input.numel() // c if c else 0
    if training and count <= 1:
        raise ValueError(f"Expected more than 1 value per channel when training, got input size {input.shape}")
    if training and running_mean is not None and running_var is not None:
        if any(t.__dict__.get("_lv") for t in (input, running_mean, running_var)):
            _update_batched_statistics(input, running_mean, running_var, momentum)
        # before the call, as torch's kernel: the node then saves the updated statistics at their version
        elif _float32_kernel(input, running_mean, running_var):
            _update_running_stats(input._data, running_mean._data, running_var._data, momentum)
        elif _half_kernel(input, running_mean, running_var):
            _update_half_running_stats(input._data, running_mean._data, running_var._data, momentum)
        else:
            axes = (0,) + tuple(range(2, input.ndim))
            with no_grad():
                running_mean.mul_(1 - momentum).add_(_like(input._data.mean(axis=axes), running_mean),
                                                     alpha=momentum)
                running_var.mul_(1 - momentum).add_(_like(input._data.var(axis=axes, ddof=1), running_var),
                                                    alpha=momentum)
    out, _mean, _invstd = call(BATCH_NORM, (input, weight, bias),
                               {"running_mean": running_mean, "running_var": running_var, "training": bool(training),
                                "eps": float(eps)})
    return out


def _float32_kernel(input, running_mean, running_var) -> bool:
    return input._data.dtype == np.float32 and running_mean._data.dtype == np.float32 and \
        running_var._data.dtype == np.float32 and 0 < input.numel() <= BATCH_NORM_KERNEL_MAX


def _half_kernel(input, running_mean, running_var) -> bool:
    return input._data.dtype == np.float16 and 0 < input.numel() <= BATCH_NORM_KERNEL_MAX and all(
        t._data.dtype in (np.float16, np.float32) for t in (running_mean, running_var))


def _update_half_running_stats(x, mean_out, var_out, momentum) -> None:
    """torch's update for a float16 input: the float32 kernel's, on the statistics widened to float,
    written back in their own dtype (in place, their versions stay)."""
    mean, var = mean_out.astype(np.float32), var_out.astype(np.float32)
    _update_running_stats(x.astype(np.float32), mean, var, momentum)
    mean_out[...] = mean.astype(mean_out.dtype)
    var_out[...] = var.astype(var_out.dtype)


def _update_running_stats(x, mean_out, var_out, momentum) -> None:
    """torch's batch_norm_cpu_update_stats in float32: m * mean + (1 - m) * running_mean in float32,
    the unbiased variance a float32 quotient mixed in double; written in place, as torch's kernel
    writes them (their versions stay)."""
    mean, squares = batch_stats(x)
    m = np.float32(momentum)
    keep = np.float32(1) - m
    unbiased = squares / np.float32(x.size // x.shape[1] - 1)
    mean_out[...] = m * mean + keep * mean_out
    var_out[...] = (np.float64(m) * unbiased + (keep * var_out).astype(np.float64)).astype(np.float32)


def _update_batched_statistics(input, running_mean, running_var, momentum) -> None:
    """Under vmap: each example's statistics move toward its batch's (torch's rule); a batched input
    with statistics shared by the examples is torch's error (they would be updated in place)."""
    if input.__dict__.get("_lv") and not (running_mean.__dict__.get("_lv") and running_var.__dict__.get("_lv")):
        raise RuntimeError(
            "Batch norm got a batched tensor as input while the running_mean or running_var, which will be "
            "updated in place, were not batched.\nIf you are using a module and do not need eval mode, please "
            "set `track_running_stats` to be False.If you are using a prebuilt module and do not need eval "
            "mode, please see the functorch website for resources on how to patch your module to work with vmap")
    axes = (0,) + tuple(range(2, input.ndim))
    with no_grad():
        x = input.detach()
        running_mean.mul_(1 - momentum).add_(x.mean(dim=axes), alpha=momentum)
        running_var.mul_(1 - momentum).add_(x.var(dim=axes, unbiased=True), alpha=momentum)


def _like(values, like: Tensor) -> Tensor:
    return make(np.asarray(values, dtype=like._data.dtype))


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5):
    """Normalize over the last ``len(normalized_shape)`` dims of each sample."""
    shape = (int(normalized_shape),) if isinstance(normalized_shape, int) else tuple(int(s) for s in normalized_shape)
    if tuple(input.shape[input.ndim - len(shape):]) != shape or input.ndim < len(shape):
        raise errors.ShapeError(f"Given normalized_shape={list(shape)}, expected input with shape "
                                f"[*, {', '.join(map(str, shape))}], but got input of size{list(input.shape)}")
    for name, t in (("weight", weight), ("bias", bias)):
        if t is not None and tuple(t.shape) != shape:
            raise errors.ShapeError(f"Expected {name} to be of same shape as normalized_shape, but got {name} of "
                                    f"shape {list(t.shape)} and normalized_shape = {list(shape)}")
    out, _mean, _rstd = call(LAYER_NORM, (input, weight, bias), {"normalized_shape": shape, "eps": float(eps)})
    return out


def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False,
              sparse=False):
    """Rows of ``weight`` picked by the integer tensor ``input``."""
    from ..ops.embedding import EMBEDDING
    if not isinstance(input, Tensor):
        raise TypeError(f"embedding(): argument 'indices' (position 2) must be Tensor, not {errors.type_name(input)}")
    if input._data.dtype.kind not in "iu":
        raise errors.DTypeError("Expected tensor for argument #1 'indices' to have one of the following scalar "
                                "types: Long, Int; but got " + (f"torch.{dtypes.scalar_type_name(input._data.dtype)}Tensor instead (while "
                                                                "checking arguments for embedding)"
                                                                if isinstance(input, Tensor) else "a non-tensor"))
    num = weight.shape[0]
    if padding_idx is not None:
        if not -num <= padding_idx < num:
            raise AssertionError("Padding_idx must be within num_embeddings")
        padding_idx = padding_idx % num
    if input.numel() and (input._data.min() < 0 or input._data.max() >= num):
        raise IndexError("index out of range in self")
    if max_norm is not None:
        _renorm_rows(weight, input, float(max_norm), float(norm_type))
    return call(EMBEDDING, (weight, input),
                {"weight_sym_argsize_0": num, "padding_idx": -1 if padding_idx is None else padding_idx,
                 "scale_grad_by_freq": bool(scale_grad_by_freq), "sparse": bool(sparse)})


def embedding_bag(input, weight, offsets=None, max_norm=None, norm_type=2, scale_grad_by_freq=False, mode="mean",
                  sparse=False, per_sample_weights=None, include_last_offset=False, padding_idx=None):
    """Each bag's rows of ``weight`` reduced by sum, mean or max: bags are the rows of a 2-d ``input``,
    or the runs of a 1-d ``input`` that ``offsets`` start."""
    from ..ops.embedding_bag import EMBEDDING_BAG, check_mode
    if per_sample_weights is not None and tuple(input.shape) != tuple(per_sample_weights.shape):
        raise ValueError(f"embedding_bag: If per_sample_weights ({tuple(per_sample_weights.shape)}) is not None, "
                         f"then it must have the same shape as the input ({tuple(input.shape)})")
    if weight.ndim != 2:
        raise ValueError(f"weight has to be a 2D Tensor, but got Tensor of dimension {weight.ndim}")
    if input.ndim == 2:
        if offsets is not None:
            raise ValueError("if input is 2D, then offsets has to be None, as input is treated is a mini-batch of "
                             f"fixed length sequences. However, found offsets of type {type(offsets)}")
        offsets = make(np.arange(0, input.numel(), input.shape[1], dtype=np.int64))
        input = input.reshape(-1)
        if per_sample_weights is not None:
            per_sample_weights = per_sample_weights.reshape(-1)
    elif input.ndim == 1:
        if offsets is None:
            raise ValueError("offsets has to be a 1D Tensor but got None")
        if offsets.ndim != 1:
            raise ValueError("offsets has to be a 1D Tensor")
    else:
        raise ValueError(f"input has to be 1D or 2D Tensor, but got Tensor of dimension {input.ndim}")
    code = check_mode(mode)
    if code == 2 and scale_grad_by_freq:
        raise ValueError("max mode does not support scaling the gradient by the frequency")
    if code == 2 and sparse:
        raise ValueError("max mode does not support sparse weights")
    if per_sample_weights is not None and code != 0:
        raise NotImplementedError(f"embedding_bag: per_sample_weights was not None. per_sample_weights is only "
                                  f"supported for mode='sum' (got mode='{mode}'). Please open a feature request on "
                                  f"GitHub.")
    num = weight.shape[0]
    if padding_idx is not None:
        if not -num <= padding_idx < num:
            raise AssertionError("padding_idx must be within the number of embeddings")
        padding_idx %= num
    if max_norm is not None:
        _renorm_rows(weight, input, float(max_norm), float(norm_type))
    return call(EMBEDDING_BAG, (weight, per_sample_weights),
                {"indices": input, "offsets": offsets, "mode": code,
                 "padding_idx": -1 if padding_idx is None else padding_idx,
                 "include_last_offset": bool(include_last_offset), "scale_grad_by_freq": bool(scale_grad_by_freq),
                 "sparse": bool(sparse)})


def _renorm_rows(weight, input, max_norm: float, norm_type: float) -> None:
    """torch's embedding_renorm_: each row ``input`` picks whose norm exceeds ``max_norm`` is scaled in
    place (under no_grad, so weight's version moves) by ``max_norm / (norm + 1e-7)``."""
    rows = np.unique(input._data)
    if not rows.size:
        return
    picked = weight._data[rows]
    a = np.abs(picked.astype(np.float64))
    if norm_type == float("inf"):
        norms = a.max(axis=-1)
    elif norm_type == 0:
        norms = (a != 0).sum(axis=-1).astype(np.float64)
    else:
        norms = (a ** norm_type).sum(axis=-1) ** (1.0 / norm_type)
    scale = np.where(norms > max_norm, max_norm / (norms + 1e-7), 1.0)
    with no_grad():
        weight.index_copy_(0, make(rows.astype(np.int64)),
                           make((picked * scale[:, None]).astype(weight._data.dtype, copy=False)))


def bilinear(input1, input2, weight, bias=None):
    """y_k = x1^T A_k x2 + b_k over the last dims."""
    from ..ops.trilinear import BILINEAR, TRILINEAR
    named = {"input1": input1, "input2": input2, "weight": weight, **({} if bias is None else {"bias": bias})}
    if len({t._data.dtype for t in named.values()}) > 1:   # torch checks dtypes before shapes
        raise errors.DTypeError("All tensors must have the same dtype, got " +
                                ", ".join(f"{k}: {dtypes.c_type_name(t._data.dtype)}" for k, t in named.items()))
    if input1.ndim != input2.ndim:
        raise errors.ShapeError(f"bilinear(): input dimensions do not match: got {input1.ndim} and {input2.ndim}")
    for d, (n1, n2) in enumerate(zip(input1.shape[:-1], input2.shape[:-1])):
        if n1 != n2:
            raise errors.ShapeError(f"bilinear(): input batch dimensions do not match at dim {d}: got {n1} and {n2}")
    for k, t in ((1, input1), (2, input2)):
        if t.shape[-1] != weight.shape[k]:
            raise errors.ShapeError(f"bilinear(): input{k} size does not match weight size: got {t.shape[-1]} but "
                                    f"expected {weight.shape[k]}")
    if bias is not None and bias.shape[0] != weight.shape[0]:
        raise errors.ShapeError(f"bilinear(): bias size does not match weight size: got {bias.shape[0]} but "
                                f"expected {weight.shape[0]}")
    # torch's steps: both inputs viewed as matrices, one _trilinear, the result viewed back
    flat = call(TRILINEAR, (input1.reshape(-1, input1.shape[-1]), weight, input2.reshape(-1, input2.shape[-1])),
                BILINEAR)
    out = flat.reshape(tuple(input1.shape[:-1]) + (weight.shape[0],))
    return out if bias is None else add(out, bias)



def rms_norm(input, normalized_shape, weight=None, eps=None):
    """x / sqrt(mean(x^2) + eps) over the last ``len(normalized_shape)`` dims, times weight; composed as
    torch's kernel composes it (pow, mean, add, rsqrt, mul, and a mul by weight), a half input upcast
    to float and the result cast back; eps defaults to the machine epsilon of that computing dtype."""
    shape = (int(normalized_shape),) if isinstance(normalized_shape, int) else tuple(int(s) for s in normalized_shape)
    if input.ndim < len(shape) or tuple(input.shape[input.ndim - len(shape):]) != shape:
        raise errors.ShapeError(f"Given normalized_shape={list(shape)}, expected input with shape "
                                f"[*{', '.join(map(str, shape))}], but got input of size{list(input.shape)}")
    if weight is not None and tuple(weight.shape) != shape:
        raise errors.ShapeError(f"Expected weight to be of same shape as normalized_shape, but got weight of "
                                f"shape {list(weight.shape)} and normalized_shape = {list(shape)}")
    half = input._data.dtype == np.float16     # torch upcasts a half input to float (its opmath type)
    if eps is None:
        eps = float(np.finfo(np.float32 if half else input._data.dtype).eps)
    dims = tuple(range(input.ndim - len(shape), input.ndim))
    x = input.float() if half else input
    mean_square = x.pow(2).mean(dims, keepdim=True)
    out = x * call(ADD_SCALAR, (mean_square,), {"other": eps, "alpha": 1}).rsqrt()
    if weight is not None:
        out = out * weight
    return out.half() if half else out


def instance_norm(input, running_mean=None, running_var=None, weight=None, bias=None, use_input_stats=True,
                  momentum=0.1, eps=1e-5):
    """Normalize each (example, channel) over its own spatial positions: torch's batch_norm of the
    input viewed as one example of N*C channels (weight, bias and running statistics repeated N
    times; the running statistics then take the mean over the examples)."""
    if use_input_stats and math.prod(tuple(input.shape[2:])) == 1:
        raise ValueError(f"Expected more than 1 spatial element when training, got input size {input.shape}")
    if not use_input_stats and (running_mean is None or running_var is None):
        raise errors.AutogradError("Expected running_mean and running_var to be defined when use_input_stats is "
                                   "false")
    b, c = input.shape[0], input.shape[1]
    repeat = lambda t: None if t is None else t.repeat(b)    # noqa: E731
    # torch's instance norm takes running statistics of another float dtype (batch_norm does not)
    stat = lambda t: None if t is None else t.repeat(b).to(input.dtype)    # noqa: E731
    mean_, var_ = stat(running_mean), stat(running_var)
    out = batch_norm(input.contiguous().view((1, b * c) + tuple(input.shape[2:])), mean_, var_, repeat(weight),
                     repeat(bias), use_input_stats, momentum, eps)
    with no_grad():
        for stat, repeated in ((running_mean, mean_), (running_var, var_)):
            if stat is not None:
                stat.copy_(repeated.view(b, c).mean(0))
    return out.view(tuple(input.shape))


def local_response_norm(input, size, alpha=1e-4, beta=0.75, k=1.0):
    """input / (k + alpha * mean of x^2 over ``size`` neighbouring channels)^beta, composed as torch's
    (for 4-d and wider input torch averages with avg_pool3d; gradcli with avg_pool2d over the spatial
    dims flattened: the same values and gradients, an AvgPool2DBackward0 node)."""
    dim = input.ndim
    if dim < 3:
        raise ValueError(f"Expected 3D or higher dimensionality                          input (got {dim} dimensions)")
    if input.numel() == 0:
        return input
    if dim > 3:     # (torch's avg_pool3d; gradcli's avg_pool2d would name its own kernel)
        dtype_rules.refuse_complex(dtype_rules.complex_kernel("avg_pool3d_out_frame"), input)
    div = input.mul(input)
    sizes = tuple(input.shape)
    div = div.unsqueeze(1) if dim == 3 else div.view(sizes[0], 1, sizes[1], -1)
    div = pad(div, (0, 0, size // 2, (size - 1) // 2))
    div = avg_pool2d(div, (size, 1), stride=1).squeeze(1)
    if dim > 3:
        div = div.view(sizes)
    div = div.mul(alpha).add(k).pow(beta)
    return input / div
