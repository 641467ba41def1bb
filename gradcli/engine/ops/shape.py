"""Shape ops. Views (view, reshape when possible, t, transpose, permute, expand, squeeze,
unsqueeze, select, slice, diagonal, unbind, split) share storage and version with
their base; the rest (cat, stack, flip, roll, repeat, clone) copy.

View parameters use negative dims so that a replay on a batched gradient
addresses the same trailing dims.
"""
from __future__ import annotations

import math

import numpy as np

from .. import instrumentation as _inst
from ..dims import wrap_dim
from ..errors import ShapeError
from ..nodes import OpNode, as_uint64
from ..dispatch import call
from .registry import KEEP, OPS, defop
from .samples import Sample, arr
from ..public import public
from ..tensor import Tensor


def _view_op(name, node, fwd, bwd, saves=(), samples=None, rule="", outputs=1, jvp=None, jvp_note="", internal=()):
    return defop(name, node, ("self",), fwd, bwd, saves=saves, promote=KEEP, view=True, outputs=outputs,
                 jvp=jvp, jvp_note=jvp_note, samples=samples, rule=rule, internal=internal)


def _reshape_view(a, shape):
    try:
        return np.reshape(a, shape, copy=False)
    except ValueError:
        raise ViewError(
            "view size is not compatible with input tensor's size and stride (at least one dimension spans "
            "across two contiguous subspaces). Use .reshape(...) instead.") from None


class ViewError(RuntimeError):
    """A view that would need a copy (the wrapper turns it into torch's ShapeError)."""


VIEW = _view_op("view", "ViewBackward0", _reshape_view,
                lambda m, g, self_sym_sizes, shape: m.g_reshape(g, self_sym_sizes), saves=("self_sym_sizes", "shape"),
                internal=("shape",), jvp=lambda m, t, self_sym_sizes, shape: m.g_reshape(t[0], shape),
                samples=lambda: [Sample(arr(3, 4), params={"shape": (2, 6)}), Sample(arr(6), params={"shape": (3, 2)})],
                rule="reshape the gradient back to self's shape")
RESHAPE_ALIAS = _view_op("_reshape_alias", "ReshapeAliasBackward0", _reshape_view,
                         lambda m, g, self_sym_sizes, shape: m.g_reshape(g, self_sym_sizes),
                         saves=("self_sym_sizes", "shape"), internal=("shape",),
                         jvp=lambda m, t, self_sym_sizes, shape: m.g_reshape(t[0], shape),
                         samples=lambda: [Sample(arr(3, 4)[:, :2], params={"shape": (3, 2)})],
                         rule="reshape the gradient back to self's shape (a reshape of a non-contiguous view)")
UNSAFE_VIEW = defop("_unsafe_view", "UnsafeViewBackward0", ("self",), lambda a, shape: np.reshape(a, shape),
                    lambda m, g, self_sym_sizes: m.g_reshape(g, self_sym_sizes), saves=("self_sym_sizes",),
                    promote=KEEP,
                    samples=lambda: [Sample(arr(3, 4), params={"shape": (12,)})],
                    jvp_note="generic: derived through double-vjp (shape only)",
                    rule="reshape the gradient back to self's shape")
T = _view_op("t", "TBackward0", lambda a: a.T,
             lambda m, g: (m.t(g) if m.is_tensor and not m.nb   # torch: grad.t(), a TBackward0 under create_graph
                           else m.transpose(g, -1, -2) if g.ndim - m.nb == 2 else g),
             samples=lambda: [Sample(arr(3, 4)), Sample(arr(5))],
             jvp=lambda m, t: m.transpose(t[0], -1, -2) if t[0].ndim - m.nb == 2 else t[0],
             rule="transpose the gradient (saves nothing: g's rank says whether self was a matrix)")


def _t_apply(node, grads, m):
    """TBackward0 in a plain backward (nn.Linear's ``weight.t()``): a matrix's gradient transposed,
    without the generic apply's formula call; the rest takes ``OpNode.apply``."""
    g = grads[0]
    if m.plain and g.ndim == 2:
        r = g.T
        shape, dt = node._in_meta[0]
        if r.shape == shape and r.dtype is dt and dt.kind != "c":
            return [r]
    return OpNode.apply(node, grads, m)


T.on_node(apply=_t_apply)

TRANSPOSE = _view_op("transpose", "TransposeBackward0", lambda a, dim0, dim1: np.swapaxes(a, dim0, dim1),
                     lambda m, g, dim0, dim1: m.transpose(g, dim0, dim1), saves=("dim0", "dim1"),
                     samples=lambda: [Sample(arr(2, 3, 4), params={"dim0": -3, "dim1": -1})],
                     jvp=lambda m, t, dim0, dim1: m.transpose(t[0], dim0, dim1),
                     rule="transpose the gradient back")
PERMUTE = _view_op("permute", "PermuteBackward0", lambda a, dims: np.transpose(a, dims),
                   lambda m, g, dims: m.g_permute(g, tuple(np.argsort(dims))), saves=("dims",),
                   samples=lambda: [Sample(arr(2, 3, 4), params={"dims": (2, 0, 1)})],
                   jvp=lambda m, t, dims: m.g_permute(t[0], dims),
                   rule="apply the inverse permutation")
