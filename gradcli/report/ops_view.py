"""The op table (``gradcli.engine.ops.registry.OPS``) as a reference: one row per op, or one op in full."""
from __future__ import annotations

import numpy as np

from .document import Table, line


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def forward_mode(op) -> str:
    """``yes`` with its own jvp rule; otherwise forward_ad derives the tangent from the backward (double vjp)."""
    return "yes" if op.jvp is not None else "via backward"


def supports_double_backward(op) -> bool:
    """Backward formulas are written with engine ops, so any differentiable op differentiates again."""
    return op.differentiable and op.backward is not None


def ops_doc(ops: dict) -> list:
    table = Table(["op", "backward node", "derivative", "forward mode", "double backward"])
    for name in sorted(ops, key=lambda n: (n.startswith("_"), n)):   # torch's public names first
        op = ops[name]
        if op.differentiable and op.backward is not None:
            table.add_row(name, op.node, op.rule, forward_mode(op), _yes(supports_double_backward(op)))
        else:
            table.add_row(name, "-", op.rule or "not differentiable", "-", "-", style="muted")
    return [table, line((f"{len(ops)} ops; `gradcli ops NAME` shows one in full", "muted"))]


def op_doc(op) -> list:
    doc = [line(("op ", "muted"), (op.name, "name"))]
    rows = [
        ("backward node", op.node if op.differentiable else "none (not differentiable)"),
        ("inputs", ", ".join(op.inputs) or "-"),
        ("derivative", op.rule or "-"),
        ("saved for backward", ", ".join(op.saves) or "nothing"),
        ("forward mode (jvp)", forward_mode(op) + (f" ({op.jvp_note})" if op.jvp_note else "")),
        ("double backward", _yes(supports_double_backward(op))),
    ]
    if op.api is not None:
        names = ", ".join(public_names(op))
        rows.insert(0, ("public as", names))
    if op.kink is not None:
        rows.append(("non-differentiable point", op.kink.rule))
    if op.real is not None:
        rows.append(("complex inputs", f"refused, as torch: {op.real(np.dtype(np.complex64))}"))
    doc.extend(line((f"  {key}: ", "muted"), (value, "value")) for key, value in rows)
    return doc


def public_names(op) -> list:
    """The names a record's generated wrapper is reachable by (``torch.exp``, ``Tensor.exp_``...)."""
    names = [f"torch.{n}" for n in (op.name,) + op.api.aliases]
    if op.api.method:
        names += [f"Tensor.{n}" for n in (op.name,) + op.api.aliases]
    if op.api.inplace:
        names += [f"Tensor.{n}_" for n in (op.name,) + op.api.aliases]
    return names


def op_json(op) -> dict:
    return {"name": op.name, "node": op.node if op.differentiable else None, "inputs": list(op.inputs),
            "rule": op.rule, "saves": list(op.saves), "forward_mode": op.differentiable,
            "own_jvp": op.jvp is not None,
            "double_backward": supports_double_backward(op), "differentiable": op.differentiable,
            "public": public_names(op) if op.api is not None else [],
            "kink": op.kink.rule if op.kink is not None else None}
