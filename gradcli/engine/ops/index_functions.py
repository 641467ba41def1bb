"""gather/scatter/scatter_add, index_select/index_add/index_fill, masked_fill/masked_select,
take/put, take_along_dim: torch's argument checks and messages over the indexing records."""
from __future__ import annotations

import numpy as np

from .. import dtypes, errors
from .. import instrumentation as _inst
from ..autograd.grad_mode import mode as _mode
from ..dims import wrap_dim, wrap_dim_of_sized
from ..dispatch import call, call_inplace
from ..public import public
from ..tensor import Tensor, make, storage
from .indexing import (
    GATHER, INDEX_ADD, INDEX_FILL, INDEX_FILL_T, INDEX_SELECT, MASKED_FILL, MASKED_FILL_T, MASKED_SELECT, PUT, SCATTER,
    SCATTER_ADD, SCATTER_VALUE, TAKE, _dtype_name, _gather_index, index_array,
)
from .pointwise import WHERE
from .scatter_reduce import INDEX_COPY, MASKED_SCATTER, SCATTER_REDUCE
from .subscripts import index_put, per_example, tensor_index_put_


# -- argument checks --------------------------------------------------------------------------------------

def _dim(dim, ndim) -> int:
    return wrap_dim(dim, ndim)


def _tensor_arg(x, fn, name, pos):
    if not isinstance(x, Tensor):
        raise TypeError(f"{fn}(): argument '{name}' (position {pos}) must be Tensor, not {type(x).__name__}")
    return x


def _index_data(index, fn, pos, kinds="il", name="index"):
    """An index argument as an int64 ndarray copy (tensors, or ndarrays from the backward vocabulary)."""
    a = index_array(index, fn) if isinstance(index, Tensor) else index
    if not isinstance(a, np.ndarray):
        raise TypeError(f"{fn}(): argument '{name}' (position {pos}) must be Tensor, not {type(index).__name__}")
    if not (a.dtype == np.int64 or (a.dtype == np.int32 and "i" in kinds)):
        return None
    return np.array(a, dtype=np.int64)


def _kept(index, idx):
    """The index tensor the user gave, where the formulas can use its values as they are: the node
    saves that tensor, as torch's does (changing it in place later makes backward raise). Otherwise
    (a list, an int32 index, negative positions made positive) the checked array copy."""
    if isinstance(index, Tensor) and index._data.dtype == idx.dtype and index._data.shape == idx.shape \
            and np.array_equal(index._data, idx):
        return index
    return idx


def _kept_if(needed: bool, index, idx):
    """``_kept`` where the backward will read the index (torch unpacks it only for a gradient that
    needs it: scatter_add's and index_add's only for the source's)."""
    return _kept(index, idx) if needed else idx


def _check_bounds(index, size, dim, exc=errors.AutogradError):
    bad = (index < 0) | (index >= size)
    if bad.any():
        raise exc(f"index {int(index.reshape(-1)[np.argmax(bad.reshape(-1))])} is out of bounds for dimension {dim} "
                  f"with size {size}")




def _check_scatter_shapes(self, dim, index, src, fn):
    nd = self.ndim
    if nd == 0:
        raise errors.ShapeError("gradcli does not scatter into 0-d tensors")
    if index.ndim != nd:
        raise errors.ShapeError(f"Index tensor must have the same number of dimensions as {fn} tensor")
    if src is not None and index.ndim != src.ndim:
        raise errors.ShapeError("Index tensor must have the same number of dimensions as src tensor")
    d = dim % nd
    for k in range(index.ndim):
        too_big = (k != d and index.shape[k] > self.shape[k]) or (src is not None and index.shape[k] > src.shape[k])
        if too_big:
            what = f"Expected index {list(index.shape)} to be no larger than self {list(self.shape)} apart from " \
                   f"dimension {d}"
            if src is not None:
                what += f" and to be no larger size than src {list(src.shape)}"
            raise errors.ShapeError(what)


# -- public functions ---------------------------------------------------------------------------------------

