"""Activations with a slope that is a tensor: ``_prelu_kernel`` (F.prelu, nn.PReLU; torch's
PreluKernelBackward0, the weight already viewed to broadcast over the channels) and
``rrelu_with_noise`` (F.rrelu, nn.RReLU; RreluWithNoiseBackward0, whose ``noise`` holds the random
slopes drawn in training)."""
from __future__ import annotations

import numpy as np

from .. import dtypes, errors
from ..dispatch import call
from ..memory_layout import contiguous_output
from ..tensor import make
from .backward_ops import rrelu_grad
from .registry import KEEP, defop
from .samples import Sample, arr


def _prelu_fwd(a, weight):
    _same_dtype(a, weight)
    return np.where(a > 0, a, a * weight)


def _type_name(a) -> str:
    return dtypes.scalar_type_name(a.dtype)


def _prelu_grads(m, g, self, weight):
    """x > 0: g to self; else g weight to self and g x to weight (summed to its shape by the engine)."""
    positive = self > 0
    return m.where(positive, g, g * weight), m.where(positive, 0.0, g * self)


def _prelu_bwd(m, g, self, weight):
    """Under create_graph, torch's own node (PreluKernelBackwardBackward0), whose derivatives switch at
    self >= 0 where the first derivative switches at self > 0, as torch's."""
    if m.is_tensor and not m.nb:
        return tuple(call(PRELU_KERNEL_BACKWARD, (g, self, weight), {}))
    return _prelu_grads(m, g, self, weight)


def _same_dtype(first, *others) -> None:
    """torch's CPU kernel: every tensor in the first one's dtype, or "Found dtype X but expected Y"."""
    for a in others:
        if a.dtype != first.dtype:
            raise errors.DTypeError(f"Found dtype {_type_name(a)} but expected {_type_name(first)}")
    if first.dtype.kind != "f":
        raise NotImplementedError(f"\"prelu_cpu\" not implemented for '{_type_name(first)}'")


def _prelu_bwd_fwd(grad_output, self, weight):
    _same_dtype(grad_output, self, weight)
    shape = np.broadcast_shapes(grad_output.shape, self.shape)
    return tuple(np.broadcast_to(a, shape).astype(grad_output.dtype) for a in _prelu_grads(np, grad_output, self,
                                                                                           weight))


def _prelu_bwd_bwd(m, gg, grad_output, self, weight):
    """torch's formulas of _prelu_kernel_backward (derivatives.yaml), which tell an absent gradient
    of an output from a zero one (an inf or NaN beside it stays out)."""
    g_self, g_weight = gg
    nonneg = self >= 0
    if g_self is None:
        grad_grad = m.where(nonneg, 0.0, g_weight * self)
    else:
        grad_grad = m.where(nonneg, g_self, g_self * weight if g_weight is None else
                            g_self * weight + g_weight * self)
    grad_self = m.zeros_like(self) if g_weight is None else m.where(nonneg, 0.0, g_weight * grad_output)
    grad_weight = m.zeros_like(self) if g_self is None else m.where(nonneg, 0.0, g_self * grad_output)
    return grad_grad, grad_self, grad_weight


PRELU_KERNEL_BACKWARD = defop("_prelu_kernel_backward", "PreluKernelBackwardBackward0",
                              ("grad_output", "self", "weight"), _prelu_bwd_fwd, _prelu_bwd_bwd,
                              saves=("grad_output", "self", "weight"), outputs=2, promote=KEEP, materialize=False,
                              samples=lambda: [Sample(arr(2, 3, 4, seed=4), arr(2, 3, 4, away_from=0.0),
                                                      arr(1, 3, 1, seed=1))],
                              jvp_note="generic: derived through double-vjp",
                              rule="grad_output: gg_self (gg_self w + gg_w x where x < 0); self: gg_w g where "
                                   "x < 0; weight: gg_self g where x < 0")


PRELU_KERNEL = defop("_prelu_kernel", "PreluKernelBackward0", ("self", "weight"), _prelu_fwd, _prelu_bwd,
                     saves=("self", "weight"), promote=KEEP,
                     jvp=lambda m, t, self, weight: (0.0 if t[0] is None else m.where(self > 0, t[0], t[0] * weight))
                     + (0.0 if t[1] is None else m.where(self > 0, 0.0, t[1] * self)),
                     samples=lambda: [Sample(arr(2, 3, 4, away_from=0.0), arr(1, 3, 1, seed=1)),
                                      Sample(arr(5, away_from=0.0, seed=2), arr(1, seed=3), note="one slope")],
                     rule="self: g where self > 0, else g weight; weight: g self where self <= 0")


def _rrelu_fwd(a, noise, lower, upper, training):
    """Training: x times the saved noise (drawn by the caller: 1 where x >= 0); eval: leaky_relu with
    slope (lower + upper) / 2."""
    if training:
        return (a * _array(noise).astype(a.dtype, copy=False)).astype(a.dtype, copy=False)
    slope = (lower + upper) / 2
    return np.where(a > 0, a, a * a.dtype.type(slope)).astype(a.dtype, copy=False)


def _array(t):
    return getattr(t, "_data", t)


def _rrelu_bwd(m, g, self, noise, lower, upper, training):
    return rrelu_grad(m, g, self, noise, lower, upper, training)


def _rrelu_samples():
    x = arr(3, 4, away_from=0.0)
    noise = np.where(x >= 0, 1.0, np.linspace(0.1, 0.3, 12).reshape(3, 4))
    return [Sample(x, params={"noise": make(noise), "lower": 0.1, "upper": 0.3, "training": True}),
            Sample(x, params={"noise": make(np.zeros((3, 4))), "lower": 0.125, "upper": 1 / 3, "training": False},
                   note="eval: the mean slope")]


def check_rrelu(lower: float, upper: float) -> None:
    if lower > upper:
        raise errors.AutogradError("Lower bound should be less than or equal to the upper bound")


RRELU_WITH_NOISE = defop("rrelu_with_noise", "RreluWithNoiseBackward0", ("self",), contiguous_output(_rrelu_fwd),
                         _rrelu_bwd,
                         saves=("self", "noise", "lower", "upper", "training"), promote=KEEP,
                         samples=_rrelu_samples, jvp_note="generic: derived through double-vjp",
                         rule="training: g noise; eval: g where self > 0, else g (lower + upper) / 2")
