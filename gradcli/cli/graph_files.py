"""``gradcli graph --out FILE``: the backward graph as a file, by the file's suffix: .svg (drawn
here, no program needed), .html (the page with the script and the step-by-step backward pass),
.png/.pdf (through Graphviz's ``dot``), .dot and .mmd (the sources)."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from .errors import EXIT_FAILURE, EXIT_USAGE, CliError

SUFFIXES = (".svg", ".html", ".png", ".pdf", ".dot", ".mmd")


def write_graph(path: Path, graph, source: str, trace_of) -> str:
    """Write the file; return what to tell the user. ``trace_of()`` runs the recorded backward pass."""
    from ..report import graph_view
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        raise CliError(f"--out {path}: the suffix says what to write; use one of {', '.join(SUFFIXES)}", EXIT_USAGE)
    if suffix == ".svg":
        from ..report.graph_svg import to_svg
        _write(path, to_svg(graph))
    elif suffix == ".html":
        from ..report.graph_html import to_html
        _write(path, to_html(graph, source, trace_of() if graph.nodes else None))
    elif suffix == ".dot":
        _write(path, graph_view.to_dot(graph))
    elif suffix == ".mmd":
        _write(path, graph_view.to_mermaid(graph))
    else:
        _render_with_dot(path, graph_view.to_dot(graph), suffix[1:])
    saved = sum(len(n.saved) for n in graph.nodes)
    return f"wrote {path} ({len(graph.nodes)} nodes, {saved} saved values)"


def _write(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as err:
        raise CliError(f"cannot write {path}: {err.strerror or err}", EXIT_FAILURE, "io") from None


def _render_with_dot(path: Path, source: str, fmt: str) -> None:
    dot = shutil.which("dot")
    if dot is None:
        raise CliError(f"writing .{fmt} needs Graphviz's dot program, which is not installed (Debian/Ubuntu: "
                       f"apt-get install graphviz; macOS: brew install graphviz); --out graph.svg or graph.html "
                       "needs nothing", EXIT_FAILURE, "missing")
    try:
        result = subprocess.run([dot, f"-T{fmt}", "-o", str(path)], input=source, capture_output=True, text=True,
                                timeout=120)
    except (OSError, subprocess.TimeoutExpired) as err:
        raise CliError(f"dot failed: {err}", EXIT_FAILURE, "io") from None
    if result.returncode != 0:
        raise CliError(f"dot failed: {result.stderr.strip()}", EXIT_FAILURE, "io")
