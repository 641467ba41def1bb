"""A command Typer parses is split (``worker.run_split``): the supervisor parses while its worker loads
numpy, then the worker runs the body. The output, the messages and the exit codes are those of the
command run in one process."""
import json
import os
import subprocess
import sys

import pytest

from gradcli.cli.app import SHARED_MODULES, SPLIT_COMMANDS
from gradcli.cli.commands import app

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the split needs os.fork")


def gradcli(*args, input=None):
    env = dict(os.environ, NO_COLOR="1")
    env.pop("GRADCLI_NO_WORKER", None)
    return subprocess.run([sys.executable, "-m", "gradcli", *args], capture_output=True, text=True, env=env,
                          input=input, timeout=120)


@pytest.mark.parametrize("half", ["import gradcli.cli.commands", "import numpy, gradcli.engine"])
def test_the_modules_loaded_before_the_fork_are_ones_each_half_loads_anyway(half):
    code = f"import sys; {half}; print(' '.join(sys.modules))"
    loaded = set(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60).stdout.split())
    assert set(SHARED_MODULES) <= loaded


def test_every_supervised_command_is_split():
    names = {info.name or info.callback.__name__ for info in app.registered_commands}
    assert set(SPLIT_COMMANDS) == names - {"repl"}


@pytest.mark.parametrize("args", [
    ("jacobian", "x**2", "--at", "x=[1,2]", "--mode", "forward"),
    ("hessian", "x**3", "--at", "x=2", "--json"),
    ("grad", "--wrt", "x", "x*y", "--at", "x=2", "--at", "y=3", "--create-graph"),
    ("graph", "y = (x * 2).exp(); y.sum()", "--at", "x=[1,2]", "-F", "dot"),
    ("trace", "x*x", "--at", "x=3"),
    ("check", "relu(x) * sin(x)", "--at", "x=[0.5,1,2]", "--top", "2"),
    ("check", "abs(x)", "--at", "x=0"),
    ("run", "-e", "print(torch.ones(2) * 3)\nraise ValueError('no')"),
    ("ops", "mul", "--json"),
    ("plot", "x**2", "--x", "0:1", "--points", "3", "--order", "2", "--json"),
    ("jacobian", "x**2", "--at", "x=[1,2]", "--bogus"),
    ("graph", "x*2", "--at", "x=1", "--format", "nope"),
    ("run",),
], ids=" ".join)
def test_a_split_command_prints_and_exits_as_in_one_process(cli, args):
    alone, split = cli(*args), gradcli(*args)
    assert (split.returncode, split.stdout) == (alone.exit_code, alone.stdout)
    if alone.exit_code == 2:       # Typer's usage error, from the supervisor
        assert "Usage: gradcli" in split.stderr and "Error:" in split.stderr


def test_a_split_command_reads_standard_input_in_the_worker():
    result = gradcli("jacobian", "-", "--at", "x=[1,2]", "--json", input="x * 3")
    assert (result.returncode, result.stdout) == (0, '{"value": [3.0, 6.0], "shape": [2], "dtype": "float32", '
                                                     '"jacobian": {"x": [[3.0, 0.0], [0.0, 3.0]]}}\n')


def test_a_script_piped_to_gradcli_without_a_command_is_split_too(cli):
    script = "x = torch.tensor(2.0, requires_grad=True)\n(x ** 3).backward()\nprint(x.grad)\nraise ValueError(3)\n"
    alone, split = cli(input=script), gradcli(input=script)
    assert (split.returncode, split.stdout) == (alone.exit_code, alone.stdout) == (1, "tensor(12.)\n")
    assert "ValueError: 3" in split.stderr


def test_a_split_profile_runs_its_script_from_standard_input(cli):
    script = "x = torch.ones(2, requires_grad=True)\n(x * 2).sum().backward()\n"
    alone, split = cli("profile", "-", "--sort-by", "name", "--json", input=script), \
        gradcli("profile", "-", "--sort-by", "name", "--json", input=script)
    rows = [[(row["op"], row["calls"]) for row in json.loads(r)["profile"]] for r in (alone.stdout, split.stdout)]
    assert (split.returncode, rows[1]) == (alone.exit_code, rows[0])
    assert ("aten::mul", 1) in rows[1]


def test_the_supervisor_loads_no_numpy_and_the_worker_no_typer():
    code = (
        "import sys\n"
        "from gradcli.cli import app\n"
        "from gradcli.cli.worker import run_split\n"
        "args = ['jacobian', 'x**2', '--at', 'x=[1,2]']\n"
        "leave = app._run_and_leave\n"
        "def report_then_leave(body):\n"
        "    def then():\n"
        "        body()\n"
        "        print('worker: typer', 'typer' in sys.modules, 'numpy', 'numpy' in sys.modules)\n"
        "    leave(then)\n"
        "app._run_and_leave = report_then_leave\n"
        "status = run_split(args, lambda: app._flush(app._status(app._typer, args)), app._serve)\n"
        "print('supervisor: typer', 'typer' in sys.modules, 'numpy', 'numpy' in sys.modules, 'status', status)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    lines = result.stdout.splitlines()
    assert lines[-2:] == ["worker: typer False numpy True", "supervisor: typer True numpy False status 0"], \
        result.stderr
