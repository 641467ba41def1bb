"""The console entry point: ``gradcli`` and ``python -m gradcli``.

``gradcli grad ...`` in its common forms runs without loading Typer (see
``oneshot``); everything else goes to the Typer app in ``commands``.
"""
from __future__ import annotations

import gc
import os
import sys


def main(argv: list | None = None) -> None:
    try:
        _main(sys.argv[1:] if argv is None else argv)
    except BrokenPipeError:
        from .output import closed_stdout
        closed_stdout()


def entry() -> None:
    """The command line's process: a supervised worker runs the command (see ``worker``), except
    for the REPL and help, which run here."""
    from .worker import run_supervised, supervised
    _closed_streams_to_devnull()
    gc.disable()       # imports make ~100,000 long-lived objects; the session turns the collector back on
    args = sys.argv[1:]
    if supervised(args):
        os._exit(run_supervised(args, _run_and_leave))
    _run_and_leave()


def _closed_streams_to_devnull() -> None:
    """``gradcli run -e ... >&-``: Python starts with sys.stdout None; write into the void instead
    of failing on the first print."""
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w"))


def _run_and_leave() -> None:
    """Run the command and leave at once: a one-shot command's work is done when its output is
    flushed, and the interpreter's teardown (freeing every module, array and graph node one by
    one) would add ~15 ms, a sixth of a cold start, for nothing."""
    try:
        main()
        code = 0
    except SystemExit as done:
        code = _exit_status(done.code)
    _flush_and_exit(code)


def _exit_status(code) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


def _flush_and_exit(code: int) -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BrokenPipeError:
            code = code or 141
        except (OSError, ValueError):
            pass
    os._exit(code)


def _main(args: list) -> None:
    if args[:1] not in ([], ["repl"]) and not {"-h", "--help", "--version"} & set(args):
        from .preload import import_numpy
        import_numpy()
    if args[:1] == ["grad"]:
        from .oneshot import parse_grad_args, run_grad
        options = parse_grad_args(args[1:])
        if options is not None:
            run_grad(**options)
            return
    from .commands import app_for
    app_for(args)(args=args, prog_name="gradcli")
