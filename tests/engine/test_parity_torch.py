"""Parity with PyTorch (skipped without torch): values, gradients, node names and repr strings
of the public API on the same float64 inputs."""
import numpy as np
import pytest

from gradcli import engine

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.parity

R = np.random.default_rng(7)


def A(*shape, low=-2.0, high=2.0):
    return R.uniform(low, high, shape)


def P(*shape):
    return R.uniform(0.5, 2.0, shape)


def U(*shape):
    return R.uniform(-0.9, 0.9, shape)


# (id, function of (module, *tensors), input arrays)
CASES = [
    ("add", lambda t, x, y: x + y, [A(3, 4), A(4)]),
    ("add_alpha", lambda t, x, y: t.add(x, y, alpha=2.5), [A(3), A(3)]),
    ("sub", lambda t, x, y: x - y, [A(3, 1), A(1, 4)]),
    ("rsub", lambda t, x: 1.5 - x, [A(3)]),
    ("mul", lambda t, x, y: x * y, [A(2, 3), A(3)]),
    ("div", lambda t, x, y: x / y, [A(3), P(3)]),
    ("rdiv", lambda t, x: 2.0 / x, [P(4)]),
    ("neg", lambda t, x: -x, [A(3)]),
    ("pow", lambda t, x: x ** 3, [A(4)]),
    ("pow_frac", lambda t, x: x ** 2.5, [P(4)]),
    ("pow_tensor", lambda t, x, y: x ** y, [P(3), A(3)]),
    ("rpow", lambda t, x: 2.0 ** x, [A(3)]),
    ("square", lambda t, x: t.square(x), [A(3)]),
    ("exp", lambda t, x: t.exp(x), [A(3)]),
    ("exp2", lambda t, x: t.exp2(x), [A(3)]),
    ("expm1", lambda t, x: t.expm1(x), [A(3)]),
    ("log", lambda t, x: t.log(x), [P(3)]),
    ("log2", lambda t, x: t.log2(x), [P(3)]),
    ("log10", lambda t, x: t.log10(x), [P(3)]),
    ("log1p", lambda t, x: t.log1p(x), [P(3)]),
    ("sqrt", lambda t, x: t.sqrt(x), [P(3)]),
    ("rsqrt", lambda t, x: t.rsqrt(x), [P(3)]),
    ("reciprocal", lambda t, x: t.reciprocal(x), [P(3)]),
    ("sin", lambda t, x: t.sin(x), [A(3)]),
    ("cos", lambda t, x: t.cos(x), [A(3)]),
    ("tan", lambda t, x: t.tan(x), [U(3)]),
    ("asin", lambda t, x: t.asin(x), [U(3)]),
    ("acos", lambda t, x: t.acos(x), [U(3)]),
    ("atan", lambda t, x: t.atan(x), [A(3)]),
    ("sinh", lambda t, x: t.sinh(x), [A(3)]),
    ("cosh", lambda t, x: t.cosh(x), [A(3)]),
    ("tanh", lambda t, x: t.tanh(x), [A(3)]),
    ("asinh", lambda t, x: t.asinh(x), [A(3)]),
    ("acosh", lambda t, x: t.acosh(x), [P(3) + 1]),
    ("atanh", lambda t, x: t.atanh(x), [U(3)]),
    ("atan2", lambda t, x, y: t.atan2(x, y), [A(3), A(3)]),
    ("hypot", lambda t, x, y: t.hypot(x, y), [A(3), A(3)]),
    ("abs", lambda t, x: t.abs(x), [A(5)]),
    ("sign", lambda t, x: t.sign(x), [A(5)]),
    ("floor", lambda t, x: t.floor(x), [A(5)]),
    ("ceil", lambda t, x: t.ceil(x), [A(5)]),
    ("round", lambda t, x: t.round(x), [A(5)]),
    ("trunc", lambda t, x: t.trunc(x), [A(5)]),
    ("frac", lambda t, x: t.frac(x), [A(5)]),
    ("remainder", lambda t, x, y: t.remainder(x, y), [A(4) * 3, P(4)]),
    ("fmod", lambda t, x, y: t.fmod(x, y), [A(4) * 3, P(4)]),
    ("clamp", lambda t, x: t.clamp(x, -0.5, 0.5), [A(6)]),
    ("clamp_min", lambda t, x: t.clamp(x, min=0.0), [A(6)]),
    ("clamp_tensor", lambda t, x, lo, hi: t.clamp(x, lo, hi), [A(4), A(4) - 1, A(4) + 1]),
    ("maximum", lambda t, x, y: t.maximum(x, y), [A(4), A(4)]),
    ("minimum", lambda t, x, y: t.minimum(x, y), [A(4), A(4)]),
    ("where", lambda t, x, y: t.where(x > 0, x, y), [A(4), A(4)]),
    ("lerp", lambda t, x, y: t.lerp(x, y, 0.3), [A(4), A(4)]),
    ("lerp_tensor", lambda t, x, y, w: t.lerp(x, y, w), [A(4), A(4), A(4)]),
    ("sum", lambda t, x: x.sum(), [A(3, 4)]),
    ("sum_dim", lambda t, x: x.sum(1), [A(3, 4)]),
    ("sum_dims_keepdim", lambda t, x: x.sum((0, 2), keepdim=True), [A(2, 3, 4)]),
    ("mean", lambda t, x: x.mean(), [A(3, 4)]),
    ("mean_dim", lambda t, x: x.mean(-1, keepdim=True), [A(3, 4)]),
    ("var", lambda t, x: x.var(), [A(3, 4)]),
    ("var_dim", lambda t, x: x.var(0, unbiased=False), [A(3, 4)]),
    ("std", lambda t, x: x.std(), [A(3, 4)]),
    ("std_dim", lambda t, x: x.std(1, keepdim=True), [A(3, 4)]),
    ("prod", lambda t, x: x.prod(), [A(3, 4)]),
    ("prod_dim", lambda t, x: x.prod(1), [A(3, 4)]),
    ("max", lambda t, x: x.max(), [A(3, 4)]),
    ("max_dim", lambda t, x: x.max(1).values, [A(3, 4)]),
    ("min_dim", lambda t, x: x.min(0, keepdim=True)[0], [A(3, 4)]),
    ("amax", lambda t, x: x.amax(1), [A(3, 4)]),
    ("amin", lambda t, x: x.amin((0, 1)), [A(3, 4)]),
    ("logsumexp", lambda t, x: t.logsumexp(x, 1), [A(3, 4)]),
    ("norm", lambda t, x: x.norm(), [A(3, 4)]),
    ("norm_1", lambda t, x: t.norm(x, 1, dim=1), [A(3, 4)]),
    ("norm_inf", lambda t, x: t.norm(x, float("inf")), [A(3, 4)]),
    ("norm_3", lambda t, x: t.norm(x, 3, dim=0), [A(3, 4)]),
    ("cumsum", lambda t, x: x.cumsum(1), [A(3, 4)]),
    ("cumprod", lambda t, x: x.cumprod(0), [A(3, 4)]),
    ("matmul_mm", lambda t, x, y: x @ y, [A(3, 4), A(4, 2)]),
    ("matmul_vec_mat", lambda t, x, y: x @ y, [A(4), A(4, 2)]),
    ("matmul_mat_vec", lambda t, x, y: x @ y, [A(3, 4), A(4)]),
    ("matmul_dot", lambda t, x, y: x @ y, [A(4), A(4)]),
    ("matmul_batched", lambda t, x, y: x @ y, [A(2, 3, 4), A(2, 4, 5)]),
    ("matmul_broadcast", lambda t, x, y: x @ y, [A(2, 1, 3, 4), A(5, 4, 2)]),
    ("matmul_fold", lambda t, x, y: x @ y, [A(2, 3, 4), A(4, 5)]),
    ("matmul_fold_T", lambda t, x, y: x @ y, [A(3, 4), A(2, 4, 5)]),
    ("matmul_vec_batched", lambda t, x, y: x @ y, [A(4), A(2, 4, 5)]),
    ("bmm", lambda t, x, y: t.bmm(x, y), [A(2, 3, 4), A(2, 4, 5)]),
    ("mv", lambda t, x, y: t.mv(x, y), [A(3, 4), A(4)]),
    ("outer", lambda t, x, y: t.outer(x, y), [A(3), A(4)]),
    ("trace", lambda t, x: t.trace(x), [A(3, 3)]),
    ("tril", lambda t, x: t.tril(x, -1), [A(4, 4)]),
    ("triu", lambda t, x: t.triu(x, 1), [A(3, 4)]),
    ("diag_vec", lambda t, x: t.diag(x), [A(3)]),
    ("diag_mat", lambda t, x: t.diag(x, 1), [A(3, 4)]),
    ("inverse", lambda t, x: t.linalg.inv(x), [A(3, 3) + 3 * np.eye(3)]),
    ("det", lambda t, x: t.linalg.det(x), [A(3, 3) + 3 * np.eye(3)]),
    ("solve", lambda t, a, b: t.linalg.solve(a, b), [A(3, 3) + 3 * np.eye(3), A(3, 2)]),
    ("view", lambda t, x: x.view(2, 6), [A(3, 4)]),
    ("reshape_copy", lambda t, x: x.t().reshape(-1), [A(3, 4)]),
    ("flatten", lambda t, x: x.flatten(1), [A(2, 3, 4)]),
    ("t", lambda t, x: x.t(), [A(3, 4)]),
    ("T", lambda t, x: x.T, [A(3, 4)]),
    ("transpose", lambda t, x: x.transpose(0, 2), [A(2, 3, 4)]),
    ("permute", lambda t, x: x.permute(2, 0, 1), [A(2, 3, 4)]),
    ("expand", lambda t, x: x.expand(2, 3, 4), [A(3, 1)]),
    ("squeeze", lambda t, x: x.squeeze(), [A(3, 1, 4)]),
    ("squeeze_dim", lambda t, x: x.squeeze(1), [A(3, 1, 4)]),
    ("unsqueeze", lambda t, x: x.unsqueeze(1), [A(3, 4)]),
    ("repeat", lambda t, x: x.repeat(2, 1, 3), [A(3, 4)]),
    ("cat", lambda t, x, y: t.cat([x, y], 1), [A(3, 2), A(3, 4)]),
    ("stack", lambda t, x, y: t.stack([x, y], 1), [A(3, 4), A(3, 4)]),
    ("split", lambda t, x: t.split(x, 2, 1)[1], [A(3, 5)]),
    ("chunk", lambda t, x: x.chunk(3, 0)[2], [A(7, 2)]),
    ("unbind", lambda t, x: x.unbind(1)[1] * 2, [A(3, 4)]),
    ("flip", lambda t, x: x.flip(0), [A(3, 4)]),
    ("roll", lambda t, x: x.roll(1, 1), [A(3, 4)]),
    ("narrow", lambda t, x: x.narrow(1, 1, 2), [A(3, 4)]),
    ("diagonal", lambda t, x: x.diagonal(), [A(3, 4)]),
    ("select", lambda t, x: x[1], [A(3, 4)]),
    ("slice_step", lambda t, x: x[::2, 1:], [A(5, 4)]),
    ("index_none_ellipsis", lambda t, x: x[None, ..., 1], [A(3, 4)]),
    ("clone", lambda t, x: x.clone(), [A(3)]),
    ("to_float32", lambda t, x: x.float() * 2, [A(3)]),
    ("inplace_mul_view", lambda t, x: _inplace_view(x), [A(4)]),
]


