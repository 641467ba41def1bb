"""mse_loss's, smooth_l1_loss's and huber_loss's gradients round as torch's kernels round, bit for bit:
mse's as (2 / count (self - target)) grad; the others' pairs of vectors with one formula, each
thread's tail with another (in double where it meets beta or delta)."""
from __future__ import annotations

import numpy as np
import pytest

from gradcli import engine as ag
from gradcli.engine.nn import functional as F

torch = pytest.importorskip("torch")

LOSSES = [("mse_loss", {}), ("smooth_l1_loss", {"beta": 1.0}), ("smooth_l1_loss", {"beta": 0.7}),
          ("huber_loss", {"delta": 1.0}), ("huber_loss", {"delta": 0.3})]


@pytest.mark.parametrize("name, options", LOSSES)
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("n", [7, 31, 50, 1000, 70001])
@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_gradients_equal_torchs_bits(name, options, dtype, n, reduction):
    rng = np.random.default_rng(n)
    x, t = (rng.standard_normal(n).astype(dtype) for _ in range(2))
    ours = [ag.tensor(x, requires_grad=True), ag.tensor(t, requires_grad=True)]
    theirs = [torch.tensor(x, requires_grad=True), torch.tensor(t, requires_grad=True)]
    loss = getattr(F, name)(*ours, reduction=reduction, **options)
    expected = getattr(torch.nn.functional, name)(*theirs, reduction=reduction, **options)
    g = rng.standard_normal(tuple(expected.shape)).astype(dtype)
    loss.backward(ag.tensor(g))
    expected.backward(torch.tensor(g))
    for mine, torchs in zip(ours, theirs):
        assert mine.grad.numpy().tobytes() == torchs.grad.numpy().tobytes()


def test_a_broadcast_target_keeps_the_formula():
    x = np.random.default_rng(0).standard_normal((4, 5)).astype(np.float32)
    ours, theirs = ag.tensor(x, requires_grad=True), torch.tensor(x, requires_grad=True)
    F.smooth_l1_loss(ours, ag.zeros(5)).backward()
    torch.nn.functional.smooth_l1_loss(theirs, torch.zeros(5)).backward()
    np.testing.assert_allclose(ours.grad.numpy(), theirs.grad.numpy(), rtol=1e-6)


@pytest.mark.parametrize("reduction", ["mean", "sum"])
def test_a_regression_steps_gradients_equal_torchs_with_a_scaled_loss(reduction):
    """The plain backward's own MseLossBackward0 (a training step's first node) under a loss scaled by
    1/3, as gradient accumulation over three micro-batches scales it."""
    rng = np.random.default_rng(5)
    x, w, y = rng.standard_normal((15, 4)).astype(np.float32), rng.standard_normal((4, 1)).astype(np.float32), \
        rng.standard_normal((15, 1)).astype(np.float32)
    ours, theirs = ag.tensor(w, requires_grad=True), torch.tensor(w, requires_grad=True)
    (ag.nn.MSELoss(reduction=reduction)(ag.tensor(x) @ ours, ag.tensor(y)) / 3).backward()
    (torch.nn.MSELoss(reduction=reduction)(torch.tensor(x) @ theirs, torch.tensor(y)) / 3).backward()
    assert ours.grad.numpy().tobytes() == theirs.grad.numpy().tobytes()


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("shape", [(4, 5), (7,), (30, 11)])
@pytest.mark.parametrize("p", [1, 2])
@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
@pytest.mark.parametrize("weighted", [False, True])
def test_multi_margin_gradient_equals_torchs_bits(dtype, shape, p, reduction, weighted):
    rng = np.random.default_rng(len(shape) * 10 + p)
    x = rng.standard_normal(shape).astype(dtype)
    target = rng.integers(0, shape[-1], shape[:-1])
    weight = (rng.random(shape[-1]) + 0.5).astype(dtype)
    ours, theirs = ag.tensor(x, requires_grad=True), torch.tensor(x, requires_grad=True)
    loss = F.multi_margin_loss(ours, ag.tensor(target), p=p, margin=0.7, reduction=reduction,
                               weight=ag.tensor(weight) if weighted else None)
    expected = torch.nn.functional.multi_margin_loss(theirs, torch.tensor(target), p=p, margin=0.7,
                                                     reduction=reduction,
                                                     weight=torch.tensor(weight) if weighted else None)
    g = (rng.standard_normal(tuple(expected.shape)) + 1).astype(dtype)
    loss.backward(ag.tensor(g))
    expected.backward(torch.tensor(g))
    assert ours.grad.numpy().tobytes() == theirs.grad.numpy().tobytes()
