"""Complex tensors against torch 2.13: the bridges to real parts (view_as_real, view_as_complex, complex,
polar), conj/real/imag/abs/angle, and holomorphic ops' gradients in torch's convention (dL/dRe + i dL/dIm)."""
import numpy as np
import pytest

from gradcli import engine as ag

torch = pytest.importorskip("torch")

Z = np.array([1 + 2j, 3 - 1j, -0.5 + 0.25j])
X = np.array([[1.0, 2.0], [3.0, -4.0], [0.5, 0.25]])
W = np.array([2 - 1j, 0.5 + 1j, -1 + 0.5j])

# each case: f(lib, *leaves) -> a real scalar loss; lib is torch or gradcli's engine
CASES = {
    "mul_real": (lambda t, z: (z * z).real.sum(), [Z]),
    "exp_div_imag": (lambda t, z: (t.exp(z) / (z + 1)).imag.sum(), [Z]),
    "abs_angle": (lambda t, z: (z.angle() + z.abs() ** 2).sum(), [Z]),
    "conj_mul": (lambda t, z: (z.conj() * t.tensor(W)).real.sum(), [Z]),
    "sgn": (lambda t, z: (z.sgn() * t.tensor(W)).real.sum(), [Z]),
    "norm": (lambda t, z: z.norm() + (z * 2).abs().mean(), [Z]),
    "matmul": (lambda t, z: (z.reshape(3, 1) @ z.reshape(1, 3)).abs().sum(), [Z]),
    "view_as_complex": (lambda t, x: (t.view_as_complex(x) * t.tensor(W)).imag.sum(), [X]),
    "view_as_real": (lambda t, z: (t.view_as_real(z * z) ** 3).sum(), [Z]),
    "complex": (lambda t, a, b: (t.complex(a, b) ** 2).abs().sum(), [X[:, 0].copy(), X[:, 1].copy()]),
    "polar": (lambda t, r, th: (t.polar(r, th) * t.tensor(W)).real.sum(), [np.array([0.5, 1.0, 2.0]),
                                                                        np.array([0.3, -1.2, 2.5])]),
    "stft": (lambda t, x: t.stft(x, 4, hop_length=2, window=t.hann_window(4, dtype=x.dtype), return_complex=True)
             .abs().sum(), [np.array([0.3, -1.2, 0.7, 2.1, -0.4, 1.5, -0.9, 0.25, 1.1, -1.7, 0.6, 0.05])]),
    "stft_complex": (lambda t, z: t.stft(z, 2, hop_length=1, window=t.ones(2, dtype=t.float64), return_complex=True)
                     .abs().sum(), [Z]),
    "var_std": (lambda t, z: z.reshape(1, 3).var(1).sum() + z.std() + t.var_mean(z, 0)[0] + t.std_mean(z)[0], [Z]),
    "real_times_complex": (lambda t, x: (x * t.tensor(W)).abs().sum(), [np.array([1.0, -2.0, 0.5])]),
}
M = np.array([[1 + 2j, 3 - 1j, -0.5 + 0.25j], [0.3 - 0.7j, 1.2 + 0.1j, -2 + 1j], [0.5 + 0.5j, -1j, 1.5 + 0j]])
MW = np.array([[2 - 1j, 0.5 + 1j, -1 + 0.5j], [1 + 1j, -0.5 + 2j, 0.25 - 1j], [0.7 + 0j, 1j, -1.5 + 0.5j]])
# holomorphic and linear ops on a complex matrix: each result r is scored as |r * MW|.sum()
MATRIX_OPS = {
    "sqrt": lambda t, z: t.sqrt(z), "log": lambda t, z: t.log(z), "reciprocal": lambda t, z: t.reciprocal(z),
    "tanh": lambda t, z: t.tanh(z), "sin": lambda t, z: t.sin(z), "cos": lambda t, z: t.cos(z),
    "sinh": lambda t, z: t.sinh(z), "tan": lambda t, z: t.tan(z * 0.3), "acos": lambda t, z: t.acos(z * 0.3),
    "pow_scalar": lambda t, z: z ** 2.5, "pow_tensor": lambda t, z: z ** z, "square": lambda t, z: t.square(z),
    "rsqrt": lambda t, z: t.rsqrt(z), "expm1": lambda t, z: t.expm1(z), "log1p": lambda t, z: t.log1p(z),
    "exp_sum": lambda t, z: t.exp(z).sum(), "inv": lambda t, z: t.linalg.inv(z), "trace": lambda t, z: t.trace(z),
    "einsum": lambda t, z: t.einsum("ij,jk->ik", z, z), "cumprod": lambda t, z: t.cumprod(z, 1),
    "cumsum": lambda t, z: t.cumsum(z, 0), "prod": lambda t, z: z.prod(1), "mean": lambda t, z: z.mean(0),
    "mean_all": lambda t, z: z.mean(), "sum_dim": lambda t, z: z.sum(1, keepdim=True),
    "dot": lambda t, z: t.dot(z[0], z[1]), "inner": lambda t, z: t.inner(z, z), "mv": lambda t, z: t.mv(z, z[0]),
    "solve": lambda t, z: t.linalg.solve(z, z[:, :1]), "matrix_power": lambda t, z: t.linalg.matrix_power(z, 3),
    "linear": lambda t, z: t.nn.functional.linear(z, z), "normalize": lambda t, z: t.nn.functional.normalize(z, dim=1),
    "flip": lambda t, z: z.flip(0), "index": lambda t, z: z[[0, 2]], "roll": lambda t, z: z.roll(1),
    "rot90": lambda t, z: t.rot90(z, 1, (0, 1)) + z.rot90(-1, (1, 0))[1:].sum(),
    "tril_triu": lambda t, z: z.tril() + z.triu(1) * 2, "where": lambda t, z: t.where(t.tensor(M.real) > 0, z, z * 2),
    "addcmul": lambda t, z: t.addcmul(z, z, z, value=0.5), "lerp": lambda t, z: t.lerp(z, z * z, 0.3),
    "kron": lambda t, z: t.kron(z, z), "outer": lambda t, z: t.outer(z[0], z[1]),
    "cross": lambda t, z: t.linalg.cross(z, z * z), "diff": lambda t, z: t.diff(z),
    "to": lambda t, z: z.real.to(t.complex128) * z, "sub_alpha": lambda t, z: t.sub(z, z * z, alpha=2),
    "rsub_div": lambda t, z: (2 - z) / 3 + 1 / z, "logsumexp": lambda t, z: t.logsumexp(z, 1),
    "shapes": lambda t, z: t.stack([z.t(), z.transpose(0, 1).unsqueeze(0).squeeze(0), z.expand(2, 3, 3)[1]]).sum(0),
    "cat_view": lambda t, z: t.cat([z, -z]).view(3, 6) + 1.5,
    "pad": lambda t, z: t.nn.functional.pad(z, (1, 2)) * 2,
    "sigmoid": lambda t, z: t.sigmoid(z), "float_power": lambda t, z: t.float_power(z, 2),
    "cov": lambda t, z: t.cov(z),
    "det": lambda t, z: t.linalg.det(z) * t.det(z * z), "solve_constant_b": lambda t, z: t.linalg.solve(z, t.tensor(MW)),
    "solve_right": lambda t, z: t.linalg.solve(z, t.tensor(MW) * z, left=False),
    "asin": lambda t, z: t.asin(z * 0.3), "asinh": lambda t, z: t.asinh(z), "acosh": lambda t, z: t.acosh(z + 2),
    "atan": lambda t, z: t.atan(z * 0.3), "atanh": lambda t, z: t.atanh(z * 0.3), "log10": lambda t, z: t.log10(z),
    "log2": lambda t, z: t.log2(z), "exp2": lambda t, z: t.exp2(z), "prod_all": lambda t, z: z.prod() * z,
    "vdot": lambda t, z: t.vdot(z[0], z[1]) * z + t.vdot(z[2], z[2]),
    "matrix_exp": lambda t, z: t.linalg.matrix_exp(z * 0.3), "clone": lambda t, z: z.clone() * z,
    "gather": lambda t, z: z.gather(1, t.tensor([[2, 0, 1], [1, 1, 0], [0, 2, 2]])) * z,
    "take": lambda t, z: t.take(z, t.tensor([[8, 0, 4]])) * z,
    "masked_fill": lambda t, z: z.masked_fill(t.tensor(M.real > 0.6), 0.5) * z,
    "repeat_interleave": lambda t, z: z.repeat_interleave(2, dim=0)[1:4] * z,
"sinc": lambda t, z: t.sinc(z * 0.3),
}


