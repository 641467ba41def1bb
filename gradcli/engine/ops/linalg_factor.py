"""torch.linalg's LU family, matrix_exp, cross, cholesky_inverse and lstsq as op records.

Node names, saved values and backward formulas are torch's (derivatives.yaml, FunctionsManual:
lu_factor_ex_backward, linalg_lu_backward, linalg_lu_solve_LU, lu_unpack_backward,
linalg_matrix_exp_differential, cholesky_inverse_backward, linalg_lstsq_backward with
pinv_backward), written in the ``m`` vocabulary so that higher derivatives come for free.
LU is partial pivoting as LAPACK's getrf (the pivot is the first entry of largest magnitude), so the
factors and pivots are torch's.
"""
from __future__ import annotations

import numpy as np

from ..dispatch import call
from ..errors import AutogradError, LinAlgError, ShapeError
from ..fused import fma
from . import lu_kernel
from .dtype_rules import linalg_input
from .decompositions import PINV, default_rtol, solve_triangular_np, solve_tri
from .registry import KEEP, defop
from .samples import Sample, arr


def _mT(a):
    return np.swapaxes(a, -1, -2)


# -- LU ---------------------------------------------------------------------------------------------

def getrf(a):
    """LAPACK's getrf (``lu_kernel``) of a stack of m x n matrices: factors, pivots, info."""
    linalg_input("lu_factor", a)
    return lu_kernel.getrf(a)


def permutation(pivots, m, dtype):
    """P with A = P L U from LAPACK's row interchanges (applied in order to the identity's rows)."""
    batch = pivots.shape[:-1]
    if m == 0 or pivots.shape[-1] == 0:
        return np.broadcast_to(np.eye(m, dtype=dtype), batch + (m, m)).copy()
    order = np.broadcast_to(np.arange(m), batch + (m,)).copy()
    flat, pflat = order.reshape((-1, m)), pivots.reshape((-1, pivots.shape[-1])) - 1
    rows = np.arange(flat.shape[0])
    for j in range(pflat.shape[1]):
        p = pflat[:, j]
        a, b = flat[rows, j].copy(), flat[rows, p].copy()
        flat[rows, j], flat[rows, p] = b, a
    # row j of P^T A is row order[j] of A, so P[order[j], j] = 1
    perm = np.zeros(batch + (m, m), dtype)
    np.put_along_axis(perm, order[..., None, :], 1, axis=-2)
    return perm


def unpack(lu, pivots, unpack_data=True, unpack_pivots=True):
    """(P, L, U) from packed factors, empty tensors for the parts not asked for (torch's lu_unpack)."""
    m, n = lu.shape[-2:]
    k = min(m, n)
    if unpack_data:
        L = np.tril(lu[..., :, :k], -1)
        idx = np.arange(k)
        L[..., idx, idx] = 1
        U = np.triu(lu[..., :k, :])
    else:
        L = U = np.zeros((0,), lu.dtype)
    P = permutation(pivots, m, lu.dtype) if unpack_pivots else np.zeros((0,), lu.dtype)
    return P, L, U


def _pieces(m, lu_or_l, u=None):
    """Unit-lower L and upper U as tensors (or arrays) from packed LU, k = min(m, n)."""
    rows, cols = lu_or_l.shape[-2:]
    k = min(rows, cols)
    L = m.tril(m.narrow(lu_or_l, -1, 0, k), -1) + m.cast(m.const(np.eye(rows, k)), lu_or_l)
    U = m.triu(m.narrow(lu_or_l, -2, 0, k))
    return L, U


def _const_P(m, pivots, rows, like):
    return m.cast(m.const(permutation(np.asarray(getattr(pivots, "_data", pivots)), rows, np.float64)), like)


