"""lu_kernel's getrf and getrs give torch's (MKL's) bits: det, solve and inverse of small matrices print
what torch prints."""
import numpy as np
import pytest

from gradcli.engine.ops import lu_kernel

torch = pytest.importorskip("torch")


def _matrices(n, dtype, seed, batch=()):
    gen = torch.Generator().manual_seed(seed)
    if seed % 4 == 0:   # integer entries: exact pivots, ties between rows
        return torch.randint(-5, 6, (*batch, n, n), generator=gen).to(dtype) + 7 * torch.eye(n, dtype=dtype)
    return torch.randn(*batch, n, n, generator=gen, dtype=dtype)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
@pytest.mark.parametrize("n", range(1, 17))
def test_getrf_gives_torchs_factors_and_pivots(n, dtype):
    for seed in range(12):
        A = _matrices(n, dtype, seed, batch=(2,) if seed % 3 == 0 else ())
        LU, pivots, info = torch.linalg.lu_factor_ex(A)
        lu, piv, inf = lu_kernel.getrf(A.numpy())
        np.testing.assert_array_equal(lu, LU.numpy())
        np.testing.assert_array_equal(piv, pivots.numpy())
        np.testing.assert_array_equal(inf, info.numpy())


@pytest.mark.parametrize("shape", [(2, 3), (3, 2), (4, 6), (6, 4), (5, 3)])
def test_getrf_of_rectangular_matrices(shape):
    A = torch.randn(*shape, generator=torch.Generator().manual_seed(1), dtype=torch.float64)
    np.testing.assert_array_equal(lu_kernel.getrf(A.numpy())[0], torch.linalg.lu_factor_ex(A)[0].numpy())


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
@pytest.mark.parametrize("n", range(1, lu_kernel.SMALL_SOLVE + 1))
def test_getrs_gives_torchs_solution(n, dtype):
    for seed in range(12):
        batch = (3,) if seed % 3 == 0 else ()
        A = _matrices(n, dtype, seed, batch)
        B = torch.randn(*batch, n, 1 + seed % 3, generator=torch.Generator().manual_seed(100 + seed), dtype=dtype)
        lu, piv, _ = lu_kernel.getrf(A.numpy())
        np.testing.assert_array_equal(lu_kernel.getrs(lu, piv, B.numpy()), torch.linalg.solve(A, B).numpy())


def test_getrs_leaves_larger_and_complex_systems_to_numpy():
    big = np.eye(lu_kernel.SMALL_SOLVE + 1)
    assert lu_kernel.getrs(*lu_kernel.getrf(big)[:2], big) is None
    c = np.eye(2, dtype=np.complex128)
    assert lu_kernel.getrs(*lu_kernel.getrf(c)[:2], c) is None