def _scored(f):
    def loss(t, z):
        r = f(t, z)
        return (r * t.tensor(MW[:r.shape[0]] if r.shape[-1:] == (3,) and r.ndim == 2 else np.ones(()))).abs().sum()
    return loss


CASES.update({name: (_scored(f), [M]) for name, f in MATRIX_OPS.items()})
CASES.update({   # slogdet's complex formula is its own (complex_rule): the sign's angle and logabsdet
    "slogdet": (lambda t, z: t.linalg.slogdet(z)[1] + (t.linalg.slogdet(z * 2)[0] * t.tensor(W[0])).real, [M]),
    "logdet": (lambda t, z: t.logdet(z).imag * 2 + t.logdet(z).real, [M]),
})

LINEAR = {"conj_mul", "view_as_complex"}


def _complex_records(fn, seen=None) -> set:
    """The records of the complex-valued nodes a graph holds."""
    seen = set() if seen is None else seen
    if fn is None or id(fn) in seen:
        return set()
    seen.add(id(fn))
    op = getattr(type(fn), "op", None)
    found = {op.name} if op is not None and getattr(fn, "_odtype", None) is not None and fn._odtype.kind == "c" \
        and not op.complex_rule else set()
    for nxt, _ in fn.next_functions:
        found |= _complex_records(nxt, seen)
    return found


