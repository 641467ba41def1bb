"""The grammar and the AST: what parses to what, and parse errors in words."""

import time

import pytest

from gradcli.lang import GradcliError, format_error, parse, parse_expression
from gradcli.lang import syntax_tree as syntax
from gradcli.lang.grammar_loader import load_tables
from gradcli.lang.parser import AstBuilder


def only_statement(source):
    (statement,) = parse(source).body
    return statement


def expr(source):
    return parse_expression(source)


def syntax_error(source):
    with pytest.raises(GradcliError) as info:
        parse(source, "demo.grad")
    assert info.value.kind in ("syntax", "limit")
    return info.value


# ------------------------------------------------------------------ grammar


def test_every_grammar_rule_has_a_builder_method():
    for origin, _size, name, expand1, include, _nones in load_tables()["rules"]:
        if origin.startswith("_") or (expand1 and len(include) == 1):
            continue
        assert callable(getattr(AstBuilder, name, None)), f"AstBuilder.{name} is missing"


def test_precedence_follows_python():
    tree = expr("-x ** 2 + 3 * y @ z")
    assert isinstance(tree, syntax.BinOp) and tree.op == "+"
    assert isinstance(tree.left, syntax.UnaryOp) and tree.left.operand.op == "**"
    assert tree.right.op == "@" and tree.right.left.op == "*"


def test_caret_binds_like_double_star():
    assert expr("x ^ 2").op == "^"
    assert expr("2 ^ 3 ^ 2").right.op == "^"  # right associative, as **
    assert expr("-x ^ 2").op == "-" and expr("2 * x ^ 2").right.op == "^"


def test_comparisons_chain_and_bool_ops():
    tree = expr("0 < x <= 1 and not y is not None or z in w")
    assert tree.op == "or"
    left = tree.left
    assert left.op == "and"
    assert left.left.ops == ("<", "<=")
    assert left.right.op == "not" and left.right.operand.ops == ("is not",)
    assert tree.right.ops == ("in",)


@pytest.mark.parametrize("source, value", [
    ("1e-3", 1e-3), (".5", 0.5), ("2.", 2.0), ("0x1F", 31), ("0b101", 5), ("0o17", 15),
    ("1_000", 1000), ("True", True), ("None", None), ("...", ...),
    ("'a\\tb'", "a\tb"), ('"梯度"', "梯度"), ("'''x\ny'''", "x\ny"), ("r'\\n'", "\\n"),
    ("'a' 'b'", "ab"),
])
def test_literals(source, value):
    node = expr(source)
    assert isinstance(node, syntax.Constant) and node.value == value


def test_fstring_fields_conversions_and_specs():
    node = expr('f"loss = {loss:.4f} {x!r} {{literal}} {y=}"')
    assert isinstance(node, syntax.FString)
    texts = [p for p in node.parts if isinstance(p, str)]
    fields = [p for p in node.parts if isinstance(p, syntax.FormattedValue)]
    assert texts == ["loss = ", " ", " {literal} y="]
    assert fields[0].spec.parts == (".4f",) and fields[1].conversion == "r"
    assert fields[2].conversion == "r"


def test_fstring_fields_keep_their_position():
    node = expr('f"ab {value + 1}"')
    field = node.parts[1].value
    assert (field.span.line, field.span.column) == (1, 7)


def test_statements_of_design_section_3():
    module = parse(
        "import torch\n"
        "import torch.nn.functional as F\n"
        "from torch.autograd import Function, grad\n"
        "a = b = 1; c, d = f()\n"
        "result, = ctx.saved_tensors\n"
        "x[i] = v; x.requires_grad = False; w.grad = None\n"
        "x += 1; x @= w\n"
        "if a: pass\n"
        "elif b:\n    pass\nelse:\n    c = 2\n"
        "for i, (j, k) in enumerate(pairs):\n    if i: continue\n    break\n"
        "while n > 0:\n    n -= 1\n"
        "with torch.no_grad(), A() as m:\n    y = x * 2\n"
        "@torch.no_grad()\ndef g(x, y=2, *rest, scale=1.0, **kw):\n    return lambda t: t * x\n"
        "class Exp(Function):\n    k = 3\n    @staticmethod\n    def forward(ctx, i):\n"
        "        return i.exp()\n"
        "assert x > 0, 'positive'\n"
        "xs = [v * 2 for v in range(10) if v % 2 for w in range(v)]\n"
        "d = {'a': 1, 'b': [1, 2,\n      3]}\n"
        "y = x[..., None, ::2, -1:]\n")
    kinds = [type(s).__name__ for s in module.body]
    assert kinds == [
        "Import", "Import", "ImportFrom", "Assign", "Assign", "Assign", "Assign", "Assign",
        "Assign", "AugAssign", "AugAssign", "If", "For", "While", "With", "FunctionDef",
        "ClassDef", "Assert", "Assign", "Assign", "Assign"]
    function = module.body[15]
    assert function.params.vararg == "rest" and function.params.kwarg == "kw"
    assert [p.name for p in function.params.kwonly] == ["scale"]
    assert len(function.decorators) == 1


