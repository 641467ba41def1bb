"""A parameter broadcast over a float32 or float64 batch gets its gradient summed in torch's order (its
vectorised cascade), bit for bit: what a seeded line fit prints with 6+ digits."""
from __future__ import annotations

import numpy as np
import pytest

from gradcli import engine as ag


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("n", [7, 40, 100, 1000])
def test_broadcast_parameter_gradient_equals_torchs_bits(n, dtype):
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(n)
    x, y = (rng.standard_normal(n).astype(dtype) for _ in range(2))
    w = ag.tensor(np.array([0.3], dtype), requires_grad=True)
    tw = torch.tensor(np.array([0.3], dtype), requires_grad=True)
    ((w * ag.tensor(x) - ag.tensor(y)) ** 2).mean().backward()
    ((tw * torch.tensor(x) - torch.tensor(y)) ** 2).mean().backward()
    assert w.grad.numpy().tobytes() == tw.grad.numpy().tobytes()
