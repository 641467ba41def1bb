"""Loss backward kernels as ops (torch's mse_loss_backward, smooth_l1_loss_backward,
huber_loss_backward, binary_cross_entropy_backward, nll_loss_backward, nll_loss2d_backward), recorded
when the loss's backward runs under create_graph: the first derivative's nodes are then torch's
(MseLossBackwardBackward0..., for mse & co. one node for self and one with self and target swapped for
the target), and their derivatives are torch's ``*_double_backward`` formulas. The plain backward
stays numpy (ops/nn.py)."""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from ..dispatch import call
from .nn import (
    BINARY_CROSS_ENTROPY, HUBER_LOSS, MSE_LOSS, NLL_LOSS, NLL_LOSS2D, SMOOTH_L1_LOSS, _BCE_EPS, _class_dim, _shape, _spread,
    _over_count, bce_grad_self, nll_jvp,
)
from .registry import KEEP, defop
from .samples import Sample, arr, pos

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
        twice = _over_count(m, d2(m, gg * grad_output, self - target, *params), reduction, _shape(self, target))
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


# -- binary_cross_entropy_backward ------------------------------------------------------------------

_EPS = 1e-12     # torch's double-backward formulas add this double constant


def _bce_backward_backward(m, gg, grad_output, self, target, weight, reduction):
    """torch's binary_cross_entropy_double_backward (self), _double_backward_target and
    _double_backward_grad_output."""
    shape = _shape(self, target, weight)
    w = (lambda x: x) if weight is None else (lambda x: x * weight)
    one_minus = m.shift(m.lsub(1, self), _EPS)
    g_self = (self * self - m.scale(self, 2) * target + target) / (m.pow(m.shift(self, _EPS), 2) * m.pow(one_minus, 2))
    g_self = _over_count(m, w(g_self * (gg * grad_output)), reduction, shape)
    denom = (1 - self) * self
    g_target = _over_count(m, w(-gg * grad_output / m.where(denom < _BCE_EPS, _BCE_EPS, denom)), reduction, shape)
    g_out = w((self - target) / (m.shift(self, _EPS) * one_minus)) * gg
    if reduction != 0:
        g_out = _over_count(m, m.sum(g_out, tuple(range(m.nb, g_out.ndim))), reduction, shape)
    return g_out, g_self, g_target, None


def _probs(*shape, seed=0):
    return arr(*shape, low=0.1, high=0.9, seed=seed)


BINARY_CROSS_ENTROPY_BACKWARD = defop(
    "binary_cross_entropy_backward", "BinaryCrossEntropyBackwardBackward0", ("grad_output", "self", "target", "weight"),
    lambda go, x, t, w, reduction: bce_grad_self(_NP, go, x, t, w, reduction), _bce_backward_backward,
    saves=("grad_output", "self", "target", "weight", "reduction"), promote=KEEP,
    edges=("grad_output", "self", "target"), jvp_note="generic: derived through double-vjp",
    samples=lambda: [Sample(np.array(0.7), _probs(3, 4, seed=1), _probs(3, 4, seed=2), None, params={"reduction": 1}),
                     Sample(arr(5, seed=3), _probs(5, seed=4), _probs(5, seed=5), pos(5, seed=6),
                            params={"reduction": 0}, grad=(0, 1, 2)),
                     Sample(np.array(1.3), _probs(2, 3, seed=7), _probs(2, 3, seed=8), pos(3, seed=9),
                            params={"reduction": 2}, grad=(0, 1, 2))],
    rule="the derivative of binary_cross_entropy's gradient in grad_output, self and target")
BINARY_CROSS_ENTROPY.grad_record = BINARY_CROSS_ENTROPY_BACKWARD


# -- nll_loss_backward and nll_loss2d_backward ------------------------------------------------------

def _nll_grad_np(go, x, target, weight, reduction, ignore_index):
    """nll_loss's gradient (ops/nn.py's formula, in numpy): -w[target] g at the target class, over
    the total weight for a mean, +0 elsewhere."""
    target, weight = _data(target), _data(weight)
    nd, cdim = x.ndim, _class_dim(x.ndim)
    t = np.expand_dims(target, cdim)
    shape = [1] * nd
    shape[cdim] = x.shape[cdim]
    mask = (t == np.arange(x.shape[cdim]).reshape(shape)) & (t != ignore_index)
    w = 1.0 if weight is None else np.reshape(weight, (x.shape[cdim],) + (1,) * (nd - 1 - cdim))
    coef = np.asarray(np.where(mask, w, 0.0)).astype(x.dtype, copy=False)
    if reduction == 0:
        go = np.expand_dims(go, cdim - nd)
    else:
        go = np.reshape(go, (1,) * nd)
        if reduction == 1:
            total = np.add.reduce(coef, axis=None)
            go = go / np.where(total == 0, 1.0, total)
    return 0.0 - coef * go


def _data(v):
    """A saved target or weight (a tensor under create_graph, an ndarray in a sample) as an ndarray."""
    return None if v is None else np.asarray(getattr(v, "_data", v))


def _const(m, v):
    return None if v is None else m.const(_data(v))


def _nll_backward_backward(m, gg, target, weight, reduction, ignore_index, self_shape):
    """torch's: grad_output's derivative is nll_loss of gg (the loss's own forward-mode rule here,
    which batches), self's is zero."""
    return nll_jvp(m, (gg,), m.zeros(self_shape, gg), _const(m, target), _const(m, weight), reduction, ignore_index,
                   None)[0], m.zeros_like(gg)


def _nll_backward_record(loss, samples):
    record = defop(loss.name.replace("_forward", "_backward"), loss.node.replace("Backward0", "BackwardBackward0"),
                   ("grad_output", "self"), _nll_grad_np, _nll_backward_backward,
                   saves=("target", "weight", "reduction", "ignore_index", "self_sym_sizes"), promote=KEEP,
                   internal=("self_sym_sizes",), jvp_note="generic: derived through double-vjp",
                   samples=samples, rule="grad_output: nll_loss of the incoming gradient; self: zero")
    loss.grad_record = record
    return record


NLL_LOSS_BACKWARD = _nll_backward_record(NLL_LOSS, lambda: [
    Sample(np.array(0.7), arr(3, 4), params={"target": np.array([0, 2, 3]), "weight": None, "reduction": 1,
                                             "ignore_index": -100}),
    Sample(arr(3, seed=2), arr(3, 4, seed=3), params={"target": np.array([1, 0, 1]), "weight": pos(4, seed=4),
                                                      "reduction": 0, "ignore_index": 0})])
NLL_LOSS2D_BACKWARD = _nll_backward_record(NLL_LOSS2D, lambda: [
    Sample(np.array(1.3), arr(2, 3, 2, 2, seed=5), params={"target": np.array([[[0, 2], [1, 0]], [[2, 1], [0, 1]]]),
                                                           "weight": None, "reduction": 2, "ignore_index": 1})])
