"""``torch.optim``: optimizers over parameters' ``.grad`` (optimizer.py) and learning-rate
schedulers (lr_scheduler.py); swa_utils loads on first use (it needs torch.nn)."""
import importlib

from . import lr_scheduler
from .adafactor import Adafactor, SparseAdam
from .lbfgs import LBFGS
from .more import ASGD, Adadelta, Adamax, NAdam, RAdam, Rprop
from .optimizer import SGD, Adagrad, Adam, AdamW, Optimizer, RMSprop

__all__ = ["ASGD", "Adadelta", "Adafactor", "Adagrad", "Adam", "AdamW", "Adamax", "LBFGS", "NAdam", "Optimizer",
           "RAdam", "RMSprop", "Rprop", "SGD", "SparseAdam", "lr_scheduler", "swa_utils"]


def __getattr__(name: str):
    if name == "swa_utils":
        return importlib.import_module(".swa_utils", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
