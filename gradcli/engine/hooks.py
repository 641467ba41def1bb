"""Hook handles (``torch.utils.hooks.RemovableHandle``), shared by tensors, nodes and modules."""
from __future__ import annotations

import itertools


class RemovableHandle:
    """Returned by every ``register_*hook``; ``remove()`` takes the hook out again."""

    __slots__ = ("_table", "id")
    _ids = itertools.count()

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
