"""Nesting that CPython would follow by C recursion, or that the compiler would follow by Python
recursion, ends with a clear error and a position (issue 14)."""
import io

import pytest

from gradcli.lang import GradcliError, Limits, Session


def run(source: str) -> str:
    out = io.StringIO()
    Session(stdout=out).run(source)
    return out.getvalue()


@pytest.mark.parametrize("make", ["map(abs, m)", "filter(None, m)", "zip(m)", "enumerate(m)", "zip([1], m)"])
def test_a_chain_of_lazy_iterators_is_bounded_before_it_overflows_the_c_stack(make):
    source = f"m = [1]\nfor i in range(20000):\n    m = {make}\nprint(list(m))\n"
    with pytest.raises(GradcliError, match="a chain of more than 10000 map/filter/zip/enumerate/itertools objects") \
            as caught:
        run(source)
    assert (caught.value.line, caught.value.column) == (3, 9)


@pytest.mark.parametrize("make", ["itertools.islice(m, None)", "itertools.chain(m)", "itertools.tee(m, 1)[0]",
                                  "itertools.chain.from_iterable([m])", "map(abs, itertools.accumulate(m))"])
def test_a_chain_of_itertools_iterators_is_bounded_too(make):
    # islice(islice(...)) 50,000 deep took 10 s to end in a RecursionError (quadratic in the depth),
    # 200,000 deep a minute, past every time check; an 8 MB C stack crashed on it
    source = f"import itertools\nm = [1]\nfor i in range(50000):\n    m = {make}\nprint(list(m))\n"
    with pytest.raises(GradcliError, match="a chain of more than 10000 map/filter/zip/enumerate/itertools objects") \
            as caught:
        run(source)
    assert caught.value.line == 4


def test_itertools_iterators_print_as_python_s_and_stop_at_the_time_limit():
    assert run("import itertools\nc = itertools.islice(itertools.count(), 3)\n"
               "print(repr(c).startswith('<itertools.islice object at '), next(c), list(c))\n") == "True 0 [1, 2]\n"
    with pytest.raises(GradcliError, match="time limit of 0.5 s exceeded"):
        Session(limits=Limits(timeout=0.5)).run("import itertools\nsum(itertools.count())\n")


def test_the_bounded_iterators_behave_as_python_s():
    assert run("print(list(map(abs, [-1, 2])), list(filter(None, [0, 1, 2])), list(zip('ab', [1, 2])))\n"
               "print(list(enumerate('ab', 1)), isinstance(map(abs, []), map), type(zip([])))\n"
               "for i, (a, b) in enumerate(zip([1], [2])):\n    print(i, a, b)\n") == (
        "[1, 2] [1, 2] [('a', 1), ('b', 2)]\n[(1, 'a'), (2, 'b')] True <class 'zip'>\n0 1 2\n")
    assert run("print(repr(map(abs, [])).startswith('<map object at '))\n") == "True\n"


def test_a_with_statement_takes_twenty_context_managers_as_python_does():
    items = ", ".join(["torch.no_grad()"] * 20)
    assert run(f"with {items}:\n    print(torch.is_grad_enabled())\n") == "False\n"
    with pytest.raises(GradcliError, match=r"too many context managers in one 'with' statement \(more than 20\)") \
            as caught:
        run("with " + ", ".join(["torch.no_grad()"] * 10000) + ":\n    pass\n")
    assert caught.value.kind == "syntax" and (caught.value.line, caught.value.column) == (1, 346)


def test_comprehension_clauses_and_operator_chains_report_their_nesting_with_a_position():
    with pytest.raises(GradcliError, match="too many 'for'/'if' clauses") as caught:
        run("x = [1 " + " ".join(["for a in [1]"] * 10000) + "]\n")
    assert caught.value.line == 1
    with pytest.raises(GradcliError, match=r"code nested too deeply \(more than 200 levels\)") as caught:
        run("x = " + " + ".join(["1"] * 100000) + "\n")
    assert caught.value.line == 1
