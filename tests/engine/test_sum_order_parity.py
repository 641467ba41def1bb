"""Sums and means round as torch's CPU kernel rounds them (its summation order, not numpy's), so a
printed ``loss.item()`` has torch's digits. Literal values are torch 2.13's; the parametrized
sweep compares with torch itself and is skipped without it."""
import numpy as np
import pytest

import gradcli.engine as gc


def wave(n):
    return gc.tensor((np.sin(np.arange(n, dtype=np.float64) * 1.3) * 7.1).astype(np.float32))


def test_float32_sums_and_means_have_torchs_last_bits():
    assert wave(37).sum().item() == 10.226595878601074       # numpy's pairwise order: 10.22659683227539
    assert wave(1000).sum().item() == 2.9282305240631104     # numpy: 2.928234577178955
    assert wave(1000).mean().item() == 0.002928230445832014


def test_a_training_loss_prints_torchs_digits():
    gc.manual_seed(0)
    x, y = gc.randn(37, 5), gc.randn(37, 1)
    model = gc.nn.Sequential(gc.nn.Linear(5, 8), gc.nn.ReLU(), gc.nn.Linear(8, 1))
    loss = gc.nn.functional.mse_loss(model(x), y)
    assert loss.item() == 1.0434329509735107


def test_results_are_contiguous_like_torchs():
    total = wave(24).reshape(4, 6).sum(dim=1)
    assert total.is_contiguous() and total.view(2, 2).shape == (2, 2)


torch = pytest.importorskip("torch")


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("n", [1, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33, 63, 64, 65, 127, 128, 129, 511, 1023, 1024,
                               1025, 4096, 5000, 16385, 32768])
def test_full_sums_and_means(n, dtype):
    x = np.random.default_rng(n).standard_normal(n).astype(dtype) * 3
    t = torch.from_numpy(x)
    assert gc.tensor(x).sum().item() == t.sum().item()
    assert gc.tensor(x).mean().item() == t.mean().item()


@pytest.mark.parametrize("shape, dim", [((3, 5), 1), ((4, 9), -1), ((6, 100), 1), ((5, 1000), -1),
                                        ((2, 3, 33), (1, 2)), ((7, 13), (0, 1)), ((4, 3, 10), -1)])
def test_sums_over_trailing_dims(shape, dim):
    x = np.random.default_rng(1).standard_normal(shape).astype(np.float32)
    np.testing.assert_array_equal(gc.tensor(x).sum(dim=dim).numpy(), torch.from_numpy(x).sum(dim=dim).numpy())
    np.testing.assert_array_equal(gc.tensor(x).mean(dim=dim, keepdim=True).numpy(),
                                  torch.from_numpy(x).mean(dim=dim, keepdim=True).numpy())


@pytest.mark.parametrize("shape, dim", [((37, 1), 0), ((16, 10), 0), ((5, 3), 0), ((40, 3), 0), ((100, 7), 0),
                                        ((64, 100), 0), ((300, 70), 0), ((17, 5, 9), (0, 1)), ((4, 20, 40), 1),
                                        ((1000, 10), 0), ((6, 1, 10), 0)])
def test_column_sums(shape, dim):
    x = np.random.default_rng(3).standard_normal(shape).astype(np.float32)
    np.testing.assert_array_equal(gc.tensor(x).sum(dim=dim).numpy(), torch.from_numpy(x).sum(dim=dim).numpy())


def test_a_transposed_tensor_sums_in_memory_order():
    x = np.random.default_rng(2).standard_normal((30, 20)).astype(np.float32)
    assert gc.tensor(x).t().sum().item() == torch.from_numpy(x).t().sum().item()


@pytest.mark.parametrize("n", [2, 5, 10, 37, 1000, 5000])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_var_and_std_of_all_elements_follow_torchs_recipe(n, dtype):
    x = (np.random.default_rng(n).standard_normal(n) * 3 + 1).astype(dtype)
    for name in ("var", "std"):
        for correction in (0, 1):
            ours = getattr(gc, name)(gc.tensor(x), correction=correction).item()
            assert ours == getattr(torch, name)(torch.from_numpy(x), correction=correction).item()


@pytest.mark.parametrize("batch", [1, 5, 16, 17, 64, 257, 1000])
@pytest.mark.parametrize("weighted", [False, True])
def test_nll_loss_reduces_in_torchs_cascade(batch, weighted):
    rng = np.random.default_rng(batch)
    logp = rng.standard_normal((batch, 4)).astype(np.float32)
    target = rng.integers(0, 4, batch)
    target[::5] = -100                      # ignored samples skip their place in the cascade
    weight = rng.uniform(0.5, 2, 4).astype(np.float32) if weighted else None
    for reduction in ("mean", "sum"):
        ours = gc.nn.functional.nll_loss(gc.tensor(logp), gc.tensor(target), None if weight is None else
                                         gc.tensor(weight), reduction=reduction).item()
        theirs = torch.nn.functional.nll_loss(torch.from_numpy(logp), torch.from_numpy(target), None if weight is None
                                              else torch.from_numpy(weight), reduction=reduction).item()
        assert ours == theirs or (np.isnan(ours) and np.isnan(theirs))


def test_small_float32_transcendentals_round_as_torchs():
    x = np.random.default_rng(9).standard_normal(200).astype(np.float32)
    for name in ("exp", "tanh", "sigmoid", "expm1"):
        ours = getattr(gc, name)(gc.tensor(x)).numpy()
        theirs = getattr(torch, name)(torch.from_numpy(x)).numpy()
        assert (ours != theirs).sum() <= 4, name          # torch's own kernels miss correct rounding rarely
    logits = np.random.default_rng(10).standard_normal((64, 3)).astype(np.float32)
    ours = gc.log_softmax(gc.tensor(logits), 1).numpy()
    assert (ours != torch.log_softmax(torch.from_numpy(logits), 1).numpy()).sum() <= 4
