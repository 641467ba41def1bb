"""``angle``: the argument of a number, pi for a negative real, 0 otherwise (NaN stays NaN). torch's
AngleBackward0 gives a real input a zero gradient (the function is piecewise constant)."""
from __future__ import annotations

import numpy as np

from .registry import API, FLOAT, defop
from .samples import unary


def _angle(a):
    if a.dtype.kind == "c":
        return np.angle(a)
    return np.where(np.isnan(a), a, np.where(a < 0, np.pi, 0.0)).astype(a.dtype, copy=False)


ANGLE = defop("angle", "AngleBackward0", ("self",), _angle, lambda m, g, self: m.zeros_like(g), saves=("self",),
              promote=FLOAT, jvp=lambda m, t, self: m.zeros_like(t[0]), samples=unary(), api=API(),
              rule="0 (pi for negatives, 0 otherwise: piecewise constant)")
