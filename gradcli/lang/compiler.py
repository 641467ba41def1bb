"""Compile the AST once into Python closures; running a script calls them.

Each expression node becomes `fn(env) -> value` and each statement
`fn(env) -> None | BREAK | CONTINUE | RETURN`, so no tree is walked while a
loop runs. Names are resolved at compile time with Python's rules (a name
assigned in a function is local to it, nested functions read enclosing
locals, class bodies are not visible to their methods), so a lookup is a
dict access at a known depth of the scope chain.

Every operation that can fail turns the failure into a GradcliError with
the span of the innermost failing expression; errors leaving a script
function collect a frame for the script traceback. Loops and calls check
the run's deadline, calls check the recursion limit, and the operators that
can build huge Python ints, strings or lists check their sizes first.
"""

from __future__ import annotations

import operator
import time

from . import syntax_tree as syntax
from .errors import EXCEPTION_CLASSES, Frame, GradcliError, Span, closest
from .limits import check_format_spec, percent_size_estimate
from .namespace import Namespace, import_error

BREAK = object()
CONTINUE = object()
RETURN = object()
_MISSING = object()

_BINARY = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
    "//": operator.floordiv, "%": operator.mod, "@": operator.matmul, "**": operator.pow,
    "|": operator.or_, "&": operator.and_,
}
_INPLACE = {
    "+": operator.iadd, "-": operator.isub, "*": operator.imul, "/": operator.itruediv,
    "//": operator.ifloordiv, "%": operator.imod, "@": operator.imatmul, "**": operator.ipow,
}
_UNARY = {"-": operator.neg, "+": operator.pos, "~": operator.invert,
          "not": operator.not_}
_COMPARE = {
    "<": operator.lt, ">": operator.gt, "==": operator.eq, ">=": operator.ge, "<=": operator.le,
    "!=": operator.ne, "is": operator.is_, "is not": operator.is_not,
    "in": lambda a, b: a in b, "not in": lambda a, b: a not in b,
}
_SEQUENCES = (str, list, tuple)
_SIMPLE_STATEMENTS = (syntax.ExprStmt, syntax.Assign, syntax.AugAssign, syntax.Return, syntax.Assert,
                      syntax.Delete, syntax.Raise)

# Python exception class -> error kind; the first match in the MRO wins.
_KIND_OF = {
    MemoryError: "limit", RecursionError: "limit", NameError: "name",
    AttributeError: "attribute", IndexError: "index", KeyError: "key",
    ZeroDivisionError: "arithmetic", OverflowError: "arithmetic",
    FloatingPointError: "arithmetic", TypeError: "type", ValueError: "value",
    AssertionError: "assertion", RuntimeError: "runtime",
}


def wrap_exception(exc: BaseException, span: Span | None, filename: str) -> GradcliError:
    """A Python/engine/numpy exception as a GradcliError at `span`.

    The message keeps the original text, prefixed by the builtin exception
    class it derives from (engine errors read `RuntimeError: ...` as in torch).
    """
    if isinstance(exc, GradcliError):
        return exc
    kind = "runtime"
    for klass in type(exc).__mro__:
        if klass in _KIND_OF:
            kind = _KIND_OF[klass]
            break
    label = next((k.__name__ for k in type(exc).__mro__ if k.__module__ == "builtins"),
                 type(exc).__name__)
    if isinstance(exc, RecursionError):
        message = "maximum recursion depth exceeded (the Python stack is exhausted)"
    else:
        try:
            text = str(exc)
        except (RecursionError, MemoryError) as inner:  # str() of a huge or deep argument
            return wrap_exception(inner, span, filename)
        message = f"{label}: {text}" if text else label
        trace = getattr(exc, "forward_trace", None)
        if isinstance(trace, str) and trace:
            message += f"\n  the node was created by: {trace.strip()}"
    err = GradcliError(kind, message, span, filename=filename)
    err.exception = exc
    return err


_CLASS_OF_KIND = {
    "name": NameError, "import": ImportError, "attribute": AttributeError, "type": TypeError,
    "value": ValueError, "index": IndexError, "key": KeyError, "arithmetic": ArithmeticError,
    "assertion": AssertionError, "runtime": RuntimeError,
}


def python_exception(err: GradcliError) -> BaseException:
    """The exception object a script's `except ... as e` sees for `err`.

    Errors raised by operations keep their original exception (so `print(e)`
    shows the engine's message, as torch's would); the language's own errors
    become the Python exception their message is labelled with.
    """
    if err.exception is not None:
        return err.exception
    label, sep, text = err.message.partition(": ")
    cls = EXCEPTION_CLASSES.get(label) if sep else None
    if cls is None or cls is Exception:
        cls, text = _CLASS_OF_KIND.get(err.kind, RuntimeError), err.message
    # Python's str(e) has no "did you mean" hint (its traceback adds one).
    text = text.split("; did you mean ")[0]
    if cls is KeyError:
        exc = RuntimeError(text)  # KeyError's str() would add quotes
    else:
        exc = cls(text)
    err.exception = exc
    return exc


def catchable(err: GradcliError) -> bool:
    """Limits (time, size, recursion) always end the script; nothing catches them."""
    return err.kind not in ("limit", "syntax")


class Scope:
    """A runtime frame: variables, the lexically enclosing frame, a return value."""

    __slots__ = ("vars", "parent", "retval")

    def __init__(self, variables: dict, parent: "Scope | None"):
        self.vars = variables
        self.parent = parent
        self.retval = None


class _StaticScope:
    """What the compiler knows about a scope: its kind and its local names."""

    def __init__(self, kind: str, names: set, parent: "_StaticScope | None", function: str,
                 global_names=frozenset(), nonlocal_names=frozenset()):
        self.kind = kind            # module, function, class, comprehension
        self.names = names
        self.parent = parent
        self.function = function    # for script tracebacks
        self.global_names = global_names      # `global x` in this function
        self.nonlocal_names = nonlocal_names  # `nonlocal x` in this function


class ScriptFunction:
    """A function or lambda defined by a script.

    Callable from Python (the engine calls hooks, Function.forward/backward,
    jacobian's function) but opaque to scripts: the attribute policy has no
    entry for this type, so nothing inside is reachable.
    """

    __slots__ = ("_name", "_invoke")
    script_name = "function"

    def __init__(self, name: str, invoke):
        self._name = name
        self._invoke = invoke

    @property
    def __name__(self) -> str:
        return self._name

    def __call__(self, *args, **kwargs):
        return self._invoke(args, kwargs, None)

    def __repr__(self) -> str:
        return f"<function {self._name}>"


