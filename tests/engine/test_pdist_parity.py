"""torch.pdist / F.pdist against torch for every kind of p (0, 1, between 0 and 2, 2, above 2, inf),
with a repeated row (a zero distance, where torch's gradient is 0): values, gradients, PdistBackward0."""
import math

import numpy as np
import pytest

import gradcli.engine as g

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.parity


def _run(lib, p, dtype):
    x = lib.tensor(np.round(np.sin(np.arange(15) * 0.9).reshape(5, 3), 1), dtype=getattr(lib, dtype),
                   requires_grad=True)
    y = lib.nn.functional.pdist(lib.cat([x, x[:1]]), p)
    grad = lib.autograd.grad((y * lib.arange(y.numel(), dtype=y.dtype)).sum(), x)[0]
    return y.grad_fn.name(), y.detach().numpy(), grad.numpy()


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("p", [0.0, 0.5, 1.0, 1.5, 2.0, 3.0, math.inf])
def test_pdist_matches_torch(p, dtype):
    theirs, ours = _run(torch, p, dtype), _run(g, p, dtype)
    assert ours[0] == theirs[0] == "PdistBackward0"
    tol = 1e-5 if dtype == "float32" else 1e-12
    np.testing.assert_allclose(ours[1], theirs[1], rtol=tol, atol=tol)
    np.testing.assert_allclose(ours[2], theirs[2], rtol=tol, atol=tol)
