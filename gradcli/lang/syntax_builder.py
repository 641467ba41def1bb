"""Parse trees to AST: one builder method per grammar rule or alias (``(span, children) -> node``).

The parser's driver (parser.py) hands each reduction's children to the method named after the rule;
the builder only builds frozen nodes with their spans, it never evaluates (a Transformer works
bottom-up, so evaluating here would run both arms of an ``if``). Tests check that every alias of
the grammar has its method.
"""
from __future__ import annotations

import ast as _python_ast
import re
import warnings
from bisect import bisect_left
from functools import lru_cache

from . import syntax_tree as syntax
from .errors import GradcliError, Span
from .lexer import Token
from .limits import DEFAULT_MAX_INT_DIGITS

# the bits of the largest decimal literal Python accepts, for hex, octal and binary ones too
MAX_LITERAL_BITS = DEFAULT_MAX_INT_DIGITS * 3322 // 1000 + 1
# nested loops of one comprehension run as nested calls: well below the Python stack
MAX_COMPREHENSION_CLAUSES = 100
MAX_WITH_ITEMS = 20      # CPython's limit too ("too many statically nested blocks")


def _cover(spans: list) -> Span:
    first = last = None
    for s in spans:
        if s is not None:
            first = s
            break
    for s in reversed(spans):
        if s is not None:
            last = s
            break
    if first is None:
        return None
    return Span(first.line, first.column, last.end_line, last.end_column)


