"""torch.linalg's LU family, matrix_exp, matrix_power, matrix_rank, cond, cross, vecdot, lstsq, the ``_ex``
variants, tensorinv/tensorsolve, eig/eigvals, and torch.lu, lu_unpack, lu_solve, cholesky_inverse,
matrix_exp: torch's checks, result tuples and errors in front of the records of ops/linalg_factor.py."""
from __future__ import annotations

import math
import warnings

import numpy as np

from .. import dtypes, errors, instrumentation
from ..creation import tensor as _tensor
from ..decompositions import _linalg_cholesky, svdvals, eigvalsh
from ..dims import wrap_dim, wrap_dim_of_sized
from ..dispatch import call
from ..autograd.grad_mode import is_grad_enabled
from ..ops import decompositions as D, linalg as L
from ..ops.dtype_rules import not_implemented
from ..public import public
from ..return_types import result_type
from ..tensor import Tensor, _warned, make
from .linear_algebra import inverse, matmul, solve
from . import reductions
from .reductions import norm as _norm, sum as _sum
from .shapes import reshape


def _int32(a) -> Tensor:
    return make(np.asarray(a, np.int32))


def _lu_input(A, name):
    if A.ndim < 2:
        raise errors.ShapeError(f"torch.{name}: Expected tensor with 2 or more dimensions. Got size: "
                                f"{list(A.shape)} instead")
    D.real_float_check(f"linalg.{name.split('.')[-1]}", A._data)


def _pivoting(pivot, name):
    if not pivot:
        raise errors.AutogradError(f"linalg.{name}: LU without pivoting is not implemented on the CPU")


def lu_factor_ex(A, *, pivot=True, check_errors=False):
    """torch.linalg.lu_factor_ex: the packed LU factors, the pivots and LAPACK's info (no error)."""
    from ..ops import linalg_factor as F
    _lu_input(A, "lu_factor")
    _pivoting(pivot, "lu_factor")
    LU, pivots, info = call(F.LU_FACTOR_EX, (A,), {"pivot": True})
    if check_errors and info._data.any():
        raise errors.AutogradError(f"torch.linalg.lu_factor_ex: U[{int(info._data.max())},{int(info._data.max())}]"
                                   " is zero and using it on lu_solve would result in a division by zero.")
    return result_type("linalg_lu_factor_ex")(LU, pivots, info)


def ldl_factor_ex(A, *, hermitian=False, check_errors=False):
    """torch.linalg.ldl_factor_ex: LAPACK's Bunch-Kaufman A = L D L^T packed as LD, its 1-based pivots
    (negative for a 2x2 block) and info."""
    from ..ops.ldl import LDL_FACTOR_EX
    LD, pivots, info = call(LDL_FACTOR_EX, (A,), {"hermitian": bool(hermitian)})
    if check_errors:
        _ldl_errors(info, "torch.linalg.ldl_factor_ex")
    return result_type("linalg_ldl_factor_ex")(LD, pivots, info)


def ldl_factor(A, *, hermitian=False):
    """torch.linalg.ldl_factor: ldl_factor_ex whose nonzero info is torch's (internal) error."""
    LD, pivots, info = ldl_factor_ex(A, hermitian=hermitian)
    _ldl_errors(info, "torch.linalg.ldl_factor")
    return result_type("linalg_ldl_factor")(LD, pivots)


def _ldl_errors(info, name: str) -> None:
    """torch reports sytrf's positive info (an exactly singular D) through an internal assert, in these words."""
    bad = info._data.reshape(-1)
    if bad.any():
        raise errors.AutogradError(f'false INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/src/ATen/native/'
                                   f'BatchLinearAlgebra.cpp":1642, please report a bug to PyTorch. {name}: Unknown '
                                   f"error code: {int(bad[bad != 0][0])}.")


def ldl_solve(LD, pivots, B, *, hermitian=False):
    """torch.linalg.ldl_solve: A X = B from ldl_factor's LD and pivots (LAPACK's sytrs)."""
    from ..ops.ldl import LDL_SOLVE
    return call(LDL_SOLVE, (LD, B), {"pivots": pivots, "hermitian": bool(hermitian)})


