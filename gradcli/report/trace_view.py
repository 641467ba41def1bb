"""A recorded backward pass as steps (plain or Rich) and as JSON."""
from __future__ import annotations

from . import values
from .document import Line, line
from .backward_trace import Step, Trace


def _who(trace: Trace, node_id) -> str:
    node = trace.graph.nodes[node_id]
    return f"#{node_id} {node.short_name}" + (f" ({node.label})" if node.label else "")


def trace_doc(trace: Trace) -> list:
    doc = [Line().add("backward from ", "muted").add(_who(trace, 0), "node").add(" with gradient ", "muted")
           .add_block(repr(trace.gradient), "value")]
    for step in trace.steps:
        doc.extend(_step(trace, step))
    if trace.printed_after:
        doc.extend(_printed("printed after the pass", trace.printed_after))
    leaves = sum(1 for s in trace.steps if trace.graph.nodes[s.node].is_leaf)
    doc.append(line((f"{len(trace.steps)} steps, {leaves} accumulations into .grad", "muted")))
    return doc


def _step(trace: Trace, step: Step) -> list:
    node = trace.graph.nodes[step.node]
    out = []
    if step.printed_before:
        out.extend(_printed("hook output", step.printed_before))
    out.append(line((f"step {step.number}  ", "heading"), (_who(trace, step.node), "leaf" if node.is_leaf else "node")))
    fan_in = trace.fan_in.get(step.node, 0)
    incoming = Line().add("  grad in: ", "muted")
    for i, g in enumerate(step.incoming):
        if i:
            incoming.add(", ")
        incoming.add_block(repr(g), "value")
    if fan_in > 1:
        incoming.add(f"  (sum of {fan_in} paths)", "muted")
    out.append(incoming)
    if node.is_leaf:
        name = node.label or "leaf"
        out.append(Line().add(f"  {name}.grad: ", "name").add_block(repr(step.grad_before), "muted")
                   .add(" -> ").add_block(repr(step.grad_after), "value"))
    for child, g in step.outgoing:
        if child is None:
            continue
        out.append(Line().add("  -> ", "muted").add(_who(trace, child), "node").add(": ").add_block(repr(g), "value"))
    if step.printed_during:
        out.extend(_printed("hook output", step.printed_during))
    return out


def _printed(title: str, text: str) -> list:
    return [line((f"  [{title}] ", "warn"), (t, "value")) for t in text.rstrip("\n").split("\n")]


def trace_json(trace: Trace) -> dict:
    nodes = trace.graph.nodes
    return {"trace": {
        "gradient": values.to_json(trace.gradient),
        "steps": [{
            "step": s.number, "node": s.node, "name": nodes[s.node].name, "label": nodes[s.node].label,
            "grad_in": [None if g is None else values.to_json(g) for g in s.incoming],
            "grad_out": [{"to": child, "grad": None if g is None else values.to_json(g)} for child, g in s.outgoing],
            **({"grad_before": None if s.grad_before is None else values.to_json(s.grad_before),
                "grad_after": values.to_json(s.grad_after)} if nodes[s.node].is_leaf else {}),
            "printed": s.printed_before + s.printed_during,
        } for s in trace.steps],
    }}
