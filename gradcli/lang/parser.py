"""Source text to AST: the LALR driver, the AST builder, parse errors in words.

The tables come from grammar/gradcli.lark through grammar_loader (built by
lark once, then cached). The driver shapes each reduction's children exactly
as lark's tree builder would, and hands them, with the span they cover, to
the AstBuilder method named after the rule or its alias: the builder only
builds nodes, it never evaluates. Reductions happen bottom-up without
recursion, so deep input cannot exhaust the Python stack; the depth of the
resulting tree is bounded anyway because the compiler recurses over it.
"""

from __future__ import annotations

from . import syntax_tree as syntax
from .errors import GradcliError, Span
from .grammar_loader import EXPAND1, INLINE, load_tables
from .lexer import CLOSE_BRACKETS, Lexer, Token
from .syntax_builder import AstBuilder, _cover

new_span = tuple.__new__     # a Span from a tuple without NamedTuple's Python-level __new__

MAX_BRACKET_DEPTH = 100   # nested (), [], {} in one statement
MAX_TREE_DEPTH = 200      # nested expressions and blocks in the AST

# Python words that are not part of the language, for a useful message.
UNSUPPORTED_WORDS = frozenset({
    "async", "await", "match", "exec", "print_function",
})

# Terminals that can start an expression: when the parser wanted one of
# these, the message says "expected an expression".
_EXPRESSION_STARTS = frozenset({"NAME", "DEC_NUMBER", "FLOAT_NUMBER", "STRING", "LPAR", "LSQB"})

_TERMINAL_WORDS = {
    "NAME": "a name", "DEC_NUMBER": "a number", "HEX_NUMBER": "a number",
    "OCT_NUMBER": "a number", "BIN_NUMBER": "a number",
    "FLOAT_NUMBER": "a number", "STRING": "a string", "LONG_STRING": "a string",
    "_NEWLINE": "end of line", "_INDENT": "an indented block",
    "_DEDENT": "the end of the block", "$END": "end of input",
    "AUGASSIGN": "an augmented assignment",
}


class _Inline(list):
    """Children of an `_rule`, spliced into the parent by the driver."""
    __slots__ = ("span",)


_last_parse: tuple = ("", "", None)     # (source, filename, module) of the last whole-script parse


def parse(source: str, filename: str = "<string>", check=None) -> syntax.Module:
    """Parse a whole script (statements) into an syntax.Module. `check()`, if given,
    is called every few thousand tokens (a session's time limit). The last script's tree is
    kept (trees are immutable): ``gradcli check`` runs one source some twenty times."""
    global _last_parse
    last_source, last_filename, module = _last_parse
    if module is None or source != last_source or filename != last_filename:
        module = _parsed(source, filename, check)
        _last_parse = (source, filename, module)
    return module


CACHED_SOURCE = 256     # scripts this long or longer are kept parsed on disk (parse_cache)


def _parsed(source: str, filename: str, check):
    """The tree of a whole script: from the parse cache when it holds this text, else parsed (and
    then kept there). Only trees are cached: a script with a syntax error is parsed every time."""
    if len(source) < CACHED_SOURCE:
        return _Parser(source, filename, check).run("start")
    from . import parse_cache
    module = parse_cache.load(source)
    if module is None:
        module = _Parser(source, filename, check).run("start")
        parse_cache.store(source, module)
    return module


def parse_expression(source: str, filename: str = "<string>", check=None) -> syntax.Expr:
    """Parse one expression (a bare tuple like `a, b` is allowed)."""
    return _Parser(source, filename, check).run("eval_input")


