"""torch.ormqr (OrmqrBackward0): ``other`` multiplied by the full orthogonal Q = H_1 ... H_t of geqrf's
packed reflectors (``self`` below its diagonal, ``input2`` the taus), from the left or the right,
transposed or not.

Q is householder_product's, taken square (the reflectors' columns, cut or padded with zero columns to
Q's order), so the gradient to the reflectors and taus is householder_product's backward applied to
dQ, and the one to ``other`` is the product by Q's transpose. Real dtypes only (gradcli's householder
product conjugates nothing).
"""
from __future__ import annotations

import numpy as np

from ..dispatch import call
from ..dtypes import scalar_type_name
from ..errors import DTypeError, ShapeError
from .dtype_rules import not_implemented
from .linalg_factor import HOUSEHOLDER_PRODUCT, _householder_bwd, householder_np
from .registry import KEEP, defop
from .samples import Sample, arr


def check(a, tau, other, left: bool) -> None:
    """torch's checks, in its order, then its kernel's dtypes."""
    if a.ndim < 2:
        raise ShapeError("torch.ormqr: input must have at least 2 dimensions.")
    if other.ndim < 2:
        raise ShapeError("torch.ormqr: other must have at least 2 dimensions.")
    side = -2 if left else -1
    if other.shape[side] != a.shape[-2]:
        raise ShapeError(f"torch.ormqr: other.shape[{side}] must be equal to input.shape[-2]")
    if tau.shape[-1] != min(other.shape[side], a.shape[-1]):
        raise ShapeError(f"torch.ormqr: tau.shape[-1] must be equal to min(other.shape[{side}], input.shape[-1])")
    if tau.ndim != a.ndim - 1:
        raise ShapeError(f"torch.ormqr: Expected tau to have one dimension less than input, but got tau.ndim equal "
                         f"to {tau.ndim} and input.ndim is equal to {a.ndim}")
    if other.ndim != a.ndim:
        raise ShapeError(f"torch.ormqr: Expected other to have the same number of dimensions as input, but got "
                         f"other.ndim equal to {other.ndim} and input.ndim is equal to {a.ndim}")
    if tau.shape[:-1] != a.shape[:-2]:
        raise ShapeError(f"torch.ormqr: Expected batch dimensions of tau to be equal to input.shape[:-2], but got "
                         f"{list(tau.shape[:-1])}")
    if other.shape[:-2] != a.shape[:-2]:
        raise ShapeError(f"torch.ormqr: Expected batch dimensions of other to be equal to input.shape[:-2], but "
                         f"got {list(other.shape[:-2])}")
    for what, b in (("tau", tau), ("other", other)):
        if b.dtype != a.dtype:
            raise DTypeError(f"torch.ormqr: Expected input and {what} to have the same dtype, but input has dtype"
                             f"{scalar_type_name(a.dtype)} and {what} has dtype {scalar_type_name(b.dtype)}")
    if a.dtype.kind != "f" or a.dtype == np.float16:
        if a.dtype.kind == "c":
            raise NotImplementedError("torch.ormqr of complex tensors is not available in gradcli yet")
        raise not_implemented("ormqr_cpu", a)


def _square(m, a, order: int):
    """The reflectors' matrix with ``order`` columns: cut, or padded with zero columns."""
    cols = a.shape[-1]
    if cols >= order:
        return a[..., :order] if m is None else m.narrow(a, -1, 0, order)
    pad = tuple(a.shape[:-1]) + (order - cols,)
    if m is None:
        return np.concatenate([a, np.zeros(pad, a.dtype)], -1)
    return m.cat([a, m.zeros(pad, a)], -1)


def _apply(m, q, other, left: bool, transpose: bool):
    """Q (or Q^T) times other, or other times it (``m`` None: numpy)."""
    qt = (np.swapaxes(q, -1, -2) if m is None else m.mT(q)) if transpose else q
    matmul = np.matmul if m is None else m.matmul
    return matmul(qt, other) if left else matmul(other, qt)


def _forward(a, tau, other, left=True, transpose=False):
    check(a, tau, other, left)
    q = householder_np(_square(None, a, a.shape[-2]), tau)
    return _apply(None, q, other, left, transpose)


def _backward(m, g, result, a, tau, other, left, transpose, needs=(True, True, True)):
    order = a.shape[-2]
    tensors = m if m.is_tensor else None      # (the saved values have no batch dims; g may)
    square = _square(tensors, a, order)
    q = call(HOUSEHOLDER_PRODUCT, (square, tau)) if m.is_tensor else householder_np(square, tau)
    if m.is_tensor and not m.nb:      # torch's: ormqr itself, transposed the other way (an OrmqrBackward0 node)
        grad_other = call(ORMQR, (a, tau, g), {"left": left, "transpose": not transpose})
    else:
        grad_other = _apply(m, q, g, left, not transpose)
    grad_a = grad_tau = None
    if needs[0] or needs[1]:
        # dQ for each form: R = Q C -> g C^T; Q^T C -> C g^T; C Q -> C^T g; C Q^T -> g^T C
        if left:
            dq = m.matmul(g, m.mT(other)) if not transpose else m.matmul(other, m.mT(g))
        else:
            dq = m.matmul(m.mT(other), g) if not transpose else m.matmul(m.mT(g), other)
        grad_square, grad_tau = _householder_bwd(m, dq, square, tau, q)
        if grad_square is not None:
            cols = a.shape[-1]
            grad_a = _square(tensors, grad_square, cols) if cols != order else grad_square
    return grad_a, grad_tau, grad_other


def _samples():
    def packed(rows, cols, seed):
        a = arr(rows, cols, seed=seed)
        return a, arr(min(rows, cols), low=0.5, high=1.5, seed=seed + 1)
    a, tau = packed(5, 3, 1)
    b, taub = packed(3, 4, 3)
    return [Sample(a, tau, arr(5, 2, seed=5), params={"left": True, "transpose": False}),
            Sample(a, tau, arr(2, 5, seed=6), params={"left": False, "transpose": True}, note="right, transposed"),
            Sample(a, tau, arr(5, 3, seed=7), params={"left": True, "transpose": True}, note="transposed"),
            Sample(b, taub, arr(4, 3, seed=8), params={"left": False, "transpose": False},
                   note="right, more reflector columns than rows")]


ORMQR = defop("ormqr", "OrmqrBackward0", ("self", "input2", "input3"), _forward, _backward,
              saves=("result", "self", "input2", "input3", "left", "transpose"), promote=KEEP, masked=True,
              samples=_samples, jvp_note="generic: derived through double-vjp",
              rule="other: Q^T g (or g Q, as the side and transpose say); reflectors and taus: householder_product's "
                   "backward of dQ")
