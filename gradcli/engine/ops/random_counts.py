"""Nodes of ``poisson`` and ``binomial``, whose values are drawn before the op (see
``functions/random_counts``): the records pass the drawn array through. torch's ``poisson`` has a
PoissonBackward0 node with a zero gradient; ``binomial`` has no derivative, so its node is
``NotImplemented``, with edges to the inputs that require grad only, and its backward raises."""
from __future__ import annotations

import numpy as np

from .. import errors
from .registry import KEEP, defop
from .samples import Sample, pos


def _drawn(*arrays, drawn):
    return np.array(getattr(drawn, "_data", drawn))      # a tensor when a test hands params as tensors


POISSON = defop("poisson", "PoissonBackward0", ("self",), _drawn, lambda m, g: m.zeros_like(g), promote=KEEP,
                jvp=lambda m, t: m.zeros_like(t[0]),
                samples=lambda: [Sample(pos(3, 2), params={"drawn": pos(3, 2, seed=5).round()})],
                rule="0 (a sample does not move with its rate)")


def _no_derivative(m, g, **params):
    raise errors.AutogradError("derivative for aten::binomial is not implemented")


def _binomial(name, inputs):
    op = defop(name, "NotImplemented", inputs, _drawn, _no_derivative, promote=KEEP,
               jvp_note="none: torch has no derivative", rule="raises: torch has no derivative")
    op.on_node(name=lambda self: "torch::autograd::NotImplemented")     # a C++ node's name(), as torch's
    return op


# one record per set of inputs that require grad: torch's node has edges to those only
BINOMIAL = {(True, True): _binomial("binomial", ("count", "prob")),
            (True, False): _binomial("binomial.count_grad", ("count",)),
            (False, True): _binomial("binomial.prob_grad", ("prob",))}
