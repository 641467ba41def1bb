"""``torch.as_strided`` and ``Tensor.as_strided``: a view of the tensor's storage with any size, stride and
storage offset, checked as torch checks it."""
from __future__ import annotations

from .. import errors
from ..dispatch import call
from ..public import public
from ..storage_address import root_array
from ..tensor import Tensor, storage


def _ints(name: str, position: int, values) -> tuple:
    values = tuple(values) if isinstance(values, (list, tuple)) else (values,)
    for k, v in enumerate(values):
        if not isinstance(v, int) or isinstance(v, bool):
            if k:     # torch's parser words a later element differently
                raise TypeError(f"as_strided(): argument '{name}' failed to unpack the object at pos {k + 1} with "
                                f'error "type must be tuple of ints,but got {type(v).__name__}"')
            raise TypeError(f"as_strided(): argument '{name}' (position {position}) must be tuple of ints, but found "
                            f"element of type {type(v).__name__} at pos 0")
    return values


def _tensor_as_strided(self, size, stride, storage_offset=None):
    return _as_strided(self, size, stride, storage_offset, 1)


@public(method=_tensor_as_strided)
def as_strided(input, size, stride, storage_offset=None):
    if not isinstance(input, Tensor):
        raise TypeError(f"as_strided(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
    return _as_strided(input, size, stride, storage_offset, 2)


def _as_strided(input, size, stride, storage_offset, first: int):
    """torch's checks in its order (argument positions count from ``first``: 1 for the method)."""
    from ..ops.strided import AS_STRIDED_STORAGE, geometry
    size, stride = _ints("size", first, size), _ints("stride", first + 1, stride)
    if storage_offset is not None and (not isinstance(storage_offset, int) or isinstance(storage_offset, bool)):
        raise TypeError(f"as_strided(): argument 'storage_offset' (position {first + 2}) must be int, not "
                        f"{type(storage_offset).__name__}")
    if len(size) != len(stride):
        raise errors.AutogradError("mismatch in length of strides and shape")
    if any(n < 0 for n in size):
        raise errors.AutogradError(f"Storage size calculation overflowed with sizes={list(size)} and "
                                   f"strides={list(stride)}")
    if any(s < 0 for s in stride):
        raise errors.AutogradError(f"as_strided: Negative strides are not supported at the moment, got strides: "
                                   f"{list(stride)}")
    data = storage(input)
    where = geometry(data)
    offset = where[2] if storage_offset is None else storage_offset
    if offset < 0:
        raise errors.AutogradError(f"Tensor: invalid storage offset {offset}")
    itemsize = data.itemsize
    needed = 0 if 0 in size else itemsize * (offset + 1 + sum(s * (n - 1) for n, s in zip(size, stride)))
    have = root_array(data).nbytes
    if needed > have:
        raise errors.AutogradError(f"setStorage: sizes {list(size)}, strides {list(stride)}, storage offset {offset}, "
                                   f"and itemsize {itemsize} requiring a storage size of {needed} are out of bounds "
                                   f"for storage of size {have}")
    return call(AS_STRIDED_STORAGE, (input,), {"size": size, "stride": stride, "storage_offset": storage_offset,
                                               "geometry": where})
