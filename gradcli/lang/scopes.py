"""Scopes: the runtime frames compiled code reads and writes, what the compiler knows of each
scope, and name resolution with Python's rules (resolved at compile time to a known depth)."""

from __future__ import annotations

from . import syntax_tree as syntax
from .errors import closest
from .namespace import NUMPY_NAMES


BREAK = object()
CONTINUE = object()
RETURN = object()
MISSING = object()

class Scope:
    """A runtime frame: variables, the lexically enclosing frame, a return value."""

    __slots__ = ("vars", "parent", "retval")

    def __init__(self, variables: dict, parent: "Scope | None"):
        self.vars = variables
        self.parent = parent
        self.retval = None


class StaticScope:
    """What the compiler knows about a scope: its kind and its local names."""

    def __init__(self, kind: str, names: set, parent: "StaticScope | None", function: str,
                 global_names=frozenset(), nonlocal_names=frozenset()):
        self.kind = kind            # module, function, class, comprehension
        self.names = names
        self.parent = parent
        self.function = function    # for script tracebacks
        self.global_names = global_names      # `global x` in this function
        self.nonlocal_names = nonlocal_names  # `nonlocal x` in this function
        self.class_cell = None      # class scope: [the class object], filled when the class is made
        self.method_of = None       # function scope defined in a class body: that class's scope
        self.first_param = None     # ... and the name of its first parameter (self), for super()

class Runtime:
    """What compiled code needs from its session."""

    def __init__(self, *, globals_: dict, builtins: dict, state, policy, modules: dict,
                 tensor_type: type | None, class_bases, echo):
        self.globals = globals_
        self.builtins = builtins
        self.state = state
        self.policy = policy
        self.modules = modules
        self.tensor_type = tensor_type
        self._class_bases = class_bases      # a function giving the tuple (it imports torch.utils.data)
        self.echo = echo

    @property
    def class_bases(self) -> tuple:
        if callable(self._class_bases):
            self._class_bases = self._class_bases()
        return self._class_bases

def nonlocal_depth(name, scope):
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


def declarations(statements, global_names: set, nonlocal_names: set) -> None:
    """`global`/`nonlocal` names declared in a function body (not in nested functions)."""
    for node in statements:
        if isinstance(node, syntax.Global):
            global_names.update(node.names)
        elif isinstance(node, syntax.Nonlocal):
            nonlocal_names.update(node.names)
        elif isinstance(node, (syntax.If, syntax.For, syntax.While, syntax.With)):
            declarations(node.body, global_names, nonlocal_names)
            if not isinstance(node, syntax.With):
                declarations(node.orelse, global_names, nonlocal_names)
        elif isinstance(node, syntax.Try):
            for block in (node.body, node.orelse, node.finalbody):
                declarations(block, global_names, nonlocal_names)
            for handler in node.handlers:
                declarations(handler.body, global_names, nonlocal_names)


def function_parent(scope):
    while scope.kind == "class":
        scope = scope.parent
    return scope


def param_names(params) -> set:
    names = {p.name for p in params.args} | {p.name for p in params.kwonly}
    if params.vararg:
        names.add(params.vararg)
    if params.kwarg:
        names.add(params.kwarg)
    return names


def target_names(node) -> set:
    if isinstance(node, syntax.Name):
        return {node.id}
    if isinstance(node, (syntax.TupleExpr, syntax.ListExpr)):
        names = set()
        for element in node.elts:
            names |= target_names(element)
        return names
    if isinstance(node, syntax.Starred):
        return target_names(node.value)
    return set()


def walrus_targets(node) -> set:
    """The names ``(name := value)`` binds inside ``node``: comprehensions included (they bind in
    the enclosing scope), nested functions, lambdas and classes not."""
    names: set = set()
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, (tuple, list)):
            stack.extend(item)
        elif isinstance(item, syntax.Node):
            if isinstance(item, syntax.NamedExpr):
                names.add(item.target)
            elif isinstance(item, (syntax.Lambda, syntax.FunctionDef, syntax.ClassDef)):
                continue
            stack.extend(getattr(item, field) for field in item._fields)
    return names


def bound_names(statements) -> set:
    """Names a block binds (not counting nested functions, classes, comprehensions)."""
    names: set = walrus_targets(statements)
    for node in statements:
        if isinstance(node, syntax.Assign):
            for target in node.targets:
                names |= target_names(target)
        elif isinstance(node, syntax.AugAssign):
            names |= target_names(node.target)
        elif isinstance(node, syntax.For):
            names |= target_names(node.target)
            names |= bound_names(node.body) | bound_names(node.orelse)
        elif isinstance(node, (syntax.While,)):
            names |= bound_names(node.body) | bound_names(node.orelse)
        elif isinstance(node, syntax.Delete):
            for target in node.targets:
                names |= target_names(target)
        elif isinstance(node, syntax.Try):
            names |= bound_names(node.body) | bound_names(node.orelse)
            names |= bound_names(node.finalbody)
            for handler in node.handlers:
                if handler.name:
                    names.add(handler.name)
                names |= bound_names(handler.body)
        elif isinstance(node, syntax.If):
            names |= bound_names(node.body) | bound_names(node.orelse)
        elif isinstance(node, syntax.With):
            for item in node.items:
                if item.target is not None:
                    names |= target_names(item.target)
            names |= bound_names(node.body)
        elif isinstance(node, (syntax.FunctionDef, syntax.ClassDef)):
            names.add(node.name)
        elif isinstance(node, syntax.Import):
            names |= {a.asname or a.name.split(".")[0] for a in node.names}
        elif isinstance(node, syntax.ImportFrom):
            names |= {a.asname or a.name for a in node.names}
    return names

