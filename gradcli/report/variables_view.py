"""A session's variables as a table (the REPL's ``:vars``)."""
from __future__ import annotations

from ..engine.torch_class_names import torch_class_name
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
        elif hasattr(value, "named_parameters") and hasattr(value, "named_modules") and not isinstance(value, type):
            params = list(value.parameters())
            count = sum(p.numel() for p in params)
            table.add_row(name, type(value).__name__, "-", "-", "-", "-",
                          f"{len(params)} parameters, {count:,} elements (:params {name})")
        else:
            torch_name = torch_class_name(value) if isinstance(value, type) else None
            text = f"<class '{torch_name}'>" if torch_name else repr(value)
            if len(text) > MAX_TEXT:
                text = text[:MAX_TEXT - 3] + "..."
            table.add_row(name, type(value).__name__, "-", "-", "-", "-", text, style="muted")
    return [table]


def parameters_doc(name: str, module) -> list:
    """A model's parameters (the REPL's ``:params NAME``): dotted name, shape, dtype, requires_grad,
    whether ``.grad`` is set, and the first values."""
    table = Table(["parameter", "shape", "dtype", "requires_grad", "grad", "value"])
    total = 0
    for pname, p in module.named_parameters():
        total += p.numel()
        grad = "-" if p.grad is None else values.preview(p.grad, 3)
        table.add_row(pname, str(values.shape_of(p)), values.dtype_name(p), str(p.requires_grad), grad,
                      values.preview(p, 3))
    if not table.rows:
        return [line((f"{name} ({type(module).__name__}) has no parameters", "muted"))]
    return [line((f"{name}: {type(module).__name__}, {total:,} parameter elements", "name")), table]