def lu_factor(A, *, pivot=True):
    """torch.linalg.lu_factor: A = P L U packed as LU and pivots; a zero pivot is torch's error."""
    LU, pivots, info = lu_factor_ex(A, pivot=pivot)
    bad = info._data.reshape(-1)
    if bad.any():
        i = int(np.argmax(bad > 0))
        batch = f"(Batch element {i}): " if A.ndim > 2 else ""
        k = int(bad[i])
        raise errors.AutogradError(
            f"torch.linalg.lu_factor: {batch}U[{k},{k}] is zero and using it on lu_solve would result in a division "
            "by zero. If you still want to perform the factorization, consider calling linalg.lu(A, pivot) or "
            "linalg.lu_factor_ex(A, pivot)")
    return result_type("linalg_lu_factor")(LU, pivots)


def lu(A, *, pivot=True):
    """torch.linalg.lu: P, unit-lower L and upper U with A = P L U."""
    from ..ops import linalg_factor as F
    _lu_input(A, "linalg.lu")
    _pivoting(pivot, "lu")
    return result_type("linalg_lu")(*call(F.LU, (A,), {"pivot": True}))


def lu_solve(LU, pivots, B, *, left=True, adjoint=False):
    """torch.linalg.lu_solve: X with A X = B from A's LU factors (A^H X = B when ``adjoint``; X A = B
    when not ``left``)."""
    from ..ops import linalg_factor as F
    n = LU.shape[-1]
    if LU.ndim < 2 or LU.shape[-2] != n:
        raise errors.ShapeError(f"linalg.lu_solve: A must be batches of square matrices, but they are "
                                f"{LU.shape[-2] if LU.ndim > 1 else 1} by {n} matrices")
    if LU.dtype != B.dtype:
        raise errors.DTypeError(f"linalg.lu_solve: Expected LU and B to have the same dtype, but found LU of type "
                                f"{LU.dtype.scalar_name} and B of type {B.dtype.scalar_name} instead")
    if B.ndim < 2:
        raise errors.ShapeError("linalg.lu_solve: The input tensor B must have at least 2 dimensions.")
    if B.shape[-2 if left else -1] != n:
        raise errors.ShapeError(f"linalg.lu_solve: Incompatible shapes of A and B for the equation "
                                f"{'AX = B' if left else 'XA = B'} ({n}x{n} and {B.shape[-2]}x{B.shape[-1]})")
    return call(F.LU_SOLVE, (LU, B), {"pivots": pivots._data, "left": bool(left), "adjoint": bool(adjoint)})


@public()
def lu_unpack(LU_data, LU_pivots, unpack_data=True, unpack_pivots=True):
    """torch.lu_unpack: P, L, U from lu_factor's packed result (empty where not unpacked)."""
    from ..ops import linalg_factor as F
    return result_type("lu_unpack")(*call(F.LU_UNPACK, (LU_data,), {
        "pivots": LU_pivots._data, "unpack_data": bool(unpack_data), "unpack_pivots": bool(unpack_pivots),
        "LU_data_sym_argsize_minus_1": LU_data.shape[-1], "LU_data_sym_argsize_minus_2": LU_data.shape[-2]}))


