"""``x[idx]`` and ``x[idx] = v``: the one translator of Python subscripts, shared by views and
indexing. Basic parts (ints, slices, None, ...) become views in order, as torch records them
(SelectBackward0, SliceBackward0, UnsqueezeBackward0); tensor and list parts become one
``aten::index`` / ``index_put_`` over the view."""
from __future__ import annotations

import functools
import operator

import numpy as np

from .. import dtypes, errors
from .. import instrumentation as _inst
from ..creation import checked_scalar
from ..dispatch import call, call_inplace
from ..public import public
from ..tensor import Tensor, make
from .copy import copy_
from .indexing import (
    INDEX, INDEX_PUT, INDEX_PUT_IMPL, _INDEX_TYPES, _dtype_name, _fit_values, _index_shape, index_array,
)
from .shape import ALIAS, VIEW, call_slice, select, unsqueeze


# -- x[idx] and x[idx] = v ---------------------------------------------------------------------------------

def batched_in(v) -> bool:
    """Whether ``v`` (a tensor, or a tuple or list of index entries) holds a tensor batched by vmap."""
    if isinstance(v, (tuple, list)):
        return any(batched_in(x) for x in v)
    return isinstance(v, Tensor) and bool(v.__dict__.get("_lv"))


def per_example(pos: int, out_of_place=None, inplace: str | None = None):
    """Inside vmap, an index (argument ``pos``) batched by vmap sends the call to ``instrumentation.index_each``: the
    function (for an in-place one, ``out_of_place``, written into self) once per example."""
    def decorate(fn):
        @functools.wraps(fn)
        def run(*args, **kwargs):
            index = args[pos] if len(args) > pos else kwargs.get("index", kwargs.get("indices"))
            if _inst.index_each is not None and batched_in(index):
                return _inst.index_each(out_of_place or fn, args, kwargs, inplace)
            return fn(*args, **kwargs)
        return run
    return decorate


def _seq_as_tuple(seq) -> bool:
    """torch's (and old numpy's) rule: a list holding a sequence, tensor, slice, None or ... is a tuple."""
    return len(seq) < 32 and any(isinstance(k, (list, tuple, Tensor, slice)) or k is None or k is Ellipsis
                                 for k in seq)


_INT64_MAX = (1 << 63) - 1     # an open slice's end, as torch saves it (SliceBackward0's _saved_end)


def _bound(value, default: int) -> int:
    """A slice bound as written (negative ones too: numpy's slicing reads them as Python's)."""
    return default if value is None else operator.index(value)


def _as_index_array(k) -> np.ndarray:
    """A list, ndarray or tensor used as an index, as an int64 or bool ndarray (copied)."""
    if isinstance(k, Tensor):
        a = index_array(k, "index")
    else:
        a = np.asarray(k)
        if a.size == 0 and a.dtype.kind == "f":
            a = a.astype(np.int64)
    if a.dtype == np.bool_ or a.dtype == np.uint8 and isinstance(k, Tensor):
        return np.array(a, dtype=np.bool_)
    if a.dtype not in (np.int64, np.int32) and not (a.dtype.kind in "iu" and not isinstance(k, Tensor)):
        raise IndexError(_INDEX_TYPES)
    return np.array(a, dtype=np.int64)


def _split(t: Tensor, items, kept: dict | None = None):
    """Apply the basic parts of a subscript in order (views, as torch does) and collect the tensor parts
    into an index list for the view (``kept`` maps each index array copied from a tensor without
    change to that tensor)."""
    out, dim, found = t, 0, {}
    for k in items:
        if k is None:
            out = unsqueeze(out, dim)
            dim += 1
        elif isinstance(k, (bool, np.bool_)) or (isinstance(k, Tensor) and k.ndim == 0 and k._data.dtype == np.bool_):
            out = unsqueeze(out, dim)      # torch indexes the new dim with [0] (True) or [] (False)
            found[dim] = np.zeros(int(bool(k._data if isinstance(k, Tensor) else k)), np.int64)
            dim += 1
        elif isinstance(k, slice):
            n = out.shape[dim]
            start, stop, step = k.indices(n)
            if step <= 0:
                raise ValueError("step must be greater than zero")
            if not (start == 0 and stop >= n and step == 1):    # torch saves the bounds as written
                out = call_slice(out, dim, _bound(k.start, 0), _bound(k.stop, _INT64_MAX), step)
            dim += 1
        elif isinstance(k, (int, np.integer)) or (isinstance(k, Tensor) and k.ndim == 0):
            if isinstance(k, Tensor) and k._data.dtype.kind not in "iu":
                raise IndexError(_INDEX_TYPES)
            i, n = int(k), out.shape[dim]
            if not -n <= i < n:
                raise IndexError(f"index {i} is out of bounds for dimension {dim} with size {n}")
            out = select(out, dim, i)
        elif isinstance(k, (Tensor, list, tuple, np.ndarray)):
            a = _as_index_array(k)
            found[dim] = a
            if kept is not None and isinstance(k, Tensor) and a.dtype == k._data.dtype:
                kept[id(a)] = k
            dim += a.ndim if a.dtype == np.bool_ else 1
        else:
            raise IndexError("only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are "
                             "valid indices (got " + type(k).__name__ + ")")
    return out, _index_list(out, found)


