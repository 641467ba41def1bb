"""group_norm's values and gradients (input, weight, bias) are torch's bits on contiguous float32
inputs: torch's RowwiseMoments per (example, group), rstd in double, fused scale and shift; its
backward's vec reductions (group_norm's rounds the tail's products before adding them), weighted
lane sums and fused coefficients. Also layer_norm's backward without a weight for rows of 9 to 15
floats, which wrote into the incoming gradient and returned errors of order 1."""
import numpy as np
import pytest

from gradcli import engine as gc
from gradcli.engine.nn import functional as F

pytestmark = pytest.mark.parity
torch = pytest.importorskip("torch")
TF = torch.nn.functional

SHAPES = [((2, 6, 8, 8), 3), ((3, 16, 5, 7), 2), ((2, 20, 3), 2), ((2, 12, 9, 9), 3), ((4, 32, 4, 4), 8),
          ((2, 16, 5, 5), 16), ((2, 16, 5, 5), 1), ((2, 16, 35), 16), ((2, 16, 12), 2), ((2, 16, 44), 16)]


@pytest.mark.parametrize("affine", [False, True])
@pytest.mark.parametrize("shape,groups", SHAPES)
def test_group_norm_forward_and_backward_are_torchs_bits(shape, groups, affine):
    rng = np.random.default_rng(shape[1] + groups)
    x = rng.standard_normal(shape).astype(np.float32)
    w, b = rng.standard_normal((2, shape[1])).astype(np.float32)
    xt, xg = torch.from_numpy(x).requires_grad_(), gc.tensor(x, requires_grad=True)
    params_t = [torch.from_numpy(v).requires_grad_() for v in (w, b)] if affine else [None, None]
    params_g = [gc.tensor(v, requires_grad=True) for v in (w, b)] if affine else [None, None]
    yt, y = TF.group_norm(xt, groups, *params_t), F.group_norm(xg, groups, *params_g)
    np.testing.assert_array_equal(y.detach().numpy(), yt.detach().numpy())
    grad_out = rng.standard_normal(shape).astype(np.float32)
    yt.backward(torch.from_numpy(grad_out))
    y.backward(gc.tensor(grad_out))
    np.testing.assert_array_equal(xg.grad.numpy(), xt.grad.numpy())
    for pg, pt in zip(params_g, params_t):
        if pt is not None:
            np.testing.assert_array_equal(pg.grad.numpy(), pt.grad.numpy())


@pytest.mark.parametrize("n", [8, 9, 12, 15, 16])
def test_layer_norm_backward_without_weight_leaves_the_gradient_alone(n):
    rng = np.random.default_rng(n)
    x, grad_out = rng.standard_normal((2, 3, n)).astype(np.float32)
    xt, xg = torch.from_numpy(x).requires_grad_(), gc.tensor(x, requires_grad=True)
    TF.layer_norm(xt, (n,)).backward(torch.from_numpy(grad_out.copy()))
    g = gc.tensor(grad_out.copy())
    F.layer_norm(xg, (n,)).backward(g)
    np.testing.assert_array_equal(g.numpy(), grad_out)
    np.testing.assert_allclose(xg.grad.numpy(), xt.grad.numpy(), rtol=1e-5, atol=1e-6)
