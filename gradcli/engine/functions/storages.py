"""``Tensor.storage()`` and ``Tensor.untyped_storage()``: the whole memory a tensor views (a view's
storage is its base's), as torch shows it: ``data_ptr()`` equal for tensors that share memory, the
elements (or bytes) one per line, ``size()``, ``nbytes()``, ``tolist()``; ``storage()`` warns once that
TypedStorage is deprecated, as torch."""
from __future__ import annotations

import warnings

import numpy as np

from .. import errors
from ..device import device
from ..public import method
from ..storage_address import root_array, storage_address
from ..tensor import storage

_DEPRECATED = ("TypedStorage is deprecated. It will be removed in the future and UntypedStorage will be the only "
               "storage class. This should only matter to you if you are using storages directly.  To access "
               "UntypedStorage directly, use tensor.untyped_storage() instead of tensor.storage()")
_warned = []


def _memory(t) -> np.ndarray:
    """The storage's bytes, in memory order."""
    root = root_array(storage(t))
    if not (root.flags.c_contiguous or root.flags.f_contiguous):
        raise errors.AutogradError("gradcli cannot show the storage of this tensor (its memory is not one block)")
    return root.ravel(order="K").view(np.uint8)


class UntypedStorage:
    """torch.UntypedStorage: the bytes."""

    __slots__ = ("_bytes", "_root")
    __module__ = "torch.storage"

    def __init__(self, memory: np.ndarray, root: np.ndarray):
        self._bytes, self._root = memory, root

    def data_ptr(self) -> int:
        return storage_address(self._root)

    def nbytes(self) -> int:
        return self._bytes.size

    size = nbytes

    def __len__(self) -> int:
        return self._bytes.size

    def element_size(self) -> int:
        return 1

    @property
    def device(self):
        return device("cpu")

    def is_shared(self) -> bool:
        return False

    def is_pinned(self, device=None) -> bool:
        return False

    def tolist(self) -> list:
        return self._bytes.tolist()

    def __getitem__(self, index):
        return self.tolist()[index]

    def _info(self) -> str:
        return f"[torch.storage.UntypedStorage(device=cpu) of size {len(self)}]"

    def __repr__(self) -> str:
        return " " + "\n ".join(str(v) for v in self.tolist()) + "\n" + self._info()


class TypedStorage(UntypedStorage):
    """torch.TypedStorage (deprecated in torch): the elements, in the tensor's dtype."""

    __slots__ = ("dtype",)

    def __init__(self, memory: np.ndarray, root: np.ndarray, dtype):
        super().__init__(memory, root)
        self.dtype = dtype

    def _values(self) -> np.ndarray:
        return self._bytes.view(self.dtype.np)

    def size(self) -> int:
        return self._values().size

    def __len__(self) -> int:
        return self._values().size

    def element_size(self) -> int:
        return self._values().itemsize

    def untyped(self) -> UntypedStorage:
        return UntypedStorage(self._bytes, self._root)

    def tolist(self) -> list:
        return self._values().tolist()

    def _info(self) -> str:
        return f"[torch.storage.TypedStorage(dtype={self.dtype}, device=cpu) of size {len(self)}]"


@method()
def untyped_storage(self) -> UntypedStorage:
    return UntypedStorage(_memory(self), root_array(storage(self)))


@method("storage")
def typed_storage(self) -> TypedStorage:
    if not _warned:
        _warned.append(True)
        warnings.warn(_DEPRECATED, UserWarning, stacklevel=2)
    return TypedStorage(_memory(self), root_array(storage(self)), self.dtype)
