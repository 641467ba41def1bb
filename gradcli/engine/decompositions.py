"""The torch-named decompositions: ``torch.linalg.cholesky``, ``solve_triangular``, ``eigh``,
``eigvalsh``, ``svd``, ``svdvals``, ``qr``, ``pinv`` and ``torch.cholesky``, ``cholesky_solve``,
``svd``, ``pinverse``, with torch's argument checks, in torch's order, and its result tuples."""
from __future__ import annotations

import warnings

import numpy as np

from . import dtypes, errors
from .creation import zeros
from .dispatch import call
from .ops import decompositions as D
from .public import public
from .return_types import result_type


def _linalg_cholesky(A, upper=False):
    """torch.linalg.cholesky: L with A = L L^H (U with A = U^H U when ``upper``), from one triangle of A."""
    D.matrix_check("linalg.cholesky", A._data)
    return call(D.CHOLESKY_EX, (A,), {"upper": bool(upper), "check_errors": True})[0]


@public(method=True)
def cholesky(input, upper=False):
    """torch.cholesky (deprecated by torch in favour of torch.linalg.cholesky, with its warning)."""
    warnings.warn("torch.cholesky is deprecated in favor of torch.linalg.cholesky and will be removed in a future "
                  "PyTorch release.\nL = torch.cholesky(A)\nshould be replaced with\nL = torch.linalg.cholesky(A)\n"
                  "and\nU = torch.cholesky(A, upper=True)\nshould be replaced with\nU = torch.linalg.cholesky(A).mH\n"
                  "This transform will produce equivalent results for all valid (symmetric positive definite) "
                  "inputs.", UserWarning, stacklevel=2)
    D.matrix_check("cholesky", input._data, kernel="cholesky_cpu")
    return call(D.CHOLESKY, (input,), {"upper": bool(upper)})


def solve_triangular(A, B, *, upper, left=True, unitriangular=False):
    """torch.linalg.solve_triangular: X with A X = B (X A = B when not ``left``) for triangular A."""
    for arg, x in (("A", A), ("B", B)):
        if x.ndim < 2:
            raise errors.ShapeError(f"linalg.solve_triangular: The input tensor {arg} must have at least 2 dimensions.")
    D.real_float_check("linalg.solve_triangular", A._data)
    if A.shape[-1] != A.shape[-2]:
        raise errors.ShapeError(f"linalg.solve_triangular: A must be batches of square matrices, but they are "
                                f"{A.shape[-2]} by {A.shape[-1]} matrices")
    if A.shape[-1] != B.shape[-2 if left else -1]:
        raise errors.ShapeError(f"linalg.solve_triangular: Incompatible shapes of A and B for the equation "
                                f"{'AX = B' if left else 'XA = B'} ({A.shape[-2]}x{A.shape[-1]} and "
                                f"{B.shape[-2]}x{B.shape[-1]})")
    _broadcastable(B.shape[:-2], A.shape[:-2])
    return call(D.SOLVE_TRIANGULAR, (A, B), {"upper": bool(upper), "left": bool(left),
                                             "unitriangular": bool(unitriangular)})


@public(method=True)
def triangular_solve(input, A, upper=True, transpose=False, unitriangular=False):
    """torch.triangular_solve (deprecated for linalg.solve_triangular): X with A X = input (A^T X =
    input when ``transpose``), and a copy of A."""
    warnings.warn("torch.triangular_solve is deprecated in favor of torch.linalg.solve_triangularand will be removed "
                  "in a future PyTorch release.\ntorch.linalg.solve_triangular has its arguments reversed and does not "
                  "return a copy of one of the inputs.\nX = torch.triangular_solve(B, A).solution\nshould be replaced "
                  "with\nX = torch.linalg.solve_triangular(A, B).", UserWarning, stacklevel=2)
    for arg, x in (("b", input), ("A", A)):
        if x.ndim < 2:
            raise errors.ShapeError(f"torch.triangular_solve: Expected {arg} to have at least 2 dimensions, but it has "
                                    f"{x.ndim} dimensions instead")
    if A.shape[-1] != A.shape[-2]:
        raise errors.ShapeError(f"A must be batches of square matrices, but they are {A.shape[-2]} by {A.shape[-1]} "
                                f"matrices")
    return result_type("triangular_solve")(*call(D.TRIANGULAR_SOLVE, (input, A), {
        "upper": bool(upper), "transpose": bool(transpose), "unitriangular": bool(unitriangular)}))


def _broadcastable(a: tuple, b: tuple) -> None:
    for i, (x, y) in enumerate(zip(reversed(a), reversed(b))):
        if x != y and 1 not in (x, y):
            raise errors.ShapeError(f"The size of tensor a ({x}) must match the size of tensor b ({y}) at "
                                    f"non-singleton dimension {max(len(a), len(b)) - 1 - i}")


