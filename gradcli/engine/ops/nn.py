"""torch.nn.functional's non-pointwise part: softmax, linear, losses, dropout, normalize.

Records where torch has one node (SoftmaxBackward0, LogSoftmaxBackward0,
AddmmBackward0, MseLossBackward0, BinaryCrossEntropyBackward0,
BinaryCrossEntropyWithLogitsBackward0, SmoothL1LossBackward0,
HuberLossBackward0, NllLossBackward0, NllLoss2DBackward0); compositions of
engine ops where torch composes too (l1_loss, cross_entropy, dropout,
normalize, linear for 1-D/N-D inputs), so graphs read as torch's do.

``reduction`` is saved as torch saves it: 0 none, 1 mean, 2 sum. Losses take
the target's gradient too (torch differentiates the target of mse, bce,
bce-with-logits, smooth_l1, huber); ``weight`` and ``pos_weight`` are not
differentiable, as in torch.

Differences from torch, all in saved values or node names, never in numbers:
``_saved_dim`` is negative (``-1`` where torch shows ``1``); cross_entropy with label smoothing or probability targets
multiplies by Python numbers with MulBackward0 (torch: MulBackward1) and uses ``where`` for torch's
``masked_fill_``.
"""
from __future__ import annotations

import math
import warnings
from types import SimpleNamespace

import numpy as np

from .. import dtypes
from .. import instrumentation as _inst
from ..dispatch import call
from ..cascade_sum import column_sums, full_sum, torch_order_sum
from ..autograd.graph import SavedVariable
from ..errors import AutogradError, DTypeError, ShapeError
from ..memory_layout import contiguous_output
from ..nodes import OpNode, checked_array, fit_grads
from . import dtype_rules, loss_grad_kernels, rounded, softmax_kernel
from .activation import log_sigmoid_values
from .linalg import gemm, gemm_add, general_apply, mat1_grad, mat2_grad, mm_grads, release_matrices
from .pointwise import DIV_SCALAR
from .reduction import _norm_fwd
from .registry import COMMON, KEEP, defop
from .samples import Sample, arr

_REDUCTIONS = {"none": 0, "mean": 1, "sum": 2}


# -- reductions ---------------------------------------------------------------------------------------

def _reduction(reduction, size_average=None, reduce=None) -> int:
    """torch's reduction string (or the legacy size_average/reduce pair) as its enum."""
    if size_average is not None or reduce is not None:
        size_average = True if size_average is None else size_average
        reduce = True if reduce is None else reduce
        reduction = "mean" if size_average and reduce else "sum" if reduce else "none"
        warnings.warn(f"size_average and reduce args will be deprecated, please use reduction='{reduction}' "
                      "instead.", UserWarning, stacklevel=3)
    if reduction == "elementwise_mean":
        warnings.warn("reduction='elementwise_mean' is deprecated. Please use reduction='mean' instead.",
                      UserWarning, stacklevel=3)
        return 1
    if reduction not in _REDUCTIONS:
        raise ValueError(f"{reduction} is not a valid value for reduction")
    return _REDUCTIONS[reduction]


def _reduce_np(loss, reduction):
    """torch's apply_loss_reduction: the sum (in torch's order, see cascade_sum), over the count for mean."""
    if reduction == 0:
        return loss
    if not loss.size:
        return np.full((), np.nan if reduction == 1 else 0, loss.dtype)
    total = torch_order_sum(loss, None, False)
    total = loss.sum() if total is None else total
    return total / loss.dtype.type(loss.size) if reduction == 1 else total


def _spread(m, g, reduction, shape):
    """The incoming gradient of a reduced loss, broadcastable against the loss's elements."""
    if reduction == 0:
        return g
    g = m.g_reshape(g, (1,) * len(shape))
    if reduction == 1:
        g = g / max(math.prod(shape), 1)
    return g


def _reduce_tangent(m, v, reduction):
    """Reduce an elementwise tangent over its unbatched dims."""
    if reduction == 0:
        return v
    dims = tuple(range(m.nb, v.ndim))
    if not dims:
        return v
    s = m.sum(v, dims, False)
    return s / max(math.prod(tuple(v.shape)[m.nb:]), 1) if reduction == 1 else s


def _lift(m, t, ndim: int):
    """A tangent of a lower-rank (broadcast) input, given the loss's rank, so it lines up after the batch dims."""
    tail = tuple(t.shape)[m.nb:]
    return t if len(tail) == ndim else m.g_reshape(t, (1,) * (ndim - len(tail)) + tail)


def _shape(*values) -> tuple:
    """The broadcast shape of the loss's operands (ndarrays or tensors)."""
    if len(values) == 2 and values[1] is not None and values[0].shape == values[1].shape:
        return tuple(values[0].shape)   # (the usual case: output and target alike)
    shapes = [tuple(v.shape) for v in values if v is not None]
    if all(s == shapes[0] for s in shapes):   # (the usual case: output and target alike)
        return shapes[0]
    return tuple(np.broadcast_shapes(*shapes))


def _pointwise_loss(name, node, loss_np, d_self, samples, rule, extra=(), promote=COMMON, real=None, kernel=None):
    """A loss ``reduce(l(self, target))`` with d l/d self = ``d_self`` and d l/d target = -d_self;
    ``kernel(g, self - target, norm, *params)``, where given, is torch's backward kernel (its rounding)
    for the plain backward."""
    def forward(a, b, reduction, **kw):
        return _reduce_np(loss_np(a, b, **kw), reduction)

    def backward(m, g, self, target, reduction, *params, needs=(True, True)):
        if m.is_tensor and not m.nb:   # torch's <loss>_backward op, for self and (swapped) for target
            rec = record.grad_record
            kw = {"reduction": reduction, **dict(zip(extra, params))}
            return (call(rec, (g, self, target), kw) if needs[0] else None,
                    call(rec, (g, target, self), kw) if needs[1] else None)
        if kernel is not None and m.plain:
            grads = _kernel_grads(kernel, g, self, target, reduction, params, needs)
            if grads is not None:
                return grads
        spread = _spread(m, g, reduction, _shape(self, target))
        # target's gradient is the formula at target - self, as torch's swapped backward (a zero
        # difference gives +0 there, where negating self's would give -0)
        return (spread * d_self(m, self - target, *params) if needs[0] else None,
                spread * d_self(m, target - self, *params) if needs[1] else None)

    def jvp(m, t, self, target, reduction, *params):
        d = d_self(m, self - target, *params)
        nd = len(_shape(self, target))
        v = None if t[0] is None else _lift(m, t[0], nd) * d
        if t[1] is not None:
            vt = _lift(m, t[1], nd) * d
            v = -vt if v is None else v - vt
        return _reduce_tangent(m, v, reduction)

    record = defop(name, node, ("self", "target"), forward, backward, saves=("self", "target", "reduction") + extra,
                   jvp=jvp, promote=promote, samples=samples, rule=rule, masked=True, real=real)
    record.d_self = d_self      # read by its backward op (ops/loss_backward.py, which sets record.grad_record)
    return record


