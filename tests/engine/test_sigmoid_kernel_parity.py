"""float32 sigmoid equals torch's to the bit: SLEEF's expf on whole pairs of 16-lane vectors, a
correctly rounded exp on the scalar tail, as torch's vectorized loop splits a contiguous tensor."""
import numpy as np
import pytest

from gradcli import engine as ag


@pytest.mark.parametrize("shape", [(5,), (33,), (80, 1), (7, 13), (256,), (1000,), (64, 100), (32768,), (3, 4, 5)])
def test_sigmoid_and_its_gradient_equal_torchs_bits(shape):
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(sum(shape))
    x = (rng.standard_normal(shape) * 4).astype(np.float32)
    x.flat[:3] = [0.0, -90.0, 90.0]          # 0.5, the underflowing and the saturated ends
    ours, theirs = ag.tensor(x, requires_grad=True), torch.tensor(x, requires_grad=True)
    y, ty = ag.sigmoid(ours), torch.sigmoid(theirs)
    y.sum().backward()
    ty.sum().backward()
    assert np.array_equal(y.detach().numpy(), ty.detach().numpy())
    assert np.array_equal(ours.grad.numpy(), theirs.grad.numpy())


def test_a_transposed_input_keeps_the_correctly_rounded_values():
    x = (np.arange(64, dtype=np.float32).reshape(8, 8) / 8 - 4).T     # not C-contiguous
    expected = (1 / (1 + np.exp(-x.astype(np.float64)))).astype(np.float32)
    assert np.abs(ag.sigmoid(ag.tensor(x)).numpy() - expected).max() <= np.spacing(np.float32(1))
