"""Batching rules: how one op runs once over a whole vmap batch, keyed by op record name.

Families: elementwise ops align the batch dims of their operands and broadcast; dim-taking ops
shift non-negative dims past the batch dims (the engine hands negative dims, which need nothing);
matmul and views have their own rules. An op without a rule runs once per example, its graph kept
(torch's batched fallback); a view without one, or one given a batched parameter, raises torch's
error.
"""
from __future__ import annotations

import math

from .. import errors, instrumentation
from ..autograd.grad_mode import mode as _mode
from ..functions import stack
from ..tensor import Tensor
from .rules_indexing import RULES as INDEXING_RULES
from .rules_nn import RULES as NN_RULES
from ..dispatch import call_inplace
from ..ops.linalg import solve_is_vector
from ..ops.adaptive_avg_pool import NAMES as ADAPTIVE_AVG_POOL
from ..ops.upsample import NAMES as UPSAMPLE
from .batched import BatchedTensor, active, align, full, levels_of, op, phys_of, physical, shift, unsqueeze, wrap

ELEMENTWISE = frozenset("""
    _prelu_kernel erf erfc sigmoid log_sigmoid_forward silu mish softplus relu hardtanh leaky_relu elu celu gelu hardsigmoid
    hardswish add add.alpha sub sub.alpha sub.const_other rsub rsub.Tensor rsub.Scalar mul div mul.const_other mul.const_self div.const_other div.Scalar
    add.Scalar mul.Scalar sinc logaddexp2 fmax fmin copysign.Tensor copysign.Scalar sgn ldexp frexp neg pow pow.Tensor_Tensor pow.Scalar exp exp2 expm1 log log2 log10 log1p sqrt rsqrt reciprocal sin cos
    tan asin acos atan sinh cosh tanh asinh acosh atanh logaddexp xlogy.Tensor xlogy.Scalar_Other
    xlogy.Scalar_Self atan2 hypot abs sign floor ceil round trunc frac round.decimals remainder.Tensor
    remainder.Scalar fmod.Tensor fmod.Scalar clamp clamp.Tensor clamp_min clamp_max clamp_min.Tensor
    clamp_max.Tensor addcmul addcdiv maximum minimum lerp lerp.Tensor
    eq ne lt le gt ge logical_and logical_or logical_xor clone _to_copy alias
    sigmoid_backward threshold_backward hardtanh_backward leaky_backward tanh_backward delayed_error
    threshold hardshrink softshrink hardshrink_backward softshrink_backward
    logical_not isnan isinf isfinite nan_to_num floor_divide bitwise_and bitwise_or bitwise_xor bitwise_not
    lgamma digamma polygamma erfinv mvlgamma angle bitwise_left_shift bitwise_right_shift
    conj conj_physical complex polar
""".split())
# ops on the trailing (matrix) dims only: the batch dims in front are numpy's broadcast batch
TRAILING = frozenset("""tril triu linalg_inv _linalg_det _linalg_slogdet constant_pad_nd linalg_cholesky_ex cholesky
    _linalg_eigh _linalg_svd linalg_qr linalg_pinv.atol_rtol_float view_as_real view_as_complex""".split())
# ops on their operands' trailing two dims whose leading dims broadcast: aligned as elementwise ones
BROADCAST_BATCHES = frozenset("_cdist_forward _euclidean_dist linalg_solve_triangular cholesky_solve".split())
DIM_OPS = frozenset("""
    sum.dim_IntList mean.dim amax amin _softmax _log_softmax nansum logsumexp cumsum cumprod prod.dim_int
    max.dim min.dim var std var_mean.correction std_mean.correction linalg_vector_norm norm.ScalarOpt_dim sort topk
    median.dim nanmedian.dim kthvalue diagonal diag_embed unsqueeze_ transpose_ cummax cummin logcumsumexp mode renorm
    glu
    _fft_c2c _fft_r2c _fft_c2r
""".split())
LOSSES = frozenset("mse_loss smooth_l1_loss huber_loss binary_cross_entropy binary_cross_entropy_with_logits".split())
RESHAPES = frozenset("view _reshape_alias _unsafe_view".split())


