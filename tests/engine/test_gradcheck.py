"""gradcheck / gradgradcheck: torch's defaults, messages and the seed 003 example."""
from __future__ import annotations

import warnings

import pytest

import gradcli.engine as torch
from gradcli.engine.autograd import Function, gradcheck, gradgradcheck
from gradcli.engine.autograd.gradcheck import GradcheckError


class Sigmoid(Function):
    @staticmethod
    def forward(ctx, x):
        output = 1 / (1 + torch.exp(-x))
        ctx.save_for_backward(output)
        return output

    @staticmethod
    def backward(ctx, grad_output):
        output, = ctx.saved_tensors
        return output * (1 - output) * grad_output


class WrongSquare(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 2

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return g * 3 * x          # should be 2x


SEED_INPUT = [-0.4646, -0.4403, 1.2525, -0.5953]


def test_seed_003_float32_depends_on_eps():
    x = torch.tensor(SEED_INPUT, requires_grad=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert gradcheck(Sigmoid.apply, (x,), eps=1e-3)
        assert gradcheck(Sigmoid.apply, (x,), eps=1e-4, raise_exception=False) is False


def test_seed_003_float64_passes():
    x = torch.tensor(SEED_INPUT, requires_grad=True, dtype=torch.float64)
    for fn in (Sigmoid.apply, torch.sigmoid):
        assert gradcheck(fn, (x,), eps=1e-4)
        assert gradcheck(fn, (x,), eps=1e-6)


def test_float32_warning_is_torchs():
    x = torch.tensor(SEED_INPUT, requires_grad=True)
    with pytest.warns(UserWarning) as rec:
        gradcheck(torch.sigmoid, (x,), eps=1e-3)
    assert str(rec[0].message) == ("Input #0 requires gradient and is not a double precision floating point or "
                                   "complex. This check will likely fail if all the inputs are not of double "
                                   "precision floating point or complex. ")


def test_wrong_backward_gives_torchs_message():
    x = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
    with pytest.raises(GradcheckError) as info:
        gradcheck(WrongSquare.apply, (x,))
    assert isinstance(info.value, RuntimeError)
    assert str(info.value) == ("Jacobian mismatch for output 0 with respect to input 0,\n"
                               "numerical:tensor([[2.0000, 0.0000],\n        [0.0000, 4.0000]], dtype=torch.float64)\n"
                               "analytical:tensor([[3., 0.],\n        [0., 6.]], dtype=torch.float64)\n")
    assert gradcheck(WrongSquare.apply, (x,), raise_exception=False) is False


def test_gradgradcheck_and_the_optional_checks():
    x = torch.tensor([0.3, -0.8, 1.1], dtype=torch.float64, requires_grad=True)
    w = torch.tensor([[0.5, -1.0, 2.0]], dtype=torch.float64, requires_grad=True)
    fn = lambda a, b: (b @ a.tanh()).exp()  # noqa: E731
    assert gradcheck(fn, (x, w), check_forward_ad=True, check_batched_grad=True, check_batched_forward_grad=True)
    assert gradcheck(fn, (x, w), fast_mode=True)
    assert gradgradcheck(fn, (x, w))
    assert gradgradcheck(fn, (x, w), check_batched_grad=True)


def test_fast_mode_failure_recomputes_slow_mode_for_the_message():
    x = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
    with pytest.raises(GradcheckError, match="Below, we recompute numerical and analytical jacobians in slow mode"):
        gradcheck(WrongSquare.apply, (x,), fast_mode=True)


def test_no_input_requires_grad():
    with pytest.raises(ValueError, match="gradcheck expects at least one input tensor to require gradient"):
        gradcheck(torch.sin, (torch.ones(2, dtype=torch.float64),))
