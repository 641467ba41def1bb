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
``_saved_dim`` is negative (``-1`` where torch shows ``1``); nll_loss saves
``ignore_index`` as the signed int (torch shows it as an unsigned 64-bit
number) and no ``total_weight`` (the backward recomputes it); a 3-D or
larger input goes straight to NllLoss2DBackward0 (torch adds view nodes
around it); cross_entropy with label smoothing or probability targets
multiplies by Python numbers with MulBackward0 (torch: MulBackward1) and uses ``where`` for torch's
``masked_fill_``; normalize's norm node is gradcli's NormBackward1 (torch:
LinalgVectorNormBackward0).
"""
from __future__ import annotations

import math
import warnings

import numpy as np

from .. import errors
from ..dispatch import call
from ..grad_mode import state as _mode
from ..tensor import Tensor, make
from . import pointwise as P
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
    if reduction == 1:
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.sum(loss) / loss.dtype.type(loss.size) if loss.size else np.full((), np.nan, loss.dtype)
    if reduction == 2:
        return np.sum(loss)
    return loss


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
    return tuple(np.broadcast_shapes(*(tuple(v.shape) for v in values if v is not None)))


def _pointwise_loss(name, node, loss_np, d_self, samples, rule, extra=()):
    """A loss ``reduce(l(self, target))`` with d l/d self = ``d_self`` and d l/d target = -d_self."""
    def forward(a, b, reduction, **kw):
        return _reduce_np(loss_np(a, b, **kw), reduction)

    def backward(m, g, self, target, reduction, *params):
        gs = _spread(m, g, reduction, _shape(self, target)) * d_self(m, self - target, *params)
        return gs, -gs

    def jvp(m, t, self, target, reduction, *params):
        d = d_self(m, self - target, *params)
        nd = len(_shape(self, target))
        v = None if t[0] is None else _lift(m, t[0], nd) * d
        if t[1] is not None:
            vt = _lift(m, t[1], nd) * d
            v = -vt if v is None else v - vt
        return _reduce_tangent(m, v, reduction)

    return defop(name, node, ("self", "target"), forward, backward, saves=("self", "target", "reduction") + extra,
                 jvp=jvp, promote=COMMON, samples=samples, rule=rule)


def _loss_samples(**params):
    def make_samples():
        return [Sample(arr(3, 4), arr(3, 4, seed=5), params={"reduction": 1, **params}),
                Sample(arr(5, seed=2), arr(5, seed=6), params={"reduction": 0, **params}),
                Sample(arr(2, 3, seed=3), arr(3, seed=7), params={"reduction": 2, **params}, note="broadcast")]
    return make_samples


MSE_LOSS = _pointwise_loss("mse_loss", "MseLossBackward0", lambda a, b: (a - b) * (a - b),
                           lambda m, d: 2 * d, _loss_samples(), "2 (self - target); target: the negative")


def _smooth_l1_np(a, b, beta):
    d = np.abs(a - b)
    return np.where(d < beta, 0.5 * d * d / beta, d - 0.5 * beta).astype(d.dtype, copy=False)


def _smooth_l1_d(m, d, beta):
    return m.where(d < -beta, -1.0, m.where(d > beta, 1.0, d / beta))


SMOOTH_L1_LOSS = _pointwise_loss("smooth_l1_loss", "SmoothL1LossBackward0", _smooth_l1_np, _smooth_l1_d,
                                 _loss_samples(beta=0.7), "(self - target) / beta inside |.| < beta, else its sign",
                                 extra=("beta",))


def _huber_np(a, b, delta):
    d = np.abs(a - b)
    return np.where(d < delta, 0.5 * d * d, delta * (d - 0.5 * delta)).astype(d.dtype, copy=False)


def _huber_d(m, d, delta):
    return m.where(d < -delta, -delta, m.where(d > delta, delta, d))


HUBER_LOSS = _pointwise_loss("huber_loss", "HuberLossBackward0", _huber_np, _huber_d, _loss_samples(delta=0.7),
                             "self - target clipped to [-delta, delta]", extra=("delta",))


# -- binary cross entropy ---------------------------------------------------------------------------------

_BCE_EPS = float(np.float32(1e-12))  # torch clamps with the float constant 1e-12 in every dtype


def _bce_fwd(x, t, w, reduction):
    with np.errstate(divide="ignore"):
        loss = (t - 1) * np.maximum(np.log1p(-x), -100) - t * np.maximum(np.log(x), -100)
    if w is not None:
        loss = loss * w
    return _reduce_np(loss.astype(x.dtype, copy=False), reduction)


def _bce_bwd(m, g, self, target, weight, reduction):
    gs = _spread(m, g, reduction, _shape(self, target, weight))
    if weight is not None:
        gs = gs * weight
    denom = (1 - self) * self
    return (gs * (self - target) / m.where(denom < _BCE_EPS, _BCE_EPS, denom),
            gs * (m.log1p(-self) - m.log(self)), None)


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
    "binary_cross_entropy", "BinaryCrossEntropyBackward0", ("self", "target", "weight"), _bce_fwd, _bce_bwd,
    saves=("self", "target", "weight", "reduction"), jvp=_bce_jvp, promote=COMMON,
    samples=lambda: [Sample(_probs(3, 4), _probs(3, 4, seed=5), None, params={"reduction": 1}),
                     Sample(_probs(5, seed=2), _probs(5, seed=6), arr(5, low=0.5, high=2.0, seed=7),
                            params={"reduction": 0}, grad=(0, 1)),
                     Sample(_probs(2, 3, seed=3), _probs(2, 3, seed=8), arr(3, low=0.5, high=2.0, seed=9),
                            params={"reduction": 2}, grad=(0, 1))],
    rule="w (self - target) / max(self (1 - self), 1e-12); target: w (log(1 - self) - log(self))")


def _log_sigmoid_np(x):
    return np.minimum(x, 0) - np.log1p(np.exp(-np.abs(x)))


def _bcel_fwd(x, t, w, pw, reduction):
    ls = _log_sigmoid_np(x)
    if pw is not None:
        ls = ls * ((pw - 1) * t + 1)
    loss = (1 - t) * x - ls
    if w is not None:
        loss = loss * w
    return _reduce_np(loss.astype(x.dtype, copy=False), reduction)


def _log_sigmoid(m, x):
    return m.where(x > 0, 0.0, x) - m.log1p(m.exp(-m.abs(x)))


def _bcel_d(m, self, target, pos_weight):
    """(d loss/d self, d loss/d target), unweighted and unreduced."""
    if pos_weight is None:
        return m.sigmoid(self) - target, -self
    pt = pos_weight * target
    return ((pt + 1 - target) * m.sigmoid(self) - pt,
            _log_sigmoid(m, -self) - _log_sigmoid(m, self) * pos_weight)


def _bcel_bwd(m, g, self, target, weight, pos_weight, reduction):
    gs = _spread(m, g, reduction, _shape(self, target, weight, pos_weight))
    if weight is not None:
        gs = gs * weight
    ds, dt = _bcel_d(m, self, target, pos_weight)
    return gs * ds, gs * dt, None, None


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
    ("self", "target", "weight", "pos_weight"), _bcel_fwd, _bcel_bwd,
    saves=("self", "target", "weight", "pos_weight", "reduction"), jvp=_bcel_jvp, promote=COMMON,
    samples=lambda: [Sample(arr(3, 4), _probs(3, 4, seed=5), None, None, params={"reduction": 1}),
                     Sample(arr(2, 3, seed=2), _probs(2, 3, seed=6), arr(3, low=0.5, high=2.0, seed=7),
                            arr(3, low=0.5, high=3.0, seed=8), params={"reduction": 0}, grad=(0, 1)),
                     Sample(arr(5, seed=3) * 4, _probs(5, seed=9), None, arr(5, low=0.5, high=3.0, seed=4),
                            params={"reduction": 2}, grad=(0, 1))],
    rule="w ((pw t + 1 - t) sigmoid(self) - pw t); target: w (log_sigmoid(-self) - pw log_sigmoid(self))")


# -- negative log likelihood ----------------------------------------------------------------------------------

def _class_dim(ndim: int) -> int:
    return 1 if ndim >= 2 else 0


def _nll_fwd(x, t, w, reduction, ignore_index):
    cdim = _class_dim(x.ndim)
    valid = t != ignore_index
    safe = np.where(valid, t, 0)
    picked = np.squeeze(np.take_along_axis(x, np.expand_dims(safe, cdim), cdim), cdim)
    wt = valid.astype(x.dtype) if w is None else np.where(valid, w[safe], 0).astype(x.dtype, copy=False)
    loss = -picked * wt
    if reduction == 1:
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.sum(loss) / np.sum(wt)
    return np.sum(loss) if reduction == 2 else loss


def _nll_coef(m, self, target, weight, ignore_index):
    """Each element's weight in the loss: w[target] at the target class, 0 elsewhere and where ignored."""
    shape = tuple(self.shape)
    nd, cdim = len(shape), _class_dim(len(shape))
    n_classes = shape[cdim]
    t = m.unsqueeze(target, cdim)
    mask = m.one_hot_along(t, cdim, n_classes) & (t != ignore_index)
    w = 1.0 if weight is None else m.reshape(weight, (n_classes,) + (1,) * (nd - 1 - cdim))
    return m.cast(m.where(mask, w, 0.0), self), nd, cdim