def _union(args) -> tuple:
    lv = set()
    for a in args:
        lv.update(levels_of(a))
    return tuple(sorted(lv))


def _elementwise(o, args, params, inner, lv):
    rank = max((a.ndim for a in args if isinstance(a, Tensor)), default=0)
    # an unbatched operand broadcasts against the batch as it is, as in torch's rule (aligning it
    # would record an unsqueeze node of its own on a captured weight's history)
    phys = [(align(a, lv, rank) if a.__class__ is BatchedTensor else a) if isinstance(a, Tensor) else a
            for a in args]
    return _wrap_all(inner(o, phys, params), lv)   # log_sigmoid: the output and its buffer


def _wrap_all(out, lv):
    return tuple(wrap(o, lv) for o in out) if isinstance(out, tuple) else wrap(out, lv)


def _trailing(o, args, params, inner, lv):
    return _wrap_all(inner(o, [align(a, lv) if isinstance(a, Tensor) else a for a in args], params), lv)


def _joined(o, args, params, inner, lv):
    """cat and stack: every operand at the full batch size, the dim shifted."""
    p = dict(params)
    p["dim"] = shift(p["dim"], len(lv))
    return wrap(inner(o, [full(a, lv) for a in args], p), lv)


def _loss(o, args, params, inner, lv):
    """A reduced loss: the elementwise loss (reduction 'none') reduced over each example's dims."""
    p = dict(params)
    reduction, p["reduction"] = p["reduction"], 0
    rank = max(a.ndim for a in args if isinstance(a, Tensor))
    out = wrap(inner(o, [full(a, lv, rank) if isinstance(a, Tensor) else a for a in args], p), lv)
    if reduction == 0 or rank == 0:
        return out
    return out.mean() if reduction == 1 else out.sum()


def _dims(o, args, params, inner, lv):
    x = args[0]
    p = dict(params or {})
    for key in ("dim", "dims", "dim1", "dim2", "dimension"):
        if key in p:
            p[key] = tuple(range(-x.ndim, 0)) if p[key] is None else shift(p[key], len(lv))
    rest = [full(a, lv) if isinstance(a, Tensor) else a for a in args[1:]]
    return _wrap_all(inner(o, [align(x, lv)] + rest, p), lv)


def _roll(o, args, params, inner, lv):
    """roll without dims rolls each example flattened."""
    if params["dims"]:
        return _dims(o, args, params, inner, lv)
    p = align(args[0], lv)
    shape = tuple(p._data.shape)
    flat = op("_unsafe_view", op("clone", p), shape=shape[:len(lv)] + (-1,))
    return wrap(op("_unsafe_view", op("roll", flat, shifts=params["shifts"], dims=(-1,)), shape=shape), lv)


def _rot90(o, args, params, inner, lv):
    return wrap(inner(o, [align(args[0], lv)], {"turns": params["turns"], "plane": shift(params["plane"], len(lv))}), lv)


def _all_reduce(name, dim_tuple: bool = True, first: bool = False):
    """A reduction over all of an example's dims: its dim form over the flattened example (sum and
    mean, which take several dims, over all the example's dims at once)."""
    def rule(o, args, params, inner, lv):
        if name in ("sum.dim_IntList", "mean.dim") and args[0].ndim and args[0]._data.dtype.kind in "fc":
            return wrap(op(name, align(args[0], lv), dim=tuple(range(-args[0].ndim, 0)), keepdim=False), lv)
        p = align(args[0], lv)
        p = op("_unsafe_view", op("clone", p), shape=tuple(p._data.shape[:len(lv)]) + (-1,))
        out = op(name, p, dim=(-1,) if dim_tuple else -1, keepdim=False)
        return wrap(out[0] if first else out, lv)
    return rule


