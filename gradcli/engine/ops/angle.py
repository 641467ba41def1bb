"""``angle``: the argument of a number, pi for a negative real, 0 otherwise (NaN stays NaN). torch's
AngleBackward0 gives a real input a zero gradient (the function is piecewise constant), a complex one
``grad * z / |z|^2 * i`` (0 at 0)."""
from __future__ import annotations

import numpy as np

from .registry import API, FLOAT, defop
from .samples import unary


def _angle(a):
    if a.dtype.kind == "c":
        return np.angle(a)
    return np.where(np.isnan(a), a, np.where(a < 0, np.pi, 0.0)).astype(a.dtype, copy=False)


def _angle_bwd(m, g, self):
    complex_input = self.is_complex() if m.is_tensor else self.dtype.kind == "c"
    if not complex_input:
        return m.zeros_like(g)
    if m.is_tensor:
        return m.where(self == 0, m.zeros_like(self), g * self / self.abs().pow(2) * 1j)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(self == 0, 0, g * self / np.abs(self) ** 2 * 1j)


ANGLE = defop("angle", "AngleBackward0", ("self",), _angle, _angle_bwd, saves=("self",),
              promote=FLOAT, jvp=lambda m, t, self: m.zeros_like(t[0]), samples=unary(), api=API(),
              rule="0 (pi for negatives, 0 otherwise: piecewise constant)")
