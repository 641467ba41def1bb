"""Inputs that sit exactly on a non-differentiable point of an op, and the convention the engine used.

Read from the graph: an op's input value is what the node saved under the
input's name, or the leaf itself when the input is a leaf. At such a point
numerical differences see a one-sided slope and may disagree with the
analytical value, which follows torch's conventions.
"""
from __future__ import annotations

import numpy as np

from . import values
from .graph import Graph

CONVENTIONS = {
    "ReluBackward0": ("relu", "relu'(0) = 0"),
    "AbsBackward0": ("abs", "abs'(0) = sign(0) = 0"),
    "ClampBackward1": ("clamp", "at a bound the gradient passes through (derivative 1)"),
    "MaximumBackward0": ("maximum", "on a tie each side gets half the gradient"),
    "MinimumBackward0": ("minimum", "on a tie each side gets half the gradient"),
    "MaxBackward1": ("max", "tied maxima share the gradient evenly"),
    "MinBackward1": ("min", "tied minima share the gradient evenly"),
    "SqrtBackward0": ("sqrt", "sqrt'(0) = inf"),
}


def find_kinks(graph: Graph) -> list:
    """``[(op, convention, count)]`` for every node whose input sits on its kink."""
    found = []
    for node in graph.nodes:
        if node.name not in CONVENTIONS:
            continue
        count = _count(node, graph)
        if count:
            op, rule = CONVENTIONS[node.name]
            found.append((op, rule, count))
    return found


def _input(node, graph, name: str, index: int):
    saved = next((s for s in node.saved if s.name == name and s.value is not None), None)
    if saved is not None:
        return values.as_array(saved.value) if saved.is_tensor else np.asarray(saved.value)
    if index < len(node.inputs):
        child, _ = node.inputs[index]
        if child is not None and graph.nodes[child].is_leaf:
            return values.as_array(graph.nodes[child].variable)
    return None


def _count(node, graph) -> int:
    """How many elements sit on the kink (0 when the input values cannot be read)."""
    x = _input(node, graph, "self", 0)
    if node.name == "SqrtBackward0":
        result = _input(node, graph, "result", -1)
        return int(np.count_nonzero(result == 0)) if result is not None else 0
    if x is None:
        return 0
    if node.name in ("ReluBackward0", "AbsBackward0"):
        return int(np.count_nonzero(x == 0))
    if node.name == "ClampBackward1":
        hits = np.zeros(x.shape, bool)
        for bound in ("min", "max"):
            b = _input(node, graph, bound, -1)
            if b is not None and b.size == 1 and b.dtype != object:
                hits |= x == b
        return int(np.count_nonzero(hits))
    if node.name in ("MaximumBackward0", "MinimumBackward0"):
        other = _input(node, graph, "other", 1)
        return int(np.count_nonzero(np.broadcast_to(x == other, np.broadcast_shapes(x.shape, other.shape)))) \
            if other is not None else 0
    result = _input(node, graph, "result", -1)
    ties = int(np.count_nonzero(x == result)) if result is not None else 0
    return ties if ties > 1 else 0
