"""Calls and script functions: `def`, `lambda`, argument binding with Python's rules, and the
opaque function objects scripts hand to the engine (hooks, Function.forward)."""

from __future__ import annotations

import time
from types import FunctionType, MethodType

from . import syntax_tree as syntax
from .compile_errors import argument_named, builtin_named, keyword_hint, wrap_exception
from .compile_generators import has_yield
from .errors import Frame, GradcliError
from .namespace import Namespace
from .sandbox import ScriptSuper
from .scopes import (
    RETURN, Scope, StaticScope, bound_names, declarations, function_parent, nonlocal_depth, param_names,
    walrus_targets,
)


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
        return f"<function {self._name} at {id(self):#x}>"

    def __get__(self, obj, owner=None):
        """A method of a script class binds its instance, as a Python function does."""
        return self if obj is None else BoundScriptMethod(self, obj)


# type(f) prints <class 'function'> as Python's (the class keeps its own __qualname__: the policy's
# allow_later names it by that)
ScriptFunction.__name__ = "function"


class BoundScriptMethod:
    """``instance.method`` of a script class: calling it passes the instance first. Opaque to
    scripts like the function itself."""

    __slots__ = ("_function", "_self")
    script_name = "method"

    def __init__(self, function: ScriptFunction, obj):
        self._function = function
        self._self = obj

    def __call__(self, *args, **kwargs):
        return self._function._invoke((self._self,) + args, kwargs, None)

    def __repr__(self) -> str:
        return f"<bound method {type(self._self).__name__}.{self._function._name} of {self._self!r}>"


BoundScriptMethod.__name__ = "method"      # type(obj.f): <class 'method'>, as Python's

