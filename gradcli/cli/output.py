"""Where results and errors go: Rich or plain text or JSON on stdout, errors on stderr.

Rich is used only when stdout is a terminal (or FORCE_COLOR is set) and
NO_COLOR is not; otherwise output is plain text without escape codes. With
``--json`` the result is one JSON document (see the README's schema) and an
error is ``{"error": {...}}`` on stdout as well as a message on stderr.
"""
from __future__ import annotations

import contextlib
import os
import re
import sys

from .errors import EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_USAGE, CliError


def use_rich(stream=None) -> bool:
    stream = stream or sys.stdout
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return stream.isatty() and os.environ.get("TERM") != "dumb"


class Output:
    """One command's output settings; ``guard()`` turns every failure into a message and an exit code."""

    def __init__(self, json_output: bool = False, debug: bool = False):
        self.json = json_output
        self.debug = debug
        self.source = None          # the script text errors point into (set once it is read)

    def show(self, doc, data: dict | None = None) -> None:
        """Print a result: ``data`` as JSON with --json, else ``doc`` as Rich or plain text."""
        if self.json and data is not None:
            write_json(data)
        else:
            print_doc(doc)

    @contextlib.contextmanager
    def guard(self):
        try:
            yield self
        except KeyboardInterrupt:
            self._fail("interrupted", "interrupted", EXIT_INTERRUPTED)
        except BrokenPipeError:
            closed_stdout()
        except CliError as err:
            self._fail(err.kind, err.message, err.exit_code)
        except Exception as err:  # noqa: BLE001 - the last line of defence: never a traceback by default
            kind, message, code, where = describe(err, self.source)
            self._fail(kind, message, code, where)

    def _fail(self, kind: str, message: str, code: int, where: dict | None = None) -> None:
        if self.debug:
            import traceback
            traceback.print_exc()
        if self.json:
            write_json({"error": {"kind": kind, "message": message, **(where or {})}})
        if message:
            sys.stderr.write(terminal_safe(message.rstrip("\n"), sys.stderr) + "\n")
        raise SystemExit(code)     # Typer and the fast path both let SystemExit set the exit code


def closed_stdout() -> None:
    """The reader of stdout went away (``gradcli run big.grad | head -1``): stop quietly, with the
    status a Unix tool killed by SIGPIPE has, and keep Python from complaining at exit."""
    import os
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    raise SystemExit(141)


def describe(err: Exception, source: str | None) -> tuple:
    """(kind, message with caret, exit code, position) for any exception a command can meet."""
    from ..lang import GradcliError, format_error
    if isinstance(err, GradcliError) and err.exit_code is not None:   # sys.exit(code), as Python ends
        return "exit", "" if err.exit_quietly else err.message, err.exit_code, {}
    if isinstance(err, GradcliError):
        code = EXIT_USAGE if err.kind == "syntax" else EXIT_INTERRUPTED if err.kind == "interrupted" else EXIT_FAILURE
        where = {"line": err.line, "column": err.column} if err.span else {}
        return err.kind, format_error(err, source), code, where
    if isinstance(err, MemoryError):
        detail = f" ({err})" if str(err) else ""
        return ("limit", f"error: out of memory{detail}: the work needed more than its memory cap; allow more "
                "with --max-memory MB, or make the tensors smaller", EXIT_FAILURE, {})
    name = type(err).__name__
    if isinstance(err, RuntimeError):
        name = "RuntimeError"
    return "runtime", f"error: {name}: {err}", EXIT_FAILURE, {}


def write_json(data: dict) -> None:
    import json     # only with --json: not every command's start-up
    sys.stdout.write(json.dumps(data, allow_nan=False) + "\n")


def print_doc(doc) -> None:
    if use_rich():
        from rich.console import Console
        from ..report import to_rich
        to_rich.render(_terminal_safe_doc(doc) if _isatty(sys.stdout) else doc, Console(file=sys.stdout))
    else:
        from ..report import to_plain
        sys.stdout.write(terminal_safe(to_plain.render(doc), sys.stdout))


def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _terminal_safe_doc(doc) -> list:
    """The document with control characters in its text shown as escapes: names a script chose reach
    the report (``m.add_module("\\x1b]0;...", ...)`` labels a graph's nodes), and Rich prints them as is."""
    for item in doc:
        if hasattr(item, "segments"):
            item.segments = [(_CONTROL.sub(_escape, text), style) for text, style in item.segments]
        else:
            item.rows = [[_CONTROL.sub(_escape, cell) for cell in row] for row in item.rows]
    return doc


class Relay:
    """A stream that forwards to a target that can change: script output first to the terminal,
    then, during a traced backward pass, into the trace recorder."""

    def __init__(self, target):
        self.target = target

    def write(self, text: str) -> int:
        return self.target.write(text)

    def flush(self) -> None:
        self.target.flush()

    def isatty(self) -> bool:
        """The first target's answer, which ScriptOutput asks once: on a terminal, what the script and
        its hooks print is made terminal-safe before it is relayed (``trace`` and ``graph`` sent
        ``print("\\x1b[2J")`` to the terminal as is)."""
        return self.target.isatty()


_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
DEFAULT_MAX_OUTPUT = 100_000_000


def _escape(match) -> str:
    return repr(match.group())[1:-1]


def terminal_safe(text: str, stream) -> str:
    """Text a script made, as it may reach a terminal: control characters shown as escapes, so that
    ``print("\\x1b[2J")`` cannot clear the screen or set the window title. Pipes and files get it as is."""
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError):
        tty = False
    return _CONTROL.sub(_escape, text) if tty else text


class ScriptOutput:
    """Where a script's prints go: at most ``limit`` characters per run (``--max-output``), and
    terminal-safe on a terminal."""

    def __init__(self, target, limit: int = DEFAULT_MAX_OUTPUT,
                 hint: str = "allow more with --max-output CHARACTERS", count=None):
        self.target = target
        self.limit = limit
        self.hint = hint
        self.count = [0] if count is None else count     # characters written, shared with beside()'s streams
        try:
            self.tty = target.isatty()
        except (AttributeError, ValueError):
            self.tty = False

    def beside(self, target) -> "ScriptOutput":
        """Another stream on the same budget: what a script writes to stderr counts with its prints."""
        return ScriptOutput(target, self.limit, self.hint, self.count)

    def write(self, text: str) -> int:
        self.count[0] += len(text)
        if self.count[0] > self.limit:
            from ..lang import GradcliError
            raise GradcliError("limit", f"the script's output passed {self.limit} characters; {self.hint}", None)
        return self.target.write(_CONTROL.sub(_escape, text) if self.tty else text)

    def flush(self) -> None:
        self.target.flush()

    def isatty(self) -> bool:
        return self.tty


@contextlib.contextmanager
def script_stderr(stdout):
    """``sys.stderr`` while a script runs (its ``sys.stderr.write``, logging, unittest, argparse's
    errors): on the budget of ``stdout``, a ScriptOutput, and terminal-safe as its prints are. Only
    around the script: the command's own messages go to the real stderr."""
    previous = sys.stderr
    sys.stderr = stdout.beside(previous)
    try:
        yield
    finally:
        sys.stderr = previous
