"""torch.block_diag: one BlockDiagBackward0 node over all the inputs (None for those that need no
gradient), torch's promotion, 0-d and 1-d inputs as 1x1 and 1xN blocks, and torch's gradients."""
import numpy as np
import pytest

from gradcli import engine as gc

torch = pytest.importorskip("torch")

INPUTS = [([[1.0, 2.0], [3.0, 4.0]], "float32", True), (3.0, "float32", True), ([1.0, 2.0], "float32", False),
          ([5.0, 6.0, 7.0], "float64", True), ([[0.5], [-1.0]], "float32", True)]


def _pairs():
    ours, theirs = [], []
    for values, dtype, grad in INPUTS:
        a = np.asarray(values, dtype=dtype)
        ours.append(gc.tensor(a, requires_grad=grad))
        theirs.append(torch.tensor(a, requires_grad=grad))
    return ours, theirs


def _edges(t):
    return [None if f is None else type(f).__name__ for f, _ in t.grad_fn.next_functions]


def test_block_diag_values_node_and_gradients():
    ours, theirs = _pairs()
    got, expected = gc.block_diag(*ours), torch.block_diag(*theirs)
    np.testing.assert_array_equal(got.detach().numpy(), expected.detach().numpy())
    assert str(got.dtype) == str(expected.dtype)
    assert type(got.grad_fn).__name__ == type(expected.grad_fn).__name__ == "BlockDiagBackward0"
    assert _edges(got) == _edges(expected)
    weights = np.arange(expected.numel(), dtype="float64").reshape(expected.shape)
    (got * gc.tensor(weights)).sum().backward()
    (expected * torch.tensor(weights)).sum().backward()
    for o, t in zip(ours, theirs):
        if t.requires_grad:
            np.testing.assert_array_equal(o.grad.numpy(), t.grad.numpy())
            assert str(o.grad.dtype) == str(t.grad.dtype)


def test_block_diag_double_backward_matches():
    ours, theirs = _pairs()
    got = gc.autograd.grad(gc.block_diag(*ours).pow(3).sum(), ours[0], create_graph=True)[0]
    expected = torch.autograd.grad(torch.block_diag(*theirs).pow(3).sum(), theirs[0], create_graph=True)[0]
    np.testing.assert_allclose(got.detach().numpy(), expected.detach().numpy())
    assert type(got.grad_fn).__name__ == type(expected.grad_fn).__name__
    got.sum().backward()
    expected.sum().backward()
    np.testing.assert_allclose(ours[0].grad.numpy(), theirs[0].grad.numpy())


@pytest.mark.parametrize("make", [
    lambda m: m.block_diag(),
    lambda m: m.block_diag(m.ones(2, 0), m.ones(0, 3)),
    lambda m: m.block_diag(m.tensor([1, 2]), m.tensor([1.5])),
    lambda m: m.block_diag(m.tensor([1, 2], dtype=m.int32)),
])
def test_block_diag_edge_shapes_and_dtypes(make):
    got, expected = make(gc), make(torch)
    assert tuple(got.shape) == tuple(expected.shape)
    assert str(got.dtype) == str(expected.dtype)
    np.testing.assert_array_equal(got.numpy(), expected.numpy())


def test_block_diag_refuses_three_dims_as_torch():
    with pytest.raises(RuntimeError) as expected:
        torch.block_diag(torch.ones(2), torch.ones(2, 2, 2))
    with pytest.raises(RuntimeError) as got:
        gc.block_diag(gc.ones(2), gc.ones(2, 2, 2))
    assert str(got.value) == str(expected.value)