def _kernel_grads(kernel, g, self, target, reduction, params, needs):
    """A loss's gradients from torch's kernel, for self and (swapped, as torch runs it) for target;
    None where the kernel's vectorised loop does not take the operands as they are."""
    if (g.__class__ is not np.ndarray or self.__class__ is not np.ndarray or target.__class__ is not np.ndarray
            or self.shape != target.shape or not self.size):
        return None
    d = self - target
    if not loss_grad_kernels.applies(kernel, g, d, self, target):
        return None
    norm = d.dtype.type(1.0 / d.size if reduction == 1 else 1.0)
    return (kernel(g, d, norm, *params) if needs[0] else None,
            kernel(g, target - self, norm, *params) if needs[1] else None)


def _mse_apply(node, grads, m):
    """MseLossBackward0 in a plain backward (a regression step's first node): torch's kernel
    ``(norm (self - target)) g``, norm 2 / count for mean (as the dtype) and 2 otherwise, with its two
    saved tensors checked as ``unpack_saved`` checks them (self, then target: torch's order), and no
    product with ``loss.backward()``'s seed 1 (it changes no bit). Hooked values, create_graph, vmap,
    broadcast operands and gradients that do not fit take ``OpNode.apply``."""
    saved = node._saved
    a, b = saved[0], saved[1]
    if (not m.plain or a.__class__ is not SavedVariable or b.__class__ is not SavedVariable
            or node._odtype.kind == "c"):    # complex: OpNode.apply refuses or conjugates (ops/complex_parts)
        return OpNode.apply(node, grads, m)
    a, b = checked_array(node, a), checked_array(node, b)
    if a.shape != b.shape:
        return OpNode.apply(node, grads, m)
    g = grads[0]
    d = a - b
    dt = d.dtype
    norm = dt.type(2.0 / max(a.size, 1)) if saved[2] == 1 else None
    ga = norm * d if norm is not None else d + d       # (d + d is 2 d to the bit)
    seed = not g.ndim and g.dtype is dt and g.item() == 1      # (loss.backward()'s 1 changes no bit)
    if not seed:
        ga = ga * g
    (f0, _), (f1, _) = node.next_functions
    meta = node._in_meta
    gb = None
    if f1 is not None:      # target's: the formula at target - self, as torch's (+0 where they are equal)
        e = b - a
        gb = norm * e if norm is not None else e + e
        if not seed:
            gb = gb * g
    if (ga.shape != meta[0][0] or dt is not meta[0][1] and dt != meta[0][1]
            or f1 is not None and dt is not meta[1][1] and dt != meta[1][1]):
        return fit_grads(node, (ga if f0 is not None else None, gb), m)
    return [ga if f0 is not None else None, gb]


def _loss_samples(**params):
    def make_samples():
        return [Sample(arr(3, 4), arr(3, 4, seed=5), params={"reduction": 1, **params}),
                Sample(arr(5, seed=2), arr(5, seed=6), params={"reduction": 0, **params}),
                Sample(arr(2, 3, seed=3), arr(3, seed=7), params={"reduction": 2, **params}, note="broadcast")]
    return make_samples


def _squared_error(a, b):
    d = a - b
    return d * d


MSE_LOSS = _pointwise_loss("mse_loss", "MseLossBackward0", _squared_error,
                           lambda m, d: 2 * d, _loss_samples(), "2 (self - target); target: the negative",
                           kernel=loss_grad_kernels.mse_grad)


def _mse_forward(a, b, reduction):
    """The record's forward (``_reduce_np(_squared_error(a, b), reduction)``) in one frame for the
    float32/float64 sums of every regression step, where ``torch_order_sum`` is ``full_sum``."""
    d = a - b
    loss = d * d
    dt = loss.dtype
    if reduction == 0 or dt is not _F32 and dt is not _F64 or not loss.size:
        if dt.kind == "c":      # (the record's forward is this function: its refusal is here)
            raise dtype_rules.not_implemented("mse_cpu", dt)
        return _reduce_np(loss, reduction)
    total = full_sum(loss)
    return total / dt.type(loss.size) if reduction == 1 else total


_F32, _F64 = np.dtype(np.float32), np.dtype(np.float64)
MSE_LOSS.forward = _mse_forward
MSE_LOSS.on_node(apply=_mse_apply)


def _smooth_l1_np(a, b, beta):
    d = np.abs(a - b)
    return np.where(d < beta, 0.5 * d * d / beta, d - 0.5 * beta).astype(d.dtype, copy=False)


def _smooth_l1_d(m, d, beta):
    return m.where(d < -beta, -1.0, m.where(d > beta, 1.0, d / beta))


SMOOTH_L1_LOSS = _pointwise_loss("smooth_l1_loss", "SmoothL1LossBackward0", _smooth_l1_np, _smooth_l1_d,
                                 _loss_samples(beta=0.7), "(self - target) / beta inside |.| < beta, else its sign",
                                 extra=("beta",), real=dtype_rules.complex_kernel("smooth_l1_cpu"),
                                 kernel=loss_grad_kernels.smooth_l1_grad)


def _huber_np(a, b, delta):
    d = np.abs(a - b)
    return np.where(d < delta, 0.5 * d * d, delta * (d - 0.5 * delta)).astype(d.dtype, copy=False)


def _huber_d(m, d, delta):
    return m.where(d < -delta, -delta, m.where(d > delta, delta, d))


HUBER_LOSS = _pointwise_loss("huber_loss", "HuberLossBackward0", _huber_np, _huber_d, _loss_samples(delta=0.7),
                             "self - target clipped to [-delta, delta]", extra=("delta",), promote=KEEP,
                             real=dtype_rules.complex_kernel("huber_cpu"), kernel=loss_grad_kernels.huber_grad)
HUBER_LOSS.forward = dtype_rules.in_self_dtype("huber_cpu", HUBER_LOSS.forward)   # torch's result is self's dtype
HUBER_LOSS.backward = dtype_rules.same_dtype_backward(HUBER_LOSS.backward)


# -- binary cross entropy ---------------------------------------------------------------------------------

_BCE_EPS = float(np.float32(1e-12))  # torch clamps with the float constant 1e-12 in every dtype


