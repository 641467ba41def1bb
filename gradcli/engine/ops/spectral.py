"""torch's three FFT primitives, which every ``torch.fft`` function is made of: ``_fft_c2c`` (complex to
complex), ``_fft_r2c`` (real to complex; ``onesided`` keeps the non-redundant half of the last dim) and
``_fft_c2r`` (the inverse of a onesided r2c). ``normalization`` is torch's enum: 0 none, 1 by sqrt(n),
2 by n (n: the signal's size over ``dim``). Their gradients are torch's formulas (FunctionsManual's
fft_r2c_backward and fft_c2r_backward), written in its complex convention. ``dim`` holds torch's
(non-negative) dims; the formulas turn them into negative ones, which batch dims in front leave valid.
"""
from __future__ import annotations

import numpy as np

from ..dispatch import call
from ..tensor import make
from .registry import KEEP, defop

# torch's normalization enum and the direction, as numpy's norm word
_NP_NORM = {(0, True): "backward", (1, True): "ortho", (2, True): "forward",
            (0, False): "forward", (1, False): "ortho", (2, False): "backward"}


def _flush(out, a, dim):
    """numpy transforms single precision in double and rounds: what cancels leaves a double's residue
    (1e-17) that a single-precision FFT (torch's) never shows; it is a zero (it would print in
    scientific notation)."""
    if out.dtype not in (np.float32, np.complex64) or not out.size or not a.size:
        return out
    tiny = float(np.max(np.abs(a))) * int(np.prod([a.shape[d] for d in dim])) * 2.0 ** -36
    for part in ((out.real, out.imag) if out.dtype.kind == "c" else (out,)):
        small = np.abs(part) < tiny
        part[small] = np.copysign(0.0, part[small])
    return out


def _c2c_np(a, dim, normalization, forward):
    transform = np.fft.fftn if forward else np.fft.ifftn
    return _flush(transform(a, axes=dim, norm=_NP_NORM[normalization, forward]), a, dim)


def _r2c_np(a, dim, normalization, onesided):
    half = _flush(np.fft.rfftn(a, axes=dim, norm=_NP_NORM[normalization, True]), a, dim)
    return half if onesided else _fill_conjugate_symmetry(half, dim, a.shape[dim[-1]])


def _fill_conjugate_symmetry(half, dim, n):
    """The full spectrum of a real signal from its onesided half, as torch's _fft_fill_with_conjugate_symmetry_:
    X[k] = conj(X[-k mod n]) over ``dim`` (so its signed zeros are torch's)."""
    last = dim[-1]
    h = half.shape[last]
    mirrored = half
    for d in dim[:-1]:     # index -i mod n along the other transformed dims
        mirrored = np.roll(np.flip(mirrored, d), 1, d)
    tail = np.conj(np.take(mirrored, np.arange(n - h, 0, -1), axis=last))
    return np.concatenate([half, tail], axis=last)


def _c2r_np(a, dim, normalization, last_dim_size):
    sizes = [a.shape[d] for d in dim[:-1]] + [last_dim_size]
    return _flush(np.fft.irfftn(a, s=sizes, axes=dim, norm=_NP_NORM[normalization, False]), a, dim)


def _tail(m, dim, x) -> tuple:
    """``dim`` (an example's dims) as negative dims of ``x``, which may carry ``m.nb`` batch dims in front."""
    ndim = len(x.shape) - m.nb
    return tuple(d - ndim for d in dim)


def _call(op, x, dim, params):
    return call(op, (x,), {"dim": tuple(d % x.ndim for d in dim), **params})


def c2c(m, x, dim, normalization, forward):
    """The c2c transform over negative ``dim`` in either vocabulary."""
    if m.is_tensor:
        return _call(FFT_C2C, x, dim, {"normalization": normalization, "forward": forward})
    return _c2c_np(x, dim, normalization, forward)


def r2c(m, x, dim, normalization, onesided):
    if m.is_tensor:
        return _call(FFT_R2C, x, dim, {"normalization": normalization, "onesided": onesided})
    return _r2c_np(x, dim, normalization, onesided)


def c2r(m, x, dim, normalization, last_dim_size):
    if m.is_tensor:
        return _call(FFT_C2R, x, dim, {"normalization": normalization, "last_dim_size": last_dim_size})
    return _c2r_np(x, dim, normalization, last_dim_size)


def _r2c_bwd(m, g, self, dim, normalization, onesided):
    """The onesided half's gradient padded with zeros to the full last dim, sent back through the
    inverse c2c; the real input gets its real part."""
    dim = _tail(m, dim, g)
    last = dim[-1]
    missing = self.shape[last] - g.shape[last] if onesided else 0
    if missing > 0:
        shape = list(g.shape)
        shape[last] = missing
        g = m.cat([g, m.zeros(tuple(shape), g)], last)
    full = c2c(m, g, dim, normalization, False)
    return m.real(full) if m.is_tensor else np.ascontiguousarray(full.real)


def _c2r_bwd(m, g, dim, normalization):
    """torch's fft_c2r_backward: the onesided r2c of the gradient, its mirrored entries counted twice."""
    dim = _tail(m, dim, g)
    gi = r2c(m, g, dim, normalization, True)
    last = dim[-1]
    half = gi.shape[last]
    double = g.shape[last] - half
    if double <= 0:
        return gi
    weights = np.ones(half)
    weights[1:1 + double] = 2.0
    weights = weights.reshape((half,) + (1,) * (-1 - last))
    if m.is_tensor:
        return gi * make(weights.astype(gi._data.real.dtype))
    return gi * weights.astype(gi.real.dtype)


FFT_C2C = defop("_fft_c2c", "FftC2CBackward0", ("self",), _c2c_np,
                lambda m, g, dim, normalization, forward: c2c(m, g, _tail(m, dim, g), normalization, not forward),
                saves=("dim", "normalization", "forward"), promote=KEEP,
                jvp=lambda m, t, dim, normalization, forward: c2c(m, t[0], _tail(m, dim, t[0]), normalization, forward),
                rule="the c2c transform of the other direction, same normalization")
FFT_R2C = defop("_fft_r2c", "FftR2CBackward0", ("self",), _r2c_np, _r2c_bwd,
                saves=("self", "dim", "normalization", "onesided"), promote=KEEP,
                jvp=lambda m, t, self, dim, normalization, onesided: r2c(m, t[0], _tail(m, dim, t[0]), normalization,
                                                                          onesided),
                rule="Re(inverse c2c of the gradient, zero-padded to the full last dim when onesided)")
FFT_C2R = defop("_fft_c2r", "FftC2RBackward0", ("self",), _c2r_np,
                lambda m, g, dim, normalization, last_dim_size: _c2r_bwd(m, g, dim, normalization),
                saves=("dim", "normalization", "last_dim_size"), internal=("last_dim_size",), promote=KEEP,
                jvp=lambda m, t, dim, normalization, last_dim_size: c2r(m, t[0], _tail(m, dim, t[0]), normalization,
                                                                        last_dim_size),
                rule="onesided r2c of the gradient, its mirrored entries doubled")
for _op in (FFT_C2C, FFT_R2C, FFT_C2R):
    _op.complex_rule = True
