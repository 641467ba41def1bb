"""``torch.optim``: optimizers over parameters' ``.grad`` (optimizer.py) and learning-rate
schedulers (lr_scheduler.py)."""
from . import lr_scheduler
from .lbfgs import LBFGS
from .more import ASGD, Adadelta, Adamax, NAdam, RAdam, Rprop
from .optimizer import SGD, Adagrad, Adam, AdamW, Optimizer, RMSprop

__all__ = ["ASGD", "Adadelta", "Adagrad", "Adam", "AdamW", "Adamax", "LBFGS", "NAdam", "Optimizer", "RAdam", "RMSprop",
           "Rprop", "SGD", "lr_scheduler"]
