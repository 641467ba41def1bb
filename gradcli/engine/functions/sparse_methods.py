"""A sparse COO gradient as a tensor (``.grad`` after ``nn.Embedding(sparse=True)``): ``is_sparse``,
``layout``, ``to_dense()``, ``coalesce()``, ``indices()``, ``values()``, ``is_coalesced()`` and torch's
repr; on a dense tensor these give torch's answers and errors."""
from __future__ import annotations

import numpy as np

from .. import dtypes, errors, printing, sparse
from ..printing import _PREFIX, _tensor_body
from ..public import PROPERTIES, public
from ..tensor import make
from .tensor_attributes import layout, strided

sparse_coo = layout("sparse_coo")
public("sparse_coo")(sparse_coo)
PROPERTIES["is_sparse"] = lambda self: sparse.is_coo(self._data)
PROPERTIES["layout"] = lambda self: sparse_coo if sparse.is_coo(self._data) else strided


def _coo(t, name: str, kind: str = "sparse coordinate tensor"):
    if not sparse.is_coo(t._data):
        raise errors.AutogradError(f"{name} expected {kind} layout but got Strided")
    return t._data


@public(namespaces=(), method=True)
def to_dense(input, dtype=None, *, masked_grad=None):
    if not sparse.is_coo(input._data):
        return input if dtype is None else input.to(dtype)
    return make(np.array(input._data.view(np.ndarray)))


@public(namespaces=(), method=True)
def coalesce(input):
    return make(sparse.coalesce(_coo(input, "coalesce")))


@public(namespaces=(), method=True)
def is_coalesced(input):
    return _coo(input, "is_coalesced").coalesced


@public(namespaces=(), method=True)
def indices(input):
    a = _coo(input, "indices")
    if not a.coalesced:
        raise errors.AutogradError("Cannot get indices on an uncoalesced tensor, please call .coalesce() first")
    return make(a.indices)


@public(namespaces=(), method=True)
def values(input):
    a = _coo(input, "values", "sparse tensor")
    if not a.coalesced:
        raise errors.AutogradError("Cannot get values on an uncoalesced tensor, please call .coalesce() first")
    return make(a.values)


def sparse_zero_(t):
    a = t._data
    t._data = sparse.build(np.zeros((1, 0), np.int64), np.zeros((0,) + a.shape[1:], a.dtype), a.shape, True)
    if t._vc is not None:
        t._vc[0] += 1
    return t


def sparse_repr(t, suffixes) -> str:
    """torch's repr of a sparse COO tensor: its indices and values, then size, nnz and layout, each
    suffix from the first on a line of its own."""
    a, opts, indent = t._data, printing._OPTIONS, len(_PREFIX)
    parts = []
    for name, arr in (("indices", a.indices), ("values", a.values)):
        prefix = f"{name}=tensor("
        body = _tensor_body(arr, arr.dtype.name, indent + len(prefix), opts) if arr.size else "[]"
        if arr.size == 0:
            body += f", size={tuple(arr.shape)}"
        parts.append(prefix + body + ")")
    extra = [f"size={tuple(a.shape)}", f"nnz={a.indices.shape[1]}"]
    if a.dtype.name != dtypes.get_default_dtype().name:
        extra.append(f"dtype=torch.{a.dtype.name}")
    extra += ["layout=torch.sparse_coo", *suffixes]
    text = [_PREFIX + parts[0] + ",\n" + " " * indent + parts[1]]
    line = None      # (torch's _add_suffixes with force_newline)
    for suffix in extra:
        if line is None or line + len(suffix) + 2 > opts.linewidth:
            text.append(",\n" + " " * indent + suffix)
            line = indent + len(suffix)
        else:
            text.append(", " + suffix)
            line += len(suffix) + 2
    return "".join(text) + ")"
