"""torch's CPU bmm for small matrices: below 400 multiply-adds per matrix (contraction x rows x
columns) ATen's baddbmm_cpu_kernel sums each entry's products in order, one rounding per step;
numpy's matmul (OpenBLAS) pairs and fuses them, which differs from torch's last bit on a third to
a half of float32 entries. Larger products go to BLAS on both sides."""
from __future__ import annotations

import numpy as np

from ..blas_order import ordered_product

SMALL = 400
_OWN = (np.dtype(np.float32), np.dtype(np.float64))    # the dtypes that sum in their own precision


def bmm(a, b):
    """``a @ b`` over the last two dims (leading dims broadcast), in torch's order when small."""
    k = a.shape[-1]
    if (a.shape[-2] * k * b.shape[-1] >= SMALL or not k or b.shape[-2] != k or a.dtype not in _OWN
            or b.dtype != a.dtype):    # (mismatched inner sizes: matmul's error, never a broadcast)
        # (half precision accumulates in float32 there: numpy's matmul is as close)
        return np.matmul(a, b)
    return ordered_product(a, b)


def matmul(a, b):
    """torch.matmul's product: bmm (in its order when small) when both operands are batched, else
    one BLAS product (torch folds a batch into mm)."""
    return bmm(a, b) if a.ndim >= 3 and b.ndim >= 3 else np.matmul(a, b)
