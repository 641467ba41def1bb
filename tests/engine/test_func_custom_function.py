"""A custom autograd.Function under vmap: with generate_vmap_rule its forward, setup_context and
backward run batched; its vmap staticmethod handles one level at a time; each result equals a
loop over the examples, and the refusals are torch's."""
import numpy as np
import pytest

import gradcli.engine as torch
from gradcli.engine.func import grad, jacrev, vmap

X = torch.randn(5, 4)


class MySin(torch.autograd.Function):
    generate_vmap_rule = True

    @staticmethod
    def forward(x):
        return x.sin() * 2

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return g * 2 * x.cos()


class Scale(torch.autograd.Function):
    generate_vmap_rule = True

    @staticmethod
    def forward(x, w):
        return x * w

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(*inputs)

    @staticmethod
    def backward(ctx, g):
        x, w = ctx.saved_tensors
        return g * w, g * x


class MyCube(torch.autograd.Function):
    levels = []

    @staticmethod
    def forward(x):
        return x ** 3

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return g * 3 * x ** 2

    @staticmethod
    def vmap(info, in_dims, x):
        MyCube.levels.append((info.batch_size, in_dims))
        return MyCube.apply(x), in_dims[0]


def loop(f, x):
    return torch.stack([f(r) for r in x])


def close(a, b):
    np.testing.assert_allclose(a.detach().numpy(), b.detach().numpy(), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("f", [
    MySin.apply, grad(lambda r: MySin.apply(r).sum()), jacrev(MySin.apply),
    MyCube.apply, grad(lambda r: MyCube.apply(r).sum()),
])
def test_a_function_under_vmap_equals_a_loop(f):
    close(vmap(f)(X), loop(f, X))


def test_the_backward_of_a_generated_rule_runs_after_vmap_returned():
    x = X.clone().requires_grad_()
    vmap(MySin.apply)(x).sum().backward()
    close(x.grad, 2 * X.cos())


def test_a_gradient_for_an_input_shared_by_the_examples_is_summed():
    w = X[0] + 1.0
    got = grad(lambda v: vmap(Scale.apply, in_dims=(0, None))(X, v).pow(2).sum())(w)
    close(got, grad(lambda v: (X * v).pow(2).sum())(w))


def test_the_vmap_staticmethod_runs_once_per_level():
    MyCube.levels.clear()
    close(vmap(vmap(MyCube.apply), in_dims=1)(X), (X ** 3).t())
    assert MyCube.levels == [(5, (0,)), (4, (0,))]


class ScaledSin(torch.autograd.Function):
    """A jvp that is not the backward's derivative (x3 against x2): shows which rule forward mode uses."""
    generate_vmap_rule = True

    @staticmethod
    def forward(x):
        return x.sin() * 2

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])
        ctx.save_for_forward(inputs[0])

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return g * 2 * x.cos()

    @staticmethod
    def jvp(ctx, t):
        x, = ctx.saved_tensors
        return t * 3 * x.cos()


def test_forward_mode_uses_the_functions_jvp_under_vmap():
    from gradcli.engine.func import jacfwd, jvp
    T = torch.randn(5, 4)
    want = T * 3 * X.cos()
    close(jvp(vmap(ScaledSin.apply), (X,), (T,))[1], want)
    close(vmap(lambda r, t: jvp(ScaledSin.apply, (r,), (t,))[1])(X, T), want)
    close(jacfwd(vmap(ScaledSin.apply))(X)[1, :, 1], torch.diag(3 * X[1].cos()))
    close(vmap(jacfwd(ScaledSin.apply))(X)[2], torch.diag(3 * X[2].cos()))


def test_functions_without_a_vmap_rule_are_refused_as_torch_does():
    class Old(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 2

        @staticmethod
        def backward(ctx, g):
            return g * 2

    class NoRule(torch.autograd.Function):
        @staticmethod
        def forward(x):
            return x * 2

        @staticmethod
        def setup_context(ctx, inputs, output):
            pass

        @staticmethod
        def backward(ctx, g):
            return g * 2

    class Both(NoRule):
        generate_vmap_rule = True

        @staticmethod
        def vmap(info, in_dims, x):
            return x, 0
    with pytest.raises(RuntimeError, match="it must override the setup_context staticmethod"):
        vmap(Old.apply)(X)
    with pytest.raises(RuntimeError, match="does not have vmap support"):
        vmap(NoRule.apply)(X)
    with pytest.raises(RuntimeError, match="has both generate_vmap_rule=True and an overridden vmap"):
        vmap(Both.apply)(X)
