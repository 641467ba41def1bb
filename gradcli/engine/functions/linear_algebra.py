"""``torch.matmul`` decomposed as torch records it, ``mm``, ``bmm``, ``dot``, ``inverse``, ``det``..."""
from __future__ import annotations


import math

import numpy as np

from .. import dtypes, errors, instrumentation
from ..dims import wrap_dim
from ..dispatch import call, call_mm
from ..ops import decompositions as D, linalg as L, pointwise as P, shape as S
from ..ops.shape import unsqueeze
from ..public import public
from ..return_types import result_type
from ..tensor import Tensor
from .shapes import expand, permute, reshape, t
from .arithmetic import mul, where

_NDIM = Tensor.ndim   # a class whose ndim is another property (vmap's batched tensors) takes the general path


def _matmul_shapes(a: Tensor, b: Tensor, name: str) -> None:
    sa, sb = a.shape, b.shape
    if a.ndim == 0 or b.ndim == 0:
        raise errors.ShapeError(f"both arguments to {name} need to be at least 1D, but they are {a.ndim}D and "
                                f"{b.ndim}D")
    ka = sa[-1]
    kb = sb[0] if b.ndim == 1 else sb[-2]
    if ka != kb:
        if a.ndim == 1 and b.ndim == 1:
            raise errors.ShapeError(f"inconsistent tensor size, expected tensor [{sa[0]}] and src [{sb[0]}] to "
                                    "have the same number of elements, but got "
                                    f"{sa[0]} and {sb[0]} elements respectively")
        if a.ndim == 2 and b.ndim == 1:
            raise errors.ShapeError(f"size mismatch, got input ({sa[0]}), mat ({sa[0]}x{sa[1]}), vec ({sb[0]})")
        ra = "x".join(map(str, sa if a.ndim > 1 else (1,) + sa))
        rb = "x".join(map(str, sb))
        if a.ndim <= 2 and b.ndim <= 2:
            raise errors.ShapeError(f"mat1 and mat2 shapes cannot be multiplied ({ra} and {rb})")
        raise errors.ShapeError(f"Expected size for first two dimensions of batch2 tensor to be: "
                                f"[{sb[0] if b.ndim > 2 else 1}, {ka}] but got: [{sb[0] if b.ndim > 2 else 1}, {kb}].")


@public(method=True)
def matmul(input, other):
    """torch.matmul, decomposed exactly as torch does it so the graph shows the same nodes
    (dot, mv, mm; folding batch dims into rows; expand + reshape + bmm for batches)."""
    if (input.__class__ is Tensor and other.__class__ is Tensor
            or type(input).ndim is _NDIM and type(other).ndim is _NDIM):   # not vmap's batched tensors
        a, b = input._data, other._data
        if a.ndim == 2 and b.ndim == 2 and a.shape[1] == b.shape[0] and a.dtype == b.dtype:
            return call_mm(L.MM, input, other)   # two matrices (x @ w): one mm, nothing to check twice
    for pos, (arg, x) in enumerate((("input", input), ("other", other)), 1):
        if not isinstance(x, Tensor):
            raise TypeError(f"matmul(): argument '{arg}' (position {pos}) must be Tensor, not {type(x).__name__}")
    _matmul_shapes(input, other, "matmul")
    if input._data.dtype != other._data.dtype:   # the check of the kernel torch's matmul picks
        L.matmul_check(input._data, other._data)
    d1, d2 = input.ndim, other.ndim
    if d1 == 1 and d2 == 1:
        return call(L.DOT, (input, other))
    if d1 == 2 and d2 == 1:
        return call(L.MV, (input, other))
    if d1 == 1 and d2 == 2:
        return call(S.SQUEEZE_INPLACE, (call(L.MM, (unsqueeze(input, 0), other)),), {"dim": -2})
    if d1 == 2 and d2 == 2:
        return call(L.MM, (input, other))
    if (d1 >= 3 and d2 <= 2) or (d2 >= 3 and d1 <= 2):
        return _folded_matmul(input, other, transpose=d2 > d1)
    return _batched_matmul(input, other)


