"""PReLU, RMSNorm, InstanceNorm, LocalResponseNorm, pixel/channel shuffle, RReLU (eval),
Softmax2d, Unfold/Fold and ParameterDict against torch: values, first and second derivatives in
float32 and float64, grad_fn names, module reprs and parameters."""
import numpy as np
import pytest

import gradcli.engine as g

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.parity


def _inputs(lib, dtype, shapes):
    out = []
    for k, shape in enumerate(shapes):
        a = np.sin(np.arange(int(np.prod(shape))) * (0.37 + 0.11 * k) + k).reshape(shape)
        out.append(lib.tensor(a, dtype=getattr(lib, dtype), requires_grad=True))
    return out


def _run(lib, fn, dtype, shapes):
    xs = _inputs(lib, dtype, shapes)
    y = fn(lib, *xs)
    weight = lib.tensor(np.cos(np.arange(y.numel()) * 0.5).reshape(tuple(y.shape)), dtype=getattr(lib, dtype))
    grads = lib.autograd.grad((y * weight).sum(), xs, create_graph=True)
    second = lib.autograd.grad(sum((gr * gr).sum() for gr in grads), xs, allow_unused=True)
    as_np = lambda t: None if t is None else t.detach().numpy()     # noqa: E731
    return y.grad_fn.name(), as_np(y), [as_np(t) for t in grads], [as_np(t) for t in second]


CASES = {
    "prelu per channel": (lambda lib, x, w: lib.nn.functional.prelu(x, w), [(2, 3, 4), (3,)]),
    "prelu one slope": (lambda lib, x, w: lib.nn.functional.prelu(x, w), [(5, 2), (1,)]),
    "rms_norm": (lambda lib, x, w: lib.nn.functional.rms_norm(x, (2, 3), w), [(4, 2, 3), (2, 3)]),
    "rms_norm default eps": (lambda lib, x: lib.nn.functional.rms_norm(x, [4]), [(3, 4)]),
    "instance_norm affine": (lambda lib, x, w, b: lib.nn.functional.instance_norm(x, weight=w, bias=b),
                             [(2, 3, 5), (3,), (3,)]),
    "instance_norm 2-d": (lambda lib, x: lib.nn.functional.instance_norm(x), [(2, 2, 3, 3)]),
    "local_response_norm 3-d": (lambda lib, x: lib.nn.functional.local_response_norm(x, 3, 0.5, 0.6, 1.5),
                                [(2, 5, 3)]),
    "local_response_norm 5-d": (lambda lib, x: lib.nn.functional.local_response_norm(x, 2, 0.3, 0.75, 2.0),
                                [(2, 4, 2, 2, 3)]),
    "pixel_shuffle": (lambda lib, x: lib.nn.functional.pixel_shuffle(x, 2).pow(2), [(2, 8, 2, 3)]),
    "pixel_unshuffle": (lambda lib, x: lib.nn.functional.pixel_unshuffle(x, 3).pow(2), [(1, 6, 3)]),
    "channel_shuffle": (lambda lib, x: lib.nn.functional.channel_shuffle(x, 3).pow(2), [(2, 6, 2)]),
    "rrelu eval": (lambda lib, x: lib.nn.functional.rrelu(x, 0.1, 0.4).pow(2), [(3, 4)]),
    "softmax2d": (lambda lib, x: lib.nn.Softmax2d()(x), [(2, 3, 2, 2)]),
}


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("case", list(CASES))
def test_values_first_and_second_derivatives_and_node_match_torch(case, dtype):
    fn, shapes = CASES[case]
    theirs, ours = _run(torch, fn, dtype, shapes), _run(g, fn, dtype, shapes)
    assert ours[0] == theirs[0]
    tol = {"rtol": 1e-4, "atol": 1e-5} if dtype == "float32" else {"rtol": 1e-10, "atol": 1e-12}
    np.testing.assert_allclose(ours[1], theirs[1], **tol)
    for a, b in zip(ours[2] + ours[3], theirs[2] + theirs[3]):
        assert (a is None) == (b is None)
        if a is not None:
            np.testing.assert_allclose(a, b, **tol)


def test_instance_norm_running_statistics_follow_torch_in_train_and_eval():
    out = []
    for lib in (torch, g):
        m = lib.nn.InstanceNorm1d(3, momentum=0.3, track_running_stats=True)
        x = _inputs(lib, "float64", [(4, 3, 5)])[0]
        m(x)
        m(x * 2)
        m.eval()
        out.append((m.running_mean.numpy().copy(), m.running_var.numpy().copy(), m(x).detach().numpy(),
                    int(m.num_batches_tracked)))
    for a, b in zip(*out):
        np.testing.assert_allclose(a, b, rtol=1e-12)


MODULES = [
    lambda nn: nn.PReLU(), lambda nn: nn.PReLU(3, init=0.1), lambda nn: nn.RReLU(0.1, 0.2, inplace=True),
    lambda nn: nn.RMSNorm([2, 3], eps=1e-6), lambda nn: nn.RMSNorm(4, elementwise_affine=False),
    lambda nn: nn.InstanceNorm1d(3), lambda nn: nn.InstanceNorm2d(4, affine=True, bias=False),
    lambda nn: nn.InstanceNorm3d(2, track_running_stats=True), lambda nn: nn.LocalResponseNorm(2),
    lambda nn: nn.PixelShuffle(3), lambda nn: nn.PixelUnshuffle(2), lambda nn: nn.ChannelShuffle(4),
    lambda nn: nn.Unfold((2, 3), padding=1), lambda nn: nn.Fold(4, 2, stride=2), lambda nn: nn.Softmax2d(),
    lambda nn: nn.AlphaDropout(0.1), lambda nn: nn.FeatureAlphaDropout(), lambda nn: nn.Dropout3d(0.2),
    lambda nn: nn.BatchNorm3d(3, affine=False), lambda nn: nn.BatchNorm2d(2, bias=False),
]


@pytest.mark.parametrize("make", MODULES)
def test_module_repr_parameters_and_buffers_match_torch(make):
    theirs, ours = make(torch.nn), make(g.nn)
    assert repr(ours) == repr(theirs)
    assert [(n, tuple(p.shape), p.detach().numpy().tolist()) for n, p in ours.named_parameters()] == \
        [(n, tuple(p.shape), p.detach().numpy().tolist()) for n, p in theirs.named_parameters()]
    assert [(n, b.numpy().tolist()) for n, b in ours.named_buffers()] == \
        [(n, b.numpy().tolist()) for n, b in theirs.named_buffers()]


def test_parameter_dict_orders_names_and_prints_as_torch():
    reprs = []
    for lib in (torch, g):
        d = lib.nn.ParameterDict({"w": lib.nn.Parameter(lib.ones(2)), "b": lib.nn.Parameter(lib.zeros(1, 3))})
        d["z"] = lib.ones(2, dtype=lib.float64)
        d.update([("a", lib.nn.Parameter(lib.ones(1)))])
        owner = lib.nn.Module()
        owner.params = d
        reprs.append((repr(d), list(d.keys()), [n for n, _ in owner.named_parameters()], d.pop("w").shape,
                      len(d), "w" in d))
    assert reprs[0] == reprs[1]
