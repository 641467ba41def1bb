"""torch.linalg's LU family, matrix_exp, matrix_power, matrix_rank, cond, cross, vecdot, lstsq, the _ex
variants, tensorinv/tensorsolve and eig against torch 2.13 (skipped without torch): values, result
tuples, node names, saved values, gradients, second derivatives and torch's errors."""
import warnings

import numpy as np
import pytest

from gradcli import engine

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.parity

R = np.random.default_rng(5)
A3 = R.uniform(-2, 2, (3, 3)) + 3 * np.eye(3)
B32 = R.uniform(-2, 2, (3, 2))
BATCH = R.uniform(-2, 2, (2, 3, 3)) + 3 * np.eye(3)
TALL = R.uniform(-2, 2, (5, 3))
WIDE = R.uniform(-2, 2, (2, 4))


def _run(module, name, fn, arrays, grad):
    """(values, node name, saved names, first gradient, second derivative) of fn's first output."""
    xs = [module.tensor(a.copy(), dtype=module.float64, requires_grad=i in grad) for i, a in enumerate(arrays)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out = fn(module, *xs)
    first = out[0] if isinstance(out, tuple) else out
    values = [o.detach().numpy() for o in (out if isinstance(out, tuple) else (out,))]
    weights = module.tensor(np.linspace(0.5, 1.5, first.numel()).reshape(tuple(first.shape)), dtype=module.float64)
    leaf = xs[grad[0]]
    g, = module.autograd.grad((first * weights).sum(), [leaf], create_graph=True)
    gg = module.autograd.grad((g * g).sum(), [leaf], allow_unused=True)[0] if g.requires_grad else None
    # (strides: saved by gradcli's per-value path only, as in test_saved_names_table)
    saved = sorted(n for n in dir(first.grad_fn) if n.startswith("_saved_") and not n.endswith("_sym_strides"))
    return values, first.grad_fn.name(), saved, g.detach().numpy(), None if gg is None else gg.numpy()


CASES = [
    ("lu_factor", lambda t, a: t.linalg.lu_factor(a), [A3], (0,)),
    ("lu_factor_batched", lambda t, a: t.linalg.lu_factor(a), [BATCH], (0,)),
    ("lu_factor_ex", lambda t, a: t.linalg.lu_factor_ex(a), [A3], (0,)),
    ("lu_factor_tall", lambda t, a: t.linalg.lu_factor_ex(a), [TALL], (0,)),
    ("lu_factor_wide", lambda t, a: t.linalg.lu_factor_ex(a), [WIDE], (0,)),
    ("torch.lu", lambda t, a: t.lu(a), [A3], (0,)),
    ("lu_L", lambda t, a: t.linalg.lu(a)[1:], [A3], (0,)),
    ("lu_U_tall", lambda t, a: t.linalg.lu(a)[2], [TALL], (0,)),
    ("lu_L_wide", lambda t, a: t.linalg.lu(a)[1], [WIDE], (0,)),
    ("lu_solve_A", lambda t, a, b: t.linalg.lu_solve(*t.linalg.lu_factor(a), b), [A3, B32], (0,)),
    ("lu_solve_B", lambda t, a, b: t.linalg.lu_solve(*t.linalg.lu_factor(a), b), [A3, B32], (1,)),
    ("lu_solve_adjoint", lambda t, a, b: t.linalg.lu_solve(*t.linalg.lu_factor(a), b, adjoint=True), [A3, B32], (0,)),
    ("lu_solve_right", lambda t, a, b: t.linalg.lu_solve(*t.linalg.lu_factor(a), b.mT, left=False), [A3, B32], (0,)),
    ("lu_solve_right_adjoint", lambda t, a, b: t.linalg.lu_solve(*t.linalg.lu_factor(a), b.mT, left=False,
                                                                 adjoint=True), [A3, B32], (0,)),
    ("torch.lu_solve", lambda t, a, b: t.lu_solve(b, *t.linalg.lu_factor(a)), [A3, B32], (0,)),
    ("lu_unpack", lambda t, a: t.lu_unpack(*t.linalg.lu_factor(a))[1:], [A3], (0,)),
    ("lu_unpack_tall", lambda t, a: t.lu_unpack(*t.linalg.lu_factor_ex(a)[:2])[2], [TALL], (0,)),
    ("matrix_exp", lambda t, a: t.linalg.matrix_exp(a), [A3 / 3], (0,)),
    ("matrix_exp_large", lambda t, a: t.matrix_exp(a * 4), [A3], (0,)),
    ("matrix_exp_method", lambda t, a: a.matrix_exp(), [BATCH / 4], (0,)),
    ("cross", lambda t, a, b: t.linalg.cross(a[None], b), [A3, BATCH], (0,)),
    ("cross_other", lambda t, a, b: t.linalg.cross(a, b, dim=0), [A3, A3.T], (1,)),
    ("torch.cross", lambda t, a, b: t.cross(a, b, dim=1), [A3, A3.T], (0,)),
    ("cholesky_inverse", lambda t, a: t.cholesky_inverse(t.linalg.cholesky(a @ a.mT)), [A3], (0,)),
    ("cholesky_inverse_upper", lambda t, a: t.cholesky_inverse(a.triu(), upper=True), [A3], (0,)),
    ("lstsq", lambda t, a, b: t.linalg.lstsq(a, b), [TALL, TALL[:, :2] * 2 + 1], (0,)),
    ("lstsq_B", lambda t, a, b: t.linalg.lstsq(a, b).solution, [TALL, TALL[:, :2] * 2 + 1], (1,)),
    ("lstsq_residuals", lambda t, a, b: t.linalg.lstsq(a, b, driver="gelsd")[1], [TALL, TALL[:, :2] + 1], (0,)),
    ("lstsq_wide", lambda t, a, b: t.linalg.lstsq(a, b).solution, [WIDE, WIDE[:, 0]], (0,)),
    ("matrix_power3", lambda t, a: t.linalg.matrix_power(a, 3), [A3 / 3], (0,)),
    ("matrix_power5", lambda t, a: t.matrix_power(a, 5), [A3 / 3], (0,)),
    ("matrix_power_neg", lambda t, a: t.linalg.matrix_power(a, -2), [A3], (0,)),
    ("matrix_power1", lambda t, a: a.matrix_power(1), [A3], (0,)),
    ("vecdot", lambda t, a, b: t.linalg.vecdot(a, b, dim=0), [A3, B32[:, :1]], (0,)),
    ("cond", lambda t, a: t.linalg.cond(a), [A3], (0,)),
    ("solve_ex", lambda t, a, b: t.linalg.solve_ex(a, b), [A3, B32], (0,)),
    ("inv_ex", lambda t, a: t.linalg.inv_ex(a), [BATCH], (0,)),
    ("cholesky_ex", lambda t, a: t.linalg.cholesky_ex(a @ a.mT), [A3], (0,)),
    ("tensorinv", lambda t, a: t.linalg.tensorinv(a.reshape(2, 2, 2, 2) + t.eye(4, dtype=t.float64).reshape(2, 2, 2, 2)),
     [R.uniform(-0.3, 0.3, (4, 4))], (0,)),
    ("tensorsolve", lambda t, a, b: t.linalg.tensorsolve(a.reshape(2, 3, 6), b), [R.uniform(-1, 1, (6, 6)) +
                                                                                  4 * np.eye(6), B32.T], (0,)),
    ("diagonal", lambda t, a: t.linalg.diagonal(a, offset=1), [BATCH], (0,)),
    ("householder_A", lambda t, a, tau: t.linalg.householder_product(a, tau), [TALL, R.uniform(0.5, 1.5, 3)], (0,)),
    ("householder_tau", lambda t, a, tau: t.orgqr(a, tau), [TALL, R.uniform(0.5, 1.5, 2)], (1,)),
    ("matmul", lambda t, a, b: t.linalg.matmul(a, b), [BATCH, B32], (0,)),
]


@pytest.mark.parametrize("name, fn, arrays, grad", CASES, ids=[c[0] for c in CASES])
def test_values_nodes_saved_gradients_and_second_derivatives_match_torch(name, fn, arrays, grad):
    mine, theirs = _run(engine, name, fn, arrays, grad), _run(torch, name, fn, arrays, grad)
    assert mine[1:3] == theirs[1:3]
    assert len(mine[0]) == len(theirs[0])
    for m, t in zip(mine[0], theirs[0]):
        _close(m, t, 1e-12)
    _close(mine[3], theirs[3], 1e-11)
    assert (mine[4] is None) == (theirs[4] is None)
    if theirs[4] is not None:
        _close(mine[4], theirs[4], 1e-8)


def _close(mine, theirs, tolerance):
    """Equal to ``tolerance`` relative to the largest entry: matrix functions are accurate norm-wise."""
    scale = np.abs(theirs).max(initial=1.0)
    np.testing.assert_allclose(mine, theirs, rtol=0, atol=tolerance * scale)


def test_result_tuples_print_as_torchs():
    for name, fn in [("lu_factor", lambda t, a: t.linalg.lu_factor(a)), ("lu", lambda t, a: t.linalg.lu(a)),
                     ("lu_factor_ex", lambda t, a: t.linalg.lu_factor_ex(a)), ("inv_ex", lambda t, a: t.linalg.inv_ex(a)),
                     ("lu_unpack", lambda t, a: t.lu_unpack(*t.linalg.lu_factor(a))),
                     ("lstsq", lambda t, a: t.linalg.lstsq(a, t.tensor([[1.5], [-0.5]]), driver="gelsd"))]:
        texts = [repr(fn(m, m.tensor([[1.0, 2.0], [3.0, 4.0]]))) for m in (engine, torch)]
        assert texts[0] == texts[1], name


def test_cond_for_other_norms_has_torchs_value_and_torchs_failing_backward():
    """torch's cond(A, p) for p other than None/2/-2 fills its saved inverse in place (masked_fill_), so its
    backward always fails; gradcli takes the same steps and fails the same way."""
    for p in ("fro", 1, -1, float("inf")):
        values = []
        for module in (engine, torch):
            A = module.tensor(A3, requires_grad=True)
            c = module.linalg.cond(A, p)
            values.append(c.item())
            assert c.grad_fn.name() == "NanToNumBackward0"
            with pytest.raises(RuntimeError, match="output 0 of LinalgInvEx, is at version 1; expected version 0"):
                c.backward()
        assert values[0] == pytest.approx(values[1], rel=1e-12)
    grads = []
    for module in (engine, torch):          # 'nuc' goes through the singular values instead: it has a gradient
        A = module.tensor(A3, requires_grad=True)
        module.linalg.cond(A, "nuc").backward()
        grads.append(A.grad.numpy())
    np.testing.assert_allclose(grads[0], grads[1], rtol=1e-10)
    singular = [[1.0, 2.0], [2.0, 4.0]]
    assert engine.linalg.cond(engine.tensor(singular), 1).item() == torch.linalg.cond(torch.tensor(singular), 1).item()


def test_singular_matrices_give_torchs_info_and_errors():
    singular = [[1.0, 2.0], [2.0, 4.0]]
    for module in (engine, torch):
        S = module.tensor(singular, dtype=module.float64)
        assert module.linalg.lu_factor_ex(S).info.item() == 2
        assert module.linalg.inv_ex(S).info.item() == 2
        assert not np.isfinite(module.linalg.inv_ex(S).inverse.numpy()).any()
        assert module.linalg.solve_ex(S, module.ones(2, dtype=module.float64)).info.item() == 2
        chol = module.linalg.cholesky_ex(S)
        assert chol.info.item() == 2
        np.testing.assert_array_equal(chol.L.numpy(), [[1.0, 0.0], [2.0, 0.0]])
        with pytest.raises(RuntimeError, match=r"torch.linalg.lu_factor: U\[2,2\] is zero"):
            module.linalg.lu_factor(S)
        with pytest.raises(RuntimeError, match="LU without pivoting is not implemented on the CPU"):
            module.linalg.lu_factor(S, pivot=False)
        with pytest.raises(RuntimeError, match="linalg.cross: inputs dimension -1 must have length 3. Got 2 and 2"):
            module.linalg.cross(S, S)
        with pytest.raises(RuntimeError, match="A must be batches of square matrices, but they are 2 by 3"):
            module.linalg.matrix_exp(module.ones(2, 3))


def test_geqrf_matches_torch_and_has_no_derivative():
    for module in (engine, torch):
        A = module.tensor(TALL, requires_grad=True)
        a, tau = module.geqrf(A)
        q = module.linalg.householder_product(a, tau)
        np.testing.assert_allclose(q.detach().numpy(), np.linalg.qr(TALL)[0], rtol=1e-12, atol=1e-13)
        with pytest.raises(NotImplementedError, match="the derivative for 'geqrf' is not implemented."):
            a.sum().backward()


def test_matrix_rank_and_eigvals_match_torch():
    M = np.array([[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [1.0, 0.0, 1.0]])
    for kwargs in ({}, {"hermitian": True}, {"atol": 1.0}, {"rtol": 0.5}, {"tol": 3.0}):
        ranks = [m.linalg.matrix_rank(m.tensor(M + M.T if kwargs.get("hermitian") else M), **kwargs).item()
                 for m in (engine, torch)]
        assert ranks[0] == ranks[1], kwargs
    rotation = [[0.0, 1.0], [-1.0, 0.0]]
    mine, theirs = engine.linalg.eigvals(engine.tensor(rotation)), torch.linalg.eigvals(torch.tensor(rotation))
    assert mine.dtype == engine.complex64 and repr(mine) == repr(theirs)


@pytest.mark.parametrize("loss", [
    lambda L, V: L.real.sum() + (L.imag ** 2).sum(),                 # eigenvalues alone (V^-H diag(gL) V^H)
    lambda L, V: (V.abs() ** 2 * torch_like(V).arange(V.shape[-1])).sum() + L.abs().sum(),   # phase-free V
    lambda L, V: (V[..., :, 0] * V[..., :, 0].conj()).real.sum() + (V[..., 1, :].abs() * L.real).sum(),
])
@pytest.mark.parametrize("kind", ["real", "complex", "batched"])
def test_eig_gradients_match_torch(loss, kind):
    rng = np.random.default_rng(7)
    a = {"real": lambda: rng.standard_normal((3, 3)),
         "complex": lambda: rng.standard_normal((3, 3)) + 1j * rng.standard_normal((3, 3)),
         "batched": lambda: rng.standard_normal((2, 4, 4))}[kind]()
    grads = []
    for module in (engine, torch):
        A = module.tensor(a, requires_grad=True)
        L, V = module.linalg.eig(A)
        assert type(L.grad_fn).__name__ == "LinalgEigBackward0"
        loss(L, V).backward()
        grads.append(A.grad.numpy())
    np.testing.assert_allclose(grads[0], grads[1], rtol=1e-9, atol=1e-9)


def torch_like(t):
    """The module ``t`` belongs to (the losses above run on both libraries)."""
    return torch if isinstance(t, torch.Tensor) else engine


def test_eig_refuses_a_loss_that_depends_on_the_eigenvectors_phase():
    A = engine.tensor([[0.0, 1.0], [-2.0, 0.5]], requires_grad=True)     # complex eigenvectors
    L, V = engine.linalg.eig(A)
    with pytest.raises(RuntimeError, match="specified up to multiplication by e\\^\\{i phi\\}"):
        V.real.sum().backward()


@pytest.mark.parametrize("ord", [1, -1, float("inf"), -float("inf"), "fro", 2, -2, "nuc"])
def test_matrix_norms_and_linalg_norm_of_a_matrix_match_torch(ord):
    """Each matrix norm by torch's steps (1 and inf were vector norms of the whole matrix before)."""
    B = R.uniform(-1, 1, (2, 3, 4))
    for call in (lambda t, x: t.linalg.matrix_norm(x, ord, dim=(0, 2), keepdim=True),
                 lambda t, x: t.linalg.matrix_norm(x, ord), lambda t, x: t.linalg.norm(x[0], ord)):
        results = []
        for module in (engine, torch):
            x = module.tensor(B, requires_grad=True)
            out = call(module, x)
            g, = module.autograd.grad(out.sum(), [x])
            results.append((out.detach().numpy(), g.numpy(), out.grad_fn.name()))
        assert results[0][2] == results[1][2]
        np.testing.assert_allclose(results[0][0], results[1][0], rtol=1e-12)
        np.testing.assert_allclose(results[0][1], results[1][1], rtol=1e-10, atol=1e-12)
