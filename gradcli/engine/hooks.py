"""Hook handles (``torch.utils.hooks.RemovableHandle``), shared by tensors, nodes and modules."""
from __future__ import annotations

import itertools

from .torch_class_names import default_repr


class RemovableHandle:
    """Returned by every ``register_*hook``; ``remove()`` takes the hook out again."""

    __slots__ = ("_table", "id")
    _ids = itertools.count()
    __repr__ = default_repr     # torch's module path: <torch.utils.hooks.RemovableHandle object at 0x...>

    def __init__(self, table: dict):
        self._table = table
        self.id = next(RemovableHandle._ids)

    def remove(self) -> None:
        self._table.pop(self.id, None)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.remove()


def add_hook(table: dict, fn) -> RemovableHandle:
    handle = RemovableHandle(table)
    table[handle.id] = fn
    return handle