def lu_backward(m, gL, gU, P, L, U, pivot=True):
    """torch's linalg_lu_backward: A's gradient from L's and U's (either may be None)."""
    rows, k = L.shape[-2:]
    cols = U.shape[-1]
    mH = m.mT
    if rows == cols:
        ga = None if gL is None else m.tril(m.matmul(mH(L), gL), -1)
        if gU is not None:
            t = m.triu(m.matmul(gU, mH(U)))
            ga = t if ga is None else ga + t
        ga = solve_tri(m, mH(U), ga, upper=False, left=False)
        ga = solve_tri(m, mH(L), ga, upper=True, left=True, unitriangular=True)
    elif rows < cols:      # wide: U = [U1 U2]
        U1 = m.narrow(U, -1, 0, k)
        ga = None if gL is None else m.matmul(mH(L), gL)
        if gU is not None:
            t = m.matmul(m.triu(gU), mH(U))
            ga = -t if ga is None else ga - t
        ga = solve_tri(m, mH(U1), m.tril(ga, -1), upper=False, left=False)
        if gU is not None:
            ga = m.cat([ga + m.triu(m.narrow(gU, -1, 0, k)), m.narrow(gU, -1, k, cols - k)], -1)
        ga = solve_tri(m, mH(L), ga, upper=True, left=True, unitriangular=True)
        if gU is None:
            ga = m.cat([ga, m.zeros(tuple(ga.shape[:-1]) + (cols - k,), ga)], -1)
    else:                  # tall: L = [L1; L2]
        L1 = m.narrow(L, -2, 0, k)
        ga = None if gU is None else m.matmul(gU, mH(U))
        if gL is not None:
            t = m.matmul(mH(L), m.tril(gL, -1))
            ga = -t if ga is None else ga - t
        ga = solve_tri(m, mH(L1), m.triu(ga), upper=True, left=True, unitriangular=True)
        if gL is not None:
            ga = m.cat([ga + m.tril(m.narrow(gL, -2, 0, k), -1), m.narrow(gL, -2, k, rows - k)], -2)
        ga = solve_tri(m, mH(U), ga, upper=False, left=False)
        if gL is None:
            ga = m.cat([ga, m.zeros(tuple(ga.shape[:-2]) + (rows - k, ga.shape[-1]), ga)], -2)
    return m.matmul(P, ga) if pivot else ga


def _lu_factor_fwd(a, pivot):
    return getrf(a)


def _lu_factor_bwd(m, g, LU, pivot, pivots):
    """torch's lu_factor_ex_backward: the packed gradient is split into L's (strictly lower) and U's."""
    g = g[0]
    rows, cols = LU.shape[-2:]
    k = min(rows, cols)
    L, U = _pieces(m, LU)
    P = _const_P(m, pivots, rows, LU)
    return lu_backward(m, m.tril(m.narrow(g, -1, 0, k), -1), m.triu(m.narrow(g, -2, 0, k)), P, L, U, pivot)


def _square(*shape, seed=0):
    return arr(*shape, seed=seed) + 3 * np.eye(shape[-2], shape[-1])


LU_FACTOR_EX = defop(
    "linalg_lu_factor_ex", "LinalgLuFactorExBackward0", ("A",), _lu_factor_fwd, _lu_factor_bwd,
    saves=("LU", "pivot", "pivots"), result_names=("LU", "pivots", "info"), outputs=3, nondiff_outputs=(1, 2),
    promote=KEEP, jvp_note="generic: derived through double-vjp",
    samples=lambda: [Sample(_square(3, 3), params={"pivot": True}),
                     Sample(_square(2, 3, 3, seed=2), params={"pivot": True}, note="batched"),
                     Sample(_square(4, 3, seed=3), params={"pivot": True}, note="tall"),
                     Sample(_square(2, 4, seed=4), params={"pivot": True}, note="wide")],
    rule="torch's lu_factor_ex_backward (through linalg_lu_backward)")


def _lu_fwd(a, pivot):
    lu, pivots, _ = getrf(a)
    return unpack(lu, pivots)


LU = defop(
    "linalg_lu", "LinalgLuBackward0", ("A",), _lu_fwd,
    lambda m, g, L, P, U, pivot: lu_backward(m, g[1], g[2], P, L, U, pivot),
    saves=("L", "P", "U", "pivot"), result_names=("P", "L", "U"), outputs=3, nondiff_outputs=(0,),
    promote=KEEP, materialize=False, jvp_note="generic: derived through double-vjp",
    samples=lambda: [Sample(_square(3, 3), params={"pivot": True}),
                     Sample(_square(4, 3, seed=3), params={"pivot": True}, note="tall"),
                     Sample(_square(2, 4, seed=4), params={"pivot": True}, note="wide")],
    rule="torch's linalg_lu_backward")


