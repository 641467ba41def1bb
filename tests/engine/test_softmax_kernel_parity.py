"""Softmax and log_softmax over the last dim of small float32 tensors equal torch's to the bit,
forward and backward (torch's kernels: SLEEF's expf and logf, 16-lane sums)."""
from __future__ import annotations

import numpy as np
import pytest

from gradcli import engine as ag


@pytest.fixture(autouse=True)
def torch_threads_as_gradcli_counts_them():
    """torch splits a backward's rows by its thread count, which another test may have changed:
    compare with torch run on the count gradcli's kernels assume."""
    torch = pytest.importorskip("torch")
    before = torch.get_num_threads()
    torch.set_num_threads(ag.get_num_threads())
    yield
    torch.set_num_threads(before)


@pytest.mark.parametrize("name", ["softmax", "log_softmax"])
@pytest.mark.parametrize("shape", [(80, 3), (25, 10), (16, 16), (15, 17), (2, 100), (1, 250), (2, 3, 40), (7,)])
def test_softmax_and_log_softmax_and_their_gradients_equal_torchs_bits(name, shape):
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(sum(shape) + (name == "log_softmax"))
    a = (rng.standard_normal(shape) * 4).astype(np.float32)
    g = rng.standard_normal(shape).astype(np.float32)
    x, tx = ag.tensor(a, requires_grad=True), torch.tensor(a, requires_grad=True)
    y, ty = getattr(ag, name)(x, -1), getattr(torch, name)(tx, -1)
    y.backward(ag.tensor(g))
    ty.backward(torch.tensor(g))
    assert np.array_equal(y.detach().numpy(), ty.detach().numpy())
    assert np.array_equal(x.grad.numpy(), tx.grad.numpy())


def test_edge_rows_equal_torchs():
    torch = pytest.importorskip("torch")
    inf, nan = np.inf, np.nan
    a = np.array([[0, -inf, 1, 2], [-inf] * 4, [inf, 1, 2, 3], [nan, 1, 2, 3], [100, -100, 0, 50],
                  [-200, -190, -180, 0], [1e-30, 0, -1e-30, 0]], np.float32)
    with np.errstate(invalid="ignore"):
        ours = ag.softmax(ag.tensor(a), 1).numpy()
    assert np.array_equal(ours, torch.softmax(torch.tensor(a), 1).numpy(), equal_nan=True)


def test_cross_entropy_of_given_logits_equals_torchs_bits():
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(7)
    a = (rng.standard_normal((24, 10)) * 3).astype(np.float32)
    target = rng.integers(0, 10, 24)
    x, tx = ag.tensor(a, requires_grad=True), torch.tensor(a, requires_grad=True)
    loss, tloss = ag.nn.functional.cross_entropy(x, ag.tensor(target)), torch.nn.functional.cross_entropy(
        tx, torch.tensor(target))
    loss.backward()
    tloss.backward()
    assert loss.item() == tloss.item()
    assert np.array_equal(x.grad.numpy(), tx.grad.numpy())
