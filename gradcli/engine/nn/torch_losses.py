"""The losses torch also has in its own namespace (``torch.kl_div``, ``torch.ctc_loss``...), with
aten's signatures: ``reduction`` an int (1 mean, 2 sum, anything else none) whose default, in torch
2.13's Python binding, is 0, so ``torch.kl_div(x, y)`` is unreduced where ``F.kl_div(x, y)`` is a
mean; a string there is torch's TypeError. Each calls the functional form."""
from __future__ import annotations

from ..public import public
from . import functional as F
from .functional import _kl_pointwise
from .functional_loss import _ctc, _reduce


def _enum(value, fn: str, position: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{fn}(): argument 'reduction' (position {position}) must be int, not {type(value).__name__}")
    return value


_NAMES = {1: "mean", 2: "sum"}


def _named(value, fn: str, position: int) -> str:
    """aten's reduction enum as F's string: 1 mean, 2 sum, anything else none."""
    return _NAMES.get(_enum(value, fn, position), "none")


@public()
def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction=0, zero_infinity=False):
    return _ctc(log_probs, targets, input_lengths, target_lengths, blank, _enum(reduction, "ctc_loss", 6),
                zero_infinity)


@public()
def kl_div(input, target, reduction=0, *, log_target=False):
    return _reduce(_kl_pointwise(input, target, log_target), _named(reduction, "kl_div", 3))


@public()
def margin_ranking_loss(input1, input2, target, margin=0.0, reduction=0):
    return F.margin_ranking_loss(input1, input2, target, margin, reduction=_named(reduction, "margin_ranking_loss", 5))


@public()
def hinge_embedding_loss(input, target, margin=1.0, reduction=0):
    return F.hinge_embedding_loss(input, target, margin, reduction=_named(reduction, "hinge_embedding_loss", 4))


@public()
def cosine_embedding_loss(input1, input2, target, margin=0.0, reduction=0):
    return F.cosine_embedding_loss(input1, input2, target, margin,
                                 reduction=_named(reduction, "cosine_embedding_loss", 5))


@public()
def poisson_nll_loss(input, target, log_input, full, eps, reduction):
    return F.poisson_nll_loss(input, target, log_input, full, eps=eps,
                            reduction=_named(reduction, "poisson_nll_loss", 6))


@public()
def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-6, swap=False, reduction=0):
    return F.triplet_margin_loss(anchor, positive, negative, margin, p, eps, swap,
                               reduction=_named(reduction, "triplet_margin_loss", 8))


@public()
def binary_cross_entropy_with_logits(input, target, weight=None, pos_weight=None, reduction=0):
    return F.binary_cross_entropy_with_logits(input, target, weight, reduction=_named(
        reduction, "binary_cross_entropy_with_logits", 5), pos_weight=pos_weight)
