"""The matrix decompositions against torch: ``linalg.cholesky``, ``solve_triangular``, ``cholesky_solve``,
``eigh``/``eigvalsh``, ``svd``/``svdvals``, ``qr``, ``pinv`` (and torch's older ``cholesky``, ``svd``,
``pinverse``): values, first and second derivatives, node and saved-value names, and torch's refusals.

Eigenvectors and singular vectors are defined up to sign, which LAPACK builds choose differently
(numpy's OpenBLAS, torch's MKL): the losses below depend on them only through sign-free quantities
(U U^T, V^T V, Q's and R's products), and the vectors themselves are compared column by column up to
sign."""
import warnings

import numpy as np
import pytest

import gradcli.engine as g

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.parity

RNG = np.random.default_rng(11)
TALL = RNG.standard_normal((4, 3))
WIDE = RNG.standard_normal((3, 5))
_M = RNG.standard_normal((2, 3, 3))
SPD = _M @ np.swapaxes(_M, -1, -2) + 3 * np.eye(3)        # a batch of two positive-definite matrices
RHS = RNG.standard_normal((3, 2))
WEIGHTS = np.arange(1.0, 10.0).reshape(3, 3)


def _weighted(lib, x):
    """A loss that weighs every element differently (so a wrong entry of a gradient shows)."""
    return (x * lib.tensor(np.arange(1.0, x.numel() + 1).reshape(tuple(x.shape)) / x.numel())).sum()


LOSSES = {
    "linalg.cholesky": (lambda t, A: _weighted(t, t.linalg.cholesky(A)), [SPD]),
    "linalg.cholesky upper": (lambda t, A: _weighted(t, t.linalg.cholesky(A, upper=True) ** 2), [SPD[0]]),
    "cholesky (deprecated)": (lambda t, A: _weighted(t, t.cholesky(A)), [SPD[1]]),
    "solve_triangular lower": (lambda t, A, B: _weighted(t, t.linalg.solve_triangular(A, B, upper=False)),
                               [np.tril(SPD[0]), RHS]),
    "solve_triangular upper, X A = B": (
        lambda t, A, B: _weighted(t, t.linalg.solve_triangular(A, B, upper=True, left=False) ** 2),
        [np.triu(SPD[1]), RHS.T]),
    "solve_triangular unitriangular, batched": (
        lambda t, A, B: _weighted(t, t.linalg.solve_triangular(A, B, upper=False, unitriangular=True) ** 2),
        [np.tril(SPD), RHS]),
    "solve_triangular, one B for a batch of A": (
        lambda t, A, B: _weighted(t, t.linalg.solve_triangular(A, B, upper=False) ** 2),
        [np.linalg.cholesky(SPD), RHS]),
    "solve_triangular X A = B, a batch of B for one A": (
        lambda t, A, B: _weighted(t, t.linalg.solve_triangular(A, B, upper=False, left=False) ** 2),
        [np.linalg.cholesky(SPD[0]), RNG.standard_normal((4, 1, 2, 3))]),
    "cholesky_solve, batches broadcast": (lambda t, B, L: _weighted(t, t.cholesky_solve(B, L) ** 2),
                                          [RNG.standard_normal((5, 1, 3, 2)), np.linalg.cholesky(SPD)]),
    "cholesky_solve": (lambda t, B, L: _weighted(t, t.cholesky_solve(B, L) ** 2),
                       [RHS, np.linalg.cholesky(SPD[0])]),
    "cholesky_solve upper": (lambda t, B, U: _weighted(t, t.cholesky_solve(B, U, upper=True) ** 2),
                             [RHS, np.swapaxes(np.linalg.cholesky(SPD[1]), -1, -2)]),
    "eigvalsh": (lambda t, A: _weighted(t, t.linalg.eigvalsh(A) ** 2), [SPD]),
    "eigh, vectors squared": (lambda t, A: (lambda e: _weighted(t, e.eigenvectors ** 2) + e.eigenvalues.sum())(
        t.linalg.eigh(A, UPLO="U")), [SPD[0] + np.diag([0.0, 4.0, 9.0])]),
    "svdvals": (lambda t, A: _weighted(t, t.linalg.svdvals(A) ** 2), [TALL]),
    "svd, U U^T": (lambda t, A: (lambda o: _weighted(t, o.U @ o.U.mT))(t.linalg.svd(A, full_matrices=False)),
                   [TALL]),
    "svd wide, V V^T and S": (lambda t, A: (lambda o: _weighted(t, o.Vh.mT @ o.Vh) + o.S.sum())(
        t.linalg.svd(A, full_matrices=False)), [WIDE]),
    "svd full_matrices": (lambda t, A: (lambda o: _weighted(t, o.U[:, :3] @ o.U[:, :3].mT) + o.S.sum())(
        t.linalg.svd(A)), [TALL]),
    "torch.svd": (lambda t, A: (lambda o: _weighted(t, o.V @ o.V.mT) + o.S.sum())(t.svd(A)), [WIDE]),
    "qr": (lambda t, A: (lambda o: _weighted(t, o.Q) + _weighted(t, o.R ** 2))(t.linalg.qr(A)), [TALL]),
    "qr wide": (lambda t, A: (lambda o: _weighted(t, o.Q) + _weighted(t, o.R ** 2))(t.linalg.qr(A)), [WIDE]),
    "pinv": (lambda t, A: _weighted(t, t.linalg.pinv(A) ** 2), [TALL]),
    "pinv wide": (lambda t, A: _weighted(t, t.linalg.pinv(A)), [WIDE]),
    "pinv hermitian": (lambda t, A: _weighted(t, t.linalg.pinv(A, hermitian=True)), [SPD[0]]),
    "pinverse": (lambda t, A: _weighted(t, t.pinverse(A) ** 2), [TALL]),
}


