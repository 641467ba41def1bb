"""Reductions: sum, mean, prod, var, std, max/min (with and without dim), amax/amin,
logsumexp, norm, cumsum, cumprod.

Dims are stored negative (see shape.py). ``max``/``min`` without dim and
``amax``/``amin`` share the gradient evenly among ties; ``max(dim)`` sends it
to the returned index, as torch does.
"""
from __future__ import annotations

import numpy as np

from .. import dtypes
from ..cascade_sum import GRAIN_SIZE, torch_order_sum
from ..vector_reduce import torch_order_prod
from ..errors import AutogradError, DTypeError, ShapeError
from ..fused import fma64, fma_wide
from ..nodes import OpNode
from .. import threads
from . import dtype_rules, rounded
from .registry import FLOAT, KEEP, Kink, defop
from .samples import Sample, arr
from .std_sort import quick_select_position, std_sort_order, topk_order


def _back_to_shape(m, g, shape, dims, keepdim):
    """Broadcast a reduced gradient back over the reduced dims."""
    if not keepdim and dims is not None:
        g = m.unsqueeze_dims(g, dims, len(shape))
    return m.g_expand(g, shape)


def _sum_fwd(a, dim=None, keepdim=False):
    if a.dtype.kind in "biu":
        return np.sum(a, axis=dim, keepdims=keepdim, dtype=np.int64)
    ordered = torch_order_sum(a, dim, keepdim)     # torch's rounding where torch sums rows
    return _add_reduce(a, axis=dim, keepdims=keepdim) if ordered is None else ordered


_add_reduce = np.add.reduce


def _mean_fwd(a, dim=None, keepdim=False):
    """torch's mean: the sum (in torch's order where ``cascade_sum`` knows it) divided by the count;
    torch's mean has no integer or bool kernel."""
    if a.dtype.kind not in "fc":
        raise DTypeError("mean(): could not infer output dtype. Input dtype must be either a floating point or "
                         f"complex dtype. Got: {dtypes.scalar_type_name(a.dtype)}")
    if a.dtype == np.float16:   # numpy accumulates float16 in float32; keep its path
        return np.mean(a, axis=dim, keepdims=keepdim)
    n = a.size if dim is None else _numel(a.shape, dim)
    if not n:
        return np.mean(a, axis=dim, keepdims=keepdim)
    total = torch_order_sum(a, dim, keepdim)       # torch: the sum, then one division
    return (_add_reduce(a, axis=dim, keepdims=keepdim) if total is None else total) / n


def _red_samples(shape=(3, 4), fn=arr):
    return lambda: [Sample(fn(*shape)), Sample(fn(*shape, seed=2), params={"dim": (-1,), "keepdim": False}),
                    Sample(fn(2, 3, 4, seed=3), params={"dim": (-3, -1), "keepdim": True})]


def _full_samples(fn=arr):
    return lambda: [Sample(fn(3, 4)), Sample(fn(5, seed=2)), Sample(fn(seed=4))]


SUM = defop("sum", "SumBackward0", ("self",), _sum_fwd,
            lambda m, g, self_sym_sizes: m.g_expand(g, self_sym_sizes), saves=("self_sym_sizes",),
            promote=KEEP, jvp=lambda m, t: m.sum(t[0], tuple(range(m.nb, t[0].ndim)) if m.nb else None, False),
            samples=_full_samples(), rule="1 for every element")


def _sum_apply(node, grads, m):
    """SumBackward0 of a full sum in a plain backward (``loss = (...).sum()``): its 0-d gradient filled
    into an array of the input's shape, as ``m.g_expand`` fills it, without that general path's
    reshapes and dtype resolution (a quarter of the cost). Other gradients take ``OpNode.apply``."""
    g = grads[0]
    if m.plain and g.__class__ is np.ndarray and not g.ndim:
        shape, dt = node._in_meta[0]
        if g.dtype is dt and dt.kind == "f":
            out = np.empty(shape, dt)
            out.fill(g)
            return [out]
    return OpNode.apply(node, grads, m)


SUM.on_node(apply=_sum_apply)
SUM_DIM = defop("sum.dim_IntList", "SumBackward1", ("self",), _sum_fwd,
                lambda m, g, self_sym_sizes, dim, keepdim: _back_to_shape(m, g, self_sym_sizes, dim, keepdim),
                saves=("self_sym_sizes", "dim", "keepdim"), promote=KEEP,
                jvp=lambda m, t, dim, keepdim: m.sum(t[0], dim, keepdim),
                samples=lambda: _red_samples()()[1:], rule="1 for every element of the reduced dims")


def _numel(shape, dims):
    n = 1
    for d in (range(len(shape)) if dims is None else dims):
        n *= shape[d]
    return n

def _nansum_fwd(a, dim, keepdim):
    """torch's nansum: its sum's order (``cascade_sum``) with each NaN read as +0."""
    if a.dtype == np.float32 or a.dtype == np.float64:
        total = torch_order_sum(np.where(a != a, a.dtype.type(0), a), dim, keepdim)
        if total is not None:
            return total
    return np.nansum(a, axis=dim, keepdims=keepdim, dtype=np.int64 if a.dtype.kind in "biu" else None)


NANSUM = defop("nansum", "NansumBackward0", ("self",), _nansum_fwd,
               lambda m, g, self, dim, keepdim: _back_to_shape(m, g, tuple(self.shape), dim, keepdim)
               * m.where(self != self, 0.0, 1.0),
               saves=("self", "dim", "keepdim"), promote=KEEP,
               jvp=lambda m, t, self, dim, keepdim: m.sum(m.where(self != self, 0.0, t[0]),
                                                          tuple(d - m.nb if d >= 0 else d for d in dim), keepdim),
               samples=lambda: [Sample(np.where(arr(3, 4) > 0.5, np.nan, arr(3, 4)),
                                       params={"dim": (-2, -1), "keepdim": False}),
                                Sample(arr(2, 3, 4, seed=3), params={"dim": (-3, -1), "keepdim": True})],
               rule="1 for every element that is not NaN, 0 for NaN",
               real=dtype_rules.complex_refusal(RuntimeError, "nansum on CPU does not support complex inputs"))


MEAN = defop("mean", "MeanBackward0", ("self",), lambda a, self_sym_numel: _mean_fwd(a),
             lambda m, g, self_sym_sizes, self_sym_numel: m.g_expand(g, self_sym_sizes) / max(self_sym_numel, 1),
             saves=("self_sym_sizes", "self_sym_numel"), promote=KEEP,
             jvp=lambda m, t, self_sym_numel: m.mean(t[0], tuple(range(m.nb, t[0].ndim)), False),
             samples=lambda: [Sample(arr(3, 4), params={"self_sym_numel": 12}),
                              Sample(arr(5, seed=2), params={"self_sym_numel": 5}),
                              Sample(arr(seed=4), params={"self_sym_numel": 1})],
             rule="1/N for every element")
MEAN_DIM = defop("mean.dim", "MeanBackward1", ("self",), _mean_fwd,
                 lambda m, g, self_sym_sizes, dim, keepdim:
                     _back_to_shape(m, g, self_sym_sizes, dim, keepdim) / max(_numel(self_sym_sizes, dim), 1),
                 saves=("self_sym_sizes", "dim", "keepdim"), promote=KEEP,
                 derived={"self_sym_numel": lambda node: int(np.prod(node._in_meta[0][0]))},
                 jvp=lambda m, t, dim, keepdim: m.mean(t[0], dim, keepdim),
                 samples=lambda: _red_samples()()[1:], rule="1/N over the reduced dims")


def _c(correction) -> int:
    """torch saves correction None when the call gave none (``x.var()``); it means 1."""
    return 1 if correction is None else correction


