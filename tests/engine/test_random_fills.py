"""The in-place random fills (exponential_, bernoulli_, geometric_, log_normal_, cauchy_) and
F.gumbel_softmax: gradcli's generator, so statistics and structure are checked, not values."""
import re

import numpy as np
import pytest

import gradcli.engine as torch
import gradcli.engine.nn.functional as F


def test_fills_follow_their_distributions():
    torch.manual_seed(0)
    n = 20000
    assert abs(torch.empty(n).exponential_(2.0).mean().item() - 0.5) < 0.02
    b = torch.empty(n).bernoulli_(0.3)
    assert set(np.unique(b.numpy())) <= {0.0, 1.0} and abs(b.mean().item() - 0.3) < 0.02
    assert abs(torch.empty(n).bernoulli_(torch.full((n,), 0.8)).mean().item() - 0.8) < 0.02
    assert torch.empty(n).geometric_(0.5).min().item() == 1.0
    assert abs(torch.empty(n).log_normal_(0.0, 0.5).log().mean().item()) < 0.02
    assert abs(torch.empty(n).cauchy_(3.0, 1.0).median().item() - 3.0) < 0.1


def test_a_fill_bumps_the_version_and_refuses_a_leaf_that_requires_grad():
    t = torch.zeros(3)
    t.exponential_()
    assert t._version == 1
    with pytest.raises(RuntimeError, match="a leaf Variable that requires grad is being used in an in-place"):
        torch.zeros(3, requires_grad=True).bernoulli_()


@pytest.mark.parametrize("fill, message", [
    (lambda t: t.exponential_(-1.0), "exponential_ expects lambda > 0.0, but found lambda=-1"),
    (lambda t: t.bernoulli_(1.5), "bernoulli_ expects p to be in [0, 1], but got p=1.5"),
    (lambda t: t.bernoulli_(torch.tensor([0.5, 1.5, 0.2])), "Expected p_in >= 0 && p_in <= 1 to be true"),
    (lambda t: t.geometric_(1.0), "geometric_ expects p to be in (0, 1), but got p=1"),
    (lambda t: t.log_normal_(0.0, -1.0), "log_normal_ expects std > 0.0, but found std=-1"),
    (lambda t: t.cauchy_(0.0, -1.0), "cauchy_ expects sigma > 0.0, but found sigma=-1"),
])
def test_fills_refuse_torch_s_bad_arguments_with_its_messages(fill, message):
    with pytest.raises(RuntimeError, match=re.escape(message)):
        fill(torch.empty(3))


def test_gumbel_softmax_is_a_soft_sample_or_a_straight_through_one_hot():
    torch.manual_seed(1)
    logits = torch.tensor([[1.0, 2.0, 0.5], [0.1, 0.2, 3.0]], requires_grad=True)
    soft = F.gumbel_softmax(logits, tau=0.5)
    assert np.allclose(soft.sum(-1).detach().numpy(), 1.0) and soft.grad_fn.name() == "SoftmaxBackward0"
    hard = F.gumbel_softmax(logits, hard=True)
    assert sorted(np.unique(hard.detach().numpy())) == [0.0, 1.0] and hard.grad_fn.name() == "AddBackward0"
    (hard * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
    assert logits.grad.shape == (2, 3) and np.allclose(logits.grad.sum(-1).numpy(), 0.0, atol=1e-6)