def _nll_bwd(m, g, self, target, weight, reduction, ignore_index):
    coef, nd, cdim = _nll_coef(m, self, target, weight, ignore_index)
    if reduction == 0:
        g = m.unsqueeze(g, cdim - nd)
    else:
        g = m.g_reshape(g, (1,) * nd)
        if reduction == 1:
            total = m.sum(coef)
            g = g / m.where(total == 0, 1.0, total)
    return -(coef * g), None, None


def _nll_jvp(m, t, self, target, weight, reduction, ignore_index):
    coef, nd, cdim = _nll_coef(m, self, target, weight, ignore_index)
    v = -(coef * t[0])
    if reduction == 0:
        return m.sum(v, (cdim - nd,), False)
    s = m.sum(v, tuple(range(m.nb, m.nb + nd)), False)
    return s / m.sum(coef) if reduction == 1 else s


def _nll_samples():
    return [Sample(arr(3, 4), np.array([0, 2, 3]), None, params={"reduction": 1, "ignore_index": -100}),
            Sample(arr(3, 4, seed=2), np.array([1, 0, 1]), arr(4, low=0.5, high=2.0, seed=3),
                   params={"reduction": 0, "ignore_index": 0}, grad=(0,)),
            Sample(arr(4, seed=4), np.array(2), arr(4, low=0.5, high=2.0, seed=5),
                   params={"reduction": 1, "ignore_index": -100}, grad=(0,))]


