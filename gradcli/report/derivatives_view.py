"""Values, gradients, Jacobians and Hessians as documents and as JSON data.

Tensors are shown with the engine's torch-identical repr, so a line reads as
a PyTorch session would print it. Small Jacobians and Hessians of total rank
two or less are also laid out as a table with labelled axes
(``value[i]`` down, ``x[j]`` across).
"""
from __future__ import annotations

import numpy as np

from . import values
from .document import Line, Table, line

MAX_TABLE_SIDE = 12


def value_lines(value, name: str = "value") -> list:
    return [Line().add(name, "name").add(" = ").add_block(repr(value), "value")]


def grad_doc(value, grads: dict) -> list:
    """``value = tensor(...)`` then ``x.grad = tensor(...)`` per input."""
    doc = value_lines(value)
    for name, grad in grads.items():
        doc.append(Line().add(name, "name").add(".grad = ").add_block(repr(grad), "value"))
    return doc


def per_sample_doc(losses, grads: dict) -> list:
    """``value = tensor([...])`` (one loss per example) then ``x.grad_sample = tensor(...)``: each
    example's gradient, the batch dim first (Opacus' name)."""
    doc = value_lines(losses)
    for name, grad in grads.items():
        doc.append(Line().add(name, "name").add(".grad_sample = ").add_block(repr(grad), "value"))
    return doc


def grad_json(value, grads: dict) -> dict:
    doc = values.described(value)
    doc["grad"] = {name: values.to_json(g) for name, g in grads.items()}
    return doc


def jacobian_doc(value, jacobians: dict, output: str = "value") -> list:
    doc = value_lines(value, output)
    out_shape = values.shape_of(value)
    for name, jac in jacobians.items():
        in_shape = values.shape_of(jac)[len(out_shape):]
        doc.append(_axes_line(f"d{output}/d{name}", jac, [(output, out_shape), (name, in_shape)]))
        doc.append(_matrix(jac, output, out_shape, name, in_shape))
    return doc


def jacobian_json(value, jacobians: dict) -> dict:
    doc = values.described(value)
    doc["jacobian"] = {name: values.to_json(j) for name, j in jacobians.items()}
    return doc


def hessian_doc(value, hessians: dict, shapes: dict, output: str = "value") -> list:
    """``hessians[a][b]`` is d2 output / da db, of shape ``shapes[a] + shapes[b]``."""
    doc = value_lines(value, output)
    if all(not shapes[name] for name in hessians):
        return doc + [_scalar_hessian(hessians, output)]
    for a, row in hessians.items():
        for b, h in row.items():
            sa, sb = list(shapes[a]), list(shapes[b])
            doc.append(_axes_line(f"d2{output}/d{a}d{b}", h, [(a, sa), (b, sb)]))
            doc.append(_matrix(h, a, sa, b, sb))
    return doc


def hessian_json(value, hessians: dict) -> dict:
    doc = values.described(value)
    doc["hessian"] = {a: {b: values.to_json(h) for b, h in row.items()} for a, row in hessians.items()}
    return doc


def _scalar_hessian(hessians: dict, output: str) -> Table:
    """Scalar inputs: the whole Hessian as one symmetric table."""
    names = list(hessians)
    table = Table(columns=[f"d2{output}"] + names, right=set(range(1, len(names) + 1)))
    for a in names:
        table.add_row(a, *(_cell(values.as_array(hessians[a][b]).item()) for b in names))
    return table


def _axes_line(title: str, tensor, axes: list) -> Line:
    parts = " x ".join(f"{name} {list(shape)}" for name, shape in axes)
    return line((title, "heading"), ("  shape ", "muted"), (str(values.shape_of(tensor)), "shape"),
                (f" = {parts}", "muted"))


def _matrix(tensor, row_name: str, row_shape: list, col_name: str, col_shape: list):
    """A labelled table when the derivative is a small matrix, else the tensor's repr."""
    data = values.as_array(tensor)
    rows = int(np.prod(row_shape)) if len(row_shape) <= 1 else 0
    cols = int(np.prod(col_shape)) if len(col_shape) <= 1 else 0
    if not (0 < rows <= MAX_TABLE_SIDE and 0 < cols <= MAX_TABLE_SIDE):
        return Line().add_block(repr(tensor), "value")
    grid = data.reshape(rows, cols)
    table = Table(columns=[""] + [_index(col_name, col_shape, j) for j in range(cols)],
                  right=set(range(1, cols + 1)))
    for i in range(rows):
        table.add_row(_index(row_name, row_shape, i), *(_cell(x) for x in grid[i].tolist()))
    return table


def _index(name: str, shape: list, i: int) -> str:
    return name if not shape else f"{name}[{i}]"


def _cell(x) -> str:
    if isinstance(x, float):
        return f"{x:.6g}"
    if isinstance(x, complex):   # a complex input's gradient (torch's convention: d/dRe + i d/dIm)
        return f"{x.real:.6g}{x.imag:+.6g}j"
    return str(x)
