"""Matrix decompositions and the solvers built on them: cholesky, solve_triangular, cholesky_solve,
eigh, svd, qr, pinv.

Forwards are numpy's LAPACK (OpenBLAS here, MKL in torch's wheels: values agree to rounding, but
an eigenvector or singular vector may come out with the opposite sign, a choice LAPACK leaves
free). Backwards are torch's FunctionsManual formulas written in the ``m`` vocabulary; where a
formula solves a triangular system it calls this module's own record, so create_graph records it.
"""
from __future__ import annotations

import numpy as np

from .. import dtypes
from ..dispatch import call
from ..errors import AutogradError, DTypeError, LinAlgError, ShapeError
from .dtype_rules import no_half, not_implemented
from .registry import KEEP, defop
from .samples import Sample, arr


def _swap(a):
    return np.swapaxes(a, -1, -2)


def lapack_layout(x):
    """The matrices stored column by column, as LAPACK returns them to torch (its strides, and so
    which later reshapes are views, follow)."""
    return _swap(np.ascontiguousarray(_swap(x)))


def _batch_shapes(a, b):
    """Both operands broadcast to one batch shape (their matrix dims kept)."""
    batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    return np.broadcast_to(a, batch + a.shape[-2:]), np.broadcast_to(b, batch + b.shape[-2:])


# -- triangular solve -------------------------------------------------------------------------------

def solve_triangular_np(a, b, upper, left=True, unitriangular=False):
    """X with A X = B (X A = B when not ``left``) for triangular A, by substitution, as LAPACK's trsm:
    a zero on the diagonal gives inf/nan, not an error. Only A's ``upper``/lower triangle is read."""
    if not left:
        return _swap(solve_triangular_np(_swap(a), _swap(b), not upper, True, unitriangular))
    a, b = _batch_shapes(a, b)
    n = a.shape[-1]
    x = np.zeros(b.shape, np.result_type(a, b))
    rows = range(n - 1, -1, -1) if upper else range(n)
    with np.errstate(all="ignore"):
        for i in rows:
            known = slice(i + 1, n) if upper else slice(0, i)
            s = b[..., i, :] - np.matmul(a[..., i:i + 1, known], x[..., known, :])[..., 0, :]
            x[..., i, :] = s if unitriangular else s / a[..., i, i, None]
    return x


def _solve_tri_fwd(a, b, upper, left, unitriangular):
    real_float_check("linalg.solve_triangular", a)
    square_check("linalg.solve_triangular", a)
    if a.shape[-1] != b.shape[-2 if left else -1]:
        raise ShapeError(f"linalg.solve_triangular: Incompatible shapes of A and B for the equation "
                         f"{'AX = B' if left else 'XA = B'} ({a.shape[-2]}x{a.shape[-1]} and "
                         f"{b.shape[-2]}x{b.shape[-1]})")
    return lapack_layout(solve_triangular_np(a, b, upper, left, unitriangular).astype(a.dtype, copy=False))


def solve_tri(m, a, b, upper, left=True, unitriangular=False):
    """The triangular solve in either vocabulary (a recorded op under create_graph)."""
    if m.is_tensor:
        return call(SOLVE_TRIANGULAR, (a, b), {"upper": upper, "left": left, "unitriangular": unitriangular})
    return solve_triangular_np(a, b, upper, left, unitriangular)


def _solve_tri_bwd(m, g, self, result, upper, left, unitriangular, needs=(True, True)):
    """torch's linalg_solve_triangular_backward: G_B = A^{-H} G_X, G_A = -G_B X^H (left) projected
    onto A's triangle (strictly, when unitriangular)."""
    gb = solve_tri(m, m.mT(self), g, not upper, left, unitriangular)
    ga = None
    if needs[0]:
        ga = -m.matmul(gb, m.mT(result)) if left else -m.matmul(m.mT(result), gb)
        ga = m.triu(ga, int(unitriangular)) if upper else m.tril(ga, -int(unitriangular))
    return ga, gb if needs[1] else None


def _tri_sample(upper, seed):
    a = arr(3, 3, seed=seed) + 3 * np.eye(3)
    return np.triu(a) if upper else np.tril(a)