class Runtime:
    """What compiled code needs from its session."""

    def __init__(self, *, globals_: dict, builtins: dict, state, policy, modules: dict,
                 tensor_type: type | None, class_bases: tuple, echo):
        self.globals = globals_
        self.builtins = builtins
        self.state = state
        self.policy = policy
        self.modules = modules
        self.tensor_type = tensor_type
        self.class_bases = class_bases
        self.echo = echo


class Compiler:
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
        scope = _StaticScope("module", set(), None, "<module>")
        body = node.body
        last_expr = body[-1] if body and isinstance(body[-1], syntax.ExprStmt) else None
        statements = [self._echoed(s, scope) if echo and isinstance(s, syntax.ExprStmt)
                      else self.stmt(s, scope) for s in (body[:-1] if last_expr else body)]
        block = self._block_of(statements) if statements else (lambda env: None)
        final = self.expr(last_expr.value, scope) if last_expr else None
        globals_ = self.rt.globals
        state = self.rt.state

        def run():
            env = Scope(globals_, None)
            state.start()
            block(env)
            return final(env) if final is not None else None
        return run

    def expression(self, node):
        """A function evaluating one expression in the session's globals."""
        fn = self.expr(node, _StaticScope("module", set(), None, "<module>"))
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

        def run(env):
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

    def _error(self, kind, message, span):
        return GradcliError(kind, message, span, filename=self.filename)

    # ------------------------------------------------------------- statements

    def block(self, statements, scope):
        return self._block_of([self.stmt(s, scope) for s in statements])

    @staticmethod
    def _block_of(fns):
        if len(fns) == 1:
            return fns[0]
        if len(fns) == 2:
            first, second = fns

            def run2(env):
                code = first(env)
                if code is not None:
                    return code
                return second(env)
            return run2
        fns = tuple(fns)

        def run(env):
            for fn in fns:
                code = fn(env)
                if code is not None:
                    return code
            return None
        return run

    def stmt(self, node, scope):
        method = getattr(self, "stmt_" + type(node).__name__)
        fn = method(node, scope)
        if not isinstance(node, _SIMPLE_STATEMENTS):
            return fn
        # Remember the running statement: anomaly mode names it as the place
        # where a backward node was created (one attribute store per statement).
        state = self.rt.state
        here = (self._location, node.span)

        def tracked(env):
            state.where = here
            return fn(env)
        return tracked

    def stmt_ExprStmt(self, node, scope):
        value = self.expr(node.value, scope)

        def run(env):
            value(env)
        return run

    def stmt_Pass(self, node, scope):
        return lambda env: None

    def stmt_Break(self, node, scope):
        if not self._loop_depth:
            raise self._error("syntax", "'break' outside loop", node.span)
        return lambda env: BREAK

    def stmt_Continue(self, node, scope):
        if not self._loop_depth:
            raise self._error("syntax", "'continue' not properly in loop", node.span)
        return lambda env: CONTINUE

    def stmt_Return(self, node, scope):
        if scope.kind != "function":
            raise self._error("syntax", "'return' outside function", node.span)
        if node.value is None:
            def run_none(env):
                env.retval = None
                return RETURN
            return run_none
        value = self.expr(node.value, scope)

        def run(env):
            env.retval = value(env)
            return RETURN
        return run

    def stmt_Assign(self, node, scope):
        value = self.expr(node.value, scope)
        stores = [self.target(t, scope) for t in node.targets]
        if len(stores) == 1:
            store = stores[0]

            def run1(env):
                store(env, value(env))
            return run1

        def run(env):
            result = value(env)
            for store in stores:
                store(env, result)
        return run

    def stmt_AugAssign(self, node, scope):
        value = self.expr(node.value, scope)
        apply = self._binary(node.op, node.span, inplace=True)
        target = node.target
        if isinstance(target, syntax.Name):
            load = self._load_name(target.id, target.span, scope)
            store = self.target(target, scope)

            def run_name(env):
                store(env, apply(load(env), value(env)))
            return run_name
        obj = self.expr(target.value, scope)
        policy = self.rt.policy
        if isinstance(target, syntax.Attribute):
            name, span = target.attr, target.span

            def run_attr(env):
                owner = obj(env)
                current = self._guarded(policy.get, owner, name, span)
                self._guarded(policy.set, owner, name, apply(current, value(env)), span)
            return run_attr
        index = self.expr(target.index, scope)
        span = target.span

        def run_item(env):
            owner = obj(env)
            key = index(env)
            try:
                current = owner[key]
            except Exception as exc:
                raise self._wrap(exc, span) from None
            result = apply(current, value(env))
            try:
                owner[key] = result
            except Exception as exc:
                raise self._wrap(exc, span) from None
        return run_item

    def _guarded(self, fn, *args):
        span = args[-1]
        try:
            return fn(*args)
        except GradcliError:
            raise
        except Exception as exc:
            raise self._wrap(exc, span) from None

    def stmt_Assert(self, node, scope):
        test = self.expr(node.test, scope)
        message = self.expr(node.msg, scope) if node.msg is not None else None
        span = node.span

        def run(env):
            if not self._truth(test(env), node.test.span):
                try:
                    text = str(message(env)) if message is not None else ""
                except GradcliError:
                    raise
                except Exception as exc:
                    raise self._wrap(exc, span) from None
                raise self._error("assertion", f"AssertionError: {text}" if text
                                  else "AssertionError", span)
        return run

    def _truth(self, value, span) -> bool:
        try:
            return bool(value)
        except Exception as exc:
            raise self._wrap(exc, span) from None

    def stmt_If(self, node, scope):
        test = self.expr(node.test, scope)
        body = self.block(node.body, scope)
        orelse = self.block(node.orelse, scope) if node.orelse else None
        span = node.test.span

        def run(env):
            value = test(env)
            try:
                flag = True if value is True else False if value is False else bool(value)
            except Exception as exc:
                raise self._wrap(exc, span) from None
            if flag:
                return body(env)
            if orelse is not None:
                return orelse(env)
            return None
        return run

    def stmt_While(self, node, scope):
        test = self.expr(node.test, scope)
        self._loop_depth += 1
        body = self.block(node.body, scope)
        self._loop_depth -= 1
        state = self.rt.state
        span = node.span
        test_span = node.test.span
        monotonic = time.monotonic

        def run(env):
            while True:
                value = test(env)
                try:
                    if not value:
                        return None
                except Exception as exc:
                    raise self._wrap(exc, test_span) from None
                if monotonic() > state.deadline:
                    state.check_time(span)
                code = body(env)
                if code is not None:
                    if code is BREAK:
                        return None
                    if code is RETURN:
                        return code
        return run

    def stmt_For(self, node, scope):
        iterable = self.expr(node.iter, scope)
        store = self.target(node.target, scope)
        self._loop_depth += 1
        body = self.block(node.body, scope)
        self._loop_depth -= 1
        state = self.rt.state
        span = node.span
        iter_span = node.iter.span
        monotonic = time.monotonic

        def run(env):
            try:
                iterator = iter(iterable(env))
            except GradcliError:
                raise
            except Exception as exc:
                raise self._wrap(exc, iter_span) from None
            while True:
                try:
                    item = next(iterator, _MISSING)
                except GradcliError:
                    raise
                except Exception as exc:
                    raise self._wrap(exc, iter_span) from None
                if item is _MISSING:
                    return None
                if monotonic() > state.deadline:
                    state.check_time(span)
                store(env, item)
                code = body(env)
                if code is not None:
                    if code is BREAK:
                        return None
                    if code is RETURN:
                        return code
        return run

    def stmt_With(self, node, scope):
        items = [(self.expr(i.context, scope), self.target(i.target, scope) if i.target else None,
                  i.context.span) for i in node.items]
        body = self.block(node.body, scope)
        for context, store, span in reversed(items):
            body = self._with_one(context, store, span, body)
        return body

    def _with_one(self, context, store, span, body):
        def run(env):
            manager = context(env)
            kind = type(manager)
            try:
                enter = kind.__enter__
                exit_ = kind.__exit__
            except AttributeError:
                raise self._error("type", f"TypeError: {kind.__name__!r} object does not "
                                  "support the context manager protocol", span) from None
            try:
                value = enter(manager)
            except Exception as exc:
                raise self._wrap(exc, span) from None
            if store is not None:
                store(env, value)
            try:
                code = body(env)
            except BaseException as exc:
                try:
                    suppress = exit_(manager, type(exc), exc, exc.__traceback__)
                except Exception as inner:
                    raise self._wrap(inner, span) from None
                if suppress and isinstance(exc, Exception):
                    return None
                raise
            try:
                exit_(manager, None, None, None)
            except Exception as exc:
                raise self._wrap(exc, span) from None
            return code
        return run

    def stmt_Import(self, node, scope):
        stores = []
        modules = self.rt.modules
        for alias in node.names:
            if alias.name not in modules:
                raise import_error(alias.name, alias.span)
            if alias.asname:
                stores.append((self._store_name(alias.asname, scope), modules[alias.name]))
            else:
                top = alias.name.split(".")[0]
                stores.append((self._store_name(top, scope), modules[top]))

        def run(env):
            for store, module in stores:
                store(env, module)
        return run

    def stmt_ImportFrom(self, node, scope):
        modules = self.rt.modules
        module = modules.get(node.module)
        if module is None:
            raise import_error(node.module, node.span)
        stores = []
        for alias in node.names:
            if alias.name == "*":
                raise self._error("import", "'from ... import *' is not supported; "
                                  "import the names you need", alias.span)
            stores.append((self._store_name(alias.asname or alias.name, scope),
                           module.get(alias.name, alias.span)))

        def run(env):
            for store, value in stores:
                store(env, value)
        return run

    def stmt_FunctionDef(self, node, scope):
        make = self._function(node.name, node.params, node.body, scope, node.span)
        decorators = [self.expr(d, scope) for d in node.decorators]
        store = self._store_name(node.name, scope)
        decorate = self._decorate(decorators, node.decorators)

        def run(env):
            store(env, decorate(env, make(env)))
        return run

    def _decorate(self, decorators, nodes):
        pairs = list(zip(decorators, [n.span for n in nodes]))[::-1]

        def decorate(env, value):
            for decorator, span in pairs:
                fn = decorator(env)
                value = self._call(fn, (value,), None, span, "<decorator>")
            return value
        return decorate

    def stmt_ClassDef(self, node, scope):
        class_scope = _StaticScope("class", _bound_names(node.body), scope, scope.function)
        for statement in node.body:
            if isinstance(statement, (syntax.FunctionDef, syntax.ClassDef)) and statement.name.startswith("_"):
                raise self._error("syntax", "names starting with '_' cannot be defined in a "
                                  "gradcli class", statement.span)
        saved, self._loop_depth = self._loop_depth, 0
        body = self.block(node.body, class_scope) if node.body else (lambda env: None)
        self._loop_depth = saved
        bases = [self.expr(b, scope) for b in node.bases]
        decorators = [self.expr(d, scope) for d in node.decorators]
        decorate = self._decorate(decorators, node.decorators)
        store = self._store_name(node.name, scope)
        allowed = self.rt.class_bases
        policy = self.rt.policy
        name, span = node.name, node.span

        def run(env):
            base_values = tuple(b(env) for b in bases)
            if not base_values or not all(
                    isinstance(b, type) and issubclass(b, allowed) for b in base_values):
                raise self._error("type", "a class in a gradcli script must derive from "
                                  "torch.autograd.Function", span)
            members: dict = {}
            body(Scope(members, env))
            for key in members:
                if key.startswith("_"):
                    raise self._error("syntax", "names starting with '_' cannot be defined "
                                      "in a gradcli class", span)
            namespace = dict(members, __module__="__main__", __qualname__=name)
            try:
                cls = type(name, base_values, namespace)
            except Exception as exc:
                raise self._wrap(exc, span) from None
            policy.register_class(cls, set(members) | {"apply"})
            store(env, decorate(env, cls))
        return run

    def stmt_Global(self, node, scope):
        if scope.kind == "class":
            raise self._error("syntax", "'global' is not supported in a class body", node.span)
        return lambda env: None

    def stmt_Nonlocal(self, node, scope):
        if scope.kind != "function":
            raise self._error("syntax", "nonlocal declaration not allowed at module level",
                              node.span)
        return lambda env: None

    def stmt_Delete(self, node, scope):
        deletes = [self._delete(t, scope) for t in node.targets]

        def run(env):
            for delete in deletes:
                delete(env)
        return run

    def _delete(self, node, scope):
        span = node.span
        if isinstance(node, syntax.Name):
            name = node.id
            if scope.kind == "module" or name in scope.global_names:
                globals_ = self.rt.globals

                def delete_global(env):
                    if globals_.pop(name, _MISSING) is _MISSING:
                        raise self._error("name", f"NameError: name {name!r} is not defined", span)
                return delete_global
            depth = _nonlocal_depth(name, scope) if name in scope.nonlocal_names else 0

            def delete_local(env):
                frame = env
                for _ in range(depth):
                    frame = frame.parent
                if frame.vars.pop(name, _MISSING) is _MISSING:
                    raise self._error("name", f"UnboundLocalError: cannot access local variable "
                                      f"{name!r} where it is not associated with a value", span)
            return delete_local
        if isinstance(node, syntax.Subscript):
            obj = self.expr(node.value, scope)
            index = self.expr(node.index, scope)

            def delete_item(env):
                owner = obj(env)
                key = index(env)
                try:
                    del owner[key]
                except GradcliError:
                    raise
                except Exception as exc:
                    raise self._wrap(exc, span) from None
            return delete_item

        def delete_attribute(env):
            raise self._error("attribute", "deleting attributes is not supported in gradcli "
                              "scripts; assign None instead", span)
        return delete_attribute

    def stmt_Raise(self, node, scope):
        span = node.span
        state = self.rt.state
        if node.exc is None:
            def reraise(env):
                if not state.handling:
                    raise self._error("runtime", "RuntimeError: No active exception to reraise",
                                      span)
                raise state.handling[-1]
            return reraise
        value = self.expr(node.exc, scope)

        def run(env):
            exc = value(env)
            if isinstance(exc, type) and issubclass(exc, Exception):
                exc = exc()
            if not isinstance(exc, Exception):
                raise self._error("type", "TypeError: exceptions must derive from BaseException",
                                  span)
            raise self._wrap(exc, span)
        return run

    def stmt_Try(self, node, scope):
        body = self.block(node.body, scope)
        self._handler_depth += 1
        handlers = [(self.expr(h.type, scope) if h.type is not None else None,
                     self._store_name(h.name, scope) if h.name else None,
                     self.block(h.body, scope), h.type.span if h.type is not None else h.span)
                    for h in node.handlers]
        self._handler_depth -= 1
        orelse = self.block(node.orelse, scope) if node.orelse else None
        final = self.block(node.finalbody, scope) if node.finalbody else None
        state = self.rt.state
        span = node.span
        wrap = self._wrap

        def handle(env, err):
            exc = python_exception(err)
            for kinds, store, handler, kind_span in handlers:
                if kinds is not None:
                    classes = kinds(env)
                    if not _exception_classes(classes):
                        raise self._error("type", "TypeError: catching classes that do not "
                                          "inherit from BaseException is not allowed", kind_span)
                    if not isinstance(exc, classes):
                        continue
                if store is not None:
                    store(env, exc)
                state.handling.append(err)
                try:
                    return handler(env)
                finally:
                    state.handling.pop()
            raise err

        def run_handlers(env):
            try:
                code = body(env)
            except Exception as raw:
                err = raw if isinstance(raw, GradcliError) else wrap(raw, span)
                if not catchable(err):
                    if err is raw:
                        raise
                    raise err from None
                return handle(env, err)
            if orelse is not None:
                return orelse(env)
            return code
        inner = run_handlers if handlers else body
        if final is None:
            return inner

        def run_finally(env):
            try:
                code = inner(env)
            except BaseException as exc:
                final_code = final(env)
                swallowable = isinstance(exc, Exception) and not (
                    isinstance(exc, GradcliError) and not catchable(exc))
                if final_code is not None and swallowable:
                    return final_code  # Python: return/break in finally drops the error
                raise
            final_code = final(env)
            return code if final_code is None else final_code
        return run_finally

    # ---------------------------------------------------------------- targets

    def target(self, node, scope):
        """A function `store(env, value)` assigning to the target expression."""
        if isinstance(node, syntax.Name):
            return self._store_name(node.id, scope)
        if isinstance(node, syntax.Attribute):
            obj = self.expr(node.value, scope)
            policy = self.rt.policy
            name, span = node.attr, node.span

            def store_attr(env, value):
                self._guarded(policy.set, obj(env), name, value, span)
            return store_attr
        if isinstance(node, syntax.Subscript):
            obj = self.expr(node.value, scope)
            index = self.expr(node.index, scope)
            span = node.span

            check_length = self.rt.state.check_length

            def store_item(env, value):
                owner = obj(env)
                key = index(env)
                try:
                    owner[key] = value
                except Exception as exc:
                    raise self._wrap(exc, span) from None
                if type(key) is slice and type(owner) is list:
                    check_length(len(owner), "list", span)  # l[0:0] = l doubles l
            return store_item
        stores = [self.target(t, scope) for t in node.elts]
        count = len(stores)
        span = node.span

        def store_unpack(env, value):
            try:
                iterator = iter(value)
                items = []
                for item in iterator:
                    items.append(item)
                    if len(items) > count:
                        break
            except Exception as exc:
                raise self._wrap(exc, span) from None
            if len(items) != count:
                if len(items) > count:
                    message = f"too many values to unpack (expected {count})"
                else:
                    message = f"not enough values to unpack (expected {count}, got {len(items)})"
                raise self._error("value", f"ValueError: {message}", span)
            for store, item in zip(stores, items):
                store(env, item)
        return store_unpack

    # ----------------------------------------------------------------- names

    def _store_name(self, name, scope):
        if scope.kind == "module" or name in scope.global_names:
            globals_ = self.rt.globals

            def store_global(env, value):
                globals_[name] = value
            return store_global
        if name in scope.nonlocal_names:
            depth = _nonlocal_depth(name, scope)

            def store_outer(env, value):
                for _ in range(depth):
                    env = env.parent
                env.vars[name] = value
            return store_outer

        def store_local(env, value):
            env.vars[name] = value
        return store_local

    def _load_name(self, name, span, scope):
        if scope.kind == "class":
            outer = self._load_name(name, span, scope.parent)

            def load_class(env):
                value = env.vars.get(name, _MISSING)
                if value is _MISSING:
                    return outer(env.parent)
                return value
            return load_class
        depth = 0
        current = scope
        while current.kind != "module":
            if name in current.global_names:
                break
            if name in current.names:
                return self._load_at(name, span, depth, current is scope)
            current = current.parent
            while current.kind == "class":
                current = current.parent
            depth += 1
        return self._load_global(name, span, scope)

    def _load_at(self, name, span, depth, local):
        def unbound():
            if local:
                return self._error("name", f"UnboundLocalError: cannot access local variable "
                                   f"{name!r} where it is not associated with a value", span)
            return self._error("name", f"NameError: cannot access free variable {name!r} "
                               "where it is not associated with a value", span)
        if depth == 0:
            def load_local(env):
                value = env.vars.get(name, _MISSING)
                if value is _MISSING:
                    raise unbound()
                return value
            return load_local

        def load_outer(env):
            for _ in range(depth):
                env = env.parent
            value = env.vars.get(name, _MISSING)
            if value is _MISSING:
                raise unbound()
            return value
        return load_outer

    def _load_global(self, name, span, scope):
        globals_ = self.rt.globals
        builtins_ = self.rt.builtins

        def load_global(env):
            value = globals_.get(name, _MISSING)
            if value is _MISSING:
                value = builtins_.get(name, _MISSING)
                if value is _MISSING:
                    raise self._name_error(name, span, scope)
            return value
        return load_global

    def _name_error(self, name, span, scope):
        candidates = set(self.rt.globals) | set(self.rt.builtins)
        current = scope
        while current is not None:
            candidates |= current.names
            current = current.parent
        message = f"name {name!r} is not defined"
        suggestion = closest(name, candidates)
        if suggestion:
            message += f"; did you mean {suggestion!r}?"
        return self._error("name", message, span)

    # ------------------------------------------------------------ expressions

    def expr(self, node, scope):
        method = getattr(self, "expr_" + type(node).__name__)
        return method(node, scope)

    def expr_Name(self, node, scope):
        return self._load_name(node.id, node.span, scope)

    def expr_Constant(self, node, scope):
        value = node.value
        return lambda env: value

    def expr_TupleExpr(self, node, scope):
        items = [self.expr(e, scope) for e in node.elts]
        return lambda env: tuple([item(env) for item in items])

    def expr_ListExpr(self, node, scope):
        items = [self.expr(e, scope) for e in node.elts]
        return lambda env: [item(env) for item in items]

    def expr_DictExpr(self, node, scope):
        pairs = [(self.expr(k, scope), self.expr(v, scope), k.span)
                 for k, v in zip(node.keys, node.values)]

        def run(env):
            result = {}
            for key, value, span in pairs:
                k = key(env)
                try:
                    result[k] = value(env)
                except GradcliError:
                    raise
                except Exception as exc:
                    raise self._wrap(exc, span) from None
            return result
        return run

    def expr_Slice(self, node, scope):
        parts = [self.expr(p, scope) if p is not None else None
                 for p in (node.lower, node.upper, node.step)]
        lower, upper, step = parts

        def run(env):
            return slice(lower(env) if lower else None, upper(env) if upper else None,
                         step(env) if step else None)
        return run

    def expr_BinOp(self, node, scope):
        left = self.expr(node.left, scope)
        right = self.expr(node.right, scope)
        apply = self._binary(node.op, node.span)
        return lambda env: apply(left(env), right(env))

    def _binary(self, op, span, inplace=False):
        fn = (_INPLACE if inplace else _BINARY)[op]
        state = self.rt.state
        tensor = self.rt.tensor_type or ()
        wrap = self._wrap
        max_elements = state.limits.max_elements

        def apply(a, b):
            ta = type(a)
            if ta is int or ta is float:
                if op == "**":
                    state.check_power(a, b, span)
                elif op == "*" and type(b) in _SEQUENCES and ta is int:
                    state.check_length(len(b) * a, type(b).__name__, span)
            elif ta in _SEQUENCES:
                if op == "*" and type(b) is int:
                    state.check_length(len(a) * b, ta.__name__, span)
                elif op == "%" and ta is str:
                    return self._percent(a, b, span)
            elif tensor and isinstance(a, tensor) and isinstance(b, tensor):
                if a.numel() * b.numel() > max_elements:
                    state.check_elements(_result_elements(op, tuple(a.shape), tuple(b.shape)),
                                         span)
            try:
                result = fn(a, b)
            except Exception as exc:
                raise wrap(exc, span) from None
            tr = type(result)
            if tr is int:
                if result.bit_length() > 64:
                    state.check_int(result, span)
            elif op == "+" and tr in _SEQUENCES:
                state.check_length(len(result), tr.__name__, span)
            return result
        return apply

    def _percent(self, template, args, span):
        if "*" in template:
            raise self._error("value", "'*' widths are not supported in % formatting", span)
        check_format_spec(template, span)
        state = self.rt.state
        state.check_length(percent_size_estimate(template, args), "string", span)
        try:
            text = template % args
        except Exception as exc:
            raise self._wrap(exc, span) from None
        state.check_length(len(text), "string", span)
        return text

    def expr_UnaryOp(self, node, scope):
        operand = self.expr(node.operand, scope)
        fn = _UNARY[node.op]
        span = node.span

        def run(env):
            value = operand(env)
            try:
                return fn(value)
            except Exception as exc:
                raise self._wrap(exc, span) from None
        return run

    def expr_BoolOp(self, node, scope):
        left = self.expr(node.left, scope)
        right = self.expr(node.right, scope)
        span = node.left.span
        if node.op == "and":
            def run_and(env):
                value = left(env)
                return right(env) if self._truth(value, span) else value
            return run_and

        def run_or(env):
            value = left(env)
            return value if self._truth(value, span) else right(env)
        return run_or

    def expr_Compare(self, node, scope):
        left = self.expr(node.left, scope)
        rights = [self.expr(c, scope) for c in node.comparators]
        fns = [_COMPARE[op] for op in node.ops]
        span = node.span
        if len(fns) == 1:
            fn, right = fns[0], rights[0]

            def run1(env):
                a = left(env)
                b = right(env)
                try:
                    return fn(a, b)
                except Exception as exc:
                    raise self._wrap(exc, span) from None
            return run1
        pairs = list(zip(fns, rights))

        def run(env):
            a = left(env)
            result = True
            for fn, right in pairs:
                b = right(env)
                try:
                    result = fn(a, b)
                    if not result:
                        return result
                except Exception as exc:
                    raise self._wrap(exc, span) from None
                a = b
            return result
        return run

    def expr_IfExp(self, node, scope):
        test = self.expr(node.test, scope)
        body = self.expr(node.body, scope)
        orelse = self.expr(node.orelse, scope)
        span = node.test.span
        return lambda env: body(env) if self._truth(test(env), span) else orelse(env)

    def expr_Attribute(self, node, scope):
        obj = self.expr(node.value, scope)
        get = self.rt.policy.get
        name, span = node.attr, node.span

        tensor = self.rt.tensor_type

        def run(env):
            value = obj(env)
            if name == "format" and type(value) is str:
                return _str_format(value, span, tensor, self.rt.state.check_length)
            try:
                return get(value, name, span)
            except GradcliError:
                raise
            except Exception as exc:
                raise self._wrap(exc, span) from None
        return run

    def expr_Subscript(self, node, scope):
        obj = self.expr(node.value, scope)
        index = self.expr(node.index, scope)
        span = node.span

        def run(env):
            value = obj(env)
            key = index(env)
            try:
                return value[key]
            except GradcliError:
                raise
            except Exception as exc:
                raise self._wrap(exc, span) from None
        return run

    def expr_FString(self, node, scope):
        parts = []
        for part in node.parts:
            if isinstance(part, str):
                parts.append(part)
            else:
                parts.append(self._formatted(part, scope))
        if len(parts) == 1 and not isinstance(parts[0], str):
            return parts[0]
        check_length = self.rt.state.check_length
        span = node.span

        def run(env):
            text = "".join([p if isinstance(p, str) else p(env) for p in parts])
            check_length(len(text), "string", span)
            return text
        return run

    def _formatted(self, node, scope):
        value = self.expr(node.value, scope)
        spec = self.expr_FString(node.spec, scope) if node.spec is not None else None
        convert = {"r": repr, "s": str, "a": ascii, None: None}[node.conversion]
        tensor = self.rt.tensor_type
        span = node.span
        state = self.rt.state

        def run(env):
            result = value(env)
            try:
                if convert is not None:
                    result = convert(result)
                if spec is None:
                    return result if type(result) is str else _checked_text(
                        format(result, ""), state, span)
                text = spec(env)
                check_format_spec(text, span)
                if not text:
                    return _checked_text(format(result, ""), state, span)
                if not (isinstance(result, (int, float, complex, str))
                        or (tensor is not None and isinstance(result, tensor))):
                    raise TypeError(f"unsupported format string passed to "
                                    f"{type(result).__name__}.__format__")
                return _checked_text(format(result, text), state, span)
            except GradcliError:
                raise
            except Exception as exc:
                raise self._wrap(exc, span) from None
        return run

    def expr_ListComp(self, node, scope):
        names = set()
        for generator in node.generators:
            names |= _target_names(generator.target)
        parent = scope
        while parent.kind == "class":
            parent = parent.parent
        inner = _StaticScope("comprehension", names, parent, scope.function)
        first_iter = self.expr(node.generators[0].iter, scope)
        state = self.rt.state
        span = node.span
        element = self.expr(node.elt, inner)
        from_class = scope.kind == "class"
        monotonic = time.monotonic

        def emit(env, out):
            out.append(element(env))
            if len(out) > 4096 and len(out) & 4095 == 0:
                state.check_length(len(out), "list", span)

        step = emit
        for index in range(len(node.generators) - 1, -1, -1):
            generator = node.generators[index]
            step = self._comprehension_loop(
                generator, inner, step, None if index else first_iter, state, monotonic)

        def run(env):
            outer = env.parent if from_class else env
            out: list = []
            step(Scope({}, outer), out, env)
            return out
        return run

    def _comprehension_loop(self, generator, scope, inner, first_iter, state, monotonic):
        iterable = first_iter or self.expr(generator.iter, scope)
        store = self.target(generator.target, scope)
        conditions = [self.expr(c, scope) for c in generator.ifs]
        span = generator.iter.span
        outer_span = generator.span
        is_first = first_iter is not None

        def loop(env, out, defining_env=None):
            source = iterable(defining_env) if is_first else iterable(env)
            try:
                iterator = iter(source)
            except Exception as exc:
                raise self._wrap(exc, span) from None
            while True:
                try:
                    item = next(iterator, _MISSING)
                except GradcliError:
                    raise
                except Exception as exc:
                    raise self._wrap(exc, span) from None
                if item is _MISSING:
                    return
                if monotonic() > state.deadline:
                    state.check_time(outer_span)
                store(env, item)
                if all(self._truth(c(env), outer_span) for c in conditions):
                    inner(env, out)
        return loop

    def expr_Lambda(self, node, scope):
        body = self.expr(node.body, _StaticScope(
            "function", _param_names(node.params), _function_parent(scope), "<lambda>"))

        def run_body(env):
            env.retval = body(env)
            return RETURN
        return self._make_function("<lambda>", node.params, run_body, scope, node.span)

    def _function(self, name, params, statements, scope, span):
        declared_global, declared_nonlocal = set(), set()
        _declarations(statements, declared_global, declared_nonlocal)
        parameters = _param_names(params)
        for declared, word in ((declared_global, "global"), (declared_nonlocal, "nonlocal")):
            clash = sorted(declared & parameters)
            if clash:
                raise self._error("syntax", f"name {clash[0]!r} is parameter and {word}", span)
        both = sorted(declared_global & declared_nonlocal)
        if both:
            raise self._error("syntax", f"name {both[0]!r} is nonlocal and global", span)
        names = (parameters | _bound_names(statements)) - declared_global - declared_nonlocal
        inner = _StaticScope("function", names, _function_parent(scope), name,
                             frozenset(declared_global), frozenset(declared_nonlocal))
        for nonlocal_name in sorted(declared_nonlocal):
            if _nonlocal_depth(nonlocal_name, inner) is None:
                raise self._error("syntax", f"no binding for nonlocal {nonlocal_name!r} found",
                                  span)
        saved, self._loop_depth = self._loop_depth, 0
        saved_handlers, self._handler_depth = self._handler_depth, 0
        body = self.block(statements, inner) if statements else (lambda env: None)
        self._loop_depth = saved
        self._handler_depth = saved_handlers
        return self._make_function(name, params, body, scope, span)

    def _make_function(self, name, params, body, scope, span):
        """A function `make(env) -> ScriptFunction` closing over `env`."""
        defaults = [(p.name, self.expr(p.default, scope)) for p in params.args
                    if p.default is not None]
        kw_defaults = [(p.name, self.expr(p.default, scope)) for p in params.kwonly
                       if p.default is not None]
        binder = _Binder(name, params, self.filename)
        state = self.rt.state
        in_class = scope.kind == "class"
        max_depth = state.limits.max_recursion
        monotonic = time.monotonic

        def make(env):
            closure = env.parent if in_class else env
            bound_defaults = {n: d(env) for n, d in defaults}
            bound_kw = {n: d(env) for n, d in kw_defaults}
            bind = binder.bind

            def invoke(args, kwargs, call_span):
                variables = bind(args, kwargs, bound_defaults, bound_kw, call_span)
                if state.depth >= max_depth:
                    raise GradcliError(
                        "limit", f"maximum recursion depth of {max_depth} script calls "
                        f"exceeded (in {name})", call_span, filename=self.filename)
                if monotonic() > state.deadline:
                    state.check_time(call_span)
                state.depth += 1
                frame = Scope(variables, closure)
                where = state.where
                try:
                    if body(frame) is RETURN:
                        return frame.retval
                    return None
                except GradcliError as err:
                    if not err.frames:
                        err.frames = [Frame(name, err.span)]
                    raise
                except RecursionError as exc:
                    raise wrap_exception(exc, span, self.filename) from None
                finally:
                    state.depth -= 1
                    state.where = where
            return ScriptFunction(name, invoke)
        return make

    def expr_Call(self, node, scope):
        func = self.expr(node.func, scope)
        span = node.span
        where = scope.function
        simple = not any(isinstance(a, syntax.Starred) for a in node.args) and not node.keywords
        if simple:
            args = [self.expr(a, scope) for a in node.args]
            if len(args) == 0:
                return lambda env: self._call(func(env), (), None, span, where)
            if len(args) == 1:
                (a0,) = args
                return lambda env: self._call(func(env), (a0(env),), None, span, where)
            if len(args) == 2:
                a0, a1 = args
                return lambda env: self._call(func(env), (a0(env), a1(env)), None, span, where)
            return lambda env: self._call(func(env), tuple([a(env) for a in args]), None,
                                          span, where)
        parts = [(isinstance(a, syntax.Starred), self.expr(a.value if isinstance(a, syntax.Starred)
                                                        else a, scope), a.span)
                 for a in node.args]
        keywords = [(k.name, self.expr(k.value, scope), k.span) for k in node.keywords]

        def run(env):
            fn = func(env)
            args = []
            for starred, value, part_span in parts:
                if starred:
                    try:
                        args.extend(value(env))
                    except GradcliError:
                        raise
                    except Exception as exc:
                        raise self._wrap(exc, part_span) from None
                else:
                    args.append(value(env))
            kwargs = {}
            for name, value, part_span in keywords:
                if name is None:
                    mapping = value(env)
                    if not isinstance(mapping, dict) or not all(isinstance(k, str) for k in mapping):
                        raise self._error("type", "TypeError: argument after ** must be a "
                                          "dict with string keys", part_span)
                    kwargs.update(mapping)
                else:
                    kwargs[name] = value(env)
            return self._call(fn, tuple(args), kwargs, span, where)
        return run

    def _call(self, fn, args, kwargs, span, where):
        if type(fn) is ScriptFunction:
            try:
                return fn._invoke(args, kwargs, span)
            except GradcliError as err:
                if err.frames:
                    err.frames.insert(0, Frame(where, span))
                raise
        if isinstance(fn, Namespace):
            raise self._error("type", f"TypeError: module {fn.name!r} is not callable", span)
        try:
            if fn is list or fn is tuple or fn is str:
                return self._build_sequence(fn, args, kwargs, span)
            if kwargs:
                return fn(*args, **kwargs)
            return fn(*args)
        except GradcliError as err:
            if err.frames:
                err.frames.insert(0, Frame(where, span))
            if err.span is None:
                err.span = span
            raise
        except Exception as exc:
            raise self._wrap(exc, span) from None


    def _build_sequence(self, kind, args, kwargs, span):
        """`list(...)`/`tuple(...)`/`str(x)` within the sequence-length limit."""
        if kind is str:
            if len(args) > 1 or kwargs:
                raise TypeError("str() takes exactly one argument in gradcli scripts")
            return str(*args)
        check = self.rt.state.check_length
        if args and hasattr(args[0], "__len__"):
            check(len(args[0]), kind.__name__, span)
        result = kind(*args, **(kwargs or {}))
        check(len(result), kind.__name__, span)
        return result


