"""A tiny document model shared by the plain-text and the Rich renderers.

Views build a list of ``Line`` and ``Table`` items with semantic styles
(``name``, ``node``, ``shape``...); ``to_plain`` drops the styles and
``to_rich`` maps them to colours. One view, two outputs, no drift between them.

The report's records (here, in ``graph`` and in ``backward_trace``) are plain classes, not
dataclasses: making a dataclass costs about 0.2 ms at import, and a command imports several.
"""
from __future__ import annotations

STYLES = {
    "heading": "bold",
    "name": "bold cyan",
    "node": "magenta",
    "leaf": "bold green",
    "shape": "blue",
    "dtype": "blue",
    "value": "",
    "muted": "dim",
    "ok": "green",
    "warn": "yellow",
    "bad": "bold red",
}


class Line:
    """One line of text made of (text, style) segments; text may hold newlines (tensor reprs)."""

    def __init__(self):
        self.segments: list = []

    def add(self, text: str, style: str | None = None) -> "Line":
        self.segments.append((text, style))
        return self

    def add_block(self, text: str, style: str | None = None) -> "Line":
        """Add multi-line text (a tensor repr) whose later lines stay aligned under its first."""
        width = len(self.text.rsplit("\n", 1)[-1])
        return self.add(text.replace("\n", "\n" + " " * width), style)

    @property
    def text(self) -> str:
        return "".join(text for text, _ in self.segments)


class Table:
    """Rows of strings under headers; ``right`` lists the columns aligned right (numbers)."""

    def __init__(self, columns: list, title: str | None = None, right: set | None = None):
        self.columns = columns
        self.rows: list = []
        self.title = title
        self.right = set() if right is None else right
        self.row_styles: list = []     # one style (or None) per row

    def add_row(self, *cells, style: str | None = None) -> None:
        self.rows.append([str(c) for c in cells])
        self.row_styles.append(style)


def line(*segments) -> Line:
    """``line("x", ("3", "value"))``: plain strings are unstyled, pairs carry a style."""
    result = Line()
    for seg in segments:
        if isinstance(seg, tuple):
            result.add(*seg)
        else:
            result.add(seg)
    return result

