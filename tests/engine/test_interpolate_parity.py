"""F.interpolate against torch's CPU kernels on random shapes and scales: the nearest modes pick
torch's source positions (including its 2-d forward's same-size and double-size shortcuts, which
its 1-d and 3-d forwards and every backward do not take) and add gradients back in torch's order,
bit for bit; so do the blending modes (bilinear's forward in each of torch's two kernels, the linear
backwards' fused multiply-adds, bicubic's backward built without them)."""
import numpy as np
import pytest

from gradcli import engine as gc
from gradcli.engine.nn import functional as F

torch = pytest.importorskip("torch")
TF = torch.nn.functional

CASES = [("nearest", 1), ("nearest", 2), ("nearest", 3), ("nearest-exact", 1), ("nearest-exact", 2),
         ("linear", 1), ("bilinear", 2), ("bicubic", 2), ("trilinear", 3)]


def _calls(nsp, rng, count=12):
    """(input spatial sizes, interpolate keywords, align_corners flag) for random resizes."""
    for trial in range(count):
        sizes_in = tuple(int(v) for v in rng.integers(1, 7, nsp))
        if trial % 2:
            yield sizes_in, {"size": tuple(int(v) for v in rng.integers(1, 9, nsp))}, bool(trial % 4 == 1)
        else:
            factor = float(rng.choice([0.7, 1.5, 2.0, 2.3, 3.0]))
            if min(int(n * factor) for n in sizes_in) >= 1:
                yield sizes_in, {"scale_factor": factor}, bool(trial % 4 == 0)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("mode,nsp", CASES)
def test_interpolate_values_and_gradients_are_torchs_bits(mode, nsp, dtype):
    rng = np.random.default_rng(nsp)
    blends = not mode.startswith("nearest")
    for sizes_in, kw, align in _calls(nsp, rng):
        x = rng.standard_normal((2, 3) + sizes_in).astype(dtype)
        corners = {"align_corners": align} if blends else {}
        xt = torch.from_numpy(x).requires_grad_()
        yt = TF.interpolate(xt, mode=mode, **kw, **corners)
        grad_out = rng.standard_normal(tuple(yt.shape)).astype(dtype)
        yt.backward(torch.from_numpy(grad_out))
        xg = gc.tensor(x, requires_grad=True)
        y = F.interpolate(xg, mode=mode, **kw, **corners)
        y.backward(gc.tensor(grad_out))
        assert type(y.grad_fn).__name__ == type(yt.grad_fn).__name__
        assert y.grad_fn._saved_output_size == yt.grad_fn._saved_output_size
        np.testing.assert_array_equal(y.detach().numpy(), yt.detach().numpy())
        np.testing.assert_array_equal(xg.grad.numpy(), xt.grad.numpy())


# (input shape, keywords): small outputs and channels-last inputs of more than 3 channels take torch's
# channels-last bilinear kernel (8-channel blocks and a tail, blended in two orders); large ones its
# generic one, as every bicubic resize
BLEND_FORWARDS = [((2, 3, 9, 11), {"scale_factor": 2}), ((2, 3, 9, 11), {"scale_factor": 0.7}),
                  ((1, 2, 40, 50), {"scale_factor": 2.0}), ((1, 5, 40, 50), {"size": (70, 90)}),
                  ((2, 11, 6, 7), {"scale_factor": 1.5}), ((1, 20, 5, 5), {"size": (3, 8)}),
                  ((1, 4, 3, 4, 5), {"scale_factor": 1.5}), ((1, 9, 3, 4, 5), {"size": (5, 2, 7)})]


@pytest.mark.parity
@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("channels_last", [False, True])
@pytest.mark.parametrize("align", [False, True])
@pytest.mark.parametrize("shape,kw", BLEND_FORWARDS)
def test_blending_resizes_are_torchs_bits_forward_and_backward(shape, kw, align, channels_last, dtype):
    rng = np.random.default_rng(len(shape) + shape[1])
    x = rng.standard_normal(shape).astype(dtype)
    xt, xg = torch.from_numpy(x), gc.tensor(x)
    if channels_last:
        fmt = "channels_last" if x.ndim == 4 else "channels_last_3d"
        xt, xg = xt.contiguous(memory_format=getattr(torch, fmt)), xg.contiguous(memory_format=getattr(gc, fmt))
    xt.requires_grad_()
    xg.requires_grad_()
    for mode in ("bilinear", "bicubic") if x.ndim == 4 else ("trilinear",):
        xt.grad = xg.grad = None
        yt = TF.interpolate(xt, mode=mode, align_corners=align, **kw)
        y = F.interpolate(xg, mode=mode, align_corners=align, **kw)
        np.testing.assert_array_equal(y.detach().numpy(), yt.detach().numpy())
        grad_out = rng.standard_normal(tuple(yt.shape)).astype(dtype)
        yt.backward(torch.from_numpy(grad_out))
        y.backward(gc.tensor(grad_out))
        np.testing.assert_array_equal(xg.grad.numpy(), xt.grad.numpy())


@pytest.mark.parity
@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("size", [{"scale_factor": 1.7}, {"size": 5}, {"size": 26}])
def test_linear_backward_is_torchs_bits(size, dtype):
    rng = np.random.default_rng(3)
    x = rng.standard_normal((2, 3, 13)).astype(dtype)
    for align in (False, True):
        xt, xg = torch.from_numpy(x).requires_grad_(), gc.tensor(x, requires_grad=True)
        yt = TF.interpolate(xt, mode="linear", align_corners=align, **size)
        grad_out = rng.standard_normal(tuple(yt.shape)).astype(dtype)
        yt.backward(torch.from_numpy(grad_out))
        F.interpolate(xg, mode="linear", align_corners=align, **size).backward(gc.tensor(grad_out))
        np.testing.assert_array_equal(xg.grad.numpy(), xt.grad.numpy())