def _bce_fwd(x, t, w, reduction):
    with np.errstate(divide="ignore"):
        loss = (t - 1) * np.maximum(np.log1p(-x), -100) - t * np.maximum(np.log(x), -100)
    if w is not None:
        loss = loss * w
    return _reduce_np(loss.astype(x.dtype, copy=False), reduction)


def _bce_checked(x, t, w, reduction):
    """torch's binary_cross_entropy kernel: floating input, target of its dtype, both in [0, 1]."""
    dtype_rules.float_only("binary_cross_entropy", x)
    if t.dtype != x.dtype:
        raise DTypeError(f"Found dtype {dtypes.scalar_type_name(t.dtype)} but expected "
                         f"{dtypes.scalar_type_name(x.dtype)}")
    for name, a in (("input", x), ("target", t)):
        if not np.all((a >= 0) & (a <= 1)):
            raise AutogradError(f"all elements of {name} should be between 0 and 1")
    return _bce_fwd(x, t, w, reduction)


def bce_grad_self(m, g, self, target, weight, reduction):
    """torch's binary_cross_entropy_backward in its order: g (self - target) / max(self (1 - self),
    1e-12), times w, over the count for a mean."""
    shape = _shape(self, target, weight)
    g = m.g_reshape(g, (1,) * len(shape)) if reduction != 0 and m.nb else g
    denom = (1 - self) * self
    d = g * (self - target) / m.where(denom < _BCE_EPS, _BCE_EPS, denom)
    return _over_count(m, d if weight is None else d * weight, reduction, shape)


def _bce_bwd(m, g, self, target, weight, reduction):
    if m.is_tensor and not m.nb:    # torch's binary_cross_entropy_backward op (ops/loss_backward.py)
        gx = call(BINARY_CROSS_ENTROPY.grad_record, (g, self, target, weight), {"reduction": reduction})
    else:
        gx = bce_grad_self(m, g, self, target, weight, reduction)
    # torch's binary_cross_entropy_target_backward: -logit(self) g (w), over the count
    shape = _shape(self, target, weight)
    gb = m.g_reshape(g, (1,) * len(shape)) if reduction != 0 and m.nb else g
    logit = m.logit(self) if m.is_tensor else rounded.log(self / (1 - self))
    return gx, _times_grad(m, -logit, gb, weight, reduction, shape), None


def _bce_jvp(m, t, self, target, weight, reduction):
    denom = (1 - self) * self
    nd = len(_shape(self, target, weight))
    v = None if t[0] is None else _lift(m, t[0], nd) * (self - target) / m.where(denom < _BCE_EPS, _BCE_EPS, denom)
    if t[1] is not None:
        vt = _lift(m, t[1], nd) * (m.log1p(-self) - m.log(self))
        v = vt if v is None else v + vt
    if weight is not None:
        v = v * weight
    return _reduce_tangent(m, v, reduction)


def _probs(*shape, seed=0):
    return arr(*shape, low=0.1, high=0.9, seed=seed)


BINARY_CROSS_ENTROPY = defop(
    "binary_cross_entropy", "BinaryCrossEntropyBackward0", ("self", "target", "weight"), _bce_checked, _bce_bwd,
    saves=("self", "target", "weight", "reduction"), jvp=_bce_jvp, promote=KEEP, edges=("self", "target"),
    samples=lambda: [Sample(_probs(3, 4), _probs(3, 4, seed=5), None, params={"reduction": 1}),
                     Sample(_probs(5, seed=2), _probs(5, seed=6), arr(5, low=0.5, high=2.0, seed=7),
                            params={"reduction": 0}, grad=(0, 1)),
                     Sample(_probs(2, 3, seed=3), _probs(2, 3, seed=8), arr(3, low=0.5, high=2.0, seed=9),
                            params={"reduction": 2}, grad=(0, 1))],
    rule="w (self - target) / max(self (1 - self), 1e-12); target: w (log(1 - self) - log(self))",
    real=dtype_rules.complex_kernel("binary_cross_entropy"))


def _bcel_fwd(x, t, w, pw, reduction):
    ls = log_sigmoid_values(x)[0]      # torch's at::log_sigmoid
    if pw is not None:
        ls = ls * ((pw - 1) * t + 1)
    loss = (1 - t) * x - ls
    if w is not None:
        loss = loss * w
    return _reduce_np(loss.astype(x.dtype, copy=False), reduction)


def _in_target_dtype(x, t, w, pw, reduction):
    """torch's formula works in place on ``1 - target``, so the loss has the target's dtype (and an
    integer or bool target fails there, in torch's words)."""
    dtype_rules.float_only("log_sigmoid_cpu", x)
    if t.dtype.kind == "b":
        raise DTypeError("Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or "
                         "`logical_xor()` operator instead.")
    if t.dtype.kind in "iu":
        raise DTypeError(f"result type {dtypes.scalar_type_name(x.dtype)} can't be cast to the desired output type "
                         f"{dtypes.scalar_type_name(t.dtype)}")
    arrays = [a for a in (x, t, w, pw) if a is not None]
    res = np.result_type(*arrays)
    x, t, w, pw = (None if a is None else a.astype(res, copy=False) for a in (x, t, w, pw))
    return np.asarray(_bcel_fwd(x, t, w, pw, reduction)).astype(arrays[1].dtype, copy=False)


def _log_sigmoid(m, x):
    return m.where(x > 0, 0.0, x) - m.log1p(m.exp(-m.abs(x)))


def _bcel_d(m, self, target, pos_weight):
    """(d loss/d self, d loss/d target), unweighted and unreduced."""
    if pos_weight is None:
        return m.sigmoid(self) - target, -self
    pt = pos_weight * target
    return ((m.shift(pt, 1) - target) * m.sigmoid(self) - pt,
            _log_sigmoid(m, -self) - _log_sigmoid(m, self) * pos_weight)


def _bcel_bwd(m, g, self, target, weight, pos_weight, reduction):
    """torch's binary_cross_entropy_with_logits_backward (and _target_backward) in its order: the
    unreduced derivative times g, times weight, then over the count for a mean (a DivBackward1 on
    top under create_graph)."""
    shape = _shape(self, target, weight, pos_weight)
    if reduction != 0 and m.nb:
        g = m.g_reshape(g, (1,) * len(shape))
    ds, dt = _bcel_d(m, self, target, pos_weight)
    return _times_grad(m, ds, g, weight, reduction, shape), _times_grad(m, dt, g, weight, reduction, shape), None, None


def _times_grad(m, d, g, weight, reduction, shape):
    """d times g, times weight, over the count for a mean (torch's order in the bce backwards)."""
    d = d * g
    return _over_count(m, d if weight is None else d * weight, reduction, shape)


