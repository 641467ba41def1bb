"""torch.conv1d, layer_norm, group_norm, batch_norm, embedding (torch's argument orders), hardshrink,
threshold(_), cosine_similarity, pairwise_distance, adaptive_avg_pool1d, conv_transpose1d at torch level:
the same values as torch's (their nodes are nn.functional's, where some are compositions)."""
from __future__ import annotations

import pytest

from gradcli import engine as ag

torch = pytest.importorskip("torch")


def run(torch):
    out = []
    def t(f):
        try:
            r = f(); out.append([round(v, 4) for v in r.detach().reshape(-1).tolist()])
        except Exception as e:
            out.append("error: " + str(e))
    torch.manual_seed(0)
    x = torch.tensor([[[0.5, -1.0, 2.0, 0.3], [1.5, 0.2, -0.7, 0.9]]], requires_grad=True)
    w = torch.tensor([[[0.2, -0.3]], [[0.5, 0.1]]], requires_grad=True)
    t(lambda: torch.conv1d(x[:, :1], w, padding=1)); t(lambda: torch.layer_norm(x, (4,)))
    t(lambda: torch.group_norm(x, 1)); t(lambda: torch.batch_norm(x, None, None, torch.zeros(2), torch.ones(2), False, 0.1, 1e-5, True))
    t(lambda: torch.embedding(torch.tensor([[1., 2], [3, 4], [5, 6]], requires_grad=True), torch.tensor([2, 0])))
    t(lambda: torch.embedding(torch.tensor([[1., 2], [3, 4], [5, 6]]), torch.tensor([2, 0]), 0))
    t(lambda: torch.cosine_similarity(x[0], x[0].flip(0), 1)); t(lambda: torch.pairwise_distance(x[0], x[0].flip(0)))
    t(lambda: torch.hardshrink(x, 0.6)); t(lambda: x.hardshrink()); t(lambda: torch.threshold(x, 0.4, -1.0))
    t(lambda: torch.threshold_(x * 1, 0.4, -1.0)); t(lambda: torch.adaptive_avg_pool1d(x, 2))
    t(lambda: torch.conv_transpose1d(x[:, :1], w[:1], stride=2))
    return out


def test_same_values_as_torch():
    assert run(ag) == run(torch)
