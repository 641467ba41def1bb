"""torch.svd_lowrank and torch.pca_lowrank: Halko et al.'s randomized range finder step for step as
torch/_lowrank.py (one randn draw of (n, q), QR subspace iterations, the SVD of the small
projection), so a seeded call draws torch's numbers and returns torch's factors, with gradients
through the QRs and the SVD. Dense inputs only."""
from __future__ import annotations

from .. import dtypes
from ..creation import randn
from ..decompositions import _linalg_svd, qr
from ..public import public
from .linear_algebra import matmul


def _approximate_basis(A, q: int, niter, M):
    """Q with q orthonormal columns whose span approximates the range of A - M (Algorithm 4.4)."""
    niter = 2 if niter is None else niter
    dtype = A.dtype if A.is_complex() or A.dtype in (dtypes.float16, dtypes.float32, dtypes.float64) else dtypes.float32
    R = randn(A.shape[-1], q, dtype=dtype)
    X = matmul(A, R)
    if M is not None:
        X = X - matmul(M, R)
    Q = qr(X).Q
    for _ in range(niter):
        X = matmul(A.mH, Q)
        if M is not None:
            X = X - matmul(M.mH, Q)
        Q = qr(X).Q
        X = matmul(A, Q)
        if M is not None:
            X = X - matmul(M, Q)
        Q = qr(X).Q
    return Q


@public()
def svd_lowrank(A, q=6, niter=2, M=None):
    """U, S, V with A - M ~ U diag(S) V^H, of rank q (Algorithm 5.1; a wide A is worked on transposed)."""
    q = 6 if q is None else q
    m, n = A.shape[-2:]
    if M is not None:
        M = M.broadcast_to(A.size())
    if m < n:
        A = A.mH
        M = None if M is None else M.mH
    Q = _approximate_basis(A, q, niter, M)
    B = matmul(Q.mH, A)
    if M is not None:
        B = B - matmul(Q.mH, M)
    U, S, Vh = _linalg_svd(B, full_matrices=False)
    V = Vh.mH
    U = Q.matmul(U)
    if m < n:
        U, V = V, U
    return U, S, V


@public()
def pca_lowrank(A, q=None, center=True, niter=2):
    """svd_lowrank of A with its column means taken off (``center``); q defaults to min(6, m, n)."""
    m, n = A.shape[-2:]
    if q is None:
        q = min(6, m, n)
    elif not 0 <= q <= min(m, n):
        raise ValueError(f"q(={q}) must be non-negative integer and not greater than min(m, n)={min(m, n)}")
    if not niter >= 0:
        raise ValueError(f"niter(={niter}) must be non-negative integer")
    if not center:
        return svd_lowrank(A, q, niter=niter)
    return svd_lowrank(A - A.mean(dim=(-2,), keepdim=True), q, niter=niter)
