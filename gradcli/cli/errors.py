"""Errors the command line itself detects, each with the exit code it means."""
from __future__ import annotations

EXIT_OK = 0
EXIT_FAILURE = 1     # an error in the expression or script, or a failed check
EXIT_USAGE = 2       # bad options or arguments, or a parse error
EXIT_INTERRUPTED = 130   # Ctrl-C, as a shell reports a command SIGINT ended


class CliError(Exception):
    """A user mistake found by the CLI (not by the language): printed without a traceback."""

    def __init__(self, message: str, exit_code: int = EXIT_USAGE, kind: str = "usage", located: bool = False):
        """``located``: the message already starts with ``file:line:col: error:`` (from format_error)."""
        super().__init__(message)
        self.message = message if located else "error: " + message
        self.exit_code = exit_code
        self.kind = kind
