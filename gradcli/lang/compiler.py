"""Compile the AST once into Python closures; running a script calls them.

Each expression node becomes `fn(env) -> value` and each statement
`fn(env) -> None | BREAK | CONTINUE | RETURN`, so no tree is walked while a
loop runs. Names are resolved at compile time with Python's rules (a name
assigned in a function is local to it, nested functions read enclosing
locals, class bodies are not visible to their methods), so a lookup is a
dict access at a known depth of the scope chain.

Every operation that can fail turns the failure into a GradcliError with
the span of the innermost failing expression; errors leaving a script
function collect a frame for the script traceback. Loops (on their first
round and every 16th) and calls check the run's deadline, calls check the
recursion limit, and the operators that can build huge Python ints, strings
or lists check their sizes first.
"""

from __future__ import annotations

from . import syntax_tree as syntax
from .compile_calls import CallsMixin
from .compile_errors import SpanErrors, wrap_exception
from .compile_expressions import ExpressionsMixin
from .compile_generators import GeneratorsMixin
from .compile_statements import StatementsMixin
from .errors import GradcliError
from .scopes import NamesMixin, Runtime, Scope, StaticScope


class Compiler(StatementsMixin, ExpressionsMixin, CallsMixin, GeneratorsMixin, NamesMixin):
    """Turns one parsed source into closures bound to a Runtime."""

    def __init__(self, runtime: Runtime, filename: str = "<string>", source: str = ""):
        self.rt = runtime
        self.filename = filename
        self._loop_depth = 0
        self._handler_depth = 0
        self._location = (filename, source)

    # ------------------------------------------------------------ entry points

    def module(self, node: syntax.Module, echo: bool = False):
        """A function running the statements; it returns the value of a final
        expression statement, or None."""
        scope = StaticScope("module", set(), None, "<module>")
        body = node.body
        last_expr = body[-1] if body and isinstance(body[-1], syntax.ExprStmt) else None
        statements = [self._echoed(s, scope) if echo and isinstance(s, syntax.ExprStmt)
                      else self.stmt(s, scope) for s in (body[:-1] if last_expr else body)]
        block = self._block_of(statements) if statements else (lambda env: None)
        final = self.expr(last_expr.value, scope) if last_expr else None
        here = (self._location, last_expr.span) if last_expr else None
        globals_ = self.rt.globals
        state = self.rt.state

        def run():
            env = Scope(globals_, None)
            state.start()
            block(env)
            if final is None:
                return None
            state.where = here      # the statement a time limit or anomaly mode names, as stmt() keeps it
            return final(env)
        return run

    def expression(self, node):
        """A function evaluating one expression in the session's globals."""
        fn = self.expr(node, StaticScope("module", set(), None, "<module>"))
        globals_ = self.rt.globals
        state = self.rt.state

        def run():
            state.start()
            return fn(Scope(globals_, None))
        return run

    def _echoed(self, node, scope):
        """An expression statement that shows its value, as the Python REPL does."""
        value = self.expr(node.value, scope)
        echo = self.rt.echo
        state, here = self.rt.state, (self._location, node.span)

        def run(env):
            state.where = here
            result = value(env)
            if result is not None:
                echo(result)
        return run

    # ----------------------------------------------------------------- errors

    def _wrap(self, exc, span):
        err = wrap_exception(exc, span, self.filename)
        if err.filename == "<string>":
            err.filename = self.filename
        return err

    def _located(self, exc: Exception, span) -> Exception:
        """What ``with self._at(span)`` makes of ``exc``, for hot paths that use try/except instead
        (a context manager per attribute read costs a tenth of a script's loop)."""
        try:
            with self._at(span):
                raise exc
        except Exception as located:
            return located

    def _at(self, span) -> SpanErrors:
        """The one way compiled code attaches a source span to what a script's operation raised."""
        return SpanErrors(span, self.filename)

    def _error(self, kind, message, span):
        return GradcliError(kind, message, span, filename=self.filename)
