"""Documents as plain text: no colour, no escape codes, columns padded with spaces."""
from __future__ import annotations

from .document import Line, Table


def render(doc) -> str:
    """The whole document as text ending with a newline (empty for an empty document)."""
    out = []
    for item in doc:
        out.append(item.text if isinstance(item, Line) else _table(item))
    return "".join(part + "\n" for part in out)


def _table(table: Table) -> str:
    widths = [len(c) for c in table.columns]
    for row in table.rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], len(cell))

    def fmt(cells) -> str:
        parts = [c.rjust(w) if i in table.right else c.ljust(w)
                 for i, (c, w) in enumerate(zip(cells, widths))]
        return "  ".join(parts).rstrip()

    lines = [table.title] if table.title else []
    lines.append(fmt(table.columns))
    lines.append("  ".join("-" * w for w in widths))
    lines.extend(fmt(row) for row in table.rows)
    return "\n".join(lines)