SOLVE_TRIANGULAR = defop(
    "linalg_solve_triangular", "LinalgSolveTriangularBackward0", ("self", "B"), _solve_tri_fwd, _solve_tri_bwd,
    saves=("self", "result", "upper", "left", "unitriangular"), promote=KEEP, masked=True,
    samples=lambda: [Sample(_tri_sample(False, 1), arr(3, 2, seed=2),
                            params={"upper": False, "left": True, "unitriangular": False}),
                     Sample(_tri_sample(True, 3), arr(2, 3, seed=4),
                            params={"upper": True, "left": False, "unitriangular": False}, note="X A = B"),
                     Sample(_tri_sample(False, 5), arr(2, 3, 2, seed=6),
                            params={"upper": False, "left": True, "unitriangular": True}, note="unit diagonal")],
    jvp_note="generic: derived through double-vjp",
    rule="d/dB = solve_triangular(A^T, g), d/dA = -d/dB @ X^T on A's triangle")


def _triangular_solve_fwd(b, a, upper, transpose, unitriangular):
    """torch.triangular_solve: X with op(A) X = b (op(A) = A^T when ``transpose``), and A's copy."""
    if b.dtype != a.dtype:
        raise DTypeError(f"Expected b and A to have the same dtype, but found b of type "
                         f"{dtypes.scalar_type_name(b.dtype)} and A of type {dtypes.scalar_type_name(a.dtype)} instead.")
    if a.shape[-1] != b.shape[-2]:
        raise ShapeError(f"Incompatible matrix sizes for triangular_solve: each A matrix is {a.shape[-1]} by "
                         f"{a.shape[-1]} but each b matrix is {b.shape[-2]} by {b.shape[-1]}")
    if a.dtype.kind not in "fc":
        raise not_implemented("triangular_solve_cpu", a)
    solution = solve_triangular_np(np.swapaxes(a, -1, -2) if transpose else a, b, upper != transpose, True,
                                   unitriangular)
    batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    return (lapack_layout(solution.astype(a.dtype, copy=False)),
            lapack_layout(np.array(np.broadcast_to(a, batch + a.shape[-2:]))))


def _triangular_solve_bwd(m, g, self, A, upper, transpose, unitriangular, solution, needs=(True, True)):
    """torch's triangular_solve_backward: G_b solves op(A)^T G_b = G_X; G_A = -G_b X^T (X G_b^T when
    ``transpose``) on A's triangle (strictly, when unitriangular), plus the copy's gradient."""
    gx, gm = g
    gb = ga = None
    if gx is not None:
        gb = solve_tri(m, A if transpose else m.mT(A), gx, upper == transpose, True, unitriangular)
        if needs[1]:
            ga = -m.matmul(solution, m.mT(gb)) if transpose else -m.matmul(gb, m.mT(solution))
            ga = m.triu(ga, int(unitriangular)) if upper else m.tril(ga, -int(unitriangular))
    if needs[1] and gm is not None:
        ga = gm if ga is None else ga + gm
    return gb if needs[0] else None, ga


TRIANGULAR_SOLVE = defop(
    "triangular_solve", "TriangularSolveBackward0", ("self", "A"), _triangular_solve_fwd, _triangular_solve_bwd,
    saves=("self", "A", "upper", "transpose", "unitriangular", "solution"), result_names=("solution",),
    outputs=2, promote=KEEP, masked=True, materialize=False,
    samples=lambda: [Sample(arr(3, 2, seed=2), _tri_sample(True, 1),
                            params={"upper": True, "transpose": False, "unitriangular": False}),
                     Sample(arr(2, 3, 2, seed=4), _tri_sample(False, 3),
                            params={"upper": False, "transpose": True, "unitriangular": False}, note="A^T X = b"),
                     Sample(arr(3, 1, seed=6), _tri_sample(True, 5),
                            params={"upper": True, "transpose": True, "unitriangular": True}, note="unit diagonal")],
    jvp_note="generic: derived through double-vjp",
    rule="d/db = solve(op(A)^T, g), d/dA = -d/db X^T on A's triangle (+ the copy's gradient)")


# -- cholesky ---------------------------------------------------------------------------------------

def _first_bad_minor(a) -> int:
    """The order of the first leading minor that is not positive-definite (LAPACK's potrf info), 0 if
    none."""
    n = a.shape[-1]
    low = np.zeros_like(a)
    for k in range(n):
        d = a[k, k] - np.dot(low[k, :k], low[k, :k])
        if not d > 0:
            return k + 1
        low[k, k] = np.sqrt(d)
        low[k + 1:, k] = (a[k + 1:, k] - low[k + 1:, :k] @ low[k, :k]) / low[k, k]
    return 0


