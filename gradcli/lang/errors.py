"""One exception family for everything a script can get wrong.

A `GradcliError` carries a kind (what went wrong, in one word), a message in
the user's terms, and the span of the source it is about, so that the CLI and
the REPL can show the line with a caret instead of a Python traceback.
"""

from __future__ import annotations

from typing import NamedTuple

KINDS = frozenset({
    "syntax",       # the parser rejected the source
    "name",         # unknown name, or a local read before assignment
    "import",       # an import the language does not provide
    "attribute",    # an attribute that does not exist or is not allowed
    "type",         # wrong type of operand or argument
    "value",        # right type, wrong value
    "index",        # subscript out of range
    "key",          # missing dictionary key
    "arithmetic",   # division by zero, overflow
    "assertion",    # a failed `assert`
    "runtime",      # an error raised by the engine (torch's RuntimeError)
    "limit",        # a limit of the sandbox: size, depth, recursion, time
    "interrupted",  # Ctrl-C (KeyboardInterrupt) stopped the run
})


class Span(NamedTuple):
    """Where a piece of source is: 1-based lines and columns, end exclusive."""

    line: int
    column: int
    end_line: int
    end_column: int


class Frame(NamedTuple):
    """One script frame of a runtime traceback."""

    function: str
    span: Span


# the language's own errors of these kinds are Python's NameError and AttributeError, and read as Python
# prints them (the other kinds carry the class of the exception they report already)
_PYTHON_LABELS = {"name": "NameError: ", "attribute": "AttributeError: "}


def _labelled(message: str) -> bool:
    """Whether ``message`` starts with an exception class, as ``ImportError: cannot import ...``."""
    head, sep, _ = message.partition(": ")
    return bool(sep) and head.isidentifier() and head.endswith(("Error", "Exception"))


class GradcliError(Exception):
    """An error in a gradcli script, with a kind and a position.

    `incomplete` is true for a parse error at the end of the input inside an
    open bracket or block: a REPL asks for a continuation line instead.
    `frames` lists the script calls that led to a runtime error, outermost
    first.
    """

    def __init__(self, kind: str, message: str, span: Span | None = None, *,
                 filename: str = "<string>", incomplete: bool = False,
                 frames=()):
        if kind not in KINDS:
            raise ValueError(f"unknown error kind {kind!r}")
        label = _PYTHON_LABELS.get(kind)
        if label is not None and not _labelled(message):
            message = label + message     # as Python prints its own: "NameError: name 'x' is not defined"
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.span = span
        self.filename = filename
        self.incomplete = incomplete
        self.frames: list[Frame] = list(frames)
        # The Python/engine exception this error reports, if any: what a
        # script's `except ... as e` binds to `e`.
        self.exception: BaseException | None = None
        # sys.exit(code) with a code other than 0/None: the process status Python would end with,
        # and whether Python would print anything (an int code ends silently)
        self.exit_code: int | None = None
        self.exit_quietly = False

    @property
    def line(self) -> int | None:
        return self.span.line if self.span else None

    @property
    def column(self) -> int | None:
        return self.span.column if self.span else None

    def __str__(self) -> str:
        where = self.filename
        if self.span:
            where += f":{self.span.line}:{self.span.column}"
        label = "syntax error" if self.kind == "syntax" else "error"
        return f"{where}: {label}: {self.message}"


class ScriptExit(BaseException):
    """``sys.exit(code)`` in a script, and the script's ``SystemExit``: not an Exception, so ``except
    Exception`` lets it through and ``except SystemExit``/``BaseException``/bare ``except:`` catch it, as
    Python's; uncaught, the session ends the run there. Named and printed as Python's class."""

    def __init__(self, *args):
        super().__init__(*args)
        self.code = args[0] if len(args) == 1 else (args or None)     # SystemExit.code


ScriptExit.__name__ = ScriptExit.__qualname__ = "SystemExit"
ScriptExit.__module__ = "builtins"