@public()
def gather(input, dim, index, *, sparse_grad=False):
    """torch.gather: ``out[i][j] = input[i][index[i][j]]`` along ``dim`` (GatherBackward0)."""
    input = _tensor_arg(input, "gather", "input", 1)
    if isinstance(index, Tensor) and index.__dict__.get("_lv") and _inst.index_batching is not None:
        return _inst.index_batching("gather", input, dim, index)     # inside vmap, an index per example
    idx = _index_data(index, "gather", 3)
    if idx is None:
        raise errors.DTypeError("gather(): Expected dtype int32/int64 for index")
    d = _dim(dim, input.ndim)
    if input.ndim == 0 and idx.ndim <= 1:
        _check_bounds(idx, 1, 0)
        return call(GATHER, (input,), {"dim": d, "index": _kept(index, idx), "sparse_grad": bool(sparse_grad)})
    if idx.ndim != input.ndim:
        raise errors.ShapeError("Index tensor must have the same number of dimensions as input tensor")
    for k in range(idx.ndim):
        if k != d % input.ndim and idx.shape[k] > input.shape[k]:
            raise errors.ShapeError(f"Size does not match at dimension {k} expected index {list(idx.shape)} to be no "
                                    f"larger than self {list(input.shape)} apart from dimension {d % input.ndim}")
    _check_bounds(idx, input.shape[d], d % input.ndim)
    return call(GATHER, (input,), {"dim": d, "index": _kept(index, idx), "sparse_grad": bool(sparse_grad)})


@public()
def take_along_dim(input, indices, dim=None):
    """torch.take_along_dim: gather after broadcasting ``input`` and ``indices`` (flattened when dim is None)."""
    if indices._data.dtype != np.int64:
        raise errors.DTypeError("torch.take_along_dim(): dtype of indices should be Long but got "
                                f"{dtypes.scalar_type_name(indices._data.dtype)}")
    if dim is None:
        return gather(input.reshape(-1), 0, indices.reshape(-1))
    if input.ndim != indices.ndim:
        raise errors.ShapeError(f"torch.take_along_dim(): input and indices should have the same number of "
                                f"dimensions, but got {input.ndim} dimensions for input, and {indices.ndim} "
                                f"dimensions for indices")
    d = wrap_dim_of_sized(_dim(dim, input.ndim), input.ndim, shown=0) % input.ndim
    ishape, xshape = list(indices.shape), list(input.shape)
    ishape[d] = xshape[d] = 1
    try:
        shape = list(np.broadcast_shapes(tuple(xshape), tuple(ishape)))
    except ValueError:
        _broadcast_error(xshape, ishape)
    xs, js = shape.copy(), shape.copy()
    xs[d], js[d] = input.shape[d], indices.shape[d]
    if input.shape[d]:      # torch 2.13 reads the indices modulo the size
        indices = make(np.remainder(indices._data, input.shape[d]))     # (-1 is the last; 5 of 3 is 2)
    input = input.expand(xs)        # always, as torch's helper: an ExpandBackward0 even of the same shape
    if tuple(js) != tuple(indices.shape):
        indices = indices.expand(js)
    return gather(input, d, indices)


def _scatter_args(input, dim, index, src, fn):
    input = _tensor_arg(input, fn, "input", 1)
    idx = _index_data(index, fn, 3)
    if idx is None:
        raise errors.DTypeError(f"{fn}(): Expected dtype int32/int64 for index")
    d = _dim(dim, input.ndim)
    _check_scatter_shapes(input, d, idx, src, "self")
    if src is not None and src._data.dtype != input._data.dtype:
        raise errors.DTypeError(f"{fn}(): Expected self.dtype to be equal to src.dtype")
    _check_bounds(idx, input.shape[d], d % input.ndim)
    return input, d, idx


def _scatter_call(input, dim, index, src, value, reduce, inplace):
    if reduce is not None:
        return _scatter_reduce(input, dim, index, src, value, reduce, inplace)
    if src is None and value is None:
        raise TypeError("scatter() missing 1 required positional argument: 'src' or 'value'")
    if isinstance(src, Tensor):
        input, d, idx = _scatter_args(input, dim, index, src, "scatter")
        args, op, params = (input, src), SCATTER, {"dim": d, "index": _kept(index, idx)}
    else:
        value = src if src is not None else value
        input, d, idx = _scatter_args(input, dim, index, None, "scatter")
        args, op, params = (input,), SCATTER_VALUE, {"dim": d, "index": _kept(index, idx), "value": value}
    return call_inplace(op, input, args, params) if inplace else call(op, args, params)


