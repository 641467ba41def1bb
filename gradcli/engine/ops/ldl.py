"""torch.linalg.ldl_factor_ex / ldl_solve: LAPACK's sytrf/sytrs (Bunch-Kaufman, the lower triangle),
so the packed LD (L below the diagonal, D's 1x1 and 2x2 blocks on and next to it, zeros above, as
torch returns it) and the 1-based pivots (negative, twice, for a 2x2 block) are torch's. torch has no
derivative for either: their nodes are ``NotImplemented`` and a backward through them raises torch's
error. Real, complex symmetric (csytrf: entries sized |Re| + |Im| for pivoting) and, with
hermitian=True, complex hermitian (chetrf/chetrs: D's diagonal real, L D L^H).
"""
from __future__ import annotations

import numpy as np

from .. import errors
from ..dtypes import scalar_type_name
from .dtype_rules import not_implemented
from .registry import KEEP, defop

_ALPHA = (1 + np.sqrt(17.0)) / 8     # Bunch-Kaufman's threshold


def _swap(a, i, j):
    a[[i, j]] = a[[j, i]]


def _cabs1(x):
    """LAPACK's size of an entry for pivoting: |x| for reals, |Re x| + |Im x| for complex (CABS1, ICAMAX)."""
    return np.abs(x.real) + np.abs(x.imag) if np.iscomplexobj(x) else np.abs(x)


def sytf2_lower(a: np.ndarray) -> tuple:
    """One matrix, factored in place (LAPACK's dsytf2/csytf2, uplo 'L'; complex symmetric, no conjugate):
    (pivots, info)."""
    n = a.shape[0]
    piv = np.zeros(n, np.int32)
    info = 0
    k = 0
    while k < n:
        kstep = 1
        absakk = _cabs1(a[k, k])
        imax = k + 1 + int(np.argmax(_cabs1(a[k + 1:, k]))) if k < n - 1 else k
        colmax = _cabs1(a[imax, k]) if k < n - 1 else 0.0
        if max(absakk, colmax) == 0 or np.isnan(absakk):
            info = info or k + 1
            kp = k
        else:
            if absakk >= _ALPHA * colmax:
                kp = k
            else:
                jmax = k + int(np.argmax(_cabs1(a[imax, k:imax])))
                rowmax = _cabs1(a[imax, jmax])
                if imax < n - 1:
                    rowmax = max(rowmax, _cabs1(a[imax + 1 + int(np.argmax(_cabs1(a[imax + 1:, imax]))), imax]))
                if absakk >= _ALPHA * colmax * (colmax / rowmax):
                    kp = k
                elif _cabs1(a[imax, imax]) >= _ALPHA * rowmax:
                    kp = imax
                else:
                    kp, kstep = imax, 2
            kk = k + kstep - 1
            if kp != kk:      # rows and columns kk and kp of the trailing lower triangle
                if kp < n - 1:
                    a[kp + 1:, [kk, kp]] = a[kp + 1:, [kp, kk]]
                column, row = a[kk + 1:kp, kk].copy(), a[kp, kk + 1:kp].copy()
                a[kk + 1:kp, kk], a[kp, kk + 1:kp] = row, column
                a[kk, kk], a[kp, kp] = a[kp, kp], a[kk, kk]
                if kstep == 2:
                    a[k + 1, k], a[kp, k] = a[kp, k], a[k + 1, k]
            if kstep == 1:
                if k < n - 1:
                    d11 = 1.0 / a[k, k]
                    x = a[k + 1:, k].copy()
                    a[k + 1:, k + 1:] += np.tril(np.outer(x, -d11 * x))
                    a[k + 1:, k] *= d11
            elif k < n - 2:
                d21 = a[k + 1, k]
                d11 = a[k + 1, k + 1] / d21
                d22 = a[k, k] / d21
                t = 1.0 / (d11 * d22 - 1.0)
                d21 = t / d21
                wk = d21 * (d11 * a[k + 2:, k] - a[k + 2:, k + 1])
                wkp1 = d21 * (d22 * a[k + 2:, k + 1] - a[k + 2:, k])
                a[k + 2:, k + 2:] -= np.tril(np.outer(a[k + 2:, k], wk))
                a[k + 2:, k + 2:] -= np.tril(np.outer(a[k + 2:, k + 1], wkp1))
                a[k + 2:, k], a[k + 2:, k + 1] = wk, wkp1
        if kstep == 1:
            piv[k] = kp + 1
        else:
            piv[k] = piv[k + 1] = -(kp + 1)
        k += kstep
    return piv, info