def _matmul(o, args, params, inner, lv):
    """mm, mv, dot, matmul, bmm: numpy-style batched matmul over the physical tensors."""
    a, b = args[0], args[1]
    if o.name == "dot" and len(lv) == 1 and (a.__class__ is BatchedTensor) != (b.__class__ is BatchedTensor):
        # torch's dot_batch_rule, matmul(A, B.t()) with the batch in front: an mv when A is the batched
        # vector (MvBackward0), else a row times a matrix, squeezed in place (SqueezeBackward4)
        if a.__class__ is BatchedTensor:
            return wrap(op("mv", align(a, lv), b), lv)
        row = op("mm", op("unsqueeze", a, dim=-2), op("t", align(b, lv)))    # (dims negative: batch-safe)
        return wrap(op("squeeze_.dim", row, dim=-2), lv)
    ra, rb = max(a.ndim, 2), max(b.ndim, 2)
    pa, pb = align(a, lv), align(b, lv)
    if a.ndim == 1:
        pa = op("unsqueeze", pa, dim=-2)
    if b.ndim == 1:
        pb = op("unsqueeze", pb, dim=-1)
    rank = max(ra, rb)
    for _ in range(rank - ra):
        pa = unsqueeze(pa, len(lv))
    for _ in range(rank - rb):
        pb = unsqueeze(pb, len(lv))
    out = op("matmul", pa, pb)
    if b.ndim == 1:
        out = op("squeeze.dim", out, dim=-1)
    if a.ndim == 1:
        out = op("squeeze.dim", out, dim=-1 if b.ndim == 1 else -2)
    return wrap(out, lv)


def _addmm(o, args, params, inner, lv):
    s, a, b = (wrap(align(t, lv), lv) if isinstance(t, BatchedTensor) else t for t in args)
    p = params or {}
    beta, alpha = p.get("beta", 1), p.get("alpha", 1)
    prod = a @ b
    prod = prod * alpha if alpha != 1 else prod
    return prod if beta == 0 else (s * beta if beta != 1 else s) + prod     # beta = 0 ignores self (nan too)


def _baddbmm(o, args, params, inner, lv):
    """baddbmm per example: one physical matmul over the batch dims and the batches, then addmm's sum."""
    s, b1, b2 = args
    prod = wrap(op("matmul", align(b1, lv, 3), align(b2, lv, 3)), lv)
    beta, alpha = params["beta"], params["alpha"]
    prod = prod * alpha if alpha != 1 else prod
    return prod if beta == 0 else (s * beta if beta != 1 else s) + prod


def _reshape(o, args, params, inner, lv):
    p = align(args[0], lv)
    return wrap(inner(o, [p], {"shape": tuple(p._data.shape[:len(lv)]) + tuple(params["shape"])}), lv)


def _unsqueeze(o, args, params, inner, lv):
    return wrap(inner(o, [align(args[0], lv)], {"dim": shift(params["dim"], len(lv))}), lv)


def _t(o, args, params, inner, lv):
    p = align(args[0], lv)
    if args[0].ndim < 2:
        return wrap(op("alias", p), lv)
    return wrap(op("transpose", p, dim0=-2, dim1=-1), lv)


def _transpose(o, args, params, inner, lv):
    n, nb = args[0].ndim, len(lv)
    d0, d1 = (d % n - n if n else d for d in (params["dim0"], params["dim1"]))
    return wrap(inner(o, [align(args[0], lv)], {"dim0": shift(d0, nb), "dim1": shift(d1, nb)}), lv)


def _permute(o, args, params, inner, lv):
    n, nb = args[0].ndim, len(lv)
    dims = tuple(range(nb)) + tuple(nb + d % n for d in params["dims"])
    return wrap(inner(o, [align(args[0], lv)], {"dims": dims}), lv)


def _expand(o, args, params, inner, lv):
    size = tuple(params["size"])
    p = align(args[0], lv, len(size))
    lead = tuple(p._data.shape[:len(lv)])
    size = tuple(p._data.shape[len(lv) + i] if s == -1 else s for i, s in enumerate(size))
    return wrap(inner(o, [p], {"size": lead + size}), lv)