def _index_list(out: Tensor, found: dict) -> tuple:
    """The index list for ``out``, checked as torch checks it (mask shapes, broadcasting, bounds)."""
    if not found:
        return ()
    shape = out.shape
    indices, d, ordinal = [], 0, 0
    last = max(found)
    while d <= last:
        a = found.get(d)
        if a is None:
            indices.append(None)
            d += 1
            continue
        if a.dtype == np.bool_:
            for j, s in enumerate(a.shape):
                if d + j >= len(shape) or s != shape[d + j]:
                    raise IndexError(f"The shape of the mask {list(a.shape)} at index {j} does not match the shape "
                                     f"of the indexed tensor {list(shape)} at index {d + j}")
            ordinal += a.ndim
            d += a.ndim
        else:
            n = shape[d]
            bad = (a < -n) | (a >= n)
            if bad.any():
                raise IndexError(f"index {int(a.reshape(-1)[np.argmax(bad.reshape(-1))])} is out of bounds for "
                                 f"dimension {ordinal} with size {n}")
            ordinal += 1     # negative positions stay: numpy's indexing reads them as torch's kernels do
            d += 1
        indices.append(a)
    shapes = [(int(np.count_nonzero(i)),) if i.dtype == np.bool_ else i.shape for i in indices if i is not None]
    try:
        np.broadcast_shapes(*shapes)
    except ValueError:
        raise IndexError("shape mismatch: indexing tensors could not be broadcast together with shapes "
                         + ", ".join(str(list(s)) for s in shapes)) from None
    return tuple(indices)


def advanced_index(t: Tensor, items: list) -> Tensor:
    """``t[items]`` where some item is a tensor, list or bool: the basic items become views, then one
    IndexBackward0 copy gathers the rest (``views.getitem`` calls this)."""
    if len(items) == 1 and isinstance(items[0], list) and _seq_as_tuple(items[0]):
        return t[tuple(items[0])]
    kept = {}
    out, indices = _split(t, items, kept)
    if not indices:
        return out
    indices = tuple(_saved_form(i, kept) for i in _normalise(indices, out.ndim))
    return call(INDEX, (out,), {"indices": indices})


def _saved_form(i, kept: dict):
    """An index entry as torch keeps it (saved and packed like any tensor): the user's own tensor, or
    a new tensor made from a list or an array."""
    t = kept.get(id(i))
    if t is not None:
        return t
    return make(i) if isinstance(i, np.ndarray) else i


def index(x: Tensor, indices) -> Tensor:
    """aten::index: ``x[indices]`` for an index list (entries None, int/bool arrays, or whole slices)."""
    return call(INDEX, (x,), {"indices": _normalise(indices, x.ndim)})


def _normalise(indices, ndim) -> tuple:
    """An index list from formula code: ``:`` and None are whole dims, ``...`` as many as needed."""
    indices = tuple(indices)
    if any(i is Ellipsis for i in indices):
        k = indices.index(Ellipsis)
        used = sum(1 if not isinstance(i, np.ndarray) or i.dtype != np.bool_ else i.ndim
                   for i in indices if i is not Ellipsis)
        indices = indices[:k] + (None,) * (ndim - used) + indices[k + 1:]
    out = []
    for i in indices:
        if i is None or (isinstance(i, slice) and i == slice(None)):
            out.append(None)
        elif isinstance(i, slice):
            raise TypeError("index lists take whole dims (None or ':') and index tensors only")
        else:
            a = index_array(i, "index_put") if isinstance(i, Tensor) else np.asarray(i)
            if a.dtype.kind not in "biu":
                raise IndexError(_INDEX_TYPES)
            out.append(a if a.dtype in (np.bool_, np.int64) else a.astype(np.int64))
    while out and out[-1] is None:
        out.pop()
    return tuple(out)


def _values_for(t: Tensor, values, fn):
    """The value tensor of an index_put: numbers take ``t``'s dtype, tensors must already have it."""
    if isinstance(values, Tensor):
        if values._data.dtype != t._data.dtype:
            raise errors.DTypeError(f"Index put requires the source and destination dtypes match, got "
                                    f"{_dtype_name(t._data)} for the destination and {_dtype_name(values._data)} "
                                    "for the source.")
        return values
    if fn == "setitem" and isinstance(values, (bool, int, float, complex, np.number, np.bool_)):
        return make(np.asarray(checked_scalar(values, t._data.dtype, True)).astype(t._data.dtype))
    if fn == "setitem":
        raise TypeError(f"can't assign a {type(values).__name__} to a torch.{_dtype_name(t._data)}Tensor")
    raise TypeError(f"{fn}(): argument 'values' (position 3) must be Tensor, not {type(values).__name__}")


