"""torch.autograd.functional: closed forms, torch fixtures for several inputs and outputs, and every
vectorized path (batched backward, batched forward mode, batched double backward) against the loops."""
from __future__ import annotations

import numpy as np
import pytest

import gradcli.engine as torch
from gradcli.engine.autograd import functional as F

X = [0.5, -1.0, 2.0]
Y = [1.5, 0.25]


def xy():
    return torch.tensor(X, dtype=torch.float64), torch.tensor(Y, dtype=torch.float64)


def f_two_outputs(x, y):
    return torch.outer(x, y).sin(), (x ** 2).sum() * y


def g_scalar(x, y):
    return x.exp().sum() * y.prod() + (x[:2] * y).sum() ** 2


# torch 2.13's values for the functions above (computed once with torch.autograd.functional)
TORCH_JAC = [[[[[1.0975333033107313, 0.0, 0.0], [0.24804941680733225, 0.0, 0.0]],
               [[0.0, 0.10610580250155435, 0.0], [0.0, 0.24222810542766118, 0.0]],
               [[0.0, 0.0, -1.4849887449006682], [0.0, 0.0, 0.2193956404725932]]],
              [[[0.36584443443691045, 0.0], [0.0, 0.4960988336146645]],
               [[-0.0707372016677029, 0.0], [0.0, -0.9689124217106447]],
               [[-1.9799849932008908, 0.0], [0.0, 1.7551651237807455]]]],
             [[[1.5, -3.0, 6.0], [0.25, -0.5, 1.0]], [[5.25, 0.0], [0.0, 5.25]]]]
TORCH_HESS = [[[[5.118270476512548, 0.75, 0.0], [0.75, 0.2629547904392909, 0.0], [0.0, 0.0, 2.7708960370989937]],
               [[2.9121803176750323, -0.5269180939498077], [0.3419698602928606, 1.0518191617571635],
                [1.8472640247326626, 11.083584148395975]]],
              [[[2.9121803176750323, 0.3419698602928606, 1.8472640247326626],
                [-0.5269180939498077, 1.0518191617571635, 11.083584148395975]],
               [[0.5, 8.40565681080222], [8.40565681080222, 2.0]]]]
TORCH_HVP = ([6.7357672376, 0.2477949401, -12.7461217707], [-6.3453225692, -21.0464797666])
TORCH_VJP = ([1.3455827201, 0.3483339079, -1.2655931044], [-1.6848777604, 1.2823515357])
TORCH_JVP = [-10.4250000000, -5.6750000000]


def assert_nested(got, expected, tol=1e-12):
    if isinstance(got, (tuple, list)):   # lists: torch's forward-mode strategy returns lists
        assert len(got) == len(expected)
        for g, e in zip(got, expected):
            assert_nested(g, e, tol)
    else:
        # .detach(): torch's forward-over-reverse Hessian requires grad (its tangents keep the graph)
        np.testing.assert_allclose(got.detach().numpy(), np.array(expected), rtol=tol, atol=tol)


# -- closed forms ----------------------------------------------------------------------------------

def test_sum_of_squares_gradient_is_2x_and_hessian_is_2I():
    x = torch.randn(4)
    scalar_func = lambda x: torch.sum(x ** 2)  # noqa: E731
    j = F.jacobian(scalar_func, x)
    assert j.shape == (4,)
    assert torch.all(j == 2 * x)
    for vectorize in (False, True):
        h = F.hessian(scalar_func, x, vectorize=vectorize)
        assert h.shape == (4, 4)
        assert torch.all(h == 2 * torch.eye(4))


def test_linear_map_jacobian_is_the_matrix():
    A = torch.randn(2, 4)
    x = torch.randn(4)
    for kw in ({}, {"vectorize": True}, {"vectorize": True, "strategy": "forward-mode"}):
        assert torch.allclose(F.jacobian(lambda v: A @ v, x, **kw), A)


def test_quadratic_form_gradient_and_hessian():
    A = torch.tensor([[2.0, 1.0], [0.5, 3.0]], dtype=torch.float64)
    x = torch.tensor([1.0, -2.0], dtype=torch.float64)
    q = lambda v: v @ (A @ v)  # noqa: E731
    assert torch.allclose(F.jacobian(q, x), (A + A.T) @ x)
    for kw in ({}, {"vectorize": True}, {"vectorize": True, "outer_jacobian_strategy": "forward-mode"}):
        assert torch.allclose(F.hessian(q, x, **kw), A + A.T)


def test_matrix_input_jacobian_shape():
    x = torch.randn(4, 4)
    j = F.jacobian(lambda v: v.reshape(2, 8) ** 2, x)
    assert j.shape == (2, 8, 4, 4)


# -- several inputs and outputs: torch's values --------------------------------------------------------

@pytest.mark.parametrize("kw", [{}, {"vectorize": True}, {"vectorize": True, "strategy": "forward-mode"}],
                         ids=["loop", "batched-backward", "batched-forward"])
def test_jacobian_tuples_match_torch(kw):
    assert_nested(F.jacobian(f_two_outputs, xy(), **kw), TORCH_JAC)


