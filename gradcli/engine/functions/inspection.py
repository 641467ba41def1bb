"""Questions about values and dtypes with no gradient: ``isposinf``, ``isneginf``, ``isreal``,
``histogram`` (counts and bin edges) and ``can_cast`` (torch's casting rule)."""
from __future__ import annotations


import numpy as np

from .. import dtypes, errors, instrumentation
from ..ops import dtype_rules as R
from ..public import public
from ..return_types import result_type
from ..instrumentation import examplewise
from ..tensor import Tensor, make
from .common import _check_tensor


@public(method=True)
@examplewise
def isposinf(input):
    data = _check_tensor(input, "isposinf")._data
    _no_infinity_sign(data, "isposinf")
    return make(np.isposinf(data) if data.dtype.kind == "f" else np.zeros(data.shape, dtype=bool))


@public(method=True)
@examplewise
def isneginf(input):
    data = _check_tensor(input, "isneginf")._data
    _no_infinity_sign(data, "isneginf")
    return make(np.isneginf(data) if data.dtype.kind == "f" else np.zeros(data.shape, dtype=bool))


def _no_infinity_sign(data, name: str) -> None:
    if data.dtype.kind == "c":
        raise errors.AutogradError(f"{name} does not support complex inputs.")


@public(method=True)
def isreal(input):
    """True where the imaginary part is 0 (everywhere for a real tensor)."""
    data = _check_tensor(input, "isreal")._data
    return make(np.imag(data) == 0 if data.dtype.kind == "c" else np.ones(data.shape, dtype=bool))


@public(method=True)
@examplewise
def histogram(input, bins=100, *, range=None, weight=None, density=False):  # noqa: A002 - torch's name
    """Counts (or weights) of input's values in ``bins`` equal bins over ``range`` (input's min to max by
    default), or in the bins between the given edges; the last bin includes its right edge."""
    data = _check_tensor(input, "histogram")._data
    if data.dtype.kind != "f":
        raise R.not_implemented("histogramdd", data)
    if isinstance(bins, Tensor):
        edges = bins._data.astype(data.dtype)
    else:
        instrumentation.check_shape((int(bins) + 1,))
        if range is not None:
            low, high = (float(v) for v in range)
            if low > high:
                raise errors.AutogradError(f"torch.histogramdd: expected leftmost edge to be less than or equal to "
                                           f"rightmost edge for dimension 0 but got {low} > {high}")
        elif data.size:
            low, high = float(data.min()), float(data.max())
        else:
            low, high = 0.0, 0.0
        if low == high:
            low, high = low - 0.5, high + 0.5
        edges = np.linspace(low, high, int(bins) + 1).astype(data.dtype)
    w = None if weight is None else weight._data
    hist, _ = np.histogram(data.reshape(-1), bins=edges, weights=None if w is None else w.reshape(-1),
                           density=bool(density))
    return result_type("histogram")(make(hist.astype(data.dtype)), make(np.ascontiguousarray(edges)))


@public()
def can_cast(from_, to):
    """torch's rule: no cast to a lower category (complex > float > integer > bool); any within one."""
    order = {"b": 0, "u": 1, "i": 1, "f": 2, "c": 3}
    return order[dtypes.as_dtype(from_).np.kind] <= order[dtypes.as_dtype(to).np.kind]
