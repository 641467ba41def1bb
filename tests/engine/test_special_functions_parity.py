"""torch.special's pointwise functions against torch 2.13 (skipped without torch): values over wide
ranges (large, tiny, negative arguments, inf, NaN), gradients, node names, saved values and torch's
errors for the derivatives torch does not have."""
import math

import numpy as np
import pytest

from gradcli import engine

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.parity

R = np.random.default_rng(11)
WIDE = np.concatenate([np.linspace(-60, 60, 1201), R.standard_normal(400) * 6,
                       [0.0, -0.0, 1e-300, -1e-20, 8.0, -8.0, 26.0, -26.5, 700.0, 710.0, -710.0, 1e5,
                        math.inf, -math.inf, math.nan]])
PROBABILITIES = np.concatenate([R.random(500), 10.0 ** -R.uniform(0, 300, 200), 1 - 10.0 ** -R.uniform(0, 16, 100),
                                [0.0, 1.0, -0.1, 1.1, 0.5, math.nan]])


def _max_rel(mine, theirs, floor=1e-300):
    mine, theirs = np.asarray(mine, np.float64), np.asarray(theirs, np.float64)
    assert np.array_equal(np.isnan(mine), np.isnan(theirs))
    same = (mine == theirs) | np.isnan(theirs)
    with np.errstate(all="ignore"):
        rel = np.where(same | (np.abs(theirs) < floor), 0.0, np.abs(mine - theirs) / np.abs(theirs))
    return rel.max()


@pytest.mark.parametrize("name, inputs, tolerance", [
    ("i0", WIDE, 4e-15), ("i0e", WIDE, 4e-15), ("i1", WIDE, 4e-15), ("i1e", WIDE, 4e-15),
    ("ndtri", PROBABILITIES, 4e-15), ("entr", np.abs(WIDE) * np.sign(R.standard_normal(WIDE.size)), 1e-15),
    # torch's erfcx squares x in floating point (x^2 ulp of error in exp(x^2) for x < 0); gradcli's square is exact
    ("erfcx", WIDE[WIDE > -5], 4e-15), ("erfcx", WIDE, 1e-13),
    # ndtr is torch's composite 0.5 (1 + erf(x/sqrt 2)): the cancellation for x << 0 magnifies erf's last bit
    # for x > 3 log_ndtr ~ -erfc(x/sqrt 2)/2, whose condition number x^2 magnifies the rounding of x/sqrt 2
    ("log_ndtr", WIDE[WIDE < 3], 4e-15), ("log_ndtr", WIDE, 1e-12), ("ndtr", WIDE[WIDE > -3], 4e-15), ("ndtr", WIDE, 1e-13),
])
def test_values_match_torch_over_wide_ranges(name, inputs, tolerance):
    mine = getattr(engine.special, name)(engine.tensor(inputs, dtype=engine.float64)).numpy()
    theirs = getattr(torch.special, name)(torch.tensor(inputs, dtype=torch.float64)).numpy()
    assert _max_rel(mine, theirs, floor=1e-250) <= tolerance     # (not in the last bits of subnormal values)


def test_zeta_matches_torch_including_poles_and_negative_q():
    x = np.concatenate([R.uniform(1, 30, 600), [1.0, 0.5, 2.0, 3.0, 1.5, math.inf, 2.0, math.nan]])
    q = np.concatenate([R.uniform(-10, 50, 600), [1.0, 1.0, -1.0, -2.5, 0.0, 1.0, -3.0, 1.0]])
    mine = engine.special.zeta(engine.tensor(x, dtype=engine.float64), engine.tensor(q, dtype=engine.float64))
    theirs = torch.special.zeta(torch.tensor(x), torch.tensor(q))
    assert _max_rel(mine.numpy(), theirs.numpy()) <= 1e-15


def test_incomplete_gamma_agrees_with_torch_and_edges_are_torchs():
    a = np.concatenate([10 ** R.uniform(-3, 4, 2000), [0.0, 0.0, 1.0, math.inf, 1.0, -1.0, 2.0, math.nan]])
    x = np.concatenate([a[:2000] * 10 ** R.uniform(-1, 1, 2000), [1.0, 0.0, 0.0, 1.0, math.inf, 1.0, -1.0, 1.0]])
    ta, tx = torch.tensor(a), torch.tensor(x)
    ea, ex = engine.tensor(a, dtype=engine.float64), engine.tensor(x, dtype=engine.float64)
    # torch's uniform asymptotic branch (20 < a, x ~ a) is only ~1e-9 accurate (it uses a float pi);
    # gradcli's series and continued fraction are ~1e-15 there (checked against mpmath when writing this)
    assert _max_rel(engine.special.gammainc(ea, ex).numpy(), torch.special.gammainc(ta, tx).numpy(), 1e-290) < 5e-9
    assert _max_rel(engine.igammac(ea, ex).numpy(), torch.igammac(ta, tx).numpy(), 1e-290) < 5e-9
    small = a[:2000] < 20
    assert _max_rel(engine.special.gammaincc(ea, ex).numpy()[:2000][small],
                    torch.special.gammaincc(ta, tx).numpy()[:2000][small], 1e-290) < 1e-12


