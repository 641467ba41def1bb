"""torch.heaviside: torch's values (NaN gives 0, -0.0 takes ``values``), its dtype rules, and its
missing derivative: a NotImplemented node with edges to the inputs that require grad, whose
backward raises torch's error (a silent zero gradient would be a wrong answer)."""
import numpy as np
import pytest

from gradcli import engine as gc

torch = pytest.importorskip("torch")

X = np.array([-1.0, 0.0, 2.0, np.nan, -0.0], dtype="float32")


def _edges(t):
    return [None if f is None else type(f).__name__ for f, _ in t.grad_fn.next_functions]


@pytest.mark.parametrize("x_grad, v_grad", [(True, False), (False, True), (True, True)])
def test_heaviside_values_node_edges_and_refused_backward(x_grad, v_grad):
    ours = gc.tensor(X, requires_grad=x_grad), gc.tensor(0.5, requires_grad=v_grad)
    theirs = torch.tensor(X, requires_grad=x_grad), torch.tensor(0.5, requires_grad=v_grad)
    got, expected = gc.heaviside(*ours), torch.heaviside(*theirs)
    np.testing.assert_array_equal(got.detach().numpy(), expected.detach().numpy())
    assert type(got.grad_fn).__name__ == type(expected.grad_fn).__name__ == "NotImplemented"
    assert got.grad_fn.name() == expected.grad_fn.name()
    assert _edges(got) == _edges(expected)
    with pytest.raises(RuntimeError) as refused:
        expected.sum().backward()
    with pytest.raises(RuntimeError, match="derivative for aten::heaviside is not implemented") as ours_refused:
        got.sum().backward()
    assert str(ours_refused.value) == str(refused.value)


def test_heaviside_method_broadcasting_and_integers():
    x, v = [1, -2, 0], [[3], [4]]
    expected = torch.tensor(x).heaviside(torch.tensor(v))
    got = gc.tensor(x).heaviside(gc.tensor(v))
    np.testing.assert_array_equal(got.numpy(), expected.numpy())
    assert str(got.dtype) == str(expected.dtype)


def test_heaviside_without_grad_has_no_node():
    with gc.no_grad():
        assert gc.heaviside(gc.tensor(X, requires_grad=True), gc.tensor(0.5)).grad_fn is None


@pytest.mark.parametrize("make", [
    lambda m: m.heaviside(m.tensor([1.0]), m.tensor([1])),
    lambda m: m.heaviside(m.tensor([1.0], dtype=m.complex64), m.tensor([1.0], dtype=m.complex64)),
    lambda m: m.heaviside(m.tensor([1.0]), 1.0),
])
def test_heaviside_refusals_are_torchs(make):
    with pytest.raises((RuntimeError, TypeError)) as expected:
        make(torch)
    with pytest.raises(expected.type) as got:
        make(gc)
    assert str(got.value) == str(expected.value)
