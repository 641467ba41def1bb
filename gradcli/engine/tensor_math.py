"""The vocabulary of backward formulas under ``create_graph=True``: engine tensors.

``backend.py`` explains the two vocabularies; this one is written with the engine's
own API, so the formulas it runs record a graph and have derivatives of any order.
"""
from __future__ import annotations

from . import functions, public
from .backend import _Math, _one_hot_np
from .creation import eye, zeros
from .dispatch import call
from .ops.activation import sigmoid
from .ops.convolution import COL2IM, IM2COL
from .ops.nn import ADD_SCALAR, MUL_SCALAR, SUB_SCALAR
from .ops.index_functions import gather, scatter_add
from .ops.subscripts import index, index_put
from .ops.shape import EMBED, EMBED_DIAG
from .ops.special import erf
from .tensor import Tensor, make


class TensorMath(_Math):
    """Formulas on engine tensors: the same code records a graph (create_graph=True)."""

    is_tensor = True

    def __init__(self, nb: int = 0):
        self.nb = nb

    def __getattr__(self, name):
        # the elementwise vocabulary is the engine's functional API under the same names
        fn = public.FUNCTIONS["torch"].get(name) or getattr(functions, name)
        setattr(self, name, fn)
        return fn

    @staticmethod
    def sum(x, dims=None, keepdim=False):
        return functions.sum(x, dims, keepdim)

    @staticmethod
    def mean(x, dims=None, keepdim=False):
        return functions.mean(x, dims, keepdim)

    @staticmethod
    def reshape(x, shape):
        return x.reshape(tuple(shape))

    @staticmethod
    def expand(x, shape):
        return x.expand(tuple(shape))

    @staticmethod
    def permute(x, dims):
        return x.permute(tuple(dims))

    @staticmethod
    def mT(x):
        return x.transpose(-1, -2)

    @staticmethod
    def zeros(shape, like):
        return zeros(tuple(shape), dtype=like.dtype if isinstance(like, Tensor) else None)

    @staticmethod
    def cast(x, like):
        return x.to(like.dtype)

    @staticmethod
    def where(cond, a, b):
        return functions.where(cond if isinstance(cond, Tensor) else make(cond), a, b)

    @staticmethod
    def scale(x, c):
        return call(MUL_SCALAR, (x,), {"other": c})

    @staticmethod
    def shift(x, c):
        return call(ADD_SCALAR, (x,), {"other": c, "alpha": 1})

    @staticmethod
    def unshift(x, c):
        return call(SUB_SCALAR, (x,), {"other": c, "alpha": 1})

    @staticmethod
    def lsub(c, x):
        return public.FUNCTIONS["torch"]["full_like"](x, c) - x

    @staticmethod
    def sigmoid(x):
        return sigmoid(x)

    @staticmethod
    def erf(x):
        return erf(x)

    @staticmethod
    def prod_dim(x, dim, keepdim=True):
        return x.prod(dim, keepdim)

    @staticmethod
    def eye_rect(shape, like):
        return eye(shape[-2], shape[-1], dtype=like.dtype)

    @staticmethod
    def one_hot_along(indices, dim, size):
        return make(_one_hot_np(indices._data, dim, size))

    @staticmethod
    def embed(base, src, dim, index):
        return call(EMBED, (base, src), {"dim": dim, "index": index})

    @staticmethod
    def embed_diagonal(base, src, offset, dim1, dim2):
        return call(EMBED_DIAG, (base, src), {"offset": offset, "dim1": dim1, "dim2": dim2})

    @staticmethod
    def inverse(x):
        return functions.inverse(x)

    @staticmethod
    def gather(x, dim, index):
        return gather(x, dim, index)

    @staticmethod
    def im2col(x, kernel_size, dilation, padding, stride):
        return call(IM2COL, (x,), {"kernel_size": kernel_size, "dilation": dilation, "padding": padding,
                                   "stride": stride})

    @staticmethod
    def col2im(x, output_size, kernel_size, dilation, padding, stride):
        return call(COL2IM, (x,), {"output_size": tuple(output_size), "kernel_size": kernel_size,
                                   "dilation": dilation, "padding": padding, "stride": stride})

    @staticmethod
    def scatter_add(zeros, dim, index, src):
        return scatter_add(zeros, dim, index, src)

    @staticmethod
    def index_add(zeros, index, values):
        return index_put(zeros, index, values, accumulate=True)

    @staticmethod
    def index(x, indices):
        return index(x, indices)

    @staticmethod
    def index_put(x, indices, values, accumulate=False):
        return index_put(x, indices, values, accumulate)

    @staticmethod
    def const(a):
        return make(a)

    @staticmethod
    def number(c, like):
        return c