class _Binder:
    """Binds call arguments to a script function's parameters, Python's way."""

    def __init__(self, name, params, filename):
        self.name = name
        self.positional = [p.name for p in params.args]
        self.kwonly = [p.name for p in params.kwonly]
        self.vararg = params.vararg
        self.kwarg = params.kwarg
        self.filename = filename
        self.simple = not params.kwonly and not params.vararg and not params.kwarg

    def _fail(self, message, span):
        return GradcliError("type", f"TypeError: {self.name}() {message}", span,
                            filename=self.filename)

    def bind(self, args, kwargs, defaults, kw_defaults, span):
        names = self.positional
        if self.simple and not kwargs and len(args) == len(names):
            return dict(zip(names, args))
        variables = {}
        if len(args) > len(names):
            if self.vararg is None:
                raise self._fail(f"takes {len(names)} positional argument"
                                 f"{'' if len(names) == 1 else 's'} but {len(args)} were given",
                                 span)
            variables[self.vararg] = tuple(args[len(names):])
        elif self.vararg is not None:
            variables[self.vararg] = ()
        variables.update(zip(names, args))
        extra = {}
        for key, value in (kwargs or {}).items():
            if key in variables and key != self.vararg:
                raise self._fail(f"got multiple values for argument {key!r}", span)
            if key in names or key in self.kwonly:
                variables[key] = value
            elif self.kwarg is not None:
                extra[key] = value
            else:
                raise self._fail(f"got an unexpected keyword argument {key!r}", span)
        if self.kwarg is not None:
            variables[self.kwarg] = extra
        missing = [n for n in names if n not in variables and n not in defaults]
        if missing:
            listed = " and ".join(repr(m) for m in missing)
            raise self._fail(f"missing {len(missing)} required positional argument"
                             f"{'' if len(missing) == 1 else 's'}: {listed}", span)
        for n in names:
            if n not in variables:
                variables[n] = defaults[n]
        for n in self.kwonly:
            if n not in variables:
                if n not in kw_defaults:
                    raise self._fail(f"missing required keyword-only argument: {n!r}", span)
                variables[n] = kw_defaults[n]
        return variables