def _folded_matmul(t1, t2, transpose: bool):
    """A batched operand against a matrix or vector: fold the batch into rows, one mm/mv."""
    if transpose:
        t1, t2 = transpose_(t2, -1, -2), (t(t1) if t1.ndim == 2 else t1)
    sizes = tuple(t1.shape)     # one example's under vmap (the data has the batch dims too)
    out_shape = sizes[:-1]
    folded = reshape(t1, (int(np.prod(out_shape)), sizes[-1]))
    if t2.ndim == 1:
        return call(S.UNSAFE_VIEW, (call(L.MV, (folded, t2)),), {"shape": out_shape})
    out = call(S.UNSAFE_VIEW, (call(L.MM, (folded, t2)),), {"shape": out_shape + (t2.shape[1],)})
    return contiguous_(transpose_(out, -1, -2)) if transpose else out


def _batched_matmul(t1, t2):
    """Both operands batched: broadcast the batch dims, flatten them, one bmm."""
    if t1.ndim == 1:
        t1 = unsqueeze(t1, 0)
    vec = t2.ndim == 1
    if vec:
        t2 = unsqueeze(t2, -1)
    n, m = t1.shape[-2:]        # one example's under vmap (the data has the batch dims too)
    p = t2.shape[-1]
    try:
        batch = np.broadcast_shapes(tuple(t1.shape[:-2]), tuple(t2.shape[:-2]))
    except ValueError:
        raise errors.ShapeError(f"The size of tensor a ({t1.shape[-3]}) must match the size of tensor b "
                                f"({t2.shape[-3]}) at non-singleton dimension 0") from None
    bp = int(np.prod(batch))
    e1 = reshape(expand(t1, batch + (n, m)), (bp, n, m))
    e2 = reshape(expand(t2, batch + (m, p)), (bp, m, p))
    out_shape = batch + (n,) + (() if vec else (p,))
    return call(S.UNSAFE_VIEW, (call(L.BMM, (e1, e2)),), {"shape": out_shape})


def transpose_(x, d0, d1):
    return call(S.TRANSPOSE, (x,), {"dim0": wrap_dim(d0, x.ndim), "dim1": wrap_dim(d1, x.ndim)})


def contiguous_(x):
    return x if x._data.flags.c_contiguous else call(S.CLONE, (x,))


@public(method=True)
def mm(input, mat2):
    if input.ndim != 2 or mat2.ndim != 2:
        raise errors.ShapeError(f"{'self' if input.ndim != 2 else 'mat2'} must be a matrix")
    _matmul_shapes(input, mat2, "mm")
    return call(L.MM, (input, mat2))


@public(method=True)
def bmm(input, mat2):
    if input.ndim != 3 or mat2.ndim != 3:
        raise errors.ShapeError("batch1 must be a 3D tensor" if input.ndim != 3 else "batch2 must be a 3D tensor")
    if input.shape[0] != mat2.shape[0] or input.shape[2] != mat2.shape[1]:
        raise errors.ShapeError(f"Expected size for first two dimensions of batch2 tensor to be: "
                                f"[{input.shape[0]}, {input.shape[2]}] but got: [{mat2.shape[0]}, {mat2.shape[1]}].")
    return call(L.BMM, (input, mat2))


@public(method=True)
def mv(input, vec):
    if input.ndim != 2 or vec.ndim != 1:
        raise errors.ShapeError("vector + matrix @ vector expected, got "
                                f"{vec.ndim}, {input.ndim}, {vec.ndim}")
    _matmul_shapes(input, vec, "mv")
    return call(L.MV, (input, vec))


@public(method=True)
def dot(input, tensor):
    if input.ndim != 1 or tensor.ndim != 1:
        raise errors.ShapeError(f"1D tensors expected, but got {input.ndim}D and {tensor.ndim}D tensors")
    _matmul_shapes(input, tensor, "dot")
    return call(L.DOT, (input, tensor))


