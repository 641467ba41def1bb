"""The gradcli language: parse, compile to closures, run against the engine.

Public API (small on purpose; the CLI and the REPL use nothing else):

    parse(source, filename)        -> syntax_tree.Module, or GradcliError(kind="syntax")
    parse_expression(source, ...)  -> one expression's AST
    free_variables(source)         -> names read but never bound (for --at)
    format_error(err, source)      -> the message with file:line:col and carets
    GradcliError                   -> the one exception family (kind, span, incomplete)
    Session(stdout=, limits=, dtype=)   a persistent environment:
        .run(source, filename, echo=False)  .eval(expr)  .names()
        .attributes(value)  .get(name)  .set(name, value)  .variables()  .reset()
    Limits(max_elements=, max_recursion=, timeout=, max_int_digits=, max_sequence=)

Importing this package does not import the engine (numpy): parsing stays
fast for the CLI; `Session` and `Limits` load on first use.
"""

from .errors import GradcliError, Span, format_error
from .parser import parse, parse_expression

__all__ = ["GradcliError", "Limits", "Session", "Span", "format_error", "free_variables",
           "parse", "parse_expression"]


def __getattr__(name):
    if name in ("Session", "free_variables"):
        from . import session
        return getattr(session, name)
    if name == "Limits":
        from .limits import Limits
        return Limits
    raise AttributeError(f"module 'gradcli.lang' has no attribute {name!r}")