def cholesky_np(a, upper=False, name="linalg.cholesky"):
    """L with A = L L^T from A's lower triangle (U with A = U^T U from its upper one), or torch's
    error naming the first leading minor that is not positive-definite."""
    real_float_check(name, a)
    square_check(name, a)
    lower = _swap(a) if upper else a
    try:
        with np.errstate(all="ignore"):
            factor = np.linalg.cholesky(lower)
        failed = not np.isfinite(np.diagonal(factor, 0, -2, -1)).all()    # potrf stops at a NaN pivot too
    except np.linalg.LinAlgError:
        failed = True
    if failed:
        for i, mat in enumerate(lower.reshape((-1,) + lower.shape[-2:])):
            with np.errstate(all="ignore"):
                order = _first_bad_minor(mat)
            if order:
                batch = f"(Batch element {i}): " if a.ndim > 2 else ""
                raise LinAlgError(
                    f"{name}: {batch}The factorization could not be completed because the input is not "
                    f"positive-definite (the leading minor of order {order} is not positive-definite).")
    return lapack_layout(_swap(factor) if upper else factor)


def _cholesky_grad(m, g, factor, upper):
    """torch's cholesky_backward: Phi(L^H gL) symmetrized, then L^{-H} (.) L^{-1}."""
    low, gl = (m.mT(factor), m.mT(g)) if upper else (factor, g)
    ga = m.tril(m.matmul(m.mT(low), gl))
    ga = 0.5 * (ga + m.mT(m.tril(ga, -1)))
    ga = solve_tri(m, m.mT(low), ga, True, True)
    return solve_tri(m, low, ga, False, False)


def _cholesky_jvp(m, dA, L, upper):
    """torch's cholesky_jvp: dL = L Phi(L^{-1} dA L^{-H}), Phi the lower triangle with its diagonal
    halved. It reads all of dA, so a tangent that is not symmetric (jacfwd's basis) gives torch's
    values, where a jvp derived from the symmetrized backward would not."""
    low = m.mT(L) if upper else L
    x = solve_tri(m, m.mT(low), solve_tri(m, low, dA, False), True, False)
    dl = m.matmul(low, m.tril(x) - 0.5 * m.diag_embed(m.diagonal(x, 0, -2, -1)))
    return m.mT(dl) if upper else dl


def _spd(*shape, seed=0):
    a = arr(*shape, seed=seed)
    return np.matmul(a, _swap(a)) + shape[-1] * np.eye(shape[-1])


def _symmetrized(t):
    """torch's gradcheck_wrapper_hermitian_input: the op sees x + x^T."""
    return t + t.mT


def _cholesky_samples():
    return [Sample(_spd(3, 3, seed=1) / 2, params={"upper": False, "check_errors": True}, wrap={0: _symmetrized}),
            Sample(_spd(2, 3, 3, seed=2) / 2, params={"upper": True, "check_errors": True}, note="upper, batched",
                   wrap={0: _symmetrized})]


CHOLESKY_EX = defop(
    "linalg_cholesky_ex", "LinalgCholeskyExBackward0", ("self",),
    lambda a, upper, check_errors: (cholesky_np(a, upper), np.zeros(a.shape[:-2], np.int32)),
    lambda m, g, L, upper: _cholesky_grad(m, g[0], L, upper),
    saves=("L", "upper"), result_names=("L", "info"), outputs=2, nondiff_outputs=(1,), promote=KEEP,
    samples=_cholesky_samples, jvp=lambda m, t, L, upper: (_cholesky_jvp(m, t[0], L, upper), None),
    rule="L^{-H} Phi(L^H g) L^{-1}, Phi: the lower triangle, its diagonal halved, symmetrized")
CHOLESKY = defop(
    "cholesky", "CholeskyBackward0", ("self",),
    lambda a, upper: a.copy() if a.size == 0 else cholesky_np(a, upper, "cholesky"),   # torch's: no check when empty
    lambda m, g, result, upper: _cholesky_grad(m, g, result, upper),
    saves=("result", "upper"), promote=KEEP, jvp_note="generic: derived through double-vjp",
    samples=lambda: [Sample(_spd(3, 3, seed=3) / 2, params={"upper": False}, wrap={0: _symmetrized}),
                     Sample(_spd(3, 3, seed=4) / 2, params={"upper": True}, note="upper", wrap={0: _symmetrized})],
    rule="as linalg.cholesky's")


