"""torch.nn.utils.parametrize's refusals, message for message against torch 2.13."""
import pytest

from gradcli import engine as ag
from gradcli.engine.nn import parametrize as gc_parametrize

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.parity


def drop(nn):
    """A parametrization that changes the shape (the last column dropped)."""
    class Drop(nn.Module):
        def forward(self, x):
            return x[:, :-1]
    return Drop()


def twice(nn):
    """A parametrization without right_inverse."""
    class Twice(nn.Module):
        def forward(self, x):
            return 2 * x
    return Twice()


def _message(fn, lib) -> str:
    with pytest.raises((ValueError, RuntimeError)) as info:
        fn(lib)
    return str(info.value).replace("ParametrizedLinear", "Linear")


CASES = {
    "no such tensor": lambda nn, P: P.register_parametrization(nn.Linear(2, 2), "scale", twice(nn)),
    "shape changed": lambda nn, P: P.register_parametrization(nn.Linear(3, 2), "weight", drop(nn)),
    "not parametrized": lambda nn, P: P.remove_parametrizations(nn.Linear(2, 2), "weight"),
    "no right_inverse": lambda nn, P: setattr(P.register_parametrization(nn.Linear(2, 2), "weight", twice(nn)),
                                              "weight", torch_or_ag(nn).zeros(2, 2)),
}


def torch_or_ag(nn):
    return torch if nn is torch.nn else ag


@pytest.mark.parametrize("case", CASES)
def test_refusals_read_as_torch(case):
    fn = CASES[case]
    ours = _message(lambda _: fn(ag.nn, gc_parametrize), None)
    theirs = _message(lambda _: fn(torch.nn, torch.nn.utils.parametrize), None)
    if case in ("no such tensor", "not parametrized"):     # the module's repr is part of the message
        ours, theirs = ours.split("(")[0] + ours.split(")")[-1], theirs.split("(")[0] + theirs.split(")")[-1]
    assert ours == theirs


def test_removing_keeps_the_parameter_object_an_optimizer_holds():
    layer = ag.nn.Linear(2, 2)
    gc_parametrize.register_parametrization(layer, "weight", twice(ag.nn))
    original = layer.parametrizations.weight.original
    expected = 2 * original.detach()
    gc_parametrize.remove_parametrizations(layer, "weight")
    assert layer.weight is original and type(layer).__name__ == "Linear"
    assert ag.equal(layer.weight.detach(), expected)
