"""``lgamma``, ``digamma``, ``polygamma(n, x)``, ``erfinv`` and torch.special's ``gammaln``/``psi``/``polygamma``/
``erfinv`` against torch: values over a wide range (negatives, poles, huge and tiny arguments, inf and NaN)
in float64 and float32 to a few ulp, first and second derivatives, node names and saved values."""
import numpy as np
import pytest

import gradcli.engine as g

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.parity

RNG = np.random.default_rng(5)
WIDE = np.concatenate([RNG.uniform(-20, 20, 1500), RNG.uniform(-3, 3, 1500), 10.0 ** RNG.uniform(-30, 30, 300),
                       -(10.0 ** RNG.uniform(-30, 1.3, 300)), np.arange(-10, 30, 0.5),
                       [0.0, -0.0, np.inf, -np.inf, np.nan, 1e17, 1e20, -1e20, 9.999999, 10.0, 10.0000001, 1, 2, 3]])
IN_UNIT = np.concatenate([np.tanh(RNG.uniform(-8, 8, 3000)), [0.0, -0.0, 1.0, -1.0, 1.5, -2.0, np.nan, 0.7, -0.7]])


def _ulps(ours, theirs):
    """The difference in units of torch's last place; 0 where both agree (the same inf or both NaN)."""
    with np.errstate(all="ignore"):
        gap = np.abs(ours.astype(np.float64) - theirs) / np.spacing(np.abs(theirs)).astype(np.float64)
    same = (ours == theirs) | (np.isnan(ours) & np.isnan(theirs))
    return np.where(same, 0.0, np.where(np.isnan(ours) | np.isnan(theirs), np.inf, gap))


# (function, inputs, largest ulp gap in float64, in float32): torch's compiler fuses multiply-adds
# (numpy cannot), and near a root a relative gap of a few ulp of the arguments is many ulp of the value
FUNCTIONS = {
    "lgamma": (lambda t, x: t.lgamma(x), WIDE, None, 24),
    "special.gammaln": (lambda t, x: t.special.gammaln(x), WIDE[WIDE > 0], 2, 2),
    "digamma": (lambda t, x: t.digamma(x), WIDE, 16, None),
    "special.psi": (lambda t, x: t.special.psi(x), WIDE[WIDE > 0.1], 8, None),
    "polygamma(1)": (lambda t, x: t.polygamma(1, x), WIDE, 4, 8),
    "polygamma(2)": (lambda t, x: t.polygamma(2, x), WIDE, 8, 64),
    "special.polygamma(3)": (lambda t, x: t.special.polygamma(3, x), WIDE, 8, 8),
    "polygamma(5) method": (lambda t, x: x.polygamma(5), WIDE, 16, 8),
    "erfinv": (lambda t, x: t.erfinv(x), IN_UNIT[np.abs(IN_UNIT) < 0.999], 32, 4),
    "special.erfinv": (lambda t, x: t.special.erfinv(x), IN_UNIT[np.abs(IN_UNIT) < 0.99], 8, 4),
}


@pytest.mark.parametrize("dtype", ["float64", "float32"])
@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_values_match_torch_to_a_few_ulp(name, dtype):
    fn, x, ulp64, ulp32 = FUNCTIONS[name]
    x = x.astype(dtype)
    ours, theirs = fn(g, g.tensor(x)).numpy(), fn(torch, torch.tensor(x)).numpy()
    assert ours.dtype == theirs.dtype
    special = ~np.isfinite(theirs)          # poles, inf and NaN: exactly torch's
    np.testing.assert_array_equal(ours[special], theirs[special])
    gap = _ulps(ours, theirs)
    limit = ulp64 if dtype == "float64" else ulp32
    if limit is None:      # near roots and near |y| = 1 only a relative bound is meaningful
        np.testing.assert_allclose(ours, theirs, rtol=1e-12 if dtype == "float64" else 1e-5,
                                   atol=1e-12 if dtype == "float64" else 1e-6)
    else:
        assert gap.max() <= limit, (x[np.argmax(gap)], gap.max())


def test_lgamma_near_its_negative_roots_is_close_in_absolute_terms():
    """Around the roots on the negative axis (lgamma = 0 near -2.457, -2.748...) Python's lgamma and
    glibc's differ by ~1e-14 absolute, many ulp of a value near 0."""
    x = WIDE[(WIDE < 0) & (WIDE > -20)]
    ours, theirs = g.lgamma(g.tensor(x)).numpy(), torch.lgamma(torch.tensor(x)).numpy()
    np.testing.assert_allclose(ours, theirs, rtol=1e-13, atol=1e-13)


def test_erfinv_is_close_where_it_is_ill_conditioned():
    """Near |y| = 1 erfinv's derivative is huge: two correct kernels differ in relative terms."""
    y = IN_UNIT[np.abs(IN_UNIT) >= 0.999]
    ours, theirs = g.erfinv(g.tensor(y)).numpy(), torch.erfinv(torch.tensor(y)).numpy()
    np.testing.assert_allclose(ours, theirs, rtol=1e-4)