def _checked_text(text: str, state, span) -> str:
    """A formatted value within the string-length limit (str() of a huge list...)."""
    state.check_length(len(text), "string", span)
    return text


def _exception_classes(value) -> bool:
    items = value if isinstance(value, tuple) else (value,)
    return all(isinstance(c, type) and issubclass(c, BaseException) for c in items)


def _nonlocal_depth(name, scope):
    """How many frames up the enclosing function that binds `name` is (None: none does)."""
    depth = 0
    current = scope
    while True:
        current = current.parent
        while current is not None and current.kind == "class":
            current = current.parent
        depth += 1
        if current is None or current.kind != "function":
            return None
        if name in current.names:
            return depth
        if name in current.global_names:
            return None


def _declarations(statements, global_names: set, nonlocal_names: set) -> None:
    """`global`/`nonlocal` names declared in a function body (not in nested functions)."""
    for node in statements:
        if isinstance(node, syntax.Global):
            global_names.update(node.names)
        elif isinstance(node, syntax.Nonlocal):
            nonlocal_names.update(node.names)
        elif isinstance(node, (syntax.If, syntax.For, syntax.While, syntax.With)):
            _declarations(node.body, global_names, nonlocal_names)
            if isinstance(node, syntax.If):
                _declarations(node.orelse, global_names, nonlocal_names)
        elif isinstance(node, syntax.Try):
            for block in (node.body, node.orelse, node.finalbody):
                _declarations(block, global_names, nonlocal_names)
            for handler in node.handlers:
                _declarations(handler.body, global_names, nonlocal_names)