def _over_count(m, d, reduction, shape):
    if reduction != 1:
        return d
    n = max(math.prod(shape), 1)
    return call(DIV_SCALAR, (d,), {"other": n}) if m.is_tensor else d / n


def _bcel_jvp(m, t, self, target, weight, pos_weight, reduction):
    ds, dt = _bcel_d(m, self, target, pos_weight)
    nd = len(_shape(self, target, weight, pos_weight))
    v = None if t[0] is None else _lift(m, t[0], nd) * ds
    if t[1] is not None:
        vt = _lift(m, t[1], nd) * dt
        v = vt if v is None else v + vt
    if weight is not None:
        v = v * weight
    return _reduce_tangent(m, v, reduction)


BINARY_CROSS_ENTROPY_WITH_LOGITS = defop(
    "binary_cross_entropy_with_logits", "BinaryCrossEntropyWithLogitsBackward0",
    ("self", "target", "weight", "pos_weight"), lambda x, t, w, pw, reduction: _in_target_dtype(x, t, w, pw, reduction),
    _bcel_bwd, saves=("self", "target", "weight", "pos_weight", "reduction"), jvp=_bcel_jvp, promote=KEEP,
    edges=("self", "target"),
    samples=lambda: [Sample(arr(3, 4), _probs(3, 4, seed=5), None, None, params={"reduction": 1}),
                     Sample(arr(2, 3, seed=2), _probs(2, 3, seed=6), arr(3, low=0.5, high=2.0, seed=7),
                            arr(3, low=0.5, high=3.0, seed=8), params={"reduction": 0}, grad=(0, 1)),
                     Sample(arr(5, seed=3) * 4, _probs(5, seed=9), None, arr(5, low=0.5, high=3.0, seed=4),
                            params={"reduction": 2}, grad=(0, 1))],
    rule="w ((pw t + 1 - t) sigmoid(self) - pw t); target: w (log_sigmoid(-self) - pw log_sigmoid(self))",
    real=dtype_rules.complex_kernel("log_sigmoid_cpu"))


# -- negative log likelihood ----------------------------------------------------------------------------------

def _class_dim(ndim: int) -> int:
    return 1 if ndim >= 2 else 0


