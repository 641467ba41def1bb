"""``torch.fft``: the discrete Fourier transforms, with torch's gradients. Each function is torch's
composition (SpectralOps.cpp) of the three primitives in ``ops/spectral.py``, the same resizing
(``SliceBackward0``, ``ConstantPadNdBackward0``), dtype promotion (``ToCopyBackward0``) and conjugations,
so results, dtypes, nodes and errors are torch's."""
from __future__ import annotations

import numpy as np

from .device import require_cpu
from . import dtypes, errors
from .dispatch import call
from .functions import roll
from .ops import spectral as S
from .ops.complex_parts import CONJ, CONJ_PHYSICAL
from .ops.padding import CONSTANT_PAD
from .ops.shape import SLICE
from .tensor import Tensor, make

__all__ = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft", "fft2", "ifft2", "rfft2", "irfft2", "hfft2", "ihfft2",
           "fftn", "ifftn", "rfftn", "irfftn", "hfftn", "ihfftn", "fftfreq", "rfftfreq", "fftshift", "ifftshift"]


def _norm(norm, forward: bool) -> int:
    """torch's norm_from_string: 0 none, 1 by sqrt(n), 2 by n."""
    if norm is None or norm == "backward":
        return 0 if forward else 2
    if norm == "forward":
        return 2 if forward else 0
    if norm == "ortho":
        return 1
    raise errors.AutogradError(f'Invalid normalization mode: "{norm}"')


def _check_input(fn: str, input) -> None:
    if not isinstance(input, Tensor):
        raise TypeError(f"fft_{fn}(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")


def _promote(t: Tensor, require_complex: bool) -> Tensor:
    """torch's promote_tensor_fft: integers become the default float, then complex when required."""
    kind = t._data.dtype.kind
    if kind == "c":
        return t
    target = t.dtype if kind == "f" else dtypes.get_default_dtype()
    if target not in (dtypes.float32, dtypes.float64):
        raise errors.AutogradError(f"Unsupported dtype {target.scalar_name}")
    if require_complex:
        target = dtypes.complex64 if target is dtypes.float32 else dtypes.complex128
    return t if target is t.dtype else t.to(target)


def _wrap(dim: int, ndim: int) -> int:
    """maybe_wrap_dim without wrapping scalars: a 0-d tensor has no dim to transform."""
    if ndim == 0:
        raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
    if not -ndim <= dim < ndim:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-ndim}, {ndim - 1}], but got {dim})")
    return dim % ndim


def _resize(x: Tensor, dims, sizes) -> Tensor:
    """torch's resize_fft_input: slice what is too long, zero-pad what is too short (one pad for all)."""
    pad = [0] * (2 * x.ndim)
    must_pad = False
    for d, n in zip(dims, sizes):
        if n == -1:
            continue
        have = x.shape[d]
        if have < n:
            must_pad = True
            pad[len(pad) - 2 * d - 1] = n - have
        if have > n:
            x = call(SLICE, (x,), {"dim": d, "start": 0, "end": n, "step": 1})
    return call(CONSTANT_PAD, (x,), {"pad": tuple(pad), "value": 0.0}) if must_pad else x


def _points(n) -> None:
    if n < 1:
        raise errors.AutogradError(f"Invalid number of data points ({n}) specified")


def _conj(x: Tensor, physical: bool = False) -> Tensor:
    return call(CONJ_PHYSICAL if physical else CONJ, (x,))


def _c2c(x, dims, norm, forward):
    return call(S.FFT_C2C, (x,), {"dim": tuple(dims), "normalization": norm, "forward": forward})


def _r2c(x, dims, norm, onesided):
    return call(S.FFT_R2C, (x,), {"dim": tuple(dims), "normalization": norm, "onesided": onesided})


def _c2r(x, dims, norm, last_dim_size):
    return call(S.FFT_C2R, (x,), {"dim": tuple(dims), "normalization": norm, "last_dim_size": last_dim_size})


# -- one dimension ----------------------------------------------------------------------------------

def _one_c2c(fn, input, n, dim, norm, forward):
    d = _wrap(dim, input.ndim)
    size = input.shape[d] if n is None else n
    _points(size)
    x = input if n is None else _resize(input, (d,), (n,))
    return _c2c(x, (d,), _norm(norm, forward), forward)


def _one_r2c(fn, input, n, dim, norm, forward, onesided):
    if input._data.dtype.kind == "c":
        raise errors.AutogradError(f"{fn} expects a real input tensor, but got {input.dtype.scalar_name}")
    x = _promote(input, False)
    d = _wrap(dim, x.ndim)
    _points(x.shape[d] if n is None else n)
    if n is not None:
        x = _resize(x, (d,), (n,))
    out = _r2c(x, (d,), _norm(norm, forward), onesided)
    return out if forward else _conj(out)


