"""float32 log1p is SLEEF's log1pf in torch at every size (its vectorized map loads a short tail
as a partial vector), and log_sigmoid runs SLEEF's expf and log1pf on every element: torch.log1p,
F.logsigmoid and BCEWithLogitsLoss (built on log_sigmoid) equal torch's to the bit."""
from __future__ import annotations

import numpy as np
import pytest

from gradcli import engine as ag

SIZES = [(), (1,), (7,), (33,), (5, 20), (1000,), (20000,)]


def _inputs(shape, scale, seed):
    return (np.random.default_rng(seed).standard_normal(shape) * scale).astype(np.float32)


@pytest.mark.parametrize("shape", SIZES)
def test_log1p_equals_torchs_bits(shape):
    torch = pytest.importorskip("torch")
    a = np.abs(_inputs(shape, 3.0, len(shape) + 1)) - np.float32(0.5)
    assert np.array_equal(ag.log1p(ag.tensor(a)).numpy(), torch.log1p(torch.tensor(a)).numpy(), equal_nan=True)


@pytest.mark.parametrize("shape", SIZES)
def test_logsigmoid_and_its_gradient_equal_torchs_bits(shape):
    torch = pytest.importorskip("torch")
    a = _inputs(shape, 4.0, 7)
    x, tx = ag.tensor(a, requires_grad=True), torch.tensor(a, requires_grad=True)
    y, ty = ag.nn.functional.logsigmoid(x), torch.nn.functional.logsigmoid(tx)
    y.sum().backward()
    ty.sum().backward()
    assert np.array_equal(y.detach().numpy(), ty.detach().numpy())
    assert np.array_equal(x.grad.numpy(), tx.grad.numpy())


@pytest.mark.parametrize("pos_weight", [None, 2.5])
@pytest.mark.parametrize("reduction", ["none", "mean", "sum"])
@pytest.mark.parametrize("n", [9, 100, 5000])
def test_bce_with_logits_equals_torchs_bits(n, reduction, pos_weight):
    torch = pytest.importorskip("torch")
    logits = _inputs((n, 1), 3.0, n)
    target = (np.random.default_rng(n + 1).random((n, 1)) > 0.5).astype(np.float32)
    pw = None if pos_weight is None else np.array([pos_weight], np.float32)
    ours = ag.nn.functional.binary_cross_entropy_with_logits(
        ag.tensor(logits), ag.tensor(target), reduction=reduction, pos_weight=None if pw is None else ag.tensor(pw))
    theirs = torch.nn.functional.binary_cross_entropy_with_logits(
        torch.tensor(logits), torch.tensor(target), reduction=reduction,
        pos_weight=None if pw is None else torch.tensor(pw))
    assert np.array_equal(ours.numpy(), theirs.numpy())