EXPAND = _view_op("expand", "ExpandBackward0", lambda a, size: np.broadcast_to(a, size),
                  lambda m, g, self_sym_sizes: m.sum_to(g, self_sym_sizes), saves=("self_sym_sizes",),
                  samples=lambda: [Sample(arr(3, 1), params={"size": (2, 3, 4)}), Sample(arr(), params={"size": (3,)})],
                  jvp_note="generic: derived through double-vjp (shape only)",
                  rule="sum the gradient over the expanded dims")
def _squeeze_dims(a, dims):
    """Drop those of ``dims`` that have size 1 (a 0-d tensor has none)."""
    return np.squeeze(a, tuple(d for d in dims if a.shape[d] == 1)) if a.ndim else a


def _unsqueeze_to(m, g, sizes, dims=None):
    """Squeeze's gradient: torch's unsqueeze_to, one unsqueeze per squeezed dim (UnsqueezeBackward0 nodes
    under create_graph); without a graph to record, one reshape gives the same values."""
    if m.nb or not m.is_tensor:
        return m.g_reshape(g, sizes)
    nd = len(sizes)
    wanted = range(nd) if dims is None else {d % nd for d in ((dims,) if isinstance(dims, int) else dims)}
    for d in range(nd):
        if d in wanted and sizes[d] == 1:
            g = m.unsqueeze(g, d)
    return g


SQUEEZE = _view_op("squeeze", "SqueezeBackward0", np.squeeze,
                   lambda m, g, self_sym_sizes: _unsqueeze_to(m, g, self_sym_sizes), saves=("self_sym_sizes",),
                   samples=lambda: [Sample(arr(3, 1, 4, 1))], jvp_note="generic: derived through double-vjp (shape only)",
                                                              rule="unsqueeze the gradient back")
SQUEEZE_DIM = _view_op("squeeze.dim", "SqueezeBackward1", lambda a, dim: np.squeeze(a, dim) if a.ndim and a.shape[dim] == 1 else a,
                       lambda m, g, self_sym_sizes, dim: _unsqueeze_to(m, g, self_sym_sizes, dim),
                       saves=("self_sym_sizes", "dim"),
                       samples=lambda: [Sample(arr(3, 1, 4), params={"dim": -2})], jvp_note="generic: derived through double-vjp (shape only)",
                                                                                   rule="unsqueeze the gradient back")
SQUEEZE_DIMS = _view_op("squeeze.dims", "SqueezeBackward2", lambda a, dim: _squeeze_dims(a, dim),
                        lambda m, g, dim, self_sym_sizes: _unsqueeze_to(m, g, self_sym_sizes, dim),
                        saves=("dim", "self_sym_sizes"),
                        samples=lambda: [Sample(arr(1, 4, 1), params={"dim": (-3, -1)}),
                                         Sample(arr(3, 1), params={"dim": ()})],
                        jvp_note="generic: derived through double-vjp (shape only)", rule="unsqueeze the gradient back")
SQUEEZE_INPLACE = defop("squeeze_.dim", "SqueezeBackward4", ("self",),
                        lambda a, dim: np.squeeze(a, dim) if a.ndim and a.shape[dim] == 1 else a,
                        lambda m, g, dim, self_sym_sizes: _unsqueeze_to(m, g, self_sym_sizes, dim),
                        saves=("dim", "self_sym_sizes"),
                        promote=KEEP, samples=lambda: [Sample(arr(1, 4), params={"dim": -2})],
                        jvp_note="generic: derived through double-vjp (shape only)",
                        rule="unsqueeze the gradient back")
# Tensor.t_() / squeeze_() / squeeze_(dims): the nodes torch records when a tensor's own shape changes in place
T_INPLACE = defop("t_", "TBackward1", ("self",), lambda a: a.T,
                  lambda m, g: (m.t(g) if m.is_tensor and not m.nb   # torch: grad.t(), a TBackward0 under create_graph
                                else m.transpose(g, -1, -2) if g.ndim - m.nb == 2 else g), promote=KEEP,
                  jvp=lambda m, t: m.transpose(t[0], -1, -2) if t[0].ndim - m.nb == 2 else t[0],
                  samples=lambda: [Sample(arr(3, 4))], rule="transpose the gradient back")
SQUEEZE_INPLACE_ALL = defop("squeeze_", "SqueezeBackward3", ("self",), np.squeeze,
                            lambda m, g, self_sym_sizes: _unsqueeze_to(m, g, self_sym_sizes), saves=("self_sym_sizes",),
                            promote=KEEP, samples=lambda: [Sample(arr(3, 1, 4, 1))],
                            jvp_note="generic: derived through double-vjp (shape only)",
                            rule="unsqueeze the gradient back")
SQUEEZE_INPLACE_DIMS = defop("squeeze_.dims", "SqueezeBackward5", ("self",),
                             lambda a, dim: _squeeze_dims(a, dim),
                             lambda m, g, dim, self_sym_sizes: _unsqueeze_to(m, g, self_sym_sizes, dim),
                             saves=("dim", "self_sym_sizes"), promote=KEEP,
                             samples=lambda: [Sample(arr(1, 4, 1), params={"dim": (-3, -1)})],
                             jvp_note="generic: derived through double-vjp (shape only)",
                             rule="unsqueeze the gradient back")