def _function_parent(scope):
    while scope.kind == "class":
        scope = scope.parent
    return scope


def _param_names(params) -> set:
    names = {p.name for p in params.args} | {p.name for p in params.kwonly}
    if params.vararg:
        names.add(params.vararg)
    if params.kwarg:
        names.add(params.kwarg)
    return names


def _target_names(node) -> set:
    if isinstance(node, syntax.Name):
        return {node.id}
    if isinstance(node, (syntax.TupleExpr, syntax.ListExpr)):
        names = set()
        for element in node.elts:
            names |= _target_names(element)
        return names
    return set()


def _bound_names(statements) -> set:
    """Names a block binds (not counting nested functions, classes, comprehensions)."""
    names: set = set()
    for node in statements:
        if isinstance(node, syntax.Assign):
            for target in node.targets:
                names |= _target_names(target)
        elif isinstance(node, syntax.AugAssign):
            names |= _target_names(node.target)
        elif isinstance(node, syntax.For):
            names |= _target_names(node.target)
            names |= _bound_names(node.body)
        elif isinstance(node, (syntax.While,)):
            names |= _bound_names(node.body)
        elif isinstance(node, syntax.Delete):
            for target in node.targets:
                names |= _target_names(target)
        elif isinstance(node, syntax.Try):
            names |= _bound_names(node.body) | _bound_names(node.orelse)
            names |= _bound_names(node.finalbody)
            for handler in node.handlers:
                if handler.name:
                    names.add(handler.name)
                names |= _bound_names(handler.body)
        elif isinstance(node, syntax.If):
            names |= _bound_names(node.body) | _bound_names(node.orelse)
        elif isinstance(node, syntax.With):
            for item in node.items:
                if item.target is not None:
                    names |= _target_names(item.target)
            names |= _bound_names(node.body)
        elif isinstance(node, (syntax.FunctionDef, syntax.ClassDef)):
            names.add(node.name)
        elif isinstance(node, syntax.Import):
            names |= {a.asname or a.name.split(".")[0] for a in node.names}
        elif isinstance(node, syntax.ImportFrom):
            names |= {a.asname or a.name for a in node.names}
    return names