def _lu_unpack_fwd(lu, pivots, unpack_data, unpack_pivots, LU_data_sym_argsize_minus_1, LU_data_sym_argsize_minus_2):
    return unpack(lu, pivots, unpack_data, unpack_pivots)


def _lu_unpack_bwd(m, g, pivots, unpack_data, unpack_pivots, LU_data_sym_argsize_minus_1,
                   LU_data_sym_argsize_minus_2):
    """torch's lu_unpack_backward: L's strictly lower part and U's upper part, placed in an m x n grid."""
    _, gL, gU = g
    rows, cols = LU_data_sym_argsize_minus_2, LU_data_sym_argsize_minus_1
    k = min(rows, cols)
    out = None
    if gL is not None:
        out = m.tril(gL, -1)
        if cols > k:
            out = m.cat([out, m.zeros(out.shape[:-1] + (cols - k,), out)], -1)
    if gU is not None:
        u = m.triu(gU)
        if rows > k:
            u = m.cat([u, m.zeros(u.shape[:-2] + (rows - k, cols), u)], -2)
        out = u if out is None else out + u
    return out


LU_UNPACK = defop(
    "lu_unpack", "LuUnpackBackward0", ("LU_data",), _lu_unpack_fwd, _lu_unpack_bwd,
    saves=("pivots", "unpack_data", "unpack_pivots", "LU_data_sym_argsize_minus_1", "LU_data_sym_argsize_minus_2"),
    internal=("pivots", "unpack_data", "unpack_pivots"), outputs=3, nondiff_outputs=(0,), promote=KEEP,
    materialize=False, jvp_note="generic: derived through double-vjp",
    samples=lambda: [Sample(_square(3, 3), params=_unpack_params(_square(3, 3))),
                     Sample(_square(4, 3, seed=3), params=_unpack_params(_square(4, 3, seed=3)), note="tall")],
    rule="the strictly lower part of L's gradient plus the upper part of U's")


def _unpack_params(a):
    return {"pivots": getrf(a)[1], "unpack_data": True, "unpack_pivots": True,
            "LU_data_sym_argsize_minus_1": a.shape[-1], "LU_data_sym_argsize_minus_2": a.shape[-2]}


def lu_solve_np(lu, pivots, b, left=True, adjoint=False):
    """X with A X = B (A^H X = B when ``adjoint``; X A = B, X A^H = B when not ``left``), A = P L U."""
    if not left:
        return _mT(lu_solve_np(lu, pivots, _mT(b), True, not adjoint))
    if not adjoint:
        x = lu_kernel.getrs(lu, pivots, b)     # torch's arithmetic where it is known
        if x is not None:
            return x
    P, L, U = unpack(lu, pivots)
    if adjoint:      # A^T X = U^T L^T P^T X = B
        y = solve_triangular_np(_mT(U), b, upper=False)
        y = solve_triangular_np(_mT(L), y, upper=True, unitriangular=True)
        return np.matmul(P, y)
    y = solve_triangular_np(L, np.matmul(_mT(P), b), upper=False, unitriangular=True)
    return solve_triangular_np(U, y, upper=True)


def _lu_solve(m, LU, pivots, B, left, adjoint):
    if m.is_tensor:
        return call(LU_SOLVE, (LU, B), {"pivots": pivots, "left": left, "adjoint": adjoint})
    return lu_solve_np(LU, pivots, B, left, adjoint)


def _lu_solve_LU(m, gX, LU, pivots, X, left, adjoint):
    """torch's linalg_lu_solve_LU: the gradient of the packed factors."""
    rows = LU.shape[-1]
    L, U = _pieces(m, LU)
    mH = m.mT
    if left != adjoint:
        gR = solve_tri(m, mH(U), -m.matmul(gX if left else mH(gX), mH(X) if left else X), upper=False)
        gL = m.tril(solve_tri(m, mH(L), m.matmul(gR, mH(U)), upper=True, left=True, unitriangular=True), -1)
        return gL + m.triu(gR)
    P = _const_P(m, pivots, rows, LU)
    gR = -m.matmul(m.matmul(m.matmul(mH(P), X if left else mH(X)), mH(gX) if left else gX), P)
    gR = solve_tri(m, mH(L), gR, upper=True, left=False, unitriangular=True)
    gU = m.triu(solve_tri(m, mH(U), m.matmul(mH(L), gR), upper=False, left=False))
    return m.tril(gR, -1) + gU


