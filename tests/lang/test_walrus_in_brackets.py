"""The walrus where Python 3.10 takes it unparenthesized: items of list, tuple and set displays, and
subscripts (the torch script walrus_in_displays_and_subscripts checks the values against torch); where
Python refuses it, so does the language (but for a walrus item of a bare tuple: ``y := 5, 1``)."""
import pytest

from gradcli.lang import GradcliError


@pytest.mark.parametrize("source, expected", [
    ("x = [y := 5, y + 1]\nx, y", ([5, 6], 5)),
    ("(n := 3, n * 2)", (3, 6)),
    ("{k := 4, k + 1}", {4, 5}),
    ("[a := 1, *[a, a]]", [1, 1, 1]),
    ("t = [10, 20, 30]\nt[i := 1], i", (20, 1)),
    ("t = [[1, 2], [3, 4]]\nt[i := 1][j := 0], i, j", (3, 1, 0)),
])
def test_walrus_inside_brackets_binds_as_in_python(session, source, expected):
    assert session.run(source) == expected


@pytest.mark.parametrize("source, column", [
    ("z = y := 5", None),       # Python: SyntaxError: invalid syntax
    ("t = [1]\nt[i := 0:1]", 9),   # a slice bound is not a named expression
    ("{k := 1: 2}", 8),         # (Python points at the same colon)
])
def test_walrus_where_python_refuses_it_is_a_syntax_error(session, source, column):
    with pytest.raises(GradcliError) as info:
        session.run(source)
    assert info.value.kind == "syntax" and column in (None, info.value.column)
