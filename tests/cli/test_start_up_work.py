"""Work a start-up no longer repeats: what the grammar cache keeps is what would be rebuilt."""
import re

from gradcli.lang.grammar_loader import load_tables
from gradcli.lang.lexer import _from_code, master_pattern


def test_the_cached_lexer_regexp_is_the_one_re_compile_makes():
    tables = load_tables()
    pattern = master_pattern(tables["terminals"])
    cached, fresh = _from_code(pattern, tables["master_code"]), re.compile(pattern)
    assert cached is not None
    assert (cached.pattern, cached.flags, cached.groups, cached.groupindex) == \
           (fresh.pattern, fresh.flags, fresh.groups, fresh.groupindex)
    source = "y = x**2 + 1.5e-3 * '''a\nb''' # note\nif y >= 0x1F: print(r'\\n', y[..., 0])\n"
    for pos in range(len(source)):
        a, b = cached.match(source, pos), fresh.match(source, pos)
        assert (a and (a.lastgroup, a.group())) == (b and (b.lastgroup, b.group()))


def test_code_from_another_python_falls_back_to_re_compile():
    tables = load_tables()
    pattern = master_pattern(tables["terminals"])
    assert _from_code(pattern, (0, (3, 0)) + tuple(tables["master_code"][2:])) is None
    assert _from_code(pattern, None) is None
