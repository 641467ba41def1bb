"""The run's limits end the run whatever a script names or returns: ``except MemoryError`` (now a
name scripts use, as Python's) catches only a MemoryError the script raises itself, and an
``__exit__`` that returns True swallows neither a limit nor SystemExit. A StopIteration leaving a
generator's body is Python's RuntimeError at the line that raised it."""

import io

import pytest

from gradcli.lang import GradcliError, Limits, Session

SWALLOWING_MANAGER = ("class Swallow:\n    def __enter__(self):\n        return self\n"
                      "    def __exit__(self, kind, value, tb):\n        print('exit', kind.__name__)\n"
                      "        return True\n")


def _session(out, **limits):
    return Session(stdout=out, limits=Limits(**{"timeout": 30.0, "max_elements": 1000, **limits}))


@pytest.mark.parametrize("body, kind, message", [
    ("x = torch.ones(10**6)", "limit", "exceeds the limit of 1000 elements"),
    ("x = [0] * 10**9", "limit", "exceeds the limit"),
    ("while True:\n        pass", "limit", "time limit of 0.3 s exceeded"),
])
def test_except_memoryerror_does_not_catch_a_limit(out, body, kind, message):
    source = f"try:\n    {body}\nexcept MemoryError as e:\n    print('caught', e)\nprint('after')\n"
    with pytest.raises(GradcliError) as info:
        _session(out, timeout=0.3).run(source, "mem.grad")
    assert (info.value.kind, info.value.line) == (kind, 2) and message in info.value.message
    assert out.getvalue() == ""


def test_except_memoryerror_catches_the_scripts_own(out):
    _session(out).run("try:\n    raise MemoryError('mine')\nexcept MemoryError as e:\n    print(type(e).__name__, e)\n")
    assert out.getvalue() == "MemoryError mine\n"


@pytest.mark.parametrize("body, line, message", [
    ("x = torch.ones(10**6)", 8, "exceeds the limit of 1000 elements"),
    ("while True:\n        pass", 8, "time limit of 0.3 s exceeded"),
    ("import sys\n    sys.exit(3)", 9, "SystemExit: 3"),
])
def test_an_exit_that_returns_true_swallows_no_limit_and_no_exit(out, body, line, message):
    source = SWALLOWING_MANAGER + f"with Swallow():\n    {body}\nprint('after')\n"
    with pytest.raises(GradcliError) as info:
        _session(out, timeout=0.3).run(source, "exit.grad")
    assert message in info.value.message
    assert info.value.line in (line, None)      # (SystemExit carries no line: it is no error of a line)
    assert "after" not in out.getvalue()


def test_an_exit_that_returns_true_swallows_a_scripts_error(out):
    _session(out).run(SWALLOWING_MANAGER + "with Swallow():\n    1/0\nprint('after')\n")
    assert out.getvalue() == "exit ZeroDivisionError\nafter\n"


@pytest.mark.parametrize("body, line", [
    ("def g():\n    yield 1\n    raise StopIteration\nlist(g())", 3),
    ("def g():\n    yield 1\n    next(iter([]))\nfor v in g():\n    pass", 3),
    ("it = iter([1])\nlist(next(it) for _ in range(3))", 2),
])
def test_a_stop_iteration_leaving_a_generator_is_a_runtime_error_where_it_was_raised(out, body, line):
    with pytest.raises(GradcliError) as info:
        _session(out).run(body, "gen.grad")
    assert (info.value.kind, info.value.line) == ("runtime", line)
    assert info.value.message == "RuntimeError: generator raised StopIteration"