NLL_LOSS = defop("nll_loss", "NllLossBackward0", ("self", "target", "weight"), _nll_fwd, _nll_bwd,
                 saves=("self", "target", "weight", "reduction", "ignore_index"), jvp=_nll_jvp, promote=KEEP,
                 samples=_nll_samples, rule="-w[target] at the target class (/ total weight for mean), 0 elsewhere")
NLL_LOSS2D = defop("nll_loss2d", "NllLoss2DBackward0", ("self", "target", "weight"), _nll_fwd, _nll_bwd,
                   saves=("self", "target", "weight", "reduction", "ignore_index"), jvp=_nll_jvp, promote=KEEP,
                   samples=lambda: [Sample(arr(2, 3, 4), np.array([[0, 2, 1, 1], [2, 2, 0, 1]]), None,
                                           params={"reduction": 1, "ignore_index": 1}),
                                    Sample(arr(2, 3, 2, 2, seed=3), np.array([[[0, 2], [1, 1]], [[2, 2], [0, 1]]]),
                                           arr(3, low=0.5, high=2.0, seed=4),
                                           params={"reduction": 0, "ignore_index": -100}, grad=(0,))],
                   rule="nll_loss over (N, C, d1, ...): -w[target] at the target class")


# -- softmax ------------------------------------------------------------------------------------------------------