def _var_fwd(a, dim, correction, keepdim, root=False):
    """np.var's two-pass algorithm (mean, then the sum of squared deviations), without its Python layer,
    in double for float32 and float16 (torch's Welford accumulates in double: the same digits). As
    torch, the sum is divided by max(0, N - correction): inf, or nan for a constant slice, when
    nothing is left. Over every element torch's own recipe (``_spread_of_all``) gives its digits."""
    correction = _c(correction)
    n = _numel(a.shape, dim)
    if (dim is None or len(dim) == a.ndim) and n and (a.dtype == np.float32 or a.dtype == np.float64):
        value = _spread_of_all(a, n, correction, root)
        return np.full((1,) * a.ndim, value, a.dtype) if keepdim else value
    if a.dtype == np.float32 or a.dtype == np.float16:    # torch's Welford accumulates in double
        return _var_fwd(a.astype(np.float64), dim, correction, keepdim, root).astype(a.dtype)
    if a.dtype == np.float64 and 0 < n <= WELFORD_MAX and a.flags.c_contiguous:
        return _welford(a, dim, n, correction, keepdim, root)
    with np.errstate(divide="ignore", invalid="ignore"):
        d = a - _add_reduce(a, axis=dim, keepdims=True) / n
        sq = d * d if a.dtype.kind != "c" else d.real * d.real + d.imag * d.imag   # |d|^2: a real spread
        spread = _add_reduce(sq, axis=dim, keepdims=keepdim) / sq.dtype.type(max(n - correction, 0))
        return np.sqrt(spread) if root else spread


WELFORD_MAX = 2048     # reduced elements per output up to which float64's digits are torch's own (a step each)


def _welford(a, dim, n, correction, keepdim, root, with_mean=False):
    """torch's std_var kernel over some dims (None: all) of a C-contiguous tensor: Welford's update in
    double, one element after another in memory order (numpy's two-pass result differs in the last
    bit of float64's), then rounded to the input's dtype; ``with_mean``: (spread, the running mean),
    var_mean's and std_mean's two outputs."""
    axes = tuple(range(a.ndim)) if dim is None else tuple(sorted(d % a.ndim for d in dim))
    kept = tuple(a.shape[d] for d in range(a.ndim) if d not in axes)
    rows = np.moveaxis(a, axes, tuple(range(a.ndim - len(axes), a.ndim))).reshape(kept + (n,))
    mean = np.zeros(kept)
    m2 = np.zeros(kept)
    for i in range(n):
        value = rows[..., i].astype(np.float64)
        delta = value - mean
        mean = mean + delta / (i + 1.0)
        m2 = m2 + delta * (value - mean)
    with np.errstate(divide="ignore", invalid="ignore"):
        spread = m2 / np.float64(max(n - correction, 0))
        spread = np.sqrt(spread) if root else spread
    shape = tuple(1 if d in axes else a.shape[d] for d in range(a.ndim)) if keepdim else kept
    spread = np.asarray(spread, a.dtype).reshape(shape)
    return (spread, np.asarray(mean, a.dtype).reshape(shape)) if with_mean else spread


def _std_fwd(a, dim, correction, keepdim):
    return _var_fwd(a, dim, correction, keepdim, root=True)


def _spread_of_all(a, n, correction, root):
    """torch's std_var_all_cpu: the float mean taken as a double, the squared deviations summed in
    order in double, divided by max(0, N - correction), the root taken in double, then rounded."""
    mean = float(torch_order_sum(a, None, False) / a.dtype.type(n))
    deviations = np.ravel(a, order="K").astype(np.float64) - mean
    with np.errstate(divide="ignore", invalid="ignore"):
        value = np.float64(np.add.accumulate(deviations * deviations)[-1]) / np.float64(max(0.0, n - correction))
        return a.dtype.type(np.sqrt(value) if root else value)


def _var_bwd(m, g, self, dim, correction, keepdim):
    """torch's var_backward: 2 (self - mean) / (N - correction); over all dims with nothing left,
    inf where self differs from the mean and nan where it equals it."""
    shape = tuple(self.shape)
    gg = _back_to_shape(m, g, shape, dim, keepdim)
    dof = _numel(shape, dim) - _c(correction)
    if dim is None or not shape:
        if dof <= 0:
            return gg * m.where(self == m.mean(self), float("nan"), float("inf"))
        return gg * (2.0 / dof) * (self - m.mean(self))      # torch's self.mean(): MeanBackward0
    return gg * (2.0 / dof if dof else float("inf")) * (self - m.mean(self, dim, True))


VAR = defop("var", "VarBackward0", ("self",), _var_fwd, _var_bwd, saves=("self", "dim", "correction", "keepdim"),
            promote=FLOAT,
            jvp=lambda m, t, self, dim, correction, keepdim:
                m.sum(t[0] * (self - m.mean(self, dim, True)), _tail_dims(m, dim, self.ndim), keepdim)
                * (2.0 / (_numel(tuple(self.shape), dim) - _c(correction))),
            samples=lambda: [Sample(arr(3, 4), params={"dim": None, "correction": 1, "keepdim": False}),
                             Sample(arr(3, 4), params={"dim": (-1,), "correction": 0, "keepdim": True})],
            rule="2 (self - mean) / (N - correction)")


def _tail_dims(m, dim, ndim):
    """Reduction dims of an unbatched ``ndim``-d value, addressed on a batched tangent."""
    dims = range(ndim) if dim is None else [d % ndim for d in dim]
    return tuple(m.nb + d for d in dims)


def _std_bwd(m, g, self, dim, correction, keepdim, result):
    """torch's std_backward: var's gradient of g / (2 std), 0 where std is 0 (a constant slice)."""
    shape = tuple(self.shape)
    r = result if keepdim or dim is None else m.unsqueeze_dims_plain(result, dim, len(shape))
    g = g if keepdim or dim is None else m.unsqueeze_dims(g, dim, len(shape))
    return _var_bwd(m, m.where(r == 0, 0.0, g / (r * 2.0)), self, dim, correction, True)


STD = defop("std", "StdBackward0", ("self",), _std_fwd,
            _std_bwd, saves=("self", "dim", "correction", "keepdim", "result"), promote=FLOAT,
            samples=lambda: [Sample(arr(3, 4), params={"dim": None, "correction": 1, "keepdim": False}),
                             Sample(arr(3, 4), params={"dim": (-1,), "correction": 0, "keepdim": False})],
            jvp=lambda m, t, self, dim, correction, keepdim, result: m.sum(t[0] * (self - m.mean(self, dim, True)), _tail_dims(m, dim, self.ndim), keepdim) / ((_numel(tuple(self.shape), dim) - _c(correction)) * result),
            rule="(self - mean) / ((N - correction) std)")


def _moments_fwd(spread, name):
    """var_mean / std_mean: torch's Welford kernel gives both outputs (over every dim too: no
    all-reduce shortcut there); past WELFORD_MAX elements per output, the spread and the mean apart."""
    root = name == "std_mean"

    def fwd(a, dim, correction, keepdim):
        if a.dtype.kind not in "fc":
            raise DTypeError(f"{name} only support floating point and complex dtypes")
        n = _numel(a.shape, dim)
        if (a.dtype == np.float32 or a.dtype == np.float64) and 0 < n <= WELFORD_MAX and a.flags.c_contiguous:
            return _welford(a, dim, n, _c(correction), keepdim, root, with_mean=True)
        return spread(a, dim, correction, keepdim), np.asarray(_mean_fwd(a, dim, keepdim), a.dtype)
    return fwd


def _mean_part(m, g, self, dim, keepdim):
    shape = tuple(self.shape)
    return _back_to_shape(m, g, shape, dim, keepdim) / max(_numel(shape, dim), 1)


def _moments_bwd(spread_bwd):
    """torch's var_mean_backward / std_mean_backward: each output's gradient where it has one."""
    def bwd(m, g, self, dim, correction, keepdim, *result0):
        gs, gm = g
        out = None if gs is None else spread_bwd(m, gs, self, dim, correction, keepdim, *result0)
        if gm is not None:
            aux = _mean_part(m, gm, self, dim, keepdim)
            out = aux if out is None else out + aux
        return out
    return bwd


