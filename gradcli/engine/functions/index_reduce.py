"""``torch.index_reduce`` / ``Tensor.index_reduce(_)``: argument checks in torch's order and words."""
from __future__ import annotations

import numpy as np

from .. import errors
from ..dims import wrap_dim
from ..dispatch import call, call_inplace
from ..dtypes import scalar_type_name
from ..ops.dtype_rules import not_implemented
from ..public import export
from ..tensor import Tensor
from .common import _check_tensor

_REDUCES = ("prod", "mean", "amax", "amin")


def _checked(self, dim, index, source, reduce, fn):
    _check_tensor(self, fn)
    for position, (name, value) in enumerate((("index", index), ("source", source)), 2):
        if not isinstance(value, Tensor):
            raise TypeError(f"{fn}(): argument '{name}' (position {position}) must be Tensor, "
                            f"not {type(value).__name__}")
    if reduce not in _REDUCES:
        raise errors.AutogradError("index_reduce(): Expected reduce to be one of prod, mean, amax or amin but got "
                                   f"{reduce}.")
    d = wrap_dim(dim, self.ndim)
    at = d % max(self.ndim, 1)
    idx, src = index._data, source._data
    if idx.ndim > 1:
        raise IndexError(f"index_reduce_(): Index is supposed to be a vector, but got dim: {idx.ndim} with type: "
                         f"{scalar_type_name(idx.dtype)} and size: {list(idx.shape)}")
    if idx.dtype not in (np.int64, np.int32):
        raise errors.AutogradError(f"index_reduce_(): Expected dtype int32/int64 for index but got: "
                                   f"{scalar_type_name(idx.dtype)}")
    if src.dtype != self._data.dtype:
        raise errors.AutogradError(f"index_reduce_(): self ({scalar_type_name(self._data.dtype)}) and source "
                                   f"({scalar_type_name(src.dtype)}) must have the same scalar type")
    if not (at == 0 or at < src.ndim):
        raise IndexError(f"index_reduce_(): Indexing dim {at} is out of bounds of the source tensor with dim "
                         f"{src.ndim}")
    if idx.size != (1 if src.ndim == 0 else src.shape[at]):
        raise errors.AutogradError(f"index_reduce_(): Number of indices ({idx.size}) should be equal to "
                                   f"source.size(dim): ({src.shape[at]}), for dim: {at}")
    self_sizes, source_sizes = list(self.shape), list(source.shape)
    if self_sizes and source_sizes:
        del self_sizes[at], source_sizes[at]
    if self_sizes != source_sizes:
        raise errors.ShapeError("source tensor shape must match self tensor shape, excluding the specified "
                                f"dimension. Got self.shape = {list(self.shape)} source.shape = {list(source.shape)}")
    if src.dtype == np.bool_:
        raise not_implemented("index_func_", src)
    size = self.shape[at] if self.ndim else 1
    if ((idx < 0) | (idx >= size)).any():
        raise IndexError("index out of range in self")
    return {"dim": d, "index": index if idx.dtype == np.int64 else idx.astype(np.int64), "reduce": reduce}


def index_reduce(input, dim, index, source, reduce, *, include_self=True):
    """Slices of ``source`` reduced into ``input`` at ``index`` along ``dim`` (prod, mean, amax, amin)."""
    from ..ops.index_reduce import INDEX_REDUCE
    params = _checked(input, dim, index, source, reduce, "index_reduce")
    return call(INDEX_REDUCE, (input, source), {**params, "include_self": bool(include_self)})


def index_reduce_(self, dim, index, source, reduce, *, include_self=True):
    from ..ops.index_reduce import INDEX_REDUCE
    params = _checked(self, dim, index, source, reduce, "index_reduce_")
    return call_inplace(INDEX_REDUCE, self, (self, source), {**params, "include_self": bool(include_self)})


export(index_reduce, "index_reduce", method=True)
export(index_reduce_, "index_reduce_", namespaces=(), method=True)
