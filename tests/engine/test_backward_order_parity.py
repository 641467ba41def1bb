"""The backward pass runs nodes in torch's order (highest sequence number first among the ready
ones) however the engine hands gradients from one node to the next."""
import numpy as np
import pytest

from gradcli import engine as lib

torch = pytest.importorskip("torch")


def _two_chains(lib, steps):
    """The seed's training loop: w1 and w2 updated out of place, each step's graph under the next."""
    w1 = lib.tensor([[0.1, 0.15], [0.2, 0.25]], requires_grad=True)
    w2 = lib.tensor([[0.4, 0.45], [0.5, 0.55]], requires_grad=True)
    x = lib.tensor([[1.0], [2.0]])
    for _ in range(steps):
        w1.retain_grad()
        w2.retain_grad()
        loss = lib.sigmoid(w2 @ lib.sigmoid(w1 @ x)).sum()
        loss.backward(retain_graph=True)
        w1 = w1 - 0.5 * w1.grad
        w2 = w2 - 0.5 * w2.grad
    return (w1 * w2).sum() + (w1 @ w2).sum()


def _diamond(lib):
    """Several nodes ready at once and gradients that add up before a node runs."""
    x = lib.tensor([0.5, -1.0, 2.0], requires_grad=True)
    a = lib.tanh(x * 2.0)
    b = lib.exp(x) + a
    c = a * b
    return (c + lib.sigmoid(b) * a - x).sum()


def _mlp(lib):
    """nn.Linear, ReLU, nn.Linear: each AddmmBackward0 readies its bias's AccumulateGrad, the node
    below and its weight's TBackward0 at once (the T outranks the node below); a weight used twice."""
    lib.manual_seed(0)
    w1 = lib.nn.Parameter(lib.tensor([[0.5, -0.25, 1.0], [0.75, 0.5, -1.5]]))
    b1 = lib.nn.Parameter(lib.tensor([0.1, -0.2]))
    w2 = lib.nn.Parameter(lib.tensor([[1.0, -2.0], [0.5, 0.25]]))
    x = lib.tensor([[1.0, 2.0, 3.0], [-1.0, 0.5, 2.0]])
    h = lib.nn.functional.relu(lib.nn.functional.linear(x, w1, b1))
    out = lib.nn.functional.linear(h, w2) + lib.nn.functional.linear(h, w2, b1)
    return lib.nn.functional.mse_loss(out, lib.ones(2, 2))


def _order(lib, root):
    """The node names in the order the pass runs them (a pre-hook on every node)."""
    seen, stack, ran = set(), [root.grad_fn], []
    while stack:
        fn = stack.pop()
        if fn is None or fn in seen:
            continue
        seen.add(fn)
        fn.register_prehook(lambda grads, fn=fn: ran.append(fn.name()))
        stack.extend(n for n, _ in fn.next_functions)
    root.backward()
    return ran


@pytest.mark.parametrize("build", [lambda lib: _two_chains(lib, 4), _diamond, _mlp], ids=["two-chains", "diamond", "mlp"])
def test_nodes_run_in_torchs_order(build):
    assert _order(lib, build(lib)) == _order(torch, build(torch))


def test_two_chains_taking_turns_give_torchs_gradients():
    w = _two_chains(lib, 6)
    tw = _two_chains(torch, 6)
    w.backward()
    tw.backward()
    leaves = lambda t: [n.variable for n in _accumulators(t.grad_fn)]
    for g, tg in zip(leaves(w), leaves(tw)):
        np.testing.assert_allclose(g.grad.numpy(), tg.grad.numpy(), rtol=1e-6)


def _accumulators(fn):
    seen, stack, out = set(), [fn], []
    while stack:
        fn = stack.pop()
        if fn is None or fn in seen:
            continue
        seen.add(fn)
        if fn.name().endswith("AccumulateGrad"):
            out.append(fn)
        stack.extend(n for n, _ in fn.next_functions)
    return out