def _moments_samples():
    return [Sample(arr(3, 4), params={"dim": None, "correction": None, "keepdim": False}),
            Sample(arr(3, 4, seed=2), params={"dim": (-1,), "correction": 0, "keepdim": True}),
            Sample(arr(2, 3, 4, seed=3), params={"dim": (-3, -1), "correction": 2, "keepdim": False})]


# torch.var_mean / std_mean: one node with both outputs (VarMeanBackward0, StdMeanBackward0)
VAR_MEAN = defop("var_mean.correction", "VarMeanBackward0", ("self",), _moments_fwd(_var_fwd, "var_mean"),
                 _moments_bwd(_var_bwd), saves=("self", "dim", "correction", "keepdim"), promote=KEEP, outputs=2,
                 materialize=False,
                 samples=_moments_samples, jvp_note="generic: derived through double-vjp",
                 rule="var's gradient plus mean's (1/N), for the outputs that have one")
STD_MEAN = defop("std_mean.correction", "StdMeanBackward0", ("self",),
                 _moments_fwd(_std_fwd, "std_mean"),
                 _moments_bwd(_std_bwd), saves=("self", "dim", "correction", "keepdim", "result0"), promote=KEEP,
                 outputs=2, materialize=False, samples=_moments_samples, jvp_note="generic: derived through double-vjp",
                 rule="std's gradient plus mean's (1/N), for the outputs that have one")


def _even_share(m, g, self, result, dim, keepdim, nan_ties=False):
    """Share g evenly among the elements equal to the result (max/min/amax/amin ties). With
    ``nan_ties`` (torch's full max/min) a NaN result is matched by the NaN inputs, which get it all;
    amax/amin compare with ``==`` only, so a NaN result gives NaN gradients, as torch's do."""
    shape = tuple(self.shape)
    r = result if keepdim or dim is None else m.unsqueeze_dims_plain(result, dim, len(shape))
    mask = self == r
    if nan_ties:
        mask = mask | ((self != self) & (r != r))   # both NaN (x != x holds for NaN only)
    if nan_ties:    # torch's evenly_distribute_backward: zeros.masked_fill_(mask, g / count), +0 elsewhere
        share = g / m.sum(m.where(mask, 1.0, 0.0))
        if m.is_tensor and not m.nb:
            return m.masked_fill(m.zeros_like(self), mask, share)
        return m.where(mask, m.unsqueeze_dims(share, tuple(range(len(shape))), len(shape)) if m.nb else share, 0.0)
    count = m.sum(m.where(mask, 1.0, 0.0), None if dim is None else dim, True)
    return _back_to_shape(m, g, shape, dim, keepdim) / count * m.where(mask, 1.0, 0.0)


def _tied(extreme):
    def count(v):
        """All elements equal to the extreme, when more than one is (a single extreme is no kink)."""
        x = v["self"]
        ties = x == (v["result"] if "result" in v else extreme(x))
        return ties if np.count_nonzero(ties) > 1 else False
    return count


MAX = defop("max", "MaxBackward1", ("self",), np.max,
            lambda m, g, self, result: _even_share(m, g, self, result, None, False, nan_ties=True),
            saves=("self", "result"), promote=KEEP,
            samples=_full_samples(), jvp_note="generic: derived through double-vjp",
                                     rule="to the maximum; ties share evenly",
            kink=Kink("tied maxima share the gradient evenly", _tied(np.max)),
            real=dtype_rules.complex_kernel("max_all"))
MIN = defop("min", "MinBackward1", ("self",), np.min,
            lambda m, g, self, result: _even_share(m, g, self, result, None, False, nan_ties=True),
            saves=("self", "result"), promote=KEEP,
            samples=_full_samples(), jvp_note="generic: derived through double-vjp",
                                     rule="to the minimum; ties share evenly",
            kink=Kink("tied minima share the gradient evenly", _tied(np.min)),
            real=dtype_rules.complex_kernel("min_all"))
def _amax_samples():
    """Reductions over some dims, and over all of them (a 0-d result: forward mode's scalar path)."""
    return _red_samples()()[1:] + [Sample(arr(3, 4, seed=5), params={"dim": (-2, -1), "keepdim": False})]


AMAX = defop("amax", "AmaxBackward0", ("self",), lambda a, dim, keepdim: np.amax(a, axis=dim, keepdims=keepdim),
             lambda m, g, self, result, dim, keepdim: _even_share(m, g, self, result, dim, keepdim),
             saves=("self", "result", "dim", "keepdim"), promote=KEEP,
             samples=_amax_samples, jvp_note="generic: derived through double-vjp",
             rule="to the maxima; ties share evenly", real=dtype_rules.complex_kernel("max_values_cpu"))
AMIN = defop("amin", "AminBackward0", ("self",), lambda a, dim, keepdim: np.amin(a, axis=dim, keepdims=keepdim),
             lambda m, g, self, result, dim, keepdim: _even_share(m, g, self, result, dim, keepdim),
             saves=("self", "result", "dim", "keepdim"), promote=KEEP,
             samples=_amax_samples, jvp_note="generic: derived through double-vjp",
             rule="to the minima; ties share evenly", real=dtype_rules.complex_kernel("min_values_cpu"))


def _max_dim_fwd(pick):
    def fwd(a, dim, keepdim):
        if a.ndim == 0:      # a 0-d tensor's max over dim 0: itself, at index 0
            return a.copy(), np.zeros((), np.int64)
        idx = pick(a, axis=dim, keepdims=True)
        vals = np.take_along_axis(a, idx, dim)
        if not keepdim:
            vals, idx = np.squeeze(vals, dim), np.squeeze(idx, dim)
        return vals, idx.astype(np.int64)
    return fwd


def _max_dim_bwd(m, g, self_sym_sizes, indices, dim, keepdim):
    gv = g[0]
    shape = tuple(self_sym_sizes)
    if not shape:
        return gv
    if not keepdim:
        gv = m.unsqueeze_dims(gv, (dim,), len(shape))
        indices = m.unsqueeze_dims_plain(indices, (dim,), len(shape))
    if m.is_tensor and not m.nb:    # torch's value_selecting_reduction_backward: zeros.scatter(dim, indices, g)
        return m.scatter(m.g_zeros(gv, shape), dim, indices, gv)
    return m.where(m.one_hot_along(indices, dim, shape[dim]), m.g_expand(gv, shape), 0.0)


MAX_DIM = defop("max.dim", "MaxBackward0", ("self",), _max_dim_fwd(np.argmax), _max_dim_bwd,
                saves=("self_sym_sizes", "indices", "dim", "keepdim"), promote=KEEP, outputs=2, nondiff_outputs=(1,),
                samples=lambda: [Sample(arr(3, 4), params={"dim": -1, "keepdim": False}),
                                 Sample(arr(3, 4), params={"dim": -2, "keepdim": True})],
                jvp_note="generic: derived through double-vjp",
                rule="to the element at the returned index",
                real=dtype_rules.complex_refusal(RuntimeError, "max(): does not support complex input"))
MIN_DIM = defop("min.dim", "MinBackward0", ("self",), _max_dim_fwd(np.argmin), _max_dim_bwd,
                saves=("self_sym_sizes", "indices", "dim", "keepdim"), promote=KEEP, outputs=2, nondiff_outputs=(1,),
                samples=lambda: [Sample(arr(3, 4), params={"dim": -1, "keepdim": False})],
                jvp_note="generic: derived through double-vjp",
                rule="to the element at the returned index",
                real=dtype_rules.complex_refusal(RuntimeError, "min(): does not support complex input"))
ARGMAX = defop("argmax", "argmax", ("self",), lambda a, dim, keepdim: _arg(np.argmax, a, dim, keepdim), None,
               promote=KEEP, differentiable=False, rule="not differentiable (indices)",
               real=dtype_rules.complex_refusal(RuntimeError, "argmax(): does not support complex input"))