def _lu_solve_fwd(lu, b, pivots, left, adjoint):
    return lu_solve_np(lu, pivots, b, left, adjoint)


def _lu_solve_bwd(m, g, LU, pivots, left, adjoint, result):
    return _lu_solve_LU(m, g, LU, pivots, result, left, adjoint), _lu_solve(m, LU, pivots, g, left, not adjoint)


def _lu_solve_samples():
    out = []
    for i, (left, adjoint) in enumerate(((True, False), (True, True), (False, False), (False, True))):
        a = _square(3, 3, seed=i)
        lu, piv, _ = getrf(a)
        b = arr(3, 2, seed=10 + i) if left else arr(2, 3, seed=10 + i)
        out.append(Sample(lu, b, params={"pivots": piv, "left": left, "adjoint": adjoint},
                          note=f"left={left} adjoint={adjoint}"))
    return out


LU_SOLVE = defop(
    "linalg_lu_solve", "LinalgLuSolveBackward0", ("LU", "B"), _lu_solve_fwd, _lu_solve_bwd,
    saves=("LU", "pivots", "left", "adjoint", "result"), promote=KEEP,
    jvp_note="generic: derived through double-vjp", samples=_lu_solve_samples,
    rule="d/dB = lu_solve(LU, pivots, g, left, not adjoint); d/dLU torch's linalg_lu_solve_LU")


# -- matrix exponential -----------------------------------------------------------------------------

_PADE13 = (64764752532480000., 32382376266240000., 7771770303897600., 1187353796428800., 129060195264000.,
           10559470521600., 670442572800., 33522128640., 1323241920., 40840800., 960960., 16380., 182., 1.)
_THETA13 = 5.371920351148152


def _square_check(name, a):
    linalg_input(name, a)
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise ShapeError(f"{name}: A must be batches of square matrices, but they are "
                         f"{a.shape[-2] if a.ndim > 1 else 1} by {a.shape[-1]} matrices")


def matrix_exp_np(a):
    """exp(A) for a stack of square matrices: Higham's scaling and squaring with the degree-13 Pade
    approximant (each matrix scaled by its own power of two)."""
    a = np.asarray(a)
    _square_check("linalg.matrix_exp", a)
    n = a.shape[-1]
    if a.size == 0:
        return a.copy()
    work = a.astype(np.complex128 if a.dtype.kind == "c" else np.float64)
    norm = np.abs(work).sum(-2).max(-1)
    with np.errstate(all="ignore"):
        s = np.where(norm > _THETA13, np.ceil(np.log2(np.where(norm > 0, norm, 1) / _THETA13)), 0).astype(int)
    s = np.where(np.isfinite(norm), s, 0)
    x = work / (2.0 ** s)[..., None, None]
    eye = np.eye(n)
    x2 = x @ x
    x4 = x2 @ x2
    x6 = x4 @ x2
    b = _PADE13
    u = x @ (x6 @ (b[13] * x6 + b[11] * x4 + b[9] * x2) + b[7] * x6 + b[5] * x4 + b[3] * x2 + b[1] * eye)
    v = x6 @ (b[12] * x6 + b[10] * x4 + b[8] * x2) + b[6] * x6 + b[4] * x4 + b[2] * x2 + b[0] * eye
    with np.errstate(all="ignore"):
        try:
            r = np.linalg.solve(v - u, v + u)
        except np.linalg.LinAlgError:        # NaN/inf entries: LAPACK may refuse; the result is NaN
            r = np.full_like(x, np.nan)
        for k in range(int(s.max(initial=0))):
            r = np.where((s > k)[..., None, None], r @ r, r)
    return r.astype(a.dtype)


def _matrix_exp(m, x):
    return call(MATRIX_EXP, (x,)) if m.is_tensor else matrix_exp_np(x)


def _matrix_exp_bwd(m, g, self):
    """torch's linalg_matrix_exp_differential(self, grad, adjoint=True): the upper-right block of
    exp([[A^H, G], [0, A^H]])."""
    n = self.shape[-1]
    aH = m.expand(m.mT(self), g.shape)      # (g may carry leading batch dims)
    top = m.cat([aH, g], -1)
    bottom = m.cat([m.zeros_like(g), aH], -1)
    return m.narrow(m.narrow(_matrix_exp(m, m.cat([top, bottom], -2)), -2, 0, n), -1, n, n)


