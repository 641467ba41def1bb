"""The REPL's meta commands run a script's code outside a run: :vars prints values with the script's
``__repr__``, :params calls its model's ``named_parameters``, :trace runs its tensors' hooks. They ran
without the session's limits (a 10**8-element tensor made in a ``__repr__`` where a line refuses it,
and no memory cap or time limit); now they run under them, report the limit and the REPL goes on."""

import io

import pytest

from gradcli.cli.repl import Repl
from gradcli.lang import Limits, session as session_module

TOO_BIG = "torch.ones(10**6)"     # past the 1000 elements the sessions below allow


@pytest.fixture
def repl(monkeypatch):
    class Small(session_module.Session):
        def __init__(self, **kwargs):
            super().__init__(**kwargs, limits=Limits(max_elements=1000, timeout=30.0))
    monkeypatch.setattr(session_module, "Session", Small)
    return Repl(stdout=io.StringIO(), stderr=io.StringIO())


def _feed(repl, text: str) -> None:
    for line in text.split("\n"):
        repl.feed(line)


@pytest.mark.parametrize("script, command", [
    ("class A:\n    def __repr__(self):\n        t = " + TOO_BIG + "\n        return 'a'\n\na = A()\n", ":vars"),
    ("class Net(nn.Module):\n    def named_parameters(self):\n        t = " + TOO_BIG + "\n        return []\n\n"
     "net = Net()\n", ":params net"),
    ("x = torch.ones(2, requires_grad=True)\ny = x * 2\nh = y.register_hook(lambda g: " + TOO_BIG + ")\n"
     "z = y.sum()\n", ":trace z"),
])
def test_a_meta_command_runs_the_scripts_code_under_the_limits(repl, script, command):
    _feed(repl, script)
    assert repl.stderr.getvalue() == ""
    repl.feed(command)
    assert "exceeds the limit of 1000 elements" in repl.stderr.getvalue()
    repl.feed("print('goes on')")
    assert repl.stdout.getvalue().endswith("goes on\n")


def test_meta_commands_still_show_values_models_graphs_and_traces(repl):
    _feed(repl, "x = torch.ones(2, requires_grad=True)\nnet = nn.Linear(2, 1)\ny = net(x).sum()\n")
    for command in (":vars", ":params net", ":graph y", ":saved y", ":trace y"):
        repl.feed(command)
    assert repl.stderr.getvalue() == ""
    out = repl.stdout.getvalue()
    assert "Linear" in out and "weight" in out and "AddmmBackward0" in out and "SumBackward0" in out