class CallsMixin:
    """Compiling calls, `def` and `lambda` (part of :class:`Compiler`)."""

    def expr_Lambda(self, node, scope):
        body = self.expr(node.body, StaticScope(     # a lambda's locals: its parameters and its walruses
            "function", param_names(node.params) | walrus_targets(node.body), function_parent(scope), "<lambda>"))

        def run_body(env):
            env.retval = body(env)
            return RETURN
        return self._make_function("<lambda>", node.params, run_body, scope, node.span)

    def _function(self, name, params, statements, scope, span):
        declared_global, declared_nonlocal = set(), set()
        declarations(statements, declared_global, declared_nonlocal)
        parameters = param_names(params)
        for declared, word in ((declared_global, "global"), (declared_nonlocal, "nonlocal")):
            clash = sorted(declared & parameters)
            if clash:
                raise self._error("syntax", f"name {clash[0]!r} is parameter and {word}", span)
        both = sorted(declared_global & declared_nonlocal)
        if both:
            raise self._error("syntax", f"name {both[0]!r} is nonlocal and global", span)
        names = (parameters | bound_names(statements)) - declared_global - declared_nonlocal
        inner = StaticScope("function", names, function_parent(scope), name,
                             frozenset(declared_global), frozenset(declared_nonlocal))
        if scope.kind == "class" and params.args:
            inner.method_of, inner.first_param = scope, params.args[0].name
        for nonlocal_name in sorted(declared_nonlocal):
            if nonlocal_depth(nonlocal_name, inner) is None:
                raise self._error("syntax", f"no binding for nonlocal {nonlocal_name!r} found",
                                  span)
        saved, self._loop_depth = self._loop_depth, 0
        saved_handlers, self._handler_depth = self._handler_depth, 0
        if has_yield(statements):
            body = self.generator_body(statements, inner, name)
        else:
            body = self.block(statements, inner) if statements else (lambda env: None)
        self._loop_depth = saved
        self._handler_depth = saved_handlers
        first = (self._location, statements[0].span) if statements else None
        return self._make_function(name, params, body, scope, span, first)

    def _make_function(self, name, params, body, scope, span, first=None):
        """A function `make(env) -> ScriptFunction` closing over `env`; ``first`` is the location of its
        first statement (where Ctrl-C is said to stop it when none of its statements recorded a line)."""
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
                if state.depth >= max_depth:    # Python's error, which a script may catch
                    raise GradcliError("runtime", "RecursionError: maximum recursion depth exceeded",
                                       call_span, filename=self.filename)
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
                except KeyboardInterrupt:      # (a loop of `pass` records no line: not the caller's line then)
                    raise self._interrupted(first if state.where is where and first else state.where, name) from None
                finally:
                    state.depth -= 1
                    state.where = where
            return ScriptFunction(name, invoke)
        return make

    def expr_Call(self, node, scope):
        if isinstance(node.func, syntax.Name) and node.func.id == "super" and not node.keywords \
                and len(node.args) in (0, 2) and not any(isinstance(a, syntax.Starred) for a in node.args):
            if node.args:
                return self._super_of(self.expr(node.args[0], scope), self.expr(node.args[1], scope), node.span)
            return self._super(scope, node.span)
        span = node.span
        where = scope.function
        simple = not any(isinstance(a, syntax.Starred) for a in node.args) and not node.keywords
        if simple and type(node.func) is syntax.Attribute and node.func.attr != "format":
            return self._attribute(node.func, scope, (node.args, span, where))
        func = self.expr(node.func, scope)
        if simple:
            return self._positional_call(func, node.args, scope, span, where)
        parts = [(isinstance(a, syntax.Starred), self.expr(a.value if isinstance(a, syntax.Starred)
                                                        else a, scope), a.span)
                 for a in node.args]
        keywords = [(k.name, self.expr(k.value, scope), k.span) for k in node.keywords]
        call = self._call_with_out if any(k.name in ("out", None) for k in node.keywords) else self._call

        def run(env):
            fn = func(env)
            args = []
            for starred, value, part_span in parts:
                if starred:
                    with self._at(part_span):
                        args.extend(value(env))
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
            return call(fn, tuple(args), kwargs, span, where)
        return run

    def _positional_call(self, func, nodes, scope, span, where):
        """``f(a, b)``. Python functions and bound methods (the engine's functions, a tensor's
        methods) are called straight from here: ``_call`` would call them the same way, as it
        treats apart only script functions, modules and a few builtins, none of these two types.
        An argument that is a global name is read from the globals here."""
        call, failed = self._call, self._call_failed
        args = [self.expr(a, scope) for a in nodes]
        names = [self._global_name(a, scope) for a in nodes]
        globals_ = self.rt.globals
        if len(args) == 0:
            def run0(env):
                fn = func(env)
                if type(fn) is MethodType or type(fn) is FunctionType:
                    try:
                        return fn()
                    except Exception as exc:
                        raise failed(exc, span, where, fn) from None
                return call(fn, (), None, span, where)
            return run0
        if len(args) == 1:
            (a0,), (n0,) = args, names

            def run1(env):
                fn = func(env)
                arg = globals_[n0] if n0 in globals_ else a0(env)
                if type(fn) is MethodType or type(fn) is FunctionType:
                    try:
                        return fn(arg)
                    except Exception as exc:
                        raise failed(exc, span, where, fn) from None
                return call(fn, (arg,), None, span, where)
            return run1
        if len(args) == 2:
            (a0, a1), (n0, n1) = args, names

            def run2(env):
                fn = func(env)
                arg0 = globals_[n0] if n0 in globals_ else a0(env)
                arg1 = globals_[n1] if n1 in globals_ else a1(env)
                if type(fn) is MethodType or type(fn) is FunctionType:
                    try:
                        return fn(arg0, arg1)
                    except Exception as exc:
                        raise failed(exc, span, where, fn) from None
                return call(fn, (arg0, arg1), None, span, where)
            return run2

        def run(env):
            fn = func(env)
            values = tuple([a(env) for a in args])
            if type(fn) is MethodType or type(fn) is FunctionType:
                try:
                    return fn(*values)
                except Exception as exc:
                    raise failed(exc, span, where, fn) from None
            return call(fn, values, None, span, where)
        return run

    def _interrupted(self, where, function: str) -> GradcliError:
        """Ctrl-C inside a script function: an error at the statement it stopped, with the script's
        calls above it (as Python's traceback of a KeyboardInterrupt shows them); nothing catches it."""
        span = where[1] if where is not None and where[0][0] == self.filename else None
        err = GradcliError("interrupted", "KeyboardInterrupt", span, filename=self.filename)
        if span is not None:
            err.frames = [Frame(function, span)]
        return err

    def _call_failed(self, exc, span, where, fn=None):
        """What ``_call`` makes of an exception its call raised (the exception to raise)."""
        if fn is not None:
            exc = argument_named(builtin_named(exc, fn, self.rt.builtins), fn)
        if isinstance(exc, GradcliError):
            if exc.frames:
                exc.frames.insert(0, Frame(where, span))
            if exc.span is None:
                exc.span = span
            return exc
        if isinstance(exc, BrokenPipeError):
            return exc      # a closed stdout is no script error: the CLI ends quietly
        return self._wrap(exc, span)

    def _super(self, scope, span):
        """``super()`` inside a method of a script class: the class comes from the class statement,
        the instance from the method's first parameter (Python's zero-argument form)."""
        current = scope
        while current is not None and current.method_of is None:
            current = current.parent
        if current is None:
            raise self._error("runtime", "RuntimeError: super(): no arguments (use super() inside a method "
                              "of a class)", span)
        cell = current.method_of.class_cell
        instance = self._load_name(current.first_param, span, scope)

        def run(env):
            return ScriptSuper(cell[0], instance(env))
        return run

    def _super_of(self, cls, obj, span):
        """``super(Class, self)``, the two-argument form older code (and seed 002) writes."""
        def run(env):
            klass, instance = cls(env), obj(env)
            if not isinstance(klass, type) or klass.__module__ != "__main__" or not isinstance(instance, klass):
                raise self._error("type", "TypeError: super(type, obj): type must be a class of this script and "
                                  "obj an instance of it", span)
            return ScriptSuper(klass, instance)
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
            if fn is repr or fn is int or fn is round:
                return self._bounded(fn, args, kwargs, span)
            if kwargs:
                return fn(*args, **kwargs)
            return fn(*args)
        except Exception as exc:
            raise self._call_failed(keyword_hint(exc, fn) if kwargs else exc, span, where, fn) from None


    def _call_with_out(self, fn, args, kwargs, span, where):
        """A call with ``out=``: one of torch's functions computes, then writes into ``out``
        (engine/functions/out_argument.py); any other callable takes ``out`` as a keyword."""
        from ..engine.functions.out_argument import call_with_out, out_name
        name = out_name(fn)
        if name is None or "out" not in kwargs:
            return self._call(fn, args, kwargs, span, where)
        out = kwargs.pop("out")
        if out is None:     # torch's default: no out
            return self._call(fn, args, kwargs, span, where)
        try:
            return call_with_out(fn, name, args, kwargs, out)
        except Exception as exc:
            raise self._call_failed(exc, span, where, fn) from None

    def _build_sequence(self, kind, args, kwargs, span):
        """`list(...)`/`tuple(...)`/`str(x)` within the sequence-length limit."""
        if kind is str:
            if len(args) > 1 or kwargs:
                raise TypeError("str() takes exactly one argument in gradcli scripts")
            self.rt.state.check_text(args, "str()", span)
            text = str(*args)
            self.rt.state.check_length(len(text), "string", span)   # a script class's __repr__ can be long
            return text
        check = self.rt.state.check_length
        if args and hasattr(args[0], "__len__"):
            try:
                size = len(args[0])
            except TypeError:       # a __len__ that refuses (a DataLoader over a stream): Python iterates
                size = 0
            check(size, kind.__name__, span)
        result = kind(*args, **(kwargs or {}))
        check(len(result), kind.__name__, span)
        return result

    def _bounded(self, fn, args, kwargs, span):
        """repr, int and round within the text and integer limits, checked before the work."""
        state = self.rt.state
        if fn is repr:
            state.check_text(args, "repr()", span)
            text = repr(*args, **(kwargs or {}))
            state.check_length(len(text), "string", span)
            return text
        if fn is round:
            return _round(*args, **(kwargs or {}))
        value = int(*args, **(kwargs or {}))    # linear in the text for every base; huge results refused
        return state.check_int(value, span) if type(value) is int and value.bit_length() > 64 else value