@public(method=True)
def inner(input, other):
    """torch.inner: a dot product over the last dims, recorded as torch's tensordot records it (each
    operand permuted, the contracted dim last for input and first for other; a dot for two vectors,
    else one mm of the flattened operands, viewed to the result's shape)."""
    if input.ndim == 0 or other.ndim == 0:
        return mul(input, other)
    if input._data.dtype != other._data.dtype:
        raise errors.DTypeError("both inputs should have same dtype")
    if input.shape[-1] != other.shape[-1]:
        raise errors.ShapeError(f"inner() the last dimension must match on both input tensors but got shapes "
                                f"{list(input.shape)} and {list(other.shape)}")
    k = input.shape[-1]
    a = permute(input, tuple(range(input.ndim)))
    b = permute(other, other.ndim - 1, *range(other.ndim - 1))
    shape = tuple(input.shape[:-1]) + tuple(other.shape[:-1])
    if input.ndim == 1 and other.ndim == 1:
        return call(L.DOT, (a, b)).view(shape)
    rows, cols = int(np.prod(input.shape[:-1])), int(np.prod(other.shape[:-1]))
    return call(L.MM, (reshape(a, (rows, k)), reshape(b, (k, cols)))).view(shape)


@public(method=True, aliases=("ger",))
def outer(input, vec2):
    """torch computes outer as a column times a row (MulBackward0 over a ViewBackward0)."""
    if input.ndim != 1 or vec2.ndim != 1:
        raise errors.ShapeError(f"outer: Expected 1-D argument self, but got {input.ndim}-D")
    instrumentation.check_shape((input.shape[0], vec2.shape[0]))
    return mul(reshape(input, (input.shape[0], 1)), vec2)


@public(method=True)
def trace(input):
    if input.ndim != 2:
        raise errors.ShapeError("trace: expected a matrix, but got tensor with dim " + str(input.ndim))
    return call(L.TRACE, (input,))


@public(method=True)
def tril(input, diagonal=0):
    return call(L.TRIL, (input,), {"diagonal": diagonal})


@public(method=True)
def triu(input, diagonal=0):
    return call(L.TRIU, (input,), {"diagonal": diagonal})


@public(method=True)
def diag(input, diagonal=0):
    if input.ndim not in (1, 2):
        raise errors.ShapeError("diag(): Supports 1D or 2D tensors. Got " + f"{input.ndim}D")
    if input.ndim == 1:
        return call(L.DIAG_EMBED, (input,), {"offset": diagonal, "dim1": -2, "dim2": -1})
    return call(L.DIAG, (input,), {"diagonal": diagonal})


@public(method=True)
def diag_embed(input, offset=0, dim1=-2, dim2=-1):
    return call(L.DIAG_EMBED, (input,), {"offset": offset, "dim1": wrap_dim(dim1, input.ndim + 1),
                                          "dim2": wrap_dim(dim2, input.ndim + 1)})


@public(method=True)
def inverse(A):
    D.matrix_check("linalg.inv", A._data)
    return call(L.INV, (A,))


@public(method=True)
def det(A):
    D.matrix_check("linalg.det", A._data)
    return call(L.DET, (A,))[0]


def linalg_slogdet(A):
    """torch.linalg.slogdet: the sign and the log of the absolute value of the determinant."""
    D.matrix_check("linalg.slogdet", A._data)
    return result_type("linalg_slogdet")(*call(L.SLOGDET, (A,))[:2])


@public(method=True)
def slogdet(A):
    return result_type("slogdet")(*linalg_slogdet(A))


@public(method=True)
def logdet(A):
    """log det A: NaN where the determinant is negative, -inf where it is 0 (torch's composite)."""
    D.matrix_check("logdet", A._data)
    sign, logabsdet = linalg_slogdet(A)
    if A.dtype.is_complex:      # the complex logarithm: the angle of the determinant as imaginary part
        return call(P.LOG, (sign,)) + logabsdet
    return where(sign == -1, float("nan"), logabsdet)