MATRIX_EXP = defop("linalg_matrix_exp", "LinalgMatrixExpBackward0", ("self",), matrix_exp_np, _matrix_exp_bwd,
                   saves=("self",), promote=KEEP, jvp_note="generic: derived through double-vjp",
                   samples=lambda: [Sample(arr(3, 3)), Sample(arr(2, 2, 2, seed=2) * 3, note="batched, scaled")],
                   rule="the upper-right block of exp([[A^T, g], [0, A^T]])")


# -- cross, cholesky_inverse, lstsq -----------------------------------------------------------------

def _same_dtypes(a, b):
    if a.dtype != b.dtype:
        raise AutogradError(f"linalg.cross: expected both inputs to have the same dtype, but got {a.dtype} and {b.dtype}")
    return a


def cross_np(a, b, dim):
    """a x b along ``dim`` as torch's kernel computes each component, ``a1 * b2 - a2 * b1``: the
    compiler fuses the first product into the subtraction (one rounding), so the cross product of
    parallel vectors keeps the rounding error of the second product (numpy's np.cross rounds both
    and gives 0, and differs in the last bit on most other inputs)."""
    a, b = np.moveaxis(a, dim, -1), np.moveaxis(b, dim, -1)
    parts = [fma(a[..., i], b[..., j], -(a[..., j] * b[..., i])) for i, j in ((1, 2), (2, 0), (0, 1))]
    return np.moveaxis(np.stack(np.broadcast_arrays(*parts), -1), -1, dim)


def _cross(m, a, b, dim):
    return call(CROSS, (a, b), {"dim": dim}) if m.is_tensor else cross_np(a, b, dim)


def _from_end(dim, x):
    """The dim counted from the end: gradients and tangents may carry leading batch dims."""
    return dim - len(x.shape) if dim >= 0 else dim


def _cross_bwd(m, g, self, other, dim, needs):
    d = _from_end(dim, self)
    return _cross(m, other, g, d) if needs[0] else None, _cross(m, g, self, d) if needs[1] else None


def _cross_jvp(m, t, self, other, dim):
    d = _from_end(dim, self)
    parts = [_cross(m, t[0], other, d) if t[0] is not None else None,
             _cross(m, self, t[1], d) if t[1] is not None else None]
    return parts[0] if parts[1] is None else parts[1] if parts[0] is None else parts[0] + parts[1]


CROSS = defop("linalg_cross", "LinalgCrossBackward0", ("self", "other"),
              lambda a, b, dim: cross_np(_same_dtypes(a, b), b, dim), _cross_bwd,
              saves=("self", "other", "dim"), promote=KEEP, masked=True, jvp=_cross_jvp,
              samples=lambda: [Sample(arr(4, 3), arr(4, 3, seed=2), params={"dim": -1}),
                               Sample(arr(3, 2), arr(3, 1, seed=3), params={"dim": 0}, note="broadcast")],
              rule="d/dself = other x g, d/dother = g x self")


def cholesky_inverse_np(factor, upper):
    """(L L^T)^-1 = L^-T L^-1 from the factor's one triangle (LAPACK's potri reads no other)."""
    _square_check("cholesky_inverse", factor)
    zero = np.diagonal(factor, 0, -2, -1) == 0
    if zero.any():
        raise LinAlgError(f"cholesky_inverse: The diagonal element {int(np.argmax(zero.reshape(-1, zero.shape[-1]).any(0))) + 1} "
                            "is zero, the inversion could not be completed because the input matrix is singular.")
    eye = np.broadcast_to(np.eye(factor.shape[-1], dtype=factor.dtype), factor.shape)
    inv = solve_triangular_np(np.triu(factor) if upper else np.tril(factor), eye, upper=upper)
    return (np.matmul(inv, _mT(inv)) if upper else np.matmul(_mT(inv), inv)).astype(factor.dtype)


def _cholesky_inverse_bwd(m, g, self, upper, result):
    common = m.matmul(result, m.matmul(g + m.mT(g), result))
    return -m.matmul(self, common) if upper else -m.matmul(common, self)