# -- cholesky_solve ---------------------------------------------------------------------------------

def cholesky_solve_np(b, factor, upper):
    """X with A X = B, A = L L^T (= U^T U when ``upper``) given its factor."""
    first = solve_triangular_np(_swap(factor) if upper else factor, b, False)
    return solve_triangular_np(factor if upper else _swap(factor), first, True)


def _cholesky_solve_fwd(b, factor, upper):
    if b.dtype != factor.dtype:
        raise DTypeError(f"Expected b and A to have the same dtype, but found b of type "
                         f"{dtypes.scalar_type_name(b.dtype)} and A of type {dtypes.scalar_type_name(factor.dtype)} "
                         "instead.")
    if b.dtype.kind not in "fc":
        raise NotImplementedError(f'"cholesky_solve_cpu" not implemented for \'{dtypes.scalar_type_name(b.dtype)}\'')
    square_check("linalg.cholesky_solve", factor)
    if factor.shape[-1] != b.shape[-2]:
        raise ShapeError(f"Incompatible matrix sizes for cholesky_solve: each A matrix is {factor.shape[-2]} by "
                         f"{factor.shape[-1]} but each b matrix is {b.shape[-2]} by {b.shape[-1]}")
    return lapack_layout(cholesky_solve_np(b, factor, upper))


def _chol_solve(m, b, factor, upper):
    if m.is_tensor:
        return call(CHOLESKY_SOLVE, (b, factor), {"upper": upper})
    return cholesky_solve_np(b, factor, upper)


def _cholesky_solve_bwd(m, g, self, input2, result, upper, needs=(True, True)):
    """torch's cholesky_solve_backward (the factor's gradient is not projected on its triangle)."""
    gb = _chol_solve(m, g, input2, upper)
    gf = None
    if needs[1]:
        common = m.matmul(gb, m.mT(result))
        common = common + m.mT(common)
        gf = -m.matmul(input2, common) if upper else -m.matmul(common, input2)
    return gb, gf


CHOLESKY_SOLVE = defop(
    "cholesky_solve", "CholeskySolveBackward0", ("self", "input2"),
    lambda b, factor, upper: _cholesky_solve_fwd(b, factor, upper), _cholesky_solve_bwd,
    saves=("self", "input2", "result", "upper"), promote=KEEP, masked=True,
    samples=lambda: [Sample(arr(3, 2, seed=1), np.linalg.cholesky(_spd(3, 3, seed=2)), params={"upper": False},
                            wrap={1: lambda t: t.tril()}),
                     Sample(arr(2, 3, 1, seed=3), _swap(np.linalg.cholesky(_spd(3, 3, seed=4))),
                            params={"upper": True}, note="upper, batched B", wrap={1: lambda t: t.triu()})],
    jvp_note="generic: derived through double-vjp",
    rule="d/dB = cholesky_solve(g, L), d/dL = -(sym(d/dB X^T)) L")


# -- eigh -------------------------------------------------------------------------------------------

def _eigh_fwd(a, UPLO, compute_v):
    real_float_check("linalg.eigh", a)
    square_check("linalg.eigh", a)
    try:
        vals, vecs = np.linalg.eigh(a, UPLO)
        return vals, lapack_layout(vecs)
    except np.linalg.LinAlgError:
        raise LinAlgError("linalg.eigh: The algorithm failed to converge because the input matrix is "
                            "ill-conditioned or has too many repeated eigenvalues.") from None


def _eigh_bwd(m, grads, eigenvalues, eigenvectors):
    """torch's linalg_eig_backward, Hermitian case: V (skew(V^H gV) / E + diag(gL)) V^H, with
    E_ij = L_j - L_i off the diagonal."""
    gl, gv = grads
    v, vh = eigenvectors, m.mT(eigenvectors)
    if gv is None:
        if gl is None:
            return None
        return m.matmul(v * m.unsqueeze(gl, -2), vh)
    vhgv = m.matmul(vh, gv)
    vhgv = 0.5 * (vhgv - m.mT(vhgv))
    n = eigenvalues.shape[-1]
    e = m.unsqueeze(eigenvalues, -2) - m.unsqueeze(eigenvalues, -1) + m.cast(m.const(np.eye(n)), eigenvalues)
    ga = vhgv / e
    if gl is not None:
        ga = ga + m.diag_embed(gl)
    return m.matmul(v, m.matmul(ga, vh))


