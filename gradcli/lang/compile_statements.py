"""Compiling statements: assignment, control flow, `with`, imports, `def`/`class`, `try`."""

from __future__ import annotations

import time

from . import syntax_tree as syntax
from .compile_errors import exception_classes, catchable, python_exception
from .compile_expressions import _COMPARE, _INPLACE, SIMPLE_STATEMENTS
from .errors import GradcliError, ScriptExit
from .namespace import import_error
from .compile_calls import ScriptFunction
from .sandbox import FIELDS_KEY, VALUE_DUNDERS, ScriptObject
from .scopes import BREAK, CONTINUE, RETURN, Scope, MISSING, StaticScope, bound_names, nonlocal_depth


SELF_TRACKED = (syntax.ExprStmt, syntax.Assign, syntax.AugAssign)     # they remember the running statement themselves
# `total += x` on two numbers: Python's operator and the integer-size check, no other (``apply``'s checks
# are for sequences, tensors and the operators that can build huge numbers before any check)
_NUMBER_UPDATES = frozenset({"+", "-", "*", "/", "//", "%"})
# Loops read the clock on their first iteration and every TIME_CHECK_EVERY-th: between two reads
# run at most that many iterations of one body without a loop entry or a script call (which read it too)
TIME_CHECK_EVERY = 16
# statements whose closures return None whatever they run (a compound statement is one when its
# blocks hold nothing else): a block of them runs each without testing a code
_CODELESS = (syntax.ExprStmt, syntax.Assign, syntax.AugAssign, syntax.Pass, syntax.Import, syntax.ImportFrom,
             syntax.Global, syntax.Nonlocal, syntax.Delete, syntax.Assert, syntax.FunctionDef, syntax.ClassDef)


def codeless(node) -> bool:
    """Whether ``node`` ends with the code None: no break, continue or return in it (a nested def's
    body is its own), and no yield (the statements around one compile as generators)."""
    if isinstance(node, _CODELESS):
        return True
    if isinstance(node, (syntax.If, syntax.For, syntax.While, syntax.With)):
        return all(map(codeless, node.body)) and all(map(codeless, getattr(node, "orelse", ())))
    if isinstance(node, syntax.Try):
        return all(map(codeless, node.body + node.orelse + node.finalbody)) and all(
            codeless(s) for handler in node.handlers for s in handler.body)
    return False


