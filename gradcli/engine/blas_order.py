"""Matrix products summed in the order of torch's BLAS where it is known and numpy's sums otherwise.

torch's CPU build multiplies with MKL, numpy with OpenBLAS; both accumulate each output with fused
multiply-adds in their own blocked orders for most shapes. For small and vector-like shapes MKL
instead rounds each product and adds them one after the other along the inner dimension:
- a matrix-vector product on a matrix stored along the other dimension (``x @ B`` with B's rows
  contiguous, ``A @ y`` with A's columns contiguous), float32 and float64;
- float32 products with a row-major B of 2, 3, 4 or 8 columns (float64's kernel sums otherwise);
- every product of inner size 2 or 3 with up to 7 columns, or 4 with up to 3 (a tutorial's
  ``nn.Linear(3, 4)``), any layout.
Measured against torch 2.13 (inner sizes 2 to 5000, up to 1000 outputs): every element equal.
nn.Linear(in, 1)'s weight gradient (``grad.t() @ x``) is such a product, so a regression tutorial
printing ``loss.item()`` in full drifted from torch's digits after a dozen steps. Other shapes keep
numpy's product: MKL's order there is not known.
"""
from __future__ import annotations

import numpy as np

SEQUENTIAL_MAX = 1 << 20    # elements of the products array (4 MB of float32); past it numpy's order

_FLOATS = (np.dtype(np.float32), np.dtype(np.float64))
_F32 = _FLOATS[0]
_NARROW = (2, 3, 4, 8)    # float32 products with this many columns (B row-major) take the same kernel


def sequential_product(a: np.ndarray, b: np.ndarray):
    """``a @ b`` (2-D arrays) summed as MKL's small kernels sum it, or None where that is not torch's order."""
    rows, inner = a.shape
    columns = b.shape[1]
    if inner < 2 or rows * inner * columns > SEQUENTIAL_MAX:
        return None
    dtype = a.dtype
    if dtype is not b.dtype and dtype != b.dtype or dtype not in _FLOATS:
        return None
    size = dtype.itemsize
    if not ((inner <= 3 and columns <= 7) or (inner == 4 and columns <= 3)
            or (rows == 1 and b.strides[1] == size) or (columns == 1 and rows > 1 and a.strides[0] == size)
            or (columns in _NARROW and b.strides[1] == size and dtype is _F32)):
        return None
    return ordered_product(a, b)


def ordered_product(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``a @ b`` (2-D) with each entry's products rounded once and added in order from +0.0, as MKL's
    small kernels add them.
    (An accumulation, since a reduction along a contiguous axis would go pairwise; the final + 0.0
    gives an all -0.0 sum the kernels' +0.0 and makes a new C-ordered array.)"""
    products = a[..., :, :, None] * b[..., None, :, :]
    return np.add.accumulate(products, axis=-2)[..., -1, :] + 0.0


def matmul(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """np.matmul, with torch's order for the products ``sequential_product`` knows."""
    if a.ndim == 2 and b.ndim == 2 and (a.shape[0] == 1 or b.shape[1] <= 8):
        total = sequential_product(a, b)
        if total is not None:
            return total
    return np.matmul(a, b)
