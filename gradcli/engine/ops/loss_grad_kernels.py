"""torch's CPU kernels for the gradients of mse_loss, smooth_l1_loss and huber_loss, rounding as they
round (mse's: ``(2 norm (self - target)) grad`` for every element).

Both kernels (PointwiseOpsKernel.cpp's smooth_l1_backward and huber_backward) run their elements as
whole pairs of 32-byte vectors (16 floats, 8 doubles) with one formula, ``(norm * clipped) * grad``,
and the remainder of each thread's range with another, written in double where it meets ``beta`` or
``delta``. Either formula is the derivative; the two round differently, which shows in a printed
gradient. ``norm`` is 1 / numel for a mean, as the scalar type.
"""
from __future__ import annotations

import numpy as np

from .. import threads

GRAIN_SIZE = 32768     # at::internal::GRAIN_SIZE: longer ranges are split among the threads
_F32, _F64 = np.dtype(np.float32), np.dtype(np.float64)


def vector_positions(n: int, itemsize: int) -> np.ndarray:
    """Which of ``n`` flat elements torch's vectorised loop computes in vectors (the rest: each
    thread's scalar tail)."""
    step = 64 // itemsize
    tasks = min(threads.count, -(-n // GRAIN_SIZE)) if n > GRAIN_SIZE else 1
    chunk = -(-n // tasks) if n else 0
    start = np.arange(n) // chunk * chunk if n else np.zeros(0, np.int64)
    length = np.minimum(start + chunk, n) - start
    return np.arange(n) - start < length - length % step


def applies(kernel, g, d, self, target) -> bool:
    """Whether ``kernel`` gives torch's gradient for these operands: float32 or float64 of one dtype,
    the incoming gradient either a single value or of the loss's shape; for a kernel whose formula
    depends on the position (all but mse's), contiguous operands, which torch's loop takes in vectors."""
    if not ((d.dtype == _F32 or d.dtype == _F64) and g.dtype == d.dtype and (g.size == 1 or g.shape == d.shape)):
        return False
    return kernel is mse_grad or (self.flags.c_contiguous and target.flags.c_contiguous
                                  and (g.size == 1 or g.flags.c_contiguous))


def mse_grad(g, d, norm):
    """mse_loss_backward at ``d = self - target`` (2 norm is exact: a power of two times norm)."""
    return ((norm + norm) * d) * (g.reshape(()) if g.size == 1 else g)


def smooth_l1_grad(g, d, norm, beta: float):
    """smooth_l1_loss_backward at ``d = self - target``."""
    t = d.dtype.type
    vec = vector_positions(d.size, d.itemsize).reshape(d.shape)
    g = np.broadcast_to(g.reshape(()) if g.size == 1 else g, d.shape)
    clipped = np.where(np.abs(d) >= t(beta), np.where(d > 0, t(1), t(-1)), d / t(beta))
    scalar = ((norm * d * g).astype(_F64) / beta).astype(d.dtype)
    scalar = np.where(d <= -beta, -norm * g, np.where(d >= beta, norm * g, scalar))
    return np.where(vec, (norm * clipped) * g, scalar)


def huber_grad(g, d, norm, delta: float):
    """huber_loss_backward at ``d = self - target``."""
    t = d.dtype.type
    vec = vector_positions(d.size, d.itemsize).reshape(d.shape)
    g = np.broadcast_to(g.reshape(()) if g.size == 1 else g, d.shape)
    clipped = np.where(np.abs(d) >= t(delta), np.where(d > 0, t(1), t(-1)) * t(delta), d)
    outside = norm * g
    scalar = np.where(d <= -delta, ((-norm * g).astype(_F64) * delta).astype(d.dtype),
                      np.where(d >= delta, (outside.astype(_F64) * delta).astype(d.dtype), norm * d * g))
    return np.where(vec, (norm * clipped) * g, scalar)
