"""The nodes torch records for random draws from tensors that require grad: ``torch.normal`` with a
tensor mean or std (NormalBackward1/2/3), ``torch.bernoulli`` (BernoulliBackward0; with a number p
a NotImplemented node) and the in-place fills of a non-leaf (``normal_``: NormalBackward0,
``uniform_``, ``bernoulli_``, ``exponential_``, ``geometric_``, ``log_normal_``, ``cauchy_``,
``random_``).

torch's derivative of every one is zero: a draw does not move with its mean, its probability or
the values it overwrites (torch.distributions' ``rsample`` is the reparameterized draw). The values
are drawn before the op (the ``drawn`` param), by the engine's generator, as when nothing needs grad.
"""
from __future__ import annotations

import numpy as np

from .. import errors
from .registry import KEEP, defop
from .samples import Sample, arr


def _drawn(*arrays, drawn):
    return np.array(getattr(drawn, "_data", drawn))      # a tensor when a test hands params as tensors


def _zero(m, t):
    return m.zeros_like(t[0])


def _zero_tangent(m, t, *sizes):
    """A zero tangent of the output's shape (the broadcast of the inputs' ``sizes``)."""
    given = next(x for x in t if x is not None)
    return m.zeros(m.lead(given) + np.broadcast_shapes(*(tuple(s) for s in sizes)), given)


def _zeros(m, g, shape):
    """A zero gradient of an input's shape (behind the gradient's batch dims)."""
    return m.zeros(m.lead(g) + tuple(shape), g)


NORMAL_MEAN = defop("normal.Tensor_float", "NormalBackward1", ("mean",), _drawn,
                    lambda m, g, mean_sym_sizes: _zeros(m, g, mean_sym_sizes), saves=("mean_sym_sizes",),
                    promote=KEEP, jvp=_zero_tangent, samples=lambda: [Sample(arr(3), params={"drawn": arr(3, seed=4)})],
                    rule="0 (a draw does not move with its mean)")
NORMAL_STD = defop("normal.float_Tensor", "NormalBackward2", ("std",), _drawn,
                   lambda m, g, std_sym_sizes: _zeros(m, g, std_sym_sizes), saves=("std_sym_sizes",),
                   promote=KEEP, jvp=_zero_tangent, samples=lambda: [Sample(arr(3), params={"drawn": arr(3, seed=4)})],
                   rule="0 (a draw does not move with its std)")
NORMAL_MEAN_STD = defop("normal.Tensor_Tensor", "NormalBackward3", ("mean", "std"), _drawn,
                        lambda m, g, mean_sym_sizes, std_sym_sizes: (_zeros(m, g, mean_sym_sizes),
                                                                     _zeros(m, g, std_sym_sizes)),
                        saves=("mean_sym_sizes", "std_sym_sizes"), promote=KEEP, jvp=_zero_tangent,
                        samples=lambda: [Sample(arr(2, 3), arr(3, seed=2), params={"drawn": arr(2, 3, seed=4)})],
                        rule="0 (a draw does not move with its mean or std)")
BERNOULLI = defop("bernoulli", "BernoulliBackward0", ("self",), _drawn, lambda m, g: m.zeros_like(g), promote=KEEP,
                  jvp=_zero, samples=lambda: [Sample(arr(3), params={"drawn": arr(3, seed=4)})],
                  rule="0 (a draw does not move with its probability)")


def _no_derivative(m, g, **params):
    raise errors.AutogradError("derivative for aten::bernoulli is not implemented")


BERNOULLI_P = defop("bernoulli.p", "NotImplemented", ("self",), _drawn, _no_derivative, promote=KEEP,
                    jvp_note="none: torch has no derivative", rule="raises: torch has no derivative")
BERNOULLI_P.on_node(name=lambda self: "torch::autograd::NotImplemented")


def _fill(name: str, node: str):
    return defop(name, node, ("self",), _drawn, lambda m, g: m.zeros_like(g), promote=KEEP, jvp=_zero,
                 samples=lambda: [Sample(arr(3), params={"drawn": arr(3, seed=4)})],
                 rule="0 (the values drawn do not depend on those they overwrite)")


# (aten's overload names; ".drawn" marks the fills aten names without one: the records are run in place by
# the Tensor methods outside vmap only, and out of place they are a draw like poisson's)
FILLS = {name: _fill(name, node) for name, node in (
    ("normal_.drawn", "NormalBackward0"), ("uniform_.drawn", "UniformBackward0"),
    ("bernoulli_.float", "BernoulliBackward2"), ("exponential_.drawn", "ExponentialBackward0"),
    ("geometric_.drawn", "GeometricBackward0"), ("log_normal_.drawn", "LogNormalBackward0"),
    ("cauchy_.drawn", "CauchyBackward0"), ("random_.from", "RandomBackward0"), ("random_.to", "RandomBackward1"),
    ("random_.drawn", "RandomBackward2"))}
BERNOULLI_TENSOR_FILL = defop("bernoulli_.Tensor", "BernoulliBackward1", ("self", "p"), _drawn,
                              lambda m, g, p_sym_sizes, self_sym_sizes: (m.zeros_like(g), _zeros(m, g, p_sym_sizes)),
                              saves=("p_sym_sizes", "self_sym_sizes"), internal=("p_sym_sizes", "self_sym_sizes"),
                              promote=KEEP,
                              jvp=lambda m, t, p_sym_sizes, self_sym_sizes: _zero_tangent(m, t, self_sym_sizes),
                              samples=lambda: [Sample(arr(3), arr(3, seed=2), params={"drawn": arr(3, seed=4)})],
                              rule="0 (the values drawn do not depend on the old ones or on p)")
