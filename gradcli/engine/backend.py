"""The two vocabularies backward formulas are written in.

A formula in the op table is one function, ``backward(m, g, *saved)``, that
uses Python operators and ``m.<name>`` calls only. During a plain backward,
``m`` is :data:`numpy_math` and the values are ndarrays: no Tensor objects, no
graph, minimal overhead. With ``create_graph=True`` ``m`` is a ``TensorMath``
(``tensor_math.py``, a layer above: it is written with the engine's API) and the
very same formula runs on engine tensors, recording a graph, so every op has
derivatives of any order without a second formula.

Gradients in a batched backward (``is_grads_batched``) carry ``m.nb`` leading
batch dimensions that saved values lack. Formulas use negative dims, and the
``g_*`` helpers below, which act on the trailing (unbatched) dimensions.
"""
from __future__ import annotations

import numpy as np

from .cascade_sum import column_sums, torch_order_sum
from .dispatch import _F32, _F32_NUMBERS, number_operand
from .ops.activation import sigmoid_np
from .ops.linalg import gemm
from .ops.shape import unfold_np
from .ops.convolution import col2im_np, im2col_np
from .ops.indexing import gather_np, index_put_np, np_index
from .ops.pointwise import sign_np
from .ops.linalg import diag_embed_np
from .ops.shape import _embed_diag_fwd, _embed_fwd
from .ops import rounded
from .ops.special import erf_np

_F32_DTYPE, _F64 = np.dtype(np.float32), np.dtype(np.float64)


class _Math:
    """Helpers shared by both vocabularies, written with their primitives."""

    nb = 0
    plain = False   # NumpyMath without batch dims sets it

    def lead(self, g) -> tuple:
        return tuple(g.shape[:self.nb])

    def sum_to(self, g, shape: tuple):
        """Undo broadcasting: sum ``g`` down to ``shape`` (keeping batch dims)."""
        gshape = tuple(g.shape)
        nb = self.nb
        if gshape[nb:] == tuple(shape):
            return g
        extra = len(gshape) - nb - len(shape)
        if extra < 0:
            return self.g_expand(g, shape)
        dims = list(range(nb, nb + extra))
        for i, s in enumerate(shape):
            if s == 1 and gshape[nb + extra + i] != 1:
                dims.append(nb + extra + i)
        if dims:
            g = self._sum_to_dims(g, tuple(dims))
        # torch's sum_to views only to drop leading dims (a ViewBackward0 under create_graph)
        return self.reshape(g, gshape[:nb] + tuple(shape)) if extra else g

    def _sum_to_dims(self, g, dims):
        return self.sum(g, dims, True)

    def g_reshape(self, g, shape):
        return self.reshape(g, tuple(g.shape[:self.nb]) + tuple(shape))

    def g_expand(self, g, shape):
        """Broadcast the trailing dims of ``g`` to ``shape``."""
        lead = tuple(g.shape[:self.nb])
        tail = tuple(g.shape[self.nb:])
        if len(tail) < len(shape):
            g = self.reshape(g, lead + (1,) * (len(shape) - len(tail)) + tail)
        return self.expand(g, lead + tuple(shape))

    def g_permute(self, g, dims):
        nb = self.nb
        return self.permute(g, tuple(range(nb)) + tuple(nb + d for d in dims))

    def g_zeros(self, like_g, shape, dtype=None):
        """Zeros shaped like an (unbatched) ``shape`` plus the batch dims of ``like_g``."""
        return self.zeros(tuple(like_g.shape[:self.nb]) + tuple(shape), like_g if dtype is None else dtype)

    def g_index(self, g, index: tuple):
        """``g[index]`` on the trailing dims."""
        return g[(slice(None),) * self.nb + index] if self.nb else g[index]

    def g_narrow(self, g, dim: int, start: int, length: int):
        """narrow along a negative ``dim`` of the trailing dims (batch-safe)."""
        return self.narrow(g, dim, start, length)

    def unsqueeze_dims_plain(self, x, dims: tuple, ndim: int):
        """Re-insert reduced dims into an unbatched value."""
        for d in sorted(d % ndim for d in dims):
            x = self.unsqueeze(x, d)
        return x

    def unsqueeze_dims(self, g, dims: tuple, ndim: int):
        """Re-insert the dims a reduction removed (``dims`` index the unreduced ``ndim``-d shape)."""
        for d in sorted(d % ndim for d in dims):
            g = self.unsqueeze(g, self.nb + d)
        return g


SUM_TO_TORCH_MAX = 4096


