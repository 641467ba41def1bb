"""Names outside ASCII read as Python reads them: identifier characters only (``x²`` is an invalid
character, not a name of its own), NFKC-normalized (``ℌ`` is ``H``, a full-width ``ｘ`` is ``x``)."""

import pytest

from gradcli.lang import GradcliError, Session


def test_normalized_names_are_the_same_name_as_in_python(session, out):
    session.run("ℌ = 1\nprint(H, ℌ)\nｘ = torch.ones(2)\nprint(x.sum().item())\nπ = 3.5\nprint(π)\n"
                "def fünf(): return 5\nprint(fünf(), torch.ｓｉｎ(torch.zeros(1)).item())")
    assert out.getvalue() == "1 1\n2.0\n3.5\n5 0.0\n"


@pytest.mark.parametrize("source, column", [("x² = 1", 2), ("y = ab²c + 1", 7), ("v⁰ = 1", 2)])
def test_a_character_python_does_not_allow_in_names_is_a_syntax_error_at_it(source, column):
    with pytest.raises(GradcliError) as info:
        Session().run(source)
    err = info.value
    assert (err.kind, err.line, err.column) == ("syntax", 1, column)
    assert err.message.startswith("invalid character '")


def test_full_width_low_lines_do_not_spell_a_dunder(session):
    # U+FF3F cannot start a name (Python: invalid character), so no route to `__class__` through NFKC
    with pytest.raises(GradcliError) as info:
        session.run("x = torch.ones(1)\nx.＿＿class＿＿")
    assert (info.value.kind, info.value.line, info.value.column) == ("syntax", 2, 3)
