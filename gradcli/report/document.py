"""A tiny document model shared by the plain-text and the Rich renderers.

Views build a list of ``Line`` and ``Table`` items with semantic styles
(``name``, ``node``, ``shape``...); ``to_plain`` drops the styles and
``to_rich`` maps them to colours. One view, two outputs, no drift between them.
"""
from __future__ import annotations

from dataclasses import dataclass, field

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


@dataclass
class Line:
    """One line of text made of (text, style) segments; text may hold newlines (tensor reprs)."""

    segments: list = field(default_factory=list)

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


@dataclass
class Table:
    """Rows of strings under headers; ``right`` lists the columns aligned right (numbers)."""

    columns: list
    rows: list = field(default_factory=list)
    title: str | None = None
    right: set = field(default_factory=set)
    row_styles: list = field(default_factory=list)   # one style (or None) per row

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