ARGMIN = defop("argmin", "argmin", ("self",), lambda a, dim, keepdim: _arg(np.argmin, a, dim, keepdim), None,
               promote=KEEP, differentiable=False, rule="not differentiable (indices)",
               real=dtype_rules.complex_refusal(RuntimeError, "argmin(): does not support complex input"))


def _arg(fn, a, dim, keepdim):
    if dim is None:
        r = np.asarray(fn(a), dtype=np.int64)
        return r.reshape((1,) * a.ndim) if keepdim else r
    return fn(a, axis=dim, keepdims=keepdim).astype(np.int64)


def _logsumexp_fwd(a, dim, keepdim):
    mx = np.amax(a, axis=dim, keepdims=True, initial=-np.inf)    # an empty slice's is -inf, as torch's
    mx = np.where(np.isfinite(mx), mx, 0)
    e = rounded.exp(a - mx)
    total = torch_order_sum(e, dim, True)     # torch: exp, the sum in its order, then log and + max
    out = rounded.log(np.sum(e, axis=dim, keepdims=True) if total is None else total) + mx
    return out if keepdim else np.squeeze(out, dim)


def _logsumexp_bwd(m, g, self, result, dim, keepdim):
    shape = tuple(self.shape)
    r = result if keepdim else m.unsqueeze_dims_plain(result, dim, len(shape))
    return _back_to_shape(m, g, shape, dim, keepdim) * m.exp(self - r)


LOGSUMEXP = defop("logsumexp", "LogsumexpBackward0", ("self",), _logsumexp_fwd, _logsumexp_bwd,
                  saves=("self", "result", "dim", "keepdim"), promote=FLOAT,
                  jvp=lambda m, t, self, result, dim, keepdim: m.sum(
                      t[0] * m.exp(self - (result if keepdim else m.unsqueeze_dims_plain(result, dim, self.ndim))),
                      _tail_dims(m, dim, self.ndim), keepdim),
                  samples=lambda: [Sample(arr(3, 4), params={"dim": (-1,), "keepdim": False}),
                                   Sample(arr(3, 4) * 30, params={"dim": (-2, -1), "keepdim": True})],
                  rule="softmax(self) over the reduced dims")


def _prod_bwd(m, g, self, result):
    """torch's prod_backward: result / self when no element is 0 (so an inf or nan input spreads
    as torch's does), products of the others when one is, zeros when several are (outside
    create_graph, as torch)."""
    shape = tuple(self.shape)
    if not shape:
        return g
    zeros = _zero_count(self)
    if zeros == 0:
        return m.g_expand(g, shape) * (result / self)
    if zeros > 1 and not m.is_tensor:
        return m.zeros_like(m.g_expand(g, shape))
    return _prod_grad(m, m.g_expand(g, shape), self, None)


def _zero_count(x) -> int:
    return int(np.count_nonzero(getattr(x, "_data", x) == 0))


def _prod_grad(m, g_full, self, dim):
    """g times the product of the other elements, by exclusive cumulative products (exact with zeros)."""
    shape = tuple(self.shape)
    flat = m.reshape(self, (-1,)) if dim is None else self
    d = -1 if dim is None else dim
    # product of all other elements = exclusive cumprod from the left * from the right
    left = _cumprod_exclusive(m, flat, d)
    right = m.flip(_cumprod_exclusive(m, m.flip(flat, (d,)), d), (d,))
    others = left * right
    if dim is None:
        others = m.reshape(others, shape)
    return g_full * others


def prod_np(a, axis=None, keepdims=False):
    """A product in torch's dtype: int64 for bool and signed integers, uint8 kept (it wraps, as torch's
    ``prod(dtype=torch.uint8)``; ``torch.prod`` converts uint8 to int64 first), floats kept and
    multiplied in torch's order (``vector_reduce``)."""
    kind = a.dtype.kind
    if kind == "f":
        ordered = torch_order_prod(a, axis, keepdims)
        if ordered is not None:
            return ordered
    return np.prod(a, axis=axis, keepdims=keepdims, dtype=np.int64 if kind in "bi" else a.dtype if kind == "u" else None)


PROD = defop("prod", "ProdBackward0", ("self",), prod_np, _prod_bwd, saves=("self", "result"), promote=KEEP,
             samples=lambda: [Sample(arr(3, 4)), Sample(np.array([1.5, 0.0, 2.0, -1.0]), note="a zero")],
             jvp_note="generic: derived through double-vjp",
             rule="product of the other elements")


def _prod_dim_bwd(m, g, self, result, dim, keepdim):
    shape = tuple(self.shape)
    if not shape:
        return g
    gg = m.g_expand(g if keepdim else m.unsqueeze_dims(g, (dim,), len(shape)), shape)
    if _zero_count(self) == 0:
        r = result if keepdim else m.unsqueeze_dims_plain(result, (dim,), len(shape))
        return gg * (r / self)
    return _prod_grad(m, gg, self, dim)


PROD_DIM = defop("prod.dim_int", "ProdBackward1", ("self",), lambda a, dim, keepdim: prod_np(a, dim, keepdim),
                 _prod_dim_bwd, saves=("self", "result", "dim", "keepdim"), promote=KEEP,
                 samples=lambda: [Sample(arr(3, 4), params={"dim": -1, "keepdim": False})],
                 jvp_note="generic: derived through double-vjp",
                 rule="product of the other elements along dim")


# torch's CPU scans (cumsum, cumprod) accumulate float32 in double and float16 in float32, rounding
# each output: numpy's float32 running sum drifts from torch's last digits
_SCAN_ACC = {np.dtype(np.float32): np.float64, np.dtype(np.float16): np.float32, np.dtype(np.complex64): np.complex128}


def _scan(scan, a, dim):
    acc = _SCAN_ACC.get(a.dtype)
    if acc is None:
        return scan(a, axis=dim, dtype=np.int64 if a.dtype.kind in "biu" else None)
    return scan(a, axis=dim, dtype=acc).astype(a.dtype)


def _cumsum_fwd(a, dim):
    out = _scan(np.cumsum, a, dim)
    return out.reshape(()) if a.ndim == 0 else out     # numpy makes a 0-d input 1-d; torch keeps it 0-d


CUMSUM = defop("cumsum", "CumsumBackward0", ("self",), _cumsum_fwd,
               lambda m, g, dim: g if g.ndim == m.nb else m.flip(m.cumsum(m.flip(g, (dim,)), dim), (dim,)),
               saves=("dim",), promote=KEEP,
               jvp=lambda m, t, dim: m.cumsum(t[0], dim),
               samples=lambda: [Sample(arr(3, 4), params={"dim": -1}), Sample(arr(5), params={"dim": -1})],
               rule="reversed cumulative sum of the gradient")


def _cumprod_bwd(m, g, self, result, dim):
    if g.ndim == m.nb:      # a 0-d input: its own product
        return g
    if not bool((self == 0).any()):
        return m.flip(m.cumsum(m.flip(g * result, (dim,)), dim), (dim,)) / self
    return _cumprod_exact(m, g, self, dim)


def _cumprod_exact(m, g, self, dim):
    """grad_i = sum_{k >= i} g_k prod_{j <= k, j != i} x_j, exact where some x_j is 0."""
    n = self.shape[dim]
    cols = []
    for i in range(n):
        before = m.prod_dim(m.narrow(self, dim, 0, i), dim) if i else m.ones_like(m.narrow(self, dim, 0, 1))
        col = m.g_narrow(g, dim, i, 1) * before
        if i + 1 < n:
            tail = m.cumprod(m.narrow(self, dim, i + 1, n - i - 1), dim) * before
            col = col + m.sum(m.g_narrow(g, dim, i + 1, n - i - 1) * tail, dim, True)
        cols.append(col)
    return m.cat(cols, dim)