CHOLESKY_INVERSE = defop(
    "cholesky_inverse", "CholeskyInverseBackward0", ("self",), cholesky_inverse_np, _cholesky_inverse_bwd,
    saves=("self", "upper", "result"), promote=KEEP,
    jvp_note="generic: derived through double-vjp",
    # (the op reads one triangle: checked on tril(x) / triu(x), as torch's gradcheck wrapper does)
    samples=lambda: [Sample(np.tril(arr(3, 3)) + 3 * np.eye(3), params={"upper": False}, wrap={0: lambda t: t.tril()}),
                     Sample(np.triu(arr(2, 3, 3, seed=2)) + 3 * np.eye(3), params={"upper": True}, note="upper",
                            wrap={0: lambda t: t.triu()})],
    rule="-(inv (g + g^T) inv) L (L (inv (g + g^T) inv) when upper)")


def _pinv(m, a):
    if not np.isfinite(np.asarray(getattr(a, "_data", a))).all():    # LAPACK's SVD does not converge
        return m.mT(a) * np.nan
    if m.is_tensor:
        return call(PINV, (a,), {"atol": 0.0, "rtol": default_rtol(a._data, None, None), "hermitian": False})
    return np.linalg.pinv(a)


def pinv_backward(m, grad, pinvA, A):
    """torch's pinv_backward (the gradient of pinv(A) pulled back to A)."""
    rows, cols = A.shape[-2:]
    pinvAh, gradh = m.mT(pinvA), m.mT(grad)
    if rows <= cols:
        K = m.matmul(gradh, pinvA)
        KpinvAh = m.matmul(K, pinvAh)
        return (-m.mT(m.matmul(pinvA, K)) + KpinvAh - m.matmul(m.matmul(A, pinvA), KpinvAh)
                + m.matmul(m.matmul(pinvAh, pinvA), gradh - m.matmul(K, A)))
    K = m.matmul(pinvA, gradh)
    pinvAhK = m.matmul(pinvAh, K)
    return (-m.mT(m.matmul(K, pinvA)) + m.matmul(m.matmul(gradh - m.matmul(A, K), pinvA), pinvAh) + pinvAhK
            - m.matmul(m.matmul(pinvAhK, pinvA), A))


def lstsq_np(a, b, rcond, driver):
    """(solution, residuals, rank, singular_values) as torch's linalg_lstsq on the CPU: residuals only
    for m > n with full rank and a driver other than gelsy, singular values only for gelsd/gelss,
    no rank for gels."""
    linalg_input("lstsq", a, b)
    if not np.isfinite(a).all():
        raise AutogradError("torch.linalg.lstsq: A has NaN or infinite entries: LAPACK's least squares fails on them")
    vector = b.ndim == a.ndim - 1
    bm = b[..., None] if vector else b
    rows, cols = a.shape[-2:]
    batch = np.broadcast_shapes(a.shape[:-2], bm.shape[:-2])
    A = np.broadcast_to(a, batch + a.shape[-2:]).reshape((-1, rows, cols))
    B = np.broadcast_to(bm, batch + bm.shape[-2:]).reshape((-1,) + bm.shape[-2:])
    eps = np.finfo(a.dtype).eps
    cut = eps * max(rows, cols) if rcond is None else rcond
    xs, ranks, svs = [], [], []
    for ai, bi in zip(A, B):
        if not np.isfinite(bi).all():
            xs.append(np.full((cols, bi.shape[-1]), np.nan))
            ranks.append(0)
            svs.append(np.full(min(rows, cols), np.nan))
            continue
        sv = np.linalg.svd(ai, compute_uv=False)
        x = np.linalg.lstsq(ai, bi, rcond=cut if driver != "gels" else None)[0]
        xs.append(x)
        ranks.append(int((sv > cut * (sv[0] if sv.size else 0)).sum()) if sv.size else 0)
        svs.append(sv)
    solution = np.stack(xs).reshape(batch + (cols, bm.shape[-1])) if xs else np.zeros(batch + (cols, bm.shape[-1]))
    solution = solution.astype(a.dtype)
    full = all(r == min(rows, cols) for r in ranks)
    if rows > cols and full and driver != "gelsy":
        residuals = (np.abs(np.matmul(a, solution) - bm) ** 2).sum(-2).astype(a.dtype)
    else:
        residuals = np.zeros((0,), a.dtype)
    rank = np.array(ranks, np.int64).reshape(batch) if driver != "gels" else np.zeros((0,), np.int64)
    singular = (np.stack(svs).reshape(batch + (min(rows, cols),)).astype(a.dtype)
                if driver in ("gelsd", "gelss") else np.zeros((0,), a.dtype))
    if vector:
        solution = solution[..., 0]
        residuals = residuals[..., 0] if residuals.size else residuals
    return solution, residuals, rank, singular


