"""Compiling expressions: operators with their size checks, attributes, subscripts, f-strings,
comprehensions."""

from __future__ import annotations

import operator
import time
from types import FunctionType, MethodType

from . import syntax_tree as syntax
from .compile_generators import ScriptGenerator
from .limits import check_format_spec, percent_size_estimate
from .namespace import FORMATTABLE, NDARRAY, refuse_object_array
from .sandbox import class_text, same_object, script_type
from .scopes import Scope, MISSING, StaticScope, bounded_list, target_names


def _caret_power(a, b):
    """`^` is power in gradcli (x^2). Where pasted Python means XOR -- both operands integers or
    bools, Python's and torch's only `^` -- it refuses rather than answer something else."""
    if _integral(a) and _integral(b):
        raise TypeError("'^' means power in gradcli (x^2 is x**2), not XOR: on integers and bools use "
                        "torch.bitwise_xor(a, b) (or torch.logical_xor, or a != b for bools)")
    if isinstance(a, (set, frozenset)):     # Python's symmetric difference, at power's precedence: refused
        raise TypeError("'^' means power in gradcli (x^2 is x**2): for the symmetric difference of sets use "
                        "a.symmetric_difference(b)")
    return operator.pow(a, b)


def _integral(value) -> bool:
    """An int, a bool or a tensor of integers or bools: what Python's `^` would XOR."""
    if isinstance(value, int):
        return True
    dtype = getattr(value, "dtype", None)
    return dtype is not None and hasattr(dtype, "is_floating_point") and not (
        dtype.is_floating_point or dtype.is_complex)


_BINARY = {
    "^": _caret_power, "+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
    "//": operator.floordiv, "%": operator.mod, "@": operator.matmul, "**": operator.pow,
    "|": operator.or_, "&": operator.and_, "<<": operator.lshift, ">>": operator.rshift,
}
_INPLACE = {
    "+": operator.iadd, "-": operator.isub, "*": operator.imul, "/": operator.itruediv,
    "//": operator.ifloordiv, "%": operator.imod, "@": operator.imatmul, "**": operator.ipow,
    "|": operator.ior, "&": operator.iand, "<<": operator.ilshift, ">>": operator.irshift,
}
_UNARY = {"-": operator.neg, "+": operator.pos, "~": operator.invert,
          "not": operator.not_}
_COMPARE = {
    "<": operator.lt, ">": operator.gt, "==": operator.eq, ">=": operator.ge, "<=": operator.le,
    "!=": operator.ne, "is": same_object, "is not": lambda a, b: not same_object(a, b),
    "in": lambda a, b: a in b, "not in": lambda a, b: a not in b,
}
_SEQUENCES = (str, list, tuple)
_DIRECT = frozenset({MethodType, FunctionType})   # called as they are, by arity
_TENSOR_ARITHMETIC = frozenset({"+", "-", "*", "/", "@"})
SIMPLE_STATEMENTS = (syntax.ExprStmt, syntax.Assign, syntax.AugAssign, syntax.Return, syntax.Assert,
                      syntax.Delete, syntax.Raise)

def _number_constant(node):
    """The int or float a literal operand is (bool is not one: True + t is another path), else None."""
    if type(node) is syntax.Constant and type(node.value) in (int, float):
        return node.value
    return None


