"""Loss modules over functional_loss: MultiMarginLoss, MultiLabelMarginLoss, CTCLoss,
TripletMarginWithDistanceLoss, and NLLLoss2d (torch's deprecated alias of NLLLoss)."""
from __future__ import annotations

import warnings

from . import functional as F
from .layers import NLLLoss, PairwiseDistance, _loss
from .module import Module

MultiMarginLoss = _loss("MultiMarginLoss", F.multi_margin_loss, (("p", 1), ("margin", 1.0), ("weight", None)))
MultiLabelMarginLoss = _loss("MultiLabelMarginLoss", F.multilabel_margin_loss)


class CTCLoss(Module):
    """torch.nn.CTCLoss: ``forward(log_probs, targets, input_lengths, target_lengths)``."""

    def __init__(self, blank: int = 0, reduction: str = "mean", zero_infinity: bool = False):
        super().__init__()
        self.reduction = reduction
        self.blank = blank
        self.zero_infinity = zero_infinity

    def forward(self, log_probs, targets, input_lengths, target_lengths):
        return F.ctc_loss(log_probs, targets, input_lengths, target_lengths, self.blank, self.reduction,
                          self.zero_infinity)


class TripletMarginWithDistanceLoss(Module):
    """torch.nn.TripletMarginWithDistanceLoss: the default distance is a PairwiseDistance submodule, so
    the repr shows it, as torch's."""

    def __init__(self, *, distance_function=None, margin: float = 1.0, swap: bool = False, reduction: str = "mean"):
        super().__init__()
        if margin <= 0:
            raise ValueError(f"TripletMarginWithDistanceLoss: expected margin to be greater than 0, got {margin} "
                             "instead")
        self.reduction = reduction
        self.distance_function = distance_function if distance_function is not None else PairwiseDistance()
        self.margin = margin
        self.swap = swap

    def forward(self, anchor, positive, negative):
        return F.triplet_margin_with_distance_loss(anchor, positive, negative, distance_function=self.distance_function,
                                                   margin=self.margin, swap=self.swap, reduction=self.reduction)


class NLLLoss2d(NLLLoss):
    """Deprecated in torch: NLLLoss, with torch's FutureWarning."""

    def __init__(self, *args, **kwargs):
        warnings.warn("`NLLLoss2d` has been deprecated. Please use `NLLLoss` instead as a drop-in replacement and see "
                      "https://pytorch.org/docs/main/nn.html#torch.nn.NLLLoss for more details.", FutureWarning,
                      stacklevel=2)
        super().__init__(*args, **kwargs)
