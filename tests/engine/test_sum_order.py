"""Sums and means round as torch's CPU kernel rounds them (its summation order, not numpy's), so a
printed ``loss.item()`` has torch's digits. The values here are torch 2.13's; the parity file
compares with torch itself."""
import numpy as np

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
