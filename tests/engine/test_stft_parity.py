"""torch.stft against torch 2.13: spectrogram values, nodes, gradients (first and second order), its
warnings and its errors."""
import warnings

import numpy as np
import pytest

from gradcli import engine as ag

torch = pytest.importorskip("torch")

SIGNAL = np.array([0.3, -1.2, 0.7, 2.1, -0.4, 1.5, -0.9, 0.25, 1.1, -1.7, 0.6, 0.05, 0.8, -0.3, 1.9, -2.2])
WINDOW = np.array([0.2, 0.9, 1.0, 0.6, 0.1])

# name -> f(lib, signal, window) for stft's argument combinations
CASES = {
    "default_hann": lambda t, x, w: t.stft(x, 8, window=t.hann_window(8, dtype=x.dtype), return_complex=True),
    "hop_and_short_window": lambda t, x, w: t.stft(x, 8, hop_length=3, win_length=5, window=w, return_complex=True),
    "no_window_short": lambda t, x, w: t.stft(x, 6, win_length=4, return_complex=True),
    "normalized_two_sided": lambda t, x, w: t.stft(x, 4, normalized=True, onesided=False, return_complex=True),
    "not_centred": lambda t, x, w: t.stft(x, 8, hop_length=2, center=False, window=t.ones(8, dtype=x.dtype),
                                          return_complex=True),
    "constant_pad_batch": lambda t, x, w: t.stft(x.reshape(2, 8), 4, hop_length=1, pad_mode="constant",
                                                 window=t.hann_window(4, dtype=x.dtype), return_complex=True),
    "complex_signal": lambda t, x, w: t.stft(t.polar(x.abs() + 0.1, x), 4, window=t.hann_window(4, dtype=x.dtype),
                                             return_complex=True),
    "real_pairs": lambda t, x, w: t.stft(x, 4, window=t.hann_window(4, dtype=x.dtype), return_complex=False),
}


def _run(lib, name, create_graph=False):
    x = lib.tensor(SIGNAL, requires_grad=True)
    w = lib.tensor(WINDOW, requires_grad=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        y = CASES[name](lib, x, w)
    loss = (y.abs() ** 1.5).sum()
    leaves = [x, w] if name == "hop_and_short_window" else [x]
    grads = lib.autograd.grad(loss, leaves, create_graph=create_graph)
    if create_graph:
        grads = lib.autograd.grad(sum((g ** 2).sum() for g in grads), leaves)
    return y.detach(), y.grad_fn.name(), [g.numpy() for g in grads]


@pytest.mark.parametrize("name", sorted(CASES))
def test_spectrograms_and_gradients_match_torch(name):
    y, node, grads = _run(ag, name)
    ty, tnode, tgrads = _run(torch, name)
    assert (str(y.dtype), tuple(y.shape), node) == (str(ty.dtype), tuple(ty.shape), tnode)
    np.testing.assert_allclose(y.numpy(), ty.numpy(), rtol=1e-12, atol=1e-12)
    for g, tg in zip(grads, tgrads, strict=True):
        np.testing.assert_allclose(g, tg, rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("name", ["default_hann", "hop_and_short_window", "complex_signal"])
def test_second_order_matches_torch(name):
    for g, tg in zip(_run(ag, name, True)[2], _run(torch, name, True)[2], strict=True):
        np.testing.assert_allclose(g, tg, rtol=1e-9, atol=1e-11)


def test_nodes_match_torch():
    def chain(lib):
        y = lib.stft(lib.tensor(SIGNAL, requires_grad=True), 8, window=lib.hann_window(8, dtype=lib.float64),
                     return_complex=True)
        names, fn = [], y.grad_fn
        while fn is not None and len(names) < 6:
            names.append(fn.name())
            fn = fn.next_functions[0][0]
        return names
    assert chain(ag) == chain(torch)


def test_warnings_are_torchs_once_per_process():
    from gradcli.engine.functions import stft
    stft._warned.clear()

    def caught():
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            ag.stft(ag.tensor(SIGNAL), 8, return_complex=False)
        return [str(w.message) for w in seen]
    first = caught()
    assert first[0].startswith("A window was not provided. A rectangular window will be applied,which is known")
    assert first[1].startswith("stft with return_complex=False is deprecated.")
    assert len(first) == 2 and caught() == []


@pytest.mark.parametrize("call", [
    lambda t, x: t.stft(x, 8),
    lambda t, x: t.stft(x, 30, return_complex=True, center=False),
    lambda t, x: t.stft(x, 8, hop_length=0, return_complex=True),
    lambda t, x: t.stft(x, 8, win_length=9, return_complex=True),
    lambda t, x: t.stft(x, 8, window=t.ones(5), return_complex=True),
    lambda t, x: t.stft(t.arange(10), 4, return_complex=True),
    lambda t, x: t.stft(x.reshape(1, 2, 8), 4, return_complex=True),
    lambda t, x: t.stft(x, 8, return_complex=True, onesided=True, window=t.ones(8, dtype=t.cfloat)),
    lambda t, x: t.stft(x, 0, return_complex=True),
    lambda t, x: t.stft(x, 8, return_complex=True, align_to_window=True),
])
def test_errors_match_torch(call):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(Exception) as expected:
            call(torch, torch.tensor(SIGNAL, dtype=torch.float32))
        with pytest.raises(Exception) as got:
            call(ag, ag.tensor(SIGNAL, dtype=ag.float32))
    assert isinstance(got.value, type(expected.value))
    assert str(got.value) == str(expected.value).split(" (Triggered internally")[0]