class NumpyMath(_Math):
    """Formulas on ndarrays: the fast path, no graph."""

    def __init__(self, nb: int = 0):
        self.nb = nb
        self.plain = nb == 0   # ndarrays without batch dims: the hot path's one test

    is_tensor = False
    exp = staticmethod(rounded.exp)
    log = staticmethod(rounded.log)
    sqrt = staticmethod(np.sqrt)
    sin = staticmethod(rounded.sin)
    cos = staticmethod(rounded.cos)
    tan = staticmethod(rounded.tan)
    tanh = staticmethod(rounded.tanh)
    cosh = staticmethod(rounded.cosh)
    sinh = staticmethod(rounded.sinh)
    sign = staticmethod(sign_np)
    abs = staticmethod(np.abs)
    floor = staticmethod(np.floor)
    maximum = staticmethod(np.maximum)
    minimum = staticmethod(np.minimum)
    log1p = staticmethod(rounded.log1p)
    expm1 = staticmethod(np.expm1)
    conj = staticmethod(np.conj)
    sgn = staticmethod(sign_np)
    pow = staticmethod(rounded.power)

    @staticmethod
    def rsqrt(x):
        return 1 / np.sqrt(x)

    @staticmethod
    def scale(x, c):
        """``x * c`` for a Python number: torch's formulas use the Scalar overload (MulBackward1)."""
        return x * c

    @staticmethod
    def shift(x, c):
        """``x + c`` for a Python number (torch's AddBackward1 under create_graph)."""
        return x + c

    @staticmethod
    def unshift(x, c):
        """``x - c`` for a Python number (torch's SubBackward1 under create_graph)."""
        return x - c

    @staticmethod
    def lsub(c, x):
        """``c - x`` for a Python number ``c`` (torch's C++ ``Scalar - Tensor``: SubBackward0)."""
        return c - x

    @staticmethod
    def where(cond, a, b):
        return np.where(cond, a, b)   # a Python 0 operand is weak: the array's float dtype is kept

    @staticmethod
    def sigmoid(x):
        return sigmoid_np(x)

    @staticmethod
    def erf(x):
        return erf_np(x)

    @staticmethod
    def sum(x, dims=None, keepdim=False):
        return np.add.reduce(x, axis=dims, keepdims=keepdim)

    def _sum_to_dims(self, g, dims):
        """Unbroadcasting (``w * x`` with a scalar-like ``w``) in torch's order for small float32 and
        float64 gradients, whose digits a seeded script prints; past SUM_TO_TORCH_MAX elements numpy's
        order costs a step less. (nn.Linear's bias gradient is summed in AddmmBackward0's own apply.)"""
        if self.plain and g.__class__ is np.ndarray:
            if dims == (0,) and g.ndim == 2:     # a batch's bias gradient (float32 or float64): the short way
                total = column_sums(g)
                if total is not None:
                    return total.reshape(1, -1)
            if (g.dtype == _F32_DTYPE or g.dtype == _F64) and g.size <= SUM_TO_TORCH_MAX:
                total = torch_order_sum(g, dims, True)
                if total is not None:
                    return total
        return np.add.reduce(g, axis=dims, keepdims=True)

    @staticmethod
    def mean(x, dims=None, keepdim=False):
        """torch's mean (var's and std's backward take one): the sum in torch's order, where
        cascade_sum knows it, divided by the count (numpy's mean sums pairwise)."""
        if type(x) is np.ndarray and (x.dtype == _F64 or x.dtype == _F32_DTYPE) and x.size:
            axes = None if dims is None else tuple(d % x.ndim for d in ((dims,) if isinstance(dims, int) else dims))
            total = torch_order_sum(x, axes, keepdim)
            if total is not None:
                return total / (x.size if axes is None else int(np.prod([x.shape[d] for d in axes])))
        return np.mean(x, axis=dims, keepdims=keepdim)

    @staticmethod
    def reshape(x, shape):
        try:
            return x.reshape(shape)   # the method: np.reshape's wrapper costs as much as the reshape
        except AttributeError:        # a Python number
            return np.reshape(x, shape)

    @staticmethod
    def expand(x, shape):
        if np.size(x) == 1:   # a filled array is several times cheaper than np.broadcast_to's view
            out = np.empty(shape, np.result_type(x))
            out.fill(x.reshape(()) if isinstance(x, np.ndarray) else x)
            return out
        return np.broadcast_to(x, shape)

    @staticmethod
    def permute(x, dims):
        return np.transpose(x, dims)

    @staticmethod
    def transpose(x, d0, d1):
        return x.swapaxes(d0, d1)

    @staticmethod
    def mT(x):
        return x.swapaxes(-1, -2)

    @staticmethod
    def unsqueeze(x, d):
        shape = getattr(x, "shape", None)
        n = -1 if shape is None else len(shape) + 1
        if d.__class__ is not int or not -n <= d < n:
            return np.expand_dims(x, d)   # numbers, several dims, numpy's error for a bad dim
        d %= n
        return x.reshape(shape[:d] + (1,) + shape[d:])   # what expand_dims does, without its checks

    @staticmethod
    def squeeze(x, d):
        return np.squeeze(x, d)

    @staticmethod
    def matmul(a, b):
        if a.ndim >= 2 and b.ndim >= 2 and a.shape[-1] == 1 and b.shape[-2] == 1 and a.size and b.size:
            # outer products (the weight gradients of per-sample grads): a broadcast multiply is
            # twice as fast as numpy's stacked matmul. A product can only be -0.0 (where matmul's
            # sum gives +0.0) if a factor is 0 or it underflows: then + 0.0 makes it +0.0.
            out = a * b
            if out.dtype.kind != "f" or not np.abs(a).min() * np.abs(b).min() >= np.finfo(out.dtype).tiny:
                out += 0.0
            return out
        if a.ndim == 2 and b.ndim == 2:
            return gemm(a, b)
        return np.matmul(a, b)

    @staticmethod
    def zeros(shape, like):
        return np.zeros(shape, like.dtype if hasattr(like, "dtype") else like)

    @staticmethod
    def zeros_like(x):
        return np.zeros_like(x)

    @staticmethod
    def ones_like(x):
        return np.ones_like(x)

    @staticmethod
    def cast(x, like):
        return np.asarray(x).astype(like.dtype, copy=False)

    @staticmethod
    def index_add(zeros, index, values):
        """``zeros[index] += values`` with repeated indices accumulating; returns the result."""
        out = np.array(zeros, copy=True)
        np.add.at(out, index, values)
        return out

    @staticmethod
    def gather(x, dim, index):
        return gather_np(x, dim, index)

    @staticmethod
    def scatter_add(zeros, dim, index, src):
        out = np.array(zeros, copy=True)
        _scatter_add_np(out, dim, index, src)
        return out

    @staticmethod
    def cat(xs, dim):
        return np.concatenate(xs, axis=dim)

    im2col = staticmethod(im2col_np)
    col2im = staticmethod(col2im_np)

    @staticmethod
    def narrow(x, dim, start, length):
        idx = [slice(None)] * x.ndim
        idx[dim] = slice(start, start + length)
        return x[tuple(idx)]

    @staticmethod
    def flip(x, dims):
        return np.flip(x, dims)

    @staticmethod
    def roll(x, shifts, dims):
        return np.roll(x, shifts, dims) if dims else np.roll(x, shifts[0])

    @staticmethod
    def rot90(x, k, dims):
        return np.rot90(x, k, dims)

    @staticmethod
    def cumsum(x, dim):
        return np.cumsum(x, axis=dim)

    @staticmethod
    def tril(x, k=0):
        return np.tril(x, k)

    @staticmethod
    def triu(x, k=0):
        return np.triu(x, k)

    @staticmethod
    def diag_embed(x, offset=0, d1=-2, d2=-1):
        return diag_embed_np(x, offset, d1, d2)

    @staticmethod
    def diagonal(x, offset=0, d1=-2, d2=-1):
        return np.diagonal(x, offset, d1, d2)

    @staticmethod
    def stack(xs, dim):
        return np.stack(xs, axis=dim)

    @staticmethod
    def select(x, dim, index):
        return np.take(x, index, axis=dim)

    unfold = staticmethod(unfold_np)

    @staticmethod
    def cumprod(x, dim):
        return np.cumprod(x, axis=dim)

    @staticmethod
    def prod_dim(x, dim, keepdim=True):
        return np.prod(x, axis=dim, keepdims=keepdim)

    @staticmethod
    def eye_rect(shape, like):
        return np.eye(shape[-2], shape[-1], dtype=like.dtype)

    @staticmethod
    def one_hot_along(indices, dim, size):
        return _one_hot_np(indices, dim, size)

    @staticmethod
    def embed(base, src, dim, index):
        return _embed_fwd(np.asarray(base), np.asarray(src), dim, index)

    @staticmethod
    def embed_diagonal(base, src, offset, dim1, dim2):
        return _embed_diag_fwd(np.asarray(base), np.asarray(src), offset, dim1, dim2)

    @staticmethod
    def inverse(x):
        return np.linalg.inv(x)

    @staticmethod
    def solve(a, b):
        return np.linalg.solve(a, b)

    @staticmethod
    def det(x):
        return np.linalg.det(x)

    # -- indexing (ops/indexing.py): ``indices`` as aten::index takes them, one entry per dim, None = whole dim
    @staticmethod
    def index(x, indices):
        return x[np_index(indices)]

    @staticmethod
    def index_put(x, indices, values, accumulate=False):
        return index_put_np(x, values, indices, accumulate)

    @staticmethod
    def const(a):
        """A constant ndarray (a mask) in this vocabulary's type."""
        return a

    @staticmethod
    def number(c, like):
        """``c`` (a Python number, or already an array) as an operand beside ``like``: the same values
        as ``c`` itself, faster beside a float ndarray (``dispatch.number_operand``)."""
        k = c.__class__
        if (k is float or k is int) and like.__class__ is np.ndarray:
            dt = like.dtype
            n = _F32_NUMBERS.get(c) if dt is _F32 else None   # number_operand's cache, read inline
            return n if n is not None else number_operand(c, dt)
        return c


def _one_hot_np(indices, dim, size):
    shape = [1] * indices.ndim
    shape[dim] = size
    return np.asarray(indices) == np.arange(size).reshape(shape)


def _scatter_add_np(out, dim, index, src):
    """out[..., index[i], ...] += src[i] along ``dim`` (numpy has no scatter_add)."""
    dim = dim % out.ndim
    idx = list(np.indices(index.shape, sparse=True))
    idx[dim] = index
    np.add.at(out, tuple(idx), src[tuple(slice(0, s) for s in index.shape)])


numpy_math = NumpyMath(0)
numpy_math_batched = NumpyMath(1)