def test_the_checked_set_is_what_these_cases_exercise():
    """Every record allowed to differentiate complex results is exercised against torch here."""
    from gradcli.engine.ops.complex_parts import COMPLEX_CHECKED
    used = set()
    for name, (fn, arrays) in CASES.items():
        leaves = [ag.tensor(a, requires_grad=True) for a in arrays]
        loss = fn(ag, *leaves)
        used |= _complex_records(loss.grad_fn)
        if name not in LINEAR:   # the records the gradients' own graphs use (second order)
            for g in ag.autograd.grad(loss, leaves, create_graph=True):
                used |= _complex_records(g.grad_fn)
    assert {n for n in used if not n.startswith(("cat.", "stack."))} == COMPLEX_CHECKED


@pytest.mark.parametrize("factor, record", [
    (lambda a: ag.linalg.qr(a).R, "linalg_qr"), (lambda a: ag.linalg.cholesky(a @ a.mH), "linalg_cholesky_ex"),
    (lambda a: ag.linalg.lu(a).U, "linalg_lu"), (lambda a: ag.linalg.lstsq(a, a[:, :1]).solution, "linalg_lstsq"),
], ids=["qr", "cholesky", "lu", "lstsq"])
def test_factorizations_refuse_a_complex_gradient(factor, record):
    """Their real formulas would give a complex matrix a wrong gradient (and exit 0)."""
    a = ag.tensor(M[:2, :2], requires_grad=True)
    y = factor(a).abs().sum()
    with pytest.raises(RuntimeError, match=f"gradcli does not differentiate {record} of complex tensors"):
        y.backward()


def test_an_unchecked_record_refuses_a_complex_gradient():
    z = ag.tensor([1 + 2j, 3 - 1j], requires_grad=True)
    y = ag.nan_to_num(z).abs().sum()     # (torch refuses it too)
    with pytest.raises(RuntimeError, match="gradcli does not differentiate nan_to_num of complex tensors"):
        y.backward()


def _run(lib, fn, arrays, create_graph):
    leaves = [lib.tensor(a, requires_grad=True) for a in arrays]
    loss = fn(lib, *leaves)
    grads = lib.autograd.grad(loss, leaves, create_graph=create_graph)
    if create_graph:   # a second order: the gradient of the first gradients' squared size
        total = sum((g.abs() ** 2).sum() for g in grads)
        grads = lib.autograd.grad(total, leaves)
    return float(loss.detach()), [g.detach().resolve_conj().numpy() for g in grads]


