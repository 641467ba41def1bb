"""vmap's batching of draws made on or from a tensor, as torch's BatchRulesRandomness.cpp.

In-place fills (``uniform_``, ``normal_``, ``bernoulli_``...) draw one value per example under
randomness='different' (refused on a tensor not batched at that level) and one example's values,
copied to all, under 'same'. Draws from a tensor's values (``bernoulli(p)``, ``normal(mean, std)``,
``multinomial``) run once over the physical batch under 'different' (an unbatched input is
expanded to the batch first) and are refused for a batched input under 'same'.
"""
from __future__ import annotations

import numpy as np

from ..tensor import Tensor, make
from . import batched
from .batched import levels_of, wrap

_SAME_BATCHED = ("Vmap does not currently support same randomness with a batched tensor input. Please file an issue "
                 "with functorch")
_UNBATCHED_INPLACE = ("vmap: Cannot ask for different inplace randomness on an unbatched tensor. This will appear "
                      "like same randomness. If this is necessary for your usage, please file an issue with functorch.")


def _modes() -> list:
    """(level, size, randomness) of the running levels, outermost first; 'error' refuses here."""
    out = [(level, size, batched.randomness[level]) for level, size in batched.active]
    if any(mode == "error" for _, _, mode in out):
        raise RuntimeError("vmap: called random operation while in randomness error mode. Please either use the "
                           "'same' or 'different' randomness flags on vmap or perform the randomness operation out "
                           "of vmap")
    return out


def inplace(self: Tensor, stream, draw) -> np.ndarray:
    """The physical values an in-place fill writes: ``draw(stream, shape)`` with a batch dim for
    each 'different' level (size 1 for a 'same' one), broadcast over ``self``'s batch dims."""
    own = levels_of(self)
    modes = {level: mode for level, _, mode in _modes()}
    copied = False      # a 'same' level fills a fresh example and copies it: outer levels see it unbatched
    for level in reversed(list(modes)):
        if modes[level] == "different" and (copied or level not in own):
            raise RuntimeError(_UNBATCHED_INPLACE)
        copied = copied or (modes[level] == "same" and level in own)
    data = self._data
    shape = tuple(n if modes.get(level) == "different" else 1 for level, n in zip(own, data.shape)) \
        + data.shape[len(own):]
    return np.broadcast_to(draw(stream, shape), data.shape)


def refuse_same(values: Tensor) -> None:
    """torch's check of a draw's batched parameters (bernoulli_(p)): refused under 'same'."""
    own = levels_of(values)
    if any(mode == "same" and level in own for level, _, mode in _modes()):
        raise RuntimeError(_SAME_BATCHED)


def from_values(input: Tensor, stream, draw) -> Tensor:
    """``draw(stream, values)`` over the physical values of ``input``, expanded to every
    'different' level, wrapped at its levels (plain when there are none)."""
    refuse_same(input)
    own = levels_of(input)
    modes = _modes()
    lv = tuple(level for level, _, mode in modes if level in own or mode == "different")
    data = input._data
    ordered = tuple(level for level in lv if level in own)
    if ordered != own:      # batch dims in the order of the running levels
        data = data.transpose([own.index(level) for level in ordered] + list(range(len(own), data.ndim)))
        own = ordered
    if lv != own:
        sizes = {level: size for level, size, _ in modes}
        for i, level in enumerate(lv):
            if level not in own:
                data = np.expand_dims(data, i)
        data = np.broadcast_to(data, tuple(sizes[level] for level in lv) + data.shape[len(lv):])
    return wrap(make(draw(stream, data)), lv)
