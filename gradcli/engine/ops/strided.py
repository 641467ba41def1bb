"""``as_strided`` on a tensor's storage: any size, stride and storage offset, a view sharing the memory.
Its gradient is torch's as_strided_backward: the gradient scattered into a storage-shaped buffer (summed
where the view reads a place twice), divided by how many times the input reads each place, then read
back through the input's own geometry."""
from __future__ import annotations

import numpy as np

from ..dispatch import call
from ..storage_address import root_array
from ..tensor import make
from .index_functions import gather, scatter_add
from .registry import KEEP, defop
from .samples import Sample, arr


def storage_offset_of(a: np.ndarray) -> int:
    root = root_array(a)
    return (a.__array_interface__["data"][0] - root.__array_interface__["data"][0]) // a.itemsize


def geometry(a: np.ndarray) -> tuple:
    """(size, stride, storage offset) of an array, in elements of its own dtype."""
    return a.shape, tuple(s // a.itemsize for s in a.strides), storage_offset_of(a)


def _forward(a, size, stride, storage_offset, geometry):
    root = root_array(a)
    offset = geometry[2] if storage_offset is None else storage_offset
    if 0 in size and offset:     # torch bounds no empty view; numpy's buffer does, so its offset is indexed to
        root, offset = np.ndarray((offset + 1, 0), a.dtype, root, 0, (a.itemsize, 0))[offset], 0
    view = np.ndarray(tuple(size), a.dtype, buffer=root, offset=offset * a.itemsize,
                      strides=tuple(s * a.itemsize for s in stride))
    if any(s == 0 and n > 1 for n, s in zip(size, stride)):
        # torch's internal overlap (a zero stride over more than one element): in-place ops refuse it, as
        # an expanded tensor's read-only view is refused (add_ wrote each place once where torch raises)
        view.flags.writeable = False
    return view


def _places(size, stride, offset) -> np.ndarray:
    """The storage index of every element of a strided view, flattened."""
    index = np.array(offset, dtype=np.int64)
    for n, s in zip(size, stride):
        index = np.add.outer(index, np.arange(n, dtype=np.int64) * s)
    return index.reshape(-1)


def _backward(m, g, size, stride, storage_offset, geometry):
    in_size, in_stride, in_offset = geometry
    out = _places(size, stride, in_offset if storage_offset is None else storage_offset)
    inp = _places(in_size, in_stride, in_offset)
    n = int(max(out.max(initial=-1), inp.max(initial=-1))) + 1
    count = np.bincount(inp, minlength=n)
    lead = tuple(g.shape[:m.nb])
    flat = m.reshape(g, lead + (-1,))
    if m.is_tensor:
        where = make(np.broadcast_to(out, lead + out.shape).copy())
        store = scatter_add(make(np.zeros(lead + (n,), g._data.dtype)), -1, where, flat)
        if (count > 1).any():
            store = store / make(np.maximum(count, 1).astype(g._data.real.dtype))
        if not lead:   # torch's last step: the storage read through the input's geometry
            return call(AS_STRIDED_STORAGE, (store,), {"size": tuple(in_size), "stride": tuple(in_stride),
                                                       "storage_offset": in_offset, "geometry": ((n,), (1,), 0)})
        picked = gather(store, -1, make(np.broadcast_to(inp, lead + inp.shape).copy()))
    else:
        store = np.zeros(lead + (n,), g.dtype)
        np.add.at(store, (Ellipsis, out), flat)
        if (count > 1).any():
            store = store / np.maximum(count, 1).astype(g.real.dtype)
        picked = store[..., inp]
    return m.reshape(picked, lead + tuple(in_size))


AS_STRIDED_STORAGE = defop(
    "as_strided.storage", "AsStridedBackward0", ("self",), _forward, _backward,
    saves=("size", "stride", "storage_offset", "geometry"), internal=("geometry",), promote=KEEP, view=True,
    samples=lambda: [Sample(arr(12), params={"size": (3, 3), "stride": (2, 1), "storage_offset": 1,
                                             "geometry": ((12,), (1,), 0)}),
                     Sample(arr(3, 4), params={"size": (3, 3), "stride": (1, 1), "storage_offset": None,
                                               "geometry": ((3, 4), (4, 1), 0)}, note="overlapping windows")],
    jvp_note="generic: derived through double-vjp",
    rule="scatter the gradient into the storage (summed), divide by the input's reads, read back")

