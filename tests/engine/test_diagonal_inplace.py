"""Writing through a diagonal view changes its base, as in torch (numpy hands the view out
read-only), and the gradient flows through the rebuilt graph."""
import pytest

import gradcli.engine as g

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.parity


def _run(lib):
    x = lib.arange(12.0).reshape(3, 4).requires_grad_()
    y = x * 1
    v = y.diagonal(1)
    v.mul_(2)
    (y * y).sum().backward()
    eye = lib.zeros(3, 3)
    eye.diagonal().fill_(1)
    eye.diagonal(-1).add_(2)
    return v.grad_fn.name(), y.tolist(), x.grad.tolist(), eye.tolist()


def test_in_place_writes_through_a_diagonal_match_torch():
    assert _run(g) == _run(torch)