def solve(A, B, *, left=True):
    """torch.linalg.solve: X with A X = B, or X A = B when not ``left``, with torch's checks in its order."""
    if not isinstance(B, Tensor):
        raise TypeError(f"linalg_solve(): argument 'B' (position 2) must be Tensor, not {type(B).__name__}")
    if A._data.dtype.kind not in "fc":
        raise errors.AutogradError(f"linalg.solve: Expected a floating point or complex tensor as input. "
                                   f"Got {dtypes.scalar_type_name(A._data.dtype)}")
    if B._data.dtype != A._data.dtype:
        raise errors.DTypeError(f"linalg.solve: Expected A and B to have the same dtype, but found A of type "
                                f"{dtypes.scalar_type_name(A._data.dtype)} and B of type "
                                f"{dtypes.scalar_type_name(B._data.dtype)} instead")
    D.matrix_check("linalg.solve", A._data)
    vector = L.solve_is_vector(A.shape, B.shape)
    b_shape = tuple(B.shape) + (1,) * vector
    if len(b_shape) < 2:
        raise errors.ShapeError("linalg.solve: The input tensor B must have at least 2 dimensions.")
    if A.shape[-2 if left else -1] != b_shape[-2 if left else -1]:
        raise errors.ShapeError(f"linalg.solve: Incompatible shapes of A and B for the equation "
                                f"{'AX = B' if left else 'XA = B'} ({A.shape[-2]}x{A.shape[-1]} and "
                                f"{b_shape[-2]}x{b_shape[-1]})")
    _broadcast_batches(b_shape[:-2], tuple(A.shape[:-2]))
    if vector and not left:
        raise errors.ShapeError("linalg.solve: Vector broadcasting of the left hand side is not supported for "
                                "left=False. In this case linalg.solve is equivalent to B / A.squeeze(-1)")
    return call(L.SOLVE, (A, B), {"left": bool(left), "check_errors": True})[0]


def _broadcast_batches(a: tuple, b: tuple) -> None:
    """torch's complaint when two batch shapes do not broadcast."""
    n = max(len(a), len(b))
    for i in range(1, n + 1):
        x, y = a[-i] if i <= len(a) else 1, b[-i] if i <= len(b) else 1
        if x != y and x != 1 and y != 1:
            raise errors.ShapeError(f"The size of tensor a ({x}) must match the size of tensor b ({y}) at "
                                    f"non-singleton dimension {n - i}")


# -- products composed of the records above (torch gives some their own node: VdotBackward0,
#    AddmvBackward0, BaddbmmBackward0, AddbmmBackward0; the values and gradients are the same) --

@public(method=True)
def vdot(input, other):
    """The dot product of two 1-D tensors (real: no conjugation to do), torch's VdotBackward0."""
    if input.ndim != 1 or other.ndim != 1:
        raise errors.ShapeError(f"1D tensors expected, but got {input.ndim}D and {other.ndim}D tensors")
    _matmul_shapes(input, other, "vdot")
    return call(L.VDOT, (input, other))


@public(method=True)
def addmv(input, mat, vec, *, beta=1, alpha=1):
    """torch's AddmvBackward0: beta * input + alpha * (mat @ vec)."""
    return call(L.ADDMV, (input, mat, vec), {"beta": beta, "alpha": alpha})


@public(method=True)
def baddbmm(input, batch1, batch2, *, beta=1, alpha=1):
    """torch's BaddbmmBackward0: beta * input + alpha * (batch1 @ batch2), batch by batch."""
    return call(L.BADDBMM, (input, batch1, batch2), {"beta": beta, "alpha": alpha})


@public(method=True)
def addbmm(input, batch1, batch2, *, beta=1, alpha=1):
    """torch's AddbmmBackward0: beta * input + alpha * (the sum of the batches' products)."""
    return call(L.ADDBMM, (input, batch1, batch2), {"beta": beta, "alpha": alpha})


@public()
def tensordot(a, b, dims=2):
    """Contract ``dims`` trailing dims of a with leading dims of b (or the listed dims), as torch: the
    contracted dims moved together, one matrix product, the free dims restored."""
    if isinstance(dims, int):
        if dims < 0:
            raise RuntimeError(f"tensordot expects dims >= 0, but got dims={dims}")
        dims_a, dims_b = list(range(a.ndim - dims, a.ndim)), list(range(dims))
    else:
        dims_a, dims_b = ([d] if isinstance(d, int) else list(d) for d in dims)
    if len(dims_a) != len(dims_b):
        raise RuntimeError("both dimension lists should have same length")
    dims_a = [wrap_dim(d, a.ndim) % a.ndim for d in dims_a]     # wrap_dim gives negative dims
    dims_b = [wrap_dim(d, b.ndim) % b.ndim for d in dims_b]
    for da, db in zip(dims_a, dims_b):
        if a.shape[da] != b.shape[db]:
            raise RuntimeError(f"contracted dimensions need to match, but first has size {a.shape[da]} in dim "
                               f"{da} and second has size {b.shape[db]} in dim {db}")
    free_a = [d for d in range(a.ndim) if d not in dims_a]
    free_b = [d for d in range(b.ndim) if d not in dims_b]
    size = math.prod(a.shape[d] for d in dims_a)     # torch's sizes (a -1 is ambiguous when one is 0)
    left = reshape(permute(a, free_a + dims_a), (math.prod(a.shape[d] for d in free_a), size))
    right = reshape(permute(b, dims_b + free_b), (size, math.prod(b.shape[d] for d in free_b)))
    return reshape(mm(left, right), tuple(a.shape[d] for d in free_a) + tuple(b.shape[d] for d in free_b))


