"""Batching rules of the nn records (pooling, im2col/col2im, convolution, nll_loss, embedding,
layer norm): the batch dims are folded into the records' own batch dim N (or, for batched conv
weights, into the channel groups), so each op still runs once."""
from __future__ import annotations

import numpy as np

from ..tensor import make
from .batched import align, full, levels_of, op, phys_of, wrap


def _fold(core_in: int, core_out: int):
    """An op on (N, *core) inputs, N optional: every dim in front of the core is folded into N."""
    def rule(o, args, params, inner, lv):
        x = align(args[0], lv)
        lead = tuple(x._data.shape[:x._data.ndim - core_in])
        out = inner(o, [x.reshape((-1,) + tuple(x._data.shape[-core_in:]))], params)
        outs = out if isinstance(out, tuple) else (out,)
        back = tuple(wrap(t.reshape(lead + tuple(t._data.shape[-core_out:])), lv) for t in outs)
        return back if isinstance(out, tuple) else back[0]
    return rule


def _fold_pair(o, args, params, inner, lv):
    """The pooling backward records (grad_output, self; N, C, H, W): both folded into N, the
    indices of max pooling (one example's) repeated for every example."""
    grad, x = (full(a, lv, 4) for a in args)
    lead = tuple(x._data.shape[:len(lv)])
    p = dict(params)
    if "indices" in p:
        index = p["indices"]
        p["indices"] = np.ascontiguousarray(np.broadcast_to(index, lead + index.shape)).reshape((-1,) + index.shape[1:])
    out = inner(o, [grad.reshape((-1,) + tuple(grad._data.shape[-3:])), x.reshape((-1,) + tuple(x._data.shape[-3:]))], p)
    return wrap(out.reshape(lead + tuple(args[1].shape)), lv)


def _swap_front(t):
    """The first two dims swapped, named as records name dims (negative: a batched backward's
    cotangents have an extra dim in front)."""
    return op("transpose", t, dim0=-t._data.ndim, dim1=1 - t._data.ndim)


def _convolution(o, args, params, inner, lv):
    x, w, b = args
    spatial = w.ndim - 2
    if not levels_of(w) and (b is None or not levels_of(b)):
        px = align(x, lv)   # examples (and their own N, if any) folded into N; weight and bias as given
        lead = tuple(px._data.shape[:px._data.ndim - spatial - 1])
        out = inner(o, [px.reshape((-1,) + tuple(px._data.shape[-spatial - 1:])), w, b], params)
        return wrap(out.reshape(lead + tuple(out._data.shape[1:])), lv)
    # batched weights: the examples become channel groups of one convolution
    nb = len(lv)
    px, pw = full(x, lv, spatial + 2), full(w, lv)
    lead = tuple(px._data.shape[:nb])
    count = int(np.prod(lead))
    n, c = px._data.shape[nb], px._data.shape[nb + 1]
    px = px.reshape((count, n, c) + tuple(px._data.shape[nb + 2:]))
    px = _swap_front(px).reshape((n, count * c) + tuple(px._data.shape[3:]))
    pw = pw.reshape((count * pw._data.shape[nb],) + tuple(pw._data.shape[nb + 1:]))
    pb = None if b is None else full(b, lv).reshape((-1,))
    out = inner(o, [px, pw, pb], dict(params, groups=params["groups"] * count))
    out = out.reshape((n, count, -1) + tuple(out._data.shape[2:]))
    out = _swap_front(out)
    return wrap(out.reshape(lead + tuple(out._data.shape[1:])), lv)


def _nll_loss(o, args, params, inner, lv):
    """nll_loss_forward's two outputs: the loss and each example's total weight."""
    return _nll_value(o, args, params, inner, lv), _nll_total_weight(args, params, lv)


