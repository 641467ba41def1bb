"""``torch.nn``: the functional half for now (modules come later, see DESIGN)."""
from . import functional  # noqa: F401

__all__ = [
    "functional",
]
