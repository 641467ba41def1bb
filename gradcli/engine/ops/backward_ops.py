"""torch's backward kernels that are ops of their own, recorded when a backward runs under
create_graph: the first derivative's node is then torch's (RreluWithNoiseBackwardBackward0...),
and so is the second derivative. The plain backward computes the same values in numpy."""
from __future__ import annotations

import numpy as np

from .. import errors
from ..dispatch import call
from .registry import KEEP, defop
from .samples import Sample, arr

_ONE_SIXTH_F = float(np.float32(1.0 / 6.0))  # torch's hardsigmoid kernel constant, in every dtype


# -- hardsigmoid_backward: torch has no derivative for it (a NotImplemented node that raises) -------

def _hardsigmoid_grad_np(go, x):
    return np.where((x > -3) & (x < 3), go * _ONE_SIXTH_F, 0).astype(np.result_type(go, x), copy=False)


def _no_derivative(m, g, **params):
    raise errors.AutogradError("derivative for aten::hardsigmoid_backward is not implemented")


def _not_implemented(name: str, edges: tuple):
    op = defop(name, "NotImplemented", ("grad_output", "self"), _hardsigmoid_grad_np, _no_derivative,
               promote=KEEP, edges=edges, jvp_note="none: torch has no derivative",
               rule="raises: torch has no derivative of hardsigmoid_backward")
    op.node_cls.name = lambda self: "torch::autograd::NotImplemented"     # a C++ node's name(), as torch's
    return op


# torch's node has edges to the inputs that require grad only: one record per set of them
_HARDSIGMOID_BACKWARD = {True: _not_implemented("hardsigmoid_backward", ("grad_output", "self")),
                         False: _not_implemented("hardsigmoid_backward.self_grad", ("self",))}


def hardsigmoid_grad(m, g, x):
    """HardsigmoidBackward0's formula: the numpy kernel, or under create_graph torch's node that raises
    when differentiated again ("derivative for aten::hardsigmoid_backward is not implemented")."""
    if m.is_tensor:
        return call(_HARDSIGMOID_BACKWARD[bool(g._requires_grad)], (g, x))
    return _hardsigmoid_grad_np(g, x)


# -- rrelu_with_noise_backward ----------------------------------------------------------------------

def _noise(noise, like):
    return np.asarray(getattr(noise, "_data", noise)).astype(like.dtype, copy=False)


def _rrelu_grad_np(go, x, noise, lower, upper, training):
    """torch's kernel: go noise when training with a real range, else leaky_relu's backward with the
    mean slope."""
    if training and upper - lower > 1e-6:
        return go * _noise(noise, go)
    return np.where(x > 0, go, go * go.dtype.type((lower + upper) / 2))


def rrelu_grad(m, g, x, noise, lower, upper, training):
    """RreluWithNoiseBackward0's formula: rrelu_with_noise_backward, an op under create_graph."""
    if m.is_tensor:
        return call(RRELU_WITH_NOISE_BACKWARD, (g, x),
                    {"noise": noise, "lower": lower, "upper": upper, "training": training})
    return _rrelu_grad_np(g, x, noise, lower, upper, training)


def _rrelu_backward_samples():
    x = arr(3, 4, away_from=0.0, seed=1)
    noise = np.where(x >= 0, 1.0, np.linspace(0.1, 0.3, 12).reshape(3, 4))
    return [Sample(arr(3, 4, seed=2), x, params={"noise": noise, "lower": 0.1, "upper": 0.3, "training": True}),
            Sample(arr(3, 4, seed=3), x, params={"noise": np.zeros((3, 4)), "lower": 0.125, "upper": 1 / 3,
                                                  "training": False}, note="eval: the mean slope")]


RRELU_WITH_NOISE_BACKWARD = defop(
    "rrelu_with_noise_backward", "RreluWithNoiseBackwardBackward0", ("grad_output", "self"), _rrelu_grad_np,
    lambda m, gg, self, noise, lower, upper, training: (rrelu_grad(m, gg, self, noise, lower, upper, training),
                                                        m.zeros_like(self)),
    saves=("self", "noise", "lower", "upper", "training"), promote=KEEP,
    jvp=lambda m, t, self, noise, lower, upper, training: None if t[0] is None else
    rrelu_grad(m, t[0], self, noise, lower, upper, training),
    samples=_rrelu_backward_samples, rule="g times rrelu's slope (the noise, or the mean slope); zero in self")
