"""Curves drawn with Unicode braille in the terminal, and (with matplotlib) into an image file.

Each character cell holds 2 x 4 dots, so an 72 x 18 cell canvas has 144 x 72
points; consecutive samples are joined by vertical runs so that steep curves
stay connected. Where curves cross, the last one drawn colours the cell.
"""
from __future__ import annotations

import math

import numpy as np

from .document import Line, line

BRAILLE = 0x2800
DOT = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))   # DOT[row][col] within a cell
SERIES_STYLES = ("name", "node", "warn")


def plot_doc(xs, series: list, width: int = 72, height: int = 18) -> list:
    """``series`` is ``[(label, ys), ...]``; returns the canvas with a y scale, an x scale and a legend."""
    xs = np.asarray(xs, dtype=float)
    finite = [np.asarray(ys, dtype=float) for _, ys in series]
    stacked = np.concatenate([ys[np.isfinite(ys)] for ys in finite]) if finite else np.array([])
    if stacked.size == 0:
        return [line(("nothing to plot: no finite values", "muted"))]
    low, high = float(stacked.min()), float(stacked.max())
    if math.isclose(low, high):
        low, high = low - 1.0, high + 1.0
    cols, rows = width * 2, height * 4
    dots = np.zeros((height, width), dtype=np.int64)
    owner = np.full((height, width), -1)
    for k, ys in enumerate(finite):
        px = np.round((xs - xs[0]) / ((xs[-1] - xs[0]) or 1.0) * (cols - 1)).astype(int)
        py = (rows - 1) - np.round((ys - low) / (high - low) * (rows - 1))
        previous = None
        for x, y in zip(px, py):
            if not math.isfinite(y):
                previous = None
                continue
            y = int(y)
            span = range(min(previous, y), max(previous, y) + 1) if previous is not None else (y,)
            for yy in span:
                dots[yy // 4, x // 2] |= DOT[yy % 4][x % 2]
                owner[yy // 4, x // 2] = k
            previous = y
    labels = [_fmt(high)] + [""] * (height - 2) + [_fmt(low)]
    pad = max(len(s) for s in labels)
    doc = []
    for r in range(height):
        out = Line().add(labels[r].rjust(pad) + " ┤", "muted")
        for c in range(width):
            cell = chr(BRAILLE + int(dots[r, c])) if dots[r, c] else " "
            out.add(cell, SERIES_STYLES[owner[r, c] % len(SERIES_STYLES)] if owner[r, c] >= 0 else None)
        doc.append(out)
    left, right = _fmt(xs[0]), _fmt(xs[-1])
    doc.append(line((" " * pad + " └" + "─" * width, "muted")))
    doc.append(line((" " * (pad + 2) + left + right.rjust(width - len(left)), "muted")))
    legend = Line()
    for k, (label, _) in enumerate(series):
        legend.add("  ").add("⣿ " + label, SERIES_STYLES[k % len(SERIES_STYLES)])
    doc.append(legend)
    return doc


def _fmt(v: float) -> str:
    return f"{v:.4g}"


def save_figure(xs, series: list, path: str) -> None:
    """Write the curves to ``path`` (.png, .svg, .pdf...) with matplotlib; ImportError if it is absent."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(7, 4))
    for label, ys in series:
        ax.plot(xs, ys, label=label)
    ax.axhline(0, color="0.8", linewidth=0.8)
    ax.legend()
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def plot_json(xs, series: list) -> dict:
    from . import values
    return {"x": values.to_json(xs), "series": {label: values.to_json(ys) for label, ys in series}}
