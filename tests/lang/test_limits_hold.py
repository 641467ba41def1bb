"""Limits that hold on every route (issue 14, part): untrusted scripts get a clear error."""
import io

import pytest

from gradcli.lang import GradcliError, Session


@pytest.mark.parametrize("source,message", [
    ("torch.dtype('object')", "cannot create 'torch.dtype' instances"),
    ("torch.Tensor(22000, 22000)", "exceeds the limit of"),
    ("torch.Size([1]) * (2 * 10**8)", "exceeds the limit of"),
    ("(2 * 10**8) * torch.Size([1])", "exceeds the limit of"),
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