def test_chinese_comments_and_pasted_indentation():
    module = parse("  # 创建一个需要梯度的张量\n  x = 1  # 注释\n  if x:\n      y = '梯度'\n")
    assert [type(s).__name__ for s in module.body] == ["Assign", "If"]


def test_spans_point_at_the_source():
    statement = only_statement("total = alpha * beta")
    product = statement.value
    assert (product.span.line, product.span.column, product.span.end_column) == (1, 9, 21)


def test_spans_survive_one_child_rules_and_empty_ones():
    """A name passed up through the chain of one-child rules (test -> ... -> atom) keeps its own
    span; an empty rule (no arguments) covers nothing, the call around it its brackets."""
    source = "y = -(x) + f()[0].t * w.grad"
    value = only_statement(source).value

    def text(node):
        return source[node.span.column - 1:node.span.end_column - 1]

    product = value.right
    assert text(value) == "-(x) + f()[0].t * w.grad"
    assert text(value.left) == "-(x)" and text(value.left.operand) == "x"
    assert text(product) == "f()[0].t * w.grad" and text(product.right) == "w.grad"
    assert text(product.left.value.value) == "f()" and product.left.value.value.args == ()


# ------------------------------------------------------------------- errors


def test_missing_expression_is_named_in_words():
    err = syntax_error("x = 1 +\n")
    assert (err.line, err.column) == (1, 8)
    assert "expected an expression" in err.message and not err.incomplete


def test_unexpected_closing_bracket():
    err = syntax_error("x = 1)\n")
    assert err.message == "unexpected ')'" and (err.line, err.column) == (1, 6)


def test_unclosed_bracket_is_incomplete():
    err = syntax_error("y = f(1,\n  2")
    assert err.incomplete and err.message == "unclosed '('" and (err.line, err.column) == (1, 6)


def test_open_block_is_incomplete():
    err = syntax_error("for i in range(3):\n")
    assert err.incomplete and "indented block" in err.message


def test_bad_dedent():
    err = syntax_error("if x:\n        y = 1\n    z = 2\n")
    assert err.message == "unindent does not match any outer indentation level"
    assert err.line == 3


def test_unterminated_string_and_invalid_character():
    assert "unterminated string" in syntax_error("s = 'abc\n").message
    assert syntax_error("s = '''abc\n").incomplete
    assert "invalid character" in syntax_error("x = 1 $ 2").message


def test_no_token_names_in_messages():
    for source in ["x = (1, 2]", "def f(:\n", "x = = 2", "f(a for)", "class A(:", "1 +* 2"]:
        message = syntax_error(source).message
        assert not any(name in message for name in ("RPAR", "LSQB", "COLON", "__ANON", "$END"))


def test_unsupported_python_words_are_explained():
    err = syntax_error("async def f():\n    pass")
    assert "'async' is not part of the gradcli language" == err.message


def test_yield_is_a_statement():
    module = parse("def g():\n    yield 1\n    yield from h()\n    yield\n")
    statements = module.body[0].body
    assert [(type(s).__name__, s.from_iterable) for s in statements] == [
        ("Yield", False), ("Yield", True), ("Yield", False)]
    assert statements[2].value is None


def test_try_global_nonlocal_del_and_raise_parse():
    module = parse("try:\n    x = 1\nexcept RuntimeError as e:\n    raise\nfinally:\n    del x\n"
                   "def f():\n    global g\n    def h():\n        nonlocal x\n")
    names = [type(node).__name__ for node in module.body]
    assert names == ["Try", "FunctionDef"]


def test_default_except_must_be_last():
    err = syntax_error("try:\n    pass\nexcept:\n    pass\nexcept ValueError:\n    pass")
    assert err.message == "default 'except:' must be last"


def test_assignment_targets_are_checked():
    err = syntax_error("f() = 1")
    assert err.message == "cannot assign to a function call" and err.column == 1
    assert "cannot use '+='" in syntax_error("(a, b) += 1").message


def test_parameter_order_is_checked():
    assert "without a default" in syntax_error("def f(a=1, b): pass").message


def test_format_error_shows_line_and_caret():
    source = "x = 1\ny = (x +\n     * 2)\n"
    text = format_error(syntax_error(source), source)
    lines = text.splitlines()
    assert lines[0].startswith("demo.grad:3:6: syntax error: expected an expression")
    assert lines[1] == "         * 2)" and lines[2] == "         ^"


def test_deep_nesting_is_a_clean_limit_error():
    err = syntax_error("(" * 10_000 + "1" + ")" * 10_000)
    assert err.kind == "limit" and "nested brackets" in err.message
    err = syntax_error("-" * 5000 + "1")
    assert err.kind == "limit" and "nested too deeply" in err.message


def test_parsing_one_line_is_fast_once_tables_are_cached():
    load_tables()
    start = time.perf_counter()
    for _ in range(100):
        parse_expression("sin(x) * exp(-x ** 2) + w @ v")
    assert (time.perf_counter() - start) / 100 < 0.005
