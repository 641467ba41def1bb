"""Where each node of a backward graph goes in a picture: layers from the output down to the
leaves (a node sits one layer below the lowest node that feeds it gradients), nodes ordered
within a layer by the average position of their parents (two sweeps), boxes sized by their text.

Linear in the graph's size apart from the sorting, so a picture of thousands of nodes is cheap.
"""
from __future__ import annotations

from dataclasses import dataclass

from .graph import Graph
from .graph_view import node_lines

CHAR_WIDTH = 7.2       # monospace 12px
LINE_HEIGHT = 16
PAD = 8
GAP_X = 24
GAP_Y = 44


@dataclass
class Box:
    id: int
    lines: list
    x: float = 0.0         # top-left corner
    y: float = 0.0
    width: float = 0.0
    height: float = 0.0
    layer: int = 0

    @property
    def center_x(self) -> float:
        return self.x + self.width / 2


def layout(graph: Graph) -> tuple:
    """(boxes by node id, total width, total height)."""
    nodes = graph.nodes
    layer = [0] * len(nodes)
    for node in nodes:                                  # topological order: parents first
        for child, _ in node.inputs:
            if child is not None:
                layer[child] = max(layer[child], layer[node.id] + 1)
    boxes = {}
    for node in nodes:
        lines = node_lines(node)
        width = max(len(line) for line in lines) * CHAR_WIDTH + 2 * PAD
        boxes[node.id] = Box(node.id, lines, width=width, height=len(lines) * LINE_HEIGHT + PAD, layer=layer[node.id])
    layers: list = [[] for _ in range(max(layer, default=-1) + 1)]
    for node in nodes:
        layers[layer[node.id]].append(node.id)
    parents: dict = {n.id: [] for n in nodes}
    for node in nodes:
        for child, _ in node.inputs:
            if child is not None:
                parents[child].append(node.id)
    order = {}
    for row in layers:
        for i, n in enumerate(row):
            order[n] = i
    for _ in range(2):                                   # barycenter sweeps, top to bottom
        for row in layers[1:]:
            row.sort(key=lambda n: sum(order[p] for p in parents[n]) / max(len(parents[n]), 1))
            for i, n in enumerate(row):
                order[n] = i
    width = 0.0
    y = float(PAD)
    for row in layers:
        row_width = sum(boxes[n].width for n in row) + GAP_X * (len(row) - 1)
        width = max(width, row_width)
    for row in layers:
        row_width = sum(boxes[n].width for n in row) + GAP_X * (len(row) - 1)
        x = PAD + (width - row_width) / 2
        tallest = max(boxes[n].height for n in row)
        for n in row:
            box = boxes[n]
            box.x, box.y = x, y
            x += box.width + GAP_X
        y += tallest + GAP_Y
    return boxes, width + 2 * PAD, max(y - GAP_Y + PAD, 2 * PAD)
