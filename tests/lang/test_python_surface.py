"""Python around torch code that pasted scripts use: exit(), time, format(), the value protocols of
plain classes, custom exceptions, positional-only parameters and `raise ... from`."""

import io
import time

import pytest

from gradcli.lang import GradcliError, Limits, Session


@pytest.fixture()
def session():
    return Session(stdout=io.StringIO(), limits=Limits(timeout=2.0, max_elements=1_000_000))


def test_exit_ends_the_run_after_finally_blocks(session):
    session.run("try:\n    print('a')\n    exit()\nfinally:\n    print('b')\nprint('c')")
    assert session.stdout.getvalue() == "a\nb\n"


def test_exit_is_not_caught_by_except_exception(session):
    session.run("try:\n    quit(0)\nexcept Exception:\n    print('caught')\nprint('after')")
    assert session.stdout.getvalue() == ""


def test_exit_with_a_code_or_message_is_an_error(session):
    with pytest.raises(GradcliError, match="SystemExit: 3"):
        session.run("exit(3)")
    with pytest.raises(GradcliError, match="bad input"):
        session.run("exit('bad input')")


def test_time_sleep_stops_at_the_run_deadline(session):
    start = time.monotonic()
    with pytest.raises(GradcliError) as info:
        session.run("import time\ntime.sleep(60)")
    assert info.value.kind == "limit"
    assert time.monotonic() - start < 10


def test_time_measures_a_loop(session):
    assert session.run("import time\nt = time.perf_counter()\ns = sum(range(1000))\n"
                       "time.perf_counter() - t >= 0") is True


def test_issubclass_sees_through_type_tokens(session):
    assert session.run("issubclass(type(torch.ones(1)), torch.Tensor)") is True
    assert session.run("issubclass(bool, (str, int))") is True


def test_a_protocol_method_ending_iteration_ends_the_loop_only(session):
    session.run("class C:\n    def __init__(self):\n        self.n = 0\n    def __iter__(self):\n        return self\n"
                "    def __next__(self):\n        self.n += 1\n        if self.n > 2:\n"
                "            raise StopIteration\n        return self.n\nitems = list(C())")
    assert session.run("items") == [1, 2]
    with pytest.raises(GradcliError, match="StopIteration"):
        session.run("it = C()\nit.n = 5\nnext(it)")


def test_a_script_exception_class_is_raised_caught_and_reported_by_name(session):
    session.run("class Bad(ValueError):\n    def __init__(self, what):\n        super().__init__(f'bad {what}')\n"
                "        self.what = what\n")
    assert session.run("try:\n    raise Bad('x')\nexcept ValueError as e:\n    got = (str(e), e.what)\ngot") \
        == ("bad x", "x")
    with pytest.raises(GradcliError, match="Bad: bad y"):
        session.run("raise Bad('y')")


def test_a_manager_cannot_swallow_the_time_limit(session):
    with pytest.raises(GradcliError) as info:
        session.run("class Quiet:\n    def __enter__(self):\n        return self\n"
                    "    def __exit__(self, *exc):\n        return True\n"
                    "with Quiet():\n    while True:\n        pass")
    assert info.value.kind == "limit"


def test_positional_only_parameters(session):
    assert session.run("def f(a, /, b=2, **kw):\n    return a, b, kw\nf(1, a=3)") == (1, 2, {"a": 3})
    with pytest.raises(GradcliError, match="positional-only arguments passed as keyword arguments: 'a'"):
        session.run("def g(a, /):\n    return a\ng(a=1)")


def test_raise_from_raises_the_new_exception(session):
    assert session.run("try:\n    try:\n        1 / 0\n    except ZeroDivisionError as e:\n"
                       "        raise KeyError('k') from e\nexcept KeyError as e:\n    r = repr(e)\nr") == "KeyError('k')"
    with pytest.raises(GradcliError, match="exception causes must derive from BaseException"):
        session.run("raise ValueError('v') from 3")


