"""The backward graph as an indented tree (plain or Rich), as DOT, as Mermaid and as JSON.

The tree shows each node once; a node reached again (``b + b``, a reused
intermediate) is written ``see #n``. DOT and Mermaid are text: no Graphviz
binary is needed to produce them, only to draw them.
"""
from __future__ import annotations

from . import values
from .document import Line
from .graph import Graph, GraphNode, Saved

BRANCH, LAST, PIPE, SPACE = "├── ", "└── ", "│   ", "    "


# -- tree ----------------------------------------------------------------------------------------

MAX_DEPTH = 40      # deeper than this the tree folds: a 10,000-node chain would indent 40,000 columns
MAX_INPUTS = 30     # a node with more inputs (cat of many tensors) shows this many


def tree_doc(graph: Graph, max_depth: int = MAX_DEPTH, max_inputs: int = MAX_INPUTS) -> list:
    """The tree, folded past ``max_depth`` levels and ``max_inputs`` inputs per node with a line
    saying how many nodes are not shown (the SVG and DOT forms show everything)."""
    if not graph.nodes:
        return [Line().add("(no graph: the output does not require grad)", "muted")]
    doc = [] if graph.batch is None else [Line().add(_batch_text(graph), "muted")]
    seen = set()
    stack = [(0, "", None, 0)]    # node id, prefix of its children, connector for its own line, depth
    while stack:
        node_id, prefix, connector, depth = stack.pop()
        if node_id < 0:              # the line after a node's shown inputs: how many were left out
            doc.append(Line().add(prefix[:-4] + LAST, "muted").add(connector, "muted"))
            continue
        node = graph.nodes[node_id]
        head = Line().add(prefix[:-4] + connector if connector else "", "muted")
        if node_id in seen:
            doc.append(head.add(f"#{node_id} {node.short_name}", "node").add(" (see above)", "muted"))
            continue
        seen.add(node_id)
        doc.append(_header(head, node))
        children = [c for c, _ in node.inputs if c is not None]
        detail = prefix + (PIPE if children else SPACE)
        for saved in node.saved:
            doc.append(_saved_line(Line().add(detail, "muted"), saved))
        if children and depth + 1 >= max_depth:
            hidden = _unseen_below(graph, children, seen)
            doc.append(Line().add(prefix + LAST, "muted").add(
                f"... {hidden} more node{'s' if hidden != 1 else ''} below (the tree stops at depth {max_depth}; "
                "--out graph.svg or -F dot shows them all)", "muted"))
            continue
        folded = len(children) > max_inputs
        if folded:
            hidden = len(children) - max_inputs
            children = children[:max_inputs]
            stack.append((-1, prefix + SPACE, f"... {hidden} more input{'s' if hidden != 1 else ''}", depth + 1))
        for i in reversed(range(len(children))):
            last = i == len(children) - 1 and not folded
            stack.append((children[i], prefix + (SPACE if last else PIPE), LAST if last else BRANCH, depth + 1))
    return doc


def _batch_text(graph: Graph) -> str:
    size, names = graph.batch
    return (f"one example of a batch of B={size} (vmap over dim 0 of {', '.join(names)}); "
            f"[B, ...]: a value with the batch dim")


def _unseen_below(graph: Graph, start: list, seen: set) -> int:
    count, todo, visited = 0, list(start), set()
    while todo:
        n = todo.pop()
        if n in seen or n in visited:
            continue
        visited.add(n)
        count += 1
        todo.extend(c for c, _ in graph.nodes[n].inputs if c is not None)
    return count


def saved_doc(graph: Graph) -> list:
    """What the output's own node saved (the REPL's ``:saved NAME``)."""
    if not graph.nodes:
        return [Line().add("(no grad_fn: nothing saved)", "muted")]
    root = graph.nodes[0]
    doc = [_header(Line(), root)]
    if not root.saved:
        doc.append(Line().add("    saves nothing for backward", "muted"))
    doc.extend(_saved_line(Line().add("    "), s) for s in root.saved)
    return doc


def _header(out: Line, node: GraphNode) -> Line:
    out.add(f"#{node.id} ", "muted").add(node.short_name, "leaf" if node.is_leaf else "node")
    if node.label:
        out.add("  ").add(node.label, "name")
    if node.module:
        out.add(f"  [{node.module}]", "muted")
    out.add("  ").add(_shape(node.shape, node.batched), "shape")
    if node.dtype:
        out.add(" ").add(node.dtype, "dtype")
    return out


def _shape(shape, batched: bool = False) -> str:
    """``[3, 4]``; a value that differs per example shows vmap's batch dim first: ``[B, 3, 4]``."""
    text = "[?]" if shape is None else str(list(shape))
    return "[B, " + text[1:] if batched and text != "[]" else "[B]" if batched else text


def _saved_line(out: Line, saved: Saved) -> Line:
    out.add("saved ", "muted").add(saved.name, "name")
    if not saved.is_tensor:
        return out.add(" = ").add(_plain_value(saved.value), "value")
    if saved.freed:
        return out.add(": freed by backward (use retain_graph=True to keep it)", "muted")
    if saved.modified:
        return out.add(f": modified in place since it was saved (version {saved.version_saved}, now "
                       f"{saved.version_now}); backward through this node will fail", "bad")
    t = saved.value
    out.add(": ").add(str(values.shape_of(t)), "shape").add(" ").add(values.dtype_name(t), "dtype")
    out.add(f" version {saved.version_saved}", "muted")
    if saved.same_storage_as:
        out.add(", same storage as ", "muted").add(saved.same_storage_as, "name")
    return out.add(" = ").add(values.preview(t), "value")


def _plain_value(value) -> str:
    if isinstance(value, tuple):
        return str(list(value))
    return repr(value)