class ExpressionsMixin:
    """Compiling expressions (part of :class:`Compiler`)."""

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
        if any(type(e) is syntax.Starred for e in node.elts):
            items = self._starred_display(node, scope)
            return lambda env: tuple(items(env))
        items = [self.expr(e, scope) for e in node.elts]
        return lambda env: tuple([item(env) for item in items])

    def expr_ListExpr(self, node, scope):
        if any(type(e) is syntax.Starred for e in node.elts):
            return self._starred_display(node, scope)
        items = [self.expr(e, scope) for e in node.elts]
        return lambda env: [item(env) for item in items]

    def expr_Starred(self, node, scope):
        raise self._error("syntax", "can't use starred expression here", node.span)

    def _starred_display(self, node, scope):
        """`(*shape, 3)`, `[*a, *b]`: the starred parts unpacked in place, within the size limit."""
        parts = [(self.expr(e.value, scope), True, e.span) if type(e) is syntax.Starred
                 else (self.expr(e, scope), False, e.span) for e in node.elts]
        check_length = self.rt.state.check_length
        span = node.span

        def run(env):
            out = []
            for part, starred, part_span in parts:
                value = part(env)
                if starred:
                    with self._at(part_span):
                        out.extend(bounded_list(value, check_length, part_span))
                    check_length(len(out), "list", span)
                else:
                    out.append(value)
            return out
        return run

    def expr_DictExpr(self, node, scope):
        pairs = [(self.expr(k, scope) if k is not None else None, self.expr(v, scope), (k or v).span)
                 for k, v in zip(node.keys, node.values)]
        check_length = self.rt.state.check_length

        def run(env):
            result = {}
            for key, value, span in pairs:
                if key is None:         # {**mapping, ...}
                    mapping = value(env)
                    with self._at(span):
                        if not hasattr(type(mapping), "keys"):
                            raise TypeError(f"'{type(mapping).__name__}' object is not a mapping")
                        result.update(mapping)
                    check_length(len(result), "dict", span)
                    continue
                k = key(env)
                with self._at(span):
                    result[k] = value(env)
            return result
        return run

    def expr_NamedExpr(self, node, scope):
        """``name := value``: stored where the enclosing function (or the module) keeps ``name``,
        also from inside a comprehension, as Python does."""
        value = self.expr(node.value, scope)
        depth, target = 0, scope
        while target.kind == "comprehension":
            depth, target = depth + 1, target.parent
        store = self._store_name(node.target, target)

        def run(env):
            result = value(env)
            frame = env
            for _ in range(depth):
                frame = frame.parent
            store(frame, result)
            return result
        return run

    def expr_GeneratorExp(self, node, scope):
        """A generator expression: the first iterable is evaluated now, in the defining scope,
        the loops run as the iterator is consumed (``next(p for p in ps if ...)`` stops at the
        first match)."""
        names = set()
        for generator in node.generators:
            names |= target_names(generator.target)
        parent = scope
        while parent.kind == "class":
            parent = parent.parent
        inner = StaticScope("comprehension", names, parent, scope.function)
        first_iter = self.expr(node.generators[0].iter, scope)
        element = self.expr(node.elt, inner)
        first_span = node.generators[0].iter.span
        state = self.rt.state
        monotonic = time.monotonic
        from_class = scope.kind == "class"

        def emit(env):
            yield element(env)

        step = emit
        for generator in reversed(node.generators[1:]):
            step = self._generator_loop(generator, inner, step, state, monotonic)
        first = node.generators[0]
        store = self.target(first.target, inner)
        conditions = [self.expr(c, inner) for c in first.ifs]
        outer_span = first.span

        def run(env):
            outer = env.parent if from_class else env
            with self._at(first_span):
                iterator = iter(first_iter(env))
            return ScriptGenerator(self._generate(iterator, Scope({}, outer), store, conditions, step, state,
                                                  monotonic, first_span, outer_span))
        return run

    def _generate(self, iterator, frame, store, conditions, inner, state, monotonic, span, outer_span):
        for _ in self._passing(iterator, frame, store, conditions, state, monotonic, span, outer_span):
            yield from inner(frame)

    def _passing(self, iterator, frame, store, conditions, state, monotonic, span, outer_span):
        """A comprehension clause's iteration (lazy or eager): each item bound in ``frame`` that passes
        the conditions, with the run's time limit checked per item."""
        while True:
            with self._at(span):
                item = next(iterator, MISSING)
            if item is MISSING:
                return
            if monotonic() > state.deadline:
                state.check_time(outer_span)
            store(frame, item)
            if all(self._truth(c(frame), outer_span) for c in conditions):
                yield

    def _generator_loop(self, generator, scope, inner, state, monotonic):
        iterable = self.expr(generator.iter, scope)
        store = self.target(generator.target, scope)
        conditions = [self.expr(c, scope) for c in generator.ifs]
        span, outer_span = generator.iter.span, generator.span
        generate = self._generate

        def loop(frame):
            with self._at(span):
                iterator = iter(iterable(frame))
            return generate(iterator, frame, store, conditions, inner, state, monotonic, span, outer_span)
        return loop

    def expr_SetExpr(self, node, scope):
        if any(type(e) is syntax.Starred for e in node.elts):
            items = self._starred_display(node, scope)
        else:
            parts = [self.expr(e, scope) for e in node.elts]

            def items(env):
                return [part(env) for part in parts]
        span = node.span

        def run(env):
            values = items(env)
            with self._at(span):
                return set(values)
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
        if self.rt.tensor_type is None or node.op not in _TENSOR_ARITHMETIC:
            return lambda env: apply(left(env), right(env))
        fn, span = _BINARY[node.op], node.span
        if _number_constant(node.left) is not None:
            return self._number_arithmetic(fn, apply, node.left.value, True, right, node.right, scope, span)
        if _number_constant(node.right) is not None:
            return self._number_arithmetic(fn, apply, node.right.value, False, left, node.left, scope, span)
        return self._tensor_arithmetic(fn, apply, left, self._global_name(node.left, scope), right,
                                       self._global_name(node.right, scope), span)

    def _tensor_arithmetic(self, fn, apply, left, left_name, right, right_name, span):
        """``a @ b``, ``x - y``, ``lr * g``: two tensors within the element limit, or a tensor and an int or
        float, make a tensor that `apply` would check no further (it reads nothing but the tensors'
        sizes), so the site calls the operator itself. One closure per shape of operands -- a global
        name, read in place (its compiled load runs for a builtin or an unbound name), or any other
        expression -- so a loop's step tests no shape (issue 13)."""
        tensor, wrap, globals_ = self.rt.tensor_type, self._wrap, self.rt.globals
        max_elements = self.rt.state.limits.max_elements

        def run_names(env):
            try:
                a = globals_[left_name]
            except KeyError:
                a = left(env)
            try:
                b = globals_[right_name]
            except KeyError:
                b = right(env)
            ta, tb = type(a), type(b)
            if (tb is tensor and (ta is tensor and a._data.size * b._data.size <= max_elements
                                  or ta is float or ta is int) or ta is tensor and (tb is float or tb is int)):
                try:
                    return fn(a, b)
                except Exception as exc:
                    raise wrap(exc, span) from None
            return apply(a, b)

        def run_name_expression(env):
            try:
                a = globals_[left_name]
            except KeyError:
                a = left(env)
            b = right(env)
            ta, tb = type(a), type(b)
            if (tb is tensor and (ta is tensor and a._data.size * b._data.size <= max_elements
                                  or ta is float or ta is int) or ta is tensor and (tb is float or tb is int)):
                try:
                    return fn(a, b)
                except Exception as exc:
                    raise wrap(exc, span) from None
            return apply(a, b)

        def run_expression_name(env):
            a = left(env)
            try:
                b = globals_[right_name]
            except KeyError:
                b = right(env)
            ta, tb = type(a), type(b)
            if (tb is tensor and (ta is tensor and a._data.size * b._data.size <= max_elements
                                  or ta is float or ta is int) or ta is tensor and (tb is float or tb is int)):
                try:
                    return fn(a, b)
                except Exception as exc:
                    raise wrap(exc, span) from None
            return apply(a, b)

        def run_expressions(env):
            a = left(env)
            b = right(env)
            ta, tb = type(a), type(b)
            if (tb is tensor and (ta is tensor and a._data.size * b._data.size <= max_elements
                                  or ta is float or ta is int) or ta is tensor and (tb is float or tb is int)):
                try:
                    return fn(a, b)
                except Exception as exc:
                    raise wrap(exc, span) from None
            return apply(a, b)
        if left_name is MISSING:
            return run_expressions if right_name is MISSING else run_expression_name
        return run_name_expression if right_name is MISSING else run_names

    def _number_arithmetic(self, fn, apply, number, number_first, other, other_node, scope, span):
        """``0.5 * w.grad``, ``x - 1``: a number literal with a tensor gives a tensor and needs no
        size check, so the site calls the operator itself (the literal is no closure call); the other
        operand is read as `_tensor_arithmetic` reads it."""
        tensor, wrap, globals_ = self.rt.tensor_type, self._wrap, self.rt.globals
        name = self._global_name(other_node, scope)
        if number_first:
            def run_number_first(env):
                b = other(env)
                if type(b) is tensor:
                    try:
                        return fn(number, b)
                    except Exception as exc:
                        raise wrap(exc, span) from None
                return apply(number, b)

            def run_number_first_name(env):
                try:
                    b = globals_[name]
                except KeyError:
                    b = other(env)
                if type(b) is tensor:
                    try:
                        return fn(number, b)
                    except Exception as exc:
                        raise wrap(exc, span) from None
                return apply(number, b)
            return run_number_first if name is MISSING else run_number_first_name

        def run_number_second(env):
            a = other(env)
            if type(a) is tensor:
                try:
                    return fn(a, number)
                except Exception as exc:
                    raise wrap(exc, span) from None
            return apply(a, number)

        def run_number_second_name(env):
            try:
                a = globals_[name]
            except KeyError:
                a = other(env)
            if type(a) is tensor:
                try:
                    return fn(a, number)
                except Exception as exc:
                    raise wrap(exc, span) from None
            return apply(a, number)
        return run_number_second if name is MISSING else run_number_second_name

    def _binary(self, op, span, inplace=False):
        fn = (_INPLACE if inplace else _BINARY)[op]
        state = self.rt.state
        tensor = self.rt.tensor_type or ()
        wrap = self._wrap
        max_elements = state.limits.max_elements

        def apply(a, b):
            ta = type(a)
            if ta is int or ta is float:
                if op == "**" or op == "^":
                    state.check_power(a, b, span)
                elif op == "<<" and ta is int and type(b) is int and b > 0:
                    state.check_power(2, b + a.bit_length(), span)
                elif op == "*" and ta is int and isinstance(b, _SEQUENCES):
                    state.check_length(len(b) * a, type(b).__name__, span)
            elif isinstance(a, _SEQUENCES):
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
            elif op == "+" and isinstance(result, _SEQUENCES):
                state.check_length(len(result), tr.__name__, span)
            elif tr is NDARRAY:
                try:
                    refuse_object_array(result)
                except TypeError as exc:
                    raise wrap(exc, span) from None
            return result
        return apply

    def _percent(self, template, args, span):
        if "*" in template:
            raise self._error("value", "'*' widths are not supported in % formatting", span)
        check_format_spec(template, span)
        state = self.rt.state
        state.check_length(percent_size_estimate(template, args), "string", span)
        with self._at(span):
            text = template % args
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
                raise self._located(exc, span) from None
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
            globals_ = self.rt.globals
            left_name = self._global_name(node.left, scope)
            if type(node.comparators[0]) is syntax.Constant:    # `i < 100`: the literal is no call
                constant = node.comparators[0].value

                def run_constant(env):
                    a = globals_[left_name] if left_name in globals_ else left(env)
                    try:
                        return fn(a, constant)
                    except Exception as exc:
                        raise self._located(exc, span) from None
                return run_constant

            def run1(env):
                a = globals_[left_name] if left_name in globals_ else left(env)
                b = right(env)
                try:
                    return fn(a, b)
                except Exception as exc:
                    raise self._located(exc, span) from None
            return run1
        pairs = list(zip(fns, rights))

        def run(env):
            a = left(env)
            result = True
            for fn, right in pairs:
                b = right(env)
                with self._at(span):
                    result = fn(a, b)
                    if not result:
                        return result
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
        if node.attr == "format":
            return self._format_attribute(self.expr(node.value, scope), node.span)
        if node.attr == "__name__" and isinstance(node.value, syntax.Attribute) and node.value.attr == "__class__":
            return self._class_name(self.expr(node.value.value, scope), node.span)
        return self._attribute(node, scope)

    def _class_name(self, obj, span):
        """``m.__class__.__name__`` (module hooks, DCGAN's weights_init) reads as ``type(m).__name__``:
        ``__class__`` alone stays refused, as everything else that reaches Python's classes."""
        policy, located = self.rt.policy, self._located

        def run(env):
            try:
                return policy.get(script_type(obj(env), policy.script_classes), "__name__", span)
            except Exception as exc:
                raise located(exc, span) from None
        return run

    def _attribute(self, node, scope, call=None):
        """``value.name`` through the attribute policy; with ``call`` (the argument nodes, the
        call's span, the running function's name) also the call ``value.name(args)``, in the same
        closure. The site remembers the last namespace it read and the last type whose ``name`` the
        policy reads by type alone (``plain_read``), so a loop calling ``torch.mm`` or re-reading
        ``w.grad`` asks the policy once; any other value goes through ``policy.get``. Each shape of
        site (a read, a call of 0, 1, 2 or more arguments) has a closure of its own: a loop's
        statement then runs no test of its site's shape (issue 13)."""
        obj = self.expr(node.value, scope)
        name, span = node.attr, node.span
        owner, globals_, builtins_ = self._global_name(node.value, scope), self.rt.globals, self.rt.builtins
        policy = self.rt.policy
        get, plain_read, is_namespace = policy.get, policy.plain_read, policy.is_namespace
        located = self._located
        known_type = None
        known_namespace = known_member = MISSING

        def read(value):
            nonlocal known_type, known_namespace, known_member
            try:
                result = get(value, name, span)
            except Exception as exc:
                raise located(exc, span) from None
            if is_namespace(value):
                known_namespace, known_member = value, result
            elif plain_read(type(value), name):
                known_type = type(value)
            return result

        if call is None:
            def run_read(env):
                if owner in globals_:
                    value = globals_[owner]
                elif owner in builtins_:        # math.pi: a builtin name the script has not shadowed
                    value = builtins_[owner]
                else:
                    value = obj(env)
                if type(value) is known_type:
                    try:
                        return getattr(value, name)
                    except AttributeError:
                        return read(value)
                    except Exception as exc:
                        raise located(exc, span) from None
                if value is known_namespace:
                    return known_member
                return read(value)
            return run_read
        # a call: Python functions and methods called here, by arity (then as _positional_call)
        nodes, call_span, where = call
        args = [self.expr(a, scope) for a in nodes]
        names = [self._global_name(a, scope) for a in nodes]
        invoke, failed = self._call, self._call_failed
        if len(args) == 0:
            def run_call0(env):
                if owner in globals_:
                    value = globals_[owner]
                elif owner in builtins_:
                    value = builtins_[owner]
                else:
                    value = obj(env)
                if value is known_namespace:
                    fn = known_member
                elif type(value) is known_type:
                    try:
                        fn = getattr(value, name)
                    except AttributeError:
                        fn = read(value)        # which raises the script's message
                    except Exception as exc:
                        raise located(exc, span) from None
                else:
                    fn = read(value)
                if type(fn) in _DIRECT:
                    try:
                        return fn()
                    except Exception as exc:
                        raise failed(exc, call_span, where) from None
                return invoke(fn, (), None, call_span, where)
            return run_call0
        if len(args) == 1:
            (a0,), (n0,) = args, names

            def run_call1(env):
                if owner in globals_:
                    value = globals_[owner]
                elif owner in builtins_:        # torch.sigmoid: a builtin name the script has not shadowed
                    value = builtins_[owner]
                else:
                    value = obj(env)
                if value is known_namespace:
                    fn = known_member
                elif type(value) is known_type:
                    try:
                        fn = getattr(value, name)
                    except AttributeError:
                        fn = read(value)        # which raises the script's message
                    except Exception as exc:
                        raise located(exc, span) from None
                else:
                    fn = read(value)
                arg0 = globals_[n0] if n0 in globals_ else a0(env)
                if type(fn) in _DIRECT:
                    try:
                        return fn(arg0)
                    except Exception as exc:
                        raise failed(exc, call_span, where) from None
                return invoke(fn, (arg0,), None, call_span, where)
            return run_call1
        if len(args) == 2:
            (a0, a1), (n0, n1) = args, names

            def run_call2(env):
                if owner in globals_:
                    value = globals_[owner]
                elif owner in builtins_:
                    value = builtins_[owner]
                else:
                    value = obj(env)
                if value is known_namespace:
                    fn = known_member
                elif type(value) is known_type:
                    try:
                        fn = getattr(value, name)
                    except AttributeError:
                        fn = read(value)        # which raises the script's message
                    except Exception as exc:
                        raise located(exc, span) from None
                else:
                    fn = read(value)
                arg0 = globals_[n0] if n0 in globals_ else a0(env)
                arg1 = globals_[n1] if n1 in globals_ else a1(env)
                if type(fn) in _DIRECT:
                    try:
                        return fn(arg0, arg1)
                    except Exception as exc:
                        raise failed(exc, call_span, where) from None
                return invoke(fn, (arg0, arg1), None, call_span, where)
            return run_call2

        def run_call(env):
            if owner in globals_:
                value = globals_[owner]
            elif owner in builtins_:
                value = builtins_[owner]
            else:
                value = obj(env)
            if value is known_namespace:
                fn = known_member
            elif type(value) is known_type:
                try:
                    fn = getattr(value, name)
                except AttributeError:
                    fn = read(value)        # which raises the script's message
                except Exception as exc:
                    raise located(exc, span) from None
            else:
                fn = read(value)
            values = tuple([globals_[n] if n in globals_ else a(env) for a, n in zip(args, names)])
            if type(fn) in _DIRECT:
                try:
                    return fn(*values)
                except Exception as exc:
                    raise failed(exc, call_span, where) from None
            return invoke(fn, values, None, call_span, where)
        return run_call

    def _format_attribute(self, obj, span):
        """``"...".format``: gradcli's own formatter for strings, the policy for other values."""
        get = self.rt.policy.get
        tensor = self.rt.tensor_type

        def run(env):
            value = obj(env)
            if type(value) is str:
                return _str_format(value, span, tensor, self.rt.state.check_length, get)
            try:
                return get(value, "format", span)
            except Exception as exc:
                raise self._located(exc, span) from None
        return run

    def expr_Subscript(self, node, scope):
        obj = self.expr(node.value, scope)
        index = self.expr(node.index, scope)
        span = node.span

        def run(env):
            value = obj(env)
            key = index(env)
            with self._at(span):
                return value[key]
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
            with self._at(span):
                if convert is not None:
                    result = convert(result)
                if spec is None:
                    if type(result) is str:
                        return result
                    return _checked_text(class_text(result) if isinstance(result, type) else format(result, ""),
                                         state, span)
                text = spec(env)
                check_format_spec(text, span)
                if not text:
                    return _checked_text(format(result, ""), state, span)
                if not (isinstance(result, FORMATTABLE) or (tensor is not None and isinstance(result, tensor))):
                    raise TypeError(f"unsupported format string passed to "
                                    f"{type(result).__name__}.__format__")
                return _checked_text(format(result, text), state, span)
        return run

    def expr_ListComp(self, node, scope):
        return self._comprehension(node, scope, (node.elt,), list)

    def expr_SetComp(self, node, scope):
        return self._comprehension(node, scope, (node.elt,), set)

    def expr_DictComp(self, node, scope):
        return self._comprehension(node, scope, (node.key, node.value), dict)

    def _comprehension(self, node, scope, parts, kind):
        """A list, set or dict comprehension: the loops run in a scope of their own, the first
        iterable in the defining scope, as Python's; a dict's key is evaluated before its value."""
        names = set()
        for generator in node.generators:
            names |= target_names(generator.target)
        parent = scope
        while parent.kind == "class":
            parent = parent.parent
        inner = StaticScope("comprehension", names, parent, scope.function)
        first_iter = self.expr(node.generators[0].iter, scope)
        state = self.rt.state
        span = node.span
        parts = [self.expr(part, inner) for part in parts]
        from_class = scope.kind == "class"
        monotonic = time.monotonic
        label = kind.__name__

        if len(parts) == 1:
            element, = parts

            def emit(env, out):
                out.append(element(env))
                if len(out) > 4096 and len(out) & 4095 == 0:
                    state.check_length(len(out), label, span)
        else:
            key, value = parts

            def emit(env, out):
                k = key(env)
                out.append((k, value(env)))
                if len(out) > 4096 and len(out) & 4095 == 0:
                    state.check_length(len(out), label, span)

        step = emit
        for index in range(len(node.generators) - 1, -1, -1):
            generator = node.generators[index]
            step = self._comprehension_loop(
                generator, inner, step, None if index else first_iter, state, monotonic)

        def run(env):
            outer = env.parent if from_class else env
            out: list = []
            step(Scope({}, outer), out, env)
            if kind is list:
                return out
            with self._at(span):
                return kind(out)
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
            with self._at(span):
                iterator = iter(source)
            for _ in self._passing(iterator, env, store, conditions, state, monotonic, span, outer_span):
                inner(env, out)
        return loop