def _scatter_reduce(input, dim, index, src, value, reduce, inplace):
    """scatter with reduce='add'/'multiply': torch has no derivative for it; neither do we."""
    if reduce not in ("add", "multiply"):
        raise errors.AutogradError("reduce argument must be either add or multiply.")
    src_t = src if isinstance(src, Tensor) else None
    input, d, idx = _scatter_args(input, dim, index, src_t, "scatter")
    vals = src_t._data[tuple(slice(0, s) for s in idx.shape)] if src_t is not None else \
        np.full(idx.shape, src if src is not None else value, input._data.dtype)
    out = input._data.copy()
    (np.add if reduce == "add" else np.multiply).at(out, _gather_index(out.shape, d, idx), vals)
    if _mode().grad and (input.requires_grad or (src_t is not None and src_t.requires_grad)):
        raise errors.AutogradError("derivative for aten::scatter is not implemented")
    if inplace:
        storage(input)[...] = out
        if input._vc is not None:
            input._vc[0] += 1
        return input
    return make(out)


@public()
@per_example(2)
def scatter(input, dim, index, src=None, *, value=None, reduce=None):
    """torch.scatter: write ``src`` (or a number) into ``input`` at ``index`` along ``dim``."""
    return _scatter_call(input, dim, index, src, value, reduce, False)


@per_example(2, scatter, "aten::scatter_")
def scatter_(self, dim, index, src=None, *, value=None, reduce=None):
    return _scatter_call(self, dim, index, src, value, reduce, True)


@public()
@per_example(2)
def scatter_add(input, dim, index, src):
    """torch.scatter_add: add ``src`` into ``input`` at ``index`` along ``dim``; repeats accumulate."""
    if not isinstance(src, Tensor):
        raise TypeError(f"scatter_add(): argument 'src' (position 4) must be Tensor, not {type(src).__name__}")
    input, d, idx = _scatter_args(input, dim, index, src, "scatter_add")
    return call(SCATTER_ADD, (input, src), {"dim": d, "index": _kept_if(src.requires_grad, index, idx)})


@per_example(2, scatter_add, "scatter_add_")
def scatter_add_(self, dim, index, src):
    if not isinstance(src, Tensor):
        raise TypeError(f"scatter_add_(): argument 'src' (position 3) must be Tensor, not {type(src).__name__}")
    self, d, idx = _scatter_args(self, dim, index, src, "scatter_add")
    return call_inplace(SCATTER_ADD, self, (self, src), {"dim": d, "index": _kept_if(src.requires_grad, index, idx)})


@public()
@per_example(2)
def index_select(input, dim, index):
    """torch.index_select: whole slices along ``dim`` at ``index`` (IndexSelectBackward0)."""
    input = _tensor_arg(input, "index_select", "input", 1)
    idx = _index_data(index, "index_select", 3)
    if idx is None:
        raise errors.DTypeError("index_select(): Expected dtype int32 or int64 for index")
    if idx.ndim > 1:
        raise IndexError("index_select(): Index is supposed to be a vector")
    d = _dim(dim, input.ndim)
    idx = idx.reshape(-1)
    if input.ndim == 0 and idx.size != 1:
        raise errors.ShapeError(f"index_select(): Index to scalar can have only 1 value, got {idx.size} value(s)")
    n = input.shape[d] if input.ndim else 1
    bad = (idx < 0) | (idx >= n)
    if bad.any():   # torch's dim-1 kernel (index_select_out_cpu_dim1_) has its own message
        if d + input.ndim != 1 or input.ndim < 2:
            raise IndexError("index out of range in self")
        raise errors.AutogradError(f"INDICES element is out of DATA bounds, id={int(idx[np.argmax(bad)])} "
                                   f"axis_dim={n}")
    return call(INDEX_SELECT, (input,), {"dim": d, "index": _kept(index, idx)})