def _arg_reduce(o, args, params, inner, lv):
    """argmax/argmin: over the flattened example when ``dim`` is None."""
    if params["dim"] is not None:
        return _dims(o, args, params, inner, lv)
    p = full(args[0], lv)
    lead = tuple(p._data.shape[:len(lv)])
    out = inner(o, [p.reshape(lead + (-1,))], {"dim": -1, "keepdim": False})
    return wrap(out.reshape(lead + (1,) * args[0].ndim) if params["keepdim"] else out, lv)


def _trace(o, args, params, inner, lv):
    d = op("diagonal", align(args[0], lv), offset=0, dim1=-2, dim2=-1)
    return wrap(op("sum.dim_IntList", d, dim=(-1,), keepdim=False), lv)


def _diag(o, args, params, inner, lv):
    """torch.diag: the diagonal of a matrix, or the matrix of a vector."""
    p, k = align(args[0], lv), params["diagonal"]
    if args[0].ndim == 2:
        return wrap(op("clone", op("diagonal", p, offset=k, dim1=-2, dim2=-1)), lv)
    return wrap(op("diag_embed", p, offset=k, dim1=-2, dim2=-1), lv)


def _squeeze(o, args, params, inner, lv):
    """squeeze(): a view to the shape without the example's size-1 dims (torch's rule: ViewBackward0)."""
    p, nb = align(args[0], lv), len(lv)
    shape = tuple(p._data.shape[:nb]) + tuple(n for n in args[0].shape if n != 1)
    return wrap(p if shape == tuple(p._data.shape) else op("view", p, shape=shape), lv)


def _squeeze_dims(o, args, params, inner, lv):
    """squeeze(dim) and squeeze(dims) run as squeeze.dims, as torch's rule (SqueezeBackward2)."""
    dims = params["dim"] if isinstance(params["dim"], tuple) else (params["dim"],)
    x = args[0]
    if x.ndim == 0:      # nothing to squeeze (its dims name the example's own dims only)
        return x
    return wrap(op("squeeze.dims", align(x, lv), dim=tuple(d % max(x.ndim, 1) - x.ndim for d in dims)), lv)


def _repeat(o, args, params, inner, lv):
    repeats = tuple(params["repeats"])
    return wrap(inner(o, [align(args[0], lv, len(repeats))], {"repeats": (1,) * len(lv) + repeats}), lv)


def _solve(o, args, params, inner, lv):
    """linalg.solve, per example: B is a vector by torch's rule on the examples' shapes; a batched
    vector then becomes a batch of columns, so that the physical shapes follow the same rule."""
    a, b = args
    vector = solve_is_vector(a.shape, b.shape)
    b = b.unsqueeze(-1) if vector else b
    rank = max(a.ndim, b.ndim)
    pa, pb = align(a, lv, rank), align(b, lv, rank)
    out = inner(o, [pa, pb], params)
    x = out[0][..., 0] if vector else out[0]
    return (wrap(x, lv),) + tuple(wrap(t, lv) for t in out[1:])


def _dist(o, args, params, inner, lv):
    """torch.dist per example: the norm of the difference over each example's dims."""
    a, b = args
    rank = max(a.ndim, b.ndim)
    diff = op("sub", align(a, lv, rank), align(b, lv, rank))
    return wrap(op("linalg_vector_norm", diff, ord=params["p"], dim=tuple(range(-rank, 0)), keepdim=False), lv)


def _aminmax(o, args, params, inner, lv):
    """aminmax over one dim (shifted), or over each example's dims at once (flattened to one)."""
    if params["dim"] is not None:
        return _dims(o, args, params, inner, lv)
    x = align(args[0], lv)
    flat = op("_unsafe_view", op("clone", x), shape=tuple(x._data.shape[:len(lv)]) + (-1,))
    out = op("aminmax", flat, dim=-1, keepdim=False)
    if params["keepdim"]:
        out = tuple(op("_unsafe_view", t, shape=tuple(t._data.shape) + (1,) * args[0].ndim) for t in out)
    return tuple(wrap(t, lv) for t in out)


