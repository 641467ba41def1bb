"""``torch.save`` / ``torch.load`` on files kept in memory.

Training scripts checkpoint: ``torch.save(model.state_dict(), "best.pt")`` at the best epoch, then
``model.load_state_dict(torch.load("best.pt"))``. Scripts run without a file system, so a saved
file is a deep copy of the object kept under its name for the rest of the process (every script
of one ``gradcli run``, a REPL session) and never written to disk; ``load`` returns a new deep
copy, as unpickling does. torch's checks are kept: a name never saved raises FileNotFoundError,
and the default ``weights_only=True`` refuses what torch's weights-only unpickler refuses (a whole
module, a script's own object) with its UnpicklingError. ``BytesIO`` is ``io.BytesIO`` for scripts.
"""
from __future__ import annotations

import collections
import errno
import operator
import os
import pickle

from .device import device
from .dtypes import dtype
from .public import public
from .tensor import Size, Tensor, deepcopy_data, make

_FILES: dict[str, object] = {}

# What torch's weights-only unpickler accepts besides tensors (its _get_allowed_globals)
_PLAIN = (type(None), bool, int, float, complex, str, bytes, bytearray, dtype, device)
_CONTAINERS = (dict, collections.OrderedDict, collections.Counter, list, tuple, set, Size)


def class_name(cls: type) -> str:
    """The name torch's refusal prints for a class; the language sets torch's own names
    (``torch.nn.modules.linear.Linear``, ``__main__.Net``)."""
    return f"{cls.__module__}.{cls.__qualname__}" if cls.__module__ != "builtins" else cls.__qualname__


class BytesIO:
    """``io.BytesIO`` for in-memory checkpoints (``torch.save(sd, buf); buf.seek(0);
    torch.load(buf)``): what torch.save writes is kept as an object at the position it was written
    (the bytes hold a 4-byte stand-in), and bytes a script writes itself are bytes."""

    def __init__(self, initial_bytes=b""):
        self._bytes, self._pos, self._saved, self.closed = bytearray(_bytes_like(initial_bytes)), 0, {}, False

    def write(self, data) -> int:
        data = _bytes_like(data)
        self._bytes[self._pos:self._pos + len(data)] = data
        self._pos += len(data)
        return len(data)

    def read(self, size=-1) -> bytes:
        end = len(self._bytes) if size is None or size < 0 else self._pos + size
        data = bytes(self._bytes[self._pos:end])
        self._pos += len(data)
        return data

    def seek(self, offset, whence=0) -> int:
        offset = operator.index(offset)
        if whence not in (0, 1, 2):
            raise ValueError(f"invalid whence ({whence}, should be 0, 1 or 2)")
        if whence == 0 and offset < 0:
            raise ValueError(f"negative seek value {offset}")
        self._pos = max(0, offset + (0, self._pos, len(self._bytes))[whence])
        return self._pos

    def tell(self) -> int:
        return self._pos

    def getvalue(self) -> bytes:
        return bytes(self._bytes)

    def close(self) -> None:
        self.closed = True

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _bytes_like(data) -> bytes:
    """``data`` as bytes, refused as io.BytesIO refuses what is not bytes-like (``bytes(10**9)`` of an
    int would make a billion zero bytes, of a str fail with another message)."""
    try:
        return bytes(memoryview(data))
    except TypeError:
        raise TypeError(f"a bytes-like object is required, not '{type(data).__name__}'") from None


_STAND_IN = b"PK\x03\x04"     # a zip file's magic, as torch.save's files start


def _path(f) -> str:
    if isinstance(f, (str, os.PathLike)):
        return os.fspath(f)
    raise AttributeError(f"'{type(f).__name__}' object has no attribute 'write'")


@public()
def save(obj, f, pickle_module=None, pickle_protocol=2, _use_new_zipfile_serialization=True,
         _disable_byteorder_record=False) -> None:
    memo: dict = {}
    for t in _tensors(obj):
        if not t.is_leaf:      # torch saves a non-leaf's values (a view's storage): it loads as a leaf
            memo[id(t)] = make(deepcopy_data(t._data, memo), requires_grad=t.requires_grad)
    import copy      # (here: a command that saves nothing does not load it)
    saved = copy.deepcopy(obj, memo)
    if isinstance(f, BytesIO):
        f._saved[f._pos] = saved
        f.write(_STAND_IN)
    else:
        _FILES[_path(f)] = saved


@public()
def load(f, map_location=None, pickle_module=None, *, weights_only=None, mmap=None, **pickle_load_args):
    if isinstance(f, BytesIO):
        if f._pos not in f._saved:      # torch.load at the end of the buffer (no seek(0) after save)
            raise EOFError()
        obj = f._saved[f._pos]
        f.seek(0, 2)
    else:
        name = _path(f)
        if name not in _FILES:
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), name)
        obj = _FILES[name]
    if weights_only is None or weights_only:
        refused = _first_refused(obj)
        if refused is not None:
            raise pickle.UnpicklingError(_weights_only_message(class_name(refused)))
    import copy
    return copy.deepcopy(obj)


def _tensors(obj):
    if isinstance(obj, Tensor):
        yield obj
    elif isinstance(obj, dict):
        for value in obj.values():
            yield from _tensors(value)
    elif isinstance(obj, (list, tuple, set)):
        for value in obj:
            yield from _tensors(value)


def _first_refused(obj):
    """The class of the first value, depth first, that torch's weights-only unpickler refuses."""
    if isinstance(obj, Tensor) or type(obj) in _PLAIN:
        return None
    if type(obj) not in _CONTAINERS:
        return type(obj)
    items = list(obj.items()) if isinstance(obj, dict) else obj
    for item in items:
        refused = _first_refused(item)
        if refused is not None:
            return refused
    return None


def _weights_only_message(name: str) -> str:
    return ("Weights only load failed. This file can still be loaded, to do so you have two options, "
            "\x1b[1mdo those steps only if you trust the source of the checkpoint\x1b[0m. \n\t(1) In PyTorch 2.6, "
            "we changed the default value of the `weights_only` argument in `torch.load` from `False` to "
            "`True`. Re-running `torch.load` with `weights_only` set to `False` will likely succeed, but it "
            "can result in arbitrary code execution. Do it only if you got the file from a trusted source.\n\t"
            "(2) Alternatively, to load with `weights_only=True` please check the recommended steps in the "
            "following error message.\n\tWeightsUnpickler error: Unsupported global: GLOBAL "
            f"{name} was not an allowed global by default. Please use "
            f"`torch.serialization.add_safe_globals([{name}])` or the "
            f"`torch.serialization.safe_globals([{name}])` context manager to allowlist this global if you "
            "trust this class/function.\n\nCheck the documentation of torch.load to learn more about types "
            "accepted by default with weights_only https://pytorch.org/docs/stable/generated/torch.load.html.")
