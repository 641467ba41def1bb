"""var's and std's gradients, 2 (self - mean) / (N - correction) times the incoming gradient, take
torch's mean (its sum's order, then one division), so they equal torch's to the bit."""
from __future__ import annotations

import numpy as np
import pytest

from gradcli import engine as ag

CASES = [((64, 10), None, 1), ((64, 10), (1,), 1), ((64, 10), (0,), 0), ((7, 300), (1,), 1), ((1000,), None, 0),
         ((3, 4, 5), (0, 2), 1)]


@pytest.mark.parametrize("name", ["var", "std"])
@pytest.mark.parametrize(("shape", "dim", "correction"), CASES)
def test_var_and_std_gradients_equal_torchs_bits(name, shape, dim, correction):
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(len(shape) + correction)
    a = (rng.standard_normal(shape) * 3 + 1).astype(np.float32)
    x, tx = ag.tensor(a, requires_grad=True), torch.tensor(a, requires_grad=True)
    y = getattr(x, name)(dim=dim, correction=correction)
    ty = getattr(tx, name)(dim=dim, correction=correction)
    g = rng.standard_normal(ty.shape).astype(np.float32)
    y.backward(ag.tensor(g))
    ty.backward(torch.tensor(g))
    assert np.array_equal(x.grad.numpy(), tx.grad.numpy())