def _as_strided(o, args, params, inner, lv):
    """A chain of views replayed through their own batching rules."""
    x = args[0]
    for step, p, i in params["steps"]:
        x = RULES[step.name](step, [x], p, inner, lv)
        x = x[i] if isinstance(x, tuple) else x
    return x


RULES = {name: _elementwise for name in ELEMENTWISE | BROADCAST_BATCHES}
RULES.update({name: _dims for name in DIM_OPS | {"select", "slice", "unbind", "split", "unfold",
                                                 "split.Tensor", "flip", "index_select", "gather"}
              if name not in ("gather",)})
RULES.update({name: _trailing for name in TRAILING | set(UPSAMPLE) | set(ADAPTIVE_AVG_POOL)})
RULES.update({name: _loss for name in LOSSES})
RULES.update({"cat.2": _joined, "stack.2": _joined, "max": _all_reduce("amax"), "min": _all_reduce("amin"),
              "prod": _all_reduce("prod.dim_int", False), "median": _all_reduce("median.dim", False, True),
              "nanmedian": _all_reduce("nanmedian.dim", False, True)})
RULES.update({"sum": _all_reduce("sum.dim_IntList"), "mean": _all_reduce("mean.dim"),
              "mm": _matmul, "mv": _matmul, "dot": _matmul, "vdot": _matmul, "matmul": _matmul, "bmm": _matmul, "addmm": _addmm,
              "baddbmm": _baddbmm, "addmv": _addmm,
              "unsqueeze": _unsqueeze, "t": _t, "transpose": _transpose, "permute": _permute, "expand": _expand})
RULES.update({name: _reshape for name in RESHAPES})
RULES.update({name: _elementwise for name in ("leaky_relu_", "elu_", "celu_", "threshold_", "zero_", "fill_")})
RULES["copy_"] = lambda o, args, params, inner, lv: wrap(inner(o, [full(args[0], lv), align(args[1], lv, args[0].ndim)],
                                                               params), lv)
RULES.update(INDEXING_RULES)
RULES["_index_put_impl_"] = RULES["index_put"]
RULES.update(NN_RULES)
RULES.update({"argmax": _arg_reduce, "argmin": _arg_reduce, "trace": _trace, "diagonal_copy": _diag,
              "squeeze": _squeeze, "squeeze.dim": _squeeze_dims, "squeeze.dims": _squeeze_dims, "repeat": _repeat, "_linalg_solve_ex": _solve, "dist": _dist, "as_strided": _as_strided,
              "aminmax": _aminmax, "roll": _roll, "rot90": _rot90})
RULES["squeeze_.dim"] = lambda o, args, params, inner, lv: _squeeze_inplace(args[0], params)
RULES.update({"t_": _t, "squeeze_": _squeeze, "squeeze_.dims": _dims})   # Tensor.t_() etc. on a batched tensor


def _squeeze_inplace(t, params):
    """matmul's own ``squeeze_`` of its mm result: only the wrapper's metadata changes."""
    new = op("squeeze.dim", t._phys, dim=shift(params["dim"], len(t._lv)))
    t._phys, t._data, t._grad_fn = new, new._data, new._grad_fn
    return t


INPLACE_INTO_UNBATCHED = (
    "vmap: inplace arithmetic(self, *extra_args) is not possible because there exists a Tensor `other` in "
    "extra_args that has more elements than `self`. This happened due to `other` being vmapped over but `self` "
    "not being vmapped over in a vmap. Please try to use out-of-place operators instead of inplace arithmetic. "
    "If said operator is being called inside the PyTorch framework, please file a bug report instead.")


