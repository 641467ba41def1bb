"""Looking up the op table for ``gradcli ops``."""
from __future__ import annotations

import difflib

from .errors import CliError


def op_table() -> dict:
    """Every registered op, the families the engine loads on first use included."""
    from .. import engine  # noqa: F401
    from ..engine.ops.registry import all_ops
    return all_ops()


def find_op(name: str):
    """An op by its name (loading only its family) or its backward node's name (``mul`` or ``MulBackward0``)."""
    from .. import engine  # noqa: F401
    from ..engine.ops.registry import OPS
    try:
        return OPS[name]
    except KeyError:
        pass
    table = op_table()
    for op in table.values():
        if op.node == name:
            return op
    close = difflib.get_close_matches(name, list(table), n=3)
    hint = f"; did you mean {', '.join(close)}?" if close else "; `gradcli ops` lists them all"
    raise CliError(f"no op named {name!r}{hint}")
