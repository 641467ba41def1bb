"""Margin losses with their own node in torch: soft_margin_loss (SoftMarginLossBackward0),
multi_margin_loss (MultiMarginLossBackward0) and multilabel_margin_loss
(MultilabelMarginLossBackward0). Each has an edge to ``self`` only, as torch's: the target is not
differentiated (a float target that requires grad is refused in torch's words), nor is the
class weight. ``reduction`` is torch's enum, 0 none, 1 mean, 2 sum.

Differences from torch: double backward through multi_margin_loss and multilabel_margin_loss
works here (their formulas are engine ops; torch raises "derivative for
aten::multi_margin_loss_backward is not implemented").
"""
from __future__ import annotations

import numpy as np

from .. import dtypes
from ..errors import AutogradError, DTypeError, ShapeError
from . import dtype_rules
from .nn import _reduce_np, _reduce_tangent, _shape, _spread
from .registry import KEEP, defop
from .samples import Sample, arr


def _soft_margin_fwd(x, target, reduction):
    """torch's kernel: (-input).mul_(target).exp_().log1p_(), in place in the input's shape and dtype."""
    if x.dtype.kind != "f":
        raise DTypeError(f"result type Float can't be cast to the desired output type {dtypes.scalar_type_name(x.dtype)}")
    shape = np.broadcast_shapes(x.shape, target.shape)
    if shape != x.shape:
        raise ShapeError(f"output with shape {list(x.shape)} doesn't match the broadcast shape {list(shape)}")
    with np.errstate(over="ignore"):
        return _reduce_np(np.log1p(np.exp(-x * target.astype(x.dtype, copy=False))), reduction)


def _signs(*shape, seed=0):
    """Integer targets of +-1 (a target is not differentiated: a float one would be asked to require grad)."""
    return np.where(arr(*shape, seed=seed) > 0, 1, -1)


def _soft_margin_d(m, self, target):
    """torch's -target z / (z + 1), z = exp(-target self) (NaN where z overflows, as torch's)."""
    with np.errstate(over="ignore", invalid="ignore"):
        z = m.exp(-target * self)
        return -target * z / (z + 1)


SOFT_MARGIN_LOSS = defop(
    "soft_margin_loss", "SoftMarginLossBackward0", ("self", "target"), _soft_margin_fwd,
    lambda m, g, self, target, reduction: (_spread(m, g, reduction, _shape(self, target))
                                           * _soft_margin_d(m, self, target), None),
    saves=("self", "target", "reduction"), edges=("self",), promote=KEEP,
    jvp=lambda m, t, self, target, reduction: _reduce_tangent(m, t[0] * _soft_margin_d(m, self, target), reduction),
    samples=lambda: [Sample(arr(3, 4), _signs(3, 4, seed=5), params={"reduction": 1}),
                     Sample(arr(5, seed=2), _signs(5, seed=6), params={"reduction": 0}),
                     Sample(arr(2, 3, seed=3), _signs(3, seed=7), params={"reduction": 2}, note="broadcast")],
    rule="-target z / (z + 1), z = exp(-target self)")


# -- multi_margin_loss: sum over j != y of max(0, w[y] (margin - x[y] + x[j]))^p / C ----------------------

def _rows(x):
    return x.reshape(1, -1) if x.ndim < 2 else x


def _long_target(target):
    if target.dtype != np.int64:
        raise AutogradError(f"expected scalar type Long but found {dtypes.scalar_type_name(target.dtype)}")


def _multi_margin_fwd(x, target, weight, p, margin, reduction):
    dtype_rules.float_only("multi_margin_loss_cpu_kernel", x)
    _long_target(target)
    rows, t = _rows(x), target.reshape(-1)
    n, classes = rows.shape
    if weight is not None and weight.shape != (classes,):
        raise AutogradError(f"inconsistent weight size, expected {classes} but got {list(weight.shape)}")
    if np.any((t < 0) | (t >= classes)):
        raise AutogradError("target out of range")
    z = margin - np.take_along_axis(rows, t[:, None], 1) + rows
    h = np.where(z > 0, z if p == 1 else z * z, 0)
    if weight is not None:
        h = h * weight[t][:, None]
    h[np.arange(n), t] = 0
    loss = (h.sum(1) / classes).astype(x.dtype, copy=False)
    if reduction == 0:
        return loss.reshape(target.shape)
    return loss.sum() / x.dtype.type(n) if reduction == 1 else loss.sum()


def _multi_margin_kernel(g, x, target, p, margin, weight, reduction):
    """torch's multi_margin_loss_backward kernel, rounding as it rounds: each class's h = scale or
    2 scale z (times the target's weight), the target's entry minus their sum added in class order,
    then everything times the incoming gradient; scale is 1 / (rows * classes) for a mean."""
    rows, t = _rows(x), target.reshape(-1)
    n, classes = rows.shape
    dt = x.dtype.type
    scale = dt(1.0 / (n * classes) if reduction == 1 else 1.0 / classes)
    z = (dt(margin) - np.take_along_axis(rows, t[:, None], 1)) + rows
    h = np.where(z > 0, scale if p == 1 else (scale + scale) * z, dt(0))
    if weight is not None:
        h = h * weight[t][:, None]
    at_target = (np.arange(n), t)
    h[at_target] = 0
    h[at_target] = dt(0) - np.add.accumulate(h, axis=1)[:, -1]     # (+0 where no class counts, as torch)
    h *= g.reshape(()) if reduction != 0 or g.ndim == 0 else g.reshape(-1, 1)
    return h.reshape(x.shape)