def _lu(A, pivot=True, get_infos=False):
    """torch.lu (deprecated by torch, with its warning): linalg.lu_factor_ex under its old name."""
    warnings.warn("torch.lu is deprecated in favor of torch.linalg.lu_factor / torch.linalg.lu_factor_ex and will "
                  "be removed in a future PyTorch release.\nLU, pivots = torch.lu(A, compute_pivots)\nshould be "
                  "replaced with\nLU, pivots = torch.linalg.lu_factor(A, compute_pivots)\nand\nLU, pivots, info = "
                  "torch.lu(A, compute_pivots, get_infos=True)\nshould be replaced with\nLU, pivots, info = "
                  "torch.linalg.lu_factor_ex(A, compute_pivots)", UserWarning, stacklevel=2)
    LU, pivots, info = lu_factor_ex(A, pivot=pivot)
    if get_infos:
        return result_type("_lu_with_info")(LU, pivots, info)
    if info._data.any():
        k = int(info._data.reshape(-1)[np.argmax(info._data.reshape(-1) > 0)])
        raise errors.AutogradError(f"torch.lu: U[{k},{k}] is zero and using it on lu_solve would result in a "
                                   "division by zero. If you still want to perform the factorization, consider "
                                   "calling linalg.lu(A, pivot) or linalg.lu_factor_ex(A, pivot)")
    return LU, pivots


_lu.__name__ = "lu"
public("lu", method=True)(_lu)


@public(method=True, name="lu_solve")
def _lu_solve_deprecated(b, LU_data, LU_pivots):
    """torch.lu_solve (deprecated by torch, with its warning): linalg.lu_solve with its arguments reversed."""
    warnings.warn("torch.lu_solve is deprecated in favor of torch.linalg.lu_solveand will be removed in a future "
                  "PyTorch release.\nNote that torch.linalg.lu_solve has its arguments reversed.\nX = "
                  "torch.lu_solve(B, LU, pivots)\nshould be replaced with\nX = torch.linalg.lu_solve(LU, pivots, B)",
                  UserWarning, stacklevel=2)
    return lu_solve(LU_data, LU_pivots, b)


@public(method=True)
def matrix_exp(input):
    """torch.matrix_exp: exp(A) = sum A^k / k! (scaling and squaring with a Pade approximant)."""
    from ..ops import linalg_factor as F
    D.matrix_check("linalg.matrix_exp", input._data)
    return call(F.MATRIX_EXP, (input,))


@public(method=True)
def cholesky_inverse(input, upper=False):
    """torch.cholesky_inverse: (L L^H)^-1 (U^H U when ``upper``) from a Cholesky factor."""
    from ..ops import linalg_factor as F
    if input.ndim < 2 or input.shape[-1] != input.shape[-2]:
        raise errors.ShapeError(f"cholesky_inverse: A must be batches of square matrices, but they are "
                                f"{input.shape[-2] if input.ndim > 1 else 1} by {input.shape[-1]} matrices")
    D.real_float_check("cholesky_inverse", input._data)
    return call(F.CHOLESKY_INVERSE, (input,), {"upper": bool(upper)})


def cross(input, other, *, dim=-1):
    """torch.linalg.cross: the cross product of 3-vectors along ``dim`` (the inputs broadcast)."""
    from ..ops import linalg_factor as F
    if input.ndim != other.ndim:
        raise errors.ShapeError("linalg.cross: inputs must have the same number of dimensions.")
    d = wrap_dim_of_sized(dim, input.ndim)      # (torch reads input.size(dim))
    if input.shape[d] != 3 or other.shape[d] != 3:
        raise errors.ShapeError(f"linalg.cross: inputs dimension {dim} must have length 3. Got "
                                f"{input.shape[d]} and {other.shape[d]}")
    return call(F.CROSS, (input, other), {"dim": dim})


def vecdot(x, y, *, dim=-1):
    """torch.linalg.vecdot: sum(x * y) along ``dim`` (x conjugated; real here), as torch composes it."""
    instrumentation.check_broadcast(tuple(x.shape), tuple(y.shape))     # the product, before it is made
    back = dim - max(x.ndim, y.ndim) if dim >= 0 else dim     # and its sum (over an empty dim: a large result)
    instrumentation.check_broadcast(*(tuple(1 if k == t.ndim + back else n for k, n in enumerate(t.shape))
                                      for t in (x, y)))
    return _sum(x * y, dim)


