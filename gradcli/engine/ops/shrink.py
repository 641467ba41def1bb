"""F.threshold, F.hardshrink and F.softshrink as torch records them: one node each
(ThresholdBackward0, HardshrinkBackward0, SoftshrinkBackward0) whose backward is an op of its own
under create_graph (ThresholdBackwardBackward0...), so the first derivative requires grad through
``self`` (with a zero derivative there), as torch's does. The plain backward stays numpy."""
from __future__ import annotations

import numpy as np

from .. import errors
from ..dispatch import call, call_inplace
from . import dtype_rules
from .activation import THRESHOLD_BACKWARD
from .registry import KEEP, Kink, defop
from .samples import Sample, arr


def _kept(x, lambd):
    """Where the shrink functions pass the gradient on: torch's kernels zero it on [-lambd, lambd]."""
    return ~((x >= -lambd) & (x <= lambd))


def _shrink_backward_record(name: str, node: str):
    """hardshrink_backward / softshrink_backward: g where |self| > lambd; derivative in grad_output
    is the same op, in self zero (torch's formulas)."""
    def backward(m, gg, self, lambd):
        return _shrink_grad(record, m, gg, self, lambd), m.zeros_like(self)

    record = defop(name, node, ("grad_output", "self"),
                   lambda go, x, lambd: np.where(_kept(x, lambd), go, 0).astype(go.dtype, copy=False),
                   backward, saves=("self", "lambd"), promote=KEEP,
                   jvp=lambda m, t, self, lambd: None if t[0] is None else _shrink_grad(record, m, t[0], self, lambd),
                   samples=lambda: [Sample(arr(3, 4, seed=3), arr(3, 4, seed=4) * 1.5, params={"lambd": 0.5})],
                   rule="g where |self| > lambd; zero derivative in self")
    return record


def _shrink_grad(record, m, g, x, lambd):
    if m.is_tensor:
        return call(record, (g, x), {"lambd": lambd})
    return np.where(_kept(x, lambd), g, 0)


HARDSHRINK_BACKWARD = _shrink_backward_record("hardshrink_backward", "HardshrinkBackwardBackward0")
SOFTSHRINK_BACKWARD = _shrink_backward_record("softshrink_backward", "SoftshrinkBackwardBackward0")


def _shrink_samples():
    return [Sample(arr(3, 4, seed=1) * 1.5, params={"lambd": 0.5}), Sample(arr(5, seed=2), params={"lambd": 0.0})]


def _hardshrink_fwd(x, lambd):
    return np.where(_kept(x, lambd), x, 0).astype(x.dtype, copy=False)


def _softshrink_fwd(x, lambd):
    return np.where(x > lambd, x - lambd, np.where(x < -lambd, x + lambd, x * 0)).astype(x.dtype, copy=False)


HARDSHRINK = defop("hardshrink", "HardshrinkBackward0", ("self",), _hardshrink_fwd,
                   lambda m, g, self, lambd: _shrink_grad(HARDSHRINK_BACKWARD, m, g, self, lambd),
                   saves=("self", "lambd"), promote=KEEP,
                   jvp=lambda m, t, self, lambd: _shrink_grad(HARDSHRINK_BACKWARD, m, t[0], self, lambd),
                   samples=_shrink_samples, rule="1 where |self| > lambd, else 0 (0 at +-lambd)",
                   kink=Kink("hardshrink'(+-lambd) = 0", lambda v: np.abs(v["self"]) == v["lambd"]),
                   real=dtype_rules.complex_kernel("hardshrink_cpu"))
SOFTSHRINK = defop("softshrink", "SoftshrinkBackward0", ("self",), _softshrink_fwd,
                   lambda m, g, self, lambd: _shrink_grad(SOFTSHRINK_BACKWARD, m, g, self, lambd),
                   saves=("self", "lambd"), promote=KEEP,
                   jvp=lambda m, t, self, lambd: _shrink_grad(SOFTSHRINK_BACKWARD, m, t[0], self, lambd),
                   samples=_shrink_samples, rule="1 where |self| > lambd, else 0 (0 at +-lambd)",
                   kink=Kink("softshrink'(+-lambd) = 0", lambda v: np.abs(v["self"]) == v["lambd"]),
                   real=dtype_rules.complex_kernel("softshrink_check"))


def _threshold_grad(m, g, x, threshold):
    if m.is_tensor:
        return call(THRESHOLD_BACKWARD, (g, x), {"threshold": threshold})
    return np.where(x <= threshold, 0, g)


THRESHOLD = defop("threshold", "ThresholdBackward0", ("self",),
                  lambda x, threshold, value: np.where(x <= threshold, np.asarray(value, x.dtype), x),
                  lambda m, g, self, threshold: _threshold_grad(m, g, self, threshold),
                  saves=("self", "threshold"), promote=KEEP,
                  jvp=lambda m, t, self, threshold: _threshold_grad(m, t[0], self, threshold),
                  samples=lambda: [Sample(arr(3, 4, seed=1, away_from=0.5), params={"threshold": 0.5, "value": 2.0})],
                  rule="1 where self > threshold, else 0",
                  kink=Kink("threshold'(threshold) = 0", lambda v: v["self"] == v["threshold"]),
                  real=dtype_rules.complex_kernel("threshold_cpu"))


# the kernels refuse what torch's refuse, in its words
HARDSHRINK.forward = dtype_rules.floats("hardshrink_cpu", HARDSHRINK.forward)
SOFTSHRINK.forward = dtype_rules.floats("softshrink_check", SOFTSHRINK.forward)
# the in-place form is torch's own entry (ThresholdBackward1), keeping the input as it was before
THRESHOLD_ = defop("threshold_", "ThresholdBackward1", ("self",), THRESHOLD.forward, THRESHOLD.backward,
                   saves=("self", "threshold"), promote=KEEP, jvp=THRESHOLD.jvp,
                   samples=lambda: [Sample(arr(3, 4, seed=1, away_from=0.5), params={"threshold": 0.5, "value": 2.0})],
                   rule="1 where self > threshold, else 0 (self as it was before the write)",
                   real=dtype_rules.complex_kernel("threshold_cpu"))
THRESHOLD.forward = dtype_rules.no_bool("threshold_cpu", THRESHOLD.forward)
THRESHOLD_.forward = dtype_rules.no_bool("threshold_cpu", THRESHOLD_.forward)


def hardshrink(input, lambd=0.5):
    return call(HARDSHRINK, (input,), {"lambd": lambd})


def softshrink(input, lambd=0.5):
    if lambd < 0:
        raise errors.AutogradError(f"lambda must be greater or equal to 0, but found to be {lambd}.")
    return call(SOFTSHRINK, (input,), {"lambd": lambd})


def threshold(input, threshold, value):
    return call(THRESHOLD, (input,), {"threshold": threshold, "value": value})


def threshold_(input, threshold, value):
    return call_inplace(THRESHOLD_, input, (input,), {"threshold": threshold, "value": value})