def _result_elements(op: str, a: tuple, b: tuple) -> int:
    """Elements of `a op b` for broadcasting ops and matmul (0 if they don't fit)."""
    def broadcast(x, y):
        out = []
        for i in range(1, max(len(x), len(y)) + 1):
            p = x[-i] if i <= len(x) else 1
            q = y[-i] if i <= len(y) else 1
            if p != q and 1 not in (p, q):
                return None
            out.append(max(p, q))
        return out
    if op == "@":
        if len(a) < 2 or len(b) < 2:
            return 0
        batch = broadcast(a[:-2], b[:-2])
        if batch is None:
            return 0
        shape = batch + [a[-2], b[-1]]
    else:
        shape = broadcast(a, b)
        if shape is None:
            return 0
    n = 1
    for s in shape:
        n *= s
    return n


def _str_format(template: str, span, tensor_type, check_length=None):
    """`"...".format(...)` without Python's attribute and item lookups in fields
    (`{0.__class__}` would reach Python): fields are positions or names only,
    with the same format-spec checks as f-strings."""
    import string

    def format_(*args, **kwargs):
        out = []
        automatic = 0
        total = 0
        pieces = list(string.Formatter().parse(template))   # ValueError on a malformed template
        for literal, field, spec, conversion in pieces:
            out.append(literal)
            if field is None:
                continue
            if field == "":
                key = automatic
                automatic += 1
            elif field.isdigit():
                key = int(field)
            elif field.isidentifier():
                key = field
            else:
                raise ValueError(f"format field {{{field}}} is not supported in gradcli "
                                   "scripts: use a position or a keyword name ({0}, {loss})")
            if isinstance(key, int):
                if key >= len(args):
                    raise IndexError(f"Replacement index {key} out of range for positional "
                                       "args tuple")
                value = args[key]
            else:
                if key not in kwargs:
                    raise KeyError(key)
                value = kwargs[key]
            if conversion:
                value = {"r": repr, "s": str, "a": ascii}[conversion](value)
            spec = spec or ""
            if "{" in spec:
                raise ValueError("nested fields in a format spec are not supported in "
                                   "gradcli scripts")
            check_format_spec(spec, span)
            if spec and not (isinstance(value, (int, float, complex, str))
                             or (tensor_type is not None and isinstance(value, tensor_type))):
                raise TypeError(f"unsupported format string passed to "
                                   f"{type(value).__name__}.__format__")
            out.append(format(value, spec))
            if check_length is not None:
                total += len(literal) + len(out[-1])
                check_length(total, "string", span)
        return "".join(out)
    return format_
