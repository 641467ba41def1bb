"""clip_grads_with_norm_ scales by torch's max_norm / (total_norm + 1e-6), a reciprocal times
max_norm: the clipped gradients equal torch's to the bit (a division differs on a fourth of norms)."""
from __future__ import annotations

import numpy as np
import pytest

from gradcli import engine as ag
from gradcli.engine.nn.utils import clip_grads_with_norm_


def test_clipped_gradients_equal_torchs_to_the_bit():
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(0)
    grads = rng.standard_normal((300, 5)).astype(np.float32)
    totals = (rng.random(300) * 20 + 0.01).astype(np.float32)
    for g, total, max_norm in zip(grads, totals, rng.random(300) * 3):
        p, tp = ag.zeros(5, requires_grad=True), torch.zeros(5, requires_grad=True)
        p.grad, tp.grad = ag.tensor(g), torch.tensor(g)
        clip_grads_with_norm_([p], float(max_norm), ag.tensor(total))
        torch.nn.utils.clip_grads_with_norm_([tp], float(max_norm), torch.tensor(total))
        assert np.array_equal(p.grad.numpy(), tp.grad.numpy())
