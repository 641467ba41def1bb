"""Looking up the op table for ``gradcli ops``."""
from __future__ import annotations

import difflib

from .errors import CliError


def op_table() -> dict:
    """Every registered op (importing the engine registers them all)."""
    from .. import engine  # noqa: F401
    from ..engine.ops.registry import OPS
    return OPS


def find_op(table: dict, name: str):
    """An op by its name or its backward node's name (``mul`` or ``MulBackward0``)."""
    if name in table:
        return table[name]
    for op in table.values():
        if op.node == name:
            return op
    close = difflib.get_close_matches(name, list(table), n=3)
    hint = f"; did you mean {', '.join(close)}?" if close else "; `gradcli ops` lists them all"
    raise CliError(f"no op named {name!r}{hint}")