def _lstsq_bwd(m, g, self, b, solution):
    """torch's linalg_lstsq_backward: the solution's gradient through pinv(A); the residuals
    |A X - B|^2 (X optimal, so A^T (A X - B) = 0) add 2 (A X - B) gL X^T to A's and -2 (A X - B) gL to B's."""
    gX, gL = g[0], g[1]
    has_gL = gL is not None and int(np.prod(gL.shape)) > 0
    if gX is None and not has_gL:
        return None, None
    vector = len(b.shape) == len(self.shape) - 1
    bm = m.unsqueeze(b, -1) if vector else b
    ga = gb = None
    if gX is not None:
        gm = m.unsqueeze(gX, -1) if vector else gX
        pinvA = _pinv(m, self)
        ga = pinv_backward(m, m.matmul(gm, m.mT(bm)), pinvA, self)
        gb = m.matmul(m.mT(pinvA), gm)
    if has_gL:
        x = m.unsqueeze(solution, -1) if vector else solution
        weighted = (m.matmul(self, x) - bm) * m.unsqueeze(gL, -1 if vector else -2) * 2
        term = m.matmul(weighted, m.mT(x))
        ga = term if ga is None else ga + term
        gb = -weighted if gb is None else gb - weighted
    if gb is not None and vector:
        gb = m.squeeze(gb, -1)
    return ga, gb


LSTSQ = defop(
    "linalg_lstsq", "LinalgLstsqBackward0", ("self", "b"), lstsq_np, _lstsq_bwd,
    saves=("self", "b", "solution"), result_names=("solution", "residuals", "rank", "singular_values"),
    outputs=4, nondiff_outputs=(2, 3), promote=KEEP, materialize=False,
    jvp_note="generic: derived through double-vjp",
    samples=lambda: [Sample(arr(4, 3), arr(4, 2, seed=2), params={"rcond": None, "driver": "gelsy"}),
                     Sample(arr(2, 4, seed=3), arr(2, seed=4), params={"rcond": None, "driver": "gelsy"},
                            note="underdetermined, vector"),
                     Sample(arr(5, 3, seed=5), arr(5, 2, seed=6), params={"rcond": None, "driver": "gelsd"},
                            note="residuals")],
    rule="through pinv(A): d/dB = pinv(A)^T g, d/dA = pinv_backward(g B^T); residuals: 2 (A X - B) g")


def lu_checks(name, a):
    if a.ndim < 2:
        raise AutogradError(f"torch.{name}: Expected tensor with 2 or more dimensions. Got size: "
                            f"{list(a.shape)} instead")


# -- Householder products and geqrf -----------------------------------------------------------------

def _reflector_vectors(m, input, k):
    """v_i: column i of ``input`` below the diagonal, with the implicit 1 at row i and zeros above."""
    rows = input.shape[-2]
    out = []
    for i in range(k):
        below = m.cast(m.const((np.arange(rows) > i).astype(np.float64)[:, None]), input)
        unit = m.cast(m.const((np.arange(rows) == i).astype(np.float64)[:, None]), input)
        out.append(m.narrow(input, -1, i, 1) * below + unit)
    return out


def _reflector_vectors_np(a, k):
    rows = a.shape[-2]
    return [a[..., i:i + 1] * (np.arange(rows) > i)[:, None] + (np.arange(rows) == i)[:, None] for i in range(k)]


def householder_np(a, tau):
    """Q = H_1 ... H_k (its first n columns), H_i = I - tau_i v_i v_i^T: LAPACK's orgqr."""
    rows, cols = a.shape[-2:]
    vs = _reflector_vectors_np(a, tau.shape[-1])
    q = np.broadcast_to(np.eye(rows, cols, dtype=a.dtype), a.shape[:-2] + (rows, cols)).copy()
    for i in range(len(vs) - 1, -1, -1):
        v = vs[i]
        q = q - tau[..., i, None, None] * (v @ (_mT(v) @ q))
    return q