class NamesMixin:
    """Compiling assignment targets and name loads (part of :class:`Compiler`)."""

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
                with self._at(span):
                    owner[key] = value
                if type(key) is slice and type(owner) is list:
                    check_length(len(owner), "list", span)  # l[0:0] = l doubles l
            return store_item
        if any(isinstance(t, syntax.Starred) for t in node.elts):
            return self._starred_target(node, scope)
        stores = [self.target(t, scope) for t in node.elts]
        count = len(stores)
        span = node.span

        def store_unpack(env, value):
            with self._at(span):
                iterator = iter(value)
                items = []
                for item in iterator:
                    items.append(item)
                    if len(items) > count:
                        break
            if len(items) != count:
                if len(items) > count:
                    message = f"too many values to unpack (expected {count})"
                else:
                    message = f"not enough values to unpack (expected {count}, got {len(items)})"
                raise self._error("value", f"ValueError: {message}", span)
            for store, item in zip(stores, items):
                store(env, item)
        return store_unpack

    def _starred_target(self, node, scope):
        """`a, *rest, z = value`: the starred name takes a list of what the others leave."""
        star = next(i for i, t in enumerate(node.elts) if isinstance(t, syntax.Starred))
        before = [self.target(t, scope) for t in node.elts[:star]]
        rest = self.target(node.elts[star].value, scope)
        after = [self.target(t, scope) for t in node.elts[star + 1:]]
        span = node.span
        check_length = self.rt.state.check_length
        needed = len(before) + len(after)

        def store_starred(env, value):
            with self._at(span):
                items = bounded_list(value, check_length, span)
            if len(items) < needed:
                raise self._error("value", f"ValueError: not enough values to unpack (expected at least "
                                  f"{needed}, got {len(items)})", span)
            for store, item in zip(before, items):
                store(env, item)
            rest(env, items[len(before):len(items) - len(after)])
            for store, item in zip(after, items[len(items) - len(after):]):
                store(env, item)
        return store_starred

    # ----------------------------------------------------------------- names

    @staticmethod
    def _store_kind(name, scope) -> str:
        """Where assigning ``name`` in ``scope`` stores it: global, nonlocal or local."""
        if scope.kind == "module" or name in scope.global_names:
            return "global"
        return "nonlocal" if name in scope.nonlocal_names else "local"

    def _store_name(self, name, scope):
        kind = self._store_kind(name, scope)
        if kind == "global":
            globals_ = self.rt.globals

            def store_global(env, value):
                globals_[name] = value
            return store_global
        if kind == "nonlocal":
            depth = nonlocal_depth(name, scope)

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
                value = env.vars.get(name, MISSING)
                if value is MISSING:
                    return outer(env.parent)
                return value
            return load_class
        depth = _local_depth(name, scope)
        if depth is not None:
            return self._load_at(name, span, depth, depth == 0)
        return self._load_global(name, span, scope)

    @staticmethod
    def _global_name(node, scope):
        """The name ``node`` reads if it is a name that resolves to the module's globals, else
        MISSING: a hot site then reads ``rt.globals`` itself and calls the compiled load only
        for what is not there (a builtin, an unbound name and its error)."""
        if type(node) is not syntax.Name or scope.kind == "class" or _local_depth(node.id, scope) is not None:
            return MISSING
        return node.id

    def _load_at(self, name, span, depth, local):
        def unbound():
            if local:
                return self._error("name", f"UnboundLocalError: cannot access local variable "
                                   f"{name!r} where it is not associated with a value", span)
            return self._error("name", f"NameError: cannot access free variable {name!r} "
                               "where it is not associated with a value", span)
        if depth == 0:
            def load_local(env):
                value = env.vars.get(name, MISSING)
                if value is MISSING:
                    raise unbound()
                return value
            return load_local

        def load_outer(env):
            for _ in range(depth):
                env = env.parent
            value = env.vars.get(name, MISSING)
            if value is MISSING:
                raise unbound()
            return value
        return load_outer

    def _load_global(self, name, span, scope):
        globals_ = self.rt.globals
        builtins_ = self.rt.builtins

        def load_global(env):
            if name in globals_:
                return globals_[name]
            value = builtins_.get(name, MISSING)
            if value is MISSING:
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
        if name in NUMPY_NAMES:
            return self._error("name", message + "; did you forget `import numpy as np`?", span)
        suggestion = closest(name, candidates)
        if suggestion:
            message += f"; did you mean {suggestion!r}?"
        return self._error("name", message, span)


def _local_depth(name, scope):
    """How many frames up the function that binds ``name`` is, seen from ``scope`` (not a class
    scope), or None when ``name`` is a global (Python's resolution, done at compile time)."""
    depth = 0
    current = scope
    while current.kind != "module":
        if name in current.global_names:
            return None
        if name in current.names:
            return depth
        current = current.parent
        while current.kind == "class":
            current = current.parent
        depth += 1
    return None


def bounded_list(iterable, check_length, span) -> list:
    """list(iterable) within the sequence limit, checked as it grows (`*range(10**12)`)."""
    if hasattr(iterable, "__len__"):
        check_length(len(iterable), "list", span)
        return list(iterable)
    items = []
    for item in iterable:
        items.append(item)
        if len(items) & 4095 == 0:
            check_length(len(items), "list", span)
    return items