def _index_add_args(self, dim, index, source, fn):
    self = _tensor_arg(self, fn, "input", 1)
    source = _tensor_arg(source, fn, "source", 4)
    idx = _index_data(index, fn, 3)
    if idx is None:
        raise errors.DTypeError("index_add_(): Expected dtype int32/int64 for index")
    if idx.ndim > 1:
        raise IndexError(f"index_add_(): Index is supposed to be a vector, but got dim: {idx.ndim} with type: "
                         f"{_dtype_name(idx)} and size: {list(idx.shape)}")
    if self.ndim == 0:
        raise IndexError("Dimension specified as 0 but tensor has no dimensions")
    d = _dim(dim, self.ndim)
    idx = idx.reshape(-1)
    if source._data.dtype != self._data.dtype:
        raise errors.DTypeError(f"index_add_(): self ({_dtype_name(self._data)}) and source "
                                f"({_dtype_name(source._data)}) must have the same scalar type")
    pd = d % self.ndim
    if source.ndim != self.ndim or any(a != b for k, (a, b) in enumerate(zip(source.shape, self.shape)) if k != pd):
        raise errors.ShapeError(f"source tensor shape must match self tensor shape, excluding the specified "
                                f"dimension. Got self.shape = {list(self.shape)} source.shape = {list(source.shape)}")
    if source.shape[pd] != len(idx):
        raise errors.ShapeError(f"index_add_(): Number of indices ({len(idx)}) should be equal to source.size(dim): "
                                f"({source.shape[pd]}), for dim: {pd}")
    _check_bounds(idx, self.shape[d], pd)
    return self, source, {"dim": d, "index": _kept_if(source.requires_grad or fn.startswith("index_copy"), index, idx),
                          "alpha": 1, "source_dim": source.ndim}


@public()
@per_example(2)
def index_add(input, dim, index, source, *, alpha=1):
    """torch.index_add: ``input`` plus ``alpha * source`` added at ``index`` along ``dim``; repeats accumulate."""
    input, source, params = _index_add_args(input, dim, index, source, "index_add")
    params["alpha"] = alpha
    return call(INDEX_ADD, (input, source), params)


@per_example(2, index_add, "index_add_")
def index_add_(self, dim, index, source, *, alpha=1):
    self, source, params = _index_add_args(self, dim, index, source, "index_add_")
    params["alpha"] = alpha
    return call_inplace(INDEX_ADD, self, (self, source), params)


def _index_fill_args(self, dim, index, value):
    idx = _index_data(index, "index_fill", 3, kinds="l")
    if idx is None:
        raise IndexError("index_fill_(): Expected dtype int64 for index.")
    if idx.ndim > 1:
        raise errors.ShapeError("Index has to be a vector/scalar")
    d = _dim(dim, self.ndim)
    idx = idx.reshape(-1)
    n = self.shape[d]
    _check_bounds(np.where(idx < 0, idx + n, idx) if (idx >= -n).all() else idx, n, d % self.ndim, IndexError)
    idx = np.where(idx < 0, idx + n, idx)
    if isinstance(value, Tensor):
        if value.ndim:
            raise errors.ShapeError(f"index_fill_ only supports a 0-dimensional value tensor, but got tensor with "
                                    f"{value.ndim} dimension(s).")
        return INDEX_FILL_T, (self, value), {"dim": d, "index": _kept(index, idx)}
    if isinstance(value, complex) and not self.is_complex():
        raise errors.AutogradError("index_fill_(): Converting complex Scalar to non-complex type is not supported")
    return INDEX_FILL, (self,), {"dim": d, "index": _kept(index, idx), "value": value}


@public()
@per_example(2)
def index_fill(input, dim, index, value):
    """torch.index_fill: ``value`` written into whole slices along ``dim`` at ``index``."""
    op, args, params = _index_fill_args(_tensor_arg(input, "index_fill", "input", 1), dim, index, value)
    return call(op, args, params)


@per_example(2, index_fill, "index_fill_")
def index_fill_(self, dim, index, value):
    op, args, params = _index_fill_args(self, dim, index, value)
    return call_inplace(op, self, args, params)


def _mask_arg(mask, fn):
    if not isinstance(mask, Tensor):
        raise TypeError(f"{fn}() received an invalid combination of arguments - got "
                        f"(Tensor, {type(mask).__name__}, ...)")
    return index_array(mask, fn)


def _masked_fill_args(self, mask, value):
    m = _mask_arg(mask, "masked_fill")
    if m.dtype != np.bool_:
        raise errors.DTypeError(f"masked_fill_ only supports boolean masks, but got mask with dtype "
                                f"{dtypes.c_type_name(m.dtype)}")
    try:
        np.broadcast_shapes(self._data.shape, m.shape)
    except ValueError:
        _broadcast_error(m.shape, self._data.shape)
    m = _kept(mask, m.copy())
    if isinstance(value, Tensor):
        if value.ndim:
            raise errors.ShapeError(f"masked_fill_ only supports a 0-dimensional value tensor, but got tensor with "
                                    f"{value.ndim} dimension(s).")
        return MASKED_FILL_T, (self, value), {"mask": m}
    return MASKED_FILL, (self,), {"mask": m, "value": value}