def _cumprod_exclusive(m, x, dim):
    """[1, x0, x0 x1, ...] along ``dim``."""
    n = x.shape[dim]
    ones = m.ones_like(m.narrow(x, dim, 0, 1))
    if n == 1:
        return ones
    return m.cat([ones, m.cumprod(m.narrow(x, dim, 0, n - 1), dim)], dim)


def _cumprod_fwd(a, dim):
    out = _scan(np.cumprod, a, dim)
    return out.reshape(()) if a.ndim == 0 else out     # (as cumsum: torch keeps a 0-d input 0-d)


CUMPROD = defop("cumprod", "CumprodBackward0", ("self",), _cumprod_fwd, _cumprod_bwd,
                saves=("self", "result", "dim"), promote=KEEP,
                samples=lambda: [Sample(arr(3, 4), params={"dim": -1}),
                                 Sample(np.array([1.5, 0.0, 2.0, -1.0]), params={"dim": -1}, note="a zero")],
                jvp_note="generic: derived through double-vjp",
                rule="sum over later outputs of g * result / self")


def _two_norm_lastdim(a):
    """torch's vectorised 2-norm over a contiguous last dim: 32-byte lanes (8 floats, 4 doubles) each
    summing the squares of its column in order, the lanes added in order, then the tail as its compiled
    loop runs: float32's squares four at a time, each added in order, then the last ones (and every
    float64 one) with a fused multiply-add."""
    lanes = 32 // a.itemsize
    n = a.shape[-1]
    whole = n - n % lanes
    body = a[..., :whole].reshape(a.shape[:-1] + (whole // lanes, lanes))
    total = np.add.accumulate(np.add.reduce(body * body, axis=-2), axis=-1)[..., -1] if whole \
        else np.zeros(a.shape[:-1], a.dtype)
    d = whole
    if a.dtype == np.float32:
        for d in range(whole, n - 3, 4):
            for x in np.moveaxis(a[..., d:d + 4], -1, 0):
                total = total + x * x
        d = whole + (n - whole) // 4 * 4
    for x in np.moveaxis(a[..., d:], -1, 0):
        total = fma_wide(x, x, total) if a.dtype == np.float32 else fma64(x, x, total)
    return np.sqrt(total)


def _one_norm(a, dim, keepdim):
    """torch's 1-norm of floats: a plain reduction, each output adding its |x| one after the other (a
    whole tensor of GRAIN_SIZE elements or more in one run per thread, then the runs' sums in order)."""
    whole = dim is None or len(dim) == a.ndim
    if a.dtype.kind != "f" or not a.size or not a.flags.c_contiguous or not (
            whole or tuple(dim) in ((-1,), (a.ndim - 1,))):
        return np.sum(np.abs(a), axis=dim, keepdims=keepdim)
    rows = np.abs(a).reshape(1, -1) if whole else np.abs(a)
    if whole and rows.size >= GRAIN_SIZE and threads.count > 1:
        tasks = min(threads.count, -(-rows.size // GRAIN_SIZE))
        chunk = -(-rows.size // tasks)
        runs = [np.add.accumulate(rows[0, t * chunk:(t + 1) * chunk])[-1] for t in range(tasks)]
        out = np.add.accumulate(np.array(runs, a.dtype))[-1]
    else:
        out = np.add.accumulate(rows, axis=-1)[..., -1]
        out = out[0] if whole else out
    if keepdim:
        return np.reshape(out, (1,) * a.ndim if whole else a.shape[:-1] + (1,))
    return a.dtype.type(out) if whole else out


def _norm_fwd(a, ord, dim, keepdim):
    dtype_rules.linalg_input("vector_norm", a)
    if a.dtype == np.float16:   # torch accumulates a half norm in float and rounds the result once
        return _norm_fwd(a.astype(np.float32), ord, dim, keepdim).astype(np.float16)
    p = ord
    ax = dim
    if (p == "fro" or p == 2) and (a.dtype == np.float32 or a.dtype == np.float64) and a.size \
            and a.flags.c_contiguous and (dim is None or len(dim) == a.ndim or tuple(dim) in ((-1,), (a.ndim - 1,))):
        whole = dim is None or len(dim) == a.ndim
        out = _two_norm_lastdim(a.reshape(-1) if whole else a)
        return out.reshape((1,) * a.ndim if whole else a.shape[:-1] + (1,)) if keepdim else out
    if p == "fro" or p == 2:   # |a|^2 summed: a complex input has a real norm
        return np.sqrt(np.sum(a * a if a.dtype.kind != "c" else a.real * a.real + a.imag * a.imag, axis=ax,
                              keepdims=keepdim))
    if p == float("inf"):
        return np.amax(np.abs(a), axis=ax, keepdims=keepdim)
    if p == -float("inf"):
        return np.amin(np.abs(a), axis=ax, keepdims=keepdim)
    if p == 1:
        return _one_norm(a, ax, keepdim)
    if p == 0:
        return np.sum(a != 0, axis=ax, keepdims=keepdim).astype(a.real.dtype)
    return np.sum(np.abs(a) ** p, axis=ax, keepdims=keepdim) ** (1.0 / p)


def _norm_bwd(m, g, self, result, ord, dim, keepdim):
    p = ord
    shape = tuple(self.shape)
    r = result if keepdim or dim is None else m.unsqueeze_dims_plain(result, dim, len(shape))
    gg = _back_to_shape(m, g, shape, dim, keepdim)
    if p == 0:     # torch's norm_backward: an undefined gradient (the input's .grad stays None)
        return None
    if p == 1:
        return gg * m.sign(self)
    if (p == "fro" or p == 2) and not m.is_tensor:
        return gg * m.where(r == 0, 0.0, self / m.where(r == 0, 1.0, r))
    if p in (float("inf"), -float("inf")):    # the maxima share g; a NaN entry takes it (torch's mask)
        mask = m.where((m.abs(self) == r) | (self != self), 1.0, 0.0)
        return m.sign(self) * (gg / m.sum(mask, dim, True) * mask)
    return _norm_bwd_masked(m, gg, self, r, 2 if p == "fro" else p)


def _norm_bwd_masked(m, gg, self, r, p):
    """torch's norm_backward op for op: its masked_fill_ zeroes the values where the norm (or, p < 1,
    self) is 0, a NaN or inf gradient there included; under create_graph the division before it stays
    in the graph, so a 2-norm's second derivative at 0 is NaN as torch's."""
    def zero_where(x, mask):   # complex values keep ``where`` (gradcli differentiates no complex masked_fill)
        if m.is_tensor and not np.iscomplexobj(x._data):
            return m.masked_fill(x, mask, 0.0)
        return m.where(mask, 0.0, x)
    if p == 2:
        return gg * zero_where(self / r, r == 0)
    if p < 1:
        return m.sign(self) * zero_where(m.abs(self) ** (p - 1), self == 0) * gg * r ** (1 - p)
    scaled = m.sign(self) * m.abs(self) ** (p - 1) if p < 2 else self * m.abs(self) ** (p - 2)
    return scaled * zero_where(gg / r ** (p - 1), r == 0)


NORM = defop("linalg_vector_norm", "LinalgVectorNormBackward0", ("self",), _norm_fwd, _norm_bwd,
             saves=("self", "result", "ord", "dim", "keepdim"), promote=KEEP,
             samples=lambda: [Sample(arr(3, 4), params={"ord": 2, "dim": None, "keepdim": False}),
                              Sample(arr(3, 4, away_from=0.0), params={"ord": 1, "dim": (-1,), "keepdim": False}),
                              Sample(arr(3, 4), params={"ord": float("inf"), "dim": (-1,), "keepdim": True}),
                              Sample(arr(3, 4), params={"ord": 3, "dim": (-2,), "keepdim": False})],
             jvp_note="generic: derived through double-vjp",
             rule="p=2: self/norm; p=1: sign(self); inf: sign at the max (ties share)")


# aten::norm.ScalarOpt_dim: F.pairwise_distance's norm (NormBackward1); torch.norm and Tensor.norm go to
# linalg_vector_norm, as torch's
NORM_SCALAR_DIM = defop("norm.ScalarOpt_dim", "NormBackward1", ("self",),
                        lambda a, p, dim, keepdim: _norm_fwd(a, p, dim, keepdim),
                        lambda m, g, self, p, dim, keepdim, result: _norm_bwd(m, g, self, result, p, dim, keepdim),
                        saves=("self", "p", "dim", "keepdim", "result"), promote=KEEP,
                        samples=lambda: [Sample(arr(3, 4), params={"p": 2.0, "dim": (-1,), "keepdim": False}),
                                         Sample(arr(3, 4, away_from=0.0), params={"p": 1.0, "dim": (-1,),
                                                                                  "keepdim": True}),
                                         Sample(arr(2, 3, seed=2), params={"p": 3.0, "dim": (-2,), "keepdim": False})],
                        jvp_note="generic: derived through double-vjp",
                        rule="as linalg_vector_norm's")


def _dist_fwd(a, b, p):
    if a.dtype.kind not in "fc":
        raise DTypeError(f"norm(): input dtype should be either floating point or complex. Got "
                            f"{dtypes.scalar_type_name(a.dtype)} instead.")
    return _norm_fwd(a - b, p, None, False)


def _dist_bwd(m, g, self, other, p, result):
    """The norm's gradient at self - other (recomputed in the vocabulary): +/- for the two sides."""
    gs = _norm_bwd(m, g, self - other, result, p, None, False)
    if gs is None:      # p = 0: torch's formula negates the undefined gradient of self
        raise AutogradError("Expected a proper Tensor but got None (or an undefined Tensor in C++) for argument #0 "
                            "'self'")
    return gs, -gs


# torch.dist: torch's own node (DistBackward0), keeping self, other, p and the result
DIST = defop("dist", "DistBackward0", ("self", "other"), _dist_fwd, _dist_bwd, saves=("self", "other", "p", "result"),
             samples=lambda: [Sample(arr(3, 4), arr(4, seed=1), params={"p": 2}),
                              Sample(arr(3, 4), arr(3, 4, seed=2), params={"p": 1}, note="p = 1"),
                              Sample(arr(2, 3), arr(2, 3, seed=3), params={"p": 3.5}, note="p = 3.5")],
             jvp_note="generic: derived through double-vjp",
             rule="the norm's gradient at self - other, negated for other")


# -- sorting ------------------------------------------------------------------------------------

def _sort_order(a, dim, descending):
    """Indices that sort ``a`` along ``dim`` (stable, so ties keep their order, as torch's CPU sort)."""
    if a.ndim == 0:
        return np.zeros((), dtype=np.int64)
    key = a.astype(np.int64) if a.dtype.kind == "b" else a
    if descending:
        # stable descending: sort the reversed array ascending and undo the reversal (nan last in torch's
        # ascending order, first in its descending one)
        n = a.shape[dim]
        rev = np.flip(key, dim)
        idx = np.argsort(rev, axis=dim, kind="stable")
        idx = np.flip(idx, dim)
        idx = (n - 1) - idx
        # np.flip of a stable ascending sort of the reversed array puts equal values in original order
        return idx.astype(np.int64)
    return np.argsort(key, axis=dim, kind="stable").astype(np.int64)


def _keys(row: list, descending: bool) -> list:
    """torch's NaN-aware comparators as plain keys: NaN above every number, and equal to NaN."""
    if descending:
        return [(0, 0) if v != v else (1, -v) for v in row]
    return [(1, 0) if v != v else (0, v) for v in row]


def _has_ties(row: np.ndarray) -> bool:
    """Whether an order of ``row`` could put equal keys (NaNs count as equal) in more than one order."""
    nan = np.isnan(row).sum() if row.dtype.kind == "f" else 0
    return nan > 1 or np.unique(row).size + max(nan - 1, 0) < row.size


def _sort_order_torch(a, dim, descending, stable):
    """torch's CPU sort: std::sort of (value, index) pairs unless ``stable`` (libstdc++'s introsort, which
    reorders ties past 16 elements) or a 1-D integer ascending sort of 32768 or more (a stable radix sort)."""
    idx = _sort_order(a, dim, descending)
    n = a.shape[dim] if a.ndim else 0
    radix = a.ndim == 1 and a.dtype.kind in "iu" and not descending and n >= 32768
    if stable or n <= 16 or radix:
        return idx
    moved, out = np.moveaxis(a, dim, -1), np.moveaxis(idx, dim, -1).copy()
    for pos in np.ndindex(moved.shape[:-1]):
        if _has_ties(moved[pos]):
            out[pos] = std_sort_order(_keys(moved[pos].tolist(), descending))
    return np.moveaxis(out, -1, dim)


def _sort_fwd(a, dim, descending, stable=False):
    idx = _sort_order_torch(a, dim, descending, stable)
    if a.ndim == 0:
        return a.copy(), idx
    return np.take_along_axis(a, idx, dim), idx


def _topk_fwd(a, k, dim, largest, sorted):
    """torch's CPU topk: per slice std::partial_sort (k * 64 <= n) or std::nth_element (then std::sort of
    the first k - 1 when ``sorted``); their order differs from a stable sort's on ties, and unsorted."""
    if a.ndim == 0:
        return a.copy(), np.zeros((), dtype=np.int64)
    idx = np.take(_sort_order(a, dim, largest), np.arange(k), axis=dim)
    if k:
        moved = np.moveaxis(a, dim, -1)
        out = np.moveaxis(idx, dim, -1).copy()
        for pos in np.ndindex(moved.shape[:-1]):
            row = moved[pos]
            if not sorted and k * 64 > row.size or _has_ties(row):
                out[pos] = topk_order(_keys(row.tolist(), largest), k, sorted)
        idx = np.moveaxis(out, -1, dim)
    return np.take_along_axis(a, idx, dim), idx


def _scatter_back(m, g, self_sym_sizes, indices, dim):
    """The gradient of picking ``indices`` along ``dim``: each value goes back where it came from."""
    shape = tuple(self_sym_sizes)
    gv = g[0]
    if not shape:
        return gv
    indices = np.asarray(getattr(indices, "_data", indices))   # a saved output is a Tensor under create_graph
    index = np.broadcast_to(indices, tuple(gv.shape[:m.nb]) + indices.shape) if m.nb else indices
    return m.scatter_add(m.g_zeros(gv, shape), dim, index, gv)


SORT = defop("sort", "SortBackward0", ("self",), _sort_fwd,
             lambda m, g, self_sym_sizes, indices, dim: _scatter_back(m, g, self_sym_sizes, indices, dim),
             saves=("self_sym_sizes", "indices", "dim"), promote=KEEP, outputs=2, nondiff_outputs=(1,),
             jvp_note="generic: derived through double-vjp",
             samples=lambda: [Sample(arr(3, 4), params={"dim": -1, "descending": False}),
                              Sample(arr(3, 4, seed=2), params={"dim": -2, "descending": True}),
                              Sample(arr(5, seed=3), params={"dim": -1, "descending": True})],
             rule="each gradient goes back to the position its value came from",
             real=dtype_rules.complex_refusal(RuntimeError, " Sort does not support complex dtypes on CPU"))
TOPK = defop("topk", "TopkBackward0", ("self",), _topk_fwd,
             lambda m, g, self_sym_sizes, indices, dim: _scatter_back(m, g, self_sym_sizes, indices, dim),
             saves=("self_sym_sizes", "indices", "dim"), promote=KEEP, outputs=2, nondiff_outputs=(1,),
             jvp_note="generic: derived through double-vjp",
             samples=lambda: [Sample(arr(3, 4), params={"k": 2, "dim": -1, "largest": True, "sorted": True}),
                              Sample(arr(4, 3, seed=2), params={"k": 3, "dim": -2, "largest": False,
                                                                "sorted": True})],
             rule="the k gradients go back to the positions of the k values; zero elsewhere",
             real=dtype_rules.complex_refusal(RuntimeError, " topk does not support complex dtypes on CPU"))


# -- median / kthvalue: the value at one rank of the sorted order ------------------------------------

def _median_fwd(a):
    if a.size:
        dtype_rules.refuse_bool("median_cpu", a)
    flat = a.reshape(-1)
    if flat.size == 0:
        return np.asarray(np.nan, dtype=a.dtype)
    if a.dtype.kind == "f" and np.isnan(flat).any():
        return np.asarray(np.nan, dtype=a.dtype)      # torch's median propagates NaN (nanmedian skips it)
    return np.asarray(flat[_sort_order(flat, 0, False)[(flat.size - 1) // 2]], dtype=a.dtype)


def _median_dim_fwd(a, dim, keepdim):
    """A slice holding NaN has median NaN at its first NaN's index, as torch's."""
    dtype_rules.refuse_bool("median_out", a)
    vals, idx = _rank_dim_fwd(a, lambda n: (n - 1) // 2, dim, keepdim)
    if a.dtype.kind != "f" or a.ndim == 0 or not np.isnan(a).any():
        return vals, idx
    nan = np.isnan(a)
    has, first = nan.any(axis=dim, keepdims=keepdim), np.argmax(nan, axis=dim, keepdims=keepdim)
    return np.where(has, np.nan, vals).astype(a.dtype, copy=False), np.where(has, first, idx).astype(np.int64)


def _rank_dim_fwd(a, rank, dim, keepdim):
    """Values and indices at position ``rank`` (a function of the dim's size) of the sorted order."""
    if a.ndim == 0:
        return a.copy(), np.zeros((), dtype=np.int64)
    order = _sort_order(a, dim, False)
    idx = np.take(order, [rank(a.shape[dim])], axis=dim)
    vals = np.take_along_axis(a, idx, dim)
    if not keepdim:
        vals, idx = np.squeeze(vals, dim), np.squeeze(idx, dim)
    return vals, idx.astype(np.int64)


def _kthvalue_fwd(a, k, dim, keepdim):
    """The k-th smallest; on ties, the index torch's quick select (not a sort) leaves at rank k."""
    vals, idx = _rank_dim_fwd(a, lambda n: k - 1, dim, keepdim)
    if a.ndim == 0:
        return vals, idx
    moved, out = np.moveaxis(a, dim, -1), (np.squeeze(idx, dim) if keepdim else idx).copy()
    for pos in np.ndindex(moved.shape[:-1]):
        if _has_ties(moved[pos]):
            out[pos] = quick_select_position(_keys(moved[pos].tolist(), False), k - 1)
    return vals, (np.expand_dims(out, dim) if keepdim else out)


MEDIAN = defop("median", "MedianBackward0", ("self",), _median_fwd,
               lambda m, g, self, result: _even_share(m, g, self, result, None, False, nan_ties=True),
               saves=("self", "result"), promote=KEEP,
               samples=_full_samples(), jvp_note="generic: derived through double-vjp",
               rule="to the median; ties share evenly", real=dtype_rules.complex_kernel("median_cpu"))
MEDIAN_DIM = defop("median.dim", "MedianBackward1", ("self",),
                   _median_dim_fwd, _max_dim_bwd,
                   saves=("self_sym_sizes", "indices", "dim", "keepdim"), promote=KEEP, outputs=2,
                   nondiff_outputs=(1,),
                   samples=lambda: [Sample(arr(3, 4), params={"dim": -1, "keepdim": False}),
                                    Sample(arr(3, 5), params={"dim": -2, "keepdim": True})],
                   jvp_note="generic: derived through double-vjp",
                   rule="to the element at the returned index", real=dtype_rules.complex_kernel("median_out"))
KTHVALUE = defop("kthvalue", "KthvalueBackward0", ("self",),
                 dtype_rules.no_bool("kthvalue_cpu", _kthvalue_fwd),
                 lambda m, g, self_sym_sizes, indices, dim, keepdim: _max_dim_bwd(m, g, self_sym_sizes, indices,
                                                                                  dim, keepdim),
                 saves=("self_sym_sizes", "indices", "dim", "keepdim"), promote=KEEP, outputs=2,
                 nondiff_outputs=(1,),
                 samples=lambda: [Sample(arr(3, 4), params={"k": 2, "dim": -1, "keepdim": False})],
                 jvp_note="generic: derived through double-vjp",
                 rule="to the element at the returned index", real=dtype_rules.complex_kernel("kthvalue_cpu"))


# -- quantile's in-place view steps on its own result (torch's unsqueeze_, transpose_): their nodes -----------

def _batched(m, d):
    """A non-negative dim of an unbatched value, addressed on a batched gradient."""
    return d + m.nb if d >= 0 else d


UNSQUEEZE_INPLACE = defop("unsqueeze_", "UnsqueezeBackward1", ("self",), lambda a, dim: np.expand_dims(a, dim),
                          lambda m, g, dim: m.squeeze(g, _batched(m, dim)), saves=("dim",), promote=KEEP,
                          jvp=lambda m, t, dim: m.unsqueeze(t[0], _batched(m, dim)),
                          samples=lambda: [Sample(arr(3, 4), params={"dim": 0})], rule="squeeze the gradient back")
TRANSPOSE_INPLACE = defop("transpose_", "TransposeBackward1", ("self",),
                          lambda a, dim0, dim1: np.swapaxes(a, dim0, dim1),
                          lambda m, g, dim0, dim1: m.transpose(g, _batched(m, dim0), _batched(m, dim1)),
                          saves=("dim0", "dim1"), promote=KEEP,
                          jvp=lambda m, t, dim0, dim1: m.transpose(t[0], _batched(m, dim0), _batched(m, dim1)),
                          samples=lambda: [Sample(arr(1, 3, 2), params={"dim0": -3, "dim1": -1})],
                          rule="transpose the gradient back")


# -- cummax / cummin, logcumsumexp, mode, aminmax ---------------------------------------------------------------

def _cum_extreme_fwd(better):
    """torch's cummax/cummin scan: an element replaces the running extreme when it is NaN, or when
    neither is NaN and it is ``better`` or equal (so ties move the index to the later element)."""
    def fwd(a, dim):
        if a.ndim == 0:
            return a.copy(), np.zeros((), np.int64)
        moved = np.moveaxis(a, dim, -1)
        vals, idx = np.empty_like(moved), np.zeros(moved.shape, np.int64)
        if moved.shape[-1]:
            out, at = moved[..., 0].copy(), np.zeros(moved.shape[:-1], np.int64)
            floating = a.dtype.kind in "fc"
            for k in range(moved.shape[-1]):
                x = moved[..., k]
                take = better(x, out)
                if floating:
                    take = np.isnan(x) | (~np.isnan(out) & take)
                out, at = np.where(take, x, out), np.where(take, k, at)
                vals[..., k], idx[..., k] = out, at
        return np.moveaxis(vals, -1, dim), np.moveaxis(idx, -1, dim)
    return fwd


def _cum_extreme_bwd(m, g, self, dim, indices):
    """torch's cummaxmin_backward: each gradient goes to the element its running extreme came from."""
    return _scatter_back(m, g, tuple(self.shape), indices, dim)


def _cum_samples():
    return [Sample(arr(3, 4), params={"dim": -1}), Sample(arr(4, 3, seed=2), params={"dim": -2})]


CUMMAX = defop("cummax", "CummaxBackward0", ("self",), _cum_extreme_fwd(np.greater_equal), _cum_extreme_bwd,
               saves=("self", "dim", "indices"), promote=KEEP, outputs=2, nondiff_outputs=(1,), samples=_cum_samples,
               jvp_note="generic: derived through double-vjp", rule="to the element the running maximum came from",
               real=dtype_rules.complex_kernel("cummax_cpu"))
CUMMIN = defop("cummin", "CumminBackward0", ("self",), _cum_extreme_fwd(np.less_equal), _cum_extreme_bwd,
               saves=("self", "dim", "indices"), promote=KEEP, outputs=2, nondiff_outputs=(1,), samples=_cum_samples,
               jvp_note="generic: derived through double-vjp", rule="to the element the running minimum came from",
               real=dtype_rules.complex_kernel("cummin_cpu"))


def _logcumsumexp_fwd(a, dim):
    dtype_rules.float_only("logcumsumexp_out_cpu", a)
    return a.copy() if a.ndim == 0 else np.logaddexp.accumulate(a, axis=dim)


def _reverse_logcumsumexp(m, x, dim):
    if m.is_tensor:
        return m.flip(m.logcumsumexp(m.flip(x, (dim,)), dim), (dim,))
    return np.flip(np.logaddexp.accumulate(np.flip(x, dim), axis=dim), dim)


def _logcumsumexp_bwd(m, g, self, dim, result):
    """torch's logcumsumexp_backward: the positive and the negative parts of g, each summed in log space."""
    if not tuple(self.shape):
        return g
    lowest = float(np.finfo(getattr(self, "_data", self).dtype).min)
    log_abs = m.log(m.abs(g))
    pos = m.exp(_reverse_logcumsumexp(m, m.where(g > 0, log_abs, lowest) - result, dim) + self)
    neg = m.exp(_reverse_logcumsumexp(m, m.where(g < 0, log_abs, lowest) - result, dim) + self)
    return pos - neg


def _logcumsumexp_jvp(m, t, self, dim, result):
    """torch's logcumsumexp_jvp: cumsum(exp(self - max) t) / cumsum(exp(self - max))."""
    if not tuple(self.shape):
        return t[0]
    top = self.amax(dim, keepdim=True) if m.is_tensor else np.amax(self, axis=dim, keepdims=True)
    e = m.exp(self - top)
    return m.cumsum(e * t[0], dim) / m.cumsum(e, dim)


LOGCUMSUMEXP = defop("logcumsumexp", "LogcumsumexpBackward0", ("self",), _logcumsumexp_fwd, _logcumsumexp_bwd,
                     saves=("self", "dim", "result"), promote=KEEP, samples=_cum_samples, jvp=_logcumsumexp_jvp,
                     rule="sum over later outputs k of g_k exp(self - result_k)")


def _mode_fwd(a, dim, keepdim):
    """The most frequent value of each slice (the smallest among equally frequent ones) and, as torch's CPU
    kernel, the index its std::sort of the slice puts last among that value's occurrences (the last
    occurrence up to 16 elements, where the sort is an insertion sort)."""
    if a.ndim == 0:
        return a.copy(), np.zeros((), np.int64)
    moved = np.moveaxis(a, dim, -1)
    n = moved.shape[-1]
    vals, idx = np.empty(moved.shape[:-1], a.dtype), np.zeros(moved.shape[:-1], np.int64)
    for pos in np.ndindex(moved.shape[:-1]):
        keys = moved[pos].tolist()
        order = std_sort_order(keys)
        row, best, run = [keys[i] for i in order], 0, 0
        for i in range(n):
            run += 1
            if i == n - 1 or row[i] != row[i + 1]:
                if run > best:
                    vals[pos], idx[pos], best = row[i], order[i], run
                run = 0
    if keepdim:
        vals, idx = np.expand_dims(vals, dim), np.expand_dims(idx, dim)
    return vals, idx


MODE = defop("mode", "ModeBackward0", ("self",), _mode_fwd, _max_dim_bwd,
             saves=("self_sym_sizes", "indices", "dim", "keepdim"), promote=KEEP, outputs=2, nondiff_outputs=(1,),
             samples=lambda: [Sample(arr(2, 5, seed=3), params={"dim": -1, "keepdim": False}),
                              Sample(arr(3, 4), params={"dim": -2, "keepdim": True})],
             jvp_note="generic: derived through double-vjp", rule="to the element at the returned index",
             real=dtype_rules.complex_kernel("mode_cpu"))


def _aminmax_fwd(a, dim, keepdim):
    if a.size == 0 and dim is None:
        raise ShapeError("aminmax(): cannot compute aminmax over an empty dimension as the operation has no identity.")
    return np.amin(a, axis=dim, keepdims=keepdim), np.amax(a, axis=dim, keepdims=keepdim)


def _aminmax_bwd(m, g, self, dim, keepdim, min, max):
    """torch's aminmax_backward: each extreme's gradient shared evenly among its ties."""
    dims = None if dim is None else (dim,)
    out = None
    for grad, result in zip(g, (min, max)):
        if grad is not None:
            part = _even_share(m, grad, self, result, dims, keepdim)
            out = part if out is None else out + part
    return out


AMINMAX = defop("aminmax", "AminmaxBackward0", ("self",), _aminmax_fwd, _aminmax_bwd,
                saves=("self", "dim", "keepdim", "min", "max"), result_names=("min", "max"), promote=KEEP,
                outputs=2, materialize=False,
                samples=lambda: [Sample(arr(3, 4), params={"dim": None, "keepdim": False}),
                                 Sample(arr(3, 4, seed=2), params={"dim": -1, "keepdim": True})],
                jvp_note="generic: derived through double-vjp", rule="each extreme's gradient shared among its ties",
                real=dtype_rules.complex_kernel("aminmax_cpu"))


# -- renorm: each slice along dim scaled down to p-norm maxnorm (torch's RenormBackward0) --------------------

def _other_dims(ndim, dim):
    return tuple(d for d in range(-ndim, 0) if d != dim)


def renorm_factor(a, p, dim, maxnorm, ndim):
    """What renorm multiplies each slice along ``dim`` by: maxnorm / its p-norm where that exceeds maxnorm.
    ``ndim``: the example's rank (under vmap the array has batch dims in front, which are not reduced)."""
    dtype_rules.linalg_input("vector_norm", a)
    norm = _norm_fwd(a, p, _other_dims(ndim, dim), True)
    with np.errstate(divide="ignore", invalid="ignore"):
        factor = np.where(norm > maxnorm, a.dtype.type(maxnorm) / (norm + a.dtype.type(1e-7)), a.dtype.type(1))
    return factor.astype(a.dtype)


def _renorm_fwd(a, p, dim, maxnorm, ndim):
    return a * renorm_factor(a, p, dim, maxnorm, ndim)


def _renorm_bwd(m, g, self, p, dim, maxnorm, ndim):
    """torch's renorm_backward: factor g - factor / (norm + 1e-7) * the norm's gradient of sum(self g),
    where the slice's norm exceeds maxnorm; g elsewhere."""
    dims = _other_dims(ndim, dim)
    norm = m.norm(self, p, dims, True) if m.is_tensor else _norm_fwd(self, p, dims, True)
    invnorm = 1.0 / (norm + 1e-7)
    factor = invnorm * maxnorm
    nb = _norm_bwd(m, m.sum(self * g, dims, True), self, norm, p, dims, True)
    return m.where(norm > maxnorm, factor * g - factor * invnorm * nb, g)


RENORM = defop("renorm", "RenormBackward0", ("self",), _renorm_fwd, _renorm_bwd,
               saves=("self", "p", "dim", "maxnorm", "ndim"), internal=("ndim",), promote=KEEP,
               samples=lambda: [Sample(arr(3, 4), params={"p": 2, "dim": -2, "maxnorm": 0.5, "ndim": 2}),
                                Sample(arr(3, 4, seed=2), params={"p": 1, "dim": -1, "maxnorm": 1.0, "ndim": 2})],
               jvp_note="generic: derived through double-vjp",
               rule="slices over maxnorm: maxnorm/norm times the gradient, less its part along the norm's gradient")
