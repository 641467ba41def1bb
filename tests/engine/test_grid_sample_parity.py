"""F.affine_grid and F.grid_sample (4-d; bilinear and nearest; zeros and border padding; both
align_corners) against torch: grids, samples, gradients to the input and to theta, float32 and float64."""
import numpy as np
import pytest

import gradcli.engine as g

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.parity


def _run(lib, mode, padding_mode, align, dtype):
    dt = getattr(lib, dtype)
    theta = lib.tensor([[[1.1, 0.2, 0.1], [0.3, 0.9, -0.2]], [[0.7, -0.4, 0.5], [0.2, 1.3, 0.3]]], dtype=dt,
                       requires_grad=True)
    x = lib.tensor(np.sin(np.arange(2 * 3 * 4 * 5) * 0.7).reshape(2, 3, 4, 5), dtype=dt, requires_grad=True)
    grid = lib.nn.functional.affine_grid(theta, (2, 3, 5, 6), align_corners=align)
    y = lib.nn.functional.grid_sample(x, grid, mode=mode, padding_mode=padding_mode, align_corners=align)
    weight = lib.cos(lib.arange(y.numel(), dtype=dt)).reshape(y.shape)
    grads = lib.autograd.grad((y * weight).sum(), (x, theta))
    return [t.detach().numpy() for t in (grid, y) + grads]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("align", [False, True])
@pytest.mark.parametrize("padding_mode", ["zeros", "border"])
@pytest.mark.parametrize("mode", ["bilinear", "nearest"])
def test_affine_grid_and_grid_sample_match_torch(mode, padding_mode, align, dtype):
    tol = 1e-5 if dtype == "float32" else 1e-10
    for ours, theirs in zip(_run(g, mode, padding_mode, align, dtype), _run(torch, mode, padding_mode, align, dtype)):
        np.testing.assert_allclose(ours, theirs, rtol=tol, atol=tol)
