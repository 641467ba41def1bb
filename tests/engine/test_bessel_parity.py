"""torch.special's Bessel functions, airy_ai and orthogonal polynomials against torch 2.13 (skipped without
torch): values over wide ranges (large, small, negative, inf, NaN) and torch's lack of a gradient."""
import math

import numpy as np
import pytest

from gradcli import engine

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.parity

R = np.random.default_rng(3)
X = np.concatenate([np.linspace(-40, 40, 2001), R.standard_normal(300) * 10,
                    [0.0, -0.0, 1e-10, 5.0, -5.0, 2.0, 8.0, 2.09, -2.09, 8.3203353, 103.9, 700.0, -700.0,
                     math.inf, -math.inf, math.nan]])
UNARY = ["bessel_j0", "bessel_j1", "bessel_y0", "bessel_y1", "modified_bessel_i0", "modified_bessel_i1",
         "modified_bessel_k0", "modified_bessel_k1", "scaled_modified_bessel_k0", "scaled_modified_bessel_k1",
         "spherical_bessel_j0", "airy_ai"]
POLYNOMIALS = ["chebyshev_polynomial_t", "chebyshev_polynomial_u", "chebyshev_polynomial_v", "chebyshev_polynomial_w",
               "shifted_chebyshev_polynomial_t", "shifted_chebyshev_polynomial_u", "shifted_chebyshev_polynomial_v",
               "shifted_chebyshev_polynomial_w", "hermite_polynomial_h", "hermite_polynomial_he",
               "laguerre_polynomial_l", "legendre_polynomial_p"]


def _agree(mine, theirs, rel, absolute):
    """Equal NaNs and infinities; elsewhere within ``rel`` relative or ``absolute`` (near the zeros of an
    oscillating function only the absolute error is meaningful)."""
    assert np.array_equal(np.isnan(mine), np.isnan(theirs))
    finite = np.isfinite(theirs)
    assert np.array_equal(mine[~finite & ~np.isnan(theirs)], theirs[~finite & ~np.isnan(theirs)])
    m, t = mine[finite], theirs[finite]
    assert (np.abs(m - t) <= np.maximum(rel * np.abs(t), absolute)).all()


@pytest.mark.parametrize("name", UNARY)
def test_bessel_and_airy_values_match_torch(name):
    mine = getattr(engine.special, name)(engine.tensor(X, dtype=engine.float64)).numpy()
    theirs = getattr(torch.special, name)(torch.tensor(X)).numpy()
    _agree(mine, theirs, 4e-15, 1e-15)


@pytest.mark.parametrize("name", POLYNOMIALS)
@pytest.mark.parametrize("n", [-1, 0, 1, 2, 3, 5, 7, 9, 10, 20, 50])
def test_orthogonal_polynomials_match_torch(name, n):
    # (no NaN: torch returns an uninitialized value for some degrees there)
    x = np.concatenate([np.linspace(-1.5, 1.5, 61), [1.0, -1.0, 0.0, 0.5]])
    mine = getattr(engine.special, name)(engine.tensor(x, dtype=engine.float64), n).numpy()
    theirs = getattr(torch.special, name)(torch.tensor(x), n).numpy()
    _agree(mine, theirs, 1e-12, 1e-12 * np.nanmax(np.abs(theirs[np.isfinite(theirs)]), initial=1.0))


def test_no_gradient_and_torchs_dtypes():
    for module in (engine, torch):
        x = module.tensor([0.5, 1.5], requires_grad=True)
        assert not module.special.bessel_j0(x).requires_grad
        assert not module.special.hermite_polynomial_h(x, 3).requires_grad
        assert module.special.bessel_y1(module.tensor([1, 2])).dtype == module.float32
        n = module.tensor([2, 3])
        assert module.special.chebyshev_polynomial_t(module.tensor([0.5, 0.25]), n).dtype == module.float32
        assert module.special.legendre_polynomial_p(x.detach().double(), n).dtype == module.float64