@pytest.mark.parametrize("kw", [{}, {"vectorize": True}, {"vectorize": True, "outer_jacobian_strategy": "forward-mode"}],
                         ids=["loop", "batched-double-backward", "forward-over-reverse"])
def test_hessian_tuples_match_torch(kw):
    assert_nested(F.hessian(g_scalar, xy(), **kw), TORCH_HESS)


def test_vjp_jvp_hvp_vhp_match_torch():
    x, y = xy()
    v = (torch.tensor([1.0, 0.5, -2.0], dtype=torch.float64), torch.tensor([0.3, -0.7], dtype=torch.float64))
    out, hvp = F.hvp(g_scalar, (x, y), v)
    assert_nested(hvp, TORCH_HVP, 1e-9)
    _, vhp = F.vhp(g_scalar, (x, y), v)
    assert_nested(vhp, TORCH_HVP, 1e-9)        # the Hessian is symmetric
    _, vjp = F.vjp(lambda a, b: f_two_outputs(a, b)[0], (x, y), torch.ones(3, 2, dtype=torch.float64))
    assert_nested(vjp, TORCH_VJP, 1e-9)
    _, jvp = F.jvp(lambda a, b: f_two_outputs(a, b)[1], (x, y), v)
    assert_nested(jvp, TORCH_JVP, 1e-9)


def test_vectorized_equals_looped_on_a_mixed_function():
    torch.manual_seed(3)
    W = torch.randn(5, 4, dtype=torch.float64)
    fn = lambda x, b: (torch.tanh(W @ x + b), (x * x).cumsum(0).max())  # noqa: E731
    inputs = (torch.randn(4, dtype=torch.float64), torch.randn(5, dtype=torch.float64))
    looped = F.jacobian(fn, inputs)
    for kw in ({"vectorize": True}, {"vectorize": True, "strategy": "forward-mode"}):
        for row_l, row_v in zip(looped, F.jacobian(fn, inputs, **kw)):
            for a, b in zip(row_l, row_v):
                np.testing.assert_allclose(b.numpy(), a.numpy(), rtol=1e-12, atol=1e-12)


def test_create_graph_gives_a_differentiable_jacobian():
    x = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
    j = F.jacobian(lambda v: v ** 3, x, create_graph=True, vectorize=True)
    assert j.requires_grad
    j.sum().backward()
    assert torch.allclose(x.grad, 6 * x.detach())


def test_independent_output_gives_zeros_or_strict_error():
    x = torch.ones(3)
    assert torch.all(F.jacobian(lambda v: torch.ones(2), x) == torch.zeros(2, 3))
    with pytest.raises(RuntimeError, match="Output 0 of the user-provided function does not require gradients"):
        F.jacobian(lambda v: torch.ones(2), x, strict=True)
    with pytest.raises(RuntimeError, match="`strict=True` and `vectorized=True` are not supported together"):
        F.jacobian(lambda v: v * 2, x, strict=True, vectorize=True)


def test_torch_errors():
    x = torch.ones(3)
    with pytest.raises(RuntimeError, match="The Tensor returned by the function given to hessian should contain a "
                                           "single element"):
        F.hessian(lambda v: v * 2, x)
    with pytest.raises(NotImplementedError, match='`create_graph=True` and `strategy="forward-mode"`'):
        F.jacobian(lambda v: v, x, create_graph=True, strategy="forward-mode", vectorize=True)
    with pytest.raises(NotImplementedError, match="only implemented for `vectorize=True`"):
        F.jacobian(lambda v: v, x, strategy="forward-mode")
    with pytest.raises(RuntimeError, match="The vector v can only be None"):
        F.vjp(lambda v: v * 2, x)
    with pytest.raises(TypeError, match="The inputs given to jacobian must be either a Tensor or a tuple of Tensors"):
        F.jacobian(lambda v: v, [1.0])


def test_jacobian_auto_picks_forward_mode_for_wide_outputs():
    x = torch.randn(2, dtype=torch.float64)
    wide = lambda v: torch.outer(v, torch.arange(5.0, dtype=torch.float64))  # noqa: E731
    j, strategy = F.jacobian_auto(wide, x)
    assert strategy == "forward-mode"
    assert torch.allclose(j, F.jacobian(wide, x))
    _, strategy = F.jacobian_auto(lambda v: v.sum(), x)
    assert strategy == "reverse-mode"


def test_reverse_vectorized_path_is_one_backward(monkeypatch):
    """vectorize=True must not run one backward per output element."""
    from gradcli.engine import backward
    calls = []
    real = backward.run
    monkeypatch.setattr(backward, "run", lambda *a, **k: calls.append(k.get("batched")) or real(*a, **k))
    F.jacobian(lambda v: torch.tanh(v) * 2, torch.randn(50), vectorize=True)
    assert calls == [True]
    calls.clear()
    F.hessian(lambda v: (v.exp() * v).sum(), torch.randn(30), vectorize=True)
    assert calls == [False, True]     # one create_graph backward, one batched backward of it
