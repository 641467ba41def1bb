"""avg_pool2d's and avg_pool3d's values and gradients are torch's bits: torch's kernel sums each
window in raster order from zero (in float for float16) and divides once; its backward adds each
output's share into its window, outputs in raster order. Every option, both layouts, each dtype."""
import numpy as np
import pytest

from gradcli import engine as gc
from gradcli.engine.nn import functional as F

pytestmark = pytest.mark.parity
torch = pytest.importorskip("torch")
TF = torch.nn.functional

# (kernel, stride, padding, ceil_mode, count_include_pad, divisor_override)
OPTIONS = [(3, 2, 1, True, False, None), (3, 2, 1, False, True, None), (2, 2, 0, False, True, None),
           (3, 1, 1, False, False, None), (3, 2, 0, True, True, None), (3, 2, 1, False, True, 5),
           ((4, 3), (2, 1), (2, 1), True, False, None), (5, 1, 2, False, True, None)]


@pytest.mark.parametrize("dtype", ["float32", "float64", "float16"])
@pytest.mark.parametrize("channels_last", [False, True])
@pytest.mark.parametrize("shape", [(2, 3, 9, 11), (1, 20, 8, 7)])
@pytest.mark.parametrize("options", OPTIONS)
def test_avg_pool2d_forward_and_backward_are_torchs_bits(options, shape, channels_last, dtype):
    rng = np.random.default_rng(shape[1])
    x = rng.standard_normal(shape).astype(dtype)
    xt, xg = torch.from_numpy(x), gc.tensor(x)
    if channels_last:
        xt, xg = xt.contiguous(memory_format=torch.channels_last), xg.contiguous(memory_format=gc.channels_last)
    xt.requires_grad_()
    xg.requires_grad_()
    yt, y = TF.avg_pool2d(xt, *options), F.avg_pool2d(xg, *options)
    np.testing.assert_array_equal(y.detach().numpy(), yt.detach().numpy())
    grad_out = rng.standard_normal(tuple(yt.shape)).astype(dtype)
    yt.backward(torch.from_numpy(grad_out))
    y.backward(gc.tensor(grad_out))
    np.testing.assert_array_equal(xg.grad.numpy(), xt.grad.numpy())


OPTIONS_3D = [(2, 2, 1, False, True, None), (3, 2, 1, True, False, None), (3, 1, 1, False, True, None),
              ((3, 2, 3), (1, 2, 2), (1, 1, 0), True, True, None), (3, 2, 1, False, True, 7)]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("channels_last", [False, True])
@pytest.mark.parametrize("shape", [(1, 2, 5, 6, 7), (2, 9, 4, 5, 6)])
@pytest.mark.parametrize("options", OPTIONS_3D)
def test_avg_pool3d_forward_and_backward_are_torchs_bits(options, shape, channels_last, dtype):
    rng = np.random.default_rng(shape[1])
    x = rng.standard_normal(shape).astype(dtype)
    xt, xg = torch.from_numpy(x), gc.tensor(x)
    if channels_last:
        xt, xg = xt.contiguous(memory_format=torch.channels_last_3d), xg.contiguous(memory_format=gc.channels_last_3d)
    xt.requires_grad_()
    xg.requires_grad_()
    yt, y = TF.avg_pool3d(xt, *options), F.avg_pool3d(xg, *options)
    np.testing.assert_array_equal(y.detach().numpy(), yt.detach().numpy())
    grad_out = rng.standard_normal(tuple(yt.shape)).astype(dtype)
    yt.backward(torch.from_numpy(grad_out))
    y.backward(gc.tensor(grad_out))
    np.testing.assert_array_equal(xg.grad.numpy(), xt.grad.numpy())


@pytest.mark.parametrize("options", OPTIONS_3D)
def test_int64_avg_pool3d_divides_each_box_once(options):
    x = np.random.default_rng(0).integers(-50, 50, (1, 2, 5, 6, 7))
    expected = TF.avg_pool3d(torch.from_numpy(x), *options).numpy()
    got = F.avg_pool3d(gc.tensor(x), *options).numpy()
    assert got.dtype == expected.dtype
    np.testing.assert_array_equal(got, expected)
