"""An optimizer's update of a large parameter (``p.add_(grad, alpha=-lr)`` past fused.FUSED_MAX
elements) rounds once per element, as torch's kernel: BLAS's axpy over the whole blocks, the exact
emulation over the few elements after them; it steps aside for what axpy would get wrong."""
import numpy as np
import pytest

from gradcli import engine as torch
from gradcli.engine import blas_axpy, fused


def _values(shape, dtype, seed):
    rng = np.random.default_rng(seed)
    v = (rng.standard_normal(shape) * 10.0 ** rng.integers(-20, 20, shape)).astype(dtype)
    m = rng.random(shape)
    v[m < 0.01] = -0.0
    v[m > 0.995] = np.inf
    v[(m > 0.5) & (m < 0.502)] = np.nan
    return v


def _axpy_in_use():
    if not blas_axpy.axpy(np.zeros(32, np.float32), np.ones(32, np.float32), 1.0):
        pytest.skip("numpy's OpenBLAS axpy is not in use here (another BLAS)")


def _same(a, b) -> bool:
    both_nan = np.isnan(a) & np.isnan(b)
    return bool(np.all(both_nan | (a.view(f"u{a.itemsize}") == b.view(f"u{b.itemsize}"))))


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("shape, order", [((100, 1000), "C"), ((300, 301), "F"), ((100003,), "C"), ((70000, 1), "F")])
def test_a_large_update_rounds_as_torch_does(dtype, shape, order):
    real = pytest.importorskip("torch")
    _axpy_in_use()
    x = np.asarray(_values(shape, dtype, 1), order=order)
    y = np.asarray(_values(shape, dtype, 2), order=order)
    for alpha in (-7.5, -0.1):
        expected = real.from_numpy(x.copy(order="K"))
        expected.add_(real.from_numpy(y), alpha=alpha)
        assert _same(fused.add_(x.copy(order="K"), y, alpha), expected.numpy())


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_a_large_update_rounds_once(dtype):
    _axpy_in_use()
    rng = np.random.default_rng(5)
    x, y = rng.standard_normal(100003).astype(dtype), rng.standard_normal(100003).astype(dtype)
    if dtype == np.float32:    # (exact in float64 but for a double rounding once in 2**29)
        once = (y.astype(np.float64) * float(np.float32(-0.1)) + x).astype(np.float32)
    else:
        once = fused.fma64(-0.1, y, x)
    assert _same(fused.add_(x.copy(), y, -0.1), once)
    assert not _same(x + dtype(-0.1) * y, once)     # (numpy's two roundings differ)


def test_torch_rounds_a_large_sgd_step_alike():
    real = pytest.importorskip("torch")
    _axpy_in_use()
    w = _values((300, 301), np.float32, 3)
    g = _values((300, 301), np.float32, 4)
    expected = real.from_numpy(w.copy())
    expected.add_(real.from_numpy(g), alpha=-0.1)
    p = torch.nn.Parameter(torch.tensor(w))
    p.grad = torch.tensor(g)
    torch.optim.SGD([p], lr=0.1).step()
    assert _same(p.detach().numpy(), expected.numpy())


def test_what_axpy_leaves_to_numpy(monkeypatch):
    _axpy_in_use()
    x = np.linspace(-1, 1, 70016, dtype=np.float32)
    y = np.full(70016, np.inf, np.float32)
    assert blas_axpy.axpy(x.copy(), y, 0.0) == 0       # OpenBLAS skips alpha 0; torch adds 0 * inf = nan
    with np.errstate(invalid="ignore"):
        assert np.isnan(fused.add_(x.copy(), y, 0.0)).all()
    assert blas_axpy.axpy(x, x, 0.5) == 0              # the same memory
    assert blas_axpy.axpy(x[1:], x[:-1], 0.5) == 0      # overlapping
    assert blas_axpy.axpy(x, x.astype(np.float64), 0.5) == 0
    assert blas_axpy.axpy(x.reshape(547, 128), np.ones((128, 547), np.float32).T, 0.5) == 0   # other layouts
    assert blas_axpy.axpy(x[::2], x[1::2].copy(), 0.5) == 0    # not contiguous
    assert blas_axpy.axpy(x.astype(np.float16), x.astype(np.float16), 0.5) == 0
    assert blas_axpy.axpy(x.copy(), y, 0.5) == 70016
    monkeypatch.setattr(blas_axpy, "_threads", lambda: 3)   # OpenBLAS would split it anywhere: in pieces
    monkeypatch.setattr(blas_axpy, "_pieces_checked", {})
    pieces = x.copy()
    assert blas_axpy.axpy(pieces, np.ones_like(x), 0.5) == 70016 and blas_axpy._pieces_checked == {3: True}
    monkeypatch.setattr(blas_axpy, "_pieces_checked", {3: False})    # pieces that did not round once
    assert blas_axpy.axpy(x.copy(), y, 0.5) == 0
    monkeypatch.setattr(blas_axpy, "_routines", {})          # a numpy without its OpenBLAS
    assert blas_axpy.axpy(x.copy(), y, 0.5) == 0
    assert fused.add_(x.copy(), np.ones_like(x), 0.5).tolist() == (x + np.float32(0.5)).tolist()


def test_the_address_axpy_reads_is_the_arrays_first_element():
    a = np.arange(70016, dtype=np.float32)
    read_only = a.copy()
    read_only.flags.writeable = False
    for arr in (a, a[32:], a.reshape(547, 128), a.reshape(128, 547).T, read_only, a[::2]):
        assert blas_axpy._address(arr) == arr.ctypes.data


def test_a_read_only_gradient_updates_as_a_writable_one():
    _axpy_in_use()
    x = np.linspace(-1, 1, 70016, dtype=np.float32)
    y = np.linspace(3, -2, 70016, dtype=np.float32)
    frozen = y.copy()
    frozen.flags.writeable = False
    assert _same(fused.add_(x.copy(), frozen, -0.1), fused.add_(x.copy(), y, -0.1))