def _check_values(t: Tensor, indices, values: Tensor) -> None:
    target = _index_shape(t._data.shape, indices)
    vshape = _fit_values(np.empty(values._data.shape, dtype=np.bool_), target).shape if values.ndim else ()
    try:
        ok = np.broadcast_shapes(vshape, target) == target
    except ValueError:
        ok = False
    if not ok:
        raise errors.ShapeError(f"shape mismatch: value tensor of shape {list(values.shape)} cannot be broadcast to "
                                f"indexing result of shape {list(target)}")


def _index_put_args(t, indices, values, fn):
    if not isinstance(indices, (tuple, list)):
        raise TypeError(f"{fn}(): argument 'indices' (position 2) must be tuple of Tensors, not "
                        f"{type(indices).__name__}")
    out, found, kept = t, {}, {}
    d = 0
    for i in indices:
        if i is not None:
            a = _as_index_array(i)
            found[d] = a
            if isinstance(i, Tensor) and a.dtype == i._data.dtype:
                kept[id(a)] = i
            d += a.ndim if a.dtype == np.bool_ else 1
        else:
            d += 1
    if d > t.ndim:
        raise IndexError(f"too many indices for tensor of dimension {t.ndim}")
    idx = _index_list(out, found)
    values = _values_for(t, values, fn)
    _check_values(t, idx, values)
    return (t, values), {"indices": tuple(_saved_form(i, kept) for i in idx), "accumulate": False}


@public()
@per_example(1)
def index_put(input, indices, values, accumulate=False):
    """torch.index_put: ``input`` with ``values`` written (or added) at ``indices`` (IndexPutBackward0).

    The backward vocabulary also calls it, with ndarrays, ``:`` or ``...`` in ``indices``; its
    accumulating put is torch's IndexPutImplBackward0."""
    if any(isinstance(i, (slice, np.ndarray)) or i is Ellipsis for i in indices):
        op = INDEX_PUT_IMPL if accumulate else INDEX_PUT
        return call(op, (input, values), {"indices": _normalise(indices, input.ndim), "accumulate": bool(accumulate)})
    args, params = _index_put_args(input, indices, values, "index_put")
    params["accumulate"] = bool(accumulate)
    return call(INDEX_PUT, args, params)


@per_example(1, index_put, "index_put_")
def tensor_index_put_(self, indices, values, accumulate=False):
    """Tensor.index_put_ (in place)."""
    args, params = _index_put_args(self, indices, values, "index_put_")
    params["accumulate"] = bool(accumulate)
    return call_inplace(INDEX_PUT, self, args, params)


def index_put_(t: Tensor, items: list, value) -> None:
    """``t[items] = value`` with an advanced index (``views.setitem`` calls this): the basic items give a
    view, as in torch, and index_put_ writes into it."""
    if len(items) == 1 and isinstance(items[0], list) and _seq_as_tuple(items[0]):
        t[tuple(items[0])] = value
        return
    if len(items) == 1 and isinstance(items[0], (bool, np.bool_)):   # torch: a lone bool is no index,
        if items[0]:                                                 # True writes through a view
            copy_(unsqueeze(t, 0), _values_for(t, value, "setitem"))
        return
    kept = {}
    out, indices = _split(t, items, kept)
    value = _values_for(out, value, "setitem")
    if not indices:
        copy_(out, value)
        return
    _check_values(out, indices, value)
    call_inplace(INDEX_PUT, out, (out, value), {"indices": tuple(_saved_form(i, kept) for i in indices),
                                                "accumulate": False})


