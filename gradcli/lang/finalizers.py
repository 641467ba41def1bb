"""Errors in a script generator's ``finally`` when Python drops the generator.

Python runs a dropped generator's ``finally`` blocks from its garbage collection and reports an
error there as "Exception ignored in: <generator ...>", going on with the script. A script's own
error reads the same here, in gradcli's format, never as the interpreter's Python traceback. A
limit (time, size, recursion) is not ignored: the run ends with it (at the latest when its last
statement is done), so that a runaway ``finally`` cannot end in success.
"""

from __future__ import annotations

import contextlib
import sys
import types

from .compile_errors import catchable
from .compile_generators import _drive
from .errors import GradcliError, format_error


class FinalizerErrors:
    """A ``sys.unraisablehook`` for the span of a run (or of dropping a session's values)."""

    __slots__ = ("_state", "_previous", "limit")

    def __init__(self, state):
        self._state = state
        self._previous = None
        self.limit: GradcliError | None = None    # the first limit a finalizer met in this run

    @contextlib.contextmanager
    def installed(self):
        self._previous, self.limit = sys.unraisablehook, None
        sys.unraisablehook = self._hook
        try:
            yield self
        finally:
            sys.unraisablehook = self._previous

    def _hook(self, unraisable) -> None:
        exc, where = unraisable.exc_value, unraisable.object
        if not (type(where) is types.GeneratorType and where.gi_code is _DRIVE_CODE):
            return self._previous(unraisable)
        if isinstance(exc, GradcliError) and not catchable(exc):
            if self.limit is None:
                self.limit = exc
            return None
        if isinstance(exc, GradcliError):
            current = self._state.where
            source = current[0][1] if current is not None and current[0][0] == exc.filename else None
            text = format_error(exc, source)
        else:       # Python's own: "generator ignored GeneratorExit" (a finally that yields)
            text = f"{type(exc).__name__}: {exc}"
        sys.stderr.write(f"Exception ignored in: <generator object {where.__qualname__} at "
                         f"{hex(id(where))}>\n{text}\n")
        return None


_DRIVE_CODE = _drive.__code__
