"""The syntax tree of a gradcli script: small frozen records with spans.

The parser builds these from the grammar's reductions and the compiler turns
them into closures; nothing here evaluates anything. Every node has a `span`
(see errors.Span) so that any error can point at its source.

Nodes are declared like frozen dataclasses (annotated fields, in order) but
built on a tiny `Node` base: `dataclasses` generates code for every class it
decorates, which would cost 15 ms of the CLI's 30 ms budget for
`import gradcli.lang` + a one-line parse.
"""

from __future__ import annotations

from typing import Union

from .errors import Span


class FrozenInstanceError(AttributeError):
    """Raised on an attempt to change a node."""


class Node:
    """Base of all nodes: positional/keyword construction, frozen, equality."""

    __slots__ = ("__dict__",)
    _fields: tuple = ()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._fields = tuple(cls.__dict__.get("__annotations__", {}))

    def __init__(self, *args, **kwargs):
        fields = self._fields
        if not kwargs and len(args) == len(fields):     # how the parser builds every node
            self.__dict__.update(zip(fields, args))
            return
        if len(args) > len(fields):
            raise TypeError(f"{type(self).__name__} takes {len(fields)} fields")
        values = dict(zip(fields, args))
        for name, value in kwargs.items():
            if name not in fields or name in values:
                raise TypeError(f"{type(self).__name__}: bad field {name!r}")
            values[name] = value
        if len(values) != len(fields):
            missing = [f for f in fields if f not in values]
            raise TypeError(f"{type(self).__name__}: missing {missing}")
        self.__dict__.update(values)

    def __setattr__(self, name, value):
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name):
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __eq__(self, other):
        return type(self) is type(other) and self.__dict__ == other.__dict__

    def __hash__(self):
        return hash((type(self),) + tuple(self.__dict__[f] for f in self._fields))

    def __repr__(self):
        fields = ", ".join(f"{f}={self.__dict__[f]!r}" for f in self._fields)
        return f"{type(self).__name__}({fields})"


def replace(node: Node, **changes) -> Node:
    """A copy of `node` with some fields changed (nodes are frozen)."""
    values = {f: getattr(node, f) for f in node._fields}
    values.update(changes)
    return type(node)(**values)


# ------------------------------------------------------------------ expressions

class Name(Node):
    span: Span
    id: str


class Constant(Node):
    span: Span
    value: object          # int, float, str, bool, None or Ellipsis


class FormattedValue(Node):
    """One `{expr!conv:spec}` field of an f-string."""
    span: Span
    value: "Expr"
    conversion: str | None  # "r", "s", "a" or None
    spec: "FString | None"


class FString(Node):
    span: Span
    parts: tuple            # of str and FormattedValue


class BinOp(Node):
    span: Span
    op: str                 # + - * / // % @ ** ^ | & << >>   ("^" is power, as "**")
    left: "Expr"
    right: "Expr"


class UnaryOp(Node):
    span: Span
    op: str                 # - + ~ not
    operand: "Expr"


class BoolOp(Node):
    span: Span
    op: str                 # and, or
    left: "Expr"
    right: "Expr"


class Compare(Node):
    span: Span
    left: "Expr"
    ops: tuple              # of "<", "in", "not in", "is not", ...
    comparators: tuple


class IfExp(Node):
    span: Span
    test: "Expr"
    body: "Expr"
    orelse: "Expr"


class Param(Node):
    span: Span
    name: str
    default: "Expr | None"


class Params(Node):
    span: Span
    args: tuple             # of Param, positional or keyword
    vararg: str | None      # *args
    kwonly: tuple           # of Param, after * or *args
    kwarg: str | None       # **kwargs
    posonly: int            # how many of args come before a `/` (positional-only)


class Lambda(Node):
    span: Span
    params: Params
    body: "Expr"


class Starred(Node):
    """`*value` in a call's arguments, a tuple, list or set display, or an unpacking target."""
    span: Span
    value: "Expr"


class Keyword(Node):
    """`name=value` in a call; name None means `**value`."""
    span: Span
    name: str | None
    value: "Expr"


class Call(Node):
    span: Span
    func: "Expr"
    args: tuple             # of Expr and Starred
    keywords: tuple         # of Keyword


class Attribute(Node):
    span: Span
    value: "Expr"
    attr: str


class Slice(Node):
    span: Span
    lower: "Expr | None"
    upper: "Expr | None"
    step: "Expr | None"


class Subscript(Node):
    span: Span
    value: "Expr"
    index: "Expr"           # an Expr, a Slice, or a TupleExpr of those


class TupleExpr(Node):
    span: Span
    elts: tuple


