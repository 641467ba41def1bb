"""Torch-named dtypes over numpy dtypes, torch's type promotion, and the default dtype.

torch promotes differently from numpy: a Python float never widens a float32
tensor, an int tensor mixed with a float scalar becomes the *default* float
dtype, and dimensioned tensors outrank zero-dim ones of the same category.
"""
from __future__ import annotations

import builtins
import threading

import numpy as np

from .errors import DTypeError

__all__ = [
    "dtype", "float16", "float32", "float64", "half", "float", "double",
    "int8", "int16", "int32", "int64", "uint8", "long", "int", "short", "bool",
    "complex64", "complex128", "cfloat", "cdouble",
    "get_default_dtype", "set_default_dtype", "as_dtype", "from_numpy_dtype",
    "promote_types", "result_type",
]

_BOOL, _INT, _FLOAT, _COMPLEX = range(4)


class dtype:
    """A torch-style dtype: prints as ``torch.float32`` and knows its numpy twin.

    Only torch's dtypes exist: like ``torch.dtype``, the class cannot be called (a dtype made
    from anything else, numpy's object dtype say, would let tensor arithmetic run arbitrary
    Python inside one op)."""

    __slots__ = ("name", "np", "category", "itemsize", "scalar_name", "c_name")
    __module__ = "torch"

    def __new__(cls, *args, **kwargs):
        raise TypeError("cannot create 'torch.dtype' instances")

    @property
    def is_floating_point(self) -> bool:
        return self.category == _FLOAT

    @property
    def is_complex(self) -> bool:
        return self.category == _COMPLEX

    @property
    def is_signed(self) -> bool:
        return self.name not in ("uint8", "bool")

    def to_complex(self) -> "dtype":
        """The complex dtype of this precision (a complex dtype is itself), torch's error otherwise."""
        if self.category == _COMPLEX:
            return self
        if self.name == "float16":
            raise DTypeError("torch.float16.to_complex() is torch.complex32, a dtype gradcli does not have: "
                             "numpy has no complex32 (complex64 and complex128 are available)")
        if self.category != _FLOAT:
            raise DTypeError(f"Unknown Complex ScalarType for {self.scalar_name}")
        return complex64 if self.name == "float32" else complex128

    def to_real(self) -> "dtype":
        """The real dtype of a complex one's parts; a real dtype is itself."""
        if self.category != _COMPLEX:
            return self
        return float32 if self.name == "complex64" else float64

    def __repr__(self) -> str:
        return f"torch.{self.name}"

    __str__ = __repr__

    def __reduce__(self):
        return (named, (self.name,))


def _dtype(name: str, np_type, category: int, scalar_name: str, c_name: str) -> dtype:
    d = object.__new__(dtype)
    d.name = name
    d.np = np.dtype(np_type)
    d.category = category
    d.itemsize = d.np.itemsize
    d.scalar_name = scalar_name   # torch's ScalarType name in messages: "Float", "Long"
    d.c_name = c_name             # the C++ type torch's kernels name: "float", "long int"
    return d


float16 = half = _dtype("float16", np.float16, _FLOAT, "Half", "c10::Half")
float32 = _dtype("float32", np.float32, _FLOAT, "Float", "float")
float64 = double = _dtype("float64", np.float64, _FLOAT, "Double", "double")
complex64 = cfloat = _dtype("complex64", np.complex64, _COMPLEX, "ComplexFloat", "c10::complex<float>")
complex128 = cdouble = _dtype("complex128", np.complex128, _COMPLEX, "ComplexDouble", "c10::complex<double>")
int8 = _dtype("int8", np.int8, _INT, "Char", "signed char")
int16 = short = _dtype("int16", np.int16, _INT, "Short", "short int")
int32 = _dtype("int32", np.int32, _INT, "Int", "int")
int64 = long = _dtype("int64", np.int64, _INT, "Long", "long int")
uint8 = _dtype("uint8", np.uint8, _INT, "Byte", "unsigned char")
bool = _dtype("bool", np.bool_, _BOOL, "Bool", "bool")  # noqa: A001 - torch's name
float = float32  # noqa: A001 - torch.float is float32
int = int32  # noqa: A001 - torch.int is int32

_ALL = (float16, float32, float64, complex64, complex128, int8, int16, int32, int64, uint8, bool)
_BY_NP = {d.np: d for d in _ALL}
_BY_NAME = {d.name: d for d in _ALL}
_BY_NAME.update(half=float16, float=float32, double=float64, long=int64, int=int32,
                short=int16, cfloat=complex64, cdouble=complex128)


class _Defaults(threading.local):
    def __init__(self):
        self.float = float32


_defaults = _Defaults()


def get_default_dtype() -> dtype:
    return _defaults.float


