"""Tokens for the LALR driver: lark's terminals, then indentation, then depth.

The terminal regexps come from the cached tables (grammar_loader), matched in
lark's order. The indentation pass works like Python's tokenizer and lark's
Indenter: newlines inside brackets are dropped, a deeper line opens an
_INDENT, a shallower one closes _DEDENTs. A snippet pasted with a common
leading indentation is accepted: the first line's indentation is the base.
As in Python, a tab moves to the next multiple of 8 columns, and an indentation
whose meaning depends on the tab size is a TabError.
Bracket nesting is limited here, before any parsing, so that 10,000 `(`
give a clean error instead of exhausting the stack later.
"""

from __future__ import annotations

import re
import sys
from sys import intern

from .errors import GradcliError, Span

OPEN_BRACKETS = {"LPAR": "(", "LSQB": "[", "LBRACE": "{"}
CLOSE_BRACKETS = {"RPAR": "(", "RSQB": "[", "RBRACE": "{"}
TAB_SIZE = 8

_compiled: dict[int, re.Pattern] = {}


class Token:
    """A terminal with its span; `type` is the grammar's terminal name."""

    __slots__ = ("type", "value", "line", "column", "end_line", "end_column")

    def __init__(self, type, value, line, column, end_line, end_column):
        self.type = type
        self.value = value
        self.line = line
        self.column = column
        self.end_line = end_line
        self.end_column = end_column

    @property
    def span(self) -> Span:
        return Span(self.line, self.column, self.end_line, self.end_column)

    def __repr__(self) -> str:
        return f"Token({self.type!r}, {self.value!r}, {self.line}:{self.column})"


def master_pattern(terminals) -> str:
    """One regexp of all the terminals, as named groups in lark's order (the first that matches wins)."""
    return "|".join(f"(?P<{name}>{regexp})" for name, regexp in terminals)


def _master_regex(tables: dict) -> re.Pattern:
    key = id(tables)
    if key not in _compiled:
        pattern = master_pattern(tables["terminals"])
        _compiled[key] = _from_code(pattern, tables.get("master_code")) or re.compile(pattern)
    return _compiled[key]


def regex_code(pattern: str) -> tuple:
    """What ``re.compile(pattern)`` hands to ``_sre.compile``, tagged with the regex engine's version.
    The grammar cache keeps it for the master regexp: parsing and compiling its 1,100 characters
    again at every start cost ~10M instructions (~2.5 ms)."""
    import _sre
    from re import _compiler, _parser
    parsed = _parser.parse(pattern, 0)
    groupindex = dict(parsed.state.groupdict)
    indexgroup = [None] * parsed.state.groups
    for name, i in groupindex.items():
        indexgroup[i] = name
    code = [int(op) for op in _compiler._code(parsed, 0)]     # its opcodes are int subclasses marshal refuses
    return (_sre.MAGIC, tuple(sys.version_info[:2]), int(parsed.state.flags), code,
            parsed.state.groups - 1, groupindex, tuple(indexgroup))


def _from_code(pattern: str, code) -> re.Pattern | None:
    """The compiled regexp from ``regex_code``'s output, or None when it came from another Python
    (``re.compile`` then does the work)."""
    import _sre
    if not code or tuple(code[:2]) != (_sre.MAGIC, sys.version_info[:2]):
        return None
    try:
        return _sre.compile(pattern, *code[2:])
    except (TypeError, ValueError, RuntimeError):     # RuntimeError: code _sre finds invalid
        return None