def _softmax_fwd(a, dim):
    if dim is None:
        return np.ones_like(a)
    e = np.exp(a - np.max(a, axis=dim, keepdims=True))
    return e / np.sum(e, axis=dim, keepdims=True)


def _log_softmax_fwd(a, dim):
    if dim is None:
        return np.zeros_like(a)
    s = a - np.max(a, axis=dim, keepdims=True)
    return s - np.log(np.sum(np.exp(s), axis=dim, keepdims=True))


def _softmax_bwd(m, g, result, dim):
    if dim is None:
        return g * 0.0
    return result * (g - m.sum(g * result, (dim,), True))


def _log_softmax_bwd(m, g, result, dim):
    if dim is None:
        return g * 0.0
    return g - m.exp(result) * m.sum(g, (dim,), True)


def _softmax_samples():
    return [Sample(arr(3, 4), params={"dim": -1}), Sample(arr(2, 3, 4, seed=2), params={"dim": -2}),
            Sample(arr(5, seed=3), params={"dim": -1})]


SOFTMAX = defop("_softmax", "SoftmaxBackward0", ("self",), _softmax_fwd, _softmax_bwd, saves=("result", "dim"),
                jvp=lambda m, t, result, dim: _softmax_bwd(m, t[0], result, dim), promote=KEEP,
                samples=_softmax_samples, rule="result (g - sum(g result, dim))")
LOG_SOFTMAX = defop("_log_softmax", "LogSoftmaxBackward0", ("self",), _log_softmax_fwd, _log_softmax_bwd,
                    saves=("result", "dim"), promote=KEEP,
                    jvp=lambda m, t, result, dim: None if dim is None else
                        t[0] - m.sum(m.exp(result) * t[0], (dim,), True),
                    samples=_softmax_samples, rule="g - softmax(self) sum(g, dim)")


# -- addmm (linear) -----------------------------------------------------------------------------------------------

def _addmm_bwd(m, g, mat1, mat2, alpha, beta, *sym_sizes):
    gm = g if alpha == 1 else g * alpha
    return (g if beta == 1 else g * beta), m.matmul(gm, m.mT(mat2)), m.matmul(m.mT(mat1), gm)


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


ADDMM = defop("addmm", "AddmmBackward0", ("self", "mat1", "mat2"),
              lambda s, a, b, beta, alpha: (s if beta == 1 else beta * s) + (a @ b if alpha == 1 else alpha * (a @ b)),
              _addmm_bwd, saves=("mat1", "mat2", "alpha", "beta", "mat1_sym_sizes", "mat2_sym_sizes"),
              jvp=_addmm_jvp,
              promote=COMMON,
              samples=lambda: [Sample(arr(5), arr(3, 4, seed=1), arr(4, 5, seed=2), params={"beta": 1, "alpha": 1}),
                               Sample(arr(3, 5, seed=3), arr(3, 4, seed=4), arr(4, 5, seed=5),
                                      params={"beta": 0.5, "alpha": 2.0})],
              rule="d/dself = beta g, d/dmat1 = alpha g @ mat2^T, d/dmat2 = alpha mat1^T @ g")


# -- public functions -----------------------------------------------------------------------------------------------

def _tensor_arg(x, fn: str, arg: str, pos: int) -> Tensor:
    if not isinstance(x, Tensor):
        raise TypeError(f"{fn}(): argument '{arg}' (position {pos}) must be Tensor, not {type(x).__name__}")
    return x


def _not_differentiable(fn: str, name: str, t) -> None:
    if isinstance(t, Tensor) and t._requires_grad and _mode.grad:
        raise errors.AutogradError(f"The function '{fn}' is not differentiable with respect to argument '{name}'. "
                                   "This input cannot have requires_grad True.")


def _float_kernel(input: Tensor, kernel: str) -> None:
    if input._data.dtype.kind not in "fc":
        from ..dispatch import _torch_type_name
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{_torch_type_name(input._data.dtype)}'")