class AstBuilder:
    """One method per grammar rule or alias: (span, children) -> AST node."""

    def __init__(self, parser):
        self._parser = parser

    def _error(self, message: str, span: Span) -> GradcliError:
        return GradcliError("syntax", message, span, filename=self._parser.filename)

    # ------------------------------------------------------------ statements

    def module(self, span, children):
        return syntax.Module(span or Span(1, 1, 1, 1), _flatten(children))

    def eval_input(self, span, children):
        return children[0]

    def simple_stmt(self, span, children):
        return list(children)

    def suite(self, span, children):
        return _flatten(children)

    def expr_stmt(self, span, children):
        return syntax.ExprStmt(span, children[0])

    def assign(self, span, children):
        *targets, value = children
        for target in targets:
            self._check_target(target, "assign to")
        return syntax.Assign(span, tuple(targets), value)

    def ann_assign(self, span, children):
        """`x: Tensor = value` assigns; the annotation is never evaluated (inside a function
        Python does not either), and `x: int` alone does nothing."""
        target, _annotation, value = children
        if not isinstance(target, (syntax.Name, syntax.Attribute, syntax.Subscript)):
            raise self._error("only single target (not tuple) can be annotated", target.span)
        if value is None:
            return syntax.AnnDecl(span, target)
        self._check_target(target, "assign to")
        return syntax.AnnAssign(span, (target,), value)

    def aug_assign(self, span, children):
        target, op, value = children
        if not isinstance(target, (syntax.Name, syntax.Attribute, syntax.Subscript)):
            raise self._error(f"cannot use {op.value!r} on {_describe_node(target)}", target.span)
        return syntax.AugAssign(span, target, op.value[:-1], value)

    def pass_stmt(self, span, children):
        return syntax.Pass(span)

    def break_stmt(self, span, children):
        return syntax.Break(span)

    def continue_stmt(self, span, children):
        return syntax.Continue(span)

    def return_stmt(self, span, children):
        return syntax.Return(span, children[0])

    def yield_stmt(self, span, children):
        return syntax.Yield(span, children[0], False)

    def yield_from(self, span, children):
        return syntax.Yield(span, children[0], True)

    def assert_stmt(self, span, children):
        return syntax.Assert(span, children[0], children[1])

    def global_stmt(self, span, children):
        return syntax.Global(span, tuple(tok.value for tok in children))

    def nonlocal_stmt(self, span, children):
        return syntax.Nonlocal(span, tuple(tok.value for tok in children))

    def del_stmt(self, span, children):
        target = children[0]
        targets = target.elts if isinstance(target, syntax.TupleExpr) else (target,)
        for item in targets:
            if not isinstance(item, (syntax.Name, syntax.Subscript, syntax.Attribute)):
                raise self._error(f"cannot delete {_describe_node(item)}", item.span)
        return syntax.Delete(span, tuple(targets))

    def raise_stmt(self, span, children):
        exc, cause = (children + [None, None])[:2]
        return syntax.Raise(span, exc, cause)

    def try_stmt(self, span, children):
        body, *handlers, orelse, final = children
        for handler in handlers[:-1]:
            if handler.type is None:
                raise self._error("default 'except:' must be last", handler.span)
        return syntax.Try(span, body, tuple(handlers), orelse or (), final or ())

    def try_finally(self, span, children):
        body, final = children
        return syntax.Try(span, body, (), (), final)

    def except_clause(self, span, children):
        kind, name, body = children
        return syntax.ExceptHandler(span, kind, name.value if name is not None else None, body)

    def else_clause(self, span, children):
        return children[0]

    finally_clause = else_clause

    def import_stmt(self, span, children):
        return syntax.Import(span, tuple(children))

    def dotted_as_name(self, span, children):
        name, asname = children
        return syntax.Alias(span, name, asname.value if asname else None)

    def dotted_name(self, span, children):
        return ".".join(tok.value for tok in children)

    def import_from(self, span, children):
        module, names = children
        return syntax.ImportFrom(span, module, tuple(names))

    def import_star(self, span, children):
        return (syntax.Alias(span, "*", None),)

    def import_as_names(self, span, children):
        return tuple(children)

    def import_as_name(self, span, children):
        name, asname = children
        return syntax.Alias(span, name.value, asname.value if asname else None)

    def if_stmt(self, span, children):
        test, body, *elifs, orelse = children
        tail = orelse or ()
        for clause in reversed(elifs):
            clause_test, clause_body, clause_span = clause
            end = tail[-1].span if tail else clause_span
            tail = (syntax.If(Span(clause_span.line, clause_span.column, end.end_line,
                                end.end_column), clause_test, clause_body, tail),)
        return syntax.If(span, test, body, tail)

    def elif_clause(self, span, children):
        return (children[0], children[1], span)

    def while_stmt(self, span, children):
        test, body, orelse = children
        return syntax.While(span, test, body, orelse or ())

    def for_stmt(self, span, children):
        target, iterable, body, orelse = children
        self._check_target(target, "assign to")
        return syntax.For(span, target, iterable, body, orelse or ())

    def loop_else(self, span, children):
        return children[0]

    def with_stmt(self, span, children):
        *items, body = children
        if len(items) > MAX_WITH_ITEMS:
            raise self._error(f"too many context managers in one 'with' statement (more than {MAX_WITH_ITEMS}): "
                              "each nests a block", items[MAX_WITH_ITEMS].span)
        return syntax.With(span, tuple(items), body)

    def with_item(self, span, children):
        context, target = children
        if target is not None:
            self._check_target(target, "assign to")
        return syntax.WithItem(span, context, target)

    def decorated(self, span, children):
        *decorators, definition = children
        return syntax.replace(definition, span=span, decorators=tuple(decorators))

    def decorator(self, span, children):
        return children[0]

    def funcdef(self, span, children):
        name, params, _returns, body = children
        params = params or syntax.Params(span, (), None, (), None, 0)
        return syntax.FunctionDef(span, name.value, params, body, ())

    def classdef(self, span, children):
        name, arguments, body = children
        bases = ()
        if arguments is not None:
            bases, keywords = arguments
            if keywords or any(isinstance(b, syntax.Starred) for b in bases):
                raise self._error("class bases must be plain names", span)
        return syntax.ClassDef(span, name.value, tuple(bases), body, ())

    def parameters(self, span, children):
        return self._params(span, children)

    lambda_params = parameters

    def param(self, span, children):
        name, _annotation, default = children
        return syntax.Param(span, name.value, default)

    def lambda_param(self, span, children):
        name, default = children
        return syntax.Param(span, name.value, default)

    def star_param(self, span, children):
        return ("*", children[0].value, span)

    def double_star_param(self, span, children):
        return ("**", children[0].value, span)

    def kwonly_marker(self, span, children):
        return ("*", None, span)

    def posonly_marker(self, span, children):
        return ("/", None, span)

    def _params(self, span, items) -> syntax.Params:
        args, kwonly = [], []
        vararg = kwarg = None
        seen_star = False
        seen_default = False
        posonly = 0
        names = set()
        for item in items:
            if kwarg is not None:
                raise self._error("nothing may follow '**' parameters", _item_span(item))
            if isinstance(item, syntax.Param):
                if item.name in names:
                    raise self._error(f"duplicate parameter {item.name!r}", item.span)
                names.add(item.name)
                if seen_star:
                    kwonly.append(item)
                    continue
                if item.default is None and seen_default:
                    raise self._error("parameter without a default follows parameter with a default",
                                      item.span)
                seen_default = seen_default or item.default is not None
                args.append(item)
                continue
            stars, name, item_span = item
            if stars == "/":
                if posonly or seen_star or not args:
                    raise self._error("'/' must follow at least one parameter, once, before '*'", item_span)
                posonly = len(args)
                continue
            if name is not None:
                if name in names:
                    raise self._error(f"duplicate parameter {name!r}", item_span)
                names.add(name)
            if stars == "**":
                kwarg = name
            elif seen_star:
                raise self._error("'*' may appear only once in parameters", item_span)
            else:
                seen_star = True
                vararg = name
        return syntax.Params(span, tuple(args), vararg, tuple(kwonly), kwarg, posonly)

    # ----------------------------------------------------------- expressions

    def ternary(self, span, children):
        body, test, orelse = children
        return syntax.IfExp(span, test, body, orelse)

    def lambdef(self, span, children):
        params, body = children
        params = params or syntax.Params(span, (), None, (), None, 0)
        return syntax.Lambda(span, params, body)

    def or_op(self, span, children):
        return syntax.BoolOp(span, "or", children[0], children[1])

    def and_op(self, span, children):
        return syntax.BoolOp(span, "and", children[0], children[1])

    def not_op(self, span, children):
        return syntax.UnaryOp(span, "not", children[0])

    def compare(self, span, children):
        return syntax.Compare(span, children[0], tuple(children[1::2]), tuple(children[2::2]))

    def comp_op(self, span, children):
        return " ".join(tok.value for tok in children)

    def binop(self, span, children):
        left, op, right = children
        return syntax.BinOp(span, op.value, left, right)

    def unary(self, span, children):
        return syntax.UnaryOp(span, children[0].value, children[1])

    def call(self, span, children):
        func, arguments = children
        args, keywords = arguments if arguments is not None else ((), ())
        return syntax.Call(span, func, args, keywords)

    def arguments(self, span, children):
        args, keywords = [], []
        names = set()
        for item in children:
            if isinstance(item, syntax.Keyword):
                if item.name is not None:
                    if item.name in names:
                        raise self._error(f"keyword argument repeated: {item.name}", item.span)
                    names.add(item.name)
                keywords.append(item)
            elif keywords and not isinstance(item, syntax.Starred):
                raise self._error("positional argument follows keyword argument", item.span)
            elif keywords and isinstance(item, syntax.Starred) and keywords[-1].name is None:
                raise self._error("iterable argument unpacking follows keyword argument unpacking",
                                  item.span)
            else:
                args.append(item)
        return tuple(args), tuple(keywords)

    def keyword_arg(self, span, children):
        name, value = children
        if not isinstance(name, syntax.Name):
            raise self._error('expression cannot contain assignment, perhaps you meant "=="?',
                              name.span)
        return syntax.Keyword(span, name.id, value)

    def star_arg(self, span, children):
        return syntax.Starred(span, children[0])

    star_expr = star_arg

    def double_star_arg(self, span, children):
        return syntax.Keyword(span, None, children[0])

    def genexp_arg(self, span, children):
        return syntax.GeneratorExp(span, children[0], children[1])

    def subscript(self, span, children):
        return syntax.Subscript(span, children[0], children[1])

    def index_tuple(self, span, children):
        return syntax.TupleExpr(span, tuple(children))

    def slice(self, span, children):
        lower, upper, step = children
        return syntax.Slice(span, lower, upper, step)

    def attribute(self, span, children):
        return syntax.Attribute(span, children[0], children[1].value)

    def name(self, span, children):
        return syntax.Name(span, children[0].value)

    def tuple(self, span, children):
        return syntax.TupleExpr(span, tuple(children))

    def list(self, span, children):
        return syntax.ListExpr(span, tuple(children))

    def listcomp(self, span, children):
        return syntax.ListComp(span, children[0], children[1])

    genexp = genexp_arg

    def walrus(self, span, children):
        return syntax.NamedExpr(span, children[0].value, children[1])

    def dict(self, span, children):
        return syntax.DictExpr(span, tuple(k for k, _ in children), tuple(v for _, v in children))

    def dictcomp(self, span, children):
        (key, value), generators = children
        return syntax.DictComp(span, key, value, generators)

    def set(self, span, children):
        return syntax.SetExpr(span, tuple(children))

    def setcomp(self, span, children):
        return syntax.SetComp(span, children[0], children[1])

    def dict_item(self, span, children):
        return (children[0], children[1])

    def dict_unpack(self, span, children):
        return (None, children[0])

    def comprehension(self, span, children):
        if len(children) > MAX_COMPREHENSION_CLAUSES:
            raise self._error(f"too many 'for'/'if' clauses in one comprehension (more than "
                              f"{MAX_COMPREHENSION_CLAUSES}): each nests a loop", span)
        clauses = []
        for clause in children:
            if isinstance(clause, syntax.Comprehension):
                clauses.append(clause)
            else:
                last = clauses[-1]
                clauses[-1] = syntax.Comprehension(
                    Span(last.span.line, last.span.column, clause.span.end_line,
                         clause.span.end_column),
                    last.target, last.iter, last.ifs + (clause,))
        return tuple(clauses)

    def comp_for(self, span, children):
        target, iterable = children
        self._check_target(target, "assign to")
        return syntax.Comprehension(span, target, iterable, ())

    def comp_if(self, span, children):
        return children[0]

    def ellipsis(self, span, children):
        return syntax.Constant(span, ...)

    def const_none(self, span, children):
        return syntax.Constant(span, None)

    def const_true(self, span, children):
        return syntax.Constant(span, True)

    def const_false(self, span, children):
        return syntax.Constant(span, False)

    def number(self, span, children):
        token = children[0]
        text = token.value.replace("_", "")
        try:
            if token.type == "FLOAT_NUMBER":
                return syntax.Constant(span, float(text))
            if token.type == "IMAG_NUMBER":
                return syntax.Constant(span, complex(text))
            base = {"HEX_NUMBER": 16, "OCT_NUMBER": 8, "BIN_NUMBER": 2}.get(token.type, 10)
            if base == 10 and text[0] == "0" and text.strip("0"):    # Python 2's octal 010 is 8, not 10
                raise self._error("leading zeros in decimal integer literals are not permitted; use an 0o "
                                  "prefix for octal integers", span)
            value = int(text, base)
            if value.bit_length() > MAX_LITERAL_BITS:     # Python bounds only decimal literals (4300 digits)
                raise ValueError
            return syntax.Constant(span, value)
        except ValueError:
            raise self._error("number literal too large", span) from None

    def strings(self, span, children):
        parts: list = []
        is_fstring = False
        for token in children:
            prefix = _prefix(token.value)
            if "f" in prefix.lower():
                is_fstring = True
                parts.extend(self._fstring_parts(token, prefix))
            else:
                parts.append(self._literal(token.value, token.span))
        if not is_fstring:
            return syntax.Constant(span, "".join(parts))
        return syntax.FString(span, _merge_text(parts))

    # -------------------------------------------------------------- strings

    def _literal(self, text: str, span: Span) -> str:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                return _python_ast.literal_eval(text)
        except (SyntaxError, ValueError) as exc:
            raise self._error(f"invalid string literal: {getattr(exc, 'msg', exc)}", span) from None

    def _fstring_parts(self, token: Token, prefix: str) -> list:
        value = token.value
        quote = value[len(prefix):len(prefix) + 3]
        if quote not in ('"""', "'''"):
            quote = quote[0]
        body_start = len(prefix) + len(quote)
        body = value[body_start:len(value) - len(quote)]
        raw = "r" in prefix.lower()
        plain_prefix = "r" if raw else ""

        def decode(text: str, offset: int) -> str:
            if not text:
                return ""
            if raw:
                return text
            return self._literal(plain_prefix + quote + text + quote,
                                 _span_at(token, body_start + offset, len(text)))

        return self._scan_fstring(token, body, body_start, decode)

    def _scan_fstring(self, token: Token, body: str, base: int, decode) -> list:
        parts: list = []
        buffer = []
        i, n = 0, len(body)

        def flush(upto):
            text = "".join(buffer)
            buffer.clear()
            if text:
                parts.append(decode(text, upto - len(text)))

        while i < n:
            ch = body[i]
            if ch == "{" and body.startswith("{{", i):
                buffer.append("{")
                i += 2
                continue
            if ch == "}":
                if body.startswith("}}", i):
                    buffer.append("}")
                    i += 2
                    continue
                raise self._error("f-string: single '}' is not allowed",
                                  _span_at(token, base + i, 1))
            if ch == "{":
                flush(i)
                end = self._field(token, body, i, base, parts, decode)
                i = end
                continue
            buffer.append(ch)
            i += 1
        flush(n)
        return parts

    def _field(self, token, body, start, base, parts, decode) -> int:
        """Parse `{expr!c:spec}` starting at body[start]; return the end index."""
        i = start + 1
        depth = 0
        quote = None
        n = len(body)
        expr_end = conversion = None
        spec_start = None
        while i < n:
            ch = body[i]
            if quote:
                if ch == quote:
                    quote = None
            elif ch in "'\"":
                quote = ch
            elif ch in "([{":
                depth += 1
            elif ch in ")]}" and depth:
                depth -= 1
            elif depth == 0 and ch == "!" and body[i + 1:i + 2] != "=":
                expr_end = i
                conversion = body[i + 1:i + 2]
                i += 2
                if i < n and body[i] == ":":
                    spec_start = i + 1
                break
            elif depth == 0 and ch == ":":
                expr_end = i
                spec_start = i + 1
                break
            elif depth == 0 and ch == "}":
                expr_end = i
                break
            i += 1
        if expr_end is None:
            raise self._error("f-string: expecting '}'", _span_at(token, base + start, 1))
        spec = None
        end = expr_end
        if spec_start is not None:
            level = 0
            j = spec_start
            while j < n:
                if body[j] == "{":
                    level += 1
                elif body[j] == "}":
                    if level == 0:
                        break
                    level -= 1
                j += 1
            if j >= n:
                raise self._error("f-string: expecting '}'", _span_at(token, base + start, 1))
            spec_text = body[spec_start:j]
            spec_parts = self._scan_fstring(token, spec_text, base + spec_start, lambda t, o: t)
            spec = syntax.FString(_span_at(token, base + spec_start, len(spec_text)),
                               _merge_text(spec_parts))
            end = j + 1
        else:
            if conversion is not None:
                i = expr_end + 2
            else:
                i = expr_end
            if i >= n or body[i] != "}":
                raise self._error("f-string: expecting '}'", _span_at(token, base + start, 1))
            end = i + 1
        if conversion is not None and conversion not in ("r", "s", "a"):
            raise self._error("f-string: invalid conversion character: expected 's', 'r', or 'a'",
                              _span_at(token, base + expr_end, 2))
        expr_text = body[start + 1:expr_end]
        stripped = expr_text.rstrip()
        if stripped.endswith("=") and not stripped.endswith(("==", "!=", "<=", ">=")):
            parts.append(expr_text)  # {x=} shows the text, then the value
            expr_text = stripped[:-1]
            if conversion is None and spec is None:
                conversion = "r"
        if not expr_text.strip():
            raise self._error("f-string: empty expression not allowed",
                              _span_at(token, base + start, expr_end - start + 1))
        line, column = _position_at(token, base + start + 1)
        expression = self._sub_expression(expr_text, line, column)
        parts.append(syntax.FormattedValue(_span_at(token, base + start, end - start),
                                        expression, conversion, spec))
        return end

    def _sub_expression(self, text: str, line: int, column: int):
        """Parse an f-string field where it stands (its tokens start at its line and column, so that spans
        stay true), under the script's time limit. (Padding the text with the lines and columns before it
        made each field cost the length of the script: 100,000 fields on one line ran for minutes.)"""
        parser = self._parser
        if parser.check is not None:     # (a field is a few tokens: the parse loop's own check never comes)
            try:
                parser.check()
            except GradcliError as err:
                err.span, err.filename = Span(line, column, line, column + len(text)), parser.filename
                err.message += f" while parsing (an f-string's field at line {line})"
                raise
        return type(parser)("(" + text + ")", parser.filename, parser.check,
                            start=(line, column - 1)).run("eval_input")

    # ---------------------------------------------------------------- checks

    def _check_target(self, node, verb: str) -> None:
        if isinstance(node, (syntax.Name, syntax.Attribute, syntax.Subscript)):
            return
        if isinstance(node, (syntax.TupleExpr, syntax.ListExpr)):
            starred = [e for e in node.elts if isinstance(e, syntax.Starred)]
            if len(starred) > 1:
                raise self._error("multiple starred expressions in assignment", starred[1].span)
            for element in node.elts:
                self._check_target(element.value if isinstance(element, syntax.Starred) else element, verb)
            return
        if isinstance(node, syntax.Starred):
            raise self._error("starred assignment target must be in a list or tuple", node.span)
        raise self._error(f"cannot {verb} {_describe_node(node)}", node.span)