class Lexer:
    """Turns source text into tokens, tracking brackets for error messages."""

    def __init__(self, text: str, tables: dict, filename: str, max_brackets: int, start=(1, 1)):
        self.text = text
        self.tables = tables
        self.filename = filename
        self.max_brackets = max_brackets
        self.open_brackets: list[Token] = []
        self.start = start      # (line, column) of the first character
        self.last_line = start[0] + text.count("\n")

    def error(self, message: str, span: Span, incomplete: bool = False) -> GradcliError:
        return GradcliError("syntax", message, span, filename=self.filename,
                            incomplete=incomplete)

    def _raw_tokens(self):
        text = self.text
        match = _master_regex(self.tables).match
        keywords = self.tables["keywords"]      # {"NAME": {"if": "IF", ...}}: the words a regexp also matches
        ignore = frozenset(self.tables["ignore"])
        pos, (line, column) = 0, self.start
        end = len(text)
        while pos < end:
            m = match(text, pos)
            if m is None:
                raise self._bad_character(pos, line, column)
            value = m.group()
            kind = m.lastgroup
            newlines = value.count("\n")
            if newlines:
                end_line = line + newlines
                end_column = len(value) - value.rfind("\n")
            else:
                end_line, end_column = line, column + len(value)
            if kind not in ignore:
                if kind in keywords:
                    kind = keywords[kind].get(value, kind)
                if kind == "NAME":
                    # interned as Python's compiler interns names: dicts then find them by identity,
                    # and the type attribute cache holds only interned names (getattr(tensor, name))
                    value = intern(value) if value.isascii() else intern(self._identifier(value, line, column))
                yield Token(kind, value, line, column, end_line, end_column)
            pos, line, column = m.end(), end_line, end_column

    def _identifier(self, value: str, line: int, column: int) -> str:
        """A non-ASCII name as Python reads it: its characters must be identifier characters (``x²`` is
        an invalid character, not a name), and it is NFKC-normalized (``ℌ`` and ``H`` are one name)."""
        if not value.isidentifier():
            bad = next(i for i in range(1, len(value) + 1) if not value[:i].isidentifier()) - 1
            ch = value[bad]
            raise self.error(f"invalid character {ch!r} (U+{ord(ch):04X})",
                             Span(line, column + bad, line, column + bad + 1))
        import unicodedata      # only for a non-ASCII name
        return unicodedata.normalize("NFKC", value)

    def _bad_character(self, pos: int, line: int, column: int) -> GradcliError:
        ch = self.text[pos]
        span = Span(line, column, line, column + 1)
        if ch in "\"'":
            triple = self.text.startswith(ch * 3, pos)
            if triple:
                return self.error("unterminated triple-quoted string", span, incomplete=True)
            return self.error("unterminated string literal", span)
        if ch == "\\":
            return self.error("a backslash continues a line only at its end", span)
        if ch in "$?`!":
            return self.error(f"invalid character {ch!r}", span)
        return self.error(f"invalid character {ch!r} (U+{ord(ch):04X})", span)

    def _tab_error(self, line: int, indent: int) -> GradcliError:
        """Python's TabError: the line's indentation compares differently with tabs of 1 column."""
        return self.error("inconsistent use of tabs and spaces in indentation", Span(line, 1, line, indent + 1))

    def tokens(self):
        """Tokens with _INDENT/_DEDENT, then one _NEWLINE-terminated end."""
        levels: list[int] | None = None
        last = None
        first_line, first_width = 1, 0   # where the first statement starts, and its indentation
        for tok in self._raw_tokens():
            last = tok
            kind = tok.type
            if kind == "_NEWLINE":
                if self.open_brackets:
                    continue
                yield tok
                indent_text = tok.value.rsplit("\n", 1)[-1]
                if "\n" not in tok.value or (
                        tok.end_line == self.last_line and tok.end_column == 1):
                    continue  # no next line: its indentation does not matter
                indent = _width(indent_text)
                if levels is None:
                    levels, chars = [indent], [len(indent_text)]
                    first_line, first_width = tok.end_line, indent
                    continue
                line = tok.end_line
                if indent > levels[-1]:
                    if len(indent_text) <= chars[-1]:
                        raise self._tab_error(line, indent)
                    levels.append(indent)
                    chars.append(len(indent_text))
                    yield Token("_INDENT", indent_text, line, 1, line, indent + 1)
                else:
                    if indent < levels[0]:
                        # the first statement was indented deeper than a later one (Python's words)
                        raise self.error("unexpected indent", Span(first_line, 1, first_line, first_width + 1))
                    while indent < levels[-1]:
                        levels.pop()
                        chars.pop()
                        yield Token("_DEDENT", indent_text, line, 1, line, indent + 1)
                    if indent != levels[-1]:
                        raise self.error(
                            "unindent does not match any outer indentation level",
                            Span(line, 1, line, indent + 1))
                    if len(indent_text) != chars[-1]:
                        raise self._tab_error(line, indent)
                continue
            if levels is None:
                row = tok.line - self.start[0]      # the token's line and column in self.text
                offset = tok.column - (self.start[1] if row == 0 else 1)
                prefix = self.text.split("\n", row + 1)[row][:offset]
                levels, chars = [_width(prefix)], [offset]
                first_line, first_width = tok.line, levels[0]
            if kind in OPEN_BRACKETS:
                self.open_brackets.append(tok)
                if len(self.open_brackets) > self.max_brackets:
                    raise GradcliError(
                        "limit", f"too many nested brackets (more than {self.max_brackets})",
                        tok.span, filename=self.filename)
            elif kind in CLOSE_BRACKETS:
                if self.open_brackets:
                    opener = self.open_brackets[-1]
                    if OPEN_BRACKETS[opener.type] != CLOSE_BRACKETS[kind]:
                        raise self.error(
                            f"closing {tok.value!r} does not match {opener.value!r} "
                            f"opened at line {opener.line}, column {opener.column}",
                            tok.span)
                    self.open_brackets.pop()
            yield tok
        if levels:
            for _ in levels[1:]:
                line = last.end_line if last else 1
                yield Token("_DEDENT", "", line, 1, line, 1)


def _width(indent_text: str) -> int:
    width = 0
    for ch in indent_text:
        width = (width // TAB_SIZE + 1) * TAB_SIZE if ch == "\t" else width + 1
    return width
