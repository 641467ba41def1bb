"""``Cls.__name__`` and ``f.__name__`` read as in Python (loops over layer classes print them), and
stay the only door: the string they give leads nowhere else."""

import pytest

from gradcli.lang import GradcliError, Limits, Session


@pytest.fixture()
def session():
    return Session(limits=Limits(timeout=1.0, max_elements=1_000_000))


def test_a_class_and_a_function_read_their_names(session):
    session.run("def step(): pass\nclass Config:\n    pass\n"
                "names = [c.__name__ for c in (nn.Linear, nn.ReLU, torch.optim.Adam, torch.Tensor, Config)]\n"
                "fn_names = [step.__name__, (lambda x: x).__name__]")
    assert session.run("names") == ["Linear", "ReLU", "Adam", "Tensor", "Config"]
    assert session.run("fn_names") == ["step", "<lambda>"]


@pytest.mark.parametrize("source", [
    "nn.Linear.__name__.__class__",
    "nn.Linear.__qualname__",
    "nn.Linear.__module__",
    "nn.Linear.__mro__",
    "nn.Linear.__dict__",
    "def f(): pass\nf.__code__",
    "def f(): pass\nf.__globals__",
    "def f(): pass\nf.__name__.__class__",
    "F.relu.__name__.__class__",
    "class A:\n    pass\nA().__class__",
])
def test_the_name_leads_nowhere_else(session, source):
    with pytest.raises(GradcliError, match="attribute"):
        session.run(source)
