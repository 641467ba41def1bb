"""torch.fft against torch 2.13: values, dtypes, node names and gradients (first and second order) of
every transform, on float64 signals so that the comparison is tight. (Signed zeros where a value
cancels to 0 may differ: torch's CPU FFT is MKL's, gradcli's numpy's pocketfft.)"""
import numpy as np
import pytest

from gradcli import engine as ag

torch = pytest.importorskip("torch")

X = np.array([1.0, 2.0, -1.0, 0.5, 3.0, -2.0])
C = np.array([1 + 2j, -0.5 + 1j, 2 - 1j, 0.25 + 0.5j, -1 - 1j, 3 + 0.5j])

# name -> f(fft module, real signal x, complex signal c)
CASES = {
    "fft_real": lambda F, x, c: F.fft(x),
    "fft_complex": lambda F, x, c: F.fft(c),
    "ifft_real": lambda F, x, c: F.ifft(x),
    "ifft_complex_ortho": lambda F, x, c: F.ifft(c, norm="ortho"),
    "rfft": lambda F, x, c: F.rfft(x),
    "irfft": lambda F, x, c: F.irfft(c),
    "hfft_forward": lambda F, x, c: F.hfft(c, norm="forward"),
    "ihfft": lambda F, x, c: F.ihfft(x),
    "fft_cropped": lambda F, x, c: F.fft(x, n=4),
    "fft_padded": lambda F, x, c: F.fft(x, n=8),
    "rfft_padded_ortho": lambda F, x, c: F.rfft(x, n=9, norm="ortho"),
    "irfft_odd": lambda F, x, c: F.irfft(c, n=5),
    "irfft_padded": lambda F, x, c: F.irfft(c, n=12),
    "fftn": lambda F, x, c: F.fftn(x.reshape(2, 3)),
    "fft2_ortho": lambda F, x, c: F.fft2(c.reshape(2, 3), norm="ortho"),
    "ifft2": lambda F, x, c: F.ifft2(x.reshape(3, 2)),
    "rfft2": lambda F, x, c: F.rfft2(x.reshape(2, 3)),
    "irfft2": lambda F, x, c: F.irfft2(c.reshape(2, 3)),
    "irfftn_sized": lambda F, x, c: F.irfftn(c.reshape(2, 3), s=(3, 5)),
    "rfftn_sized_forward": lambda F, x, c: F.rfftn(x.reshape(2, 3), s=(4, 4), norm="forward"),
    "hfftn": lambda F, x, c: F.hfftn(c.reshape(2, 3)),
    "ihfftn": lambda F, x, c: F.ihfftn(x.reshape(2, 3)),
    "ihfft2_ortho": lambda F, x, c: F.ihfft2(x.reshape(3, 2), norm="ortho"),
    "hfft2": lambda F, x, c: F.hfft2(c.reshape(3, 2)),
    "fftn_one_dim": lambda F, x, c: F.fftn(c.reshape(2, 3), dim=0),
    "fftn_sized": lambda F, x, c: F.fftn(x.reshape(2, 3), s=(3, 2)),
    "fftshift": lambda F, x, c: F.fftshift(x.reshape(2, 3)),
    "ifftshift": lambda F, x, c: F.ifftshift(c.reshape(2, 3), dim=1),
    "spectral_filter": lambda F, x, c: F.irfft(F.rfft(x) * F.rfft(x.flip(0)), n=6),
}


def _lib(name):
    return torch if name == "torch" else ag


def _run(lib, name, create_graph):
    x = lib.tensor(X, requires_grad=True)
    c = lib.tensor(C, requires_grad=True)
    y = CASES[name](lib.fft, x, c)
    w = lib.tensor(np.linspace(-1.0, 1.0, y.numel()).reshape(tuple(y.shape)))
    loss = (y.abs() * w).sum() if y.is_complex() else (y * w).sum()
    leaves = [t for t in (x, c) if t.grad_fn is None and _uses(y, t)]
    grads = lib.autograd.grad(loss, leaves, create_graph=create_graph)
    if create_graph:
        grads = lib.autograd.grad(sum((g.abs() ** 2).sum() for g in grads), leaves)
    return y.detach().resolve_conj(), y.grad_fn.name(), [g.detach().resolve_conj().numpy() for g in grads]


def _uses(y, leaf):
    seen, stack = set(), [y.grad_fn]
    while stack:
        fn = stack.pop()
        if fn is None or id(fn) in seen:
            continue
        seen.add(id(fn))
        if getattr(fn, "variable", None) is leaf:
            return True
        stack.extend(n for n, _ in fn.next_functions)
    return False


