"""Adaptive max pooling, max unpooling, LP pooling, adaptive_avg_pool3d, the upsampling modules and
3-d/circular padding against torch: values, first and second derivatives in float32 and float64,
grad_fn names, module reprs."""
import numpy as np
import pytest

import gradcli.engine as g

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.parity


def _inputs(lib, dtype, shapes):
    out = []
    for k, shape in enumerate(shapes):
        a = np.cos(np.arange(int(np.prod(shape))) * (0.53 + 0.07 * k) + k).reshape(shape)
        out.append(lib.tensor(a, dtype=getattr(lib, dtype), requires_grad=True))
    return out


def _run(lib, fn, dtype, shapes):
    xs = _inputs(lib, dtype, shapes)
    y = fn(lib, lib.nn.functional, *xs)
    weight = lib.tensor(np.sin(np.arange(y.numel()) * 0.7).reshape(tuple(y.shape)), dtype=getattr(lib, dtype))
    grads = lib.autograd.grad((y * weight).sum(), xs, create_graph=True)
    needs = [gr for gr in grads if gr.requires_grad]
    second = lib.autograd.grad(sum((gr * gr).sum() for gr in needs), xs, allow_unused=True) if needs else []
    as_np = lambda t: None if t is None else t.detach().numpy()     # noqa: E731
    return y.grad_fn.name(), as_np(y), [as_np(t) for t in grads], [as_np(t) for t in second]


def _unpool(lib, F, x):
    values, indices = F.max_pool2d(x, 2, return_indices=True)
    return F.max_unpool2d(values * values, indices, 2, output_size=x.shape[-2:])


def _unpool1d(lib, F, x):
    values, indices = F.max_pool1d(x, 3, stride=2, return_indices=True)
    return F.max_unpool1d(values.pow(3), indices, 3, stride=2)


CASES = {
    "adaptive_max_pool2d": (lambda lib, F, x: F.adaptive_max_pool2d(x, (3, 2)).pow(2), [(2, 3, 5, 7)]),
    "adaptive_max_pool2d overlapping": (lambda lib, F, x: F.adaptive_max_pool2d(x, (4, None)).pow(2), [(3, 5, 3)]),
    "adaptive_max_pool1d": (lambda lib, F, x: F.adaptive_max_pool1d(x, 4).pow(2), [(2, 3, 9)]),
    "max_unpool2d": (_unpool, [(1, 2, 5, 6)]),
    "max_unpool1d": (_unpool1d, [(2, 3, 8)]),
    "lp_pool2d": (lambda lib, F, x: F.lp_pool2d(x, 2, (2, 3), stride=1), [(1, 2, 4, 5)]),
    "lp_pool1d": (lambda lib, F, x: F.lp_pool1d(x.abs() + 0.1, 3, 2, ceil_mode=True), [(2, 2, 7)]),
    "adaptive_avg_pool3d": (lambda lib, F, x: F.adaptive_avg_pool3d(x, (2, 3, 1)).pow(2), [(1, 2, 3, 5, 4)]),
    "upsampling bilinear": (lambda lib, F, x: lib.nn.UpsamplingBilinear2d(scale_factor=2)(x).pow(2), [(1, 2, 3, 4)]),
    "reflection_pad3d": (lambda lib, F, x: F.pad(x, (1, 2, 2, 0, 1, 1), mode="reflect").pow(2), [(1, 2, 3, 3, 4)]),
    "replication_pad3d": (lambda lib, F, x: F.pad(x, (2, 1, 0, 1, 3, 2), mode="replicate").pow(2), [(2, 3, 2, 3)]),
    "circular_pad3d": (lambda lib, F, x: lib.nn.CircularPad3d(1)(x).pow(2), [(1, 1, 2, 3, 3)]),
    "constant_pad3d": (lambda lib, F, x: lib.nn.ConstantPad3d((1, 0, 2, 1, 0, 1), 0.5)(x).pow(2), [(2, 2, 2, 2)]),
}


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("case", list(CASES))
def test_values_first_and_second_derivatives_match_torch(case, dtype):
    fn, shapes = CASES[case]
    theirs, ours = _run(torch, fn, dtype, shapes), _run(g, fn, dtype, shapes)
    if not case.startswith(("circular", "upsampling", "adaptive_avg", "lp_pool")):   # composed in gradcli
        assert ours[0] == theirs[0]
    tol = {"rtol": 1e-4, "atol": 1e-5} if dtype == "float32" else {"rtol": 1e-10, "atol": 1e-12}
    np.testing.assert_allclose(ours[1], theirs[1], **tol)
    for a, b in zip(ours[2] + ours[3], theirs[2] + theirs[3]):
        assert (a is None) == (b is None)
        if a is not None:
            np.testing.assert_allclose(a, b, **tol)


def test_pooling_nodes_and_returned_indices_are_torchs():
    out = []
    for lib in (torch, g):
        x = _inputs(lib, "float32", [(2, 3, 5, 7)])[0]
        y, i = lib.nn.functional.adaptive_max_pool2d(x, (2, 3), return_indices=True)
        y1 = lib.nn.functional.adaptive_max_pool1d(x[0], 3)
        gx = lib.autograd.grad(y.pow(2).sum(), x, create_graph=True)[0]
        values, where = lib.nn.functional.max_pool2d_with_indices(x, 2)
        u = lib.nn.functional.max_unpool2d(values, where, 2, output_size=(5, 7))
        out.append((i.numpy().tolist(), y1.grad_fn.name(), y1.grad_fn.next_functions[0][0].name(),
                    gx.grad_fn.name(), u.grad_fn.name(), u.detach().numpy().tolist()))
    assert out[0] == out[1]


MODULES = [
    lambda nn: nn.AdaptiveMaxPool1d(3), lambda nn: nn.AdaptiveMaxPool2d((2, None), return_indices=True),
    lambda nn: nn.AdaptiveAvgPool3d((1, 2, 3)), lambda nn: nn.MaxUnpool1d(3, stride=2, padding=1),
    lambda nn: nn.MaxUnpool2d((2, 3)), lambda nn: nn.LPPool1d(1.5, 2, stride=1, ceil_mode=True),
    lambda nn: nn.LPPool2d(2, 3), lambda nn: nn.UpsamplingNearest2d(scale_factor=2),
    lambda nn: nn.UpsamplingBilinear2d(size=(3, 4)), lambda nn: nn.ZeroPad3d(1),
    lambda nn: nn.ConstantPad3d((1, 2, 0, 0, 1, 1), 0.5), lambda nn: nn.ReflectionPad3d(2),
    lambda nn: nn.ReplicationPad3d((1, 0, 1, 0, 1, 0)), lambda nn: nn.CircularPad1d(2),
    lambda nn: nn.CircularPad2d((1, 0, 2, 1)), lambda nn: nn.CircularPad3d(1),
]


@pytest.mark.parametrize("make", MODULES)
def test_module_repr_matches_torch(make):
    assert repr(make(g.nn)) == repr(make(torch.nn))