def _warn_size(input: Tensor, target: Tensor) -> None:
    if target.shape != input.shape:
        warnings.warn(f"Using a target size ({target.shape}) that is different to the input size ({input.shape}). "
                      "This will likely lead to incorrect results due to broadcasting. "
                      "Please ensure they have the same size.", UserWarning, stacklevel=3)


def _expanded(input: Tensor, target: Tensor):
    """torch.broadcast_tensors(input, target), only when the shapes differ (torch's ExpandBackward0 nodes)."""
    if input.shape == target.shape:
        return input, target
    from ..functions import expand
    try:
        shape = np.broadcast_shapes(input.shape, target.shape)
    except ValueError:
        a, b = input.shape, target.shape
        for i in range(1, max(len(a), len(b)) + 1):
            x, y = (a[-i] if i <= len(a) else 1), (b[-i] if i <= len(b) else 1)
            if x != y and 1 not in (x, y):
                raise errors.ShapeError(f"The size of tensor a ({x}) must match the size of tensor b ({y}) at "
                                        f"non-singleton dimension {max(len(a), len(b)) - i}") from None
        raise
    return expand(input, shape), expand(target, shape)


def _weighted(loss, weight, red: int, mean_by_weight: bool):
    """torch's Python-side weighting of mse/l1/huber (weight has the input's size)."""
    from ..functions import mean, mul, sum
    out = mul(loss, weight)
    if red == 0:
        return out
    if red == 2:
        return sum(out)
    return sum(out) / sum(weight) if mean_by_weight else mean(out)


def _check_weight_size(weight, input) -> None:
    if weight.shape != input.shape:
        raise ValueError("Weights and input must have the same size.")


def mse_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    _tensor_arg(input, "mse_loss", "input", 1)
    _warn_size(input, target)
    red = _reduction(reduction, size_average, reduce)
    x, t = _expanded(input, target)
    if weight is not None:
        _check_weight_size(weight, input)
        from ..functions import pow, sub
        return _weighted(pow(sub(x, t), 2), weight, red, True)
    _float_kernel(x, "mse_cpu")
    return call(MSE_LOSS, (x, t), {"reduction": red})


def l1_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    """|input - target| reduced: a composite in torch too (MeanBackward0 over AbsBackward0 over SubBackward0)."""
    from ..functions import abs, mean, sub, sum
    _tensor_arg(input, "l1_loss", "input", 1)
    _warn_size(input, target)
    red = _reduction(reduction, size_average, reduce)
    x, t = _expanded(input, target)
    loss = abs(sub(x, t))
    if weight is not None:
        _check_weight_size(weight, input)
        return _weighted(loss, weight, red, True)
    return mean(loss) if red == 1 else sum(loss) if red == 2 else loss


def smooth_l1_loss(input, target, size_average=None, reduce=None, reduction="mean", beta=1.0):
    _tensor_arg(input, "smooth_l1_loss", "input", 1)
    _warn_size(input, target)
    red = _reduction(reduction, size_average, reduce)
    if beta < 0:
        raise errors.AutogradError("smooth_l1_loss does not support negative values for beta.")
    if beta == 0.0:
        return l1_loss(input, target, reduction=reduction)
    x, t = _expanded(input, target)
    _float_kernel(x, "smooth_l1_cpu")
    return call(SMOOTH_L1_LOSS, (x, t), {"reduction": red, "beta": beta})


def huber_loss(input, target, reduction="mean", delta=1.0, weight=None):
    _tensor_arg(input, "huber_loss", "input", 1)
    _warn_size(input, target)
    red = _reduction(reduction)
    if delta <= 0:
        raise errors.AutogradError("huber_loss does not support non-positive values for delta.")
    x, t = _expanded(input, target)
    _float_kernel(x, "huber_cpu")
    if weight is not None:
        _check_weight_size(weight, input)
        return _weighted(call(HUBER_LOSS, (x, t), {"reduction": 0, "delta": delta}), weight, red, False)
    return call(HUBER_LOSS, (x, t), {"reduction": red, "delta": delta})