def _expand_subscript(t: Tensor, key) -> list:
    """Normalise a subscript to a list with Ellipsis expanded (a bool mask counts its ndim)."""
    if not isinstance(key, tuple):
        if t.ndim == 0:           # torch's select and slice of a lone int or slice (x[0,] is "too many")
            if isinstance(key, slice):
                raise IndexError("slice() cannot be applied to a 0-dim tensor.")
            if isinstance(key, (int, np.integer)) and not isinstance(key, (bool, np.bool_)):
                if key:
                    raise IndexError(f"index {key} is out of bounds for dimension 0 with size 0")
                raise IndexError("invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
                                 "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number")
        key = (key,)
    # torch reads any sequence as an index tensor: a range (x[range(n), target], the nll of the
    # "What is torch.nn really?" tutorial) is its int64 array
    key = tuple(np.arange(k.start, k.stop, k.step, dtype=np.int64) if isinstance(k, range) else k for k in key)
    consumed = 0
    for k in key:
        if k is None or k is Ellipsis or k.__class__ is bool:    # x[True] adds a dim, as None does
            continue
        if isinstance(k, Tensor) and k._data.dtype == np.bool_:
            consumed += k.ndim
        else:
            consumed += 1
    if consumed > t.ndim:
        raise IndexError(f"too many indices for tensor of dimension {t.ndim}")
    out = []
    seen_ellipsis = False
    for k in key:
        if k is Ellipsis:
            if seen_ellipsis:
                raise IndexError("an index can only have a single ellipsis ('...')")
            seen_ellipsis = True
            out.extend([slice(None)] * (t.ndim - consumed))
        else:
            out.append(k)
    return out


def _advanced(items) -> bool:
    """Whether ``x[items] = v`` needs index_put_ (a 0-d integer tensor is a plain index there)."""
    return any(isinstance(k, (Tensor, list, np.ndarray)) and not (isinstance(k, Tensor) and k.ndim == 0 and
                                                                  k._data.dtype.kind in "iu")
               or isinstance(k, bool) for k in items)


def getitem(t: Tensor, key):
    """``t[key]``: basic parts become views (SelectBackward0, SliceBackward0, UnsqueezeBackward0),
    an integer-array or mask part one IndexBackward0 copy."""
    if isinstance(key, Tensor) and key.__dict__.get("_lv") and _inst.index_batching is not None:
        return _inst.index_batching("index", t, key)     # inside vmap, an index per example
    if _inst.index_each is not None and isinstance(key, tuple) and batched_in(key):
        return _inst.index_each(getitem, (t, key), {})
    items = _expand_subscript(t, key)
    if any(isinstance(k, (Tensor, list, np.ndarray)) or isinstance(k, bool) for k in items):
        return advanced_index(t, items)
    out, _ = _split(t, items)
    if out is t:
        if not isinstance(key, tuple) and isinstance(key, slice) and t.ndim:
            return call_slice(t, 0, 0, _INT64_MAX, 1)  # torch: x[:] is a SliceBackward0, x[:, :] an alias
        return call(ALIAS, (t,))
    return out


def _set_copy(t: Tensor, key, value) -> Tensor:
    """``t`` with ``t[key] = value`` done on a copy: one example of a per-example ``x[i] = v``."""
    out = t.clone()
    setitem(out, key, value)
    return out


def setitem(t: Tensor, key, value) -> None:
    """``t[key] = value``: copy_ into the view, or index_put_ for advanced keys (both in place)."""
    if _inst.index_each is not None and batched_in(key):
        _inst.index_each(_set_copy, (t, key, value), {}, "index_put_")     # inside vmap, an index per example
        return
    if value.__class__ is int and not -(1 << 63) <= value < 1 << 63:     # torch's parser reads a long long
        raise ValueError("Overflow when unpacking long long")
    items = _expand_subscript(t, key)
    if _advanced(items):
        index_put_(t, items, value)
        return
    view = getitem(t, tuple(items))
    if isinstance(value, (int, float, complex)):    # checked as torch's one-element fill of t's dtype checks it
        checked_scalar(value, t._data.dtype, True)
    copy_(view, _fitted_value(value, tuple(view.shape)))


def _fitted_value(value, target: tuple):
    """torch's setitem value: its leading size-1 dims dropped (a view, so ``x[0] = y`` takes a y of
    shape (1, n)), then checked against the slice's shape as expand checks it."""
    if not isinstance(value, Tensor) or value.ndim == 0:
        return value
    shape = tuple(value.shape)
    lead = 0
    while lead < len(shape) and shape[lead] == 1:
        lead += 1
    if lead:
        value = call(VIEW, (value,), {"shape": shape[lead:]})
        shape = shape[lead:]
    if len(shape) > len(target):
        raise errors.ShapeError(f"expand({dtypes.cpu_type_name(value.dtype)}{{{list(shape)}}}, size={list(target)}): "
                                f"the number of sizes provided ({len(target)}) must be greater or equal to the number "
                                f"of dimensions in the tensor ({len(shape)})")
    offset = len(target) - len(shape)
    for i in reversed(range(len(shape))):
        if shape[i] != 1 and shape[i] != target[offset + i]:
            raise errors.ShapeError(f"The expanded size of the tensor ({target[offset + i]}) must match the existing "
                                    f"size ({shape[i]}) at non-singleton dimension {offset + i}.  Target sizes: "
                                    f"{list(target)}.  Tensor sizes: {list(shape)}")
    return value


# -- Tensor methods ---------------------------------------------------------------------------------------

# methods torch puts on Tensor (installed by tensor_methods.attach)
