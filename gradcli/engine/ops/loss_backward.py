"""The backward kernels of mse_loss, smooth_l1_loss and huber_loss as ops (torch's
mse_loss_backward...), recorded when the loss's backward runs under create_graph: the first
derivative's nodes are then torch's (MseLossBackwardBackward0, one for self and one for the target,
whose formula is the same op with self and target swapped), and their derivatives are torch's
``*_double_backward`` formulas. The plain backward stays numpy (ops/nn.py)."""
from __future__ import annotations

import math
from types import SimpleNamespace

import numpy as np

from ..dispatch import call
from .nn import HUBER_LOSS, MSE_LOSS, SMOOTH_L1_LOSS, _shape, _spread
from .pointwise import DIV_SCALAR
from .registry import KEEP, defop
from .samples import Sample, arr

# the numpy vocabulary of the records' forwards (backend.NumpyMath's; backend imports the ops package)
_NP = SimpleNamespace(is_tensor=False, nb=0, where=np.where, g_reshape=lambda g, shape: np.reshape(g, shape))


def _mask(m, d, bound):
    """|d| < bound as a constant of d's dtype (torch's ``(d < bound).type_as(grad)``)."""
    d = np.asarray(getattr(d, "_data", d))
    return m.const((np.abs(d) < bound).astype(d.dtype))


# torch's *_loss_double_backward: the second derivative in self times grad (= gg * grad_output)
_D2 = {"mse_loss": lambda m, grad, d: m.scale(grad, 2.0),
       "smooth_l1_loss": lambda m, grad, d, beta: grad * _mask(m, d, beta) / beta,
       "huber_loss": lambda m, grad, d, delta: grad * _mask(m, d, delta)}


def _loss_backward_record(loss, extra=()):
    """``<loss>_backward(grad_output, self, target)``: the loss's gradient in self. Its derivative in
    grad_output is itself (it is linear there), in self ``d2(gg * grad_output)`` (over the count for
    a mean), in target the negative of that."""
    d_self, d2 = loss.d_self, _D2[loss.name]

    def forward(go, self, target, reduction, **params):
        return _spread(_NP, go, reduction, _shape(self, target)) * d_self(_NP, self - target, *params.values())

    def backward(m, gg, grad_output, self, target, reduction, *params):
        twice = d2(m, gg * grad_output, self - target, *params)
        if reduction == 1:
            n = max(math.prod(_shape(self, target)), 1)
            twice = call(DIV_SCALAR, (twice,), {"other": n}) if m.is_tensor else twice / n
        return _grad_output_grad(m, gg, grad_output, self, target, reduction, params), twice, -twice

    def _grad_output_grad(m, gg, grad_output, self, target, reduction, params):
        """torch's *_loss_double_backward_grad_output: the op itself, summed for a reduced loss."""
        if reduction == 0:
            return loss_grad(record, m, gg, self, target, 0, params)
        r = loss_grad(record, m, m.ones_like(grad_output), self, target, reduction, params) * gg
        return m.sum(r, tuple(range(m.nb, r.ndim)))

    params = dict(zip(extra, (0.7,) * len(extra)))
    record = defop(f"{loss.name}_backward", loss.node.replace("Backward0", "BackwardBackward0"),
                   ("grad_output", "self", "target"), forward, backward,
                   saves=("grad_output", "self", "target", "reduction") + extra, promote=KEEP,
                   jvp_note="generic: derived through double-vjp",
                   samples=lambda: [Sample(np.array(0.7), arr(3, 4, seed=1), arr(3, 4, seed=2) * 0.5,
                                           params={"reduction": 1, **params}),
                                    Sample(arr(5, seed=3), arr(5, seed=4), arr(5, seed=5) * 0.5,
                                           params={"reduction": 0, **params})],
                   rule=f"the derivative of {loss.name}'s gradient in grad_output, self and target")
    loss.grad_record = record
    return record


def loss_grad(record, m, g, self, target, reduction, params):
    """The loss's gradient in self: the numpy kernel, or under create_graph torch's backward op."""
    if m.is_tensor:
        return call(record, (g, self, target), {"reduction": reduction, **dict(zip(record.saves[4:], params))})
    return record.forward(g, self, target, reduction, **dict(zip(record.saves[4:], params)))


MSE_LOSS_BACKWARD = _loss_backward_record(MSE_LOSS)
SMOOTH_L1_LOSS_BACKWARD = _loss_backward_record(SMOOTH_L1_LOSS, ("beta",))
HUBER_LOSS_BACKWARD = _loss_backward_record(HUBER_LOSS, ("delta",))
