"""``torch.utils``: data loading (``torch.utils.data``) and activation checkpointing
(``torch.utils.checkpoint``)."""
from . import checkpoint, data

__all__ = ["checkpoint", "data"]
