"""``torch.utils``: the data loading half (``torch.utils.data``)."""
from . import data

__all__ = ["data"]