def closest(name: str, candidates) -> str | None:
    """The known name most like `name`, for "did you mean" hints."""
    import difflib
    matches = difflib.get_close_matches(name, sorted(candidates), n=1, cutoff=0.75)
    return matches[0] if matches else None


def format_error(err: GradcliError, source: str | None = None) -> str:
    """The message a person reads: location, message, source line, carets.

    Runtime errors inside script functions end with the chain of script
    calls (never Python frames).
    """
    lines = [str(err)]
    if source is not None and err.span is not None:
        lines += _source_excerpt(source, err.span)
    if err.frames:
        lines.append("script traceback (most recent call last):")
        previous, repeats = None, 0
        for frame in err.frames:
            key = (frame.span.line, frame.function)
            repeats = repeats + 1 if key == previous else 0
            previous = key
            if repeats >= REPEATED_FRAMES_SHOWN:       # as Python: a recursion's frame shown a few times
                continue
            lines += _frame_lines(frame, source)
            lines.extend(_repeat_note(err.frames, frame, key))
    return "\n".join(lines)


REPEATED_FRAMES_SHOWN = 3


def _frame_lines(frame, source) -> list:
    out = [f"  line {frame.span.line}, in {frame.function}"]
    if source is not None:
        text = _line(source, frame.span.line)
        if text is not None:
            out.append("    " + text.strip())
    return out


def _repeat_note(frames: list, frame, key) -> list:
    """After the last shown copy of a repeated frame: how many more times it came."""
    at = next(i for i, f in enumerate(frames) if f is frame)
    run_start = at
    while run_start > 0 and (frames[run_start - 1].span.line, frames[run_start - 1].function) == key:
        run_start -= 1
    if at - run_start != REPEATED_FRAMES_SHOWN - 1:
        return []
    run_end = at
    while run_end + 1 < len(frames) and (frames[run_end + 1].span.line, frames[run_end + 1].function) == key:
        run_end += 1
    more = run_end - at
    return [f"  [Previous line repeated {more} more time{'s' if more != 1 else ''}]"] if more else []


def _line(source: str, number: int) -> str | None:
    all_lines = source.splitlines()
    if 1 <= number <= len(all_lines):
        return all_lines[number - 1].rstrip()
    return None


def _source_excerpt(source: str, span: Span) -> list[str]:
    text = _line(source, span.line)
    if text is None:
        return []
    start = max(span.column - 1, 0)
    if span.end_line == span.line and span.end_column > span.column:
        end = min(span.end_column - 1, max(len(text), start + 1))
    else:
        end = max(len(text), start + 1) if span.end_line > span.line else start + 1
    if len(text) > MAX_ECHO:
        # a very long line: show a window around the error, not the whole line
        left = max(0, min(start - MAX_ECHO // 4, len(text) - MAX_ECHO))
        right = left + MAX_ECHO
        text = ("..." if left else "") + text[left:right] + ("..." if right < len(text) else "")
        shift = left - (3 if left else 0)
        start, end = start - shift, min(end - shift, len(text))
    width = max(end - start, 1)
    # Keep tabs in the padding so that the carets line up under the text.
    pad = "".join(ch if ch == "\t" else " " for ch in text[:start])
    return ["    " + text, "    " + pad + "^" * width]


MAX_ECHO = 160   # characters of a source line an error shows


# Exception classes scripts can name in `except` and `raise`.
EXCEPTION_CLASSES = {cls.__name__: cls for cls in (
    BaseException, ScriptExit, KeyboardInterrupt, Exception, ArithmeticError, AssertionError, AttributeError, FloatingPointError,
    ImportError, ModuleNotFoundError, IndexError, KeyError, LookupError, NameError, NotImplementedError,
    OverflowError, RecursionError, RuntimeError, TypeError, UnboundLocalError, ValueError,
    ZeroDivisionError, StopIteration, OSError, FileNotFoundError, EOFError, MemoryError, GeneratorExit)}
WARNING_CLASSES = {cls.__name__: cls for cls in (Warning, UserWarning, DeprecationWarning, FutureWarning,
                                                 RuntimeWarning, PendingDeprecationWarning)}
