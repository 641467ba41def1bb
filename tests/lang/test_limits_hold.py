"""Limits that hold on every route (issue 14, part): untrusted scripts get a clear error."""
import io

import pytest

from gradcli.lang import GradcliError, Limits, Session


@pytest.mark.parametrize("source,message", [
    ("torch.dtype('object')", "cannot create 'torch.dtype' instances"),
    ("torch.Tensor(22000, 22000)", "exceeds the limit of"),
    ("torch.Size([1]) * (2 * 10**8)", "exceeds the limit of"),
    ("(2 * 10**8) * torch.Size([1])", "exceeds the limit of"),
    ("torch.ones(2).resize_(6 * 10**7)", "exceeds the limit of"),     # was made: resize_ checked no limit
])
def test_an_oversized_or_forbidden_value_is_refused_before_it_is_made(source, message):
    with pytest.raises(GradcliError, match=message):
        Session(stdout=io.StringIO()).run(source)


def test_torch_dtype_prints_as_torch_s():
    out = io.StringIO()
    Session(stdout=out).run("print(torch.dtype, torch.float32)")
    assert out.getvalue() == "<class 'torch.dtype'> torch.float32\n"


@pytest.mark.parametrize("option,value", [("--timeout", "nan"), ("--timeout", "0"), ("--timeout", "-1"),
                                          ("--max-elements", "0"), ("--max-elements", str(10**18))])
def test_limit_options_are_validated(cli_runner, option, value):
    result = cli_runner("run", "-e", "x = 1", option, value)
    assert result.exit_code == 2 and "Invalid value" in result.stderr


@pytest.fixture
def cli_runner():
    from typer.testing import CliRunner

    from gradcli.cli.commands import app
    runner = CliRunner(env={"NO_COLOR": "1"})
    return lambda *args: runner.invoke(app, list(args), catch_exceptions=False)


@pytest.mark.parametrize("source,message", [
    ('str(["a" * 10**6] * 1000)', r"str\(\) would make more than 10000000 characters"),
    ('repr(["a" * 10**6] * 100)', r"repr\(\) would make more than"),
    ('print(["a" * 10**6] * 100)', r"print\(\) would make more than"),
    ('int("f" * 10**7, 16)', "integer result has more than 4300 digits"),
    ("x = 0x" + "f" * 5000, "number literal too large"),
    ("[x " + " ".join(f"for x{i} in [1]" for i in range(200)) + " for x in [2]]", "too many 'for'/'if' clauses"),
])
def test_text_and_integers_are_bounded_before_they_are_built(source, message):
    with pytest.raises(GradcliError, match=message):
        Session(stdout=io.StringIO()).run(source)


def test_a_printed_tensor_counts_as_the_text_torch_prints_at_the_threshold_of_the_moment():
    # text under the limit is estimated before it is built: a tensor past the print threshold as its
    # summary, one below it element by element, with the threshold a script set last
    session = Session(stdout=io.StringIO(), limits=Limits(max_sequence=50_000))
    session.run("print([torch.zeros(500)] * 5)")
    with pytest.raises(GradcliError, match=r"print\(\) would make more than 50000"):
        session.run("print([torch.zeros(5000)] * 5)")
    with pytest.raises(GradcliError, match=r"print\(\) would make more than 50000"):
        session.run("torch.set_printoptions(threshold=100)\nprint([torch.zeros(500)] * 5)")


def test_round_with_a_huge_negative_ndigits_is_instant_and_right():
    out = io.StringIO()
    Session(stdout=out).run("print(round(5, -10**8), round(123456, -3), round(2.5), round(7, 2), round(1.2345, 2))")
    assert out.getvalue() == "0 123000 2 7 1.23\n"


def test_a_three_hundred_branch_elif_chain_runs():
    lines = ["x = 299", "if x == 0:", "    y = 0"]
    lines += [f"elif x == {i}:\n    y = {i * 2}" for i in range(1, 300)] + ["else:", "    y = -1", "print(y)"]
    out = io.StringIO()
    Session(stdout=out).run("\n".join(lines))
    assert out.getvalue() == "598\n"


def test_a_runaway_recursion_shows_its_frame_three_times_and_a_count():
    from gradcli.lang import format_error
    source = "def f(n):\n    return f(n + 1)\nf(0)\n"
    with pytest.raises(GradcliError) as caught:
        Session(stdout=io.StringIO()).run(source)
    text = format_error(caught.value, source)
    assert text.count("  line 2, in f") == 3
    assert text.endswith("  [Previous line repeated 997 more times]")     # 1000 calls, as Python allows


@pytest.mark.parametrize("nan_at", [None, 0, 7])
def test_builtin_max_and_min_of_a_long_vector_pick_python_s_element_fast(nan_at):
    import math
    import random
    rng = random.Random(1)
    values = [float(rng.randint(-50, 50)) for _ in range(20_001)]
    if nan_at is not None:
        values[nan_at] = math.nan
    session = Session(stdout=io.StringIO())
    session.run(f"x = torch.tensor({values}, requires_grad=True)\nm = max(x)\nn = min(x)\n(m + n).backward()")
    expected_grad = [0.0] * len(values)
    for name, pick in (("m", max), ("n", min)):
        got = session.get(name).item()
        want = pick(values)
        assert got == want or (math.isnan(got) and math.isnan(want))
        position = pick(range(len(values)), key=lambda i: values[i])    # the element Python's own pick is
        expected_grad[position] += 1.0
    assert session.get("x").grad.tolist() == expected_grad
