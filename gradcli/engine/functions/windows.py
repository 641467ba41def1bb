"""Window functions for spectral work (``hann_window``, ``hamming_window``, ``blackman_window``,
``bartlett_window``, ``kaiser_window``), computed as torch's kernels do, step by step in the window's
dtype (float32 by default), so the values match torch's to the last bit or two. ``periodic=True`` (the
default) computes ``N + 1`` points and drops the last."""
from __future__ import annotations

import math

import numpy as np

from ..device import require_cpu
from .. import dtypes, errors
from ..creation import _finish
from ..public import public


def _points(name: str, window_length: int, periodic: bool, dtype, requires_grad: bool):
    """The window's dtype and the ``0, 1, ... n - 1`` it is computed from (None for lengths 0 and 1)."""
    d = dtypes.as_dtype(dtype) if dtype is not None else dtypes.get_default_dtype()
    if not d.is_floating_point:
        grad = "true" if requires_grad else "false (default)"
        raise errors.AutogradError(f"{name} expects floating point dtypes, got: TensorOptions(dtype="
                                   f"{dtypes.c_type_name(d.np)}, device=cpu, layout=Strided (default), requires_grad="
                                   f"{grad}, pinned_memory=false, memory_format=(nullopt))")
    if window_length < 0:
        raise errors.AutogradError(f"{name} requires non-negative window_length, got window_length={window_length}")
    if window_length <= 1:
        return d.np, None
    n = window_length + 1 if periodic else window_length
    return d.np, np.arange(n, dtype=d.np)


def _window(values, npd, window_length: int, periodic: bool, requires_grad: bool):
    if values is None:
        values = np.ones(window_length, dtype=npd)
    elif periodic:
        values = values[:-1]
    return _finish(np.ascontiguousarray(values, dtype=npd), None, requires_grad)


@public()
def hamming_window(window_length, periodic=True, alpha=0.54, beta=0.46, *, dtype=None, layout=None, device=None,
                   requires_grad=False):
    require_cpu(device)
    return _hamming("hamming_window", window_length, periodic, alpha, beta, dtype, requires_grad)


def _hamming(name, window_length, periodic, alpha, beta, dtype, requires_grad):
    npd, n = _points(name, window_length, periodic, dtype, requires_grad)
    if n is not None:
        n = np.cos(n * (math.pi * 2.0 / (len(n) - 1))) * -beta + alpha
    return _window(n, npd, window_length, periodic, requires_grad)


@public()
def hann_window(window_length, periodic=True, *, dtype=None, layout=None, device=None, requires_grad=False):
    require_cpu(device)
    return _hamming("hann_window", window_length, periodic, 0.5, 0.5, dtype, requires_grad)


@public()
def blackman_window(window_length, periodic=True, *, dtype=None, layout=None, device=None, requires_grad=False):
    require_cpu(device)
    npd, n = _points("blackman_window", window_length, periodic, dtype, requires_grad)
    if n is not None:
        w = n * (math.pi / (len(n) - 1))
        n = np.cos(w * 4) * 0.08 - np.cos(w * 2) * 0.5 + 0.42
    return _window(n, npd, window_length, periodic, requires_grad)


@public()
def bartlett_window(window_length, periodic=True, *, dtype=None, layout=None, device=None, requires_grad=False):
    require_cpu(device)
    npd, n = _points("bartlett_window", window_length, periodic, dtype, requires_grad)
    if n is not None:
        size = len(n)
        n = n * (2.0 / (size - 1))
        half = ((size - 1) >> 1) + 1
        n[half:] = n[half:] * -1 + 2
    return _window(n, npd, window_length, periodic, requires_grad)


@public()
def kaiser_window(window_length, periodic=True, beta=12.0, *, dtype=None, layout=None, device=None,
                  requires_grad=False):
    require_cpu(device)
    npd, n = _points("kaiser_window", window_length, periodic, dtype, requires_grad)
    if n is not None:
        alpha = (len(n) - 1) / 2.0
        x = beta * np.sqrt(np.maximum(1 - ((n.astype(np.float64) - alpha) / alpha) ** 2, 0.0))
        n = (np.i0(x) / np.i0(beta)).astype(npd)
    return _window(n, npd, window_length, periodic, requires_grad)