def _eigh_jvp(m, dA, eigenvalues, eigenvectors):
    """torch's linalg_eig_jvp, Hermitian case: dP = V^H dA V, dL = diag(dP), dV = V (dP / E) with
    E_ij = L_j - L_i and a zero diagonal. It reads all of dA (jacfwd's basis tangents are not symmetric)."""
    v = eigenvectors
    dp = m.matmul(m.matmul(m.mT(v), dA), v)
    eye = m.cast(m.const(np.eye(eigenvalues.shape[-1])), eigenvalues)
    e = m.unsqueeze(eigenvalues, -2) - m.unsqueeze(eigenvalues, -1) + eye
    return m.diagonal(dp, 0, -2, -1), m.matmul(v, dp / e * (1 - eye))


def _sym(*shape, seed=0):
    a = arr(*shape, seed=seed)
    return a + _swap(a) + np.diag(np.arange(shape[-1]) * 3.0)   # eigenvalues well apart


EIGH = defop(
    "_linalg_eigh", "LinalgEighBackward0", ("A",), _eigh_fwd, _eigh_bwd,
    saves=("eigenvalues", "eigenvectors"), result_names=("eigenvalues", "eigenvectors"), outputs=2,
    promote=KEEP, materialize=False,
    samples=lambda: [Sample(_sym(3, 3, seed=1) / 2, params={"UPLO": "L", "compute_v": True},
                            wrap={0: _symmetrized}),
                     Sample(_sym(2, 3, 3, seed=2) / 2, params={"UPLO": "U", "compute_v": True}, note="upper, batched",
                            wrap={0: _symmetrized})],
    jvp=lambda m, t, eigenvalues, eigenvectors: _eigh_jvp(m, t[0], eigenvalues, eigenvectors),
    rule="V (skew(V^T gV) / (L_j - L_i) + diag(gL)) V^T")


# -- svd --------------------------------------------------------------------------------------------

def _svd_fwd(a, full_matrices):
    real_float_check("linalg.svd", a)
    try:
        u, s, vh = np.linalg.svd(a, full_matrices=full_matrices)
        return lapack_layout(u), s, lapack_layout(vh)
    except np.linalg.LinAlgError:
        reason = ("contained non-finite values" if np.isnan(a).any() else
                  "is ill-conditioned or has too many repeated singular values")
        raise LinAlgError(f"linalg.svd: The algorithm failed to converge because the input matrix "
                            f"{reason}.") from None


def _svd_bwd(m, grads, full_matrices, U, S, Vh):
    """torch's svd_backward, real case (full matrices narrowed to the first k columns/rows)."""
    gu, gs, gvh = grads
    k = S.shape[-1]
    if full_matrices:
        U, Vh = m.narrow(U, -1, 0, k), m.narrow(Vh, -2, 0, k)
        gu = None if gu is None else m.narrow(gu, -1, 0, k)
        gvh = None if gvh is None else m.narrow(gvh, -2, 0, k)
    rows, cols = U.shape[-2], Vh.shape[-1]
    if gu is None and gvh is None:
        if gs is None:
            return None
        return (m.matmul(U, m.unsqueeze(gs, -1) * Vh) if rows >= cols
                else m.matmul(U * m.unsqueeze(gs, -2), Vh))
    s2 = S * S
    e = m.unsqueeze(s2, -2) - m.unsqueeze(s2, -1) + m.cast(m.const(np.eye(k)), S)
    uhgu = vhgv = None
    if gu is not None:
        uhgu = m.matmul(m.mT(U), gu)
        uhgu = uhgu - m.mT(uhgu)
    if gvh is not None:
        vhgv = m.matmul(Vh, m.mT(gvh))
        vhgv = vhgv - m.mT(vhgv)
    if uhgu is not None and vhgv is not None:
        ga = (uhgu * m.unsqueeze(S, -2) + m.unsqueeze(S, -1) * vhgv) / e
    elif uhgu is not None:
        ga = (uhgu / e) * m.unsqueeze(S, -2)
    else:
        ga = m.unsqueeze(S, -1) * (vhgv / e)
    if gs is not None:
        ga = ga + m.diag_embed(gs)
    if rows > cols and gu is not None:
        ga = m.matmul(U, ga)
        gusinv = gu / m.unsqueeze(S, -2)
        ga = ga + gusinv - m.matmul(U, m.matmul(m.mT(U), gusinv))
        return m.matmul(ga, Vh)
    if rows < cols and gvh is not None:
        ga = m.matmul(ga, Vh)
        sinvgvh = gvh / m.unsqueeze(S, -1)
        ga = ga + sinvgvh - m.matmul(m.matmul(sinvgvh, m.mT(Vh)), Vh)
        return m.matmul(U, ga)
    return m.matmul(U, m.matmul(ga, Vh)) if rows >= cols else m.matmul(m.matmul(U, ga), Vh)