def _inplace_view(x):
    y = x * 1
    y[1:3].mul_(3)
    return y


def _run(mod, fn, arrays):
    tensors = [mod.tensor(a, dtype=mod.float64, requires_grad=True) for a in arrays]
    out = fn(mod, *tensors)
    g = np.linspace(-1, 1, out.numel()).reshape(tuple(out.shape)) if out.numel() > 1 else None
    grads = mod.autograd.grad(out, tensors, None if g is None else mod.tensor(g, dtype=mod.float64),
                              allow_unused=True)
    return out, grads


@pytest.mark.parametrize("name,fn,arrays", CASES, ids=[c[0] for c in CASES])
def test_values_gradients_and_node_name_match_torch(name, fn, arrays):
    ours, our_grads = _run(engine, fn, arrays)
    ref, ref_grads = _run(torch, fn, arrays)
    np.testing.assert_allclose(ours.detach().numpy(), ref.detach().numpy(), rtol=1e-10, atol=1e-12)
    for g, r in zip(our_grads, ref_grads):
        if r is None:
            assert g is None or not np.any(g.numpy())
        else:
            np.testing.assert_allclose(g.numpy(), r.numpy(), rtol=1e-8, atol=1e-10)
    assert type(ours.grad_fn).__name__ == type(ref.grad_fn).__name__