def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None, reduction="mean"):
    _tensor_arg(input, "binary_cross_entropy", "input", 1)
    red = _reduction(reduction, size_average, reduce)
    if target.shape != input.shape:
        raise ValueError(f"Using a target size ({target.shape}) that is different to the input size "
                         f"({input.shape}) is deprecated. Please ensure they have the same size.")
    _float_kernel(input, "binary_cross_entropy")
    if target._data.dtype != input._data.dtype:
        from ..dispatch import _torch_type_name
        raise errors.AutogradError(f"Found dtype {_torch_type_name(target._data.dtype)} but expected "
                                   f"{_torch_type_name(input._data.dtype)}")
    x, t = input._data, target._data
    if not np.all((x >= 0) & (x <= 1)):
        raise errors.AutogradError("all elements of input should be between 0 and 1")
    if not np.all((t >= 0) & (t <= 1)):
        raise errors.AutogradError("all elements of target should be between 0 and 1")
    if weight is not None:
        _not_differentiable("binary_cross_entropy", "weight", weight)
        from ..functions import expand
        weight = expand(weight, input.shape)
    return call(BINARY_CROSS_ENTROPY, (input, target, weight), {"reduction": red})


def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None, reduction="mean",
                                     pos_weight=None):
    _tensor_arg(input, "binary_cross_entropy_with_logits", "input", 1)
    red = _reduction(reduction, size_average, reduce)
    if target.shape != input.shape:
        raise ValueError(f"Target size ({target.shape}) must be the same as input size ({input.shape})")
    _float_kernel(input, "binary_cross_entropy_with_logits")
    _not_differentiable("binary_cross_entropy_with_logits", "weight", weight)
    _not_differentiable("binary_cross_entropy_with_logits", "pos_weight", pos_weight)
    return call(BINARY_CROSS_ENTROPY_WITH_LOGITS, (input, target, weight, pos_weight), {"reduction": red})


def _softmax_dim(name: str, ndim: int) -> int:
    warnings.warn(f"Implicit dimension choice for {name} has been deprecated. Change the call to include dim=X "
                  "as an argument.", UserWarning, stacklevel=3)
    return 0 if ndim in (0, 1, 3) else 1


def _softmax_call(op, kernel, input, dim, dtype, name):
    from ..functions import wrap_dim
    _tensor_arg(input, name, "input", 1)
    if dim is None:
        dim = _softmax_dim(name, input.ndim)
    d = wrap_dim(dim, input.ndim)
    if dtype is not None:
        input = input.to(dtype)
    if input._data.dtype.kind not in "fc":
        _float_kernel(input, kernel + ("_lastdim" if d == -1 else "") + "_kernel_impl")
    return call(op, (input,), {"dim": d if input.ndim else None})


def softmax(input, dim=None, _stacklevel=3, dtype=None):
    return _softmax_call(SOFTMAX, "softmax", input, dim, dtype, "softmax")


def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    return _softmax_call(LOG_SOFTMAX, "log_softmax", input, dim, dtype, "log_softmax")


def softmin(input, dim=None, _stacklevel=3, dtype=None):
    """softmax(-input): SoftmaxBackward0 over NegBackward0, as torch records it."""
    from ..functions import neg
    if dim is None:
        dim = _softmax_dim("softmin", input.ndim)
    return softmax(neg(input), dim, dtype=dtype)


def _check_class_weight(input: Tensor, weight) -> None:
    n_classes = input.shape[_class_dim(input.ndim)]
    if weight is not None and weight.shape != (n_classes,):
        raise errors.AutogradError(f"weight tensor should be defined either for all {n_classes} classes or no "
                                   f"classes but got weight tensor of shape: {list(weight.shape)}")
    if weight is not None and weight._data.dtype != input._data.dtype:
        from ..dispatch import _torch_type_name
        raise errors.AutogradError(f"expected scalar type {_torch_type_name(input._data.dtype)} but found "
                                   f"{_torch_type_name(weight._data.dtype)}")