class StatementsMixin:
    """Compiling statements (part of :class:`Compiler`)."""

    # ------------------------------------------------------------- statements

    def block(self, statements, scope):
        return self._block_of([self.stmt(s, scope) for s in statements], all(map(codeless, statements)))

    @staticmethod
    def _block_of(fns, without_codes=False):
        """One closure running ``fns`` in turn until one returns a code (break, continue, return);
        ``without_codes``: none can, and none is tested (a loop's body of assignments and calls)."""
        if len(fns) == 1:
            return fns[0]
        if without_codes and len(fns) == 2:
            first, second = fns

            def run_both(env):
                first(env)
                second(env)
            return run_both
        if without_codes:
            fns = tuple(fns)

            def run_all(env):
                for fn in fns:
                    fn(env)
            return run_all
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
        if not isinstance(node, SIMPLE_STATEMENTS) or isinstance(node, SELF_TRACKED):
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
        state, here = self.rt.state, (self._location, node.span)

        def run(env):
            state.where = here
            value(env)
        return run

    def stmt_Yield(self, node, scope):
        """Reached only outside a function: a function's yields compile as its generator."""
        raise self._error("syntax", "'yield' outside function", node.span)

    def stmt_Pass(self, node, scope):
        return lambda env: None

    stmt_AnnDecl = stmt_Pass

    def stmt_AnnAssign(self, node, scope):
        return self.stmt_Assign(node, scope)

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
        """``x = value`` (with the running statement remembered, as ``stmt`` does for others):
        one closure for the common ``name = value``."""
        value = self.expr(node.value, scope)
        state, here = self.rt.state, (self._location, node.span)
        if len(node.targets) == 1 and type(node.targets[0]) is syntax.Name:
            name = node.targets[0].id
            kind = self._store_kind(name, scope)
            if kind == "global":
                globals_ = self.rt.globals

                def run_global(env):
                    state.where = here
                    globals_[name] = value(env)
                return run_global
            if kind == "local":
                def run_local(env):
                    state.where = here
                    env.vars[name] = value(env)
                return run_local
        stores = [self.target(t, scope) for t in node.targets]
        if len(stores) == 1:
            store = stores[0]

            def run1(env):
                state.where = here
                store(env, value(env))
            return run1

        def run(env):
            state.where = here
            result = value(env)
            for store in stores:
                store(env, result)
        return run

    def stmt_AugAssign(self, node, scope):
        value = self.expr(node.value, scope)
        apply = self._binary(node.op, node.span, inplace=True)
        target = node.target
        state, here = self.rt.state, (self._location, node.span)
        if isinstance(target, syntax.Name):
            load = self._load_name(target.id, target.span, scope)
            store = self.target(target, scope)
            if node.op in _NUMBER_UPDATES and self._global_name(target, scope) is not MISSING \
                    and self._store_kind(target.id, scope) == "global":
                return self._number_update(target.id, load, value, self._global_name(node.value, scope),
                                           _INPLACE[node.op], apply, node.span, here)

            def run_name(env):
                state.where = here
                store(env, apply(load(env), value(env)))
            return run_name
        obj = self.expr(target.value, scope)
        policy = self.rt.policy
        if isinstance(target, syntax.Attribute):
            name, span = target.attr, target.span

            def run_attr(env):
                state.where = here
                owner = obj(env)
                current = self._guarded(policy.get, owner, name, span)
                self._guarded(policy.set, owner, name, apply(current, value(env)), span)
            return run_attr
        index = self.expr(target.index, scope)
        span = target.span

        def run_item(env):
            state.where = here
            owner = obj(env)
            key = index(env)
            with self._at(span):
                current = owner[key]
            result = apply(current, value(env))
            with self._at(span):
                owner[key] = result
        return run_item

    def _number_update(self, name, load, value, value_name, fn, apply, span, here):
        """``total += x`` on a module-level name: when both sides are numbers, the operator itself
        (what ``apply`` does for them); anything else goes through ``apply``."""
        globals_, state, wrap = self.rt.globals, self.rt.state, self._wrap

        def run_number(env):
            state.where = here
            a = globals_[name] if name in globals_ else load(env)
            b = globals_[value_name] if value_name in globals_ else value(env)
            ta, tb = type(a), type(b)
            if (ta is int or ta is float) and (tb is int or tb is float):
                try:
                    result = fn(a, b)
                except Exception as exc:
                    raise wrap(exc, span) from None
                if type(result) is int and result.bit_length() > 64:
                    state.check_int(result, span)
            else:
                result = apply(a, b)
            globals_[name] = result
        return run_number

    def _guarded(self, fn, *args):
        span = args[-1]
        with self._at(span):
            return fn(*args)

    def stmt_Assert(self, node, scope):
        test = self.expr(node.test, scope)
        message = self.expr(node.msg, scope) if node.msg is not None else None
        span = node.span

        def run(env):
            if not self._truth(test(env), node.test.span):
                with self._at(span):
                    text = str(message(env)) if message is not None else ""
                raise self._error("assertion", f"AssertionError: {text}" if text
                                  else "AssertionError", span)
        return run

    def _truth(self, value, span) -> bool:
        with self._at(span):
            return bool(value)

    def stmt_If(self, node, scope):
        """An if/elif/.../else chain as one flat list of branches: a chain of any length compiles
        and runs without recursion (an ``elif`` is an ``if`` alone in its parent's ``else``)."""
        branches = []
        while True:
            branches.append((self.expr(node.test, scope), self.block(node.body, scope), node.test.span))
            if len(node.orelse) == 1 and isinstance(node.orelse[0], syntax.If):
                node = node.orelse[0]
                continue
            break
        orelse = self.block(node.orelse, scope) if node.orelse else None
        if len(branches) == 1:
            test = node.test
            if type(test) is syntax.Compare and len(test.ops) == 1 and type(test.comparators[0]) is syntax.Constant \
                    and self._global_name(test.left, scope) is not MISSING:
                return self._if_name_compared(test, scope, branches[0][1], orelse)
            return self._if_else(*branches[0], orelse)
        branches = tuple(branches)

        def run_chain(env):
            for test, body, span in branches:
                value = test(env)
                if value is True or value is False:
                    flag = value
                else:
                    try:
                        flag = bool(value)
                    except Exception as exc:
                        raise self._located(exc, span) from None
                if flag:
                    return body(env)
            if orelse is not None:
                return orelse(env)
            return None
        return run_chain

    def _if_else(self, test, body, span, orelse):
        """``if test: ... else: ...`` with no ``elif``: ``stmt_If``'s chain of one branch."""
        located = self._located

        def run_if(env):
            value = test(env)
            if value is not True and value is not False:
                try:
                    value = bool(value)
                except Exception as exc:
                    raise located(exc, span) from None
            if value:
                return body(env)
            if orelse is not None:
                return orelse(env)
            return None
        return run_if

    def _if_name_compared(self, test, scope, body, orelse):
        """``if i < 100: ... else: ...``: a module-level name compared with a literal in the if's own
        closure (the comparison as ``expr_Compare`` runs it, then its truth as ``_if_else`` takes it)."""
        name, load = test.left.id, self.expr(test.left, scope)
        compare, constant = _COMPARE[test.ops[0]], test.comparators[0].value
        globals_, located, span = self.rt.globals, self._located, test.span

        def run_if_compared(env):
            a = globals_[name] if name in globals_ else load(env)
            try:
                value = compare(a, constant)
            except Exception as exc:
                raise located(exc, span) from None
            if value is not True and value is not False:
                try:
                    value = bool(value)
                except Exception as exc:
                    raise located(exc, span) from None
            if value:
                return body(env)
            if orelse is not None:
                return orelse(env)
            return None
        return run_if_compared

    def stmt_While(self, node, scope):
        test = self.expr(node.test, scope)
        self._loop_depth += 1
        body = self.block(node.body, scope)
        self._loop_depth -= 1
        orelse = self.block(node.orelse, scope) if node.orelse else None
        state = self.rt.state
        span = node.span
        test_span = node.test.span
        monotonic = time.monotonic

        located = self._located

        def run(env):
            ticks = 1
            while True:
                value = test(env)
                if value is not True and value is not False:
                    try:
                        value = bool(value)
                    except Exception as exc:
                        raise located(exc, test_span) from None
                if not value:
                    return orelse(env) if orelse is not None else None
                ticks -= 1
                if not ticks:
                    ticks = TIME_CHECK_EVERY
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
        target = node.target.id if type(node.target) is syntax.Name and \
            self._store_kind(node.target.id, scope) == "global" else None
        globals_ = self.rt.globals
        self._loop_depth += 1
        statements = tuple(self.stmt(s, scope) for s in node.body)
        self._loop_depth -= 1
        straight = len(statements) > 1 and all(map(codeless, node.body))
        body = self._block_of(statements)     # (run's; run_straight runs the statements itself)
        orelse = self.block(node.orelse, scope) if node.orelse else None
        state = self.rt.state
        span = node.span
        iter_span = node.iter.span
        monotonic = time.monotonic

        def run_straight(env):
            """A body of assignments and calls (no break, continue or return) run statement by
            statement in the loop itself: no block closure to call, no code to test per step."""
            with self._at(iter_span):
                iterator = iter(iterable(env))
            stepping = True
            ticks = 1
            try:
                for item in iterator:
                    stepping = False
                    ticks -= 1
                    if not ticks:
                        ticks = TIME_CHECK_EVERY
                        if monotonic() > state.deadline:
                            state.check_time(span)
                    if target is not None:
                        globals_[target] = item
                    else:
                        store(env, item)
                    for statement in statements:
                        statement(env)
                    stepping = True
            except Exception as exc:
                if not stepping:
                    raise
                raise self._located(exc, iter_span) from None
            return orelse(env) if orelse is not None else None

        def run(env):
            with self._at(iter_span):
                iterator = iter(iterable(env))
            stepping = True     # what fails while the iterator steps is the iterable's error, at its span
            ticks = 1
            try:
                for item in iterator:
                    stepping = False
                    ticks -= 1
                    if not ticks:
                        ticks = TIME_CHECK_EVERY
                        if monotonic() > state.deadline:
                            state.check_time(span)
                    if target is not None:
                        globals_[target] = item
                    else:
                        store(env, item)
                    code = body(env)
                    if code is not None:
                        if code is BREAK:
                            return None
                        if code is RETURN:
                            return code
                    stepping = True
            except Exception as exc:
                if not stepping:
                    raise
                raise self._located(exc, iter_span) from None
            return orelse(env) if orelse is not None else None
        return run_straight if straight else run

    def stmt_With(self, node, scope):
        items = [(self.expr(i.context, scope), self.target(i.target, scope) if i.target else None,
                  i.context.span) for i in node.items]
        body = self.block(node.body, scope)
        for context, store, span in reversed(items):
            body = self._with_one(context, store, span, body)
        return body

    def _with_one(self, context, store, span, body):
        def run(env):
            manager, exit_ = self._enter_manager(context(env), store, env, span)
            try:
                code = body(env)
            except BaseException as exc:
                if self._exit_suppresses(exit_, manager, exc, span):
                    return None
                raise
            with self._at(span):
                exit_(manager, None, None, None)
            return code
        return run

    def _enter_manager(self, manager, store, env, span):
        """``with``'s entry (plain and generator bodies): __enter__, the target bound; the manager's __exit__."""
        kind = type(manager)
        try:
            enter, exit_ = kind.__enter__, kind.__exit__
        except AttributeError:
            raise self._error("type", f"TypeError: {kind.__name__!r} object does not "
                              "support the context manager protocol", span) from None
        with self._at(span):
            value = enter(manager)
        if store is not None:
            store(env, value)
        return manager, exit_

    def _exit_suppresses(self, exit_, manager, exc, span) -> bool:
        """__exit__ with the script's exception (never the error record); whether it swallows it (a limit
        or an internal error is never swallowed)."""
        seen = exc
        if isinstance(exc, GradcliError):
            seen = python_exception(exc) if catchable(exc) else RuntimeError(exc.message)
        try:
            suppress = exit_(manager, type(seen), seen, None)
        except Exception as inner:
            raise self._wrap(inner, span) from None
        return bool(suppress) and isinstance(exc, Exception) and not (isinstance(exc, GradcliError)
                                                                      and not catchable(exc))

    def stmt_Import(self, node, scope):
        stores = []
        modules = self.rt.modules
        for alias in node.names:
            if alias.name not in modules:
                return self._failed_import(import_error(alias.name, alias.span), ModuleNotFoundError(
                    f"No module named {_first_missing(alias.name, modules)!r}"))
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
            return self._failed_import(import_error(node.module, node.span), ModuleNotFoundError(
                f"No module named {_first_missing(node.module, modules)!r}"))
        stores = []
        for alias in node.names:
            if alias.name == "*":
                raise self._error("import", "'from ... import *' is not supported; "
                                  "import the names you need", alias.span)
            try:
                value = module.get(alias.name, alias.span)
            except GradcliError as err:
                return self._failed_import(err, ImportError(
                    f"cannot import name {alias.name!r} from {node.module!r}"))
            stores.append((self._store_name(alias.asname or alias.name, scope), value))

        def run(env):
            for store, value in stores:
                store(env, value)
        return run

    @staticmethod
    def _failed_import(err: GradcliError, exc: ImportError):
        """An import gradcli does not provide fails when it runs, as Python's does, so that
        ``try: import matplotlib`` / ``except ImportError:`` takes its fallback; ``e`` is Python's
        exception, and the uncaught error reads as Python's followed by gradcli's word on it (what is
        available instead)."""
        detail = err.message.split(": ", 1)[1] if err.message.startswith("AttributeError: ") else err.message
        message = f"{type(exc).__name__}: {exc} ({detail.split('; ', 1)[-1]})"

        def run(env):
            fresh = GradcliError(err.kind, message, err.span, filename=err.filename)
            fresh.exception = exc
            raise fresh
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
        class_scope = StaticScope("class", bound_names(node.body), scope, scope.function)
        class_scope.class_cell = [None]
        for statement in node.body:
            if isinstance(statement, (syntax.FunctionDef, syntax.ClassDef)) and statement.name.startswith("_") \
                    and statement.name not in CLASS_DUNDERS and not is_helper_name(statement.name):
                raise self._error("syntax", "names starting with '_' cannot be defined in a gradcli class "
                                  f"(only {', '.join(sorted(CLASS_DUNDERS))})", statement.span)
        saved, self._loop_depth = self._loop_depth, 0
        body = self.block(node.body, class_scope) if node.body else (lambda env: None)
        self._loop_depth = saved
        bases = [self.expr(b, scope) for b in node.bases]
        decorators = [self.expr(d, scope) for d in node.decorators]
        decorate = self._decorate(decorators, node.decorators)
        store = self._store_name(node.name, scope)
        rt = self.rt
        policy = self.rt.policy
        name, span = node.name, node.span
        fields = tuple(s.targets[0].id if isinstance(s, syntax.AnnAssign) else s.target.id for s in node.body
                       if isinstance(s, (syntax.AnnAssign, syntax.AnnDecl))
                       and isinstance(s.targets[0] if isinstance(s, syntax.AnnAssign) else s.target, syntax.Name))

        def run(env):
            base_values = tuple(b(env) for b in bases) or (ScriptObject,)     # `class Config:`
            allowed = rt.class_bases + (Exception, ScriptExit)
            if not all(isinstance(b, type) and issubclass(b, allowed) and not issubclass(b, GradcliError)
                       for b in base_values):
                raise self._error("type", "a class in a gradcli script derives from nothing (a plain class), "
                                  "another class of the script, an exception class, torch.autograd.Function, "
                                  "torch.nn.Module, torch.utils.data.Dataset or Sampler, torch.optim.Optimizer or "
                                  "torch.optim.lr_scheduler.LRScheduler", span)
            members: dict = {}
            body(Scope(members, env))
            dunders = class_dunders(base_values)
            for key in members:
                if is_helper_name(key) and is_method(members[key]):
                    owner = next((k for b in base_values for k in b.__mro__
                                  if k not in policy.script_classes and key in vars(k)), None)
                    if owner is not None:
                        raise self._error("syntax", f"{key!r} cannot be defined in this gradcli class: it would "
                                          f"replace {owner.__name__}'s own", span)
                elif key.startswith("_") and key not in dunders:
                    raise self._error("syntax", f"{key!r} cannot be defined in this gradcli class"
                                      + (f" (only {', '.join(sorted(dunders))})" if dunders else ""), span)
            for key in PROTOCOL_ERRORS.keys() & members.keys():
                if type(members[key]) is ScriptFunction:
                    members[key] = protocol_method(members[key], PROTOCOL_ERRORS[key])
            namespace = dict(members, __module__="__main__", __qualname__=name, **{FIELDS_KEY: fields})
            with self._at(span):
                cls = type(name, base_values, namespace)
            class_scope.class_cell[0] = cls
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
                    if globals_.pop(name, MISSING) is MISSING:
                        raise self._error("name", f"NameError: name {name!r} is not defined", span)
                return delete_global
            depth = nonlocal_depth(name, scope) if name in scope.nonlocal_names else 0

            def delete_local(env):
                frame = env
                for _ in range(depth):
                    frame = frame.parent
                if frame.vars.pop(name, MISSING) is MISSING:
                    raise self._error("name", f"UnboundLocalError: cannot access local variable "
                                      f"{name!r} where it is not associated with a value", span)
            return delete_local
        if isinstance(node, syntax.Subscript):
            obj = self.expr(node.value, scope)
            index = self.expr(node.index, scope)

            def delete_item(env):
                owner = obj(env)
                key = index(env)
                with self._at(span):
                    del owner[key]
            return delete_item

        obj, name, delete = self.expr(node.value, scope), node.attr, self.rt.policy.delete

        def delete_attribute(env):
            self._guarded(delete, obj(env), name, span)
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
        cause = self.expr(node.cause, scope) if node.cause is not None else None

        def run(env):
            exc = value(env)
            if isinstance(exc, type) and issubclass(exc, BaseException):
                exc = exc()
            if not isinstance(exc, BaseException):
                raise self._error("type", "TypeError: exceptions must derive from BaseException",
                                  span)
            if cause is not None:      # `from e` chains tracebacks only: the error is the same
                reason = cause(env)
                if reason is not None and not isinstance(reason, BaseException) \
                        and not (isinstance(reason, type) and issubclass(reason, BaseException)):
                    raise self._error("type", "TypeError: exception causes must derive from BaseException",
                                      span)
            if isinstance(exc, ScriptExit):     # `raise SystemExit(2)`: as sys.exit(2)
                raise exc
            if isinstance(exc, (RecursionError, MemoryError)):  # the script's own, not a limit: `except` catches it
                label = type(exc).__name__
                err = self._error("runtime", f"{label}: {exc}" if exc.args else label, span)
                err.exception = exc
                raise err
            raise self._wrap(exc, span)
        return run

    def _matching_handler(self, handlers, env, err):
        """The first ``except`` clause whose classes match ``err`` (its name bound), for plain and
        generator bodies; ``err`` itself is raised again when none does."""
        exc = err if isinstance(err, (ScriptExit, GeneratorExit)) else python_exception(err)
        for kinds, store, handler, kind_span in handlers:
            if kinds is not None:
                classes = kinds(env)
                if not exception_classes(classes):
                    raise self._error("type", "TypeError: catching classes that do not "
                                      "inherit from BaseException is not allowed", kind_span)
                if not isinstance(exc, classes):
                    continue
            if store is not None:
                store(env, exc)
            return handler
        raise err

    def _try_parts(self, node, scope, block):
        """A try statement's compiled body, except clauses (classes, name, body, span), else and finally,
        with ``block`` the compiler of plain or generator bodies."""
        body = block(node.body, scope)
        self._handler_depth += 1
        handlers = [(self.expr(h.type, scope) if h.type is not None else None,
                     self._store_name(h.name, scope) if h.name else None,
                     self._unbinding(h, scope, block) if h.name else block(h.body, scope),
                     h.type.span if h.type is not None else h.span)
                    for h in node.handlers]
        self._handler_depth -= 1
        orelse = block(node.orelse, scope) if node.orelse else None
        final = block(node.finalbody, scope) if node.finalbody else None
        return body, handlers, orelse, final

    def _unbinding(self, handler, scope, block):
        """An ``except ... as e:`` clause's body, after which Python deletes ``e`` (``e = None; del e``)."""
        body = block(handler.body, scope)
        store = self._store_name(handler.name, scope)
        delete = self._delete(syntax.Name(span=handler.span, id=handler.name), scope)
        if block == self.block:
            def run(env):
                try:
                    return body(env)
                finally:
                    store(env, None)
                    delete(env)
            return run

        def run_generator(env):
            try:
                return (yield from body(env))
            finally:
                store(env, None)
                delete(env)
        return run_generator

    def stmt_Try(self, node, scope):
        body, handlers, orelse, final = self._try_parts(node, scope, self.block)
        state = self.rt.state
        span = node.span
        wrap = self._wrap

        def handle(env, err):
            handler = self._matching_handler(handlers, env, err)
            state.handling.append(err)
            try:
                return handler(env)
            finally:
                state.handling.pop()

        def run_handlers(env):
            try:
                code = body(env)
            except ScriptExit as done:
                return handle(env, done)
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