def test_a_generator_function_runs_as_it_is_consumed(session):
    session.run("def gen(n):\n    print('start')\n    for i in range(n):\n        yield i\n        print('after', i)\n"
                "g = gen(2)\nfirst = next(g)")
    assert session.stdout.getvalue() == "start\n"
    assert session.run("first, list(g)") == (0, [1])


def test_an_endless_generator_ends_with_the_time_limit(session):
    with pytest.raises(GradcliError) as info:
        session.run("def ones():\n    while True:\n        yield 1\nsum(ones())")
    assert info.value.kind == "limit"


def test_yield_outside_a_function_is_a_syntax_error(session):
    with pytest.raises(GradcliError, match="'yield' outside function"):
        session.run("yield 1")


@pytest.mark.parametrize("source", [
    "g = (i for i in range(3))\ng.gi_frame",
    "g = (i for i in range(3))\ng._generator",
    "g = (i for i in range(3))\ng.send.__self__",      # send/throw/close are Python's, and no way back
    "def f():\n    yield 1\nf().gi_code",
    "def f():\n    yield 1\nf().throw.__func__",
    "def f():\n    yield 1\nf().gi_running",
    "def f():\n    yield 1\nf().__next__",
])
def test_generators_hand_nothing_of_python_back(session, source):
    with pytest.raises(GradcliError) as info:
        session.run(source)
    assert info.value.kind == "attribute"


def test_walrus_binds_in_the_enclosing_function(session):
    assert session.run("def f(xs):\n    total = [last := x * 2 for x in xs]\n    return total, last\nf([1, 2])") \
        == ([2, 4], 4)
    assert session.run("if (n := 3) > 2:\n    m = n\nm") == 3


def test_dict_display_unpacks_mappings(session):
    assert session.run("{**{'a': 1}, 'b': 2, **{'a': 3}}") == {"a": 3, "b": 2}
    with pytest.raises(GradcliError, match="'list' object is not a mapping"):
        session.run("{**[1]}")


@pytest.mark.parametrize("source,kind", [
    ("import operator\noperator.attrgetter", "attribute"),
    ("import operator\noperator.methodcaller", "attribute"),
    ("import copy\ncopy.deepcopy(torch)", "type"),
    ("import copy\ncopy.deepcopy([1], {})", "type"),
    ("import copy\ncopy.deepcopy.__globals__", "attribute"),
    ("import json\njson.dumps([1], indent=10**9)", "value"),
    ("import json\njson.dumps(print)", "type"),
    ("import json\njson.JSONDecoder", "attribute"),
    ("import abc\nabc.ABC.__subclasses__()", "attribute"),
    ("import string\nstring.Formatter", "attribute"),
    ("import time\ntime.sleep.__globals__", "attribute"),
    ("import functools\nfunctools.wraps(print)(print).__wrapped__", "attribute"),
])
def test_the_stdlib_modules_hand_nothing_of_python_back(session, source, kind):
    with pytest.raises(GradcliError) as info:
        session.run(source)
    assert info.value.kind == kind


def test_wraps_gives_the_wrapper_the_wrapped_name(session):
    assert session.run("import functools\ndef deco(fn):\n    @functools.wraps(fn)\n    def inner(*a):\n"
                       "        return fn(*a)\n    return inner\n@deco\ndef step(x):\n    return x + 1\n"
                       "(step.__name__, step(1))") == ("step", 2)


def test_deepcopy_keeps_the_best_weights_apart(session):
    assert session.run("import copy\nm = nn.Linear(2, 1)\nbest = copy.deepcopy(m.state_dict())\n"
                       "with torch.no_grad():\n    m.weight.add_(1.0)\n"
                       "torch.equal(best['weight'] + 1.0, m.weight)") is True


def test_a_generator_left_early_leaves_its_with_and_finally_blocks(session):
    session.run("def gen():\n    try:\n        with torch.no_grad():\n            for i in range(3):\n"
                "                yield i\n    finally:\n        print('closed')\n"
                "for v in gen():\n    break\nenabled = torch.is_grad_enabled()")
    assert session.run("enabled") is True
    assert session.stdout.getvalue() == "closed\n"