def _multi_margin_bwd(m, g, self, target, p, margin, weight, reduction):
    if m.plain and self.dtype.kind == "f" and g.dtype == self.dtype and (weight is None or weight.dtype == self.dtype):
        return _multi_margin_kernel(g, self, target, p, margin, weight, reduction), None, None
    shape = tuple(self.shape)
    classes = shape[-1]
    hot = m.one_hot_along(m.unsqueeze(target, -1), -1, classes)
    z = margin - m.sum(m.where(hot, self, 0.0), (-1,), True) + self
    d = m.where(hot, 0.0, m.where(z > 0, 1.0 if p == 1 else 2 * z, 0.0))
    if weight is not None:
        d = d * m.sum(m.where(hot, weight, 0.0), (-1,), True)
    if reduction == 0:
        g = m.unsqueeze(g, -1)
    else:
        g = m.g_reshape(g, (1,) * len(shape))
        if reduction == 1:
            g = g / (shape[0] if len(shape) == 2 else 1)
    dx = g * d / classes
    return dx - m.where(hot, m.sum(dx, (-1,), True), 0.0), None, None


def _class_samples():
    return [Sample(arr(3, 4, away_from=0.0), np.array([1, 0, 3]), None, params={"p": 1, "margin": 1.0, "reduction": 1}),
            Sample(arr(3, 4, seed=2), np.array([2, 2, 0]), arr(4, low=0.5, high=2.0, seed=3),
                   params={"p": 2, "margin": 0.7, "reduction": 0}, grad=(0,)),
            Sample(arr(5, seed=4), np.array(3), None, params={"p": 2, "margin": 1.0, "reduction": 2}, note="1-d")]


MULTI_MARGIN_LOSS = defop(
    "multi_margin_loss", "MultiMarginLossBackward0", ("self", "target", "weight"), _multi_margin_fwd,
    _multi_margin_bwd, saves=("self", "target", "p", "margin", "weight", "reduction"), edges=("self",), promote=KEEP,
    jvp_note="generic: derived through double-vjp", samples=_class_samples,
    rule="w[y] (1 or 2 z) / C at each class j != y where z = margin - x[y] + x[j] > 0; -their sum at y")


# -- multilabel_margin_loss: sum over targets t and non-targets j of max(0, 1 - x[t] + x[j]) / C -----------

def _target_counts(target, classes):
    """(how often each class is listed, 0/1 whether it is): a row's targets end at its first -1."""
    rows = _rows(target)
    if np.any((rows < -1) | (rows >= classes)):
        raise AutogradError("argument #2 'target' is out of range")
    counts = np.zeros((rows.shape[0], classes))
    for i, row in enumerate(rows):
        stop = np.flatnonzero(row < 0)
        for c in row[:stop[0] if stop.size else len(row)]:
            counts[i, c] += 1
    return counts, (counts > 0)


def _pair_terms(x, target):
    """The active (target t, other class j) pairs of each row, weighted by how often t is listed."""
    rows = _rows(x)
    counts, is_target = _target_counts(target, rows.shape[1])
    z = 1 - rows[:, :, None] + rows[:, None, :]
    active = (z > 0) * counts[:, :, None] * ~is_target[:, None, :]
    return z, active, is_target


def _multilabel_fwd(x, target, reduction):
    dtype_rules.float_only("multilabel_margin_loss_forward_out_frame", x)
    _long_target(target)
    if target.shape != x.shape:
        raise AutogradError(f"inconsistent target size: {list(target.shape)} for input of size: {list(x.shape)}")
    z, active, is_target = _pair_terms(x, target)
    loss = ((np.where(active > 0, z, 0) * active).sum((1, 2)) / x.shape[-1]).astype(x.dtype, copy=False)
    is_target = is_target.reshape(x.shape).astype(x.dtype)
    if reduction == 0:
        return loss.reshape(x.shape[:-1]), is_target
    return (loss.sum() / x.dtype.type(loss.size) if reduction == 1 else loss.sum()), is_target


def _multilabel_bwd(m, g, self, target, reduction, is_target):
    """The loss is piecewise linear in self: its slope, a constant, times the incoming gradient."""
    g = g[0]
    x, t = (np.asarray(getattr(v, "_data", v)) for v in (self, target))
    _, active, _ = _pair_terms(x, t)
    slope = ((active.sum(1) - active.sum(2)) / x.shape[-1]).reshape(x.shape).astype(x.dtype)
    shape = tuple(self.shape)
    if reduction == 0:
        g = m.unsqueeze(g, -1)
    else:
        g = m.g_reshape(g, (1,) * len(shape))
        if reduction == 1:
            g = g / (shape[0] if len(shape) == 2 else 1)
    return g * m.const(slope), None


def _label_samples():
    return [Sample(arr(3, 4, seed=8) * 3, np.array([[1, 0, -1, 2], [3, -1, 0, 0], [0, 1, 2, 3]]),
                   params={"reduction": 1}),
            Sample(arr(2, 5, seed=9) * 3, np.array([[4, 4, 1, -1, 0], [2, -1, -1, -1, -1]]), params={"reduction": 0}),
            Sample(arr(4, seed=10) * 3, np.array([2, 1, -1, 3]), params={"reduction": 2}, note="1-d")]


MULTILABEL_MARGIN_LOSS = defop(
    "multilabel_margin_loss_forward", "MultilabelMarginLossBackward0", ("self", "target"), _multilabel_fwd,
    _multilabel_bwd, saves=("self", "target", "reduction", "is_target"), result_names=("output", "is_target"),
    outputs=2, nondiff_outputs=(1,), edges=("self",), promote=KEEP, jvp_note="generic: derived through double-vjp",
    samples=_label_samples, rule="+1/C at each non-target j and -1/C at each target t of every pair with "
                                 "1 - x[t] + x[j] > 0")
