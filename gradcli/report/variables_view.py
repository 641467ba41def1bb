"""A session's variables as a table (the REPL's ``:vars``)."""
from __future__ import annotations

from . import values
from .document import Table, line

MAX_TEXT = 40


def variables_doc(variables: dict) -> list:
    if not variables:
        return [line(("no variables yet", "muted"))]
    table = Table(["name", "type", "shape", "dtype", "requires_grad", "grad_fn", "value"])
    for name, value in sorted(variables.items()):
        if hasattr(value, "grad_fn") and hasattr(value, "requires_grad"):
            fn = value.grad_fn
            table.add_row(name, "Tensor", str(values.shape_of(value)), values.dtype_name(value),
                          str(value.requires_grad), fn.name() if fn is not None else "-", values.preview(value))
        else:
            text = repr(value)
            if len(text) > MAX_TEXT:
                text = text[:MAX_TEXT - 3] + "..."
            table.add_row(name, type(value).__name__, "-", "-", "-", "-", text, style="muted")
    return [table]