def _derivatives(lib, fn, arrays):
    inputs = [lib.tensor(a, requires_grad=True) for a in arrays]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out = fn(lib, *inputs)
    grads = lib.autograd.grad(out, inputs, create_graph=True)
    second = lib.autograd.grad(sum((gr * gr).sum() for gr in grads), inputs)
    return [out.detach().numpy()] + [x.detach().numpy() for x in grads + second]


@pytest.mark.parametrize("case", sorted(LOSSES))
def test_values_gradients_and_second_derivatives_match_torch(case):
    fn, arrays = LOSSES[case]
    for ours, theirs in zip(_derivatives(g, fn, arrays), _derivatives(torch, fn, arrays)):
        assert ours.shape == theirs.shape
        np.testing.assert_allclose(ours, theirs, rtol=1e-7, atol=1e-9)


def _same_up_to_column_signs(ours, theirs):
    signs = np.sign(np.sum(ours * theirs, axis=-2, keepdims=True))
    np.testing.assert_allclose(ours * signs, theirs, rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_factors_match_torch(dtype):
    """The factors themselves: triangular ones exactly as torch's, orthogonal ones up to column signs."""
    def run(lib):
        dt = getattr(lib, dtype)
        spd, tall = lib.tensor(SPD, dtype=dt), lib.tensor(TALL, dtype=dt)
        eig = lib.linalg.eigh(spd)
        svd = lib.linalg.svd(tall, full_matrices=False)
        return {"cholesky": lib.linalg.cholesky(spd), "eigenvalues": eig.eigenvalues, "eigenvectors": eig.eigenvectors,
                "S": svd.S, "U": svd.U, "V": svd.Vh.mT, "svdvals": lib.linalg.svdvals(tall),
                "R": lib.linalg.qr(tall).R.abs(), "pinv": lib.linalg.pinv(tall),
                "solve_triangular": lib.linalg.solve_triangular(lib.linalg.cholesky(spd), lib.tensor(RHS, dtype=dt),
                                                               upper=False),
                "cholesky_solve": lib.cholesky_solve(lib.tensor(RHS, dtype=dt), lib.linalg.cholesky(spd))}
    ours, theirs = run(g), run(torch)
    tol = 1e-5 if dtype == "float32" else 1e-12
    for key in ours:
        assert ours[key].dtype.itemsize == theirs[key].dtype.itemsize, key
        if key in ("eigenvectors", "U", "V"):
            _same_up_to_column_signs(ours[key].numpy(), theirs[key].numpy())
        else:
            np.testing.assert_allclose(ours[key].numpy(), theirs[key].numpy(), rtol=tol, atol=tol, err_msg=key)


def test_reprs_of_the_result_tuples_match_torch():
    def run(lib):
        a = lib.tensor([[2.0, 1.0], [1.0, 3.0]])
        return repr(lib.linalg.eigh(a)), repr(lib.linalg.qr(a)).replace("-", ""), repr(lib.linalg.svd(a).S)
    assert run(g) == run(torch)


NODES = {
    "linalg.cholesky": lambda t, A: t.linalg.cholesky(A),
    "cholesky": lambda t, A: t.cholesky(A, upper=True),
    "solve_triangular": lambda t, A: t.linalg.solve_triangular(A, A, upper=False, unitriangular=True),
    "cholesky_solve": lambda t, A: t.cholesky_solve(A, A),
    "eigh": lambda t, A: t.linalg.eigh(A)[1],
    "eigvalsh": lambda t, A: t.linalg.eigvalsh(A),
    "svd": lambda t, A: t.linalg.svd(A)[1],
    "svdvals": lambda t, A: t.linalg.svdvals(A),
    "torch.svd V": lambda t, A: t.svd(A).V,
    "qr": lambda t, A: t.linalg.qr(A)[0],
    "pinv": lambda t, A: t.linalg.pinv(A),
}


def _node(lib, fn):
    a = lib.tensor(SPD[0], requires_grad=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        node = fn(lib, a).grad_fn
    saved = {}
    for name in dir(node):
        if name.startswith("_saved_"):
            value = getattr(node, name)
            saved[name] = value.detach().numpy().shape if hasattr(value, "detach") else value
    return node.name(), saved, [n.name().rsplit("::", 1)[-1] if n else None for n, _ in node.next_functions]


@pytest.mark.parametrize("case", sorted(NODES))
def test_node_names_and_saved_values_match_torch(case):
    ours, theirs = _node(g, NODES[case]), _node(torch, NODES[case])
    if case == "torch.svd V":    # torch shows mH's dims -2, -1 unsigned (README: gradcli reads them back as 0, 1)
        ours, theirs = ours[::2], theirs[::2]
    assert ours == theirs


REFUSED = {
    "not positive-definite": lambda t: t.linalg.cholesky(t.tensor([[1.0, 2.0], [2.0, 1.0]])),
    "not positive-definite, batch": lambda t: t.linalg.cholesky(t.tensor([[[1.0, 0.0], [0.0, 1.0]],
                                                                         [[-1.0, 2.0], [2.0, 1.0]]])),
    "cholesky reads the lower triangle": lambda t: t.linalg.cholesky(t.tensor([[4.0, 1.0], [7.0, 3.0]])),
    "cholesky of a NaN": lambda t: t.linalg.cholesky(t.full((2, 2), float("nan"))),
    "deprecated cholesky": lambda t: t.cholesky(t.tensor([[1.0, 2.0], [2.0, 1.0]])),
    "cholesky non-square": lambda t: t.linalg.cholesky(t.ones(2, 3)),
    "cholesky of a vector": lambda t: t.linalg.cholesky(t.ones(3)),
    "cholesky of integers": lambda t: t.linalg.cholesky(t.ones(2, 2, dtype=t.int64)),
    "solve_triangular without upper": lambda t: t.linalg.solve_triangular(t.eye(3), t.ones(3, 2)),
    "solve_triangular vector B": lambda t: t.linalg.solve_triangular(t.eye(3), t.ones(3), upper=True),
    "solve_triangular shapes": lambda t: t.linalg.solve_triangular(t.eye(3), t.ones(2, 2), upper=False),
    "solve_triangular right shapes": lambda t: t.linalg.solve_triangular(t.eye(3), t.ones(3, 2), upper=True,
                                                                         left=False),
    "solve_triangular batches": lambda t: t.linalg.solve_triangular(t.ones(2, 3, 3), t.ones(4, 3, 2), upper=True),
    "cholesky_solve vector": lambda t: t.cholesky_solve(t.ones(3), t.eye(3)),
    "cholesky_solve sizes": lambda t: t.cholesky_solve(t.ones(2, 2), t.eye(3)),
    "cholesky_solve dtypes": lambda t: t.cholesky_solve(t.ones(3, 2), t.eye(3, dtype=t.float64)),
    "eigh non-square": lambda t: t.linalg.eigh(t.ones(2, 3)),
    "eigh UPLO": lambda t: t.linalg.eigh(t.eye(2), UPLO="X"),
    "eigvalsh of a vector": lambda t: t.linalg.eigvalsh(t.ones(3)),
    "svd of a vector": lambda t: t.linalg.svd(t.ones(3)),
    "svd of integers": lambda t: t.linalg.svd(t.ones(2, 2, dtype=t.int64)),
    "svd of a NaN": lambda t: t.linalg.svd(t.full((2, 2), float("nan"))),
    "svd driver on a CPU": lambda t: t.linalg.svd(t.ones(2, 2), driver="gesvd"),
    "qr mode": lambda t: t.linalg.qr(t.ones(3, 2), mode="x"),
    "qr of a vector": lambda t: t.linalg.qr(t.ones(3)),
    "pinv of a vector": lambda t: t.linalg.pinv(t.ones(3)),
    "pinv of integers": lambda t: t.linalg.pinv(t.ones(2, 3, dtype=t.int64)),
    "qr mode='r' backward": lambda t: t.linalg.qr(t.ones(3, 2, requires_grad=True), mode="r").R.sum().backward(),
    "qr complete tall backward": lambda t: t.linalg.qr(t.eye(3, 2, requires_grad=True),
                                                       mode="complete").R.sum().backward(),
}


def _refusal(lib, fn):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            fn(lib)
    except (RuntimeError, TypeError) as err:
        kind = next(k.__name__ for k in (NotImplementedError, TypeError, RuntimeError) if isinstance(err, k))
        return kind, str(err)
    return None


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_refusals_match_torch(case):
    ours, theirs = _refusal(g, REFUSED[case]), _refusal(torch, REFUSED[case])
    assert theirs is not None and ours is not None
    if case == "solve_triangular without upper":       # a missing keyword: Python's wording, not torch's
        assert "upper" in ours[1]
        return
    assert ours == theirs


def _graph(node, depth=0, out=None):
    out = [] if out is None else out
    if node is not None:
        out.append("  " * depth + node.name().rsplit("::", 1)[-1])
        for child, _ in node.next_functions:
            _graph(child, depth + 1, out)
    return out


@pytest.mark.parametrize("kind", ["covariance_matrix", "precision_matrix", "scale_tril"])
def test_multivariate_normal_runs_on_the_decompositions_as_torch(kind):
    """MultivariateNormal factors with linalg.cholesky and solves with solve_triangular, as torch: the
    same values, gradients and graphs of log_prob, scale_tril and the KL."""
    x = RNG.standard_normal((4, 2, 3))

    def run(lib):
        matrix = lib.tensor(np.linalg.cholesky(SPD) if kind == "scale_tril" else SPD, requires_grad=True)
        loc = lib.tensor(TALL[:2], requires_grad=True)
        p = lib.distributions.MultivariateNormal(loc, **{kind: matrix})
        q = lib.distributions.MultivariateNormal(loc * 0.5, covariance_matrix=lib.tensor(SPD[::-1].copy()))
        log_prob, kl = p.log_prob(lib.tensor(x)), lib.distributions.kl_divergence(p, q)
        total = log_prob.sum() + p.entropy().sum() + kl.sum()
        grads = lib.autograd.grad(total, (matrix, loc))
        return ([total.detach().numpy()] + [gr.numpy() for gr in grads],
                [_graph(t.grad_fn) for t in (log_prob, p.scale_tril, kl)])

    (our_values, our_graphs), (values, graphs) = run(g), run(torch)
    for ours, theirs in zip(our_values, values):
        np.testing.assert_allclose(ours, theirs, rtol=1e-10, atol=1e-12)
    assert our_graphs == graphs


def test_shapes_of_the_factors_match_torch_for_every_mode():
    cases = [lambda t: t.linalg.svd(t.ones(4, 2)), lambda t: t.linalg.svd(t.ones(2, 3, 4), full_matrices=False),
             lambda t: t.svd(t.ones(4, 2), some=False), lambda t: t.svd(t.ones(3, 4, 2), compute_uv=False),
             lambda t: t.linalg.qr(t.ones(4, 2), mode="complete"), lambda t: t.linalg.qr(t.ones(4, 2), mode="r"),
             lambda t: t.linalg.eigh(t.zeros(0, 3, 3)), lambda t: (t.linalg.pinv(t.zeros(0, 3, 2)),)]
    for case in cases:
        assert [tuple(x.shape) for x in case(g)] == [tuple(x.shape) for x in case(torch)]
    for lib in (g, torch):     # compute_uv=False: U and V are zero-filled
        out = lib.svd(lib.ones(4, 2), compute_uv=False)
        assert not out.U.any() and not out.V.any()
