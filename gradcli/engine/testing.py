"""``torch.testing.assert_close``: the check test scripts end with, with torch's default tolerances
per dtype and torch's report when values differ (the differences computed in the inputs' dtype)."""
from __future__ import annotations

import math

import numpy as np

from . import dtypes
from .tensor import Tensor

__all__ = ["assert_close", "assert_allclose"]

# dtype -> (rtol, atol), torch's defaults; integers and bool compare exactly
_TOLERANCES = {np.dtype(np.float16): (1e-3, 1e-5), np.dtype(np.float32): (1.3e-6, 1e-5),
               np.dtype(np.float64): (1e-7, 1e-7), np.dtype(np.complex64): (1.3e-6, 1e-5),
               np.dtype(np.complex128): (1e-7, 1e-7)}


def assert_close(actual, expected, *, allow_subclasses=True, rtol=None, atol=None, equal_nan=False,
                 check_device=True, check_dtype=True, check_layout=True, check_stride=False, msg=None):
    """Raise AssertionError unless ``|actual - expected| <= atol + rtol * |expected|`` everywhere."""
    if (rtol is None) != (atol is None):
        raise ValueError(f"Both 'rtol' and 'atol' must be either specified or omitted, but got no "
                         f"{'rtol' if rtol is None else 'atol'}.")
    if isinstance(actual, (int, float, bool)) and isinstance(expected, (int, float, bool)):
        return _scalars(actual, expected, rtol, atol, equal_nan, msg)
    if not isinstance(actual, Tensor) or not isinstance(expected, Tensor):
        if isinstance(actual, (list, tuple)) and isinstance(expected, (list, tuple)) and len(actual) == len(expected):
            for a, e in zip(actual, expected):
                assert_close(a, e, rtol=rtol, atol=atol, equal_nan=equal_nan, check_dtype=check_dtype, msg=msg)
            return
        raise TypeError(f"No comparison pair was able to handle inputs of type {_type_name(actual)} and "
                        f"{_type_name(expected)}.")
    if tuple(actual.shape) != tuple(expected.shape):
        _fail(msg, f"The values for attribute 'shape' do not match: {actual.shape} != {expected.shape}.")
    if check_dtype and actual.dtype != expected.dtype:
        _fail(msg, f"The values for attribute 'dtype' do not match: {actual.dtype} != {expected.dtype}.")
    a, e = actual.detach()._data, expected.detach()._data
    if a.dtype != e.dtype:
        common = np.promote_types(a.dtype, e.dtype)
        a, e = a.astype(common), e.astype(common)
    exact = a.dtype.kind in "biu"
    if rtol is None:
        rtol, atol = _TOLERANCES.get(a.dtype, (0.0, 0.0))
    with np.errstate(invalid="ignore", over="ignore"):
        if exact:
            diff = np.abs(a.astype(np.int64) - e.astype(np.int64))
            close = diff == 0
        else:
            diff = np.abs(a - e)
            close = (a == e) | (diff <= atol + rtol * np.abs(e))
            if equal_nan:
                close |= np.isnan(a) & np.isnan(e)
    if close.all():
        return
    _fail(msg, _report(a, e, diff, close, rtol, atol, exact))


def _report(a, e, diff, close, rtol, atol, exact) -> str:
    """torch's mismatch report: how many, and the greatest absolute and relative differences."""
    kind = "equal" if exact else "close"
    total, bad = close.size, int((~close).sum())
    if a.ndim == 0:     # torch reports a 0-d pair with Python numbers
        got, want = a.item(), e.item()
        gap = abs(got - want)
        ratio = gap / abs(want) if want else (math.nan if gap != gap else math.inf)
        return (f"Scalars are not {kind}!\n\nExpected {want} but got {got}.\n"
                f"Absolute difference: {gap}{_allowed(atol, exact)}\n"
                f"Relative difference: {ratio}{_allowed(rtol, exact)}")
    relative = _relative(diff, e)
    worst_abs = np.unravel_index(int(np.nanargmax(np.where(close, -np.inf, diff)) if not exact
                                     else np.argmax(diff)), a.shape)
    worst_rel = np.unravel_index(int(np.nanargmax(np.where(close, -np.inf, relative))), a.shape)
    return (f"Tensor-likes are not {kind}!\n\nMismatched elements: {bad} / {total} ({bad / total:.1%})\n"
            f"Greatest absolute difference: {diff[worst_abs].item()} at index {tuple(int(i) for i in worst_abs)}"
            f"{_allowed(atol, exact)}\n"
            f"Greatest relative difference: {relative[worst_rel].item()} at index "
            f"{tuple(int(i) for i in worst_rel)}{_allowed(rtol, exact)}")


def _relative(diff, expected):
    scale = np.abs(expected)
    dt = scale.dtype if scale.dtype.kind == "f" else dtypes.get_default_dtype().np
    with np.errstate(divide="ignore", invalid="ignore"):
        return (diff.astype(dt) / scale.astype(dt)).astype(dt)


def _allowed(tolerance, exact) -> str:
    return "" if exact else f" (up to {tolerance} allowed)"


def _scalars(actual, expected, rtol, atol, equal_nan, msg):
    if rtol is None:
        rtol, atol = (0.0, 0.0) if isinstance(actual, int) and isinstance(expected, int) else (1e-7, 1e-7)
    if actual == expected or (equal_nan and math.isnan(actual) and math.isnan(expected)):
        return
    diff = abs(actual - expected)
    if diff <= atol + rtol * abs(expected):
        return
    relative = diff / abs(expected) if expected else math.inf
    _fail(msg, f"Scalars are not close!\n\nExpected {expected} but got {actual}.\n"
               f"Absolute difference: {diff} (up to {atol} allowed)\n"
               f"Relative difference: {relative} (up to {rtol} allowed)")


def _fail(msg, report):
    raise AssertionError(msg if isinstance(msg, str) else report)


def _type_name(value) -> str:
    return "<class 'torch.Tensor'>" if isinstance(value, Tensor) else f"<class '{type(value).__name__}'>"


def assert_allclose(actual, expected, rtol=None, atol=None, equal_nan=True, msg=""):
    """The deprecated form: dtype mismatches allowed, NaNs equal by default."""
    assert_close(actual, expected, rtol=rtol, atol=atol, equal_nan=equal_nan, check_dtype=False, msg=msg or None)