SVD = defop(
    "_linalg_svd", "LinalgSvdBackward0", ("A",), _svd_fwd, _svd_bwd,
    saves=("full_matrices", "U", "S", "Vh"), result_names=("U", "S", "Vh"), outputs=3, promote=KEEP,
    materialize=False, derived={"S_sym_argsize_minus_1": lambda node: node._out_shapes[1][-1]},
    samples=lambda: [Sample(_sym(3, 3, seed=1) + 2 * np.eye(3), params={"full_matrices": False}),
                     Sample(arr(4, 2, seed=2), params={"full_matrices": False}, note="tall"),
                     Sample(arr(2, 2, 4, seed=3), params={"full_matrices": False}, note="wide, batched")],
    jvp_note="generic: derived through double-vjp",
    rule="U [(skew(U^T gU)/E) S + S (skew(V^T gV)/E) + diag(gS)] V^T, E_jk = S_k^2 - S_j^2")


# -- qr ---------------------------------------------------------------------------------------------

def _qr_fwd(a, mode):
    real_float_check("linalg.qr", a)
    if mode == "r":
        return np.zeros((0,), a.dtype), lapack_layout(np.linalg.qr(a, mode="r").astype(a.dtype, copy=False))
    q, r = np.linalg.qr(a, mode=mode)
    if np.isinf(r).any():     # an inf input: MKL's Householder gives NaN where OpenBLAS's gives +-inf
        r = np.where(np.isinf(r), np.nan, r)
    return lapack_layout(q), lapack_layout(r)


def _qr_bwd(m, grads, Q, R, mode):
    """torch's linalg_qr_backward."""
    if mode == "r":
        raise AutogradError("The derivative of linalg.qr depends on Q, which is not computed when mode='r'. "
                            "Please use linalg.qr(A, mode='reduced') if you are going to differentiate "
                            "through linalg.qr.")
    rows, cols = Q.shape[-2], R.shape[-1]
    if mode == "complete" and rows > cols:
        raise AutogradError("The QR decomposition is not differentiable when mode='complete' and nrows > ncols.")
    gq, gr = grads
    if gq is None and gr is None:
        return None
    if gq is not None:
        ga = m.matmul(gr, m.mT(R)) - m.matmul(m.mT(Q), gq) if gr is not None else -m.matmul(m.mT(Q), gq)
    else:
        ga = m.matmul(gr, m.mT(R))
    if rows >= cols:
        # syminvadj(triu(gA)): triu(gA) + triu(gA)^T with the diagonal counted once
        ga = m.matmul(Q, m.triu(ga) + m.mT(m.triu(ga, 1)))
        if gq is not None:
            ga = ga + gq
        return solve_tri(m, m.mT(R), ga, False, False)
    x = -ga
    ga = m.matmul(Q, m.tril(x - m.mT(x)))
    ga = solve_tri(m, m.mT(m.narrow(R, -1, 0, rows)), ga, False, False)
    ga = m.cat([ga, m.g_zeros(ga, tuple(R.shape[:-2]) + (rows, cols - rows))], -1)
    return ga + m.matmul(Q, gr) if gr is not None else ga


QR = defop(
    "linalg_qr", "LinalgQrBackward0", ("A",), _qr_fwd, _qr_bwd,
    saves=("Q", "R", "mode"), result_names=("Q", "R"), outputs=2, promote=KEEP, materialize=False,
    samples=lambda: [Sample(arr(4, 3, seed=1), params={"mode": "reduced"}),
                     Sample(arr(2, 3, 3, seed=2), params={"mode": "reduced"}, note="square, batched"),
                     Sample(arr(2, 4, seed=3), params={"mode": "reduced"}, note="wide")],
    jvp_note="generic: derived through double-vjp",
    rule="(gQ + Q copyltu(gR R^T - Q^T gQ)) R^{-T} (tall); wide: on the leading square block")