def _graph(module, fn, *arrays, grad=None):
    """(value, node name, saved names, gradient, second derivative or None) of the first differentiated input."""
    xs = [module.tensor(a.copy(), dtype=module.float64, requires_grad=grad is None or i in grad)
          for i, a in enumerate(arrays)]
    out = fn(module, *xs)
    first = xs[grad[0] if grad else 0]
    g, = module.autograd.grad(out.sum(), [first], create_graph=True)
    gg = module.autograd.grad(g.sum(), [first], allow_unused=True)[0] if g.requires_grad else None
    saved = sorted(n for n in dir(out.grad_fn) if n.startswith("_saved_"))
    return out.detach().numpy(), out.grad_fn.name(), saved, g.detach().numpy(), None if gg is None else gg.numpy()


X = R.uniform(-3, 3, 7)
PX = R.uniform(0.2, 3, 7)


@pytest.mark.parametrize("fn, arrays, grad", [
    (lambda t, x: t.i0(x), [X], None),
    (lambda t, x: t.special.i0(x), [X], None),
    (lambda t, x: t.special.i0e(x), [X], None),
    (lambda t, x: t.special.i1(x), [X], None),
    (lambda t, x: t.special.i1e(x), [X], None),
    (lambda t, x: t.special.ndtri(x), [R.uniform(0.05, 0.95, 7)], None),
    (lambda t, x: t.special.log_ndtr(x), [X * 3], None),
    (lambda t, x: t.special.erfcx(x), [X], None),
    (lambda t, x: t.special.entr(x), [PX], None),
    (lambda t, x: t.special.ndtr(x), [X], None),
    (lambda t, x: t.logit(x), [R.uniform(-0.2, 1.2, 7)], None),
    (lambda t, x: t.special.logit(x, eps=0.1), [R.uniform(0.0, 1.0, 7)], None),
    (lambda t, x: x.logit(0.2), [R.uniform(0.0, 1.0, 7)], None),
    (lambda t, x, y: t.special.xlog1py(x, y), [np.array([0.0, 0.0, 1.5, -2.0]), np.array([-1.0, 2.0, 0.5, 3.0])], None),
    (lambda t, x, y: t.special.xlog1py(x, y), [X[:4], PX[:4]], (1,)),
    (lambda t, x: t.special.xlog1py(x, 2.5), [X], None),
    (lambda t, x: t.special.xlog1py(1.5, x), [PX], None),
    (lambda t, x, q: t.special.zeta(x, q), [PX + 1.5, PX], (1,)),
    (lambda t, q: t.special.zeta(3.0, q), [PX], None),
    (lambda t, a, x: t.special.gammainc(a, x), [PX, PX[::-1]], (1,)),
    (lambda t, a, x: t.special.gammaincc(a, x), [PX * 4, PX[::-1] * 3], (1,)),
    (lambda t, a, x: a.igamma(x), [PX, PX[::-1]], (1,)),
    (lambda t, x: t.special.round(x), [X], None),
    (lambda t, x: t.special.round(x, decimals=1), [X], None),
    (lambda t, x: t.special.expm1(x) + t.special.exp2(x) + t.special.log1p(x.abs()) + t.special.sinc(x), [X], None),
])
def test_value_node_saved_gradient_and_second_derivative_match_torch(fn, arrays, grad):
    mine, theirs = _graph(engine, fn, *arrays, grad=grad), _graph(torch, fn, *arrays, grad=grad)
    assert mine[1:3] == theirs[1:3]
    assert (mine[4] is None) == (theirs[4] is None)
    for m, t in zip(mine[::3] + mine[4:], theirs[::3] + theirs[4:]):
        if t is not None:
            np.testing.assert_allclose(m, t, rtol=1e-12, atol=1e-14, equal_nan=True)


@pytest.mark.parametrize("fn, message", [
    (lambda t, x, y: t.special.zeta(x, y), "the derivative for 'zeta' is not implemented."),
    (lambda t, x, y: t.special.zeta(x, 2.0), "the derivative for 'zeta' is not implemented."),
    (lambda t, x, y: t.special.gammainc(x, y), "the derivative for 'igamma: input' is not implemented."),
    (lambda t, x, y: t.igammac(x, y), "the derivative for 'igammac: input' is not implemented."),
])
def test_derivatives_torch_lacks_raise_torchs_error(fn, message):
    for module in (torch, engine):
        x = module.tensor([1.5, 2.5], dtype=module.float64, requires_grad=True)
        y = module.tensor([0.5, 3.0], dtype=module.float64, requires_grad=True)
        with pytest.raises(NotImplementedError, match=message):
            fn(module, x, y).sum().backward()


def test_integer_inputs_give_the_default_float_and_in_place_forms_exist():
    for module in (torch, engine):
        i = module.tensor([1, 2])
        assert module.special.i0(i).dtype == module.float32
        y = module.tensor([0.5, 1.5])
        y.i0_()
        np.testing.assert_allclose(y.numpy(), [1.0634834, 1.6467232], rtol=1e-6)
        y.igamma_(module.tensor([1.0, 2.0]))
        np.testing.assert_allclose(y.numpy(), [0.6047977, 0.6971198], rtol=1e-6)


def test_gammainc_refuses_numbers_as_torch():
    x = engine.tensor([1.0])
    with pytest.raises(TypeError, match=r"argument 'other' \(position 2\) must be Tensor, not float"):
        engine.special.gammainc(x, 2.0)
