"""``torch.optim.lr_scheduler``: the classic schedulers (schedulers.py) and the composite and cyclic
ones (lr_schedulers_more.py)."""
from .lr_schedulers_more import ChainedScheduler, CosineAnnealingWarmRestarts, CyclicLR, SequentialLR
from .schedulers import ConstantLR, CosineAnnealingLR, ExponentialLR, LambdaLR, LinearLR, LRScheduler, MultiStepLR, \
    MultiplicativeLR, OneCycleLR, PolynomialLR, ReduceLROnPlateau, StepLR

__all__ = ["ChainedScheduler", "ConstantLR", "CosineAnnealingLR", "CosineAnnealingWarmRestarts", "CyclicLR",
           "ExponentialLR", "LRScheduler", "LambdaLR", "LinearLR", "MultiStepLR", "MultiplicativeLR", "OneCycleLR",
           "PolynomialLR", "ReduceLROnPlateau", "SequentialLR", "StepLR", "_LRScheduler"]



class _LRScheduler(LRScheduler):
    """The base older code subclasses: a subclass of LRScheduler, as torch's (the built-in schedulers
    are not instances of it)."""
