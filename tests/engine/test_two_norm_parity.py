"""The 2-norm over a contiguous last dim (and of a whole tensor) in torch's order, bit for bit:
8- or 4-lane vectors, then a tail whose float32 squares go four at a time and whose last ones are
fused multiply-adds, as torch's compiled loop runs them. F.normalize and clip_grad_norm_ print it."""
from __future__ import annotations

import numpy as np
import pytest

from gradcli import engine as ag
from gradcli.engine.nn import functional as F

torch = pytest.importorskip("torch")


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("n", [1, 3, 4, 5, 7, 8, 9, 12, 15, 16, 17, 23, 31, 33, 100])
def test_row_norms_equal_torchs_bits(n, dtype):
    x = np.random.default_rng(n).standard_normal((300, n)).astype(dtype)
    expected = torch.from_numpy(x).norm(2, 1).numpy()
    assert ag.tensor(x).norm(2, 1).numpy().tobytes() == expected.tobytes()
    assert ag.linalg.vector_norm(ag.tensor(x), dim=-1).numpy().tobytes() == expected.tobytes()


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("n", [5, 7, 13, 30, 1001])
def test_whole_tensor_norm_equals_torchs(n, dtype):
    x = np.random.default_rng(n).standard_normal(n).astype(dtype)
    assert ag.tensor(x).norm().item() == torch.from_numpy(x).norm().item()


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("shape, dim", [((30, 7), 1), ((30, 7), 0), ((5, 6, 7), -1), ((2, 3, 4, 4), 1), ((17,), 0)])
def test_normalize_and_its_gradient_equal_torchs_bits(shape, dim, dtype):
    rng = np.random.default_rng(len(shape) + dim)
    x, w = (rng.standard_normal(shape).astype(dtype) for _ in range(2))
    ours, theirs = ag.tensor(x, requires_grad=True), torch.tensor(x, requires_grad=True)
    out, expected = F.normalize(ours, dim=dim), torch.nn.functional.normalize(theirs, dim=dim)
    out.backward(ag.tensor(w))
    expected.backward(torch.tensor(w))
    assert out.detach().numpy().tobytes() == expected.detach().numpy().tobytes()
    assert ours.grad.numpy().tobytes() == theirs.grad.numpy().tobytes()