def matrix_power(A, n):
    """torch.linalg.matrix_power: A^n by torch's steps (clone for 1, the inverse for -1, matmuls by
    repeated squaring, of the inverse for n < -1, the identity for 0)."""
    if A.ndim < 2 or A.shape[-1] != A.shape[-2]:
        raise errors.ShapeError(f"linalg.matrix_power: A must be batches of square matrices, but they are "
                                f"{A.shape[-2] if A.ndim > 1 else 1} by {A.shape[-1]} matrices")
    if n == 0:
        eye = make(np.broadcast_to(np.eye(A.shape[-1], dtype=A._data.dtype), tuple(A.shape)).copy())
        return A.clone().copy_(eye)
    if n == -1:
        return inverse(A)
    if n < 0:
        A, n = inverse(A), -n
    if n == 1:
        return A.clone()
    if n == 2:
        return matmul(A, A)
    if n == 3:
        return matmul(matmul(A, A), A)
    z = result = None
    while n > 0:
        bit, n = n % 2, n // 2
        z = A if z is None else matmul(z, z)
        if bit:
            result = z if result is None else matmul(result, z)
    return result


def matrix_rank(A, *, atol=None, rtol=None, hermitian=False, tol=None):
    """torch.linalg.matrix_rank: the number of singular values above max(atol, rtol * largest) (rtol
    defaults to eps * max(m, n) when neither is given; ``tol`` is the old name of atol)."""
    if A.ndim < 2:
        raise errors.ShapeError("torch.linalg.matrix_rank: The input tensor input must have at least 2 dimensions.")
    if A._data.dtype not in (np.float32, np.float64, np.complex64, np.complex128):
        raise errors.DTypeError("This function doesn't handle types other than float and double")
    if tol is not None:
        atol, rtol = tol, 0.0
    values = (eigvalsh(A).abs() if hermitian else svdvals(A))._data
    eps = np.finfo(values.dtype).eps
    if rtol is None:
        rtol = eps * max(A.shape[-2:]) if atol is None or atol <= 0 else 0.0
    top = values.max(-1, initial=0.0) if values.size else np.zeros(values.shape[:-1])
    cut = np.maximum(0.0 if atol is None else atol, rtol * top)
    return make(np.asarray((values > cut[..., None]).sum(-1), np.int64))


def cond(A, p=None):
    """torch.linalg.cond: sigma_max / sigma_min for p None or 2 (its inverse for -2), sum(s) sum(1/s) for
    'nuc', else norm(A, p) * norm(inv(A), p) with inf for a singular A; torch's steps, so torch's nodes."""
    if A.ndim < 2:
        raise errors.ShapeError(f"linalg.cond{'' if p in (None, 2, -2) else f'(ord={p})'}: The input tensor "
                                f"{'' if p in (None, 2, -2) else 'A '}must have at least 2 dimensions.")
    if p in (None, 2, -2):
        s = svdvals(A)
        top, bottom = s[..., 0:1], s[..., -1:]
        return (bottom / top if p == -2 else top / bottom).squeeze(-1)
    if A.shape[-1] != A.shape[-2]:
        raise errors.ShapeError(f"linalg.cond(ord={p}): A must be batches of square matrices, but they are "
                                f"{A.shape[-2]} by {A.shape[-1]} matrices")
    if p == "nuc":
        s = svdvals(A)
        return s.sum(-1) * s.reciprocal().sum(-1)
    inverse_, info = inv_ex(A)
    inverse_.masked_fill_(make(info._data[..., None, None] > 0), float("inf"))
    return (matrix_norm(A, p) * matrix_norm(inverse_, p)).nan_to_num(float("inf"), float("inf"), -float("inf"))


def matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False, *, dtype=None):
    """torch.linalg.matrix_norm by torch's steps: 'fro' as a vector norm over both dims; 1/-1 (inf/-inf)
    the largest/smallest absolute column (row) sum; 2/-2/'nuc' from the singular values."""
    if A._data.dtype.kind not in "fc":
        raise errors.AutogradError("linalg.matrix_norm: Expected a floating point or complex tensor as input. "
                                   f"Got {dtypes.scalar_type_name(A._data.dtype)}")
    if A.ndim < 2:
        raise errors.ShapeError("linalg.matrix_norm: The input tensor A must have at least 2 dimensions.")
    if len(dim) != 2:
        raise errors.AutogradError(f"linalg.matrix_norm: dim must be a 2-tuple. Got {' '.join(map(str, dim))}")
    d0, d1 = (wrap_dim(d, A.ndim) % A.ndim for d in dim)
    if d0 == d1:
        raise errors.AutogradError(f"linalg.matrix_norm: dims must be different. Got ({d0}, {d1})")
    if ord == "fro":
        return _norm(A, ord, (d0, d1), keepdim, dtype)
    if ord in ("nuc", 2, -2):
        A = A if dtype is None else A.to(dtype)
        order = [d for d in range(A.ndim) if d not in (d0, d1)] + [d0, d1]
        s = svdvals(A.permute(tuple(order)))
        out = s.sum(-1, keepdim) if ord == "nuc" else s.amax(-1, keepdim) if ord == 2 else s.amin(-1, keepdim)
        return out.unsqueeze(-1).permute(tuple(order.index(d) for d in range(A.ndim))) if keepdim else out
    if ord not in (1, -1, math.inf, -math.inf):
        raise errors.AutogradError(f"linalg.matrix_norm: Order {ord} not supported.")
    if abs(ord) == math.inf:
        d0, d1 = d1, d0
    if not keepdim and d0 < d1:
        d1 -= 1
    sums = _norm(A, 1, d0, keepdim, dtype)
    return sums.amax(d1, keepdim) if ord > 0 else sums.amin(d1, keepdim)


reductions._linalg[0] = matrix_norm    # torch.norm(p="nuc")


@public()
def nuclear_norm(input, dim=None, keepdim=False):
    """torch.nuclear_norm, kept by torch for TorchScript with a warning: linalg.matrix_norm(input, 'nuc')
    over ``dim`` (the last two dims by default), its nodes and gradient through the SVD."""
    if not _warned["nuclear_norm"]:     # torch's TORCH_WARN_ONCE
        _warned["nuclear_norm"] = not _warned["always"]
        warnings.warn("at::nuclear_norm is deprecated and it is just left for JIT compatibility. It will be removed "
                      "in a future PyTorch release. Please use `linalg.matrix_norm(A, 'nuc', dim, keepdim)` instead",
                      UserWarning, stacklevel=2)
    if isinstance(dim, bool):        # nuclear_norm(input, keepdim)
        dim, keepdim = None, dim
    return matrix_norm(input, "nuc", (-2, -1) if dim is None else tuple(dim), keepdim)


def solve_ex(A, B, *, left=True, check_errors=False):
    """torch.linalg.solve_ex: the solution and LAPACK's info (the index of a zero pivot: the solution
    is then inf/NaN, as torch's)."""
    from ..ops import linalg_factor as F
    info = F.getrf(A._data)[2]
    if info.any():
        if check_errors:
            return solve(A, B, left=left)
        vector = L.solve_is_vector(A.shape, B.shape)
        b = B._data[..., None] if vector else B._data
        with np.errstate(all="ignore"):
            x = F.lu_solve_np(*F.getrf(A._data)[:2], b, left)
        return result_type("linalg_solve_ex")(make(x[..., 0] if vector else x), _int32(info))
    return result_type("linalg_solve_ex")(solve(A, B, left=left), _int32(info))


def inv_ex(A, *, check_errors=False):
    """torch.linalg.inv_ex: the inverse and LAPACK's info (inf/NaN entries for a singular matrix)."""
    from ..ops import linalg_factor as F
    D.matrix_check("linalg.inv", A._data)
    info = F.getrf(A._data)[2]
    if info.any() and not check_errors:
        eye = np.broadcast_to(np.eye(A.shape[-1], dtype=A._data.dtype), tuple(A.shape))
        with np.errstate(all="ignore"):
            return result_type("linalg_inv_ex")(make(F.lu_solve_np(*F.getrf(A._data)[:2], eye)), _int32(info))
    return result_type("linalg_inv_ex")(inverse(A), _int32(info))


