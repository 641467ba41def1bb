"""The start-up parser (parse tables run by our own LALR driver, no lark import) builds exactly
the tree lark builds from the same tokens, and fails exactly where lark fails.

Both parsers get the tokens of gradcli's lexer (with its indentation tokens); lark's own
interactive LALR parser is fed them one by one. Trees are compared as (rule, children) tuples,
tokens as (type, value), so node shaping (inlined ``_rules``, ``?rule`` expansion, ``[]``
placeholders) must agree to the letter.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

lark = pytest.importorskip("lark")
from lark.indenter import PythonIndenter  # noqa: E402

from gradcli.lang import GradcliError  # noqa: E402
from gradcli.lang.grammar_loader import START_SYMBOLS, grammar_path  # noqa: E402
from gradcli.lang.lexer import Lexer, Token  # noqa: E402
from gradcli.lang.parser import MAX_BRACKET_DEPTH, _Parser  # noqa: E402

from test_fuzz import SEEDS, TOKENS  # noqa: E402  (tests/lang is on sys.path under pytest)

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted(ROOT.glob("samples/*.grad")) + sorted((ROOT / "tests" / "torch_scripts").glob("*.py"))


class _TreeRecorder:
    """Stands in for the AST builder: every rule becomes ``(name, children)``."""

    def __getattr__(self, name):
        return lambda span, children: (name, tuple(_plain(c) for c in children))


def _plain(value):
    if isinstance(value, Token):
        return (value.type, value.value)
    return value


def _lark_plain(value):
    if isinstance(value, lark.Tree):
        return (str(value.data), tuple(_lark_plain(c) for c in value.children))
    if isinstance(value, lark.Token):
        return (value.type, str(value))
    return value


@pytest.fixture(scope="module")
def lark_parser():
    return lark.Lark(grammar_path().read_text(encoding="utf-8"), parser="lalr", lexer="basic",
                     postlex=PythonIndenter(), start=list(START_SYMBOLS), maybe_placeholders=True)


def _driver(source: str):
    parser = _Parser(source, "<test>")
    parser.builder = _TreeRecorder()
    try:
        return "tree", parser.run("start")
    except GradcliError as err:
        return "error", (err.kind, err.span.line if err.span else None)


def _lark(lark_parser, source: str):
    text = (source[1:] if source.startswith("\ufeff") else source).rstrip() + "\n"
    from gradcli.lang.grammar_loader import load_tables
    try:
        tokens = list(Lexer(text, load_tables(), "<test>", MAX_BRACKET_DEPTH).tokens())
    except GradcliError as err:
        return "error", (err.kind, err.span.line if err.span else None)
    interactive = lark_parser.parse_interactive(start="start")
    for tok in tokens:
        try:
            interactive.feed_token(lark.Token(tok.type, tok.value, line=tok.line, column=tok.column))
        except lark.exceptions.UnexpectedInput:
            return "error", ("syntax", tok.line)
    try:
        return "tree", _lark_plain(interactive.feed_eof())
    except lark.exceptions.UnexpectedInput:
        last = tokens[-1].end_line if tokens else 1
        return "error", ("syntax", last)


def _agree(lark_parser, source):
    mine, theirs = _driver(source), _lark(lark_parser, source)
    assert mine[0] == theirs[0], (mine, theirs)
    if mine[0] == "tree":
        assert mine[1] == theirs[1]
    elif theirs[1][0] == "syntax" and mine[1][0] == "syntax":
        assert mine[1][1] == theirs[1][1]   # the same line: both stop at the same token


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_every_sample_and_torch_script_parses_to_lark_s_tree(lark_parser, path):
    _agree(lark_parser, path.read_text(encoding="utf-8"))


def _mutations(count: int = 300):
    """Seed snippets with tokens inserted or lines dropped: many are syntax errors."""
    rng = random.Random(2026)
    for _ in range(count):
        text = rng.choice(SEEDS)
        if rng.random() < 0.5:
            at = rng.randrange(len(text) + 1)
            text = text[:at] + rng.choice(TOKENS) + text[at:]
        else:
            lines = text.split("\n")
            del lines[rng.randrange(len(lines))]
            text = "\n".join(lines)
        yield text


def test_mutated_scripts_parse_or_fail_the_same_way(lark_parser):
    for source in _mutations():
        _agree(lark_parser, source)


def test_an_indented_first_statement_is_python_s_unexpected_indent():
    with pytest.raises(GradcliError, match="unexpected indent") as info:
        _Parser("    x = 1\ny = 2\n", "<test>").run("start")
    assert info.value.span.line == 1
