"""torch's legacy typed constructors, ``torch.FloatTensor([1, 2])``, ``torch.LongTensor(3)``: data makes
a tensor of the type's dtype, sizes make one of that shape (torch leaves it uninitialised; gradcli
fills zeros), and ``isinstance(t, torch.FloatTensor)`` asks for a float32 tensor."""
from __future__ import annotations

from . import creation, dtypes
from .tensor import Size, Tensor


class _LegacyType(type):
    def __instancecheck__(cls, value) -> bool:
        return isinstance(value, Tensor) and value.dtype == cls.dtype

    def __repr__(cls) -> str:
        return f"<class 'torch.{cls.__name__}'>"


def _make(cls, *args, **kwargs):
    if kwargs:
        raise TypeError(f"{cls.__name__}() got unexpected keyword arguments {sorted(kwargs)}")
    if not args:
        return creation.empty(0, dtype=cls.dtype)
    if len(args) == 1 and isinstance(args[0], Size):
        args = tuple(args[0])
    if all(isinstance(a, int) and not isinstance(a, bool) for a in args):
        return creation.zeros(*args, dtype=cls.dtype)
    if len(args) == 1:
        return creation.tensor(args[0], dtype=cls.dtype)
    raise TypeError(f"{cls.__name__}(): expected data (a list or a tensor) or sizes (ints), got "
                    f"{', '.join(type(a).__name__ for a in args)}")


def _legacy(name: str, dtype):
    return _LegacyType(name, (), {"dtype": dtype, "__new__": _make, "__module__": "torch",
                                  "__doc__": f"``torch.{name}``: the legacy constructor of {dtype} tensors."})


FloatTensor = _legacy("FloatTensor", dtypes.float32)
DoubleTensor = _legacy("DoubleTensor", dtypes.float64)
HalfTensor = _legacy("HalfTensor", dtypes.float16)
LongTensor = _legacy("LongTensor", dtypes.int64)
IntTensor = _legacy("IntTensor", dtypes.int32)
ShortTensor = _legacy("ShortTensor", dtypes.int16)
CharTensor = _legacy("CharTensor", dtypes.int8)
ByteTensor = _legacy("ByteTensor", dtypes.uint8)
BoolTensor = _legacy("BoolTensor", dtypes.bool)

