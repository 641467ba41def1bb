"""Rearranging channels: pixel_shuffle, pixel_unshuffle and channel_shuffle under torch's nodes
(PixelShuffleBackward0, PixelUnshuffleBackward0, ChannelShuffleBackward0).

Each is a reshape and a permute; the backward is the inverse rearrangement, written once with
the formula vocabulary (``m.reshape``/``m.permute`` after ``m.nb`` batch dims), so it also runs on
numpy for the forward and records a graph under create_graph."""
from __future__ import annotations

import numpy as np

from .. import errors
from ..memory_layout import keeps_channels_last
from .registry import KEEP, defop
from .samples import Sample, arr


class _NumpyShape:
    """The two words of the formula vocabulary these rearrangements use, on arrays."""

    nb = 0
    reshape = staticmethod(np.reshape)
    permute = staticmethod(np.transpose)


def shuffle(m, x, r: int):
    """(*, C r^2, H, W) -> (*, C, H r, W r)."""
    shape = tuple(x.shape)
    lead, (c, h, w) = shape[:-3], shape[-3:]
    k = len(lead)
    x = m.reshape(x, lead + (c // (r * r), r, r, h, w))
    x = m.permute(x, tuple(range(k)) + (k, k + 3, k + 1, k + 4, k + 2))
    return m.reshape(x, lead + (c // (r * r), h * r, w * r))


def unshuffle(m, x, r: int):
    """(*, C, H r, W r) -> (*, C r^2, H, W)."""
    shape = tuple(x.shape)
    lead, (c, h, w) = shape[:-3], shape[-3:]
    k = len(lead)
    x = m.reshape(x, lead + (c, h // r, r, w // r, r))
    x = m.permute(x, tuple(range(k)) + (k, k + 2, k + 4, k + 1, k + 3))
    return m.reshape(x, lead + (c * r * r, h // r, w // r))


def channel_shuffle(m, x, groups: int, nb: int = 0):
    """(*, N, C, ...) -> channels regrouped: (N, g, C/g, ...) transposed to (N, C/g, g, ...)."""
    shape = tuple(x.shape)
    k = nb + 1
    c, rest = shape[k], shape[k + 1:]
    x = m.reshape(x, shape[:k] + (groups, c // groups) + rest)
    order = tuple(range(k)) + (k + 1, k) + tuple(range(k + 2, len(shape) + 1))
    return m.reshape(m.permute(x, order), shape)


def _check_shuffle(a, r: int, name: str, up: bool) -> None:
    what = "upscale_factor" if up else "downscale_factor"
    if a.ndim < 3:
        raise errors.ShapeError(f"{name} expects input to have at least 3 dimensions, but got input with "
                                f"{a.ndim} dimension(s)")
    if r <= 0:
        raise errors.ShapeError(f"{name} expects a positive {what}, but got {r}")
    if up and a.shape[-3] % (r * r):
        raise errors.ShapeError(f"pixel_shuffle expects its input's 'channel' dimension to be divisible by the "
                                f"square of upscale_factor, but input.size(-3)={a.shape[-3]} is not divisible by "
                                f"{r * r}")
    if not up and (a.shape[-2] % r or a.shape[-1] % r):
        dim, size = ("height", a.shape[-2]) if a.shape[-2] % r else ("width", a.shape[-1])
        raise errors.ShapeError(f"pixel_unshuffle expects {dim} to be divisible by downscale_factor, but input."
                                f"size({-2 if dim == 'height' else -1})={size} is not divisible by {r}")


def _pixel_shuffle_fwd(a, upscale_factor):
    _check_shuffle(a, upscale_factor, "pixel_shuffle", True)
    return np.ascontiguousarray(shuffle(_NumpyShape, a, upscale_factor))


def _pixel_unshuffle_fwd(a, downscale_factor):
    _check_shuffle(a, downscale_factor, "pixel_unshuffle", False)
    if a.size == 0:     # torch returns an empty input as it is
        return a.copy()
    return np.ascontiguousarray(unshuffle(_NumpyShape, a, downscale_factor))


def _channel_shuffle_fwd(a, groups):
    if a.ndim < 3:
        raise errors.ShapeError(f"channel_shuffle expects input to have at least 3 dimensions, but got input with "
                                f"{a.ndim} dimension(s)")
    if groups <= 0:
        raise errors.ShapeError(f"Number of groups to divide channels in must be positive. Value of groups:{groups}")
    if a.shape[1] % groups:
        raise errors.ShapeError(f"Number of channels must be divisible by groups. Got {a.shape[1]} channels and "
                                f"{groups} groups.")
    return np.ascontiguousarray(channel_shuffle(_NumpyShape, a, groups))


PIXEL_SHUFFLE = defop("pixel_shuffle", "PixelShuffleBackward0", ("self",), keeps_channels_last(_pixel_shuffle_fwd),
                      lambda m, g, upscale_factor: unshuffle(m, g, upscale_factor),
                      saves=("upscale_factor",), promote=KEEP,
                      jvp=lambda m, t, upscale_factor: shuffle(m, t[0], upscale_factor),
                      samples=lambda: [Sample(arr(2, 8, 2, 3), params={"upscale_factor": 2}),
                                       Sample(arr(9, 1, 2, seed=1), params={"upscale_factor": 3}, note="unbatched")],
                      rule="pixel_unshuffle(g)")
PIXEL_UNSHUFFLE = defop("pixel_unshuffle", "PixelUnshuffleBackward0", ("self",), _pixel_unshuffle_fwd,
                        lambda m, g, downscale_factor: shuffle(m, g, downscale_factor),
                        saves=("downscale_factor",), promote=KEEP,
                        jvp=lambda m, t, downscale_factor: unshuffle(m, t[0], downscale_factor),
                        samples=lambda: [Sample(arr(2, 2, 4, 6), params={"downscale_factor": 2})],
                        rule="pixel_shuffle(g)")
CHANNEL_SHUFFLE = defop("channel_shuffle", "ChannelShuffleBackward0", ("self",), keeps_channels_last(_channel_shuffle_fwd),
                        lambda m, g, groups: channel_shuffle(m, g, g.shape[m.nb + 1] // groups, m.nb),
                        saves=("groups",), promote=KEEP,
                        jvp=lambda m, t, groups: channel_shuffle(m, t[0], groups, m.nb),
                        samples=lambda: [Sample(arr(2, 6, 3), params={"groups": 3}),
                                         Sample(arr(1, 4, 2, 2, seed=1), params={"groups": 2}, note="2-d maps")],
                        rule="channel_shuffle(g) with C/groups groups")
