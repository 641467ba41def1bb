"""``torch.optim``: optimizers over parameters' ``.grad`` (optimizer.py) and learning-rate
schedulers (lr_scheduler.py)."""
from . import lr_scheduler
from .optimizer import SGD, Adagrad, Adam, AdamW, Optimizer, RMSprop

__all__ = ["Adagrad", "Adam", "AdamW", "Optimizer", "RMSprop", "SGD", "lr_scheduler"]
