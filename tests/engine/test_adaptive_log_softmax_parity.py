"""nn.AdaptiveLogSoftmaxWithLoss against torch, with torch's weights copied in: the targets' log
probabilities, the loss, every gradient, the graph, log_prob, predict, the repr and the errors."""
import re

import numpy as np
import pytest

from gradcli import engine

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.parity


def _graph(node):
    if node is None:
        return "None"
    return node.name() + "(" + ",".join(_graph(f) for f, _ in node.next_functions) + ")"


def _run(lib, inputs, targets):
    module = lib.nn.AdaptiveLogSoftmaxWithLoss(8, 10, [3, 6], div_value=2.0, head_bias=True)
    weights = np.random.default_rng(1)
    with lib.no_grad():
        for p in module.parameters():
            p.copy_(lib.tensor(weights.normal(size=tuple(p.shape)), dtype=lib.float32))
    x = lib.tensor(inputs, dtype=lib.float32, requires_grad=True)
    out = module(x, lib.tensor(targets))
    out.loss.backward()
    batch = x.detach() if x.dim() > 1 else x.detach().unsqueeze(0)
    return dict(output=out.output.detach().numpy(), loss=out.loss.item(), grad=x.grad.numpy(),
                params=[None if p.grad is None else p.grad.numpy() for p in module.parameters()],
                log_prob=module.log_prob(batch).detach().numpy(), predict=module.predict(batch).numpy(),
                graph=_graph(out.loss.grad_fn), repr=repr(module), names=[n for n, _ in module.named_parameters()])


INPUTS = np.random.default_rng(0).normal(size=(6, 8))


@pytest.mark.parametrize("inputs,targets", [(INPUTS, [0, 3, 7, 9, 5, 1]), (INPUTS[:3], [0, 1, 2]),
                                            (INPUTS[:3], [8, 9, 7]), (INPUTS[0], 7)],
                         ids=["every-cluster", "head-only", "last-cluster-only", "unbatched"])
def test_matches_torch(inputs, targets):
    mine, theirs = _run(engine, inputs, targets), _run(torch, inputs, targets)
    for key in ("graph", "repr", "names"):
        assert mine[key] == theirs[key]
    np.testing.assert_array_equal(mine["predict"], theirs["predict"])
    for key in ("output", "loss", "grad", "log_prob"):
        np.testing.assert_allclose(mine[key], theirs[key], rtol=1e-5, atol=1e-6)
    for a, b in zip(mine["params"], theirs["params"]):
        assert (a is None) == (b is None)
        if a is not None:
            np.testing.assert_allclose(a, b, rtol=1e-4, atol=1e-6)


@pytest.mark.parametrize("cutoffs", [[], [3, 3], [6, 3], [0, 4], [4, 10]])
def test_invalid_cutoffs_raise_torchs_error(cutoffs):
    with pytest.raises(ValueError) as theirs:
        torch.nn.AdaptiveLogSoftmaxWithLoss(8, 10, cutoffs)
    with pytest.raises(ValueError, match=re.escape(str(theirs.value))):
        engine.nn.AdaptiveLogSoftmaxWithLoss(8, 10, cutoffs)


def test_a_target_out_of_range_raises_torchs_error():
    def run(lib):
        module = lib.nn.AdaptiveLogSoftmaxWithLoss(8, 10, [3, 6], div_value=2.0)
        return module(lib.tensor(INPUTS[:2], dtype=lib.float32), lib.tensor([1, 12]))

    with pytest.raises(RuntimeError) as theirs:
        run(torch)
    with pytest.raises(RuntimeError, match=re.escape(str(theirs.value))):
        run(engine)
