"""Sample inputs for the table's gradcheck: small float64 arrays, broadcasting, and kinks."""
from __future__ import annotations

import numpy as np


class Sample:
    """One way to call an op: positional args (arrays become tensors) and keyword params.

    ``grad`` says which positional args are differentiated (default: every float array). ``wrap``
    maps an arg's position to an engine function applied to it inside the checked function, as
    torch's gradcheck wrappers: an op that reads one triangle of a matrix has its gradient defined
    on symmetric (or triangular) matrices, so it is checked on ``x + x.mT`` (or ``x.tril()``).
    """

    __slots__ = ("args", "params", "grad", "note", "wrap")

    def __init__(self, *args, params=None, grad=None, note="", wrap=None):
        self.args = args
        self.params = params or {}
        self.grad = grad
        self.note = note
        self.wrap = wrap or {}

    def __repr__(self):
        shapes = [a.shape if isinstance(a, np.ndarray) else a for a in self.args]
        return f"Sample({shapes}, {self.params}{', ' + self.note if self.note else ''})"


def rng(seed: int = 0) -> np.random.Generator:
    return np.random.default_rng(seed)


def arr(*shape, low=-2.0, high=2.0, seed=0, away_from=None) -> np.ndarray:
    """Uniform float64 values; ``away_from`` keeps them 0.1 away from a kink value."""
    r = rng(seed + len(shape) * 7 + sum(shape))
    a = r.uniform(low, high, shape)
    if away_from is not None:
        close = np.abs(a - away_from) < 0.1
        a = np.where(close, away_from + 0.2 * np.sign(a - away_from + 1e-12), a)
    return a


def pos(*shape, seed=0) -> np.ndarray:
    return arr(*shape, low=0.5, high=2.0, seed=seed)


def unit(*shape, seed=0) -> np.ndarray:
    """Values inside (-0.9, 0.9): the domain of asin, atanh..."""
    return arr(*shape, low=-0.9, high=0.9, seed=seed)


def unary(fn=arr):
    """Samples for a pointwise unary op: a 0-d, a vector and a matrix."""
    def make():
        return [Sample(fn(seed=1)), Sample(fn(5, seed=2)), Sample(fn(3, 4, seed=3))]
    return make


def binary(fa=arr, fb=arr):
    """Samples for a broadcasting binary op: same shapes, broadcasting, scalar operand."""
    def make():
        return [Sample(fa(3, 4, seed=1), fb(3, 4, seed=2)),
                Sample(fa(3, 1, seed=3), fb(4, seed=4), note="broadcast"),
                Sample(fa(seed=5), fb(2, 3, seed=6), note="0-d with matrix"),
                Sample(fa(2, 3, seed=7), 1.5, note="python scalar")]
    return make
