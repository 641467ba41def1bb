"""A script too long to parse within the time limit: the limit error says that the parse, not the line
it names, used the time, and how far it got."""
import re

import pytest

from gradcli.lang import GradcliError, Limits, Session


def test_the_time_limit_met_while_parsing_says_so():
    session = Session(limits=Limits(timeout=0.2))
    with pytest.raises(GradcliError) as info:
        session.run("v = 1\n" * 400_000, "long.grad")
    err = info.value
    assert err.kind == "limit"
    assert re.fullmatch(r"time limit of 0.2 s exceeded while parsing \(line (\d+) of 400000\)", err.message)
    assert int(re.search(r"line (\d+)", err.message).group(1)) == err.line
    assert session.run("1 + 1") == 2


def test_a_time_limit_while_running_names_only_the_line():
    session = Session(limits=Limits(timeout=0.2))
    with pytest.raises(GradcliError) as info:
        session.run("v = 1\nwhile True:\n    v += 1")
    assert info.value.message == "time limit of 0.2 s exceeded" and info.value.line == 2


def _fields(n: int) -> str:
    return "x = 1\nprint(f'" + "{x}" * n + "')\n"


def test_an_f_string_field_is_parsed_from_its_own_text(monkeypatch):
    """Each field was parsed from a copy padded with every line and column before it: 20,000 fields on
    one line took 9 s and 355 MB, 100,000 ran past the time limit that no check reached."""
    from gradcli.lang import parser
    sources = []
    original = parser._Parser.__init__

    def recording(self, source, *args, **kwargs):
        sources.append(source)
        original(self, source, *args, **kwargs)
    monkeypatch.setattr(parser._Parser, "__init__", recording)
    module = parser._Parser(_fields(5000) + "y = 2\nprint(f\"\"\"\n{y}\"\"\")\n", "f.grad").run("start")
    assert len(sources) == 1 + 5000 + 1 and max(len(s) for s in sources[1:]) == len("(x)")
    last = module.body[-1].value.args[0].parts[-1].value     # the field {y} of line 5
    assert (last.span.line, last.span.column) == (5, 2)


def test_the_time_limit_holds_inside_a_long_f_string():
    session = Session(limits=Limits(timeout=0.2))
    with pytest.raises(GradcliError) as info:
        session.run(_fields(200_000), "long.grad")
    err = info.value
    assert err.kind == "limit" and err.line == 2 and err.column > 9
    assert err.message == "time limit of 0.2 s exceeded while parsing (an f-string's field at line 2)"


def test_a_field_on_a_later_line_of_an_f_string_keeps_its_position(session):
    with pytest.raises(GradcliError) as info:
        session.run('x = 1\ny = 2\nprint(f"""{x}\n  {y.foo}""")', "fields.grad")
    err = info.value
    assert (err.kind, err.line, err.column, err.span.end_column) == ("attribute", 4, 4, 9)
    assert err.message == "AttributeError: 'int' object has no attribute 'foo'"