def cholesky_ex(A, *, upper=False, check_errors=False):
    """torch.linalg.cholesky_ex: the factor and LAPACK's info (the order of the first leading minor
    that is not positive-definite; the factor is then LAPACK's partial one)."""
    D.matrix_check("linalg.cholesky", A._data)
    info = np.zeros(A.shape[:-2], np.int32)
    flat = (np.swapaxes(A._data, -1, -2) if upper else A._data).reshape((-1,) + tuple(A.shape[-2:]))
    partial = []
    for i, mat in enumerate(flat):
        factor, order = _potf2(mat)
        info.reshape(-1)[i] = order
        partial.append(factor)
    if info.any():
        if check_errors:
            _linalg_cholesky(A, upper)          # raises torch's error
        out = np.stack(partial).reshape(A.shape)
        return result_type("linalg_cholesky_ex")(make(np.swapaxes(out, -1, -2) if upper else out), _int32(info))
    return result_type("linalg_cholesky_ex")(call(D.CHOLESKY_EX, (A,), {"upper": bool(upper), "check_errors": True})[0],
                                     _int32(info))


def _potf2(a):
    """LAPACK's unblocked Cholesky (dpotf2) of one matrix's lower triangle: on a non-positive pivot it
    stops, leaves that pivot in place and the rest of A's lower triangle untouched."""
    c = np.tril(np.array(a, dtype=np.float64))
    n = c.shape[0]
    for j in range(n):
        ajj = c[j, j] - c[j, :j] @ c[j, :j]
        if not ajj > 0:
            c[j, j] = ajj
            return c.astype(a.dtype), j + 1
        c[j, j] = np.sqrt(ajj)
        c[j + 1:, j] = (c[j + 1:, j] - c[j + 1:, :j] @ c[j, :j]) / c[j, j]
    return c.astype(a.dtype), 0


def tensorinv(A, ind=2):
    """torch.linalg.tensorinv: the inverse of A seen as a matrix (the first ``ind`` dims as rows)."""
    rows, cols = A.shape[:ind], A.shape[ind:]
    if ind <= 0:
        raise errors.AutogradError(f"Expected a strictly positive integer for 'ind', but got {ind}")
    prod_rows, prod_cols = int(np.prod(rows)), int(np.prod(cols))
    if prod_rows != prod_cols:
        raise errors.AutogradError(f"Expected self to satisfy the requirement prod(self.shape[ind:]) == "
                                   f"prod(self.shape[:ind]), but got {prod_cols} != {prod_rows}")
    return reshape(inverse(reshape(A, (prod_rows, prod_cols))), tuple(cols) + tuple(rows))


def tensorsolve(A, B, dims=None):
    """torch.linalg.tensorsolve: X with tensordot(A, X, X.ndim) = B."""
    if dims is not None:
        nd = A.ndim
        order = [d % nd for d in dims]
        A = A.permute([d for d in range(nd) if d not in order] + order)
    result_shape = A.shape[B.ndim:]
    n = int(np.prod(result_shape))
    if int(np.prod(A.shape[:B.ndim])) != n:
        raise errors.AutogradError(f"Expected self to satisfy the requirement prod(self.shape[other.ndim:]) == "
                                   f"prod(self.shape[:other.ndim]), but got {n} != "
                                   f"{int(np.prod(A.shape[:B.ndim]))}")
    return reshape(solve(reshape(A, (n, n)), reshape(B, (n,))), tuple(result_shape))


