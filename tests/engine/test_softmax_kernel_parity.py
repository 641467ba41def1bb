"""Softmax over the last dim of float32 tensors equals torch's to the bit, forward and backward
(torch's kernel: SLEEF's expf, 16-lane sums, times the sum's reciprocal)."""
from __future__ import annotations

import numpy as np
import pytest

from gradcli import engine as ag


@pytest.mark.parametrize("shape", [(200, 3), (200, 10), (50, 16), (50, 17), (20, 100), (2, 2, 1000), (7,)])
def test_softmax_and_its_gradient_equal_torchs_bits(shape):
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(sum(shape))
    a = (rng.standard_normal(shape) * 4).astype(np.float32)
    g = rng.standard_normal(shape).astype(np.float32)
    x, tx = ag.tensor(a, requires_grad=True), torch.tensor(a, requires_grad=True)
    y, ty = ag.softmax(x, -1), torch.softmax(tx, -1)
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
