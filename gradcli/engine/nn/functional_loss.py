"""torch.nn.functional's losses with a node of their own in torch (soft_margin_loss,
multi_margin_loss, multilabel_margin_loss, ctc_loss), triplet_margin_with_distance_loss and the
pairwise_distance it measures with by default."""
from __future__ import annotations

import math

import numpy as np

from .. import creation, dtypes, errors
from ..dispatch import call
from ..functions import clamp_min, minimum, where
from ..ops.nn import ADD_SCALAR, _reduction
from ..ops.reduction import NORM_SCALAR_DIM
from ..tensor import Tensor, make

__all__ = ["ctc_loss", "multi_margin_loss", "multilabel_margin_loss", "soft_margin_loss",
           "triplet_margin_with_distance_loss"]


def _reduce(loss, reduction: str):
    code = _reduction(reduction)
    return loss if code == 0 else loss.mean() if code == 1 else loss.sum()


def soft_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    """log(1 + exp(-target * input)), reduced; torch's node, with no edge to the target."""
    from ..ops.margin_losses import SOFT_MARGIN_LOSS
    return call(SOFT_MARGIN_LOSS, (input, target), {"reduction": _reduction(reduction, size_average, reduce)})


def multi_margin_loss(input, target, p=1, margin=1.0, weight=None, size_average=None, reduce=None,
                      reduction="mean"):
    """The multi-class hinge loss: sum over j != y of max(0, w[y] (margin - x[y] + x[j]))^p / C."""
    from ..ops.margin_losses import MULTI_MARGIN_LOSS
    red = _reduction(reduction, size_average, reduce)
    if p != 1 and p != 2:
        raise ValueError("only p == 1 and p == 2 supported")
    if weight is not None and weight.ndim != 1:
        raise ValueError("weight must be one-dimensional")
    if input.ndim > 2 or input.numel() == 0:
        raise errors.AutogradError(f"Expected non-empty vector or matrix with optional 0-dim batch size, but got: "
                                   f"{list(input.shape)}")
    batch = input.shape[0] if input.ndim == 2 else 1
    if target.ndim > 1 or target.numel() != batch:
        raise errors.AutogradError(
            f"multi_margin_loss: target tensor should be 1-D with size equal to the number of input samples (batch "
            f"size). Expected target size [{batch}], but got {list(target.shape)}. Input has shape "
            f"{list(input.shape)}.")
    margin = margin.item() if isinstance(margin, Tensor) else margin
    return call(MULTI_MARGIN_LOSS, (input, target, weight), {"p": p, "margin": margin, "reduction": red})


def multilabel_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    """sum over each row's targets t (up to its first -1) and its other classes j of
    max(0, 1 - x[t] + x[j]) / C."""
    from ..ops.margin_losses import MULTILABEL_MARGIN_LOSS
    red = _reduction(reduction, size_average, reduce)
    return call(MULTILABEL_MARGIN_LOSS, (input, target), {"reduction": red})[0]


def pairwise_distance(x1, x2, p=2.0, eps=1e-6, keepdim=False):
    """torch's: the norm of x1 - x2 + eps over the last dim, with aten::norm's node (NormBackward1)."""
    diff = call(ADD_SCALAR, (x1 - x2,), {"other": eps, "alpha": 1})
    return call(NORM_SCALAR_DIM, (diff,), {"p": p, "dim": (-1,), "keepdim": bool(keepdim)})


def triplet_margin_with_distance_loss(anchor, positive, negative, *, distance_function=None, margin=1.0, swap=False,
                                      reduction="mean"):
    """torch's Python composite: clamp_min(margin + d(a, p) - d(a, n), 0), pairwise_distance by default."""
    if margin <= 0:
        raise ValueError(f"TripletMarginWithDistanceLoss: expected margin to be greater than 0, got {margin} instead")
    if not anchor.ndim == positive.ndim == negative.ndim:
        raise errors.AutogradError(
            "The anchor, positive, and negative tensors are expected to have the same number of dimensions, but "
            f"got: anchor {anchor.ndim}D, positive {positive.ndim}D, and negative {negative.ndim}D inputs")
    distance = distance_function if distance_function is not None else pairwise_distance
    d_pos = distance(anchor, positive)
    d_neg = distance(anchor, negative)
    if swap:
        d_neg = minimum(d_neg, distance(positive, negative))
    loss = clamp_min(margin + d_pos - d_neg, 0)
    if reduction not in ("mean", "sum", "none"):
        raise ValueError(f"{reduction} is not a valid value for reduction")
    return _reduce(loss, reduction)


