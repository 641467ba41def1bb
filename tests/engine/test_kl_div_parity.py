"""F.kl_div is torch's composition, xlogy(target, target) - target * input: the same nodes
(XlogyBackward0), NaN for a negative target, and torch's gradients at a zero target."""
import numpy as np
import pytest

import gradcli.engine as g

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.parity


@pytest.mark.parametrize("reduction", ["none", "sum", "batchmean"])
def test_kl_div_matches_torch_on_zero_and_negative_targets(reduction):
    results = []
    for lib in (torch, g):
        x = lib.tensor([[-1.0, -2.0], [-0.5, -1.0]], requires_grad=True)
        target = lib.tensor([[0.5, 0.0], [-0.5, 1.0]], requires_grad=True)
        loss = lib.nn.functional.kl_div(x, target, reduction=reduction)
        nodes = [loss.grad_fn.name()] + [fn.name() for fn, _ in loss.grad_fn.next_functions if fn is not None]
        loss.sum().backward()
        results.append((nodes, loss.detach().numpy(), x.grad.numpy(), target.grad.numpy()))
    (their_nodes, *theirs), (our_nodes, *ours) = results
    if reduction == "none":
        assert our_nodes == their_nodes
    for a, b in zip(ours, theirs):
        np.testing.assert_allclose(a, b, rtol=1e-6, equal_nan=True)
