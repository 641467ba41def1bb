"""``torch.vander`` and ``torch.linalg.vander``, composed as torch composes them (so the graph has
torch's nodes: Flip over CopySlices, and Cat over Cumprod)."""
from __future__ import annotations

from .. import dtypes, errors
from ..creation import empty, ones
from ..public import public
from .reductions import cumprod
from .shapes import cat, flip


def _powers_dtype(x):
    """Both promote with int64: integer and bool inputs give int64 powers."""
    return dtypes.promote_types(x.dtype, dtypes.int64)


@public()
def vander(x, N=None, increasing=False):
    """torch.vander: columns x**(N-1), ..., x**0 (or ascending when ``increasing``)."""
    if x.ndim != 1:
        raise errors.AutogradError("x must be a one-dimensional tensor.")
    n = x.shape[0] if N is None else int(N)
    if n < 0:
        raise errors.AutogradError("N must be non-negative.")
    result = empty((x.shape[0], n), dtype=_powers_dtype(x))
    if n > 0:
        result.fill_(1)
        if n > 1:
            result[:, 1:].copy_(x.unsqueeze(1))
            result[:, 1:].copy_(cumprod(result[:, 1:], 1))
        if not increasing:
            return flip(result, (1,))
    return result


@public("vander", namespaces=("torch.linalg",))
def linalg_vander(x, *, N=None):
    """torch.linalg.vander: ascending powers x**0, ..., x**(N-1) along a new last dim (batched)."""
    n = (x.shape[-1] if x.ndim else 1) if N is None else int(N)
    if n <= 1:
        raise errors.AutogradError("N must be greater than 1.")
    if x.dtype is dtypes.float16:
        raise errors.AutogradError("linalg.vander supports floating point, complex, and integer tensors, "
                                   f"but got {dtypes.scalar_type_name(x._data.dtype)}")
    x = x.to(_powers_dtype(x))
    powers = cumprod(x.unsqueeze(-1).expand(*x.shape, n - 1), -1)
    return cat([ones((*x.shape, 1), dtype=x.dtype), powers], -1)
