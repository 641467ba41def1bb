"""Tensors and numbers as data: JSON-ready nested lists, shapes, dtype names, short previews.

JSON has no NaN or infinity, so non-finite floats become the strings
``"NaN"``, ``"Infinity"`` and ``"-Infinity"`` (the names JavaScript uses);
complex numbers become strings such as ``"(1+2j)"``. Everything else is a
number, a boolean or a nested list of them.
"""
from __future__ import annotations

import math

import numpy as np

NON_FINITE = {"nan": "NaN", "inf": "Infinity", "-inf": "-Infinity"}


def as_array(value) -> np.ndarray:
    """The numpy data of a tensor (without its graph) or of a number."""
    if hasattr(value, "detach"):
        return value.detach().numpy()
    return np.asarray(value)


def dtype_name(value) -> str:
    """``float32`` for a float32 tensor (torch's name without ``torch.``)."""
    dtype = getattr(value, "dtype", None)
    if dtype is None:
        return np.asarray(value).dtype.name
    return str(dtype).removeprefix("torch.")


def shape_of(value) -> list[int]:
    return [int(n) for n in as_array(value).shape]


def to_json(value):
    """A tensor, array or number as JSON data (nested lists, non-finite floats as strings)."""
    data = as_array(value)
    if data.dtype.kind == "c":
        return np.vectorize(str, otypes=[object])(data).tolist()
    if data.dtype.kind == "f" and not np.isfinite(data).all():
        return _encode_non_finite(data.tolist())
    return data.tolist()


def _encode_non_finite(item):
    if isinstance(item, list):
        return [_encode_non_finite(x) for x in item]
    if isinstance(item, float) and not math.isfinite(item):
        return NON_FINITE[repr(item)]
    return item


def described(value) -> dict:
    """``{"value", "shape", "dtype"}`` for one tensor: the unit of every JSON document."""
    return {"value": to_json(value), "shape": shape_of(value), "dtype": dtype_name(value)}


def preview(value, limit: int = 6) -> str:
    """A one-line glimpse of the numbers: ``[1.0000, 2.0000, ... (12 values)]``."""
    data = as_array(value)
    if data.ndim == 0:
        return _number(data.item())
    flat = data.reshape(-1)
    shown = ", ".join(_number(x) for x in flat[:limit].tolist())
    if flat.size > limit:
        return f"[{shown}, ... ({flat.size} values)]"
    return f"[{shown}]"


def _number(x) -> str:
    if isinstance(x, bool):
        return str(x)
    if isinstance(x, float):
        return f"{x:.4g}"
    return str(x)