@public(method=True)
def cholesky_solve(input, input2, upper=False):
    """torch.cholesky_solve: X with A X = B, given B (``input``) and A's Cholesky factor (``input2``)."""
    for arg, x in (("b", input), ("u", input2)):
        if x.ndim < 2:
            raise errors.ShapeError(f"{arg} should have at least 2 dimensions, but has {x.ndim} dimensions instead")
    if input._data.dtype != input2._data.dtype:
        raise errors.DTypeError(f"Expected b and A to have the same dtype, but found b of type "
                                f"{dtypes.scalar_type_name(input._data.dtype)} and A of type "
                                f"{dtypes.scalar_type_name(input2._data.dtype)} instead.")
    if input2.shape[-1] != input2.shape[-2]:
        raise errors.ShapeError(f"A must be batches of square matrices, but they are {input2.shape[-2]} by "
                                f"{input2.shape[-1]} matrices")
    if input2.shape[-1] != input.shape[-2]:
        raise errors.ShapeError(f"Incompatible matrix sizes for cholesky_solve: each A matrix is {input2.shape[-2]} "
                                f"by {input2.shape[-1]} but each b matrix is {input.shape[-2]} by {input.shape[-1]}")
    _broadcastable(input.shape[:-2], input2.shape[:-2])
    return call(D.CHOLESKY_SOLVE, (input, input2), {"upper": bool(upper)})


def _uplo(UPLO) -> str:
    if UPLO not in ("L", "U"):
        raise errors.AutogradError(f"Expected UPLO argument to be 'L' or 'U', but got {UPLO}")
    return UPLO


def _real_for_grad(A) -> None:
    if A._data.dtype.kind == "c" and A._requires_grad:
        raise errors.AutogradError("linalg.eigh: gradcli differentiates real symmetric matrices only (a complex "
                                   "Hermitian one's gradient is not checked against torch's)")


def eigh(A, UPLO="L"):
    """torch.linalg.eigh: eigenvalues (ascending) and orthonormal eigenvectors of a symmetric matrix,
    read from its ``UPLO`` triangle."""
    D.matrix_check("linalg.eigh", A._data, kernel="linalg_eigh_cpu")
    _real_for_grad(A)
    return result_type("linalg_eigh")(*call(D.EIGH, (A,), {"UPLO": _uplo(UPLO), "compute_v": True}))


def eigvalsh(A, UPLO="L"):
    """torch.linalg.eigvalsh: the eigenvalues alone (torch runs eigh for a differentiable input too)."""
    D.matrix_check("linalg.eigh", A._data, kernel="linalg_eigh_cpu")
    _real_for_grad(A)
    return call(D.EIGH, (A,), {"UPLO": _uplo(UPLO), "compute_v": True})[0]


def _no_driver(driver) -> None:
    if driver is not None:
        raise errors.AutogradError("torch.linalg.svd: keyword argument `driver=` is only supported on CUDA inputs with "
                                   "cuSOLVER backend.")


def _linalg_svd(A, full_matrices=True, *, driver=None):
    """torch.linalg.svd: U, S (descending), Vh with A = U diag(S) Vh."""
    D.matrix_check("linalg.svd", A._data, square=False)
    _no_driver(driver)
    return result_type("linalg_svd")(*call(D.SVD, (A,), {"full_matrices": bool(full_matrices)}))


def svdvals(A, *, driver=None):
    D.matrix_check("linalg.svd", A._data, square=False)
    _no_driver(driver)
    return call(D.SVD, (A,), {"full_matrices": False})[1]


@public(method=True)
def svd(input, some=True, compute_uv=True):
    """torch.svd: U, S and V = Vh^T (not Vh), reduced unless ``some=False``."""
    if input.ndim < 2:
        raise errors.ShapeError(f"linalg.svd: input should have at least 2 dimensions, but has {input.ndim} "
                                "dimensions instead")
    D.matrix_check("linalg.svd", input._data, square=False)
    U, S, Vh = call(D.SVD, (input,), {"full_matrices": not some})
    if not compute_uv:     # torch's zero-filled U (m x m) and V (n x n), whatever ``some`` says
        m, n = input.shape[-2:]
        batch = tuple(input.shape[:-2])
        return result_type("svd")(zeros(batch + (m, m), dtype=input.dtype), S, zeros(batch + (n, n), dtype=input.dtype))
    return result_type("svd")(U, S, Vh.transpose(-2, -1))


def qr(A, mode="reduced"):
    """torch.linalg.qr: Q with orthonormal columns and upper-triangular R, A = Q R."""
    if mode not in ("reduced", "complete", "r"):
        raise errors.AutogradError(f"qr received unrecognized mode '{mode}' but expected one of 'reduced' "
                                   "(default), 'r', or 'complete'")
    D.matrix_check("linalg.qr", A._data, square=False)
    return result_type("linalg_qr")(*call(D.QR, (A,), {"mode": mode}))


def pinv(A, *, atol=None, rtol=None, hermitian=False):
    """torch.linalg.pinv: the pseudo-inverse, by SVD (eigh when ``hermitian``)."""
    if A.ndim < 2 or A._data.dtype.kind not in "fc" or A._data.dtype == np.float16:
        kind = dtypes.scalar_type_name(A._data.dtype)
        raise errors.AutogradError(f"linalg.pinv({kind}{{{list(A.shape)}}}): expected a tensor with 2 or more "
                                   "dimensions of float, double, cfloat or cdouble types")
    return call(D.PINV, (A,), {"atol": 0.0 if atol is None else float(atol),
                               "rtol": D.default_rtol(A._data, atol, rtol), "hermitian": bool(hermitian)})


@public(method=True)
def pinverse(input, rcond=1e-15):
    return pinv(input, atol=0.0, rtol=rcond)