class ListExpr(Node):
    span: Span
    elts: tuple


class DictExpr(Node):
    span: Span
    keys: tuple             # None for a ``**mapping`` entry
    values: tuple


class SetExpr(Node):
    span: Span
    elts: tuple


class Comprehension(Node):
    """One `for target in iter if cond...` clause."""
    span: Span
    target: "Expr"
    iter: "Expr"
    ifs: tuple


class ListComp(Node):
    """A list comprehension."""
    span: Span
    elt: "Expr"
    generators: tuple       # of Comprehension


class GeneratorExp(Node):
    """``(x for x in xs)``: an iterator that runs the loops as it is consumed."""
    span: Span
    elt: "Expr"
    generators: tuple       # of Comprehension


class NamedExpr(Node):
    """``(name := value)``: binds name in the enclosing function (past comprehensions)."""
    span: Span
    target: str
    value: "Expr"


class SetComp(Node):
    span: Span
    elt: "Expr"
    generators: tuple


class DictComp(Node):
    span: Span
    key: "Expr"
    value: "Expr"
    generators: tuple


Expr = Union[Name, Constant, FString, BinOp, UnaryOp, BoolOp, Compare, IfExp,
             Lambda, Call, Attribute, Subscript, TupleExpr, ListExpr,
             DictExpr, SetExpr, ListComp, SetComp, DictComp, Slice]


# ------------------------------------------------------------------- statements

class ExprStmt(Node):
    span: Span
    value: Expr


class Yield(Node):
    """``yield value`` (value None: ``yield``) or ``yield from iterable``, as a statement: the
    function it is in is a generator function."""
    span: Span
    value: "Expr | None"
    from_iterable: bool


class Assign(Node):
    """`a = b = value`: targets are assigned left to right."""
    span: Span
    targets: tuple
    value: Expr


class AnnAssign(Assign):
    """`x: int = 1`: an assignment whose annotation is never evaluated; a class body keeps the
    annotated names in order (a dataclass's fields)."""
    span: Span
    targets: tuple
    value: Expr


class AugAssign(Node):
    span: Span
    target: Expr
    op: str                 # the binary operator: + - * / @ // % **
    value: Expr


class Pass(Node):
    span: Span


class AnnDecl(Pass):
    """`x: int` alone: does nothing, but names a field of a dataclass in a class body."""
    span: Span
    target: Expr


class Break(Node):
    span: Span


class Continue(Node):
    span: Span


class Return(Node):
    span: Span
    value: Expr | None


class Assert(Node):
    span: Span
    test: Expr
    msg: Expr | None


class Alias(Node):
    """`name as asname` in an import; name may be dotted."""
    span: Span
    name: str
    asname: str | None


class Import(Node):
    span: Span
    names: tuple            # of Alias


class ImportFrom(Node):
    span: Span
    module: str
    names: tuple            # of Alias; ("*",) is refused by the compiler


class If(Node):
    span: Span
    test: Expr
    body: tuple
    orelse: tuple           # `elif` is an If alone in orelse


class While(Node):
    span: Span
    test: Expr
    body: tuple
    orelse: tuple           # runs when the loop ends without `break`


class For(Node):
    span: Span
    target: Expr
    iter: Expr
    body: tuple
    orelse: tuple


class WithItem(Node):
    span: Span
    context: Expr
    target: Expr | None


class With(Node):
    span: Span
    items: tuple
    body: tuple


class FunctionDef(Node):
    span: Span
    name: str
    params: Params
    body: tuple
    decorators: tuple       # outermost first, as written


class ClassDef(Node):
    span: Span
    name: str
    bases: tuple
    body: tuple
    decorators: tuple


class Global(Node):
    span: Span
    names: tuple            # of str


class Nonlocal(Node):
    span: Span
    names: tuple            # of str


class Delete(Node):
    """`del a, b[i], c.d`"""
    span: Span
    targets: tuple


class Raise(Node):
    """`raise exc [from cause]` or a bare `raise` (exc None) inside an except clause."""
    span: Span
    exc: Expr | None
    cause: Expr | None


class ExceptHandler(Node):
    """`except Type as name:`; type None means a bare `except:`."""
    span: Span
    type: Expr | None
    name: str | None
    body: tuple


class Try(Node):
    span: Span
    body: tuple
    handlers: tuple         # of ExceptHandler
    orelse: tuple
    finalbody: tuple


class Module(Node):
    span: Span
    body: tuple


Stmt = Union[ExprStmt, Assign, AugAssign, Pass, Break, Continue, Return,
             Assert, Import, ImportFrom, If, While, For, With, FunctionDef,
             ClassDef, Global, Nonlocal, Delete, Raise, Try]