def lstsq(A, B, rcond=None, *, driver=None):
    """torch.linalg.lstsq: the least-squares solution of A X = B and, by driver, the residuals, rank and
    singular values (torch's CPU default driver is gelsy)."""
    from ..ops import linalg_factor as F
    driver = "gelsy" if driver is None else driver
    if driver not in ("gels", "gelsy", "gelsd", "gelss"):
        raise errors.AutogradError(f"torch.linalg.lstsq: parameter `driver` should be one of "
                                   f"(gels, gelsy, gelsd, gelss)")
    vector = B.ndim == A.ndim - 1
    if A.shape[-2] != B.shape[-1 if vector else -2]:
        raise errors.ShapeError("torch.linalg.lstsq: input.size(-2) should match other.size(-2)")
    if A.dtype != B.dtype:
        raise errors.DTypeError(f"torch.linalg.lstsq: Expected input and other to have the same dtype, but got "
                                f"input's dtype {A.dtype.scalar_name} and other's dtype {B.dtype.scalar_name}")
    if not (A.dtype.is_floating_point or A.dtype.is_complex):
        raise errors.DTypeError("This function doesn't handle types other than float and double")
    D.real_float_check("linalg.lstsq", A._data)
    return result_type("linalg_lstsq")(*call(F.LSTSQ, (A, B), {"rcond": rcond, "driver": driver}))


def _eig_dtype_check(A, name):
    """torch's eig looks up the complex dtype of its result first: an integer input fails there."""
    if not (A.dtype.is_floating_point or A.dtype.is_complex):
        raise errors.DTypeError(f"Unknown Complex ScalarType for {A.dtype.scalar_name}")
    if A._data.dtype == np.float16:
        raise not_implemented("linalg_eig_out_cpu", A._data)


def eig(A):
    """torch.linalg.eig: complex eigenvalues and unit eigenvectors (LAPACK's geev), with torch's gradient."""
    from ..ops.eig import EIG
    _eig_dtype_check(A, "eig")
    D.matrix_check("linalg.eig", A._data)
    values, vectors = call(EIG, (A,), {"real_input": not A.dtype.is_complex})
    return result_type("linalg_eig")(values, vectors)


def eigvals(A):
    """torch.linalg.eigvals: the complex eigenvalues; differentiable through eig, as torch's."""
    from ..ops.eig import complex_of
    _eig_dtype_check(A, "eigvals")
    D.matrix_check("linalg.eigvals", A._data)
    if A.requires_grad and is_grad_enabled():
        return eig(A)[0]
    kind = complex_of(A._data.dtype)
    if not np.isfinite(A._data).all():     # (torch's LAPACK call returns nans where numpy's refuses)
        return make(np.full(A.shape[:-1], np.nan * (1 + 1j), kind))
    return make(np.linalg.eigvals(A._data).astype(kind))   # (geev without vectors, as torch's)


def householder_product(A, tau):
    """torch.linalg.householder_product (torch.orgqr): the first n columns of H_1 ... H_k."""
    from ..ops import linalg_factor as F
    if A.ndim < 2:
        raise errors.ShapeError("torch.linalg.householder_product: input must have at least 2 dimensions.")
    if A.shape[-2] < A.shape[-1]:
        raise errors.ShapeError("torch.linalg.householder_product: input.shape[-2] must be greater than or equal "
                                "to input.shape[-1]")
    if A.shape[-1] < tau.shape[-1]:
        raise errors.ShapeError("torch.linalg.householder_product: input.shape[-1] must be greater than or equal "
                                "to tau.shape[-1]")
    return call(F.HOUSEHOLDER_PRODUCT, (A, tau))


public("orgqr", method=True)(householder_product)


@public(method=True)
def ormqr(input, input2, input3, left=True, transpose=False):
    """torch.ormqr: input3 multiplied by the Q of geqrf's (input, input2), from the left or the right,
    transposed or not (torch's OrmqrBackward0)."""
    from ..ops.ormqr import ORMQR
    return call(ORMQR, (input, input2, input3), {"left": bool(left), "transpose": bool(transpose)})


@public(method=True)
def geqrf(input):
    """torch.geqrf: LAPACK's QR in packed form (R above the diagonal, reflectors below) and tau; torch
    has no derivative for it."""
    from ..ops import linalg_factor as F
    if input.ndim < 2:
        raise errors.ShapeError(f"torch.geqrf: The input tensor A must have at least 2 dimensions.")
    return result_type("geqrf")(*call(F.GEQRF, (input,)))