def _nll_total_weight(args, params, lv):
    """torch's ``total_weight``: the class weights of the targets not ignored, summed (0 for 'none' but
    of one example)."""
    x, target, weight = args
    t = full(target, lv)._data
    lead = t.shape[:len(lv)]
    dtype = phys_of(x)._data.dtype
    if params["reduction"] == 0 and x.ndim > 1:
        return wrap(make(np.zeros(lead, dtype)), lv)
    valid = (t != params["ignore_index"]).reshape(lead + (-1,))
    safe = np.where(valid, t.reshape(valid.shape), 0)
    if weight is None:
        w = np.ones(safe.shape)
    elif levels_of(weight):
        w = np.take_along_axis(full(weight, lv)._data.reshape(lead + (-1,)), safe, -1)
    else:
        w = phys_of(weight)._data[safe]
    return wrap(make(np.where(valid, w, 0).sum(-1).astype(dtype)), lv)


def _nll_value(o, args, params, inner, lv):
    """The per-element loss over the folded batch, reduced per example (a mean divides by the
    example's total weight of the targets not ignored, as torch does)."""
    x, target, weight = args
    nb = len(lv)
    if weight is not None and levels_of(weight):
        return _nll_batched_weight(o, args, params, inner, lv)
    px, pt = full(x, lv), full(target, lv)
    pw = weight if weight is None else phys_of(weight)
    lead = tuple(px._data.shape[:nb])
    p = dict(params, reduction=0)
    if x.ndim >= 2:
        px = px.reshape((-1,) + tuple(px._data.shape[nb + 1:]))
        pt = pt.reshape((-1,) + tuple(pt._data.shape[nb + 1:]))
    per = inner(o, [px, pt, pw], p)[0]
    per = wrap(per.reshape(lead + (-1,) + tuple(per._data.shape[1:])) if x.ndim >= 2 else per, lv)
    reduction = params["reduction"]
    if reduction == 0:
        return per
    total = per.sum() if per.ndim else per
    if reduction == 2:
        return total
    ones = make(np.full(tuple(px._data.shape), -1.0, px._data.dtype))
    denom = inner(o, [ones, pt, pw], p)[0]
    denom = wrap(denom.reshape(lead + (-1,) + tuple(denom._data.shape[1:])) if x.ndim >= 2 else denom, lv)
    return total / (denom.sum() if denom.ndim else denom)


def _nll_batched_weight(o, args, params, inner, lv):
    """Class weights that differ per example: the unweighted loss times each example's w[target]."""
    x, target, weight = args
    per = _nll_value(o, [x, target, None], dict(params, reduction=0), inner, lv)
    t = full(target, lv)._data
    valid = t != params["ignore_index"]
    lead = t.shape[:len(lv)]
    index = np.where(valid, t, 0).reshape(lead + (-1,))
    w = op("gather", full(weight, lv, 1), dim=-1, index=index, sparse_grad=False)
    w = wrap(op("mul", w.reshape(t.shape), make(valid.astype(w._data.dtype))), lv)
    per = per * w
    if params["reduction"] == 0:
        return per
    return per.sum() if params["reduction"] == 2 else per.sum() / w.sum()


def _embedding(o, args, params, inner, lv):
    weight, indices = args
    if not levels_of(weight):
        return wrap(inner(o, [weight, phys_of(indices)], params), lv)
    # batched weights: each example's rows are offset into one stacked table
    nb = len(lv)
    pw, pi = full(weight, lv), full(indices, lv)
    lead = tuple(pw._data.shape[:nb])
    rows = pw._data.shape[nb]
    offsets = (np.arange(int(np.prod(lead))) * rows).reshape(lead + (1,) * indices.ndim)
    table = pw.reshape((-1,) + tuple(pw._data.shape[nb + 1:]))
    p = dict(params, weight_sym_argsize_0=table._data.shape[0], padding_idx=-1)
    out = wrap(inner(o, [table, make(pi._data + offsets)], p), lv)
    if params["padding_idx"] >= 0:     # the padding row's value is used but gets no gradient
        pad = make(np.asarray(pi._data == params["padding_idx"]))
        out = wrap(op("where", phys_of(out).detach(), phys_of(out), condition=align(wrap(pad, lv), lv, out.ndim)), lv)
    return out