# -- pinv -------------------------------------------------------------------------------------------

def pinv_np(a, atol, rtol, hermitian):
    """torch's linalg.pinv: singular values below max(atol, rtol * largest) count as zero."""
    if hermitian:
        vals, vecs = _eigh_fwd(a, "L", True)
        size = np.abs(vals)
        top = size.max(-1, keepdims=True) if size.shape[-1] else size
        with np.errstate(divide="ignore"):
            inv = np.where(size > np.maximum(atol, rtol * top), 1 / vals, 0).astype(a.dtype)
        return np.matmul(vecs * inv[..., None, :], _swap(vecs).conj())
    u, s, vh = _svd_fwd(a, False)
    top = s[..., :1]
    with np.errstate(divide="ignore"):
        inv = np.where(s > np.maximum(atol, rtol * top), 1 / s, 0).astype(a.dtype)
    return np.matmul(_swap(vh).conj() * inv[..., None, :], _swap(u).conj())   # V S^+ U^H


def _pinv_bwd(m, g, self, result):
    """torch's pinv_backward."""
    rows, cols = self.shape[-2], self.shape[-1]
    pinv_h, grad_h = m.mT(result), m.mT(g)
    if rows <= cols:
        k = m.matmul(grad_h, result)
        k_pinv_h = m.matmul(k, pinv_h)
        return (-m.mT(m.matmul(result, k)) + k_pinv_h - m.matmul(m.matmul(self, result), k_pinv_h)
                + m.matmul(m.matmul(pinv_h, result), grad_h - m.matmul(k, self)))
    k = m.matmul(result, grad_h)
    pinv_h_k = m.matmul(pinv_h, k)
    return (-m.mT(m.matmul(k, result)) + m.matmul(m.matmul(grad_h - m.matmul(self, k), result), pinv_h)
            + pinv_h_k - m.matmul(m.matmul(pinv_h_k, result), self))


PINV = defop(
    "linalg_pinv.atol_rtol_float", "LinalgPinvBackward0", ("self",), pinv_np, _pinv_bwd, saves=("self", "result"),
    promote=KEEP,
    samples=lambda: [Sample(arr(3, 2, seed=1), params={"atol": 0.0, "rtol": 1e-15, "hermitian": False}),
                     Sample(arr(2, 2, 4, seed=2), params={"atol": 0.0, "rtol": 1e-15, "hermitian": False},
                            note="wide, batched")],
    jvp_note="generic: derived through double-vjp", rule="torch's pinv_backward (full-rank inputs)")


def default_rtol(a, atol, rtol) -> float:
    """torch's default: eps * max(m, n) when neither tolerance is given, 0 when only atol is."""
    if rtol is not None:
        return rtol
    if atol is not None and atol > 0:
        return 0.0
    return float(np.finfo(a.dtype).eps) * max(a.shape[-2:])


def square_check(name: str, a) -> None:
    """torch's rank and squareness checks of a (batch of) matrix argument; ``name`` prefixes the
    message as torch's does ("linalg.det", "logdet")."""
    if a.ndim < 2:
        raise ShapeError(f"{name}: The input tensor A must have at least 2 dimensions.")
    if a.shape[-1] != a.shape[-2]:
        raise ShapeError(f"{name}: A must be batches of square matrices, but they are {a.shape[-2]} by "
                         f"{a.shape[-1]} matrices")


def real_float_check(name: str, a) -> None:
    if a.dtype.kind not in "fc":
        raise AutogradError(f"{name}: Expected a floating point or complex tensor as input. Got "
                            f"{dtypes.scalar_type_name(a.dtype)}")
    no_half(name, a)


def matrix_check(name: str, a, square: bool = True, kernel: str | None = None) -> None:
    """torch's checks of a (batch of) matrix argument in torch's order: rank, squareness, then
    dtype. ``kernel``: the kernel whose "not implemented" an integer or bool input meets first,
    where torch's function leaves the dtype to it."""
    if square:
        square_check(name, a)
    elif a.ndim < 2:
        raise ShapeError(f"{name}: The input tensor A must have at least 2 dimensions.")
    if kernel is not None and a.dtype.kind not in "fc":
        raise not_implemented(kernel, a)
    real_float_check(name, a)
