"""Matrix-vector products summed in the order of torch's BLAS, where numpy's sums otherwise.

torch's CPU build multiplies with MKL, numpy with OpenBLAS; for most shapes both accumulate each
output with fused multiply-adds in their own blocked orders. MKL's matrix-vector kernel on a matrix
stored along the other dimension (``x @ B`` with B's rows contiguous, ``A @ y`` with A's columns
contiguous) instead rounds each product and adds them one row (column) after the other. Measured
against torch 2.13 for float32 and float64, inner sizes 2 to 5000 and up to 1000 outputs: every
element equal. nn.Linear(in, 1)'s weight gradient is such a product (``grad.t() @ x``), so a
regression tutorial printing ``loss.item()`` in full drifted from torch's digits after a dozen steps.
Other shapes keep numpy's product: MKL's order there is not known.
"""
from __future__ import annotations

import numpy as np

SEQUENTIAL_MAX = 1 << 22    # elements of the products array (16 MB of float32); past it numpy's order

_FLOATS = (np.dtype(np.float32), np.dtype(np.float64))


def sequential_product(a: np.ndarray, b: np.ndarray):
    """``a @ b`` (2-D arrays) summed as MKL's matrix-vector kernel sums it, or None where that kernel
    is not the one torch's product takes."""
    rows, inner = a.shape
    columns = b.shape[1]
    size = a.itemsize
    if not ((rows == 1 and b.strides[1] == size) or (columns == 1 and rows > 1 and a.strides[0] == size)):
        return None
    if (inner < 2 or a.dtype not in _FLOATS or b.dtype is not a.dtype and b.dtype != a.dtype
            or rows * inner * columns > SEQUENTIAL_MAX):
        return None
    products = a[:, :, None] * b[None, :, :]          # each rounded once, as MKL's multiply
    # added in order (a reduction along a contiguous axis would go pairwise); the kernel starts from
    # +0.0, so an all -0.0 sum is +0.0, and the result is a new contiguous array
    return np.add.accumulate(products, axis=1)[:, -1, :] + 0.0


def matmul(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """np.matmul, with torch's order for the matrix-vector products ``sequential_product`` knows."""
    if a.ndim == 2 and b.ndim == 2 and (a.shape[0] == 1 or b.shape[1] == 1):
        total = sequential_product(a, b)
        if total is not None:
            return total
    return np.matmul(a, b)