def _checked_text(text: str, state, span) -> str:
    """A formatted value within the string-length limit (str() of a huge list...)."""
    state.check_length(len(text), "string", span)
    return text

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


def _str_format(template: str, span, tensor_type, check_length=None, get_attribute=None):
    """`"...".format(...)` with Python's field syntax (`{0}`, `{loss}`, `{0.shape}`, `{d[key]}`,
    nested specs `{:{width}}`), attributes read through the attribute policy (`{0.__class__}`
    reaches nothing it would not), with the same format-spec checks as f-strings."""
    import string
    from _string import formatter_field_name_split

    def format_(*args, **kwargs):
        automatic = [0]
        total = 0

        def lookup(field):
            first, rest = formatter_field_name_split(field)
            if first == "":
                if automatic[0] is None:
                    raise ValueError("cannot switch from manual field specification to automatic field numbering")
                first = automatic[0]
                automatic[0] += 1
            elif isinstance(first, int):
                if automatic[0]:
                    raise ValueError("cannot switch from automatic field numbering to manual field specification")
                automatic[0] = None
            if isinstance(first, int):
                if first >= len(args):
                    raise IndexError(f"Replacement index {first} out of range for positional args tuple")
                value = args[first]
            else:
                if first not in kwargs:
                    raise KeyError(first)
                value = kwargs[first]
            for is_attribute, key in rest:
                if is_attribute:
                    if get_attribute is None:
                        raise ValueError(f"format field {{{field}}} is not supported here")
                    value = get_attribute(value, key, span)
                else:
                    value = value[key]
            return value

        def render(text, depth):
            nonlocal total
            out = []
            for literal, field, spec, conversion in string.Formatter().parse(text):
                out.append(literal)
                if field is None:
                    continue
                value = lookup(field)
                if conversion:
                    if conversion not in "rsa":
                        raise ValueError(f"Unknown conversion specifier {conversion}")
                    value = {"r": repr, "s": str, "a": ascii}[conversion](value)
                spec = spec or ""
                if "{" in spec:
                    if depth:
                        raise ValueError("Max string recursion exceeded")
                    spec = render(spec, depth + 1)
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
        return render(template, 0)
    return format_
