"""conv3d (torch's ConvolutionBackward0), conv_transpose3d, max_pool3d (values, indices) and
avg_pool3d against torch: values, first and second derivatives in float32 and float64."""
import numpy as np
import pytest

import gradcli.engine as g

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.parity


def _inputs(lib, dtype, shapes):
    return [lib.tensor(np.sin(np.arange(int(np.prod(s))) * (0.31 + 0.1 * k) + k).reshape(s),
                       dtype=getattr(lib, dtype), requires_grad=True) for k, s in enumerate(shapes)]


def _run(lib, fn, dtype, shapes):
    xs = _inputs(lib, dtype, shapes)
    y = fn(lib.nn.functional, *xs)
    weight = lib.tensor(np.cos(np.arange(y.numel()) * 0.3).reshape(tuple(y.shape)), dtype=getattr(lib, dtype))
    grads = lib.autograd.grad((y * weight).sum(), xs, create_graph=True)
    second = lib.autograd.grad(sum((gr * gr).sum() for gr in grads), xs, allow_unused=True)
    as_np = lambda t: None if t is None else t.detach().numpy()     # noqa: E731
    return y.grad_fn.name(), as_np(y), [as_np(t) for t in grads + second]


CASES = {
    "conv3d": (lambda F, x, w, b: F.conv3d(x, w, b, stride=(1, 2, 1), padding=(1, 0, 1), dilation=(1, 1, 2),
                                          groups=2), [(2, 4, 3, 5, 6), (2, 2, 2, 2, 3), (2,)]),
    "conv3d unbatched": (lambda F, x, w: F.conv3d(x, w, padding="same"), [(2, 3, 3, 4), (3, 2, 3, 3, 3)]),
    "conv_transpose3d": (lambda F, x, w, b: F.conv_transpose3d(x, w, b, stride=2, padding=(1, 0, 0),
                                                               output_padding=(0, 1, 0)),
                         [(1, 2, 2, 3, 2), (2, 3, 2, 2, 3), (3,)]),
    "max_pool3d": (lambda F, x: F.max_pool3d(x, (2, 2, 3), stride=(1, 2, 2), padding=(1, 0, 1)).pow(2),
                   [(2, 2, 3, 5, 6)]),
    "max_pool3d ceil_mode dilation": (lambda F, x: F.max_pool3d(x, 2, dilation=(1, 2, 1), ceil_mode=True).pow(2),
                                      [(1, 2, 5, 6, 5)]),
    "avg_pool3d": (lambda F, x: F.avg_pool3d(x, 3, stride=2, padding=1, count_include_pad=False).pow(2),
                   [(2, 1, 5, 5, 6)]),
    "avg_pool3d divisor_override": (lambda F, x: F.avg_pool3d(x, (2, 2, 3), ceil_mode=True,
                                                              divisor_override=5).pow(2), [(1, 5, 5, 7)]),
}


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("case", list(CASES))
def test_values_first_and_second_derivatives_match_torch(case, dtype):
    fn, shapes = CASES[case]
    theirs, ours = _run(torch, fn, dtype, shapes), _run(g, fn, dtype, shapes)
    if case == "conv3d":
        assert ours[0] == theirs[0] == "ConvolutionBackward0"
    tol = {"rtol": 2e-4, "atol": 2e-5} if dtype == "float32" else {"rtol": 1e-10, "atol": 1e-12}
    np.testing.assert_allclose(ours[1], theirs[1], **tol)
    for a, b in zip(ours[2], theirs[2]):
        assert (a is None) == (b is None)
        if a is not None:
            np.testing.assert_allclose(a, b, **tol)


def test_max_pool3d_indices_are_torchs_with_ties_and_padding():
    out = []
    for lib in (torch, g):
        x = lib.tensor(np.round(np.sin(np.arange(2 * 4 * 5 * 6) * 0.9) * 2).reshape(1, 2, 4, 5, 6))
        out.append([t.numpy().tolist() for t in lib.nn.functional.max_pool3d(x, (2, 3, 2), (2, 1, 2), (1, 1, 0),
                                                                              return_indices=True, ceil_mode=True)])
    assert out[0] == out[1]


@pytest.mark.parametrize("make", [
    lambda nn: nn.Conv3d(2, 4, (1, 2, 3), stride=2, padding=1, groups=2, bias=False),
    lambda nn: nn.ConvTranspose3d(4, 2, 3, stride=(1, 2, 2), output_padding=(0, 1, 1)),
    lambda nn: nn.MaxPool3d(2, stride=1, ceil_mode=True), lambda nn: nn.AvgPool3d((1, 2, 3), padding=(0, 1, 1)),
    lambda nn: nn.BatchNorm3d(5, momentum=None),
])
def test_module_repr_and_parameter_shapes_match_torch(make):
    theirs, ours = make(torch.nn), make(g.nn)
    assert repr(ours) == repr(theirs)
    assert [(n, tuple(p.shape)) for n, p in ours.named_parameters()] == \
        [(n, tuple(p.shape)) for n, p in theirs.named_parameters()]