class _Parser:
    def __init__(self, source: str, filename: str, check=None, start=(1, 1)):
        if source.startswith("\ufeff"):
            source = source[1:]   # a UTF-8 byte order mark, as Python ignores it
        self.source = source
        self.filename = filename
        self.check = check
        self.start = start      # (line, column) of the text's first character: an f-string field's in its script
        self.tables = load_tables()
        self.builder = AstBuilder(self)

    def run(self, start: str):
        text = self.source.rstrip() + "\n"
        lexer = Lexer(text, self.tables, self.filename, MAX_BRACKET_DEPTH, self.start)
        tables = self.tables
        actions, symbol_ids, width, units = _action_table(tables)
        chains = tables.setdefault("_chains", {})
        plans = tables["plans"]
        end_state = tables["end_states"][start]
        state_stack = [tables["start_states"][start]]
        value_stack: list = []
        span_stack: list = []
        depth_stack: list = []
        builder = self.builder
        previous = None
        tokens = lexer.tokens()
        check = self.check
        count = 0
        while True:
            token = next(tokens, None)
            if check is not None:
                count += 1
                if count & 4095 == 0 and token is not None:
                    try:
                        check()
                    except GradcliError as err:
                        err.span = err.span or token.span
                        err.filename = self.filename
                        if err.kind == "limit":     # not the line's own work: the whole text is still being read
                            err.message += f" while parsing (line {token.line} of {lexer.last_line - 1})"
                        raise
            at_end = token is None
            if at_end:
                pos = (previous.end_line, previous.end_column) if previous else (1, 1)
                token = Token("$END", "", *pos, *pos)
            column = symbol_ids.get(token.type, -1)
            while True:
                cell = actions[state_stack[-1] * width + column] if column >= 0 else 0
                if cell == 0:
                    raise self._unexpected(token, previous, state_stack[-1], lexer)
                if cell > 0:
                    state_stack.append(cell - 1)
                    value_stack.append(token)
                    span_stack.append(new_span(Span, (token.line, token.column, token.end_line, token.end_column)))
                    depth_stack.append(0)
                    break
                unit = units[-cell - 1]
                if unit >= 0:
                    # a one-child `?rule` hands its child up unchanged (value, span, depth): only the
                    # state moves, and most reductions are these (atom -> power -> ... -> test)
                    if at_end:
                        state_stack[-1] = actions[state_stack[-2] * width + unit] - 1
                        if state_stack[-1] == end_state:
                            return value_stack[-1]
                        continue
                    key = (state_stack[-2], state_stack[-1], column)
                    top = chains.get(key)
                    if top is None:
                        top = chains[key] = _unit_chain(actions, units, width, state_stack[-2], unit, column)
                    state_stack[-1] = top
                    continue
                column_of, size, name, kind, steps, nones_after = plans[-cell - 1]
                if size == 1:
                    children = [value_stack.pop()]
                    spans = [span_stack.pop()]
                    depth = depth_stack.pop()
                    state_stack.pop()
                elif size:
                    children = value_stack[-size:]
                    spans = span_stack[-size:]
                    depth = max(depth_stack[-size:])
                    del state_stack[-size:], value_stack[-size:]
                    del span_stack[-size:], depth_stack[-size:]
                else:
                    children, spans, depth = [], [None], 0
                first, last = spans[0], spans[-1]   # an empty rule covers nothing: None
                if first is not None and last is not None:
                    span = new_span(Span, (first[0], first[1], last[2], last[3]))
                else:
                    span = _cover(spans)
                if steps is None:
                    shaped = children       # every child, in order: the common case
                else:
                    shaped = []
                    if steps and steps[0] == (0, True, 0) and type(children[0]) is _Inline:
                        # a left-recursive list (`_stmts: _stmts stmt`): extend the list the
                        # stack owned instead of copying it, or n statements cost O(n**2)
                        shaped = children[0]
                        steps = steps[1:]
                    for index, splice, nones in steps:
                        if nones:
                            shaped.extend([None] * nones)
                        if splice:
                            shaped.extend(children[index])
                        else:
                            shaped.append(children[index])
                    if nones_after:
                        shaped.extend([None] * nones_after)
                if kind == INLINE:
                    value = shaped if type(shaped) is _Inline else _Inline(shaped)
                    value.span = span
                elif kind == EXPAND1 and len(shaped) == 1:
                    value = shaped[0]
                else:
                    depth += 1
                    if depth > MAX_TREE_DEPTH:
                        raise GradcliError(
                            "limit", f"code nested too deeply (more than {MAX_TREE_DEPTH} levels)",
                            span, filename=self.filename)
                    value = getattr(builder, name)(span, shaped)
                goto = actions[state_stack[-1] * width + column_of]
                state_stack.append(goto - 1)
                value_stack.append(value)
                span_stack.append(span)
                depth_stack.append(depth)
                if at_end and state_stack[-1] == end_state:
                    return value_stack[-1]
            previous = token

    # ------------------------------------------------------------- errors

    def _unexpected(self, token: Token, previous: Token | None, state: int,
                    lexer: Lexer) -> GradcliError:
        actions, symbol_ids, width, _ = _action_table(self.tables)
        expected = {name for name, i in symbol_ids.items()
                    if actions[state * width + i] and (name.isupper() or name.startswith("$"))}
        kind = token.type
        span = token.span

        def error(message, at=span, incomplete=False):
            return GradcliError("syntax", message, at, filename=self.filename,
                                incomplete=incomplete)

        if previous is not None and previous.type == "NAME" and previous.value in UNSUPPORTED_WORDS:
            return error(f"'{previous.value}' is not part of the gradcli language",
                         previous.span)
        if kind == "$END":
            if lexer.open_brackets:
                opener = lexer.open_brackets[-1]
                return error(f"unclosed {opener.value!r}", opener.span, incomplete=True)
            if "_INDENT" in expected:
                return error("expected an indented block", span, incomplete=True)
            return error("unexpected end of input", span, incomplete=True)
        if kind in CLOSE_BRACKETS and not lexer.open_brackets:
            return error(f"unexpected {token.value!r}")
        if kind == "_INDENT":
            return error("unexpected indent")
        if "_INDENT" in expected:
            return error("expected an indented block")
        if expected & _EXPRESSION_STARTS == _EXPRESSION_STARTS:
            found = self._describe(token)
            return error(f"expected an expression, found {found}")
        words = sorted({self._describe_terminal(t) for t in expected})
        found = self._describe(token)
        if 0 < len(words) <= 3:
            return error(f"expected {' or '.join(words)}, found {found}")
        return error(f"unexpected {found}")

    def _describe_terminal(self, name: str) -> str:
        if name in _TERMINAL_WORDS:
            return _TERMINAL_WORDS[name]
        literal = self.tables["literals"].get(name)
        return repr(literal) if literal is not None else name.lower()

    def _describe(self, token: Token) -> str:
        if token.type in ("_NEWLINE", "_DEDENT", "$END", "_INDENT"):
            return _TERMINAL_WORDS[token.type]
        if token.type in _TERMINAL_WORDS:
            noun = _TERMINAL_WORDS[token.type].split(" ", 1)[1]
            return f"{noun} {token.value!r}"
        return repr(token.value)


def _unit_chain(actions, units, width, below, unit, column) -> int:
    """The state after every one-child reduction that follows, with ``column`` ahead: each one only
    moves the top state (the state below it stays), so the chain is a function of the two states
    and the column, worked out once."""
    while True:
        top = actions[below * width + unit] - 1
        cell = actions[top * width + column]
        if cell >= 0 or units[-cell - 1] < 0:
            return top
        unit = units[-cell - 1]


def _action_table(tables: dict):
    """The dense action table as (int view, symbol -> column, row width, units); see
    grammar_loader._driver_tables."""
    view = tables.get("_view")
    if view is None:
        view = (memoryview(tables["actions"]).cast("i"), tables["columns"], len(tables["symbols"]), tables["units"])
        tables["_view"] = view
    return view