def _nll_checks(input: Tensor, target: Tensor, weight, ignore_index: int) -> None:
    if input.ndim < 1:
        raise ValueError(f"Expected 1 or more dimensions (got {input.ndim})")
    if input.ndim != 1 and input.shape[0] != (target.shape[0] if target.ndim else None):
        raise ValueError(f"Expected input batch_size ({input.shape[0]}) to match target batch_size "
                         f"({target.shape[0] if target.ndim else 0}).")
    if input.ndim <= 2 and target.ndim > 1:
        raise errors.AutogradError("0D or 1D target tensor expected, multi-target not supported")
    if input.ndim >= 3 and target.shape != input.shape[:1] + input.shape[2:]:
        raise errors.AutogradError(f"Expected target size {list(input.shape[:1] + input.shape[2:])}, got "
                                   f"{list(target.shape)}")
    if input.ndim == 1 and target.ndim != 0:
        raise errors.AutogradError(f"size mismatch (got input: {list(input.shape)}, target: {list(target.shape)})")
    _check_class_weight(input, weight)
    kind = target._data.dtype
    if kind != np.int64 and kind != np.uint8:
        from ..dispatch import _torch_type_name
        raise errors.AutogradError(f"expected target dtype to be Long or Byte, but got {_torch_type_name(kind)}")
    t = target._data
    n_classes = input.shape[_class_dim(input.ndim)]
    bad = (t != ignore_index) & ((t < 0) | (t >= n_classes))
    if bad.any():
        raise IndexError(f"Target {int(t[bad].ravel()[0])} is out of bounds.")


def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean"):
    _tensor_arg(input, "nll_loss", "input", 1)
    _tensor_arg(target, "nll_loss", "target", 2)
    red = _reduction(reduction, size_average, reduce)
    _nll_checks(input, target, weight, ignore_index)
    if weight is not None:
        _not_differentiable("nll_loss_forward", "weight", weight)
    op = NLL_LOSS2D if input.ndim >= 3 else NLL_LOSS
    return call(op, (input, target, weight), {"reduction": red, "ignore_index": int(ignore_index)})


def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
                  reduction="mean", label_smoothing=0.0):
    """log_softmax over the class dim, then nll_loss (class indices) or -sum(target log p) (probabilities)."""
    from ..functions import div, mul, neg, sum, where
    _tensor_arg(input, "cross_entropy", "input", 1)
    _tensor_arg(target, "cross_entropy", "target", 2)
    red = _reduction(reduction, size_average, reduce)
    if not 0.0 <= label_smoothing <= 1.0:
        raise errors.AutogradError(f"label_smoothing must be between 0.0 and 1.0. Got: {label_smoothing}")
    probabilities = target.shape == input.shape
    if probabilities and target._data.dtype.kind != "f":
        from ..dispatch import _torch_type_name
        raise errors.AutogradError("Expected floating point type for target with class probabilities, got "
                                   f"{_torch_type_name(target._data.dtype)}")
    if input.ndim < 1:
        raise ValueError(f"Expected 1 or more dimensions (got {input.ndim})")
    cdim = _class_dim(input.ndim)
    n_classes = input.shape[cdim]
    weight_b = None
    if weight is not None:
        _not_differentiable("nll_loss_forward", "weight", weight)
        _check_class_weight(input, weight)
        weight_b = weight.reshape((n_classes,) + (1,) * (input.ndim - 1 - cdim))
    if probabilities:
        logp = log_softmax(input, cdim)
        if label_smoothing > 0:
            target = target * (1 - label_smoothing) + label_smoothing / n_classes
        prod = mul(logp, target) if weight_b is None else mul(mul(logp, target), weight_b)
        if red == 0:
            return neg(sum(prod, cdim))
        if red == 2:
            return neg(sum(prod))
        return call(P.DIV_SCALAR, (neg(sum(prod)),), {"other": input.numel() / n_classes if input.numel() else math.nan})
    _nll_checks(input, target, weight, ignore_index)
    logp = log_softmax(input, cdim)
    nll = nll_loss(logp, target, weight, ignore_index=ignore_index, reduction=reduction)
    if label_smoothing <= 0:
        return nll
    smooth = neg(sum(logp if weight_b is None else mul(logp, weight_b), cdim))
    ignored = target._data == ignore_index
    smooth = where(make(ignored), 0.0, smooth)
    if red == 1:
        kept = target._data[~ignored]
        denom = float(np.sum(weight._data[kept])) if weight is not None else float(kept.size)
        ret = div(sum(smooth), denom)
    else:
        ret = sum(smooth) if red == 2 else smooth
    return nll * (1 - label_smoothing) + ret * (label_smoothing / n_classes)


