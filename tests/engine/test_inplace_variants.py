"""In-place twins of torch functions (addcmul_, lerp_, atan2_, lt_, torch.square_...): each case runs
the same code on torch and on gradcli and compares the values, the node names and the gradients."""
from __future__ import annotations

import numpy as np
import pytest

from gradcli import engine as ag

torch = pytest.importorskip("torch")

A = [[0.5, -1.25, 2.0], [0.3, 0.9, -0.4]]
B = [[1.5, 0.75, -2.0], [0.2, 0.6, 0.1]]
C = [[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]]

CASES = {
    "addcmul_": lambda t, y, b, c: y.addcmul_(b, c, value=0.5),
    "addcdiv_": lambda t, y, b, c: y.addcdiv_(b, c, value=2),
    "lerp_": lambda t, y, b, c: y.lerp_(b, 0.3),
    "lerp_tensor_weight": lambda t, y, b, c: y.lerp_(b, c),
    "tril_": lambda t, y, b, c: y.tril_(),
    "triu_": lambda t, y, b, c: y.triu_(1),
    "cumsum_": lambda t, y, b, c: y.cumsum_(1),
    "cumprod_": lambda t, y, b, c: y.cumprod_(0),
    "hypot_": lambda t, y, b, c: y.hypot_(b),
    "atan2_": lambda t, y, b, c: y.atan2_(b),
    "arctan2_": lambda t, y, b, c: y.arctan2_(c),
    "copysign_": lambda t, y, b, c: y.copysign_(b),
    "copysign_number": lambda t, y, b, c: y.copysign_(-1.0),
    "fmod_": lambda t, y, b, c: y.fmod_(0.7),
    "remainder_": lambda t, y, b, c: y.remainder_(b),
    "true_divide_": lambda t, y, b, c: y.true_divide_(b),
    "xlogy_": lambda t, y, b, c: y.xlogy_(c),
    "torch.xlogy_": lambda t, y, b, c: t.xlogy_(y, 2.0),
    "logit_": lambda t, y, b, c: y.mul_(0.3).add_(0.5).logit_(),
    "torch.logit_eps": lambda t, y, b, c: t.logit_(y.mul_(0.3).add_(0.5), 0.45),
    "sgn_": lambda t, y, b, c: y.sgn_() * b,
    "square_": lambda t, y, b, c: y.square_(),
    "torch.square_": lambda t, y, b, c: t.square_(y),
    "sinc_": lambda t, y, b, c: y.sinc_(),
    "deg2rad_": lambda t, y, b, c: y.deg2rad_(),
    "rad2deg_": lambda t, y, b, c: t.rad2deg_(y),
    "renorm_": lambda t, y, b, c: y.renorm_(2, 0, 1.0),
    "addmm_": lambda t, y, b, c: y.addmm_(b, c.t().matmul(c), beta=0.5, alpha=2),
    "addr_": lambda t, y, b, c: y.addr_(b[:, 0], c[1]),
    "lt_": lambda t, y, b, c: y.lt_(0.5),
    "ge_tensor": lambda t, y, b, c: y.ge_(b),
    "not_equal_": lambda t, y, b, c: y.not_equal_(c),
    "logical_not_": lambda t, y, b, c: y.logical_not_(),
    "view_of_a_result": lambda t, y, b, c: y[0].mul_(2).addcmul_(b[1], c[1]),
}


def _run(lib, case):
    x = lib.tensor(A, dtype=lib.float64, requires_grad=True)
    b = lib.tensor(B, dtype=lib.float64, requires_grad=True)
    c = lib.tensor(C, dtype=lib.float64, requires_grad=True)
    y = x * 1
    version = y._version
    out = CASES[case](lib, y, b, c)
    name = type(y.grad_fn).__name__ if y.grad_fn is not None else None
    (y * lib.tensor(C, dtype=lib.float64)).sum().backward()
    grads = [None if t.grad is None else np.array((t.grad + lib.zeros(())).tolist()) for t in (x, b, c)]  # torch: a ZeroTensor has no tolist()
    return np.array(y.tolist()), name, y._version - version, out is y, grads


@pytest.mark.parametrize("case", sorted(CASES))
def test_in_place_twin_matches_torch(case):
    want, got = _run(torch, case), _run(ag, case)
    np.testing.assert_allclose(got[0], want[0], rtol=1e-12, equal_nan=True)
    assert got[1:4] == want[1:4]
    for g, w in zip(got[4], want[4]):
        assert (g is None) == (w is None)
        if w is not None:
            np.testing.assert_allclose(g, w, rtol=1e-10, atol=1e-12, equal_nan=True)


@pytest.mark.parametrize("code", [
    "torch.tensor([1, 2]).true_divide_(2)",
    "torch.tensor([1., 2.]).addcmul_(torch.ones(2, 2), torch.ones(2, 2))",
    "torch.tensor([1., 2.]).float_power_(2)",
    "torch.tensor([1., 2.], requires_grad=True).square_()",
])
def test_in_place_twin_refuses_as_torch(code):
    with pytest.raises(Exception) as want:
        eval(code, {"torch": torch})
    with pytest.raises(Exception) as got:
        eval(code, {"torch": ag})
    assert str(got.value) == str(want.value)


def test_comparison_in_place_on_integers_and_bools():
    i = ag.tensor([1, 2, 3])
    i.lt_(2)
    assert i.tolist() == [1, 0, 0] and i.dtype == ag.int64
    b = ag.tensor([True, False])
    b.lt_(1)
    assert b.tolist() == [False, True]


def test_float_power_in_place_on_a_double():
    x = ag.tensor([1.0, 2.0], dtype=ag.float64)
    assert x.float_power_(2).tolist() == [1.0, 4.0]