def set_default_dtype(d) -> None:
    """Set the dtype of new float tensors, as ``torch.set_default_dtype``."""
    d = as_dtype(d)
    if d.category != _FLOAT or d is float16:
        raise TypeError("only floating-point types are supported as the default type")
    _defaults.float = d


def default_complex() -> dtype:
    return complex128 if _defaults.float is float64 else complex64


def as_dtype(d) -> dtype:
    """A ``dtype=`` argument as torch takes it: a dtype, or Python's float, int or bool (a dtype's name
    or a numpy dtype is torch's TypeError: ``named`` and ``from_numpy_dtype`` are the engine's own)."""
    if d.__class__ is dtype:
        return d
    if d is builtins.float:     # torch's: Python's float is double whatever the default dtype
        return float64
    if d is builtins.int:
        return int64
    if d is builtins.bool:
        return bool
    kind = type(d)
    raise TypeError(f"argument 'dtype' must be torch.dtype, not {kind.__qualname__ if kind.__module__ == 'builtins' else kind}")


def named(name: str) -> dtype:
    """The dtype called ``name`` (``"float32"``, ``"torch.float32"``): the CLI's --dtype."""
    found = _BY_NAME.get(name.removeprefix("torch."))
    if found is None:
        raise TypeError(f"unknown dtype '{name}'")
    return found


def from_numpy_dtype(npd: np.dtype) -> dtype:
    try:
        return _BY_NP[npd]
    except KeyError:
        raise TypeError(f"can't convert np.ndarray of type {npd}. The only supported types are: "
                        "float64, float32, float16, complex64, complex128, int64, int32, int16, "
                        "int8, uint8, and bool.") from None


_ORDER = {d: i for i, d in enumerate((bool, uint8, int8, int16, int32, int64, float16, float32, float64,
                                      complex64, complex128))}


def promote_types(a: dtype, b: dtype) -> dtype:
    """torch.promote_types for the dtypes gradcli has."""
    if a is b:
        return a
    if a.category == b.category:
        if a.category == _INT and {a, b} == {uint8, int8}:
            return int16
        return a if _ORDER[a] > _ORDER[b] else b
    hi, lo = (a, b) if a.category > b.category else (b, a)
    if hi.category == _COMPLEX and lo is float64:
        return complex128
    return hi


def result_type(dims: list, zero_dims: list, scalars: list) -> dtype:
    """Promote three tiers as torch does: dimensioned tensors, zero-dim tensors, Python scalars.

    A lower tier only matters when it brings a higher category (bool < int < float < complex).
    """
    result = None
    for d in dims:
        result = d if result is None else promote_types(result, d)
    zd = None
    for d in zero_dims:
        zd = d if zd is None else promote_types(zd, d)
    if zd is not None and (result is None or zd.category > result.category):
        result = zd if result is None else _raise_cat(result, zd)
    sc = None
    for s in scalars:
        c = _category_of_scalar(s)
        sc = c if sc is None or c > sc else sc
    if sc is not None and (result is None or sc > result.category):
        result = _default_for(sc, result)
    return result


def _raise_cat(low: dtype, high: dtype) -> dtype:
    """A zero-dim tensor of a higher category sets the dtype (float32 vec + float64 0-d -> float32,
    but int vec + float64 0-d -> float64)."""
    if low.category == _FLOAT and high.category == _COMPLEX:
        return complex128 if low is float64 else high
    return high


def _category_of_scalar(s) -> int:
    t = type(s)
    if t is builtins.bool or t is np.bool_:
        return _BOOL
    if t is builtins.int or isinstance(s, np.integer):
        return _INT
    if t is complex or isinstance(s, np.complexfloating):
        return _COMPLEX
    return _FLOAT


def _default_for(category: int, current: dtype | None) -> dtype:
    if category == _BOOL:
        return bool
    if category == _INT:
        return int64
    if category == _FLOAT:
        return _defaults.float
    if current is not None and current is float64:
        return complex128
    return default_complex()


def scalar_type_name(npd: np.dtype) -> str:
    """torch's name of a numpy dtype in messages ("Float"); ``+ "Tensor"`` gives the legacy type."""
    d = _BY_NP.get(npd)
    return d.scalar_name if d is not None else npd.name


def cpu_type_name(d: dtype) -> str:
    """How torch's messages print a CPU tensor's type: ``torch.FloatTensor`` for the dtypes with a
    legacy tensor class, ``CPUBoolType`` / ``CPUComplexFloatType`` for the others."""
    if d.category in (_BOOL, _COMPLEX):
        return f"CPU{d.scalar_name}Type"
    return f"torch.{d.scalar_name}Tensor"


def c_type_name(npd: np.dtype) -> str:
    """The C++ type torch's kernels put in their messages ("long int")."""
    d = _BY_NP.get(npd)
    return d.c_name if d is not None else npd.name
