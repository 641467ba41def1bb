"""Inputs that sit exactly on a non-differentiable point of an op, and the convention the engine used.

Each op declares its kink in its record (``kink=Kink(rule, count)``, see ops/registry.py); this
module only reads the values a node saw from the graph: what the node saved under an input's
name, or the leaf itself when that input is a leaf. At such a point numerical differences see a
one-sided slope and may disagree with the analytical value, which follows torch's conventions.
"""
from __future__ import annotations

import numpy as np

from ..engine.ops import OPS
from . import values
from .graph import Graph

def find_kinks(graph: Graph) -> list:
    """``[(op, convention, count)]`` for every node whose input sits on its kink."""
    # node name -> (op name, record); several records may share a node name, one declares the kink. The
    # records loaded now are enough: a node in the graph was made by its record, so its family is loaded
    kinks = {op.node: (op.name.split(".")[0], op) for op in OPS.values() if op.kink is not None}
    found = []
    for node in graph.nodes:
        if node.name not in kinks:
            continue
        name, op = kinks[node.name]
        seen = _values(node, graph, op)
        try:
            hits = op.kink.count(seen)
        except (KeyError, ValueError):   # a value the rule needs was not saved: nothing to say
            continue
        count = int(np.count_nonzero(hits))
        if count:
            found.append((name, op.kink.rule, count))
    return found


def _values(node, graph, op) -> dict:
    """The node's inputs and saved values by name, as arrays (missing ones left out)."""
    out = {}
    for s in node.saved:
        if s.value is not None:
            out[s.name] = values.as_array(s.value) if s.is_tensor else np.asarray(s.value)
    for index, name in enumerate(op.inputs):
        if name in out or index >= len(node.inputs):
            continue
        child, _ = node.inputs[index]
        if child is not None and graph.nodes[child].is_leaf:
            out[name] = values.as_array(graph.nodes[child].variable)
    if "self" in out and "other" in out:
        out["self"], out["other"] = np.broadcast_arrays(out["self"], out["other"])
    return out
