"""Adaptive average pooling against torch's CPU kernels, bit for bit: windows summed in memory order
and divided by each extent in turn, gradients spread back cell by cell; output size 1 is torch's mean."""
import numpy as np
import pytest

from gradcli import engine as gc
from gradcli.engine.nn import functional as F

torch = pytest.importorskip("torch")
TF = torch.nn.functional


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("rank", [1, 2, 3])
def test_adaptive_avg_pool_matches_torch_bit_for_bit(rank, dtype):
    rng = np.random.default_rng(rank)
    pool, torch_pool = [(F.adaptive_avg_pool1d, TF.adaptive_avg_pool1d), (F.adaptive_avg_pool2d, TF.adaptive_avg_pool2d),
                        (F.adaptive_avg_pool3d, TF.adaptive_avg_pool3d)][rank - 1]
    for _ in range(15):
        spatial = tuple(int(v) for v in rng.integers(1, 13 if rank < 3 else 7, rank))
        out = tuple(int(v) for v in rng.integers(1, 9, rank))
        x = (rng.standard_normal((2, 3) + spatial) * 10).astype(dtype)
        xt = torch.from_numpy(x).requires_grad_()
        yt = torch_pool(xt, out)
        grad = rng.standard_normal(tuple(yt.shape)).astype(dtype)
        yt.backward(torch.from_numpy(grad))
        xg = gc.tensor(x, requires_grad=True)
        y = pool(xg, out)
        y.backward(gc.tensor(grad))
        assert type(y.grad_fn).__name__ == type(yt.grad_fn).__name__
        np.testing.assert_array_equal(y.detach().numpy(), yt.detach().numpy())
        np.testing.assert_array_equal(xg.grad.numpy(), xt.grad.numpy())


def test_pooling_to_the_input_size_is_a_new_node_not_the_input():
    x = gc.ones(1, 2, 3, 3, requires_grad=True)
    y = F.adaptive_avg_pool2d(x, (3, 3))
    assert y is not x and type(y.grad_fn).__name__ == "AdaptiveAvgPool2DBackward0"
