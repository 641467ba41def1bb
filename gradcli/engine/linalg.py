"""``torch.linalg``: its functions (the LU family, matrix functions and the _ex variants are in
functions/linalg_functions.py, their records in ops/linalg_factor.py)."""
from .decompositions import (  # noqa: F401
    _linalg_cholesky as cholesky, _linalg_svd as svd, eigh, eigvalsh, pinv, qr, solve_triangular, svdvals,
)
from .functions import det, diagonal as _diagonal, inverse as inv, matmul, norm as _norm, solve  # noqa: F401
from .functions.linear_algebra import linalg_slogdet as slogdet, multi_dot  # noqa: F401
from .functions.linalg_functions import (  # noqa: F401
    cholesky_ex, cond, cross, eig, eigvals, householder_product, inv_ex, ldl_factor, ldl_factor_ex, ldl_solve, lstsq,
    lu, lu_factor, lu_factor_ex, lu_solve,
    matrix_exp, matrix_norm, matrix_power, matrix_rank, solve_ex, tensorinv, tensorsolve, vecdot,
)
from .functions.vander import linalg_vander as vander  # noqa: F401
from .errors import LinAlgError  # noqa: F401

__all__ = [
    "cholesky", "cholesky_ex", "cond", "cross", "det", "diagonal", "eig", "eigh", "eigvals", "eigvalsh",
    "householder_product", "inv", "inv_ex", "ldl_factor", "ldl_factor_ex", "ldl_solve", "lstsq", "lu", "lu_factor", "lu_factor_ex", "lu_solve", "matmul",
    "matrix_exp", "matrix_norm", "matrix_power", "matrix_rank", "multi_dot", "norm", "pinv", "qr", "slogdet",
    "solve", "solve_ex", "solve_triangular", "svd", "svdvals", "tensorinv", "tensorsolve", "vander", "vecdot",
    "vector_norm", "LinAlgError",
]


def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None):
    """torch.linalg.norm: a matrix norm when ``dim`` is a pair, or when ``ord`` is given and A is a matrix
    (dim None); else a vector norm (2 by default, of the flattened input when dim is None)."""
    if isinstance(ord, str) or (ord is not None and (dim is None and A.ndim == 2 or
                                                     isinstance(dim, (tuple, list)) and len(dim) == 2)):
        return matrix_norm(A, "fro" if ord is None else ord, (-2, -1) if dim is None else dim, keepdim, dtype=dtype)
    return _norm(A, 2 if ord is None else ord, dim, keepdim, dtype)


def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None):
    return _norm(x, ord, dim, keepdim, dtype)


def diagonal(A, *, offset=0, dim1=-2, dim2=-1):
    """torch.linalg.diagonal: torch.diagonal with the last two dims as default."""
    return _diagonal(A, offset, dim1, dim2)
