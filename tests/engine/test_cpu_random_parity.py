"""gradcli's random numbers against torch itself over sizes, dtypes, seeds and every random function
(skipped without torch; tests/engine/test_cpu_random.py holds literal values)."""
import numpy as np
import pytest

import gradcli.engine as gc

torch = pytest.importorskip("torch")

SIZES = [1, 2, 15, 16, 17, 31, 64, 1000]
DTYPES = ["float32", "float64"]


def same(ours, theirs) -> None:
    np.testing.assert_array_equal(ours.numpy(), theirs.numpy())


def both(seed, draw):
    torch.manual_seed(seed)
    gc.manual_seed(seed)
    return draw(gc), draw(torch)


@pytest.mark.parametrize("seed", [0, 7, 2**40 + 5])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("dtype", DTYPES)
def test_rand_and_randn(seed, size, dtype):
    ours, theirs = both(seed, lambda t: [t.rand(size, dtype=getattr(t, dtype)), t.randn(size, dtype=getattr(t, dtype)),
                                          t.randn(size, dtype=getattr(t, dtype))])
    for a, b in zip(ours, theirs):
        same(a, b)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("dtype", DTYPES)
def test_fills_with_parameters(size, dtype):
    def draw(t):
        x = t.empty(size, dtype=getattr(t, dtype))
        return [x.uniform_(-0.3, 0.7).clone(), x.normal_(2.0, 3.0).clone(), x.exponential_(1.5).clone(),
                x.geometric_(0.3).clone(), x.log_normal_(0.5, 0.25).clone(), x.cauchy_(1.0, 2.0).clone(),
                x.bernoulli_(0.3).clone(), x.random_(3, 11).clone(), x.random_().clone()]
    for a, b in zip(*both(1, draw)):
        same(a, b)


@pytest.mark.parametrize("dtype", ["int64", "int32", "uint8", "bool"])
def test_integer_draws(dtype):
    def draw(t):
        dt = getattr(t, dtype)
        out = [t.empty(20, dtype=dt).random_()]
        if dtype != "bool":
            out += [t.randint(0, 7, (20,), dtype=dt), t.empty(20, dtype=dt).random_(5)]
        if dtype == "int64":
            out += [t.randint(-5, 2**40, (20,)), t.randperm(100)]
        return out
    for a, b in zip(*both(2, draw)):
        same(a, b)


def test_tensor_probabilities_multinomial_and_normal_of_tensors():
    def draw(t):
        p32 = t.rand(4, 5)
        return [p32, t.bernoulli(p32), t.bernoulli(p32.double()), t.multinomial(p32, 3),
                t.multinomial(p32, 9, replacement=True), t.multinomial(p32[0], 1),
                t.normal(t.zeros(20), t.ones(20) * 2), t.normal(t.ones(3), 0.5), t.normal(2.0, t.ones(17)),
                t.rand_like(p32), t.randn_like(p32), t.randint_like(p32, 3, 9)]
    for a, b in zip(*both(4, draw)):
        same(a, b)


def test_layers_dropout_and_init_draw_torchs_numbers():
    def draw(t):
        nn = t.nn
        layers = [nn.Linear(5, 4), nn.Conv2d(2, 3, 3), nn.Embedding(6, 3), nn.Bilinear(2, 3, 2),
                  nn.ConvTranspose2d(2, 3, 2)]
        w = t.empty(3, 4)
        inits = [nn.init.xavier_uniform_(w).clone(), nn.init.kaiming_normal_(w).clone(),
                 nn.init.trunc_normal_(w, std=0.02).clone(), nn.init.orthogonal_(w).clone()]
        drop = nn.functional.dropout(t.ones(40), 0.25)
        return [p.detach() for layer in layers for p in layer.parameters()] + inits + [drop]
    for a, b in zip(*both(5, draw)):
        if a.dtype == gc.float32 and tuple(a.shape) == (3, 4):
            np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=0, atol=1e-6)   # QR / erfinv roundings
        else:
            same(a, b)