def _round(number, ndigits=None):
    """Python's round, without the 10**-ndigits that ``round(5, -10**8)`` would compute in C."""
    if ndigits is not None and type(number) is int and type(ndigits) is int:
        if ndigits >= 0:
            return number
        if -ndigits > number.bit_length() * 3 // 10 + 2:     # more digits dropped than it has
            return 0
    return round(number) if ndigits is None else round(number, ndigits)


class _Binder:
    """Binds call arguments to a script function's parameters, Python's way."""

    def __init__(self, name, params, filename):
        self.name = name
        self.positional = [p.name for p in params.args]
        self.kwonly = [p.name for p in params.kwonly]
        self.vararg = params.vararg
        self.kwarg = params.kwarg
        self.posonly = frozenset(self.positional[:params.posonly])
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
            if self.vararg is None:     # Python's words: "takes from 1 to 2 ...", "but 1 was given"
                optional = sum(n in defaults for n in names)
                takes = f"from {len(names) - optional} to {len(names)}" if optional else str(len(names))
                raise self._fail(f"takes {takes} positional argument{'' if len(names) == 1 else 's'} but "
                                 f"{len(args)} {'was' if len(args) == 1 else 'were'} given", span)
            variables[self.vararg] = tuple(args[len(names):])
        elif self.vararg is not None:
            variables[self.vararg] = ()
        variables.update(zip(names, args))
        extra = {}
        for key, value in (kwargs or {}).items():
            if key in self.posonly:
                if self.kwarg is not None:
                    extra[key] = value
                    continue
                raise self._fail("got some positional-only arguments passed as keyword arguments: "
                                 f"{key!r}", span)
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
            quoted = [repr(m) for m in missing]      # Python's: 'a', 'b', and 'c'
            listed = quoted[0] if len(quoted) == 1 else (
                f"{quoted[0]} and {quoted[1]}" if len(quoted) == 2 else ", ".join(quoted[:-1]) + ", and " + quoted[-1])
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