# The special methods a script class may define, by what it derives from (none for Functions).
# Plain classes take the value protocols (sandbox.VALUE_DUNDERS); what Python's own machinery never
# calls from a script's reach stays out: __getattr__/__setattr__ (the attribute policy's), __del__
# (it runs outside the run's limits), __new__, __init_subclass__, __reduce__, descriptors.
EXCEPTION_DUNDERS = frozenset({"__init__", "__str__", "__repr__"})
DISPLAY_DUNDERS = frozenset({"__repr__", "__str__"})
CLASS_DUNDERS = frozenset({"__post_init__"}) | VALUE_DUNDERS | EXCEPTION_DUNDERS

# Protocol methods Python calls for a script (``for x in obj``, ``next(it)``): the exception that
# ends the protocol must reach Python as itself, not as the script error that carries it.
PROTOCOL_ERRORS = {"__next__": StopIteration, "__getitem__": (IndexError, StopIteration),
                   "__iter__": StopIteration}


def protocol_method(function: ScriptFunction, passes) -> ScriptFunction:
    """``function`` raising the ``passes`` exceptions it ends with as Python's (a ``raise
    StopIteration`` in ``__next__`` ends a for loop)."""
    invoke = function._invoke

    def run(args, kwargs, call_span):
        try:
            return invoke(args, kwargs, call_span)
        except GradcliError as err:
            if isinstance(err.exception, passes):
                raise err.exception from None
            raise
    return ScriptFunction(function.__name__, run)