def hetf2_lower(a: np.ndarray) -> tuple:
    """One complex hermitian matrix, factored in place (LAPACK's chetf2, uplo 'L'): A = L D L^H, D's
    diagonal real, the swapped entries between the pivots conjugated. (pivots, info)."""
    n = a.shape[0]
    piv = np.zeros(n, np.int32)
    info = 0
    k = 0
    while k < n:
        kstep = 1
        absakk = abs(a[k, k].real)
        imax = k + 1 + int(np.argmax(_cabs1(a[k + 1:, k]))) if k < n - 1 else k
        colmax = _cabs1(a[imax, k]) if k < n - 1 else 0.0
        if max(absakk, colmax) == 0 or np.isnan(absakk):
            info = info or k + 1
            kp = k
            a[k, k] = a[k, k].real
        else:
            if absakk >= _ALPHA * colmax:
                kp = k
            else:
                jmax = k + int(np.argmax(_cabs1(a[imax, k:imax])))
                rowmax = _cabs1(a[imax, jmax])
                if imax < n - 1:
                    rowmax = max(rowmax, _cabs1(a[imax + 1 + int(np.argmax(_cabs1(a[imax + 1:, imax]))), imax]))
                if absakk >= _ALPHA * colmax * (colmax / rowmax):
                    kp = k
                elif abs(a[imax, imax].real) >= _ALPHA * rowmax:
                    kp = imax
                else:
                    kp, kstep = imax, 2
            kk = k + kstep - 1
            if kp != kk:
                if kp < n - 1:
                    a[kp + 1:, [kk, kp]] = a[kp + 1:, [kp, kk]]
                column, row = a[kk + 1:kp, kk].copy(), a[kp, kk + 1:kp].copy()
                a[kk + 1:kp, kk], a[kp, kk + 1:kp] = row.conj(), column.conj()
                a[kp, kk] = a[kp, kk].conj()
                a[kk, kk], a[kp, kp] = a[kp, kp].real, a[kk, kk].real
                if kstep == 2:
                    a[k, k] = a[k, k].real
                    a[k + 1, k], a[kp, k] = a[kp, k], a[k + 1, k]
            else:
                a[k, k] = a[k, k].real
                if kstep == 2:
                    a[k + 1, k + 1] = a[k + 1, k + 1].real
            if kstep == 1:
                if k < n - 1:
                    r1 = 1.0 / a[k, k].real
                    x = a[k + 1:, k].copy()
                    a[k + 1:, k + 1:] -= np.tril(np.outer(x, r1 * x.conj()))
                    rows = np.arange(k + 1, n)
                    a[rows, rows] = a[rows, rows].real
                    a[k + 1:, k] *= r1
            elif k < n - 2:
                d = np.hypot(a[k + 1, k].real, a[k + 1, k].imag)
                d11 = a[k + 1, k + 1].real / d
                d22 = a[k, k].real / d
                tt = 1.0 / (d11 * d22 - 1.0)
                d21 = a[k + 1, k] / d
                d = tt / d
                wk = d * (d11 * a[k + 2:, k] - d21 * a[k + 2:, k + 1])
                wkp1 = d * (d22 * a[k + 2:, k + 1] - d21.conj() * a[k + 2:, k])
                a[k + 2:, k + 2:] -= np.tril(np.outer(a[k + 2:, k], wk.conj()))
                a[k + 2:, k + 2:] -= np.tril(np.outer(a[k + 2:, k + 1], wkp1.conj()))
                a[k + 2:, k], a[k + 2:, k + 1] = wk, wkp1
                rows = np.arange(k + 2, n)
                a[rows, rows] = a[rows, rows].real
        if kstep == 1:
            piv[k] = kp + 1
        else:
            piv[k] = piv[k + 1] = -(kp + 1)
        k += kstep
    return piv, info


def _factor_ex(a, hermitian=False):
    if a.ndim < 2:
        raise errors.ShapeError("torch.linalg.ldl_factor_ex: The input tensor A must have at least 2 dimensions.")
    if a.shape[-1] != a.shape[-2]:
        raise errors.ShapeError(f"torch.linalg.ldl_factor_ex: A must be batches of square matrices, but they are "
                                f"{a.shape[-2]} by {a.shape[-1]} matrices")
    if a.dtype.kind not in "fc":
        raise errors.DTypeError(f"torch.linalg.ldl_factor_ex: Expected a floating point or complex tensor as input. "
                                f"Got {scalar_type_name(a.dtype)}")
    if a.dtype == np.float16:
        raise not_implemented("ldl_factor_kernel_cpu", a)
    n = a.shape[-1]
    ld = np.tril(a).reshape((int(np.prod(a.shape[:-2])), n, n)).copy()
    pivots = np.zeros(ld.shape[:-1], np.int32)
    info = np.zeros(ld.shape[0], np.int32)
    factor = hetf2_lower if hermitian and a.dtype.kind == "c" else sytf2_lower
    for i in range(ld.shape[0]):
        pivots[i], info[i] = factor(ld[i])
    ld = np.tril(ld)
    return ld.reshape(a.shape), pivots.reshape(a.shape[:-1]), info.reshape(a.shape[:-2])


