"""torch.addcdiv rounds as torch's CPU kernel does: ``self + value * t1 / t2``, the product first
(the other order, ``t1 / t2 * value``, differs in the last bit for about one element in thirteen)."""
import numpy as np
import pytest

from gradcli import engine as gc

torch = pytest.importorskip("torch")


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("value", [1, -0.1, 3.7])
def test_addcdiv_matches_torch_bit_for_bit(dtype, value):
    rng = np.random.default_rng(0)
    a, t1 = rng.standard_normal((2, 20000)).astype(dtype)
    t2 = (rng.random(20000) + 0.5).astype(dtype)
    expected = torch.addcdiv(torch.from_numpy(a), torch.from_numpy(t1), torch.from_numpy(t2), value=value).numpy()
    got = gc.addcdiv(gc.tensor(a), gc.tensor(t1), gc.tensor(t2), value=value).numpy()
    np.testing.assert_array_equal(got, expected)
