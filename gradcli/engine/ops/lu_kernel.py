"""LAPACK's getrf as torch's CPU build (MKL) computes it, in numpy, for a stack of m x n matrices: the
same pivots and, up to 16 x 16 (MKL's unblocked sizes), the same factors to the last bit -- so that
det, solve and inv built on them print what torch prints (``det([[1., 2.], [3., 4.]])`` is -2., not
numpy's -2.0000000000000004, which goes through log|det|)."""
from __future__ import annotations

import numpy as np

SMALL_SQUARE = 4    # MKL divides the last column of a square matrix up to this size by its pivot


def getrf(a) -> tuple:
    """The packed factors (L's unit diagonal left out), the 1-based int32 pivots, and info (the
    1-based index of the first zero pivot, 0 if none). The pivot is the first entry of largest
    magnitude, |re| + |im| for complex entries (BLAS's i?amax), NaN passed over unless it comes first;
    a zero pivot is kept and the elimination goes on, as LAPACK's does. A column is scaled by the
    pivot's reciprocal, except the last one of a small square matrix, which is divided."""
    lu = np.array(a, dtype=a.dtype, copy=True)
    m, n = lu.shape[-2:]
    k = min(m, n)
    pivots = np.zeros(lu.shape[:-2] + (k,), np.int32)
    info = np.zeros(lu.shape[:-2], np.int32)
    if lu.size == 0:
        return lu, pivots, info
    flat, pflat, iflat = lu.reshape((-1, m, n)), pivots.reshape((-1, k)), info.reshape(-1)
    rows = np.arange(flat.shape[0])
    divide_last = m == n <= SMALL_SQUARE
    for j in range(k):
        col = flat[:, j:, j]
        mag = np.abs(col.real) + np.abs(col.imag) if np.iscomplexobj(col) else np.abs(col)
        first_nan = np.isnan(mag[:, 0])
        p = j + np.where(first_nan, 0, np.argmax(np.where(np.isnan(mag), -1, mag), axis=1))
        pflat[:, j] = p + 1
        row = flat[rows, p].copy()
        flat[rows, p] = flat[:, j]
        flat[:, j] = row
        pivot = flat[:, j, j]
        iflat[:] = np.where((iflat == 0) & (pivot == 0), j + 1, iflat)
        with np.errstate(all="ignore"):
            if divide_last and j == n - 2:
                flat[:, j + 1:, j] /= np.where(pivot != 0, pivot, 1)[:, None]
            else:
                flat[:, j + 1:, j] *= np.where(pivot != 0, 1 / np.where(pivot != 0, pivot, 1), 1)[:, None]
            flat[:, j + 1:, j + 1:] -= flat[:, j + 1:, j, None] * flat[:, j, None, j + 1:]
    return lu, pivots, info


SMALL_SOLVE = 7     # up to this size MKL's getrs is the plain substitution below (larger: blocked)


def getrs(lu, pivots, b):
    """X with A X = B from A's getrf factors (A = P L U), B a stack of n x k matrices: LAPACK's getrs
    with torch's (MKL's) arithmetic up to ``SMALL_SOLVE``: B's rows swapped as the pivots say, then
    each row of L Y = B takes its dot product in ascending order and each row of U X = Y in
    descending order (products rounded, then summed), scaled by the pivot's reciprocal; the result
    column-major, as LAPACK leaves it. None when the system is larger or complex (numpy's solver then)."""
    n = lu.shape[-1]
    if n > SMALL_SOLVE or lu.dtype.kind == "c":
        return None
    x = np.array(np.broadcast_to(b, np.broadcast_shapes(lu.shape[:-2], b.shape[:-2]) + b.shape[-2:]),
                 dtype=np.result_type(lu, b), copy=True)
    _swap_rows(x, pivots, range(n))
    with np.errstate(all="ignore"):
        for i in range(1, n):
            dot = lu[..., i, 0, None] * x[..., 0, :]
            for k in range(1, i):
                dot = dot + lu[..., i, k, None] * x[..., k, :]
            x[..., i, :] -= dot
        for i in range(n - 1, -1, -1):
            if i < n - 1:
                dot = lu[..., i, n - 1, None] * x[..., n - 1, :]
                for k in range(n - 2, i, -1):
                    dot = dot + lu[..., i, k, None] * x[..., k, :]
                x[..., i, :] -= dot
            x[..., i, :] *= (1 / lu[..., i, i])[..., None]
    return np.swapaxes(np.ascontiguousarray(np.swapaxes(x, -1, -2)), -1, -2)    # LAPACK's layout, as torch's


def getrs_adjoint(lu, pivots, b):
    """X with A^T X = B from A's getrf factors (getrs with trans, which torch's solve with left=False
    takes: X A = B is A^T X^T = B^T): U^T Y = B row by row in ascending order (each row scaled by its
    pivot's reciprocal), then L^T Z = Y in descending order, then the row swaps undone, last first.
    MKL's arithmetic up to ``SMALL_SQUARE``; None when larger or complex (numpy's solver then)."""
    n = lu.shape[-1]
    if n > SMALL_SQUARE or lu.dtype.kind == "c":
        return None
    x = np.array(np.broadcast_to(b, np.broadcast_shapes(lu.shape[:-2], b.shape[:-2]) + b.shape[-2:]),
                 dtype=np.result_type(lu, b), copy=True)
    with np.errstate(all="ignore"):
        for i in range(n):
            if i:
                dot = lu[..., 0, i, None] * x[..., 0, :]
                for k in range(1, i):
                    dot = dot + lu[..., k, i, None] * x[..., k, :]
                x[..., i, :] -= dot
            x[..., i, :] *= (1 / lu[..., i, i])[..., None]
        for i in range(n - 2, -1, -1):
            dot = lu[..., n - 1, i, None] * x[..., n - 1, :]
            for k in range(n - 2, i, -1):
                dot = dot + lu[..., k, i, None] * x[..., k, :]
            x[..., i, :] -= dot
    _swap_rows(x, pivots, range(n - 1, -1, -1))
    return x


def _swap_rows(x, pivots, order) -> None:
    """LAPACK's laswp on a stack of right-hand sides: row k with row pivots[k] (1-based), k in ``order``."""
    index = np.broadcast_to(pivots - 1, x.shape[:-2] + (pivots.shape[-1],))
    for k in order:
        rows = index[..., k]
        if (rows != k).any():
            picked = np.take_along_axis(x, rows[..., None, None], -2)[..., 0, :]
            swap = np.where((rows != k)[..., None], picked, x[..., k, :])
            np.put_along_axis(x, rows[..., None, None], x[..., k, None, :], -2)
            x[..., k, :] = swap
