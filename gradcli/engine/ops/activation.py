"""Activations: sigmoid, relu and friends (torch.nn.functional's pointwise half)."""
from __future__ import annotations

import numpy as np

from ..dispatch import call
from .registry import FLOAT, defop
from .samples import Sample, arr, unary


def sigmoid_np(x):
    """A sigmoid that does not overflow for large |x|."""
    x = np.asarray(x)
    e = np.exp(-np.abs(x))
    return np.where(x >= 0, 1 / (1 + e), e / (1 + e)).astype(x.dtype, copy=False)


SIGMOID = defop("sigmoid", "SigmoidBackward0", ("self",), sigmoid_np,
                lambda m, g, result: g * result * (1 - result), saves=("result",), promote=FLOAT,
                jvp=lambda m, t, result: t[0] * result * (1 - result), samples=unary(),
                rule="result * (1 - result)")
RELU = defop("relu", "ReluBackward0", ("self",), lambda a: np.maximum(a, 0),
             lambda m, g, result: m.where(result > 0, g, 0.0), saves=("result",),
             jvp=lambda m, t, result: m.where(result > 0, t[0], 0.0),
             samples=unary(lambda *s, seed=0: arr(*s, seed=seed, away_from=0.0)), rule="1 where self > 0, else 0 (0 at 0)")


def sigmoid(input):
    return call(SIGMOID, (input,))


def relu(input, inplace=False):
    return call(RELU, (input,))