def nll_cascade(picked, weights, valid):
    """torch's nll_loss_out_frame reduction: ``loss -= x[target] * w`` into eight cascade levels
    (flushed upward after every 2**p-th sample, the first sample all the way up), the levels then
    added in order; the total weight is the count of kept samples, or the weights summed alike."""
    values = np.atleast_1d(-picked if weights is None else -(picked * weights))
    kept = np.atleast_1d(valid)
    batch = values.shape[0]
    power = max(4, _ceil_log2(batch) // 8)
    output = _cascade(values, kept, power)
    if weights is None:
        return output, values.dtype.type(np.count_nonzero(kept))
    return output, _cascade(np.atleast_1d(weights).astype(values.dtype, copy=False), kept, power)


def _cascade(values, kept, power):
    """One quantity of nll_loss_out_frame's cascade: whole blocks summed in order at once when no
    sample is ignored (an ignored sample also skips its flush), else sample by sample."""
    step = 1 << power
    mask = step - 1
    dt = values.dtype.type
    levels = [dt(0)] * 8
    if kept.all() and values.shape[0] > 1:
        levels[7] = dt(dt(0) + values[0])          # sample 0 flushes through every level
        rest = values[1:]
        blocks = rest.shape[0] // step
        sums = np.add.accumulate(rest[:blocks * step].reshape(blocks, step), axis=1)[:, -1] if blocks else ()
        for k in range(blocks):
            levels[0] = dt(dt(0) + sums[k])
            done = (k + 1) * step
            for j in range(7):
                if done & (mask << (j * power)):
                    break
                levels[j + 1], levels[j] = dt(levels[j + 1] + levels[j]), dt(0)
        if rest.shape[0] > blocks * step:
            levels[0] = dt(dt(0) + np.add.accumulate(rest[blocks * step:])[-1])
    else:
        for b in range(values.shape[0]):
            if not kept[b]:
                continue
            levels[0] = dt(levels[0] + values[b])
            for j in range(7):
                if b & (mask << (j * power)):
                    break
                levels[j + 1], levels[j] = dt(levels[j + 1] + levels[j]), dt(0)
    total = dt(0)
    for level in levels:
        total = dt(total + level)
    return total


def _ceil_log2(x: int) -> int:
    return 0 if x <= 1 else (x - 1).bit_length()


def _nll_fwd(x, t, w, reduction, ignore_index):
    dtype_rules.float_only("nll_loss_out_frame" if x.ndim < 3 else "nll_loss2d_forward_out_frame", x)
    cdim = _class_dim(x.ndim)
    valid = t != ignore_index
    safe = np.where(valid, t, 0)
    picked = np.squeeze(np.take_along_axis(x, np.expand_dims(safe, cdim), cdim), cdim)
    wt = valid.astype(x.dtype) if w is None else np.where(valid, w[safe], 0).astype(x.dtype, copy=False)
    loss = np.where(valid, -picked * wt, 0).astype(x.dtype, copy=False)   # an ignored target's loss is +0
    if reduction == 0 and x.ndim > 1:     # torch's total_weight: 0 here, else the summed weight
        return loss, np.zeros((), x.dtype)
    total = np.sum(wt)
    if reduction == 0:
        return loss, total
    # torch's nll_loss_out_frame and nll_loss2d_forward_out_frame sum in the same cascade, the latter
    # over (batch, position) in memory order
    output, total = nll_cascade(picked.reshape(-1), wt.reshape(-1) if w is not None else None, valid.reshape(-1))
    if reduction == 1:
        with np.errstate(invalid="ignore", divide="ignore"):
            return output / total, total
    return output, total


def _nll_coef(m, self, target, weight, ignore_index):
    """Each element's weight in the loss: w[target] at the target class, 0 elsewhere and where ignored."""
    shape = tuple(self.shape)
    nd, cdim = len(shape), _class_dim(len(shape))
    n_classes = shape[cdim]
    t = m.unsqueeze(target, cdim)
    mask = m.one_hot_along(t, cdim, n_classes) & (t != ignore_index)
    w = 1.0 if weight is None else m.reshape(weight, (n_classes,) + (1,) * (nd - 1 - cdim))
    return m.cast(m.where(mask, w, 0.0), self), nd, cdim


def _nll_bwd(m, g, self, target, weight, reduction, ignore_index, total_weight):
    """total_weight is recomputed from weight and target in the vocabulary (vmap batches it)."""
    g = g[0]
    if m.is_tensor and not m.nb:   # torch's nll_loss_backward op (ops/loss_backward.py)
        record = (NLL_LOSS2D if len(self.shape) >= 3 else NLL_LOSS).grad_record
        return call(record, (g, self), {"target": target, "weight": weight, "reduction": reduction,
                                        "ignore_index": ignore_index}), None, None
    coef, nd, cdim = _nll_coef(m, self, target, weight, ignore_index)
    if reduction == 0:
        g = m.unsqueeze(g, cdim - nd)
    else:
        g = m.g_reshape(g, (1,) * nd)
        if reduction == 1:
            total = m.sum(coef)
            g = g / m.where(total == 0, 1.0, total)
    return 0.0 - coef * g, None, None      # +0 off the target class, as torch's kernel


def nll_jvp(m, t, self, target, weight, reduction, ignore_index, total_weight):
    coef, nd, cdim = _nll_coef(m, self, target, weight, ignore_index)
    v = 0.0 - coef * t[0]
    if reduction == 0:
        return m.sum(v, (cdim - nd,), False), None
    s = m.sum(v, tuple(range(m.nb, m.nb + nd)), False)
    return s / m.sum(coef) if reduction == 1 else s, None


def _nll_samples():
    return [Sample(arr(3, 4), np.array([0, 2, 3]), None, params={"reduction": 1, "ignore_index": -100}),
            Sample(arr(3, 4, seed=2), np.array([1, 0, 1]), arr(4, low=0.5, high=2.0, seed=3),
                   params={"reduction": 0, "ignore_index": 0}, grad=(0,)),
            Sample(arr(4, seed=4), np.array(2), arr(4, low=0.5, high=2.0, seed=5),
                   params={"reduction": 1, "ignore_index": -100}, grad=(0,))]


# aten's nll_loss_forward and nll_loss2d_forward: the loss and its total_weight (saved, as torch's)
_NLL = dict(saves=("self", "target", "weight", "reduction", "ignore_index", "total_weight"),
            result_names=("output", "total_weight"), outputs=2, nondiff_outputs=(1,), jvp=nll_jvp, promote=KEEP,
            edges=("self",))
NLL_LOSS = defop("nll_loss_forward", "NllLossBackward0", ("self", "target", "weight"), _nll_fwd, _nll_bwd, **_NLL,
                 samples=_nll_samples, rule="-w[target] at the target class (/ total weight for mean), 0 elsewhere",
                 real=dtype_rules.complex_kernel("nll_loss_out_frame"))
NLL_LOSS2D = defop("nll_loss2d_forward", "NllLoss2DBackward0", ("self", "target", "weight"), _nll_fwd, _nll_bwd,
                   **_NLL, samples=lambda: [
                       Sample(arr(2, 3, 2, 2, seed=5), np.array([[[0, 2], [1, 0]], [[2, 1], [0, 1]]]), None,
                              params={"reduction": 1, "ignore_index": 1}),
                       Sample(arr(2, 3, 2, 2, seed=3), np.array([[[0, 2], [1, 1]], [[2, 2], [0, 1]]]),
                              arr(3, low=0.5, high=2.0, seed=4), params={"reduction": 0, "ignore_index": -100},
                              grad=(0,), note="class weights"),
                       Sample(arr(2, 3, 4), np.array([[0, 2, 1, 1], [2, 2, 0, 1]]), None,
                              params={"reduction": 1, "ignore_index": 1}, note="3-d input")],
                   rule="nll_loss over (N, C, d1, ...): -w[target] at the target class",
                   real=dtype_rules.complex_kernel("nll_loss2d_forward_out_frame"))


# -- softmax ------------------------------------------------------------------------------------------------------

def _lastdim_float32(a, dim) -> bool:
    """torch's last-dim float32 kernels are reproduced (ops.softmax_kernel) up to KERNEL_MAX elements:
    printed probabilities, a few examples' losses. Past that, where the emulation would cost a
    classifier's training step a third more (and the logits of a float32 product already differ in
    their last bit from MKL's), numpy's rounding stays."""
    return a.dtype == np.float32 and 0 < a.ndim and a.size <= softmax_kernel.KERNEL_MAX and dim % a.ndim == a.ndim - 1


def _inner_float32(a, dim) -> bool:
    """torch's float32 kernels over a dim that is not the last are reproduced up to 32768 elements
    (past that torch may split a row of positions across its threads)."""
    return a.dtype == np.float32 and a.ndim > 1 and dim % a.ndim != a.ndim - 1 and a.size <= 32768


def _kernel_refusal(kernel: str, a, dim):
    """torch's softmax kernels (two of them: along the last dim, or another) exist for real floats only."""
    return dtype_rules.not_implemented(f"{kernel}_lastdim_kernel_impl" if dim in (-1, a.ndim - 1) else
                                       f"{kernel}_kernel_impl", a)


def _softmax_fwd(a, dim):
    if a.dtype.kind == "c":
        raise _kernel_refusal("softmax", a, dim)
    if dim is None:
        return np.ones_like(a)
    if not a.size:      # torch returns the empty tensor (numpy's max of nothing has no identity)
        return a.copy()
    if _lastdim_float32(a, dim):
        return softmax_kernel.softmax_lastdim(a)
    if _inner_float32(a, dim):
        return softmax_kernel.softmax_inner(a, dim % a.ndim)
    e = rounded.exp(a - np.max(a, axis=dim, keepdims=True))
    return e * (1 / np.sum(e, axis=dim, keepdims=True))    # torch's kernel: times the sum's reciprocal


def _log_softmax_fwd(a, dim):
    if a.dtype.kind == "c":
        raise _kernel_refusal("log_softmax", a, dim)
    if dim is None:
        return np.zeros_like(a)
    if not a.size:
        return a.copy()
    if _lastdim_float32(a, dim):
        return softmax_kernel.log_softmax_lastdim(a)
    if _inner_float32(a, dim):
        return softmax_kernel.log_softmax_inner(a, dim % a.ndim)
    s = a - np.max(a, axis=dim, keepdims=True)
    return s - rounded.log(np.sum(rounded.exp(s), axis=dim, keepdims=True))


def _softmax_grad(m, g, result, dim):
    return result * (g - m.sum(g * result, (dim,), True))


def _log_softmax_grad(m, g, result, dim):
    return g - m.exp(result) * m.sum(g, (dim,), True)


def _softmax_bwd(m, g, result, dim):
    if dim is None:
        return g * 0.0
    if m.is_tensor:   # torch's _softmax_backward_data: a node of its own under create_graph
        return call(SOFTMAX_BACKWARD_DATA, (g, result), {"dim": dim})
    if type(g) is np.ndarray and type(result) is np.ndarray:
        return _softmax_grad_arrays(g, result, dim)
    return _softmax_grad(m, g, result, dim)


def _softmax_grad_arrays(g, result, dim):
    if _lastdim_float32(g, dim) and result.dtype == np.float32 and g.shape == result.shape:
        return softmax_kernel.softmax_backward_lastdim(g, result)
    if _inner_float32(g, dim) and result.dtype == np.float32 and g.shape == result.shape:
        return softmax_kernel.softmax_backward_inner(g, result, dim % g.ndim)
    return _softmax_grad(_NP_SUM, g, result, dim)


def _log_softmax_bwd(m, g, result, dim):
    if dim is None:
        return g * 0.0
    if m.is_tensor:
        return call(LOG_SOFTMAX_BACKWARD_DATA, (g, result), {"dim": dim})
    if type(g) is np.ndarray and type(result) is np.ndarray:
        return _log_softmax_grad_arrays(g, result, dim)
    return _log_softmax_grad(m, g, result, dim)


def _log_softmax_grad_arrays(g, result, dim):
    if _lastdim_float32(g, dim) and result.dtype == np.float32 and g.shape == result.shape:
        return softmax_kernel.log_softmax_backward_lastdim(g, result)
    if _inner_float32(g, dim) and result.dtype == np.float32 and g.shape == result.shape:
        return softmax_kernel.log_softmax_backward_inner(g, result, dim % g.ndim)
    return _log_softmax_grad(_NP_SUM, g, result, dim)


# the numpy vocabulary of the records below (backend.NumpyMath's sum and exp; backend imports this module)
_NP_SUM = SimpleNamespace(sum=lambda x, dims, keepdim: np.add.reduce(x, axis=dims, keepdims=keepdim), exp=rounded.exp)


def _sum_tangents(a, b):
    return b if a is None else a if b is None else a + b


def _softmax_d2(m, gg, grad_output, output, dim):
    """torch's softmax_double_backward: the derivative in ``output`` of output (g - sum(g output))."""
    return grad_output * gg - m.sum(output * grad_output, (dim,), True) * gg \
        - grad_output * m.sum(output * gg, (dim,), True)


SOFTMAX_BACKWARD_DATA = defop(
    "_softmax_backward_data", "SoftmaxBackwardDataBackward0", ("grad_output", "output"),
    _softmax_grad_arrays,
    lambda m, gg, grad_output, output, dim: (_softmax_bwd(m, gg, output, dim),
                                             _softmax_d2(m, gg, grad_output, output, dim)),
    saves=("grad_output", "output", "dim"), promote=KEEP,
    jvp=lambda m, t, grad_output, output, dim: _sum_tangents(
        None if t[0] is None else _softmax_bwd(m, t[0], output, dim),
        None if t[1] is None else t[1] * (grad_output - m.sum(grad_output * output, (dim,), True))
        - output * m.sum(grad_output * t[1], (dim,), True)),
    samples=lambda: [Sample(arr(3, 4, seed=1), _softmax_fwd(arr(3, 4, seed=2), -1), params={"dim": -1})],
    rule="the derivative of output (g - sum(g output, dim)) in g and in output")
LOG_SOFTMAX_BACKWARD_DATA = defop(
    "_log_softmax_backward_data", "LogSoftmaxBackwardDataBackward0", ("grad_output", "output"),
    _log_softmax_grad_arrays,
    lambda m, gg, grad_output, output, dim: (
        gg - m.sum(gg * m.exp(output), (dim,), True),
        -m.sum(grad_output, (dim,), True) * m.exp(output) * gg),
    saves=("grad_output", "output", "dim"), promote=KEEP,
    jvp=lambda m, t, grad_output, output, dim: _sum_tangents(
        None if t[0] is None else _log_softmax_grad(m, t[0], output, dim),
        None if t[1] is None else -m.sum(grad_output, (dim,), True) * m.exp(output) * t[1]),
    samples=lambda: [Sample(arr(3, 4, seed=1), _log_softmax_fwd(arr(3, 4, seed=2), -1), params={"dim": -1})],
    rule="the derivative of g - exp(output) sum(g, dim) in g and in output")


def _softmax_samples():
    return [Sample(arr(3, 4), params={"dim": -1}), Sample(arr(2, 3, 4, seed=2), params={"dim": -2}),
            Sample(arr(5, seed=3), params={"dim": -1})]


SOFTMAX = defop("_softmax", "SoftmaxBackward0", ("self",), contiguous_output(_softmax_fwd), _softmax_bwd, saves=("result", "dim"),
                jvp=lambda m, t, result, dim: _softmax_bwd(m, t[0], result, dim), promote=KEEP,
                samples=_softmax_samples, rule="result (g - sum(g result, dim))")


def _safe_softmax_fwd(a, dim):
    """torch's _safe_softmax (scaled_dot_product_attention's): softmax, but 0 along a row whose every
    entry is -inf (softmax gives NaN there)."""
    if a.dtype.kind not in "f":
        raise _kernel_refusal("softmax", a, dim)
    if a.size == 0:
        return a.copy()
    with np.errstate(invalid="ignore"):
        out = _softmax_fwd(a, dim)
    return np.where(np.all(a == -np.inf, axis=dim, keepdims=True), a.dtype.type(0), out)


SAFE_SOFTMAX = defop("_safe_softmax", "SafeSoftmaxBackward0", ("self",), _safe_softmax_fwd, _softmax_bwd,
                     saves=("result", "dim"), jvp=lambda m, t, result, dim: _softmax_bwd(m, t[0], result, dim),
                     promote=KEEP,
                     samples=lambda: [Sample(arr(3, 4), params={"dim": -1})],
                     rule="result (g - sum(g result, dim)), as softmax's")
LOG_SOFTMAX = defop("_log_softmax", "LogSoftmaxBackward0", ("self",), contiguous_output(_log_softmax_fwd),
                    _log_softmax_bwd,
                    saves=("result", "dim"), promote=KEEP,
                    jvp=lambda m, t, result, dim: None if dim is None else
                        t[0] - m.sum(m.exp(result) * t[0], (dim,), True),
                    samples=_softmax_samples, rule="g - softmax(self) sum(g, dim)")


# -- addmm (linear) -----------------------------------------------------------------------------------------------

def _addmm_bwd(m, g, mat1, mat2, alpha, beta, mat1_sym_sizes, mat2_sym_sizes, mat1_sym_strides, mat2_sym_strides,
               needs=(True, True, True)):
    """Only the products an input needs: in a first layer the input rarely requires grad, and its
    gradient is the step's largest product."""
    ga, gb = mm_grads(m, g, mat1, mat2, needs[1:], (mat1_sym_sizes, mat1_sym_strides),
                      (mat2_sym_sizes, mat2_sym_strides))
    if alpha != 1:   # torch's maybe_multiply, after the product
        ga, gb = (None if ga is None else m.scale(ga, alpha)), (None if gb is None else m.scale(gb, alpha))
    return ((g if beta == 1 else m.scale(g, beta)) if needs[0] else None, ga, gb)


def _addmm_jvp(m, t, mat1, mat2, alpha, beta, *sym_sizes):
    out = None if t[0] is None else _lift(m, t[0] if beta == 1 else t[0] * beta, 2)
    prod = None
    if t[1] is not None:
        prod = m.matmul(t[1], mat2)
    if t[2] is not None:
        p2 = m.matmul(mat1, t[2])
        prod = p2 if prod is None else prod + p2
    if prod is not None:
        prod = prod if alpha == 1 else prod * alpha
        out = prod if out is None else out + prod
    return out


def _addmm_fwd(s, a, b, beta, alpha):
    dtype_rules.addmm(s, a, b)
    _inst.check_matmul(a, b)
    if beta == 1 and alpha == 1:
        return gemm_add(s, a, b)
    product = gemm(a, b)
    return (s if beta == 1 else beta * s) + (product if alpha == 1 else alpha * product)


ADDMM = defop("addmm", "AddmmBackward0", ("self", "mat1", "mat2"), _addmm_fwd, _addmm_bwd,
              saves=("mat1", "mat2", "alpha", "beta", "mat1_sym_sizes", "mat2_sym_sizes", "mat1_sym_strides",
                     "mat2_sym_strides"),
              saved_for={"mat1": ("mat2",), "mat2": ("mat1",), "mat1_sym_strides": ("mat1",),
                         "mat2_sym_strides": ("mat2",)},
              jvp=_addmm_jvp, masked=True,
              promote=KEEP,
              samples=lambda: [Sample(arr(5), arr(3, 4, seed=1), arr(4, 5, seed=2), params={"beta": 1, "alpha": 1}),
                               Sample(arr(3, 5, seed=3), arr(3, 4, seed=4), arr(4, 5, seed=5),
                                      params={"beta": 0.5, "alpha": 2.0})],
              rule="d/dself = beta g, d/dmat1 = alpha g @ mat2^T, d/dmat2 = alpha mat1^T @ g")


def _addmm_apply(node, grads, m):
    """AddmmBackward0 in a plain backward (every nn.Linear's, twice a training step): the two saved
    matrices checked as ``unpack_saved`` checks them (mat1 first, as torch), the products taken as
    ``mm_grads`` takes them and a 1-D bias's gradient summed to its shape here, instead of the
    generic loops over eight saved values and three gradients. create_graph, vmap, values a
    saved-tensor hook packed, alpha or beta other than 1 and gradients that do not fit as expected
    take the general way, ``OpNode.apply``."""
    saved = node._saved
    mat1, mat2, alpha, beta = saved[0], saved[1], saved[2], saved[3]   # (None: not saved, not needed)
    if (not m.plain or alpha.__class__ is not int or alpha != 1 or beta.__class__ is not int or beta != 1
            or mat1 is not None and mat1.__class__ is not SavedVariable
            or mat2 is not None and mat2.__class__ is not SavedVariable
            or node._odtype.kind == "c"):    # complex: OpNode.apply conjugates (ops/complex_parts)
        return general_apply(node, grads, m, (mat1, mat2))
    if mat1 is not None:
        mat1 = checked_array(node, mat1)
    if mat2 is not None:
        mat2 = checked_array(node, mat2)
    (f0, _), (f1, _), (f2, _) = node.next_functions
    g = grads[0]
    ga = None if f1 is None else mat1_grad(m, g, mat2, saved[4], saved[6])
    gb = None if f2 is None else mat2_grad(m, g, mat1, saved[5], saved[7])
    meta = node._in_meta
    gs = g if f0 is not None else None
    # (numpy's dtypes are singletons: ``is`` settles the usual case without a comparison call)
    if (f1 is not None and (ga.shape != meta[1][0] or ga.dtype is not meta[1][1] and ga.dtype != meta[1][1])
            or f2 is not None and (gb.shape != meta[2][0] or gb.dtype is not meta[2][1] and gb.dtype != meta[2][1])):
        return fit_grads(node, (gs, ga, gb), m)
    if gs is not None:
        shape, dt = meta[0]
        if g.shape != shape:
            if len(shape) != 1 or g.ndim != 2 or g.shape[1] != shape[0]:
                return fit_grads(node, (g, ga, gb), m)
            # nn.Linear's bias: the batch summed away in torch's order (up to 16 rows; numpy's past that)
            gs = column_sums(g)
            if gs is None:
                gs = np.add.reduce(g, 0)
        if gs.dtype is not dt and gs.dtype != dt:
            return fit_grads(node, (g, ga, gb), m)
    return [gs, ga, gb]


ADDMM.on_node(apply=_addmm_apply, release=release_matrices)   # (saved[0], saved[1]; the other six are numbers and shapes)


# -- distances: torch.cdist (CdistBackward0) and the matrix-product form of its p = 2 (EuclideanDistBackward0) --

def _add_scalar_fwd(a, other, alpha):
    """tensor + number with torch's promotion: a float number makes an integer tensor's result the
    default float dtype; bool + bool stays bool."""
    if a.dtype.kind == "b" and isinstance(other, bool) and alpha == 1:
        return a | other
    v = other * alpha
    if a.dtype.kind not in "fc" and isinstance(v, float):
        a = a.astype(dtypes.get_default_dtype().np)
    elif a.dtype.kind == "b":
        a = a.astype(np.int64)
    return a + np.asarray(v, a.dtype)


# aten::add.Scalar, which torch's C++ composites record for ``tensor + number`` (pairwise_distance's + eps)
ADD_SCALAR = defop("add.Scalar", "AddBackward1", ("self",), _add_scalar_fwd, lambda m, g: g, promote=KEEP,
                   jvp=lambda m, t: t[0],
                   samples=lambda: [Sample(arr(3, 4), params={"other": 1e-6, "alpha": 1}),
                                    Sample(arr(5, seed=2), params={"other": -2.5, "alpha": 2})],
                   rule="d/dself = 1")


# aten::sub.Scalar: ``tensor - number`` in torch's C++ composites (cosine_embedding_loss's cos - margin)
def _sub_scalar_fwd(a, other, alpha):
    if a.dtype.kind == "b" or isinstance(other, bool):
        raise DTypeError("Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or "
                         "`logical_xor()` operator instead." if a.dtype.kind == "b" and isinstance(other, bool) else
                         "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to "
                         "invert a mask, use the `~` or `logical_not()` operator instead.")
    return _add_scalar_fwd(a, -other, alpha)


SUB_SCALAR = defop("sub.Scalar", "SubBackward1", ("self",), _sub_scalar_fwd,
                   lambda m, g: g, promote=KEEP, jvp=lambda m, t: t[0],
                   samples=lambda: [Sample(arr(3, 4), params={"other": 0.5, "alpha": 1}),
                                    Sample(arr(5, seed=2), params={"other": -2.5, "alpha": 2})],
                   rule="d/dself = 1")


def _mul_scalar_fwd(a, other):
    if a.dtype.kind not in "fc" and isinstance(other, float):
        a = a.astype(dtypes.get_default_dtype().np)
    return a * np.asarray(other, a.dtype)


# aten::mul.Scalar, what torch's C++ composites record for ``tensor * number`` (trapezoid's * dx)
MUL_SCALAR = defop("mul.Scalar", "MulBackward1", ("self",), _mul_scalar_fwd, lambda m, g, other: m.scale(g, other),
                   saves=("other",), promote=KEEP, jvp=lambda m, t, other: t[0] * other,
                   samples=lambda: [Sample(arr(3, 4), params={"other": 0.5}), Sample(arr(5, seed=2), params={"other": -2.0})],
                   rule="d/dself = other")


def _same_dtype(a, b):
    if a.dtype != b.dtype:
        raise DTypeError(f"expected scalar type {dtypes.scalar_type_name(a.dtype)} but found "
                         f"{dtypes.scalar_type_name(b.dtype)}")


def _cdist_fwd(x1, x2, p):
    """||x1_i - x2_j||_p for every row i of x1 and j of x2 (batch dims broadcast)."""
    _same_dtype(x1, x2)
    if x1.shape[-1] != x2.shape[-1]:
        raise ShapeError(f"X1 and X2 must have the same number of columns. X1: {x1.shape[-1]} X2: {x2.shape[-1]}")
    return _norm_fwd(x1[..., :, None, :] - x2[..., None, :, :], p, (-1,), False)


def _cdist_bwd(m, g, x1, x2, p, result):
    """torch's _cdist_backward, for each pair's difference; the pairs' sums over the other input's rows.
    Zero distances (and for p < 1 zero differences) give 0, with safe denominators so that double
    backward gives 0 there too."""
    if p == 0:
        return m.g_zeros(g, tuple(x1.shape)), m.g_zeros(g, tuple(x2.shape))
    gg, d = m.unsqueeze(g, -1), m.unsqueeze(result, -1)
    safe = m.where(d == 0, 1.0, d)

    def part(diff):
        if p == 1:
            return gg * m.sign(diff)
        if p == float("inf"):     # every element at the maximum gets the whole gradient (no sharing of ties)
            return gg * m.sign(diff) * m.where(m.abs(diff) == d, 1.0, 0.0)
        if p == 2:
            return m.where(d == 0, 0.0, gg * diff / safe)
        if p < 2:
            size = m.where(diff == 0, 1.0, m.abs(diff)) if p < 1 else m.abs(diff)
            out = m.where(d == 0, 0.0, m.sign(diff) * size ** (p - 1) * gg / safe ** (p - 1))
            return m.where(diff == 0, 0.0, out) if p < 1 else out
        return m.where(d == 0, 0.0, diff * m.abs(diff) ** (p - 2) * gg / safe ** (p - 1))

    # x2's gradient as torch's: the same backward with the inputs swapped (+0 where a difference is 0)
    return (m.sum(part(m.unsqueeze(x1, -2) - m.unsqueeze(x2, -3)), (-2,), False),
            m.sum(part(m.unsqueeze(x2, -3) - m.unsqueeze(x1, -2)), (-3,), False))


CDIST = defop("_cdist_forward", "CdistBackward0", ("x1", "x2"), lambda x1, x2, p, compute_mode: _cdist_fwd(x1, x2, p),
              lambda m, g, x1, x2, p, result: _cdist_bwd(m, g, x1, x2, p, result),
              saves=("x1", "x2", "p", "result"), promote=KEEP,
              samples=lambda: [Sample(arr(3, 2), arr(4, 2, seed=1), params={"p": 2.0, "compute_mode": None}),
                               Sample(arr(2, 3, 4, away_from=0.0), arr(2, 4, seed=2), params={"p": 1.0,
                                                                                              "compute_mode": None}),
                               Sample(arr(3, 2, seed=3), arr(2, 2, seed=7), params={"p": 3.0, "compute_mode": None}),
                               Sample(arr(3, 2, seed=5), arr(2, 2, seed=8), params={"p": 1.5, "compute_mode": None}),
                               Sample(arr(3, 2, seed=9), arr(2, 2, seed=20), params={"p": 0.5, "compute_mode": None})],
              jvp_note="generic: derived through double-vjp",
              rule="the p-norm's gradient at each pair's difference, summed over the other input's rows")


def _euclidean_fwd(x1, x2):
    """torch's _euclidean_dist: one matrix product of [-2 x1, |x1|^2, 1] and [x2, 1, |x2|^2], clamped at 0."""
    if x1.dtype.kind not in "fc" and x1.dtype == x2.dtype:
        raise DTypeError(f"result type Float can't be cast to the desired output type {dtypes.scalar_type_name(x1.dtype)}")
    n1, n2 = np.sum(x1 * x1, axis=-1, keepdims=True), np.sum(x2 * x2, axis=-1, keepdims=True)
    a = np.concatenate([x1 * -2, n1, np.ones_like(n1)], -1)
    b = np.concatenate([x2, np.ones_like(n2), n2], -1)
    dtype_rules.mm(a, b)
    return np.sqrt(np.maximum(np.matmul(a, np.swapaxes(b, -1, -2)), 0))


def _euclidean_bwd(m, g, x1, x2, result):
    ratio = m.where(result == 0, 0.0, g / result)
    return (x1 * m.sum(ratio, (-1,), True) - m.matmul(ratio, x2),
            x2 * m.unsqueeze(m.sum(ratio, (-2,), False), -1) - m.matmul(m.mT(ratio), x1))


EUCLIDEAN_DIST = defop("_euclidean_dist", "EuclideanDistBackward0", ("x1", "x2"), _euclidean_fwd, _euclidean_bwd,
                       saves=("x1", "x2", "result"), promote=KEEP,
                       samples=lambda: [Sample(arr(3, 2), arr(4, 2, seed=1)),
                                        Sample(arr(2, 3, 4, seed=2), arr(2, 5, 4, seed=3))],
                       jvp_note="generic: derived through double-vjp",
                       rule="x1 sum(g/d) - (g/d) x2, and the same for x2 (0 where d = 0)")
