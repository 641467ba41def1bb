"""LazyConv1d/2d and LazyBatchNorm2d against torch: reprs before and after the first call, the
class they become, the shapes their parameters take, and the values that follow."""
import numpy as np
import pytest

import gradcli.engine as g

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.parity


def _trace(lib):
    nn = lib.nn
    conv, norm, conv1 = nn.LazyConv2d(4, 3, padding=1, groups=2), nn.LazyBatchNorm2d(momentum=0.2), \
        nn.LazyConv1d(3, 2, bias=False)
    before = [repr(m) for m in (conv, norm, conv1)]
    x = lib.tensor(np.sin(np.arange(2 * 4 * 5 * 5) * 0.3).reshape(2, 4, 5, 5), dtype=lib.float32)
    conv(x)
    conv1(x[0, :, 0])      # unbatched: the channels are dim 0
    with lib.no_grad():
        conv.weight.fill_(0.1)
        conv.bias.fill_(0.2)
    y = norm(conv(x))
    after = [repr(m) for m in (conv, norm, conv1)] + [type(m).__name__ for m in (conv, norm, conv1)]
    shapes = [tuple(conv.weight.shape), tuple(conv1.weight.shape), tuple(norm.weight.shape)]
    stats = [norm.running_mean.numpy(), norm.running_var.numpy(), int(norm.num_batches_tracked)]
    return before, after, shapes, stats, y.detach().numpy()


def test_lazy_modules_take_their_sizes_from_the_first_input_as_torch():
    (b1, a1, s1, st1, y1), (b2, a2, s2, st2, y2) = _trace(torch), _trace(g)
    assert (b2, a2, s2) == (b1, a1, s1)
    np.testing.assert_allclose(st2[0], st1[0], rtol=1e-5)
    np.testing.assert_allclose(st2[1], st1[1], rtol=1e-5)
    assert st2[2] == st1[2]
    np.testing.assert_allclose(y2, y1, rtol=1e-5, atol=1e-6)
