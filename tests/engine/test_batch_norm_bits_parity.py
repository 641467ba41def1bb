"""batch_norm's float32 backward is torch's bits on contiguous inputs of any map size: torch's
contiguous kernel sums each (example, channel) map's gradient and its dot with (x - mean) in 8 lanes
(the dot's tail products fused into their lanes), adds the maps' results in double and fuses
``dy - mean(dy) - (x - mean) k``. Training and eval, with and without affine parameters."""
import numpy as np
import pytest

from gradcli import engine as gc
from gradcli.engine.nn import functional as F

pytestmark = pytest.mark.parity
torch = pytest.importorskip("torch")
TF = torch.nn.functional

SHAPES = [(4, 6, 5, 5), (4, 6, 3, 3), (2, 3, 12), (2, 3, 9), (3, 5, 13), (2, 4, 20), (8, 3, 4, 4), (2, 3, 7),
          (3, 6, 33), (2, 6, 17)]


@pytest.mark.parametrize("training", [True, False])
@pytest.mark.parametrize("affine", [True, False])
@pytest.mark.parametrize("shape", SHAPES)
def test_batch_norm_forward_and_backward_are_torchs_bits(shape, affine, training):
    rng = np.random.default_rng(shape[-1])
    c = shape[1]
    x = rng.standard_normal(shape).astype(np.float32)
    w, b, running_mean = rng.standard_normal((3, c)).astype(np.float32)
    running_var = (rng.random(c) + 0.5).astype(np.float32)
    xt, xg = torch.from_numpy(x).requires_grad_(), gc.tensor(x, requires_grad=True)
    params_t = [torch.from_numpy(v.copy()).requires_grad_() for v in (w, b)] if affine else [None, None]
    params_g = [gc.tensor(v, requires_grad=True) for v in (w, b)] if affine else [None, None]
    yt = TF.batch_norm(xt, torch.from_numpy(running_mean.copy()), torch.from_numpy(running_var.copy()), *params_t,
                       training=training)
    y = F.batch_norm(xg, gc.tensor(running_mean), gc.tensor(running_var), *params_g, training=training)
    np.testing.assert_array_equal(y.detach().numpy(), yt.detach().numpy())
    grad_out = rng.standard_normal(shape).astype(np.float32)
    yt.backward(torch.from_numpy(grad_out))
    y.backward(gc.tensor(grad_out))
    np.testing.assert_array_equal(xg.grad.numpy(), xt.grad.numpy())
    for pg, pt in zip(params_g, params_t):
        if pt is not None:
            np.testing.assert_array_equal(pg.grad.numpy(), pt.grad.numpy())
