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