# -- JSON ----------------------------------------------------------------------------------------

def graph_json(graph: Graph) -> dict:
    doc = {"output": graph.output, "nodes": [_node_json(n) for n in graph.nodes]}
    if graph.batch is not None:
        doc["batch"] = {"size": graph.batch[0], "inputs": list(graph.batch[1])}
    return doc


def _node_json(node: GraphNode) -> dict:
    return {
        "id": node.id, "name": node.name, "label": node.label, "leaf": node.is_leaf, "module": node.module,
        "batched": node.batched,
        "shape": list(node.shape) if node.shape is not None else None, "dtype": node.dtype,
        "next": [[c, nr] for c, nr in node.inputs],
        "saved": [_saved_json(s) for s in node.saved],
    }


def _saved_json(saved: Saved) -> dict:
    if not saved.is_tensor:
        value = list(saved.value) if isinstance(saved.value, tuple) else saved.value
        return {"name": saved.name, "tensor": False, "value": _jsonable(value)}
    out = {"name": saved.name, "tensor": True, "freed": saved.freed,
           "version_saved": saved.version_saved, "version_now": saved.version_now,
           "same_storage_as": saved.same_storage_as}
    if saved.value is not None:
        out.update(values.described(saved.value))
    return out


def _jsonable(value):
    import json     # for --json and --out only: the tree needs none
    try:
        json.dumps(value)
        return value
    except (TypeError, ValueError):
        return repr(value)


# -- DOT and Mermaid -----------------------------------------------------------------------------

def _node_text(node: GraphNode) -> list:
    lines = [node.short_name]
    if node.label:
        lines.insert(0 if node.is_leaf else 1, node.label)
    lines.append(f"{_shape(node.shape, node.batched)} {node.dtype or ''}".strip())
    if node.module:
        lines.append(f"[{node.module}]")
    return lines


def node_lines(node: GraphNode) -> list:
    """A node's text in a picture: its header (header_count lines), then one line per saved value."""
    return _node_text(node) + [_saved_text(s) for s in node.saved]


def header_count(node: GraphNode) -> int:
    return len(_node_text(node))


def _saved_text(saved: Saved) -> str:
    if not saved.is_tensor:
        return f"{saved.name} = {_plain_value(saved.value)}"
    if saved.freed:
        return f"{saved.name}: freed"
    if saved.modified:
        return f"{saved.name}: modified (v{saved.version_saved} -> v{saved.version_now})"
    text = f"{saved.name} {values.shape_of(saved.value)} v{saved.version_saved}"
    if saved.same_storage_as:
        text += f" (storage of {saved.same_storage_as})"
    return text


def to_dot(graph: Graph) -> str:
    """Graphviz source: nodes as boxes (leaves green), saved tensors as orange notes on dashed edges."""
    out = ["digraph backward {", '  node [shape=box, fontname="monospace", fontsize=10];']
    clusters: dict = {}
    for node in graph.nodes:
        if node.module:
            clusters.setdefault(node.module, []).append(node.id)
    for k, (module, ids) in enumerate(clusters.items()):
        members = "; ".join(f"n{i}" for i in ids)
        out.append(f'  subgraph cluster_{k} {{ label="{_dot_escape(module)}"; style=dashed; {members}; }}')
    for node in graph.nodes:
        fill = ', style=filled, fillcolor="#c8f0c8"' if node.is_leaf else ""
        label = _dot_escape("\n".join(_node_text(node)))
        out.append(f'  n{node.id} [label="{label}"{fill}];')
        for k, saved in enumerate(node.saved):
            colour = "#ffb0b0" if saved.modified else "#ffe0b0"
            out.append(f'  n{node.id}_s{k} [label="{_dot_escape(_saved_text(saved))}", shape=note, '
                       f'style=filled, fillcolor="{colour}"];')
            out.append(f"  n{node.id}_s{k} -> n{node.id} [style=dashed, arrowhead=none];")
    for node in graph.nodes:
        for child, nr in node.inputs:
            if child is not None:
                attrs = f' [label="{nr}"]' if nr else ""
                out.append(f"  n{node.id} -> n{child}{attrs};")
    out.append("}")
    return "\n".join(out) + "\n"


def _dot_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def to_mermaid(graph: Graph) -> str:
    """A Mermaid flowchart (renders on GitHub): nodes, leaves as stadiums, saved tensors as notes."""
    out = ["flowchart TD"]
    for node in graph.nodes:
        text = "<br/>".join(_mermaid_escape(part) for part in _node_text(node))
        out.append(f'  n{node.id}(["{text}"])' if node.is_leaf else f'  n{node.id}["{text}"]')
        for k, saved in enumerate(node.saved):
            out.append(f'  n{node.id}_s{k}[/"{_mermaid_escape(_saved_text(saved))}"/]')
            out.append(f"  n{node.id}_s{k} -.- n{node.id}")
    for node in graph.nodes:
        for child, nr in node.inputs:
            if child is not None:
                out.append(f"  n{node.id} -->|{nr}| n{child}" if nr else f"  n{node.id} --> n{child}")
    out.append("  classDef leaf fill:#c8f0c8")
    leaves = [f"n{n.id}" for n in graph.nodes if n.is_leaf]
    if leaves:
        out.append(f"  class {','.join(leaves)} leaf")
    return "\n".join(out) + "\n"


def _mermaid_escape(text: str) -> str:
    """Mermaid's entity codes for what would end a label or be read as HTML in it (Mermaid renders labels
    as HTML: a ModuleDict key '<img src=x onerror=...>' was an element)."""
    return text.replace('"', "#quot;").replace("<", "#lt;").replace(">", "#gt;")
