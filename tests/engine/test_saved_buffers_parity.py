"""What torch's nodes keep besides their inputs (log_sigmoid's ``buffer``, nll_loss's
``total_weight``, layer_norm's ``mean`` and ``rstd``, det's, slogdet's and solve's ``LU`` and
``pivots``, index_copy's ``source``, conv's ``bias_sym_sizes_opt``...) gradcli's nodes keep too,
with torch's values, and a saved-tensor pack hook sees the tensors in torch's order; the gradients
still come from formulas that recompute what they need from the inputs, so double backward stays
exact."""
import numpy as np
import pytest

import gradcli.engine as g

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.parity

X = np.array([[-3.0, -0.5, 0.0, 0.7], [4.0, 1.5, -2.0, 0.25], [0.1, -0.1, 2.5, -1.0]])
T = np.array([2, 1, 0])
W = np.array([0.5, 1.0, 2.0, 3.0])

CASES = {
    "logsigmoid": lambda lib, x: lib.nn.functional.logsigmoid(x),
    "nll_loss mean": lambda lib, x: lib.nn.functional.nll_loss(x, lib.tensor(T)),
    "nll_loss weighted sum": lambda lib, x: lib.nn.functional.nll_loss(x, lib.tensor(T), lib.tensor(W), reduction="sum"),
    "nll_loss ignored": lambda lib, x: lib.nn.functional.nll_loss(x, lib.tensor(T), ignore_index=1),
    "nll_loss none": lambda lib, x: lib.nn.functional.nll_loss(x, lib.tensor(T), reduction="none"),
    "nll_loss one sample, none": lambda lib, x: lib.nn.functional.nll_loss(x[1], lib.tensor(T[1]), lib.tensor(W),
                                                                           reduction="none"),
    "nll_loss2d": lambda lib, x: lib.nn.functional.nll_loss(x.reshape(1, 3, 2, 2), lib.tensor(T[None, 1:, None]
                                                                                              .repeat(2, 2))),
    "index_copy": lambda lib, x: x.index_copy(1, lib.tensor([3, 0]), x[:, 1:3] * 2),
    "index_copy_": lambda lib, x: (x * 1).index_copy_(0, lib.tensor([2]), x[1:2] ** 2),
    "det": lambda lib, x: lib.linalg.det(x[:, :3] * 1),
    "det of a non-contiguous matrix": lambda lib, x: lib.linalg.det(x[:, 1:]),
    "det of a batch": lambda lib, x: lib.linalg.det(lib.stack([x[:, :3], x[:, 1:]])),
    "det of a singular matrix": lambda lib, x: lib.linalg.det(lib.stack([x[0, :3], x[0, :3], x[2, :3]])),
    "slogdet": lambda lib, x: lib.linalg.slogdet(x[:, 1:] * 1).logabsdet,
    "solve": lambda lib, x: lib.linalg.solve(x[:, :3] * 1, x[:, 2:]),
    "solve for a vector": lambda lib, x: lib.linalg.solve(x[:, 1:], x[:, 0] * 1),
    "solve X A = B": lambda lib, x: lib.linalg.solve(x[:, :3] * 1, x[:2, 1:] * 1, left=False),
    "conv2d without a bias": lambda lib, x: lib.nn.functional.conv2d(x[None, None], x[None, None, :2, :2] * 1),
    "conv1d with a bias": lambda lib, x: lib.nn.functional.conv1d(x[None], x[None, :, :2], x[0, :1]),
    "unfold": lambda lib, x: lib.nn.functional.unfold(x[None, None], 2),
    "fold": lambda lib, x: lib.nn.functional.fold(x[None], (3, 4), (3, 1)),
    "var without arguments (correction None)": lambda lib, x: x.var(),
    "var along a dim (correction 1)": lambda lib, x: x.var(1),
    "std, keepdim only": lambda lib, x: x.std(keepdim=True),
    "std, unbiased=False": lambda lib, x: x.std(unbiased=False),
    "a number to a tensor power (self a number)": lambda lib, x: 2.5 ** x,
    "std_mean over a dim (one node, two outputs)": lambda lib, x: lib.std_mean(x, 1, keepdim=True)[0],
    "var_mean unbiased=False, its mean": lambda lib, x: lib.var_mean(x, 0, unbiased=False)[1],
    "std_mean over everything, correction 2": lambda lib, x: lib.std_mean(x, correction=2)[1] * lib.std_mean(x)[0],
    "dist (its own node)": lambda lib, x: lib.dist(x, x[0] * 2, 3),
    "dist, p = inf": lambda lib, x: lib.dist(x, x.flip(0) * 2, float("inf")),
    "layer_norm": lambda lib, x: lib.nn.functional.layer_norm(x, (4,), lib.tensor(W), lib.tensor(W[::-1].copy())),
}


def _saved(lib, case):
    """The output's node, its saved values by name, and the shapes the pack hook saw, in order."""
    packed = []

    def pack(t):
        packed.append(tuple(t.shape))
        return t
    x = lib.tensor(X, requires_grad=True)
    with lib.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        out = CASES[case](lib, x)
    node = out.grad_fn
    names = sorted(n for n in dir(node) if n.startswith("_saved_") and not n.endswith("_sym_strides"))
    return x, out, node.name(), {n: getattr(node, n) for n in names}, packed


def _same(ours, theirs) -> bool:
    if isinstance(theirs, torch.Tensor):
        return (isinstance(ours, g.Tensor) and str(ours.dtype) == str(theirs.dtype)
                and ours.requires_grad == theirs.requires_grad and ours.shape == theirs.shape
                and np.allclose(ours.detach().numpy(), theirs.detach().numpy(), rtol=1e-12, atol=0))
    if isinstance(theirs, int) and not isinstance(theirs, bool):   # ignore_index: torch shows it unsigned
        return ours % 2 ** 64 == theirs % 2 ** 64
    return ours == theirs


@pytest.mark.parametrize("case", sorted(CASES))
def test_saved_values_and_pack_order_match_torch(case):
    _, _, theirs_node, theirs, theirs_packed = _saved(torch, case)
    _, _, ours_node, ours, ours_packed = _saved(g, case)
    assert ours_node == theirs_node
    assert sorted(ours) == sorted(theirs)
    for name in theirs:
        assert _same(ours[name], theirs[name]), (name, ours[name], theirs[name])
    assert ours_packed == theirs_packed


@pytest.mark.parametrize("case", sorted(CASES))
def test_gradients_and_second_derivatives_match_torch(case):
    results = []
    for lib in (torch, g):
        x, out, *_ = _saved(lib, case)
        gx, = lib.autograd.grad((out * out).sum(), x, create_graph=True)
        ggx, = lib.autograd.grad((gx * gx).sum(), x)
        results.append((out.detach().numpy(), gx.detach().numpy(), ggx.numpy()))
    for theirs, ours in zip(*results):
        np.testing.assert_allclose(ours, theirs, rtol=1e-10, atol=1e-12)