def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction="mean", zero_infinity=False):
    """Connectionist temporal classification: -log p(target | log_probs), summed over alignments."""
    return _ctc(log_probs, targets, input_lengths, target_lengths, blank, _reduction(reduction), zero_infinity)


def _lengths(value, name: str, position: int) -> tuple:
    if isinstance(value, Tensor):
        return tuple(int(v) for v in np.asarray(value._data).reshape(-1))
    if isinstance(value, (list, tuple)) and all(isinstance(v, (int, np.integer)) for v in value):
        return tuple(int(v) for v in value)
    raise TypeError(f"ctc_loss(): argument '{name}' (position {position}) must be tuple of ints, not "
                    f"{type(value).__name__}")


def _checked_ctc_args(log_probs, targets, input_lengths, target_lengths, blank):
    """torch's ctc_loss_allocate_outputs checks, in its words."""
    steps, batch, classes = log_probs.shape
    where = "(while checking arguments for ctc_loss_allocate_outputs)"
    if not 0 <= blank < classes:
        raise errors.AutogradError("blank must be in label range")
    if len(input_lengths) != batch:
        raise errors.AutogradError("input_lengths must be of size batch_size")
    if len(target_lengths) != batch:
        raise errors.AutogradError("target_lengths must be of size batch_size")
    for name, values in (("input_lengths", input_lengths), ("target_lengths", target_lengths)):
        for v in values:
            if v < 0:
                raise errors.AutogradError(f"Expected {name} to have value at least 0, but got value {v} {where}")
    if targets.ndim == 1:
        if targets.shape[0] != sum(target_lengths):
            raise errors.AutogradError(f"Expected tensor to have size {sum(target_lengths)} at dimension 0, but got "
                                       f"size {targets.shape[0]} for argument #2 'targets' {where}")
    else:
        if targets.shape[0] != batch:
            raise errors.AutogradError(f"Expected tensor to have size {batch} at dimension 0, but got size "
                                       f"{targets.shape[0]} for argument #2 'targets' {where}")
        for length in target_lengths:
            if length > targets.shape[1]:
                raise errors.AutogradError(f"Expected tensor to have size at least {length} at dimension 1, but got "
                                           f"size {targets.shape[1]} for argument #2 'targets' {where}")
    for length in input_lengths:
        if length > steps:
            raise errors.AutogradError(f"Expected input_lengths to have value at most {steps}, but got value "
                                       f"{length} {where}")


def _ctc(log_probs, targets, input_lengths, target_lengths, blank, reduction: int, zero_infinity):
    """aten's ctc_loss: _ctc_loss over (T, N, C), then zero_infinity's where and the reduction (the mean
    divides each loss by its target length first)."""
    from ..ops.ctc import CTC_LOSS
    il = _lengths(input_lengths, "input_lengths", 3)
    tl = _lengths(target_lengths, "target_lengths", 4)
    batched = log_probs.ndim == 3
    lp = log_probs if batched else log_probs.unsqueeze(1)
    if lp._data.dtype.kind != "f":
        raise NotImplementedError(f"\"ctc_loss_cpu\" not implemented for '{dtypes.scalar_type_name(lp._data.dtype)}'")
    if targets._data.dtype != np.int64:
        targets = make(targets._data.astype(np.int64))
    _checked_ctc_args(lp, targets._data, il, tl, blank)
    res, _ = call(CTC_LOSS, (lp,), {"targets": targets, "input_lengths": il, "target_lengths": tl, "blank": blank,
                                    "zero_infinity": bool(zero_infinity)})
    if zero_infinity:
        res = where(res == math.inf, creation.zeros((), dtype=res.dtype), res)
    if reduction == 1:
        return (res / creation.tensor(tl, dtype=res.dtype).clamp_min(1)).mean()
    if reduction == 2:
        return res.sum()
    return res if batched else res.squeeze(0)