def _unsqueeze_bwd(m, g, dim):
    """squeeze(g, dim); with a graph under vmap, torch's batching rule runs it as squeeze.dims
    (SqueezeBackward2: vmap(grad(f)) of a model's 1-d input shows it)."""
    return m.squeeze(g, (dim,) if m.is_tensor and _inst.batching is not None else dim)


def _unsqueeze(a, dim):
    out = np.expand_dims(a, dim)
    if out.size:
        return out
    d = dim % out.ndim      # torch's stride for the new dim: the next dim's extent (1 past the last)
    stride = a.strides[d] * a.shape[d] if d < a.ndim else a.itemsize
    return _empty_view(a, out.shape, a.strides[:d] + (stride,) + a.strides[d:], 0)


def _empty_view(a, shape, strides, offset: int):
    """An empty view of ``a`` with torch's geometry (byte ``strides``, ``offset`` bytes past ``a``'s first
    element): numpy gives an empty slice no offset and unscaled strides, and an unsqueeze its own stride."""
    here = a[(slice(0, 0),) * a.ndim] if a.ndim else a.reshape(1)[:0]    # zero-size, at a's first element
    if offset:      # numpy bounds a buffer's offset, not an index into a zero-size array
        here = np.ndarray((offset // a.itemsize + 1, 0), a.dtype, here, 0, (a.itemsize, 0))[offset // a.itemsize]
    return np.ndarray(tuple(shape), a.dtype, here, 0, tuple(strides))


UNSQUEEZE = _view_op("unsqueeze", "UnsqueezeBackward0", _unsqueeze,
                     _unsqueeze_bwd, saves=("dim",),
                     samples=lambda: [Sample(arr(3, 4), params={"dim": -2})], jvp=lambda m, t, dim: m.unsqueeze(t[0], dim),
                                                                              rule="squeeze the gradient back")


def _select(a, dim, index):
    idx = [slice(None)] * a.ndim
    idx[dim] = index
    return a[tuple(idx) + (Ellipsis,)]  # the Ellipsis keeps a 0-d result a view, not a scalar copy


def _select_bwd(m, g, self_sym_sizes, dim, index):
    if m.is_tensor:     # torch's select_backward op (SelectBackwardBackward0 under create_graph)
        return call(SELECT_BACKWARD, (g,), {"input_sizes": tuple(self_sym_sizes), "dim": dim, "index": index})
    return m.embed(m.g_zeros(g, self_sym_sizes), g, dim, index)


def _placed(g, input_sizes, dim, index, lost: int):
    """The zeros of ``input_sizes`` (after ``g``'s leading batch dims) with ``g`` written into the
    region ``dim``/``index`` (``lost``: the dims the view dropped, 1 for select)."""
    lead = g.shape[:g.ndim - len(input_sizes) + lost]
    out = np.zeros(lead + tuple(input_sizes), g.dtype)
    out[_region_tail(dim, index)] = g
    return out


SELECT = _view_op("select", "SelectBackward0", _select, _select_bwd, saves=("self_sym_sizes", "dim", "index"),
                  samples=lambda: [Sample(arr(3, 4), params={"dim": -2, "index": 1}),
                                   Sample(arr(3, 4), params={"dim": -1, "index": -1})],
                  jvp=lambda m, t, self_sym_sizes, dim, index: m.select(t[0], dim, index),
                  rule="the gradient lands in the selected row, zeros elsewhere")


def _slice(a, dim, start, end, step):
    idx = [slice(None)] * a.ndim
    idx[dim] = slice(start, end, step)
    out = a[tuple(idx)]
    if out.size:
        return out
    first = slice(start, end, step).indices(a.shape[dim])[0]     # torch's clamped start
    strides = list(a.strides)
    strides[dim] *= step
    return _empty_view(a, out.shape, strides, first * a.strides[dim])


def _slice_bwd(m, g, self_sym_sizes, dim, start, end, step):
    if m.is_tensor:     # torch's slice_backward op (SliceBackwardBackward0 under create_graph)
        return call(SLICE_BACKWARD, (g,), {"input_sizes": tuple(self_sym_sizes), "dim": dim, "start": start,
                                           "end": end, "step": step})
    return m.embed(m.g_zeros(g, self_sym_sizes), g, dim, slice(start, end, step))


SLICE = _view_op("slice", "SliceBackward0", _slice, _slice_bwd,
                 saves=("self_sym_sizes", "dim", "start", "end", "step"),
                 samples=lambda: [Sample(arr(5, 4), params={"dim": -2, "start": 1, "end": 4, "step": 2})],
                 jvp=lambda m, t, self_sym_sizes, dim, start, end, step: t[0][_region_tail(dim, slice(start, end, step))],
                 rule="the gradient lands in the slice, zeros elsewhere")
def unfold_np(a, dimension, size, step):
    """Tensor.unfold: windows of ``size`` every ``step`` along ``dimension`` as a new last axis, a view."""
    d = dimension % max(a.ndim, 1)
    length = a.shape[d] if a.ndim else 1
    if size > length:
        raise ShapeError(f"maximum size for tensor at dimension {d} is {length} but size is {size}")
    if step <= 0:
        raise ShapeError(f"step is {step} but must be > 0")
    if a.ndim == 0:
        return a.reshape(1)
    n = (a.shape[d] - size) // step + 1
    shape = a.shape[:d] + (n,) + a.shape[d + 1:] + (size,)
    strides = a.strides[:d] + (a.strides[d] * step,) + a.strides[d + 1:] + (a.strides[d],)
    return np.lib.stride_tricks.as_strided(a, shape, strides)


def _unfold_bwd(m, g, self_sym_sizes, dimension, size, step):
    """Every window's gradient added back where the window came from (windows may overlap)."""
    nd = len(self_sym_sizes)
    if nd == 0:
        return m.select(g, -1, 0)
    d = dimension % nd
    n = g.shape[dimension - 1]
    if not m.is_tensor and not m.nb:      # plain arrays: add the windows in place
        out = np.zeros(self_sym_sizes, g.dtype)
        target, windows = np.moveaxis(out, d, -1), np.moveaxis(g, d, -2)
        for w in range(n):
            target[..., w * step:w * step + size] += windows[..., w, :]
        return out
    perm = list(range(nd - 1))
    perm.insert(d, nd - 1)               # a window's size axis back in place of `dimension`
    out = m.g_zeros(g, self_sym_sizes)
    for w in range(n):
        piece = m.select(g, dimension - 1, w)
        if d != nd - 1:
            piece = m.g_permute(piece, tuple(perm))
        out = out + m.embed(m.g_zeros(g, self_sym_sizes), piece, dimension, slice(w * step, w * step + size))
    return out


UNFOLD = _view_op("unfold", "UnfoldBackward0", unfold_np, _unfold_bwd,
                  saves=("self_sym_sizes", "dimension", "size", "step"),
                  samples=lambda: [Sample(arr(7), params={"dimension": -1, "size": 3, "step": 2}),
                                   Sample(arr(5, 4), params={"dimension": -2, "size": 2, "step": 1}),
                                   Sample(arr(2, 6, 3), params={"dimension": -2, "size": 4, "step": 2})],
                  jvp=lambda m, t, self_sym_sizes, dimension, size, step: m.unfold(t[0], dimension, size, step),
                  rule="each window's gradient is added back onto the elements it covers")
def _diagonal_np(a, offset, dim1, dim2):
    """numpy's diagonal view, writeable where its base is (numpy hands it out read-only; torch writes
    through ``x.diagonal().mul_(2)``)."""
    d = np.diagonal(a, offset, dim1, dim2)
    if a.flags.writeable:
        d.flags.writeable = True
    return d


def _diagonal_bwd(m, g, self_sym_sizes, offset, dim1, dim2):
    if m.is_tensor:     # torch's diagonal_backward op (DiagonalBackwardBackward0 under create_graph)
        return call(DIAGONAL_BACKWARD, (g,), {"input_sizes": tuple(self_sym_sizes), "offset": offset, "dim1": dim1,
                                              "dim2": dim2})
    return m.embed_diagonal(m.g_zeros(g, self_sym_sizes), g, offset, dim1, dim2)


DIAGONAL = _view_op("diagonal", "DiagonalBackward0", _diagonal_np, _diagonal_bwd,
                    saves=("self_sym_sizes", "offset", "dim1", "dim2"),
                    samples=lambda: [Sample(arr(3, 4), params={"offset": 0, "dim1": -2, "dim2": -1}),
                                     Sample(arr(2, 3, 3), params={"offset": 1, "dim1": -2, "dim2": -1})],
                    jvp=lambda m, t, self_sym_sizes, offset, dim1, dim2: m.diagonal(t[0], offset, dim1, dim2),
                    rule="the gradient goes back onto the diagonal")


def _unbind(a, dim):
    return tuple(_select(a, dim, i) for i in range(a.shape[dim]))


def _unbind_bwd(m, g, dim):
    return m.stack(list(g), dim)


UNBIND = _view_op("unbind", "UnbindBackward0", _unbind, _unbind_bwd, saves=("dim",), outputs=-1,
                  samples=lambda: [Sample(arr(3, 4), params={"dim": -2})], jvp_note="generic: derived through double-vjp (several outputs)",
                                                                           rule="stack the gradients")


def _split(a, split_sizes, dim):
    if sum(split_sizes) != a.shape[dim]:
        raise ShapeError(f"split_with_sizes expects split_sizes to sum exactly to {a.shape[dim]} (input tensor's "
                         f"size at dimension {dim % a.ndim}), but got split_sizes={list(split_sizes)}")
    bounds = np.cumsum(split_sizes)[:-1]
    return tuple(np.split(a, bounds, axis=dim))


def _split_equal(a, split_size, dim):
    n = a.shape[dim]
    return _split(a, tuple(min(split_size, n - i) for i in range(0, n, split_size)) or (0,), dim)


SPLIT = _view_op("split", "SplitWithSizesBackward0", _split,
                 lambda m, g, self_sym_sizes, split_sizes, dim: m.cat(list(g), dim),
                 saves=("self_sym_sizes", "split_sizes", "dim"), outputs=-1,
                 samples=lambda: [Sample(arr(5, 4), params={"split_sizes": (2, 3), "dim": -2})],
                 jvp_note="generic: derived through double-vjp (several outputs)",
                 rule="concatenate the gradients")
SPLIT_EQUAL = _view_op("split.Tensor", "SplitBackward0", _split_equal,
                       lambda m, g, self_sym_sizes, split_size, dim: m.cat(list(g), dim),
                       saves=("self_sym_sizes", "split_size", "dim"), outputs=-1,
                       samples=lambda: [Sample(arr(5, 4), params={"split_size": 2, "dim": -2})],
                       jvp_note="generic: derived through double-vjp (several outputs)",
                       rule="concatenate the gradients")
# unsafe_split / unsafe_chunk / unsafe_split_with_sizes: split's pieces as copies (torch's own nodes)
def _copies(pieces):
    return tuple(p.copy() for p in pieces)


UNSAFE_SPLIT = defop("unsafe_split.Tensor", "UnsafeSplitBackward0", ("self",),
                     lambda a, split_size, dim: _copies(_split_equal(a, split_size, dim)),
                     lambda m, g, self_sym_sizes, split_size, dim: m.cat(list(g), dim),
                     saves=("self_sym_sizes", "split_size", "dim"), promote=KEEP, outputs=-1,
                     samples=lambda: [Sample(arr(5, 4), params={"split_size": 2, "dim": -2})],
                     jvp_note="generic: derived through double-vjp (several outputs)",
                     rule="concatenate the gradients")
UNSAFE_SPLIT_WITH_SIZES = defop("unsafe_split_with_sizes", "UnsafeSplitWithSizesBackward0", ("self",),
                                lambda a, split_sizes, dim: _copies(_split(a, split_sizes, dim)),
                                lambda m, g, self_sym_sizes, split_sizes, dim: m.cat(list(g), dim),
                                saves=("self_sym_sizes", "split_sizes", "dim"), promote=KEEP, outputs=-1,
                                samples=lambda: [Sample(arr(5, 4), params={"split_sizes": (1, 3), "dim": -1})],
                                jvp_note="generic: derived through double-vjp (several outputs)",
                                rule="concatenate the gradients")
def _narrow_copy(a, dim, start, length):
    if start + length > a.shape[dim]:
        raise ShapeError(f"start ({start}) + length ({length}) exceeds dimension size ({a.shape[dim]}).")
    return _slice(a, dim, start, start + length, 1).copy()


NARROW_COPY = defop("narrow_copy", "NarrowCopyBackward0", ("self",), _narrow_copy,
                    lambda m, g, self_sym_sizes, dim, start, length: _slice_bwd(m, g, self_sym_sizes, dim, start,
                                                                                start + length, 1),
                    saves=("self_sym_sizes", "dim", "start", "length"), promote=KEEP,
                    jvp=lambda m, t, self_sym_sizes, dim, start, length:
                        t[0][_region_tail(dim, slice(start, start + length, 1))],
                    samples=lambda: [Sample(arr(5, 4), params={"dim": -2, "start": 1, "length": 3})],
                    rule="the gradient lands in the narrowed part, zeros elsewhere")


ALIAS = _view_op("alias", "AliasBackward0", lambda a: a.view(), lambda m, g: g, jvp=lambda m, t: t[0],
                                                                                rule="identity")

# -- copies ----------------------------------------------------------------------------------------

CLONE = defop("clone", "CloneBackward0", ("self",), lambda a: a.copy(), lambda m, g: g, promote=KEEP,
              jvp=lambda m, t: t[0], samples=lambda: [Sample(arr(3, 4))], rule="identity")


def _cat(*arrays, dim, sizes):
    return np.concatenate(arrays, axis=dim)


def _cat_bwd(m, g, sizes, dim):
    out, start = [], 0
    for n in sizes:
        out.append(m.narrow(g, dim, start, n) if n else None)
        start += n
    return tuple(out)


def cat_op(n: int):
    """cat of ``n`` tensors (one record per arity keeps the edge list exact)."""
    key = f"cat.{n}"
    if key in OPS:
        return OPS[key]
    return defop(key, "CatBackward0", tuple(f"tensors{i}" for i in range(n)), _cat, _cat_bwd,
                 saves=("sizes", "dim"), internal=("sizes",), promote=KEEP,
                 jvp_note="generic: derived through double-vjp",
                 samples=lambda: [Sample(*[arr(2, k + 1, seed=k) for k in range(n)],
                                         params={"dim": -1, "sizes": tuple(range(1, n + 1))})],
                 rule="split the gradient back into the pieces")


def _stack(*arrays, dim, count):
    return np.stack(arrays, axis=dim)


def _stack_bwd(m, g, dim, count):
    return tuple(m.select(g, dim, i) for i in range(count))


def stack_op(n: int):
    key = f"stack.{n}"
    if key in OPS:
        return OPS[key]
    return defop(key, "StackBackward0", tuple(f"tensors{i}" for i in range(n)), _stack, _stack_bwd,
                 saves=("dim", "count"), internal=("count",), promote=KEEP,
                 jvp_note="generic: derived through double-vjp",
                 samples=lambda: [Sample(*[arr(2, 3, seed=k) for k in range(n)], params={"dim": -2, "count": n})],
                 rule="unstack the gradient")


CAT2, STACK2 = cat_op(2), stack_op(2)   # in the table from the start, so the table test sees them

FLIP = defop("flip", "FlipBackward0", ("self",), lambda a, dims: np.flip(a, dims).copy(),
             lambda m, g, dims: m.flip(g, dims), saves=("dims",), promote=KEEP,
             jvp=lambda m, t, dims: m.flip(t[0], dims),
             samples=lambda: [Sample(arr(3, 4), params={"dims": (-1,)})], rule="flip the gradient back")
def _example_dims(m, x, dims) -> tuple:
    """``dims`` of an example as negative dims of ``x``, which may carry ``m.nb`` batch dims in front."""
    n = x.ndim - m.nb
    return tuple(d - n if d >= 0 else d for d in dims)


def _roll(m, x, shifts, dims):
    """roll in either vocabulary; no dims rolls each example flattened (torch's dims=())."""
    if dims:
        return m.roll(x, shifts, _example_dims(m, x, dims))
    shape = tuple(x.shape)
    return m.reshape(m.roll(m.reshape(x, shape[:m.nb] + (-1,)), shifts, (-1,)), shape)


ROLL = defop("roll", "RollBackward0", ("self",),
             lambda a, shifts, dims: np.roll(a, shifts, dims) if dims else np.roll(a, shifts[0]),
             lambda m, g, shifts, dims: _roll(m, g, tuple(-s for s in shifts), dims), saves=("shifts", "dims"),
             promote=KEEP, jvp=lambda m, t, shifts, dims: _roll(m, t[0], shifts, dims),
             samples=lambda: [Sample(arr(3, 4), params={"shifts": (1,), "dims": (-1,)}),
                              Sample(arr(3, 4), params={"shifts": (5,), "dims": ()})],
             rule="roll the gradient back")


def _rot90(a, turns, plane):
    """torch's rot90 and its layout: a flip, then a transposed view of it for odd turns."""
    d0, d1 = plane
    turns %= 4
    if turns == 0:
        return a.copy()
    if turns == 2:
        return np.flip(a, plane).copy()
    return np.swapaxes(np.flip(a, d1 if turns == 1 else d0).copy(), d0, d1)


ROT90 = defop("rot90", "Rot90Backward0", ("self",), _rot90,
              lambda m, g, turns, plane: m.rot90(g, -turns, _example_dims(m, g, plane)),
              saves=("turns", "plane"), internal=("turns", "plane"), promote=KEEP,
              derived={"dims": lambda node: as_uint64(ROT90.saved_param(node, "plane")),   # (torch shows them
                       "k": lambda node: as_uint64(ROT90.saved_param(node, "turns"))},     # unsigned: -1 is 2**64 - 1)
              jvp=lambda m, t, turns, plane: m.rot90(t[0], turns, _example_dims(m, t[0], plane)),
              samples=lambda: [Sample(arr(3, 4), params={"turns": k, "plane": (1, 0)}) for k in (1, 2, 3)],
              rule="rotate the gradient back by -k turns")


def _repeat_bwd(m, g, self_sym_sizes, repeats):
    shape = tuple(self_sym_sizes)
    lead = len(repeats) - len(shape)
    full = (1,) * lead + shape
    # view the gradient as (r0, s0, r1, s1, ...) and sum the r's
    split = []
    for r, s in zip(repeats, full):
        split += [r, s]
    gg = m.g_reshape(g, tuple(split))
    gg = m.sum(gg, tuple(m.nb + 2 * i for i in range(len(repeats))), False)
    return m.g_reshape(gg, shape)


REPEAT = defop("repeat", "RepeatBackward0", ("self",), lambda a, repeats: np.tile(a, repeats), _repeat_bwd,
               saves=("self_sym_sizes", "repeats"), promote=KEEP,
               samples=lambda: [Sample(arr(2, 3), params={"repeats": (2, 1, 2)})],
               jvp_note="generic: derived through double-vjp (shape only)",
               rule="sum the gradient over the copies")


# -- scatters: the differentiable inverses of views (used by view backwards and CopySlices) ---------

def _region(a, dim, index):
    idx = [slice(None)] * a.ndim
    idx[dim] = index
    return tuple(idx)


def _embed_fwd(a, src, dim, index):
    out = a.copy()
    out[_region(out, dim, index)] = src
    return out


def _embed_bwd(m, g, dim, index):
    zero = m.zeros_like(m.g_index(g, _region_tail(dim, index)))
    return m.embed(g, zero, dim, index), m.g_index(g, _region_tail(dim, index))


def _region_tail(dim, index):
    """An index tuple for negative ``dim`` that leaves leading (batch) dims alone."""
    return (Ellipsis, index) + (slice(None),) * (-dim - 1)


def _slice_part(name: str):
    """start, end or step of the region a slice_scatter node wrote (torch keeps the three)."""
    def read(node):
        index = EMBED.saved_param(node, "index")
        if isinstance(index, slice):
            return getattr(index, "stop" if name == "end" else name)
        return {"start": index, "end": index + 1, "step": 1}[name]
    return read


EMBED = defop("slice_scatter", "SliceScatterBackward0", ("self", "src"), _embed_fwd, _embed_bwd,
              saves=("dim", "index"), promote=KEEP, internal=("index",),
              derived={name: _slice_part(name) for name in ("start", "end", "step")},
              samples=lambda: [Sample(arr(4, 3), arr(2, 3, seed=3), params={"dim": -2, "index": slice(1, 4, 2)}),
                               Sample(arr(4, 3), arr(4, seed=3), params={"dim": -1, "index": 0})],
              jvp_note="generic: derived through double-vjp",
              rule="d/dself = g outside the region, d/dsrc = g inside it")


def _diag_index(shape, offset, dim1, dim2):
    """Index arrays that address the ``offset`` diagonal of dims ``dim1``/``dim2`` (negative)."""
    n1, n2 = shape[dim1], shape[dim2]
    if offset >= 0:
        k = max(min(n1, n2 - offset), 0)
        i, j = np.arange(k), np.arange(k) + offset
    else:
        k = max(min(n1 + offset, n2), 0)
        i, j = np.arange(k) - offset, np.arange(k)
    return i, j


def _embed_diag_fwd(a, src, offset, dim1, dim2):
    out = a.copy()
    i, j = _diag_index(a.shape, offset, dim1, dim2)
    # numpy moves advanced-index dims to the front when they are not adjacent; write through a moved view
    moved = np.moveaxis(out, (dim1, dim2), (-2, -1))
    diagonal = moved.shape[:-2] + (len(i),)
    if np.shape(src) != diagonal:
        raise ShapeError(f"expected src to have a size equal to the slice of self. src size = {list(np.shape(src))}, "
                         f"slice size = {list(diagonal)}")
    moved[..., i, j] = src
    return out


def _embed_diag_bwd(m, g, offset, dim1, dim2):
    d = m.diagonal(g, offset, dim1, dim2)
    return m.embed_diagonal(g, m.zeros_like(d), offset, dim1, dim2), d


EMBED_DIAG = defop("diagonal_scatter", "DiagonalScatterBackward0", ("self", "src"), _embed_diag_fwd,
                   _embed_diag_bwd, saves=("offset", "dim1", "dim2"), promote=KEEP,
                   samples=lambda: [Sample(arr(3, 4), arr(3, seed=2), params={"offset": 0, "dim1": -2, "dim2": -1}),
                                    Sample(arr(3, 3), arr(2, seed=2), params={"offset": -1, "dim1": -2, "dim2": -1})],
                   jvp_note="generic: derived through double-vjp",
                   rule="d/dself = g off the diagonal, d/dsrc = the diagonal of g")


# -- the view ops' backward kernels, recorded when their gradient is taken under create_graph ----------
# (torch's select_backward, slice_backward and diagonal_backward: differentiating them again is the view)

def _placed_diagonal(g, input_sizes, offset, dim1, dim2):
    """The zeros of ``input_sizes`` with ``g`` copied onto a diagonal (broadcast, as torch's copy_)."""
    out = np.zeros(g.shape[:g.ndim - len(input_sizes) + 1] + tuple(input_sizes), g.dtype)
    i, j = _diag_index(out.shape, offset, dim1, dim2)
    np.moveaxis(out, (dim1, dim2), (-2, -1))[..., i, j] = g
    return out


SELECT_BACKWARD = defop("select_backward", "SelectBackwardBackward0", ("grad_output",),
                        lambda g, input_sizes, dim, index: _placed(g, input_sizes, dim, index, 1),
                        lambda m, gg, input_sizes, dim, index: m.select(gg, dim, index),
                        saves=("input_sizes", "dim", "index"), internal=("input_sizes",), promote=KEEP,
                        jvp=lambda m, t, input_sizes, dim, index: _select_bwd(m, t[0], input_sizes, dim, index),
                        samples=lambda: [Sample(arr(4), params={"input_sizes": (3, 4), "dim": -2, "index": 1})],
                        rule="the gradient's select")
SLICE_BACKWARD = defop("slice_backward", "SliceBackwardBackward0", ("grad_output",),
                       lambda g, input_sizes, dim, start, end, step: _placed(g, input_sizes, dim,
                                                                             slice(start, end, step), 0),
                       lambda m, gg, input_sizes, dim, start, end, step: m.g_index(
                           gg, _region_tail(dim, slice(start, end, step))),
                       saves=("input_sizes", "dim", "start", "end", "step"), internal=("input_sizes",), promote=KEEP,
                       jvp=lambda m, t, input_sizes, dim, start, end, step: _slice_bwd(m, t[0], input_sizes, dim,
                                                                                       start, end, step),
                       samples=lambda: [Sample(arr(2, 4), params={"input_sizes": (5, 4), "dim": -2, "start": 1,
                                                                  "end": 4, "step": 2})],
                       rule="the gradient's slice")
def _unfold_backward_np(grad_in, input_sizes, dim, size, step):
    """Each window of ``grad_in`` added back where ``unfold`` cut it from (overlaps summed), over any
    leading batch dims."""
    nd = len(input_sizes)
    d = dim % nd - nd
    out = np.zeros(grad_in.shape[:grad_in.ndim - nd - 1] + tuple(input_sizes), grad_in.dtype)
    target, windows = np.moveaxis(out, d, -1), np.moveaxis(grad_in, d - 1, -2)
    for w in range(windows.shape[-2]):
        target[..., w * step:w * step + size] += windows[..., w, :]
    return out


def _unfold_backward(m, g, input_sizes, dim, size, step):
    if m.is_tensor:
        return call(UNFOLD_BACKWARD, (g,), {"input_sizes": tuple(input_sizes), "dim": dim, "size": size, "step": step})
    return _unfold_backward_np(g, input_sizes, dim, size, step)


UNFOLD_BACKWARD = defop("unfold_backward", "UnfoldBackwardBackward0", ("grad_in",), _unfold_backward_np,
                        lambda m, g, input_sizes, dim, size, step: m.unfold(g, dim % len(input_sizes) - len(input_sizes),
                                                                            size, step),
                        saves=("input_sizes", "dim", "size", "step"), internal=("input_sizes",), promote=KEEP,
                        jvp=lambda m, t, input_sizes, dim, size, step: _unfold_backward(m, t[0], input_sizes, dim, size,
                                                                                        step),
                        samples=lambda: [Sample(arr(2, 3, 4), params={"input_sizes": (2, 8), "dim": 1, "size": 4,
                                                                      "step": 2}),
                                         Sample(arr(5, 3, 3, seed=2), params={"input_sizes": (7, 3), "dim": 0, "size": 3,
                                                                              "step": 1})],
                        rule="the gradient's windows (grad.unfold(dim, size, step)); the forward is an overlap-add")
DIAGONAL_BACKWARD = defop("diagonal_backward", "DiagonalBackwardBackward0", ("grad_output",),
                          lambda g, input_sizes, offset, dim1, dim2: _placed_diagonal(g, input_sizes, offset, dim1,
                                                                                      dim2),
                          lambda m, gg, input_sizes, offset, dim1, dim2: m.diagonal(gg, offset, dim1, dim2),
                          saves=("input_sizes", "offset", "dim1", "dim2"), internal=("input_sizes",), promote=KEEP,
                          jvp=lambda m, t, input_sizes, offset, dim1, dim2: _diagonal_bwd(m, t[0], input_sizes, offset,
                                                                                           dim1, dim2),
                          samples=lambda: [Sample(arr(3), params={"input_sizes": (3, 4), "offset": 0, "dim1": -2,
                                                                  "dim2": -1})],
                          rule="the gradient's diagonal")


# -- a view rebuilt after its base changed in place ---------------------------------------------------

def _steps_forward(a, steps):
    for op, params, index in steps:
        res = op.forward(a, **params) if params else op.forward(a)
        a = res[index] if isinstance(res, tuple) else res
    return a


def _steps_shapes(shape, steps):
    """The input shape of every step, computed on a zero-strided stand-in of the base."""
    a = np.lib.stride_tricks.as_strided(np.zeros(1), shape, (0,) * len(shape))
    shapes = []
    for op, params, index in steps:
        shapes.append(a.shape)
        res = op.forward(a, **params) if params else op.forward(a)
        a = res[index] if isinstance(res, tuple) else res
    return shapes


def _as_strided_bwd(m, g, self_sym_sizes, steps):
    """Undo the view steps one by one, last first, each with its own record's backward."""
    shapes = _steps_shapes(self_sym_sizes, steps)
    for (op, params, index), shape in zip(reversed(steps), reversed(shapes)):
        saved = [shape if kind == 3 else params[key] for kind, key in op.plan]
        if op.outputs != 1:
            res = op.forward(np.lib.stride_tricks.as_strided(np.zeros(1), shape, (0,) * len(shape)), **params)
            g = tuple(g if i == index else m.g_zeros(g, r.shape, g) for i, r in enumerate(res))
        g = op.backward(m, g, *saved)
    return g


def _strided_geometry(node) -> tuple:
    """torch's size, stride and storage_offset of the view: its steps replayed on a contiguous base
    of element numbers (gradcli's formula undoes the steps themselves)."""
    shape = AS_STRIDED.saved_param(node, "self_sym_sizes")
    base = np.arange(math.prod(shape), dtype=np.int64).reshape(shape)
    view = _steps_forward(base, AS_STRIDED.saved_param(node, "steps"))
    offset = (view.__array_interface__["data"][0] - base.__array_interface__["data"][0]) // 8
    return view.shape, tuple(s // 8 for s in view.strides), offset


AS_STRIDED = defop("as_strided", "AsStridedBackward0", ("self",), _steps_forward, _as_strided_bwd,
                   saves=("self_sym_sizes", "steps"), internal=("self_sym_sizes", "steps"), promote=KEEP, view=True,
                   derived={name: (lambda node, k=k: _strided_geometry(node)[k])
                            for k, name in enumerate(("size", "stride", "storage_offset"))},
                   samples=lambda: [Sample(arr(3, 4), params={"steps": ((SLICE, {"dim": -1, "start": 1, "end": 3,
                                                                                    "step": 1}, 0),
                                                                          (T, {}, 0))})],
                   jvp_note="generic: derived through double-vjp (view replay)",
                   rule="the gradient goes back through each recorded view step")


# -- thin wrappers the API and the view machinery share ----------------------------------------

@public(method=True)
def unsqueeze(input, dim):
    return call(UNSQUEEZE, (input,), {"dim": wrap_dim(dim, input.ndim + 1)})


@public(method=True)
def select(input, dim, index):
    if input.ndim == 0:
        raise IndexError("select() cannot be applied to a 0-dim tensor.")
    d = wrap_dim(dim, input.ndim)
    n = input.shape[d]
    if not -n <= index < n:
        raise IndexError(f"select(): index {index} out of range for tensor of size {list(input.shape)} at "
                         f"dimension {d % input.ndim}")
    return call(SELECT, (input,), {"dim": d, "index": int(index)})   # as written: torch saves -1 as given


def call_slice(t: Tensor, dim: int, start: int, stop: int, step: int) -> Tensor:
    return call(SLICE, (t,), {"dim": wrap_dim(dim, t.ndim), "start": start, "end": stop, "step": step})
