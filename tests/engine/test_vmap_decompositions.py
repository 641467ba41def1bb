"""vmap runs the decompositions and the gamma family once over the batch, with the values a loop
over the examples gives (a batching rule per record; none made torch's "not implemented" error)."""
import numpy as np
import pytest

from gradcli import engine as torch
from gradcli.engine.func import grad, vmap

rng = np.random.default_rng(0)
_A = rng.standard_normal((4, 3, 3))
SPD = torch.tensor(_A @ _A.transpose(0, 2, 1) + 3 * np.eye(3))
RHS = torch.tensor(rng.standard_normal((4, 3, 2)))
LOWER = torch.linalg.cholesky(SPD)

ONE_INPUT = {
    "cholesky": lambda a: torch.linalg.cholesky(a),
    "cholesky upper": lambda a: torch.linalg.cholesky(a, upper=True),
    "eigvalsh": lambda a: torch.linalg.eigvalsh(a),
    "svdvals": lambda a: torch.linalg.svdvals(a),
    "qr's R up to sign": lambda a: torch.linalg.qr(a).R.abs(),
    "pinv": lambda a: torch.linalg.pinv(a),
    "lgamma": lambda a: torch.lgamma(a.abs() + 0.5),
    "digamma": lambda a: torch.digamma(a.abs() + 0.5),
    "polygamma": lambda a: torch.polygamma(2, a.abs() + 0.5),
    "erfinv": lambda a: torch.erfinv(torch.tanh(a) * 0.9),
    "mvlgamma": lambda a: torch.mvlgamma(a.abs() + 2.0, 2),
}


def _looped(f, *args):
    return torch.stack([f(*(a[i] if a is not None and a.ndim == 3 else a for a in args)) for i in range(4)])


@pytest.mark.parametrize("name", ONE_INPUT)
def test_vmap_over_one_matrix_per_example(name):
    f = ONE_INPUT[name]
    np.testing.assert_allclose(vmap(f)(SPD).numpy(), _looped(f, SPD).numpy(), rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("f", [lambda l, b: torch.linalg.solve_triangular(l, b, upper=False),
                               lambda l, b: torch.cholesky_solve(b, l)], ids=["solve_triangular", "cholesky_solve"])
def test_vmap_of_triangular_solves_with_a_batched_or_shared_factor(f):
    np.testing.assert_allclose(vmap(f)(LOWER, RHS).numpy(), _looped(f, LOWER, RHS).numpy(), rtol=1e-12)
    shared = vmap(f, in_dims=(None, 0))(LOWER[0], RHS)
    np.testing.assert_allclose(shared.numpy(), torch.stack([f(LOWER[0], RHS[i]) for i in range(4)]).numpy(),
                               rtol=1e-12)


def test_per_example_gradients_through_a_cholesky_factor():
    def half_logdet(a):
        return torch.linalg.cholesky(a).diagonal().log().sum()
    per_example = vmap(grad(half_logdet))(SPD)
    np.testing.assert_allclose(per_example.numpy(), _looped(grad(half_logdet), SPD).numpy(), rtol=1e-10)
    # d/dA (1/2) log det A = (1/2) A^-1 for a symmetric A
    np.testing.assert_allclose(per_example.numpy(), 0.5 * np.linalg.inv(SPD.numpy()), rtol=1e-10)
