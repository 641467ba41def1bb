"""The console entry point: ``gradcli`` and ``python -m gradcli``.

``gradcli grad ...`` in its common forms runs without loading Typer (see
``oneshot``); everything else goes to the Typer app in ``commands``.
"""
from __future__ import annotations

import sys


def main(argv: list | None = None) -> None:
    try:
        _main(sys.argv[1:] if argv is None else argv)
    except BrokenPipeError:
        from .output import closed_stdout
        closed_stdout()


def _main(args: list) -> None:
    if args[:1] == ["grad"]:
        from .oneshot import parse_grad_args, run_grad
        options = parse_grad_args(args[1:])
        if options is not None:
            run_grad(**options)
            return
    from .commands import app
    app(args=args, prog_name="gradcli")