REPRS = [
    lambda t: t.tensor(3.7183, requires_grad=True) * 1,
    lambda t: t.tensor([1.0, 2.0], requires_grad=True),
    lambda t: t.linspace(0, 1, 7, dtype=t.float64),
    lambda t: t.arange(12).reshape(3, 4),
    lambda t: t.tensor([1e-5, 1e5]),
    lambda t: t.tensor([[True, False]]),
    lambda t: t.zeros(0, 3),
    lambda t: t.eye(3)[1],
]


@pytest.mark.parametrize("make", REPRS)
def test_repr_matches_torch(make):
    assert repr(make(engine)) == repr(make(torch))


def _generated_records():
    from gradcli.engine.ops.registry import all_ops
    OPS = all_ops()     # the families the engine loads on first use too
    return [op for op in OPS.values() if op.api is not None and op.samples is not None]


@pytest.mark.parametrize("op", _generated_records(), ids=lambda op: op.name)
def test_every_generated_wrapper_matches_torch(op):
    """Each record that declares its public API is called the same way in both libraries (the
    record's first sample, float64): values, gradients and node names agree."""
    sample = op.samples()[0]
    arrays = [np.asarray(a, dtype=np.float64) for a in sample.args]
    grad = op.differentiable and op.backward is not None

    def run(lib):
        ts = [lib.tensor(a, dtype=lib.float64, requires_grad=grad) for a in arrays]
        out = getattr(lib, op.name)(*ts)
        grads = None
        if grad:
            out.sum().backward()
            grads = [t.grad.numpy() for t in ts]
        name = type(out.grad_fn).__name__ if out.grad_fn is not None else None
        return out.detach().numpy(), grads, name

    mine, theirs = run(engine), run(torch)
    np.testing.assert_allclose(mine[0], theirs[0], rtol=1e-10, atol=1e-12, equal_nan=True)
    if grad:
        for a, b in zip(mine[1], theirs[1]):
            np.testing.assert_allclose(a, b, rtol=1e-9, atol=1e-12, equal_nan=True)
    assert mine[2] == theirs[2]