def _broadcast_error(a, b):
    a, b = tuple(a), tuple(b)
    for k in range(1, max(len(a), len(b)) + 1):
        x = a[-k] if k <= len(a) else 1
        y = b[-k] if k <= len(b) else 1
        if x != y and x != 1 and y != 1:
            raise errors.ShapeError(f"The size of tensor a ({x}) must match the size of tensor b ({y}) at "
                                    f"non-singleton dimension {max(len(a), len(b)) - k}")


@public()
def masked_fill(input, mask, value):
    """torch.masked_fill: ``value`` where ``mask`` is True (MaskedFillBackward0, or 1 for a tensor value)."""
    if isinstance(mask, Tensor) and mask.__dict__.get("_lv") and mask._data.dtype == np.bool_:
        return call(WHERE, (value, input), {"condition": mask})   # a mask that differs per example (vmap): where's rule
    op, args, params = _masked_fill_args(_tensor_arg(input, "masked_fill", "input", 1), mask, value)
    return call(op, args, params)


def masked_fill_(self, mask, value):
    op, args, params = _masked_fill_args(self, mask, value)
    return call_inplace(op, self, args, params)


@public()
def masked_select(input, mask):
    """torch.masked_select: the elements where ``mask`` (broadcast with ``input``) is True, as a 1-d tensor."""
    input = _tensor_arg(input, "masked_select", "input", 1)
    m = _mask_arg(mask, "masked_select")
    if m.dtype != np.bool_:
        raise errors.DTypeError("masked_select: expected BoolTensor for mask")
    try:
        np.broadcast_shapes(input._data.shape, m.shape)
    except ValueError:
        _broadcast_error(m.shape, input._data.shape)
    return call(MASKED_SELECT, (input,), {"mask": _kept(mask, m.copy())})


def _flat_index(index, fn, numel):
    idx = _index_data(index, fn, 2, kinds="l")
    if idx is None:
        a = index._data if isinstance(index, Tensor) else index
        raise errors.DTypeError(f"{fn}(): Expected a long tensor for index, but got {_dtype_name(a)}")
    bad = (idx < -numel) | (idx >= numel)
    if bad.any():
        raise IndexError(f"out of range: tried to access index {int(idx.reshape(-1)[np.argmax(bad.reshape(-1))])} "
                         f"on a tensor of {numel} elements.")
    return np.where(idx < 0, idx + numel, idx)


@public()
def take(input, index):
    """torch.take: elements of the flattened ``input`` at ``index`` (negative counts from the end)."""
    input = _tensor_arg(input, "take", "input", 1)
    if isinstance(index, Tensor) and index.__dict__.get("_lv") and _inst.index_batching is not None:
        return _inst.index_batching("take", input, index)     # inside vmap, an index per example
    return call(TAKE, (input,), {"index": _kept(index, _flat_index(index, "take", input.numel()))})


def _put_args(self, index, source, accumulate):
    source = _tensor_arg(source, "put_", "source", 2)
    if source._data.dtype != self._data.dtype:
        raise errors.DTypeError(f"put_(): self and source expected to have the same dtype, but got self.dtype = "
                                f"{_dtype_name(self._data)} and source.dtype = {_dtype_name(source._data)}")
    idx = _flat_index(index, "put_", self.numel())
    if idx.size != source.numel():
        raise IndexError(f"put_(): Expected source and index to have the same number of elements, but got "
                         f"source.numel() = {source.numel()}, index.numel() = {idx.size}")
    return (self, source), {"index": _kept(index, idx), "accumulate": bool(accumulate)}


@public()
def put(input, index, source, accumulate=False):
    """torch.put: ``source`` written (or added) into the flattened ``input`` at ``index``."""
    args, params = _put_args(_tensor_arg(input, "put", "input", 1), index, source, accumulate)
    return call(PUT, args, params)


def put_(self, index, source, accumulate=False):
    args, params = _put_args(self, index, source, accumulate)
    return call_inplace(PUT, self, args, params)


def _index_copy_args(self, dim, index, source, fn):
    self, source, params = _index_add_args(self, dim, index, source, fn)
    return self, source, {"dim": params["dim"], "index": params["index"], "source_dim": params["source_dim"]}


