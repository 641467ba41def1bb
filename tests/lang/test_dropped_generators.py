"""A generator dropped before its end runs its ``finally`` from Python's garbage collection, where
Python ignores (and prints) an error. A script's error there reads as gradcli prints errors, not as
the interpreter's own traceback; a limit met there ends the run: it never ends in success."""

import pytest

from gradcli.lang import GradcliError, Limits, Session

SUSPENDED_IN_TRY = "def g():\n    try:\n        yield 1\n    finally:\n{final}\nx = g()\nnext(x)\n"


def _script(final: str, after: str = "x = None\nprint('after')") -> str:
    return SUSPENDED_IN_TRY.format(final=final) + after


def test_an_error_in_the_finally_is_printed_as_ignored_and_the_script_goes_on(session, out, capsys):
    session.run(_script("        print('finally')\n        1/0"), "drop.grad")
    assert out.getvalue() == "finally\nafter\n"     # as Python: the error is ignored
    err = capsys.readouterr().err
    assert err.startswith("Exception ignored in: <generator object g at 0x")
    assert err.endswith("drop.grad:6:9: error: ZeroDivisionError: division by zero\n"
                       "            1/0\n            ^^^\n")
    assert "Traceback" not in err and "gradcli/lang" not in err


def test_a_runaway_finally_ends_the_run_with_the_time_limit(out, capsys):
    session = Session(stdout=out, limits=Limits(timeout=0.5))
    with pytest.raises(GradcliError) as info:
        session.run(_script("        while True:\n            pass"), "drop.grad")
    assert (info.value.kind, info.value.line) == ("limit", 5)
    assert info.value.message == "time limit of 0.5 s exceeded"
    assert capsys.readouterr().err == ""
    assert session.run("1 + 1") == 2       # the next run has its own budget


def test_a_size_limit_in_the_finally_ends_the_run(session):
    with pytest.raises(GradcliError) as info:
        session.run(_script("        v = [0] * 10**12"), "drop.grad")
    assert (info.value.kind, info.value.line) == ("limit", 5)


def test_a_finally_that_yields_again_is_pythons_runtimeerror(session, out, capsys):
    session.run(_script("        yield 2"), "drop.grad")
    assert out.getvalue() == "after\n"
    err = capsys.readouterr().err
    assert err.startswith("Exception ignored in: <generator object g at 0x")
    assert err.endswith(">\nRuntimeError: generator ignored GeneratorExit\n")


def test_forgetting_the_variables_runs_the_finally_and_reports_its_error(session, out, capsys):
    session.run(_script("        print('closing')\n        1/0", after=""), "drop.grad")
    session.reset()
    assert out.getvalue() == "closing\n"
    assert "ZeroDivisionError: division by zero" in capsys.readouterr().err
    assert session.run("1 + 1") == 2
