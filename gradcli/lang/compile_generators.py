"""Generator functions: a ``def`` whose body holds a ``yield`` statement.

Calling one binds its arguments and returns a generator; its body runs as the generator is
consumed. The statements on the way to a ``yield`` (the loops, ifs, ``with`` and ``try`` blocks
around it) are compiled a second way, as Python generators that pass the yielded values up
(``yield from``) and return the statement's code (None, BREAK, CONTINUE, RETURN); every other
statement is the ordinary closure. A generator dropped before its end runs its ``finally`` blocks
and ``__exit__`` methods as Python's does (``with torch.no_grad(): yield ...`` left by a ``break``
turns grad mode back on); after the run, a loop there stops at the run's deadline.
"""

from __future__ import annotations

import time

from . import syntax_tree as syntax
from .compile_errors import catchable
from .errors import GradcliError, ScriptExit
from .scopes import BREAK, RETURN, MISSING, Scope

_NESTED = (syntax.FunctionDef, syntax.ClassDef, syntax.Lambda)


def has_yield(statements) -> bool:
    """Whether a function body yields (nested functions and classes are their own)."""
    stack = list(statements)
    while stack:
        node = stack.pop()
        if isinstance(node, syntax.Yield):
            return True
        if isinstance(node, (syntax.If, syntax.For, syntax.While, syntax.With)):
            stack.extend(node.body)
            stack.extend(getattr(node, "orelse", ()))
        elif isinstance(node, syntax.Try):
            stack.extend(node.body + node.orelse + node.finalbody)
            for handler in node.handlers:
                stack.extend(handler.body)
    return False


class ScriptGenerator:
    """What a generator function or expression gives a script: an iterator with ``send``, ``throw``
    and ``close``, and nothing else of the Python generator inside (no frame, no code). A ``yield``
    is a statement in the language, so a value sent in is dropped, as Python drops it there."""

    __slots__ = ("_generator", "_name")
    script_name = "generator"

    def __init__(self, generator, name: str = "<genexpr>"):
        self._generator = generator
        self._name = name

    def __iter__(self):
        return self

    def __next__(self):
        return self.send(None)

    def send(self, value):
        """Python's ``send``: the next value (a just-started generator takes only None, as Python's)."""
        try:
            return self._generator.send(value)
        except GradcliError as err:
            if isinstance(err.exception, StopIteration) and catchable(err):   # PEP 479: it would end the
                # generator's consumer unseen
                raise _generator_raised_stop_iteration(err) from None
            raise

    def throw(self, *exception):
        """Python's ``throw``: the exception raised where the generator stands (its ``except`` and
        ``finally`` see it), then its next value, or the exception if nothing caught it."""
        try:
            return self._generator.throw(*exception)
        except GradcliError as err:
            if isinstance(err.exception, StopIteration) and catchable(err):
                raise _generator_raised_stop_iteration(err) from None
            raise

    def close(self) -> None:
        """Python's ``close``: the generator's pending ``finally`` and ``with`` exits run now (a script's
        ``g.close()``, and Session.close for what a run left pending)."""
        self._generator.close()

    def __repr__(self) -> str:
        return f"<generator object {self._name} at {hex(id(self))}>"


ScriptGenerator.__name__ = ScriptGenerator.__qualname__ = "generator"     # type(g).__name__, as Python


def _generator_raised_stop_iteration(err: GradcliError) -> GradcliError:
    """Python's RuntimeError for a StopIteration that leaves a generator's body, where it was raised."""
    message = "generator raised StopIteration"
    error = GradcliError("runtime", f"RuntimeError: {message}", err.span, filename=err.filename, frames=err.frames)
    error.exception = RuntimeError(message)
    error.exception.__cause__ = err.exception
    return error


def _returning(fn):
    """An ordinary statement closure as a generator that yields nothing."""
    def run(env):
        return fn(env)
        yield  # noqa: unreachable - makes this a generator
    return run


