"""torch's ``cpu_upsample_linear_channels_last`` blend: the kernel bilinear takes for a channels-last
input of more than 3 channels, for any output of height + width <= 128, and for 3 channels under one
thread (trilinear: a channels-last input of more than 3 channels). Each output reads 2**k corners
with one weight each, the product of the dims' lambdas in float (``(d * h) * w``), and its channels
are blended in two orders, as the compiled kernel contracts them into fused multiply-adds: whole
blocks of 8 float or 4 double channels (torch's 32-byte Vectorized) nest from the last corner in,
``c0 w0 + (c1 w1 + (... + c6 w6 + c7 w7))``, and the remaining channels chain from the first,
``((c0 w0 + c1 w1) + c2 w2) + ...``. Under the contraction ``x w + y w'`` is fma(x, w, y w').
"""
from __future__ import annotations

import numpy as np

from .. import threads
from ..fused import fma64, fma_wide
from ..memory_layout import channels_last, channels_last_3d, is_contiguous_as

def takes_channels_last_kernel(a: np.ndarray, output_size: tuple) -> bool:
    """torch's _use_vectorized_kernel_cond_2d/_3d (and bilinear's one-thread case for 3 channels)."""
    nsp = len(output_size)
    if a.ndim != nsp + 2 or nsp not in (2, 3):
        return False
    channels = a.shape[1]
    if channels > 3 and is_contiguous_as(a, channels_last if nsp == 2 else channels_last_3d):
        return True
    return nsp == 2 and (output_size[0] + output_size[1] <= 128 or (threads.count == 1 and channels == 3))


def _fma(x, w, s, ft):
    return fma_wide(x, w, s) if ft is np.float32 else fma64(x, w, s)


def blend_channels_last(a: np.ndarray, taps: list, ft) -> np.ndarray:
    """The resized ``a`` (N, C, spatial...) from each spatial dim's ``(indices, lambdas)`` pairs."""
    nsp = len(taps)
    corners, weights = [a], [None]
    for k, (index, lambdas) in enumerate(taps):
        axis, shape = 2 + k, (-1,) + (1,) * (nsp - 1 - k)
        corners = [np.take(c, i, axis=axis) for c in corners for i in index]
        weights = [lam.reshape(shape) if w is None else (w * lam.reshape(shape)).astype(ft)
                   for w in weights for lam in lambdas]
    lanes = 32 // a.itemsize
    whole = a.shape[1] - a.shape[1] % lanes
    out = np.empty(corners[0].shape, a.dtype)
    if whole:
        block = [c[:, :whole] for c in corners]
        s = (block[-2] * weights[-2]).astype(ft)
        s = _fma(block[-1], weights[-1], s, ft)
        for c, w in zip(block[-3::-1], weights[-3::-1]):
            s = _fma(c, w, s, ft)
        out[:, :whole] = s
    if whole < a.shape[1]:
        tail = [c[:, whole:] for c in corners]
        s = (tail[1] * weights[1]).astype(ft)
        s = _fma(tail[0], weights[0], s, ft)
        for c, w in zip(tail[2:], weights[2:]):
            s = _fma(c, w, s, ft)
        out[:, whole:] = s
    return out
