"""Losses and norms that torch composes in C++ record torch's nodes in torch's order: C++ computes a
binary operator's right operand first (``exp(input) - target * input`` makes the product's node
first), and a number operand makes the Scalar overload's node (MulBackward1, AddBackward1). The order
decides which gradients add up first, and so the last bits of a shared input's gradient (compared
where no float32 exp, log or sqrt takes part: torch computes those with MKL's vector functions, whose
last bits gradcli does not reproduce)."""
from __future__ import annotations

import numpy as np
import pytest

from gradcli import engine as ag
from gradcli.engine.nn import functional as F

torch = pytest.importorskip("torch")


def _nodes_newest_first(root, sequence_number):
    seen, found, stack = set(), [], [root]
    while stack:
        fn = stack.pop()
        if fn is None or id(fn) in seen:
            continue
        seen.add(id(fn))
        if "AccumulateGrad" not in fn.name():
            found.append((sequence_number(fn), fn.name()))
        stack.extend(n for n, _ in fn.next_functions)
    return [name for _, name in sorted(found, reverse=True)]


CASES = {
    "kl_div": lambda M, T, a, b: M.kl_div(a, b.softmax(1), reduction="batchmean"),
    "kl_div_log_target": lambda M, T, a, b: M.kl_div(a, b, reduction="batchmean", log_target=True),
    "poisson_nll_loss": lambda M, T, a, b: M.poisson_nll_loss(a, b.abs()),
    "poisson_nll_loss_full": lambda M, T, a, b: M.poisson_nll_loss(a.abs() + 0.1, b.abs() + 1, log_input=False,
                                                                   full=True),
    "cosine_embedding_loss": lambda M, T, a, b: M.cosine_embedding_loss(a, b, T.tensor([1., -1., 1., -1.])),
    "cross_entropy_smoothed_probabilities": lambda M, T, a, b: M.cross_entropy(a, b.softmax(1), label_smoothing=0.1),
    "rms_norm": lambda M, T, a, b: M.rms_norm(a * b, (5,)).sum(),
}


def _run(name, backward):
    rng = np.random.default_rng(len(name))
    a, b = (rng.standard_normal((4, 5)).astype(np.float32) for _ in range(2))
    grad = np.float32(rng.standard_normal())
    ours = [ag.tensor(a, requires_grad=True), ag.tensor(b, requires_grad=True)]
    theirs = [torch.tensor(a, requires_grad=True), torch.tensor(b, requires_grad=True)]
    loss = CASES[name](F, ag, *ours)
    expected = CASES[name](torch.nn.functional, torch, *theirs)
    if backward:
        loss.backward(ag.tensor(grad))
        expected.backward(torch.tensor(grad))
    return loss, expected, ours, theirs


@pytest.mark.parametrize("name", sorted(CASES))
def test_nodes_are_torchs_in_torchs_order(name):
    loss, expected, _, _ = _run(name, backward=False)
    assert _nodes_newest_first(loss.grad_fn, lambda fn: fn._seq) == \
        _nodes_newest_first(expected.grad_fn, lambda fn: fn._sequence_nr())


@pytest.mark.parametrize("name", ["kl_div", "cross_entropy_smoothed_probabilities", "rms_norm"])
def test_values_and_gradients_are_torchs_bits(name):
    loss, expected, ours, theirs = _run(name, backward=True)
    assert loss.item() == expected.item()
    for mine, torchs in zip(ours, theirs):
        assert mine.grad.numpy().tobytes() == torchs.grad.numpy().tobytes()
