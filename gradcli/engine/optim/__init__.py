"""``torch.optim``: optimizers over parameters' ``.grad`` (see optimizer.py)."""
from .optimizer import SGD, Adam, AdamW, Optimizer

__all__ = ["Adam", "AdamW", "Optimizer", "SGD"]