def linear(input, weight, bias=None):
    """input @ weight^T + bias, recorded as torch records it: AddmmBackward0 (2-D input with bias),
    View/AddmmBackward0/View for other ranks with bias, and matmul's own nodes without bias."""
    from ..functions import matmul, reshape, t
    _tensor_arg(input, "linear", "input", 1)
    _tensor_arg(weight, "linear", "weight", 2)
    wt = t(weight) if weight.ndim == 2 else weight
    if bias is None:
        return matmul(input, wt)
    if input.ndim == 0 or weight.ndim != 2:
        from ..functions import add
        return add(matmul(input, wt), bias)
    out_features, in_features = weight.shape
    rows = input if input.ndim == 2 else reshape(input, -1, input.shape[-1])
    if rows.shape[1] != in_features:
        raise errors.ShapeError(f"mat1 and mat2 shapes cannot be multiplied ({rows.shape[0]}x{rows.shape[1]} and "
                                f"{in_features}x{out_features})")
    target = (rows.shape[0], out_features)
    try:
        np.broadcast_to(np.empty(bias.shape, np.bool_), target)
    except ValueError:
        existing = bias.shape[-1] if bias.ndim else 1
        raise errors.ShapeError(f"The expanded size of the tensor ({out_features}) must match the existing size "
                                f"({existing}) at non-singleton dimension 1.  Target sizes: {list(target)}.  "
                                f"Tensor sizes: {list(bias.shape)}") from None
    out = call(ADDMM, (bias, rows, wt), {"beta": 1, "alpha": 1})
    return out if input.ndim == 2 else out.view(*input.shape[:-1], out_features)


def dropout(input, p=0.5, training=True, inplace=False):
    """Zero each element with probability p and scale the rest by 1/(1-p), with gradcli's generator
    (``manual_seed``): the mask differs from torch's, the statistics do not. Identity when not training."""
    from .. import creation
    from ..functions import mul
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
    _tensor_arg(input, "dropout", "input", 1)
    if not training or p == 0:
        return input
    dt = input._data.dtype if input._data.dtype.kind in "fc" else np.float32
    if p == 1:
        mask = np.zeros(input.shape, dt)
    else:
        mask = (creation.rng().random(input.shape) < 1 - p).astype(dt) / dt.type(1 - p)
    return input.mul_(make(mask)) if inplace else mul(input, make(mask))


def torch_dropout(input, p, train):
    """``torch.dropout(input, p, train)`` (positional, as at torch's top level)."""
    return dropout(input, p, train)


def normalize(input, p=2.0, dim=1, eps=1e-12, out=None):
    """input / max(||input||_p over dim, eps), as torch composes it."""
    from ..functions import clamp_min, div, norm
    _tensor_arg(input, "normalize", "input", 1)
    denom = clamp_min(norm(input, p, dim, keepdim=True), eps).expand_as(input)
    return div(input, denom)


# -- Tensor methods ------------------------------------------------------------------------------------------------

def _softmax_method(self, dim, dtype=None):
    return softmax(self, dim, dtype=dtype)


def _log_softmax_method(self, dim, dtype=None):
    return log_softmax(self, dim, dtype=dtype)


def attach() -> None:
    """Install the Tensor methods of activation, special and this module (called once by the package)."""
    from . import activation, special
    activation.attach()
    for name, fn in {"erf": special.erf, "erf_": special.erf_, "erfc": special.erfc, "erfc_": special.erfc_,
                     "softmax": _softmax_method, "log_softmax": _log_softmax_method}.items():
        setattr(Tensor, name, fn)

