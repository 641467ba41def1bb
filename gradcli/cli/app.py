"""The console entry point: ``gradcli`` and ``python -m gradcli``.

``gradcli grad ...`` in its common forms runs without loading Typer (see
``oneshot``); everything else goes to the Typer app in ``commands``. A supervised command that
Typer parses is split in two (``worker.run_split``): the supervisor parses it while its worker
loads numpy, then the worker runs the body (``bodies``) on the parsed values.
"""
from __future__ import annotations

import gc
import importlib
import os
import sys


# the commands Typer parses in the supervisor while the worker loads (all but the REPL: it is not supervised)
SPLIT_COMMANDS = ("grad", "jacobian", "hessian", "graph", "trace", "check", "run", "plot", "profile", "ops")
# standard modules both halves of a split command load (Typer in the supervisor, numpy and the engine in
# the worker; ~90 M instructions): loaded once before the fork instead of once in each
SHARED_MODULES = ("datetime", "heapq", "inspect", "platform", "textwrap", "threading", "typing", "warnings")


def main(argv: list | None = None) -> None:
    _without_broken_pipe(_main, sys.argv[1:] if argv is None else argv)


def _without_broken_pipe(run, *args, **kwargs) -> None:
    try:
        run(*args, **kwargs)
    except BrokenPipeError:
        from .output import closed_stdout
        closed_stdout()


def entry() -> None:
    """The command line's process: a supervised worker runs the command (see ``worker``), except
    for the REPL and help, which run here."""
    from .worker import run_split, run_supervised, supervised
    _closed_streams_to_devnull()
    gc.disable()       # imports make ~100,000 long-lived objects; the session turns the collector back on
    args = sys.argv[1:]
    if supervised(args):
        from . import code_cache
        code_cache.install()        # before the fork: what the worker imports before it comes from the cache too
        if _split(args):
            for name in SHARED_MODULES:
                importlib.import_module(name)
            os._exit(run_split(args, lambda: _flush(_status(_without_broken_pipe, _typer, args)), _serve))
        os._exit(run_supervised(args, _run_and_leave))
    _run_and_leave()


def _split(args: list) -> bool:
    """Whether Typer parses this command line in the supervisor (``worker.run_split``): a named command
    but for help, the version and a ``grad`` the fast path takes; no command at all (supervised, so
    standard input is a script: Typer's callback runs it as ``run -``)."""
    if not args:
        return True
    if args[0] not in SPLIT_COMMANDS or {"-h", "--help", "--version"} & set(args):
        return False
    if args[0] == "grad":
        from .oneshot import parse_grad_args
        return parse_grad_args(args[1:]) is None
    return True


def _serve(request) -> None:
    """The worker of a split command: load the engine while the supervisor parses, then run the body it
    sends (``request()`` waits for it) and leave."""
    from .preload import import_engine
    import_engine()
    command, values = request()

    def body() -> None:
        from . import bodies
        _without_broken_pipe(getattr(bodies, command), **values)
    _run_and_leave(body)


def _closed_streams_to_devnull() -> None:
    """``gradcli run -e ... >&-``: Python starts with sys.stdout None; write into the void instead
    of failing on the first print."""
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w"))


def _run_and_leave(run=main) -> None:
    """Run the command and leave at once: a one-shot command's work is done when its output is
    flushed, and the interpreter's teardown (freeing every module, array and graph node one by
    one) would add ~15 ms, a sixth of a cold start, for nothing. The code cache is written first when
    this run loaded a module it lacks (``code_cache``)."""
    code = _flush(_status(run))
    from .code_cache import save
    try:
        save()
    except MemoryError:     # a run that ended at the memory cap leaves no room to write the cache: skip it
        pass
    os._exit(code)


def _status(run, *args) -> int:
    """The exit status ``run(*args)`` ends with."""
    try:
        run(*args)
        return 0
    except SystemExit as done:
        return _exit_status(done.code)
    except MemoryError:     # the cap hit outside a script's statements (while loading, say): no traceback
        print("error: out of memory (the run's memory cap was reached); allow more with --max-memory MB",
              file=sys.stderr)
        return 1


def _exit_status(code) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


def _flush(code: int) -> int:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BrokenPipeError:
            code = code or 141
        except (OSError, ValueError):
            pass
    return code


def _main(args: list) -> None:
    if args[:1] not in ([], ["repl"]) and not {"-h", "--help", "--version"} & set(args):
        from .preload import import_engine
        import_engine()
    if args[:1] == ["grad"]:
        from .oneshot import parse_grad_args, run_grad
        options = parse_grad_args(args[1:])
        if options is not None:
            run_grad(**options)
            return
    _typer(args)


def _typer(args: list) -> None:
    from .commands import app_for
    app_for(args)(args=args, prog_name="gradcli")