@public(method=True)
def kron(input, other):
    """Kronecker product: every element of input times all of other, blocks laid out as torch's."""
    nd = max(input.ndim, other.ndim)
    a_shape = (1,) * (nd - input.ndim) + tuple(input.shape)
    b_shape = (1,) * (nd - other.ndim) + tuple(other.shape)
    instrumentation.check_shape(tuple(x * y for x, y in zip(a_shape, b_shape)))   # before the product's memory
    # as torch: each operand _unsafe_view-ed to its interleaved shape (only size-1 dims added: always a view)
    interleaved_a = call(S.UNSAFE_VIEW, (input,), {"shape": tuple(x for s in a_shape for x in (s, 1))})
    interleaved_b = call(S.UNSAFE_VIEW, (other,), {"shape": tuple(x for s in b_shape for x in (1, s))})
    product = mul(interleaved_a, interleaved_b)     # contiguous: torch views it with _unsafe_view
    return call(S.UNSAFE_VIEW, (product,), {"shape": tuple(x * y for x, y in zip(a_shape, b_shape))})


def _chain_product(chain):
    """torch's multiplication order: two by cost for three matrices, else the matrix-chain dynamic
    programme (the first split of least cost), so the graph has torch's mm nodes."""
    n = len(chain)
    if n == 2:
        return mm(chain[0], chain[1])
    if n == 3:
        a, b, c, d = chain[0].shape[0], chain[1].shape[0], chain[2].shape[0], chain[2].shape[1]
        if a * c * (b + d) > b * d * (a + c):
            return mm(chain[0], mm(chain[1], chain[2]))
        return mm(mm(chain[0], chain[1]), chain[2])
    p = [t.shape[0] for t in chain] + [chain[-1].shape[1]]
    cost = [[0] * n for _ in range(n)]
    split = [[0] * n for _ in range(n)]
    for length in range(1, n):
        for i in range(n - length):
            j = i + length
            cost[i][j] = None
            for k in range(i, j):
                q = cost[i][k] + cost[k + 1][j] + p[i] * p[k + 1] * p[j + 1]
                if cost[i][j] is None or q < cost[i][j]:
                    cost[i][j], split[i][j] = q, k

    def product(i, j):
        return chain[i] if i == j else mm(product(i, split[i][j]), product(split[i][j] + 1, j))
    return product(0, n - 1)


def multi_dot(tensors):
    """torch.linalg.multi_dot: a chain of matrix products; a 1-D first (last) tensor is a row (column)
    vector and its dim is dropped from the result."""
    tensors = list(tensors)
    if len(tensors) < 2:
        raise RuntimeError(f"multi_dot(): expected at least 2 tensors but got {len(tensors)}")
    first_1d, last_1d = tensors[0].ndim == 1, tensors[-1].ndim == 1
    chain = list(tensors)
    if first_1d:
        chain[0] = unsqueeze(chain[0], 0)
    if last_1d:
        chain[-1] = unsqueeze(chain[-1], 1)
    for i, t_ in enumerate(chain):
        if t_.ndim != 2:
            where = "first" if i == 0 else "last" if i == len(chain) - 1 else None
            raise RuntimeError(f"multi_dot(): the {where} tensor must be 1D or 2D but got {tensors[i].ndim}D"
                               if where else f"multi_dot(): tensor {i} must be 2D but got {t_.ndim}D")
    result = _chain_product(chain)
    shape = tuple(result.shape)
    if first_1d:
        shape = shape[1:]
    if last_1d:
        shape = shape[:-1]
    return reshape(result, shape)
