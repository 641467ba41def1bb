"""``torch.linalg``: the differentiable subset gradcli has."""
from .dtypes import scalar_type_name
from .errors import AutogradError
from .decompositions import (  # noqa: F401
    _linalg_cholesky as cholesky, _linalg_svd as svd, eigh, eigvalsh, pinv, qr, solve_triangular, svdvals,
)
from .functions import det, inverse as inv, norm as _norm, solve  # noqa: F401
from .functions.linear_algebra import linalg_slogdet as slogdet, multi_dot  # noqa: F401
from .functions.vander import linalg_vander as vander  # noqa: F401

__all__ = [
    "cholesky", "det", "eigh", "eigvalsh", "inv", "matrix_norm", "multi_dot", "norm", "pinv", "qr", "slogdet", "solve",
    "solve_triangular", "svd", "svdvals", "vander", "vector_norm",
]


def norm(A, ord=None, dim=None, keepdim=False):
    """Vector 2-norm by default, as torch.linalg.norm (matrix norms: 'fro')."""
    return _norm(A, 2 if ord is None else ord, dim, keepdim)


def vector_norm(x, ord=2, dim=None, keepdim=False):
    return _norm(x, ord, dim, keepdim)


def matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False):
    if A._data.dtype.kind not in "fc":
        raise AutogradError("linalg.matrix_norm: Expected a floating point or complex tensor as input. "
                            f"Got {scalar_type_name(A._data.dtype)}")
    return _norm(A, ord, dim, keepdim)