def _inplace(o, args, params):
    """An in-place op on a batched tensor writes into its physical tensor through the op's rule.
    Writing a batched value into a tensor not batched at every level (a captured tensor) cannot
    be done: torch's errors."""
    self, operands = args[0], list(args[1:])
    if _mode().grad and self._requires_grad and self.__class__ is not BatchedTensor:   # torch's checks come first
        if self._base is not None and self._base._grad_fn is None:
            raise errors.GraphError(errors.VIEW_OF_LEAF_INPLACE)
        if self._grad_fn is None:
            raise errors.GraphError(errors.LEAF_INPLACE)
    lv = _union(args)
    own = levels_of(self)
    if own != lv:
        if o.name == "copy_":
            raise RuntimeError(INPLACE_INTO_UNBATCHED)
        sizes = dict(active)
        raise RuntimeError(f"output with shape {list(self.shape)} doesn't match the broadcast shape "
                           f"{[sizes[level] for level in lv if level not in own] + list(self.shape)}")
    rule = RULES.get(o.name)
    if rule is None:
        raise RuntimeError(f"Batching rule not implemented for aten::{o.name.split('.')[0]}_. We could not "
                           f"generate a fallback.")
    target = self._phys

    def write(op_, phys, p):
        return call_inplace(op_, target, tuple(phys), p)
    rule(o, operands, params, write, lv)
    self._grad_fn, self._output_nr, self._requires_grad = target._grad_fn, target._output_nr, target._requires_grad
    return self


def _per_example(o, args, params, inner, lv):
    """torch's batched fallback for an op without a rule (linalg_cross, matrix_exp, pdist...): the
    op once per example, its graph kept, the results stacked."""
    for v in (params or {}).values():      # a batched parameter would be read whole by every example
        if v.__class__ is BatchedTensor or isinstance(v, (tuple, list)) and any(x.__class__ is BatchedTensor
                                                                                for x in v):
            raise RuntimeError(f"Batching rule not implemented for aten::{o.name.split('.')[0]}. We could not "
                               f"generate a fallback.")
    sizes = tuple(dict(active)[level] for level in lv)
    n = math.prod(sizes)
    flat = [full(a, lv).reshape((n,) + tuple(a.shape)) if a.__class__ is BatchedTensor else a for a in args]
    outs = [inner(o, [f[i] if a.__class__ is BatchedTensor else f for a, f in zip(args, flat)], params)
            for i in range(n)]

    def joined(items):
        out = stack(items)
        return wrap(out.reshape(sizes + tuple(out.shape[1:])), lv)
    if isinstance(outs[0], tuple):
        return tuple(joined([r[k] for r in outs]) for k in range(len(outs[0])))
    return joined(outs)


def _arity_rule(name: str):
    """cat.N and stack.N are made per arity on first use; all share the joining rule."""
    family, _, arity = name.partition(".")
    return _joined if family in ("cat", "stack") and arity.isdigit() else None


# ops whose output size depends on the values: torch's vmap refuses them by name
_DYNAMIC_SHAPE = frozenset({"_unique2", "unique_dim", "unique_consecutive"})


def batching_hook(o, args, params, inner):
    """The instrumentation hook: apply the op's rule when an argument is batched."""
    lv = None
    for a in args:
        if a.__class__ is BatchedTensor:
            if lv is None:
                lv = a._lv
            elif a._lv != lv:
                lv = _union(args)
                break
    if o.name == "where" and params["condition"].__class__ is BatchedTensor:   # a parameter, batched too
        lv = _union(list(args) + [params["condition"]])
    if lv is None:
        return NotImplemented
    name = o.name
    if name == "squeeze_.dim":
        return _squeeze_inplace(args[0], params)
    if inner is None:
        return _inplace(o, args, params)
    rule = RULES.get(name) or _arity_rule(name)
    if rule is None and name in _DYNAMIC_SHAPE:
        raise RuntimeError(f"vmap: We do not support batching operators that can output dynamic shape. Attempted "
                           f"to vmap over aten::{name}. Please file an issue at "
                           f"https://github.com/pytorch/pytorch/issues if you need this feature.")
    if rule is None and o.view:
        raise RuntimeError(f"Batching rule not implemented for aten::{name.split('.')[0]}. We could not generate "
                           f"a fallback.")
    rule = rule or _per_example
    if instrumentation.forward_ad or instrumentation._profilers:
        inner = physical
    return rule(o, list(args), params, inner, lv)


__all__ = ["RULES", "batching_hook", "phys_of"]
