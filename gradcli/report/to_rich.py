"""Documents on a Rich console: semantic styles become colours, tables become Rich tables."""
from __future__ import annotations

from rich.table import Table as RichTable
from rich.text import Text

from .document import STYLES, Line, Table


def render(doc, console) -> None:
    for item in doc:
        console.print(_line(item) if isinstance(item, Line) else _table(item), soft_wrap=True)


def _line(item: Line) -> Text:
    text = Text()
    for segment, style in item.segments:
        text.append(segment, STYLES.get(style, "") if style else "")
    return text


def _table(table: Table) -> RichTable:
    out = RichTable(title=table.title, title_justify="left", header_style="bold")
    for i, name in enumerate(table.columns):
        out.add_column(name, justify="right" if i in table.right else "left")
    for row, style in zip(table.rows, table.row_styles):
        out.add_row(*row, style=STYLES.get(style, "") if style else None)
    return out
