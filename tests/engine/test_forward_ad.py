"""Forward-mode AD: dual tensors, tangents through ops (rules and fallback), levels, custom Functions."""
from __future__ import annotations

import numpy as np
import pytest

import gradcli.engine as torch
import gradcli.engine.autograd.forward_ad as fwAD
from gradcli.engine.autograd import Function


def test_make_dual_and_unpack_dual():
    x = torch.tensor([1.0, 2.0])
    with fwAD.dual_level():
        d = fwAD.make_dual(x, torch.ones(2))
        assert repr(d) == "tensor([1., 2.], tangent=tensor([1., 1.]))"
        y = d * 3
        out = fwAD.unpack_dual(y)
        assert type(out).__name__ == "UnpackedDualTensor" and out._fields == ("primal", "tangent")
        assert out.primal.tolist() == [3.0, 6.0] and out.tangent.tolist() == [3.0, 3.0]
        assert fwAD.unpack_dual(x).tangent is None
    assert fwAD.unpack_dual(y).tangent is None      # leaving the level drops the tangents


def test_dual_of_a_leaf_that_requires_grad_is_a_view():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    with fwAD.dual_level():
        d = fwAD.make_dual(x, torch.ones(2))
        assert d.grad_fn.name() == "ViewBackward0" and d._base is x


def test_chain_rule_through_several_ops():
    x = torch.tensor([0.3, -1.2, 2.0], dtype=torch.float64)
    t = torch.tensor([1.0, 0.5, -1.0], dtype=torch.float64)
    with fwAD.dual_level():
        y = (fwAD.make_dual(x, t).sin() * 2).exp().sum()
        tangent = fwAD.unpack_dual(y).tangent
    expected = (np.exp(2 * np.sin(x.numpy())) * 2 * np.cos(x.numpy()) * t.numpy()).sum()
    assert abs(tangent.item() - expected) < 1e-12


def test_fallback_through_double_vjp_where_the_table_has_no_rule():
    x = torch.tensor([[1.0, 5.0], [3.0, 2.0]], dtype=torch.float64)
    with fwAD.dual_level():
        d = fwAD.make_dual(x, torch.tensor([[1.0, 2.0], [3.0, 4.0]], dtype=torch.float64))
        m = d.amax(-1)          # amax: jvp_note says "derived through double-vjp"
        assert fwAD.unpack_dual(m).tangent.tolist() == [2.0, 3.0]


def test_in_place_op_updates_the_tangent():
    with fwAD.dual_level():
        d = fwAD.make_dual(torch.tensor([1.0, 2.0]), torch.tensor([1.0, 0.0]))
        a = torch.ones(2) * 3
        a.mul_(d)
        assert fwAD.unpack_dual(a).tangent.tolist() == [3.0, 0.0]


def test_errors_match_torch():
    with pytest.raises(RuntimeError, match="no level exists"):
        fwAD.make_dual(torch.ones(2), torch.ones(2))
    with fwAD.dual_level():
        with pytest.raises(RuntimeError, match="Nested forward mode AD is not supported at the moment"):
            with fwAD.dual_level():
                pass
        with pytest.raises(RuntimeError, match="Tensor is of size \\[2\\] while the given forward gradient is of "
                                               "size \\[3\\]"):
            fwAD.make_dual(torch.ones(2), torch.ones(3))


class Cube(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_forward(x)
        return x ** 3

    @staticmethod
    def backward(ctx, g):
        raise AssertionError("forward mode must not call backward")

    @staticmethod
    def jvp(ctx, t):
        x, = ctx.saved_for_forward
        return 3 * x ** 2 * t


def test_custom_function_jvp():
    with fwAD.dual_level():
        y = Cube.apply(fwAD.make_dual(torch.tensor([1.0, 2.0]), torch.tensor([1.0, 1.0])))
        assert fwAD.unpack_dual(y).tangent.tolist() == [3.0, 12.0]


def test_custom_function_without_jvp_raises_torch_error():
    class NoJvp(Function):
        @staticmethod
        def forward(ctx, x):
            return x * 2

        @staticmethod
        def backward(ctx, g):
            return g * 2

    with fwAD.dual_level():
        with pytest.raises(NotImplementedError, match="You must implement the jvp function"):
            NoJvp.apply(fwAD.make_dual(torch.ones(2), torch.ones(2)))


def test_forward_over_reverse_keeps_tangents_of_saved_outputs():
    """exp saves its result; a create_graph backward inside a level must see that result's tangent."""
    x = torch.tensor([0.5, 1.5], dtype=torch.float64)
    with fwAD.dual_level():
        d = fwAD.make_dual(x, torch.tensor([1.0, 0.0], dtype=torch.float64)).requires_grad_()
        g, = torch.autograd.grad(d.exp().sum(), d, create_graph=True)
        assert np.allclose(fwAD.unpack_dual(g).tangent.detach().numpy(), [np.exp(0.5), 0.0])


def test_forward_ad_off_costs_nothing_visible():
    from gradcli.engine import instrumentation
    assert not instrumentation.forward_ad
    with fwAD.dual_level():
        assert instrumentation.forward_ad
    assert not instrumentation.forward_ad
