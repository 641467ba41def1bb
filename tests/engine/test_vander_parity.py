"""torch.vander and torch.linalg.vander: values, dtypes, graph nodes, gradients and errors as torch's.
torch.vander's own backward fails in torch 2.13 (its cumprod's input is overwritten in place); ours
fails the same way rather than giving a gradient torch cannot."""
import numpy as np
import pytest

from gradcli import engine as gc

torch = pytest.importorskip("torch")


def _pair(values, dtype="float32", requires_grad=True):
    a = np.asarray(values, dtype=dtype)
    return (gc.tensor(a, requires_grad=requires_grad),
            torch.tensor(a, requires_grad=requires_grad))


def _names(t):
    """The node names of the graph, breadth first."""
    names, queue = [], [t.grad_fn]
    while queue:
        node = queue.pop(0)
        names.append(None if node is None else type(node).__name__)
        if node is not None:
            queue.extend(n for n, _ in node.next_functions)
    return names


@pytest.mark.parametrize("N, increasing", [(None, False), (2, True), (2, False), (4, True), (0, False), (1, True)])
def test_vander_values_dtype_and_nodes(N, increasing):
    ours, theirs = _pair([1.0, -2.0, 3.0])
    got, expected = gc.vander(ours, N=N, increasing=increasing), torch.vander(theirs, N=N, increasing=increasing)
    np.testing.assert_array_equal(got.detach().numpy(), expected.detach().numpy())
    assert str(got.dtype) == str(expected.dtype)
    assert _names(got) == _names(expected)


@pytest.mark.parametrize("dtype", ["int32", "bool"])
def test_vander_of_integers_is_int64(dtype):
    ours, theirs = _pair([1, 0, 1], dtype, requires_grad=False)
    got, expected = gc.vander(ours), torch.vander(theirs)
    np.testing.assert_array_equal(got.numpy(), expected.numpy())
    assert str(got.dtype) == str(expected.dtype) == "torch.int64"


def test_vander_backward_fails_as_torchs():
    ours, theirs = _pair([1.0, 2.0, 3.0])
    with pytest.raises(RuntimeError, match="modified by an inplace operation") as expected:
        torch.vander(theirs).sum().backward()
    with pytest.raises(RuntimeError, match="modified by an inplace operation") as got:
        gc.vander(ours).sum().backward()
    assert str(got.value).split(", which")[0] == str(expected.value).split(", which")[0]


@pytest.mark.parametrize("values, N", [([1.0, -2.0, 0.5], None), ([1.0, -2.0, 0.5], 5),
                                       ([[1.0, 2.0], [-0.5, 3.0]], None), ([[1.0, 2.0], [-0.5, 3.0]], 2)])
def test_linalg_vander_values_nodes_and_gradients(values, N):
    ours, theirs = _pair(values)
    got, expected = gc.linalg.vander(ours, N=N), torch.linalg.vander(theirs, N=N)
    np.testing.assert_allclose(got.detach().numpy(), expected.detach().numpy(), rtol=1e-6)
    assert _names(got) == _names(expected)
    got.pow(2).sum().backward()
    expected.pow(2).sum().backward()
    np.testing.assert_allclose(ours.grad.numpy(), theirs.grad.numpy(), rtol=1e-5)


def test_linalg_vander_of_int32_is_int64():
    ours, theirs = _pair([[1, 2], [3, 4]], "int32", requires_grad=False)
    got, expected = gc.linalg.vander(ours), torch.linalg.vander(theirs)
    np.testing.assert_array_equal(got.numpy(), expected.numpy())
    assert str(got.dtype) == str(expected.dtype)


@pytest.mark.parametrize("call", [
    lambda m, x: m.vander(x.reshape(3, 1)),
    lambda m, x: m.vander(x, N=-1),
    lambda m, x: m.linalg.vander(x, N=1),
    lambda m, x: m.linalg.vander(x[0]),
    lambda m, x: m.linalg.vander(x.half()),
])
def test_vander_errors_are_torchs(call):
    ours, theirs = _pair([1.0, 2.0, 3.0], requires_grad=False)
    with pytest.raises(RuntimeError) as expected:
        call(torch, theirs)
    with pytest.raises(RuntimeError) as got:
        call(gc, ours)
    assert str(got.value) == str(expected.value)