@pytest.mark.parametrize("name", sorted(CASES))
def test_values_nodes_and_gradients_match_torch(name):
    y, node, grads = _run(ag, name, False)
    ty, tnode, tgrads = _run(torch, name, False)
    assert (str(y.dtype), tuple(y.shape), node) == (str(ty.dtype), tuple(ty.shape), tnode)
    np.testing.assert_allclose(y.numpy(), ty.numpy(), rtol=1e-12, atol=1e-12)
    for g, tg in zip(grads, tgrads, strict=True):
        assert g.dtype == tg.dtype
        np.testing.assert_allclose(g, tg, rtol=1e-10, atol=1e-12)


# real outputs scored linearly: their gradients are constants, with no second order in torch either
LINEAR = {"fftshift", "ifftshift", "irfft", "irfft_odd", "irfft_padded", "irfft2", "irfftn_sized", "hfft_forward",
          "hfftn", "hfft2"}


@pytest.mark.parametrize("name", sorted(set(CASES) - LINEAR))
def test_second_order_gradients_match_torch(name):
    _, _, grads = _run(ag, name, True)
    _, _, tgrads = _run(torch, name, True)
    for g, tg in zip(grads, tgrads, strict=True):
        np.testing.assert_allclose(g, tg, rtol=1e-9, atol=1e-11)


def test_float32_values_print_as_torch():
    for lib in (ag, torch):
        x = lib.tensor([1.0, 2.0, 3.0, 4.0])
        assert str(lib.fft.rfft(x)) == "tensor([10.+0.j, -2.+2.j, -2.+0.j])"
        assert str(lib.fft.irfft(lib.fft.rfft(x))) == "tensor([1., 2., 3., 4.])"
        assert str(lib.fft.fftfreq(5, 0.1)) == "tensor([ 0.,  2.,  4., -4., -2.])"
        assert str(lib.fft.rfftfreq(6)) == "tensor([0.0000, 0.1667, 0.3333, 0.5000])"
        assert str(lib.fft.fftshift(lib.fft.fftfreq(4))) == "tensor([-0.5000, -0.2500,  0.0000,  0.2500])"


@pytest.mark.parametrize("call", [
    lambda F, t: F.fft([1.0, 2.0]),
    lambda F, t: F.fft(t.arange(6.0), norm="foo"),
    lambda F, t: F.fft(t.arange(6.0), n=0),
    lambda F, t: F.fft(t.arange(6.0), dim=1),
    lambda F, t: F.fft(t.tensor(1.0)),
    lambda F, t: F.rfft(t.ones(3, dtype=t.cfloat)),
    lambda F, t: F.fft(t.ones(3, dtype=t.float16)),
    lambda F, t: F.fftn(t.ones(6), s=(2, 3)),
    lambda F, t: F.fftn(t.ones(6), dim=(0, 0)),
    lambda F, t: F.fftn(t.ones(2, 3), s=(2,), dim=(0, 1)),
    lambda F, t: F.irfft(t.ones(1, dtype=t.cfloat)),
    lambda F, t: F.rfft2(t.ones(2, 3, dtype=t.cdouble)),
    lambda F, t: F.ihfftn(t.ones(3, dtype=t.cfloat)),
    lambda F, t: F.irfft2(t.ones(2, 3, dtype=t.cfloat), dim=()),
    lambda F, t: F.fftfreq(4, dtype=t.int64),
    lambda F, t: F.fftfreq(4.5),
    lambda F, t: F.fftshift(t.ones(3), dim=2),
])
def test_errors_match_torch(call):
    with pytest.raises(Exception) as expected:
        call(torch.fft, torch)
    with pytest.raises(Exception) as got:
        call(ag.fft, ag)
    assert type(got.value).__mro__[1:] and isinstance(got.value, type(expected.value))
    assert str(got.value) == str(expected.value)


def test_saved_values_match_torch():
    def saved(lib):
        x = lib.tensor(X.reshape(2, 3), requires_grad=True)
        c = lib.tensor(C.reshape(2, 3), requires_grad=True)
        nodes = [lib.fft.fft(c, dim=0).grad_fn, lib.fft.rfft(x, norm="ortho").grad_fn, lib.fft.irfft(c, n=5).grad_fn,
                 lib.fft.fft2(c, norm="forward").grad_fn]
        out = []
        for n in nodes:
            names = sorted(a for a in dir(n) if a.startswith("_saved_"))
            out.append((n.name(), [(a, getattr(n, a)) for a in names if a != "_saved_self"]))
        return out, nodes[1]._saved_self
    (ours, our_self), (theirs, their_self) = saved(ag), saved(torch)
    assert ours == theirs
    np.testing.assert_array_equal(our_self.detach().numpy(), their_self.detach().numpy())