def sytrs_lower(ld: np.ndarray, piv: np.ndarray, b: np.ndarray, hermitian: bool = False) -> np.ndarray:
    """LAPACK's dsytrs/csytrs (uplo 'L'): A X = B for A = L D L^T as sytf2_lower left it; with
    ``hermitian``, chetrs for A = L D L^H as hetf2_lower left it (D's diagonal real, L conjugated going back)."""
    n = ld.shape[0]
    b = b.copy()
    back = ld.conj() if hermitian else ld
    k = 0
    while k < n:       # L D Y = B
        if piv[k] > 0:
            kp = piv[k] - 1
            if kp != k:
                _swap(b, k, kp)
            b[k + 1:] -= np.outer(ld[k + 1:, k], b[k])
            b[k] *= 1.0 / (ld[k, k].real if hermitian else ld[k, k])
            k += 1
        else:
            kp = -piv[k] - 1
            if kp != k + 1:
                _swap(b, k + 1, kp)
            if k < n - 2:
                b[k + 2:] -= np.outer(ld[k + 2:, k], b[k])
                b[k + 2:] -= np.outer(ld[k + 2:, k + 1], b[k + 1])
            akm1k = ld[k + 1, k]
            above = akm1k.conj() if hermitian else akm1k
            akm1, ak = ld[k, k] / above, ld[k + 1, k + 1] / akm1k
            denom = akm1 * ak - 1.0
            bkm1, bk = b[k] / above, b[k + 1] / akm1k
            b[k], b[k + 1] = (ak * bkm1 - bk) / denom, (akm1 * bk - bkm1) / denom
            k += 2
    k = n - 1
    while k >= 0:      # L^T X = Y (L^H)
        if piv[k] > 0:
            if k < n - 1:
                b[k] -= back[k + 1:, k] @ b[k + 1:]
            kp = piv[k] - 1
            if kp != k:
                _swap(b, k, kp)
            k -= 1
        else:
            if k < n - 1:
                b[k] -= back[k + 1:, k] @ b[k + 1:]
                b[k - 1] -= back[k + 1:, k - 1] @ b[k + 1:]
            kp = -piv[k] - 1
            if kp != k:
                _swap(b, k, kp)
            k -= 2
    return b


def _solve(ld, b, pivots, hermitian=False):
    pivots = np.asarray(getattr(pivots, "_data", pivots))
    for x in (ld, b):
        if x.ndim < 2:
            raise IndexError(f"Dimension out of range (expected to be in range of [{-max(x.ndim, 1)}, "
                             f"{max(x.ndim, 1) - 1}], but got -2)")
    if ld.shape[-1] != ld.shape[-2]:
        raise errors.ShapeError(f"torch.linalg.ldl_solve: A must be batches of square matrices, but they are "
                                f"{ld.shape[-2]} by {ld.shape[-1]} matrices")
    if ld.shape[-1] != b.shape[-2]:
        raise errors.ShapeError(f"Incompatible matrix sizes for torch.linalg.ldl_solve: each A matrix is "
                                f"{ld.shape[-2]} by {ld.shape[-1]} but each b matrix is {b.shape[-2]} by "
                                f"{b.shape[-1]}")
    if pivots.shape != ld.shape[:-1]:
        raise errors.ShapeError(f"torch.linalg.ldl_solve: Expected LD.shape[:-1] and pivots.shape to be the same, "
                                f"but got pivots with shape {list(pivots.shape)} instead")
    if b.dtype != ld.dtype:
        raise errors.DTypeError(f"Expected b and A to have the same dtype, but found b of type "
                                f"{scalar_type_name(b.dtype)} and A of type {scalar_type_name(ld.dtype)} instead.")
    if ld.dtype.kind not in "fc":
        raise errors.DTypeError(f"torch.linalg.ldl_solve: Expected a floating point or complex tensor as input. Got "
                                f"{scalar_type_name(ld.dtype)}")
    if ld.dtype == np.float16:
        raise not_implemented("ldl_solve_kernel_cpu", ld)
    batch = np.broadcast_shapes(ld.shape[:-2], b.shape[:-2])
    n = ld.shape[-1]
    count = int(np.prod(batch))
    lds = np.broadcast_to(ld, batch + (n, n)).reshape((count, n, n))
    pivs = np.broadcast_to(pivots, batch + (n,)).reshape((count, n))
    bs = np.broadcast_to(b, batch + b.shape[-2:]).reshape((count,) + b.shape[-2:])
    hermitian = bool(hermitian) and ld.dtype.kind == "c"
    out = (np.stack([sytrs_lower(lds[i], pivs[i], bs[i], hermitian) for i in range(bs.shape[0])]) if bs.shape[0]
           else bs.copy())
    return out.reshape(batch + b.shape[-2:])


def _no_derivative(name: str):
    def backward(m, g, **params):
        raise errors.AutogradError(f"derivative for aten::{name} is not implemented")
    return backward


def _declare(name: str, inputs: tuple, forward, outputs: int = 1, nondiff: tuple = ()):
    op = defop(name, "NotImplemented", inputs, forward, _no_derivative(name), promote=KEEP, outputs=outputs,
               nondiff_outputs=nondiff, jvp_note="none: torch has no derivative", rule="raises: torch has no derivative")
    op.on_node(name=lambda self: "torch::autograd::NotImplemented")     # a C++ node's name(), as torch's
    return op


LDL_FACTOR_EX = _declare("linalg_ldl_factor_ex", ("self",), _factor_ex, outputs=3, nondiff=(1, 2))
LDL_SOLVE = _declare("linalg_ldl_solve", ("LD", "B"), _solve)