@public()
@per_example(2)
def index_copy(input, dim, index, source):
    """torch.index_copy: ``input`` with the slices at ``index`` along ``dim`` replaced by ``source``'s."""
    input, source, params = _index_copy_args(input, dim, index, source, "index_copy")
    return call(INDEX_COPY, (input, source), params)


@per_example(2, index_copy, "aten::index_copy_")
def index_copy_(self, dim, index, source):
    self, source, params = _index_copy_args(self, dim, index, source, "index_copy_")
    return call_inplace(INDEX_COPY, self, (self, source), params)


def _masked_scatter_args(self, mask, source, fn):
    self = _tensor_arg(self, fn, "input", 1)
    source = _tensor_arg(source, fn, "source", 3)
    m = _mask_arg(mask, fn)
    if m.dtype != np.bool_:
        raise errors.DTypeError(f"masked_scatter_ only supports boolean masks, but got mask with dtype "
                                f"{dtypes.c_type_name(m.dtype)}")
    shape = tuple(self.shape)       # inside vmap, one example's shape
    try:
        m = np.broadcast_to(m, shape).copy()
    except ValueError:
        _broadcast_error(m.shape, shape)
    if source._data.dtype != self._data.dtype:
        raise errors.DTypeError(f"masked_scatter_: expected self and source to have same dtypes but got "
                                f"{_dtype_name(self._data)} and {_dtype_name(source._data)}")
    if int(m.sum()) > source.numel():
        raise errors.ShapeError("masked_scatter_: expected source to have at least as many elements as ones in mask")
    return self, source, {"mask": _kept(mask, m)}


@public()
def masked_scatter(input, mask, source):
    """torch.masked_scatter: ``source``'s elements, in order, written where ``mask`` is True."""
    input, source, params = _masked_scatter_args(input, mask, source, "masked_scatter")
    return call(MASKED_SCATTER, (input, source), params)


def masked_scatter_(self, mask, source):
    self, source, params = _masked_scatter_args(self, mask, source, "masked_scatter_")
    return call_inplace(MASKED_SCATTER, self, (self, source), params)


_REDUCES = ("sum", "prod", "mean", "amax", "amin")


def _scatter_reduce_args(input, dim, index, src, reduce, fn):
    if reduce not in _REDUCES:
        raise errors.AutogradError(f"reduce argument must be either sum, prod, mean, amax or amin, got {reduce}")
    if not isinstance(src, Tensor):
        raise TypeError(f"{fn}(): argument 'src' (position 4) must be Tensor, not {type(src).__name__}")
    return _scatter_args(input, dim, index, src, "scatter_reduce")


@public()
@per_example(2)
def scatter_reduce(input, dim, index, src, reduce, *, include_self=True):
    """torch.scatter_reduce: ``src`` reduced into ``input`` at ``index`` along ``dim`` by sum, prod, mean,
    amax or amin (with ``input``'s own values when include_self)."""
    input, d, idx = _scatter_reduce_args(input, dim, index, src, reduce, "scatter_reduce")
    return call(SCATTER_REDUCE, (input, src), {"dim": d, "index": _kept(index, idx), "reduce": reduce,
                                              "include_self": bool(include_self)})


@per_example(2, scatter_reduce, "aten::scatter_reduce_")
def scatter_reduce_(self, dim, index, src, reduce, *, include_self=True):
    self, d, idx = _scatter_reduce_args(self, dim, index, src, reduce, "scatter_reduce_")
    return call_inplace(SCATTER_REDUCE, self, (self, src), {"dim": d, "index": _kept(index, idx), "reduce": reduce,
                                                           "include_self": bool(include_self)})


TENSOR_METHODS = {
    "index_copy": index_copy, "index_copy_": index_copy_, "masked_scatter": masked_scatter,
    "masked_scatter_": masked_scatter_, "scatter_reduce": scatter_reduce, "scatter_reduce_": scatter_reduce_,
    "gather": gather, "scatter": scatter, "scatter_": scatter_, "scatter_add": scatter_add,
    "scatter_add_": scatter_add_, "index_select": index_select, "index_add": index_add,
    "index_add_": index_add_, "index_fill": index_fill, "index_fill_": index_fill_, "index_put": index_put,
    "index_put_": tensor_index_put_, "masked_fill": masked_fill, "masked_fill_": masked_fill_,
    "masked_select": masked_select, "take": take, "take_along_dim": take_along_dim, "put": put, "put_": put_,
}