def test_integer_inputs_promote_to_the_default_float():
    for fn in (lambda t: t.lgamma(t.arange(1, 6)), lambda t: t.digamma(t.arange(1, 6)),
               lambda t: t.polygamma(2, t.arange(1, 6)), lambda t: t.erfinv(t.tensor([0, 1]))):
        ours, theirs = fn(g), fn(torch)
        assert str(ours.dtype) == str(theirs.dtype)
        np.testing.assert_allclose(ours.numpy(), theirs.numpy(), rtol=1e-6)


DERIVATIVES = {
    "lgamma": lambda t, x: t.lgamma(x),
    "digamma": lambda t, x: t.special.digamma(x),
    "polygamma(2)": lambda t, x: t.polygamma(2, x),
    "polygamma(0)": lambda t, x: t.special.polygamma(0, x),
    "erfinv": lambda t, x: t.erfinv(x.tanh() * 0.9),
}


@pytest.mark.parametrize("name", sorted(DERIVATIVES))
def test_first_second_and_third_derivatives_match_torch(name):
    x0 = np.array([-2.6, -0.4, 0.3, 1.0, 2.5, 7.0])

    def run(lib):
        x = lib.tensor(x0, requires_grad=True)
        y = DERIVATIVES[name](lib, x)
        (d1,) = lib.autograd.grad(y.sum(), x, create_graph=True)
        (d2,) = lib.autograd.grad(d1.sum(), x, create_graph=True)
        (d3,) = lib.autograd.grad(d2.sum(), x)
        return [t.detach().numpy() for t in (y, d1, d2, d3)], type(y.grad_fn).__name__

    (ours, our_node), (theirs, node) = run(g), run(torch)
    assert our_node == node
    for a, b in zip(ours, theirs):
        np.testing.assert_allclose(a, b, rtol=1e-10)


def test_saved_values_and_in_place_forms_match_torch():
    def run(lib):
        x = lib.tensor([0.5, 2.5], requires_grad=True)
        node = lib.polygamma(3, x).grad_fn
        inplace = [getattr(lib.tensor([0.5, 2.5]), m)(*a).numpy() for m, a in
                   (("lgamma_", ()), ("digamma_", ()), ("polygamma_", (2,)), ("erfinv_", ()))]
        return int(node._saved_n), node._saved_self.detach().numpy(), inplace

    ours, theirs = run(g), run(torch)
    assert ours[0] == theirs[0]
    np.testing.assert_array_equal(ours[1], theirs[1])
    for a, b in zip(ours[2], theirs[2]):
        np.testing.assert_allclose(a, b, rtol=1e-6)


def test_negative_order_is_refused_as_torch():
    for lib in (g, torch):
        with pytest.raises(RuntimeError, match=r"polygamma\(n, x\) does not support negative n\."):
            lib.polygamma(-1, lib.ones(2))


def test_mvlgamma_and_multigammaln_match_torch():
    x0 = np.array([2.0, 3.5, 1.2, 7.0])

    def run(lib):
        x = lib.tensor(x0, requires_grad=True)
        y = lib.mvlgamma(x, 3) + lib.special.multigammaln(x, 1) + x.mvlgamma(2)
        (d1,) = lib.autograd.grad(y.sum(), x, create_graph=True)
        (d2,) = lib.autograd.grad(d1.sum(), x)
        node = lib.mvlgamma(x, 4).grad_fn
        ints = lib.mvlgamma(lib.tensor([2, 3]), 2)
        return [t.detach().numpy() for t in (y, d1, d2, ints)], (node.name(), int(node._saved_p), str(ints.dtype))

    (ours, our_meta), (theirs, meta) = run(g), run(torch)
    assert our_meta == meta
    for a, b in zip(ours, theirs):      # the integers become float32: a few ulp there
        np.testing.assert_allclose(a, b, rtol=1e-10 if a.dtype == np.float64 else 1e-6)
    for lib in (g, torch):
        with pytest.raises(RuntimeError, match="p has to be greater than or equal to 1"):
            lib.mvlgamma(lib.ones(2), 0)
        with pytest.raises(RuntimeError, match="The input tensor may not be a boolean tensor."):
            lib.mvlgamma(lib.tensor([True]), 2)


def test_polygamma_in_float64_and_lgamma_at_whole_numbers_are_torch_s_to_the_bit():
    """polygamma(n >= 2) runs torch's zeta with the C library's pow; lgamma(k) is log((k-1)!) rounded once."""
    x = WIDE[np.abs(WIDE) < 1e6]
    for n in (2, 3, 6):
        np.testing.assert_array_equal(g.polygamma(n, g.tensor(x)).numpy(), torch.polygamma(n, torch.tensor(x)).numpy())
    k = np.arange(1.0, 172.0)
    np.testing.assert_array_equal(g.lgamma(g.tensor(k)).numpy(), torch.lgamma(torch.tensor(k)).numpy())