def _layer_norm(o, args, params, inner, lv):
    x, w, b = args
    px = align(x, lv)
    if (w is None or not levels_of(w)) and (b is None or not levels_of(b)):
        return tuple(wrap(t, lv) for t in inner(o, [px, w, b], params))
    own = levels_of(x)
    out, mean, rstd = (wrap(t, own) for t in inner(o, [phys_of(x), None, None], params))
    if w is not None:
        out = out * w
    if b is not None:
        out = out + b
    return out, mean, rstd


def _batch_norm(o, args, params, inner, lv):
    """torch's rule: each example's channels become channels of one batch norm without affine
    (input (N, B*C, ...)); weight and bias are applied after, on (B, C, N, ...), then a transpose
    gives (B, N, C, ...) (torch's graph, rounding and summation order)."""
    x, w, b = args
    nb = len(lv)
    px = full(x, lv)
    lead = tuple(px._data.shape[:nb])
    count = int(np.prod(lead))
    n, c, rest = px._data.shape[nb], px._data.shape[nb + 1], tuple(px._data.shape[nb + 2:])
    px = op("transpose", px.reshape((count, n, c) + rest), dim0=0, dim1=1).reshape((n, count * c) + rest)

    def per_channel(t):
        if t is None:
            return None
        if levels_of(t):
            return full(t, lv).reshape((-1,))
        return make(np.broadcast_to(t._data, (count, c)).reshape(-1))
    p = dict(params, running_mean=per_channel(params.get("running_mean")),
             running_var=per_channel(params.get("running_var")))
    out, mean, invstd = inner(o, [px, None, None], p)
    out = op("transpose", out, dim0=0, dim1=1).reshape(lead + (c, n) + rest)
    pad = (1,) * (1 + len(rest))
    if w is not None:
        out = out * (full(w, lv).reshape(lead + (c,) + pad) if levels_of(w) else w.reshape((c,) + pad))
    if b is not None:
        out = out + (full(b, lv).reshape(lead + (c,) + pad) if levels_of(b) else b.reshape((c,) + pad))
    return (wrap(op("transpose", out, dim0=nb, dim1=nb + 1), lv), wrap(mean.reshape(lead + (c,)), lv),
            wrap(invstd.reshape(lead + (c,)), lv))


def _group_norm(o, args, params, inner, lv):
    """Each example's groups are groups of one bigger batch: (B, N, C, ...) runs as (B*N, C, ...);
    weight and bias are applied after, as torch's rule does (its rounding and its AddBackward0)."""
    x, w, b = args
    nb = len(lv)
    px = full(x, lv)
    lead, shape = tuple(px._data.shape[:nb]), tuple(px._data.shape[nb:])
    rows = int(np.prod(lead)) * shape[0]
    out, mean, rstd = inner(o, [px.reshape((rows,) + shape[1:]), None, None], dict(params, N=rows))
    out = wrap(out.reshape(lead + shape), lv)
    mean, rstd = (wrap(t.reshape(lead + (shape[0], -1)), lv) for t in (mean, rstd))
    affine = (shape[1],) + (1,) * (len(shape) - 2)
    out = out if w is None else out * w.reshape(affine)
    out = out if b is None else out + b.reshape(affine)
    return out, mean, rstd


RULES = {"avg_pool2d": _fold(3, 3), "max_pool2d_with_indices": _fold(3, 3), "im2col": _fold(3, 2),
         "col2im": _fold(2, 3), "convolution": _convolution, "nll_loss_forward": _nll_loss,
         "nll_loss2d_forward": _nll_loss,
         "embedding": _embedding, "native_layer_norm": _layer_norm, "native_batch_norm": _batch_norm,
         "native_group_norm": _group_norm,
         "reflection_pad1d": _fold(2, 2), "replication_pad1d": _fold(2, 2), "reflection_pad2d": _fold(3, 3),
         "replication_pad2d": _fold(3, 3), "avg_pool2d_backward": _fold_pair,
         "max_pool2d_with_indices_backward": _fold_pair}

