"""How renorm_, addr_, addmm_, addbmm_, baddbmm_ and addmv_ write a self whose elements share memory
(``x.unfold(0, 2, 1)``, ``as_strided``; an expanded self for baddbmm_ and addmv_, which torch computes
and the others refuse), as torch's CPU kernels run through it.
"""
from __future__ import annotations

import numpy as np

from ..autograd.grad_mode import no_grad
from ..ops.reduction import renorm_factor
from ..overlapping_writes import write_elementwise, write_in_c_order
from ..tensor import make, storage


def renorm_writer(fn, args: tuple, kwargs: dict):
    """renorm_: the slices' norms from the values before the write, then self times its slice's factor
    element by element (torch's renorm_out ends in a mul_out into self)."""
    p, dim, maxnorm = _renorm_arguments(*args, **kwargs)

    def write(target, _):
        ndim = target.ndim
        factor = renorm_factor(target, p, dim % ndim - ndim, maxnorm, ndim)
        write_elementwise(target, np.multiply, (target, factor))
    return write


def _renorm_arguments(p, dim, maxnorm):
    return p, dim, maxnorm


def addr_writer(fn, args: tuple, kwargs: dict):
    """addr_: torch's TensorIterator kernel, each element beta self + alpha vec1 vec2 with self as memory
    holds it then."""
    def write(target, _):
        _scaled_sum_elementwise(target, _product(fn, target, args, kwargs), kwargs.get("beta", 1))
    return write


def matrix_copy_writer(fn, args: tuple, kwargs: dict):
    """addmm_, addbmm_: ATen computes into a column-major copy of self (gemm's layout) and copy_ writes it
    back in the copy's order, column by column: the later sharer of a place in that order wins."""
    def write(target, result):
        _write_columnwise(target, result)
    return write


def _write_columnwise(target, values) -> None:
    write_in_c_order(target.T, np.asarray(values).T)


def baddbmm_writer(fn, args: tuple, kwargs: dict):
    """baddbmm_: ATen's small kernel (contraction x rows x columns < 400) runs element by element; above
    that each batch is an addmm_ (as ``matrix_copy_writer``), one batch after another."""
    batch1, batch2 = args[0] if args else kwargs["batch1"], args[1] if len(args) > 1 else kwargs["batch2"]
    _, rows, contraction = batch1.shape
    small = contraction * rows * batch2.shape[2] < 400
    beta = kwargs.get("beta", 1)

    def write(target, _):
        product = _product(fn, target, args, kwargs)
        if small:
            _scaled_sum_elementwise(target, product, beta)
            return
        for batch, part in zip(target, product):
            _write_columnwise(batch, part if beta == 0 else batch * np.asarray(beta, batch.dtype) + part)
    write.through_zero_strides = True
    return write


def addmv_writer(fn, args: tuple, kwargs: dict):
    """addmv_ into a self with stride 0 (a 1-d self overlaps no other way): ATen's gemv fallback. A
    row-major mat is read row by row (each element beta self + alpha row . vec, in turn); a column-major
    one first scales self by beta once per row, then adds alpha vec[j] mat[i, j] column by column, and with
    beta = 0 zeroes self before each of the first column's terms."""
    mat, vec = args[0] if args else kwargs["mat"], args[1] if len(args) > 1 else kwargs["vec"]
    beta, alpha = kwargs.get("beta", 1), kwargs.get("alpha", 1)

    def write(target, _):
        a = storage(mat)
        m, n = a.shape
        s0, s1 = (st // a.itemsize for st in a.strides)
        if not (s0 == 1 and (n == 1 or s1 >= max(1, m))):    # not column-major: torch's 't' path
            _scaled_sum_elementwise(target, _product(fn, target, args, kwargs), beta)
            return
        t = target.dtype.type
        v, y = storage(vec), target[0]
        if beta not in (0, 1):
            for _ in range(m):
                y = y * t(beta)
        for j in range(n):
            z = t(alpha) * v[j]
            for i in range(m):
                y = (t(0) if j == 0 and beta == 0 else y) + z * a[i, j]
        write_in_c_order(target[:1], np.asarray(y, target.dtype))
    write.through_zero_strides = True
    return write


def _product(fn, target, args, kwargs) -> np.ndarray:
    """alpha times the op's product, which does not read self (the op with beta = 0)."""
    with no_grad():
        return fn(make(target.copy()), *args, **{**kwargs, "beta": 0})._data


def _scaled_sum_elementwise(target, product, beta) -> None:
    """Each element beta self + product in C order, self as the earlier elements left memory (beta = 0:
    the product alone, self's NaN ignored as torch does)."""
    if beta == 0:
        write_elementwise(target, lambda s, p: p, (target, product))
    else:
        k = np.asarray(beta, target.dtype)
        write_elementwise(target, lambda s, p: s * k + p, (target, product))