class GeneratorsMixin:
    """Compiling generator functions (part of :class:`Compiler`)."""

    def generator_body(self, statements, scope, name):
        """``body(frame)`` for a generator function: it stores the generator as the return value."""
        run = self._gen_block(statements, scope)

        def body(frame):
            # the generator runs in a frame of its own over the same variables: the call's frame
            # holds the generator as its return value, and a cycle back to it would keep a generator
            # dropped early from closing (its finally and __exit__) until a garbage collection
            generator = _drive(run, Scope(frame.vars, frame.parent))
            generator.__qualname__ = name       # what an error in its finally names (finalizers.py)
            frame.retval = ScriptGenerator(generator, name)
            return RETURN
        return body

    def _gen_block(self, statements, scope):
        parts = [(self._gen_stmt(s, scope) if has_yield([s]) else None, s) for s in statements]
        fns = [(True, gen) if gen is not None else (False, self.stmt(s, scope)) for gen, s in parts]

        def run(env):
            for is_gen, fn in fns:
                code = (yield from fn(env)) if is_gen else fn(env)
                if code is not None:
                    return code
            return None
        return run

    def _gen_stmt(self, node, scope):
        return getattr(self, "_gen_" + type(node).__name__)(node, scope)

    def _gen_Yield(self, node, scope):
        value = self.expr(node.value, scope) if node.value is not None else None
        span = node.span
        state, here = self.rt.state, (self._location, node.span)

        if node.from_iterable:
            def run_from(env):
                state.where = here
                with self._at(span):
                    iterator = iter(value(env))
                yield from iterator
                return None
            return run_from

        def run(env):
            state.where = here
            yield value(env) if value is not None else None
            return None
        return run

    def _gen_If(self, node, scope):
        test = self.expr(node.test, scope)
        body = self._gen_block(node.body, scope)
        orelse = self._gen_block(node.orelse, scope) if node.orelse else None
        span = node.test.span

        def run(env):
            if self._truth(test(env), span):
                return (yield from body(env))
            if orelse is not None:
                return (yield from orelse(env))
            return None
        return run

    def _gen_While(self, node, scope):
        test = self.expr(node.test, scope)
        self._loop_depth += 1
        body = self._gen_block(node.body, scope)
        self._loop_depth -= 1
        orelse = self._gen_block(node.orelse, scope) if node.orelse else None
        state, span, test_span = self.rt.state, node.span, node.test.span

        def run(env):
            while self._truth(test(env), test_span):
                if time.monotonic() > state.deadline:
                    state.check_time(span)
                code = yield from body(env)
                if code is BREAK:
                    return None
                if code is RETURN:
                    return code
            return (yield from orelse(env)) if orelse is not None else None
        return run

    def _gen_For(self, node, scope):
        iterable = self.expr(node.iter, scope)
        store = self.target(node.target, scope)
        self._loop_depth += 1
        body = self._gen_block(node.body, scope)
        self._loop_depth -= 1
        orelse = self._gen_block(node.orelse, scope) if node.orelse else None
        state, span, iter_span = self.rt.state, node.span, node.iter.span

        def run(env):
            with self._at(iter_span):
                iterator = iter(iterable(env))
            while True:
                with self._at(iter_span):
                    item = next(iterator, MISSING)
                if item is MISSING:
                    break
                if time.monotonic() > state.deadline:
                    state.check_time(span)
                store(env, item)
                code = yield from body(env)
                if code is BREAK:
                    return None
                if code is RETURN:
                    return code
            return (yield from orelse(env)) if orelse is not None else None
        return run

    def _gen_With(self, node, scope):
        body = self._gen_block(node.body, scope)
        for item in reversed(node.items):
            body = self._gen_with_one(self.expr(item.context, scope),
                                      self.target(item.target, scope) if item.target else None,
                                      item.context.span, body)
        return body

    def _gen_with_one(self, context, store, span, body):
        def run(env):
            manager, exit_ = self._enter_manager(context(env), store, env, span)
            try:
                code = yield from body(env)
            except GeneratorExit as exc:      # closed early (``break`` out of its loop): leave the block
                exit_(manager, type(exc), exc, None)
                raise
            except BaseException as exc:
                if self._exit_suppresses(exit_, manager, exc, span):
                    return None
                raise
            with self._at(span):
                exit_(manager, None, None, None)
            return code
        return run

    def _gen_Try(self, node, scope):
        body, handlers, orelse, final = self._try_parts(node, scope, self._gen_block)
        state, span = self.rt.state, node.span

        def handle(env, err):
            handler = self._matching_handler(handlers, env, err)
            state.handling.append(err)
            try:
                return (yield from handler(env))
            finally:
                state.handling.pop()

        def run_handlers(env):
            try:
                code = yield from body(env)
            except (GeneratorExit, ScriptExit) as done:     # (closed early: ``except GeneratorExit:`` runs)
                return (yield from handle(env, done))
            except Exception as raw:
                err = raw if isinstance(raw, GradcliError) else self._wrap(raw, span)
                if not catchable(err):
                    if err is raw:
                        raise
                    raise err from None
                return (yield from handle(env, err))
            if orelse is not None:
                return (yield from orelse(env))
            return code
        inner = run_handlers if handlers else body
        if final is None:
            return inner

        def run_finally(env):
            try:
                code = yield from inner(env)
            except GeneratorExit:
                yield from final(env)
                raise
            except BaseException as exc:
                final_code = yield from final(env)
                swallowable = isinstance(exc, Exception) and not (
                    isinstance(exc, GradcliError) and not catchable(exc))
                if final_code is not None and swallowable:
                    return final_code
                raise
            final_code = yield from final(env)
            return code if final_code is None else final_code
        return run_finally


def _drive(run, frame):
    """The Python generator behind a script generator: the body's values, then the end."""
    yield from run(frame)