def _flatten(children) -> tuple:
    out = []
    for child in children:
        if isinstance(child, list):
            out.extend(child)
        elif isinstance(child, tuple):
            out.extend(child)
        elif child is not None and not isinstance(child, Token):
            out.append(child)
    return tuple(out)


def _item_span(item) -> Span:
    return item.span if isinstance(item, syntax.Param) else item[2]


def _describe_node(node) -> str:
    return {
        syntax.Call: "a function call", syntax.Constant: "a literal", syntax.BinOp: "an expression",
        syntax.UnaryOp: "an expression", syntax.BoolOp: "an expression", syntax.Compare: "a comparison",
        syntax.Lambda: "a lambda", syntax.IfExp: "a conditional expression",
        syntax.FString: "an f-string", syntax.ListComp: "a comprehension", syntax.GeneratorExp: "a generator expression",
        syntax.NamedExpr: "a named expression", syntax.DictExpr: "a dict literal",
        syntax.SetComp: "a comprehension", syntax.DictComp: "a comprehension", syntax.SetExpr: "a set literal",
        syntax.TupleExpr: "a tuple", syntax.ListExpr: "a list",
    }.get(type(node), "this expression")


def _prefix(text: str) -> str:
    i = 0
    while text[i] not in "\"'":
        i += 1
    return text[:i]


def _merge_text(parts: list) -> tuple:
    merged: list = []
    for part in parts:
        if isinstance(part, str) and merged and isinstance(merged[-1], str):
            merged[-1] += part
        elif part != "":
            merged.append(part)
    return tuple(merged)


def _position_at(token: Token, offset: int) -> tuple[int, int]:
    """Line and column of character `offset` of a token's text."""
    breaks = _line_breaks(token.value)
    newlines = bisect_left(breaks, offset)
    if newlines:
        return token.line + newlines, offset - breaks[newlines - 1]
    return token.line, token.column + offset


@lru_cache(maxsize=4)
def _line_breaks(text: str) -> list:
    """The offsets of the newlines in a token's text, found once per token (an f-string asks for the
    position of each of its fields)."""
    return [m.start() for m in re.finditer("\n", text)] if "\n" in text else []


def _span_at(token: Token, offset: int, length: int) -> Span:
    line, column = _position_at(token, offset)
    end_line, end_column = _position_at(token, offset + max(length, 1))
    return Span(line, column, end_line, end_column)