def is_helper_name(name: str) -> bool:
    """A one-underscore helper a script class may define (``def _init_weights(self, m)``)."""
    return name[:1] == "_" and name[:2] != "__" and not name.startswith("_gradcli")


def is_method(value) -> bool:
    """A ``def`` of the class body (plain, static or class method), not a value."""
    return type(getattr(value, "__func__", value)) is ScriptFunction


def class_dunders(bases: tuple) -> frozenset:
    """``__init__`` for modules; ``__init__``, ``__len__``, ``__getitem__`` for datasets; the value
    protocols for plain classes; ``__init__``, ``__str__``, ``__repr__`` for exceptions; and
    ``__repr__``/``__str__`` for any class but a Function."""
    names = set()
    for base in bases:
        if issubclass(base, BaseException):
            names |= EXCEPTION_DUNDERS
        for klass in base.__mro__:
            names |= set(getattr(klass, "script_dunders", ()))
    if names:
        names |= DISPLAY_DUNDERS
    return frozenset(names)


def _first_missing(dotted: str, modules) -> str:
    """The module Python's ModuleNotFoundError names: the first prefix of ``dotted`` that is missing
    (``torch.nope`` for ``import torch.nope``, ``nope`` for ``import nope.sub``)."""
    parts = dotted.split(".")
    return next((p for p in (".".join(parts[:i]) for i in range(1, len(parts) + 1)) if p not in modules), dotted)
