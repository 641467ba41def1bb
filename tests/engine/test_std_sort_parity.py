"""Ties past 16 elements: sort (stable=False), topk, kthvalue and mode report the indices torch's CPU
kernels leave after libstdc++'s std::sort / partial_sort / nth_element and torch's quick select."""
import numpy as np
import pytest

from gradcli import engine as ag

torch = pytest.importorskip("torch")

CALLS = {
    "sort": lambda m, x, k: m.sort(x, 1).indices,
    "sort descending": lambda m, x, k: m.sort(x, 1, descending=True).indices,
    "sort stable": lambda m, x, k: m.sort(x, dim=1, stable=True).indices,
    "topk": lambda m, x, k: m.topk(x, k - 1, 1).indices,
    "topk smallest": lambda m, x, k: m.topk(x, k - 1, 1, largest=False).indices,
    "topk unsorted": lambda m, x, k: m.topk(x, k - 1, 1, sorted=False).indices,
    "kthvalue": lambda m, x, k: m.kthvalue(x, k, 1).indices,
    "mode": lambda m, x, k: m.mode(x, 1).indices,
}


@pytest.mark.parametrize("name", list(CALLS))
def test_tied_indices_are_torchs(name):
    rng = np.random.default_rng(7)
    for trial in range(60):
        n = int(rng.integers(1, 200))
        a = rng.integers(0, int(rng.integers(1, 6)), (2, n)).astype([np.float32, np.int64][trial % 2])
        if trial % 4 == 0:
            a = a.astype(np.float64)
            a[0, rng.integers(0, n, 3)] = np.nan
        k = int(rng.integers(1, n + 1))
        expected = CALLS[name](torch, torch.from_numpy(a), k).numpy()
        assert np.array_equal(np.asarray(CALLS[name](ag, ag.tensor(a), k).numpy()), expected), (n, a.dtype)