@pytest.mark.parametrize("create_graph", [False, True], ids=["first", "second"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_gradients_match_torch(name, create_graph):
    if create_graph and name in LINEAR:
        pytest.skip("a linear loss: its gradient is a constant, with no second order in torch either")
    fn, arrays = CASES[name]
    loss, grads = _run(ag, fn, arrays, create_graph)
    t_loss, t_grads = _run(torch, fn, arrays, create_graph)
    assert loss == pytest.approx(t_loss, rel=1e-12)
    for g, tg in zip(grads, t_grads):
        assert g.dtype == tg.dtype
        np.testing.assert_allclose(g, tg, rtol=1e-10, atol=1e-12)


def test_views_share_storage_and_name_nodes_as_torch():
    x = ag.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    c = ag.view_as_complex(x)
    assert repr(c) == "tensor([1.+2.j, 3.+4.j], grad_fn=<ViewAsComplexBackward0>)"
    r = ag.view_as_real(c)
    assert r._base is x and r.grad_fn.name() == "ViewAsRealBackward0"
    z = ag.tensor([1 + 2j, 3 - 1j], requires_grad=True)
    assert repr(z.real) == "tensor([1., 3.], grad_fn=<SelectBackward0>)"
    assert repr(z.imag) == "tensor([ 2., -1.], grad_fn=<SelectBackward0>)"
    assert repr(z.conj()) == "tensor([1.-2.j, 3.+1.j], grad_fn=<ConjBackward0>)"
    assert repr(ag.complex(x[0], x[1])) == "tensor([1.+3.j, 2.+4.j], grad_fn=<ComplexBackward0>)"
    assert repr(ag.polar(x[0], x[1])) == "tensor([-0.9900+0.1411j, -1.3073-1.5136j], grad_fn=<PolarBackward0>)"


def test_saved_values_match_torch():
    def saved(lib):
        r = lib.tensor([0.5, 2.0], requires_grad=True)
        z = lib.tensor([1 + 2j, 3 - 1j], requires_grad=True)
        nodes = (lib.polar(r, r).grad_fn, lib.complex(r, r).grad_fn, lib.view_as_real(z).grad_fn, z.conj().grad_fn,
                 z.conj_physical().grad_fn, lib.view_as_complex(lib.stack([r, r], -1)).grad_fn)
        return [(n.name(), sorted(a for a in dir(n) if a.startswith("_saved_"))) for n in nodes]
    assert saved(ag) == saved(torch)
    w = ag.polar(ag.tensor([0.5, 2.0], requires_grad=True), ag.tensor([0.3, 1.0]))
    assert w.grad_fn._saved_result.equal(w)


@pytest.mark.parametrize("make", [
    lambda t: t.view_as_complex(t.ones(3, 2, dtype=t.int64)),
    lambda t: t.view_as_complex(t.ones(2, 3).t()),
    lambda t: t.view_as_complex(t.ones(3, 4)[:, 1:3]),
    lambda t: t.view_as_complex(t.ones(3, 3)[:, :2]),
    lambda t: t.view_as_complex(t.ones(3)),
    lambda t: t.view_as_complex(t.ones(())),
    lambda t: t.view_as_real(t.ones(3)),
    lambda t: t.complex(t.ones(3), t.ones(3, dtype=t.float64)),
    lambda t: t.polar(t.ones(3, dtype=t.int64), t.ones(3, dtype=t.int64)),
    lambda t: t.complex(t.ones(3), t.ones(3, dtype=t.int64)),
    lambda t: t.complex(t.ones(3), t.ones(2)),
    lambda t: t.polar(t.ones(3), 1.0),
])
def test_errors_match_torch(make):
    with pytest.raises(Exception) as expected:
        make(torch)
    with pytest.raises(Exception) as got:
        make(ag)
    assert isinstance(got.value, type(expected.value))
    assert str(got.value) == str(expected.value)


def test_values_and_dtypes_match_torch():
    for lib_dtype in ("float32", "float64"):
        tx = torch.tensor(X, dtype=getattr(torch, lib_dtype))
        gx = ag.tensor(X, dtype=getattr(ag, lib_dtype))
        for f in (lambda t, x: t.view_as_complex(x[:2]), lambda t, x: t.complex(x[:, 0], x[:, 1]),
                  lambda t, x: t.polar(x[:, 0], x[:, 1]), lambda t, x: t.view_as_real(t.polar(x[:, 0], x[:, 1]))):
            want, got = f(torch, tx), f(ag, gx)
            assert str(got.dtype) == str(want.dtype)
            np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-6)


def test_half_std_is_the_root_of_var():
    """(std of float16 over all dims gave the variance.)"""
    values = [1.0, 2.0, 4.0, 7.0]
    for lib in (ag, torch):
        x = lib.tensor(values, dtype=lib.float16)
        assert str(x.std()) == "tensor(2.6465, dtype=torch.float16)"
        assert str(lib.std_mean(x)[0]) == "tensor(2.6465, dtype=torch.float16)"


def test_nodes_with_their_own_apply_still_refuse_a_complex_gradient():
    """AddmmBackward0 has a fast plain-backward path; a complex value takes the general one
    (MmBackward0's is compared with torch in the cases above). The pointwise losses, which have one
    too, take no complex input at all, as torch's kernels."""
    z = ag.tensor(M, requires_grad=True)
    with pytest.raises(RuntimeError, match="gradcli does not differentiate"):
        ag.addmm(z, z, z).abs().sum().backward()
    with pytest.raises(NotImplementedError, match="\"mse_cpu\" not implemented for 'ComplexDouble'"):
        ag.nn.functional.mse_loss(z, z * 2)