def _householder_bwd(m, g, input, tau, result):
    """The product's gradient, reflector by reflector: with G_i = (H_1..H_{i-1})^T g (H_{i+1}..H_k E)^T,
    d tau_i = -v_i^T G_i v_i and d v_i = -tau_i (G_i + G_i^T) v_i (below the diagonal only)."""
    rows, cols = input.shape[-2:]
    k = tau.shape[-1]
    vs = _reflector_vectors(m, input, k)
    eye = m.cast(m.const(np.eye(rows)), input)
    taus = [m.unsqueeze(m.unsqueeze(m.select(tau, -1, i), -1), -1) for i in range(k)]
    reflectors = [eye - taus[i] * m.matmul(vs[i], m.mT(vs[i])) for i in range(k)]
    right = [None] * k
    acc = m.cast(m.const(np.eye(rows, cols)), input)
    for i in range(k - 1, -1, -1):
        right[i] = acc
        acc = m.matmul(reflectors[i], acc)
    left = eye
    grad_cols, grad_tau = [], []
    for i in range(k):
        G = m.matmul(m.matmul(m.mT(left), g), m.mT(right[i]))
        v = vs[i]
        grad_tau.append(-m.squeeze(m.squeeze(m.matmul(m.mT(v), m.matmul(G, v)), -1), -1))
        below = m.const((np.arange(rows) > i)[:, None])
        grad_cols.append(m.where(below, -taus[i] * m.matmul(G + m.mT(G), v), 0.0))
        left = m.matmul(left, reflectors[i])
    if k == 0:                        # no reflectors: Q is the identity's first columns (torch: no gradients)
        return None, None
    like = grad_cols[0]
    grad_cols += [m.zeros(tuple(like.shape[:-1]) + (1,), like) for _ in range(cols - k)]
    return m.cat(grad_cols, -1), m.stack(grad_tau, -1)


def _householder_fwd(a, tau):
    linalg_input("householder_product", a, tau)
    if a.ndim < 2 or a.shape[-2] < a.shape[-1]:
        raise ShapeError("torch.linalg.householder_product: input.shape[-2] must be greater than or equal to "
                         "input.shape[-1]")
    if a.shape[-1] < tau.shape[-1]:
        raise ShapeError("torch.linalg.householder_product: input.shape[-1] must be greater than or equal to "
                         "tau.shape[-1]")
    return householder_np(a, tau)


HOUSEHOLDER_PRODUCT = defop(
    "linalg_householder_product", "LinalgHouseholderProductBackward0", ("input", "tau"),
    _householder_fwd, _householder_bwd, saves=("input", "tau", "result"), promote=KEEP,
    jvp_note="generic: derived through double-vjp",
    samples=lambda: [Sample(arr(4, 3), arr(3, low=0.5, high=1.5, seed=2)),
                     Sample(arr(2, 3, 3, seed=3), arr(2, 2, low=0.5, high=1.5, seed=4), note="batched, k < n")],
    rule="reflector by reflector: d tau_i = -v_i^T G_i v_i, d v_i = -tau_i (G_i + G_i^T) v_i")


def geqrf_np(a):
    """LAPACK's geqrf through numpy's raw QR: R above the diagonal, the reflectors below, and tau."""
    flat = a.reshape((-1,) + a.shape[-2:])
    pieces = [np.linalg.qr(x, mode="raw") for x in flat]
    packed = np.stack([_mT(h) for h, _ in pieces]).reshape(a.shape) if pieces else a.copy()
    taus = np.stack([t for _, t in pieces]).reshape(a.shape[:-2] + (min(a.shape[-2:]),)) if pieces else \
        np.zeros(a.shape[:-2] + (min(a.shape[-2:]),), a.dtype)
    return packed.astype(a.dtype), taus.astype(a.dtype)


def _no_geqrf_derivative(*args, **kwargs):
    raise NotImplementedError("the derivative for 'geqrf' is not implemented.")


GEQRF = defop("geqrf", "GeqrfBackward0", ("self",), geqrf_np, _no_geqrf_derivative, outputs=2, promote=KEEP,
              jvp=_no_geqrf_derivative, rule="raises: torch has no derivative")
