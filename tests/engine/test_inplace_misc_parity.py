"""torch-level in-place functions (torch.clamp_, fill, detach_...), the casts byte/char/short/cfloat,
fill_diagonal_, resize_, apply_/map_/map2_ and random_'s ranges and refusals: the same code run on
torch and on gradcli prints the same lines (values, node names, error messages)."""
from __future__ import annotations

import pytest

from gradcli import engine as ag

torch = pytest.importorskip("torch")


def run(torch):
    out = []
    def t(f):
        try:
            r = f(); out.append(repr(r) + " " + (type(r.grad_fn).__name__ if getattr(r, "grad_fn", None) is not None else ""))
        except Exception as e:
            out.append("error: " + str(e))   # torch raises RuntimeError, gradcli its subclasses
    x = torch.tensor([1., 2., 3.], requires_grad=True)
    v = torch.tensor(2., requires_grad=True)
    t(lambda: torch.clamp_(x * 1, 0, 2)); t(lambda: torch.clip_(x * 1, 0, 2))
    t(lambda: torch.detach_(x * 1)); t(lambda: torch.fill(x, 2)); t(lambda: torch.fill(x, v))
    t(lambda: torch.fill_(x * 1, 2)); t(lambda: (x * 1).fill_(v)); t(lambda: torch.zero_(x * 1))
    t(lambda: torch.round_(x * 1.37)); t(lambda: (x * 1.37).round_(decimals=1)); t(lambda: torch.neg_(x * 1)); t(lambda: torch.negative_(x * 1))
    t(lambda: x.byte()); t(lambda: x.char()); t(lambda: x.short()); t(lambda: x.cfloat()); t(lambda: x.cdouble())
    t(lambda: (torch.ones(3, 3) * x).fill_diagonal_(0))
    t(lambda: torch.ones(5, 2).fill_diagonal_(7, wrap=True)); t(lambda: torch.ones(7, 2).fill_diagonal_(7, wrap=True))
    t(lambda: torch.ones(7, 2).fill_diagonal_(7)); t(lambda: torch.ones(2, 5).fill_diagonal_(7, wrap=True))
    t(lambda: torch.ones(2, 3, 3).fill_diagonal_(7)); t(lambda: torch.ones(2, 2, 2).fill_diagonal_(7))
    t(lambda: torch.ones(3).fill_diagonal_(7)); t(lambda: torch.ones(3, 3).t().fill_diagonal_(7))
    y = torch.ones(3, 3) * x; y.fill_diagonal_(0); y.sum().backward(); out.append(repr(x.grad))
    t(lambda: torch.tensor([1., 2, 3, 4]).resize_(2, 2)); t(lambda: torch.tensor([1., 2, 3, 4]).resize_(3))
    t(lambda: torch.tensor([1., 2, 3, 4]).resize_(2, 3).shape); t(lambda: x.resize_(3)); t(lambda: (x * 1).resize_(2))
    t(lambda: torch.tensor([1., 2, 3, 4]).resize_as_(torch.ones(2, 2))); t(lambda: torch.tensor([1., 2, 3, 4])[1:].resize_(2))
    t(lambda: x.apply_(lambda v: v * 2)); t(lambda: torch.tensor([1, 2]).apply_(lambda v: v * 2.5))
    t(lambda: torch.tensor([1., 2]).map_(torch.tensor([3., 4]), lambda a, b: a + b))
    t(lambda: torch.tensor([[1., 2], [0, 0]]).map_(torch.tensor([3., 4]), lambda a, b: a + b))
    t(lambda: torch.tensor([1., 2]).apply_(lambda v: 'a')); t(lambda: torch.tensor([1, 2]).apply_(lambda v: 1e30))
    t(lambda: torch.ones(3).map2_(torch.ones(3), torch.ones(3) * 2, lambda a, b, c: a + b + c))
    t(lambda: torch.tensor(2.).apply_(lambda v: v + 1)); t(lambda: torch.tensor([True, False]).apply_(lambda v: not v))
    t(lambda: torch.zeros(5).random_(4, 2)); t(lambda: torch.zeros(5, dtype=torch.uint8).random_(300)); t(lambda: x.random_(3))
    t(lambda: torch.zeros(5).random_(0)); t(lambda: torch.zeros(5, dtype=torch.uint8).random_(-1, 3))
    t(lambda: ((torch.zeros(1000).random_(3) < 3).all(), (torch.zeros(1000).random_(3) >= 0).all(), torch.zeros(1000).random_(2, 4).min() == 2))
    t(lambda: (torch.zeros(100, dtype=torch.bool).random_().dtype, torch.zeros(3, dtype=torch.int16).random_(-5, -4)))
    t(lambda: torch.gcd(torch.tensor([12, -18, 0]), torch.tensor([8, 12, 0])))
    t(lambda: torch.lcm(torch.tensor([12, -18, 0]), torch.tensor([8, 12, 5])))
    t(lambda: torch.gcd(torch.tensor([12, 18], dtype=torch.int32), torch.tensor([8, 12], dtype=torch.int16)))
    t(lambda: torch.gcd_(torch.tensor([4, 6]), torch.tensor([6, 4])))
    t(lambda: torch.tensor([4, 6]).lcm_(torch.tensor([6, 4])))
    t(lambda: torch.gcd(torch.tensor([1.]), torch.tensor([3.])))
    t(lambda: torch.gcd(torch.tensor([12]), 4))
    o = torch.tensor([3., 0.], requires_grad=True)
    t(lambda: torch.nextafter(x[:2], o).tolist())
    t(lambda: torch.nextafter(x[:2], o))
    t(lambda: torch.nextafter(torch.tensor(1., dtype=torch.float64), torch.tensor([3., 0])).dtype)
    t(lambda: torch.nextafter(torch.tensor([1, 2]), torch.tensor([3, 0])))
    t(lambda: torch.nextafter(torch.tensor([1.]), 2.))
    y = x[:2] * 1
    y.nextafter_(o)
    y.sum().backward()
    out.append(repr((x.grad, o.grad, type(y.grad_fn).__name__)))
    return out


def test_same_lines_as_torch():
    want, got = run(torch), run(ag)
    assert len(got) == len(want)
    for w, g in zip(want, got):
        assert g == w


def test_bfloat16_and_chalf_say_numpy_has_no_such_type():
    x = ag.tensor([1.0, 2.0])
    with pytest.raises(ag.DTypeError, match="numpy, which has no bfloat16"):
        x.bfloat16()
    with pytest.raises(ag.DTypeError, match="no complex32"):
        x.chalf()