def _one_c2r(fn, input, n, dim, norm, forward):
    x = _promote(input, True)
    d = _wrap(dim, x.ndim)
    size = 2 * (x.shape[d] - 1) if n is None else n
    _points(size)
    if n is not None:
        x = _resize(x, (d,), (n // 2 + 1,))
    if forward:
        x = _conj(x)
    return _c2r(x, (d,), _norm(norm, forward), size)


def fft(input, n=None, dim=-1, norm=None):
    _check_input("fft", input)
    if input._data.dtype.kind == "c":
        return _one_c2c("fft", input, n, dim, norm, True)
    return _one_r2c("fft", input, n, dim, norm, True, False)


def ifft(input, n=None, dim=-1, norm=None):
    _check_input("ifft", input)
    if input._data.dtype.kind == "c":
        return _one_c2c("ifft", input, n, dim, norm, False)
    return _one_r2c("ifft", input, n, dim, norm, False, False)


def rfft(input, n=None, dim=-1, norm=None):
    _check_input("rfft", input)
    return _one_r2c("rfft", input, n, dim, norm, True, True)


def ihfft(input, n=None, dim=-1, norm=None):
    _check_input("ihfft", input)
    return _one_r2c("ihfft", input, n, dim, norm, False, True)


def irfft(input, n=None, dim=-1, norm=None):
    _check_input("irfft", input)
    return _one_c2r("irfft", input, n, dim, norm, False)


def hfft(input, n=None, dim=-1, norm=None):
    _check_input("hfft", input)
    return _one_c2r("hfft", input, n, dim, norm, True)


# -- n dimensions -----------------------------------------------------------------------------------

def _shape_and_dims(input, s, dim):
    """torch's canonicalize_fft_shape_and_dim_args: the dims (unique, wrapped) and their sizes."""
    ndim = input.ndim
    dims = None
    if dim is not None:
        dims = [_wrap(d, ndim) for d in ((dim,) if isinstance(dim, int) else dim)]
        if len(set(dims)) != len(dims):
            raise errors.AutogradError("FFT dims must be unique")
    if s is not None:
        s = (s,) if isinstance(s, int) else tuple(s)
        if dims is not None and len(dims) != len(s):
            raise errors.AutogradError("When given, dim and shape arguments must have the same length")
        if len(s) > ndim:
            raise errors.AutogradError(f"Got shape with {len(s)} values but input tensor only has {ndim} dimensions.")
        if dims is None:
            dims = list(range(ndim - len(s), ndim))
        shape = [input.shape[d] if n == -1 else n for d, n in zip(dims, s)]
    elif dims is None:
        dims, shape = list(range(ndim)), list(input.shape)
    else:
        shape = [input.shape[d] for d in dims]
    for n in shape:
        _points(n)
    return dims, shape


def _c2r_shape_and_dims(fn, input, s, dim):
    """torch's canonicalize_fft_c2r_shape_and_dim_args: the last dim's output length, and its input length."""
    dims, shape = _shape_and_dims(input, s, dim)
    if not dims:
        raise errors.AutogradError(f"{fn} must transform at least one axis")
    if s is None or s[-1] == -1:
        last = 2 * (input.shape[dims[-1]] - 1)
    else:
        last = shape[-1]
    _points(last)
    shape[-1] = last // 2 + 1
    return dims, shape, last


def _n_c2c(fn, input, s, dim, norm, forward):
    _check_input(fn, input)
    dims, shape = _shape_and_dims(input, s, dim)
    x = _resize(_promote(input, True), dims, shape)
    return _c2c(x, dims, _norm(norm, forward), forward) if dims else x


def _n_r2c(fn, input, s, dim, norm):
    _check_input(fn, input)
    if input._data.dtype.kind == "c":     # (rfft2 is rfftn in torch's messages)
        raise errors.AutogradError(f"rfftn expects a real-valued input tensor, but got {input.dtype.scalar_name}")
    dims, shape = _shape_and_dims(input, s, dim)
    if not dims:
        raise errors.AutogradError("rfftn must transform at least one axis")
    x = _resize(_promote(input, False), dims, shape)
    return _r2c(x, dims, _norm(norm, True), True)


def _n_c2r(fn, input, s, dim, norm):
    _check_input(fn, input)
    dims, shape, last = _c2r_shape_and_dims("irfftn", input, s, dim)
    x = _resize(_promote(input, True), dims, shape)
    return _c2r(x, dims, _norm(norm, False), last)


def _n_hfft(fn, input, s, dim, norm):
    _check_input(fn, input)
    dims, shape, last = _c2r_shape_and_dims("hfftn", input, s, dim)
    x = _resize(_promote(input, True), dims, shape)
    mode = _norm(norm, True)
    if len(dims) > 1:
        x = _c2c(x, dims[:-1], mode, True)
    return _c2r(_conj(x), dims[-1:], mode, last)


def _n_ihfft(fn, input, s, dim, norm):
    _check_input(fn, input)
    if input._data.dtype.kind == "c":
        raise errors.AutogradError(f"Only supports floating-point dtypes, but found: {input.dtype.scalar_name}")
    dims, shape = _shape_and_dims(input, s, dim)
    if not dims:
        raise errors.AutogradError("ihfftn must transform at least one axis")
    x = _resize(_promote(input, False), dims, shape)
    mode = _norm(norm, False)
    out = _r2c(x, dims[-1:], mode, True)
    if len(dims) == 1:
        return _conj(out)
    return _c2c(_conj(out, physical=True), dims[:-1], mode, False)


def fftn(input, s=None, dim=None, norm=None):
    return _n_c2c("fftn", input, s, dim, norm, True)


def ifftn(input, s=None, dim=None, norm=None):
    return _n_c2c("ifftn", input, s, dim, norm, False)


def rfftn(input, s=None, dim=None, norm=None):
    return _n_r2c("rfftn", input, s, dim, norm)


def irfftn(input, s=None, dim=None, norm=None):
    return _n_c2r("irfftn", input, s, dim, norm)


def hfftn(input, s=None, dim=None, norm=None):
    return _n_hfft("hfftn", input, s, dim, norm)


def ihfftn(input, s=None, dim=None, norm=None):
    return _n_ihfft("ihfftn", input, s, dim, norm)


def fft2(input, s=None, dim=(-2, -1), norm=None):
    return _n_c2c("fft2", input, s, dim, norm, True)


def ifft2(input, s=None, dim=(-2, -1), norm=None):
    return _n_c2c("ifft2", input, s, dim, norm, False)


def rfft2(input, s=None, dim=(-2, -1), norm=None):
    return _n_r2c("rfft2", input, s, dim, norm)


def irfft2(input, s=None, dim=(-2, -1), norm=None):
    return _n_c2r("irfft2", input, s, dim, norm)


def hfft2(input, s=None, dim=(-2, -1), norm=None):
    return _n_hfft("hfft2", input, s, dim, norm)


def ihfft2(input, s=None, dim=(-2, -1), norm=None):
    return _n_ihfft("ihfft2", input, s, dim, norm)


# -- frequencies and shifts -------------------------------------------------------------------------

def _frequencies(fn, n, d, dtype, requires_grad, count, wrap):
    if not isinstance(n, int) or isinstance(n, bool):
        raise TypeError(f"fft_{fn}(): argument 'n' (position 1) must be int, not {type(n).__name__}")
    dtype = dtypes.get_default_dtype() if dtype is None else dtype
    if not (dtype.is_floating_point or dtype.is_complex):
        raise errors.AutogradError(f"{fn} requires a floating point or complex dtype")
    if dtype.is_complex:
        raise NotImplementedError(f'"arange_cpu" not implemented for \'{dtype.scalar_name}\'')
    if n < 0:
        raise errors.AutogradError(f"Trying to create tensor with negative dimension {n}: [{n}]")
    values = np.arange(count(n), dtype=dtype.np)
    if wrap:
        values[(n + 1) // 2:] = np.arange(-(n // 2), 0)
    # torch's mul_(1.0 / (n * d)): the factor rounded to the dtype, then one product per value
    out = make(values * np.dtype(dtype.np).type(1.0 / (n * d)) if n else values)
    return out.requires_grad_() if requires_grad else out


def fftfreq(n, d=1.0, *, dtype=None, layout=None, device=None, requires_grad=False):
    """The sample frequencies [0, 1, ..., -(n // 2), ..., -1] / (n d)."""
    require_cpu(device)
    return _frequencies("fftfreq", n, d, dtype, requires_grad, lambda n: n, True)


def rfftfreq(n, d=1.0, *, dtype=None, layout=None, device=None, requires_grad=False):
    """The onesided sample frequencies [0, 1, ..., n // 2] / (n d)."""
    require_cpu(device)
    return _frequencies("rfftfreq", n, d, dtype, requires_grad, lambda n: n // 2 + 1, False)


def _shift(fn, input, dim, inverse):
    _check_input(fn, input)
    dims = range(input.ndim) if dim is None else ((dim,) if isinstance(dim, int) else dim)
    dims = [_wrap(d, input.ndim) for d in dims]
    shifts = [(input.shape[d] + 1) // 2 if inverse else input.shape[d] // 2 for d in dims]
    return roll(input, shifts, dims)


def fftshift(input, dim=None):
    """The zero frequency moved to the middle (torch's roll by n // 2)."""
    return _shift("fftshift", input, dim, False)


def ifftshift(input, dim=None):
    return _shift("ifftshift", input, dim, True)
