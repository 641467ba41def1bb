"""The backward graph as an SVG picture, drawn without any external program: boxes for nodes
(leaves named by their script variables, in torchviz's blue; the output in green), each node's
saved tensors with shape and version inside its box, and arrows in the direction gradients flow,
from the output down to the leaves."""
from __future__ import annotations

from html import escape

from .graph import Graph
from .graph_layout import LINE_HEIGHT, PAD, layout
from .graph_view import header_count

STYLE = """
.node rect { stroke: #555; stroke-width: 1; rx: 4; }
.node.op rect { fill: #e8e8e8; } .node.leaf rect { fill: #add8e6; } .node.output rect { fill: #a8e6a3; }
.node.modified rect { stroke: #d00; stroke-width: 2; }
.node text { font: 12px monospace; fill: #111; } .node text.saved { fill: #7a4b00; }
.edge { fill: none; stroke: #666; stroke-width: 1.2; marker-end: url(#arrow); }
.edge-label { font: 10px monospace; fill: #666; }
.node.current rect { stroke: #06c; stroke-width: 3; } .edge.current { stroke: #06c; stroke-width: 2.5; }
"""


def to_svg(graph: Graph) -> str:
    """A standalone SVG document; every node is a ``<g class="node" data-id="N">``."""
    boxes, width, height = layout(graph)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
           f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="monospace">',
           "<title>backward graph" + (f" of {escape(graph.output)}" if graph.output else "") + "</title>",
           f"<style>{STYLE}</style>",
           '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" '
           'orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#666"/></marker></defs>']
    for node in graph.nodes:
        top = boxes[node.id]
        for k, (child, nr) in enumerate(node.inputs):
            if child is None:
                continue
            bottom = boxes[child]
            x1 = top.x + top.width * (k + 1) / (len(node.inputs) + 1)
            y1 = top.y + top.height
            x2, y2 = bottom.center_x, bottom.y
            mid = (y1 + y2) / 2
            out.append(f'<path class="edge" data-from="{node.id}" data-to="{child}" '
                       f'd="M {x1:.1f} {y1:.1f} C {x1:.1f} {mid:.1f}, {x2:.1f} {mid:.1f}, {x2:.1f} {y2:.1f}"/>')
            if nr:
                out.append(f'<text class="edge-label" x="{(x1 + x2) / 2 + 3:.1f}" y="{mid:.1f}">{nr}</text>')
    for node in graph.nodes:
        box = boxes[node.id]
        kind = "leaf" if node.is_leaf else ("output" if node.id == 0 else "op")
        if any(s.modified for s in node.saved):
            kind += " modified"
        out.append(f'<g class="node {kind}" data-id="{node.id}" transform="translate({box.x:.1f},{box.y:.1f})">')
        out.append(f"<title>{escape(node.name)}</title>")
        out.append(f'<rect width="{box.width:.1f}" height="{box.height:.1f}"/>')
        first_saved = header_count(node)
        for i, line in enumerate(box.lines):
            cls = ' class="saved"' if i >= first_saved else ""
            out.append(f'<text{cls} x="{PAD}" y="{PAD / 2 + LINE_HEIGHT * (i + 1) - 4}">{escape(line)}</text>')
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"

