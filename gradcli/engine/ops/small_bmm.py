"""torch's CPU bmm for small matrices: below 400 multiply-adds per matrix (contraction x rows x
columns) ATen's baddbmm_cpu_kernel sums each entry's products in order, one rounding per step;
numpy's matmul (OpenBLAS) pairs and fuses them, which differs from torch's last bit on a third to
a half of float32 entries. Larger products go to BLAS on both sides."""
from __future__ import annotations

import numpy as np

SMALL = 400
_OWN = (np.dtype(np.float32), np.dtype(np.float64))    # the dtypes that sum in their own precision


def bmm(a, b):
    """``a @ b`` over the last two dims (leading dims broadcast), in torch's order when small."""
    k = a.shape[-1]
    if a.shape[-2] * k * b.shape[-1] >= SMALL or not k or a.dtype not in _OWN or b.dtype != a.dtype:
        # (half precision accumulates in float32 there: numpy's matmul is as close)
        return np.matmul(a, b)
    out = np.multiply(a[..., :, :1], b[..., :1, :], order="C")    # C-ordered, as matmul's result (its strides)
    out += 0.0      # torch's sum starts at +0: a lone -0.0 product becomes +0.0
    for i in range(1, k):
        out += a[..., :, i:i + 1] * b[..., i:i + 1, :]
    return out


def matmul(a, b):
    """torch.matmul's product: bmm (in its order when small) when both operands are batched, else
    one BLAS product (torch folds a batch into mm)."""
    return bmm(a, b) if a.ndim >= 3 and b.ndim >= 3 else np.matmul(a, b)
