"""A custom ``autograd.Function`` applied to batched tensors (torch's "Extending torch.func with
autograd.Function"): its ``vmap`` staticmethod runs once per vmap level, or, with
``generate_vmap_rule = True``, its forward, setup_context and backward run under vmap. Without
either, or with a forward that takes ctx, torch's errors.
"""
from __future__ import annotations

import numpy as np

from .. import instrumentation
from ..autograd import forward_ad as fwAD
from ..autograd.function import Function, FunctionCtx, user_backward
from ..autograd.grad_mode import no_grad
from ..tensor import Tensor, make
from . import batched, pytree
from .batched import BatchedTensor, full, levels_of, phys_of, wrap
from .batching_rules import batching_hook

DOCS = "For more details, please see https://pytorch.org/docs/main/notes/extending.func.html"


class VmapInfo:
    """What a Function's ``vmap`` staticmethod is told about the level it handles."""

    def __init__(self, batch_size: int, randomness: str):
        self.batch_size = batch_size
        self.randomness = randomness

    def __repr__(self) -> str:
        return f"VmapInfo(batch_size={self.batch_size}, randomness='{self.randomness}')"


def function_batching(cls, args, kwargs):
    """``cls.apply(*args)`` when an argument is batched; NotImplemented otherwise."""
    if not any(isinstance(a, BatchedTensor) for a in args):
        return NotImplemented
    if cls.setup_context is Function.setup_context:
        raise RuntimeError("In order to use an autograd.Function with functorch transforms (vmap, grad, jvp, "
                           "jacrev, ...), it must override the setup_context staticmethod. " + DOCS)
    own_vmap = any("vmap" in vars(k) for k in cls.__mro__ if k is not Function and issubclass(k, Function))
    if getattr(cls, "generate_vmap_rule", False):
        if own_vmap:
            raise RuntimeError(f"You tried to vmap over {cls.__name__}, but it has both generate_vmap_rule=True and "
                               f"an overridden vmap staticmethod. Please set generate_vmap_rule=False or delete the "
                               f"overridden vmap staticmethod to avoid ambiguity. " + DOCS)
        return _generated(cls, args, kwargs)
    if own_vmap:
        return _by_vmap_staticmethod(cls, args, kwargs)
    raise RuntimeError(f"You tried to vmap over {cls.__name__}, but it does not have vmap support. Please override "
                       f"and implement the vmap staticmethod or set generate_vmap_rule=True. " + DOCS)


def _by_vmap_staticmethod(cls, args, kwargs):
    """``cls.vmap(info, in_dims, *args)`` for the innermost level; the outer levels stay batched."""
    level = max(level for a in args for level in levels_of(a))
    sizes = dict(batched.active)
    peeled, in_dims = [], []
    for a in args:
        if level in levels_of(a):      # the innermost level is the last batch dim: logical dim 0 once peeled
            peeled.append(wrap(a._phys, a._lv[:-1]))
            in_dims.append(0)
        else:
            peeled.append(a)
            in_dims.append(None)
    out, out_dims = cls.vmap(VmapInfo(sizes[level], batched.randomness.get(level, "error")), tuple(in_dims),
                             *peeled, **kwargs)
    leaves, spec = pytree.flatten(out)
    dims = [out_dims] * len(leaves) if isinstance(out_dims, int) or out_dims is None else pytree.flatten(out_dims)[0]
    if len(dims) != len(leaves):
        raise RuntimeError(f"The vmap staticmethod of {cls.__name__} returned out_dims that do not match its "
                           f"outputs: {out_dims!r}")
    return pytree.unflatten(spec, [o if d is None else _batch_dim(o, d, level) for o, d in zip(leaves, dims)])


def _batch_dim(t: Tensor, d: int, level: int) -> Tensor:
    """``t``'s dim ``d`` as the batch dim of ``level`` (the innermost one, so it comes last)."""
    own, p = levels_of(t), phys_of(t)
    src = len(own) + d % t.ndim
    if src != len(own):
        order = [i for i in range(p._data.ndim) if i != src]
        order.insert(len(own), src)
        p = batched.op("permute", p, dims=tuple(order))
    return wrap(p, own + (level,))


class _Batched(Function):
    """The graph node of a ``generate_vmap_rule`` Function: it records on the physical tensors and
    runs the user's backward under vmap."""

    _inside_transforms = True   # applied by the vmap rule itself: torch's setup_context check is not for it

    @staticmethod
    def forward(ctx, spec, *phys):
        ctx.spec = spec
        return tuple(phys_of(o) for o in spec[2])

    @staticmethod
    def backward(ctx, *grads):
        """A batched backward (is_grads_batched: jacrev) puts its dim first: the user's backward
        sees it as a leading dim of each example's gradient."""
        cls, user_ctx, outs, args, sizes = ctx.spec
        lead = next((g._data.ndim - phys_of(o)._data.ndim for g, o in zip(grads, outs) if g is not None), 0)
        with _levels(sizes):
            res = user_backward(cls)(user_ctx, *[None if g is None else wrap(_move(g, 0, len(levels_of(o)), lead),
                                                                         levels_of(o)) for g, o in zip(grads, outs)])
            res = res if isinstance(res, tuple) else (res,)
            phys = [None if r is None or not isinstance(a, Tensor) else
                    _move(_grad_for(r, levels_of(a)), len(levels_of(a)), 0, lead) for r, a in zip(res, args)]
        return (None,) + tuple(p for p, a in zip(phys, args) if isinstance(a, Tensor))


def _move(p: Tensor, src: int, dst: int, count: int) -> Tensor:
    """``count`` dims of ``p`` starting at ``src`` moved to start at ``dst``."""
    if not count or src == dst:
        return p
    dims = list(range(p._data.ndim))
    block = dims[src:src + count]
    rest = dims[:src] + dims[src + count:]
    return batched.op("permute", p, dims=tuple(rest[:dst] + block + rest[dst:]))


def _generated(cls, args, kwargs):
    ctx = FunctionCtx()
    ctx.needs_input_grad = tuple(isinstance(a, Tensor) and a._requires_grad for a in args)
    with no_grad():
        raw = cls.forward(*args, **kwargs)
    cls.setup_context(ctx, args, raw)
    outs = raw if isinstance(raw, tuple) else (raw,)
    tensor_outs = [o for o in outs if isinstance(o, Tensor)]
    if instrumentation.forward_ad and tensor_outs:
        _batched_jvp(cls, ctx, args, tensor_outs)
    if not any(ctx.needs_input_grad) or not tensor_outs:
        return raw
    node_cls = _node_classes.get(cls) or _node_classes.setdefault(cls, type(cls.__name__, (_Batched,), {}))
    sizes = tuple(batched.active)
    recorded = node_cls.apply((cls, ctx, tensor_outs, args, sizes), *[phys_of(a) for a in args if isinstance(a, Tensor)])
    recorded = recorded if isinstance(recorded, tuple) else (recorded,)
    by_id = {id(o): wrap(p, levels_of(o)) for o, p in zip(tensor_outs, recorded)}
    wrapped = tuple(by_id.get(id(o), o) for o in outs)
    return wrapped if isinstance(raw, tuple) else wrapped[0]


_node_classes: dict = {}


def _batched_jvp(cls, ctx, args, outs) -> None:
    """Forward mode through a generate_vmap_rule Function: its ``jvp`` runs under vmap on the
    tangents (a batched tangent's leading dims, jacfwd's basis, lead each example's)."""
    level = fwAD._levels[-1]
    nb = level.nb
    tangents = [fwAD.get_tangent(phys_of(a), level.index) if isinstance(a, Tensor) else None for a in args]
    if all(t is None for t in tangents):
        return
    jvp = getattr(cls, "jvp", None)
    if jvp is None:
        raise NotImplementedError("You must implement the jvp function for custom autograd.Function to use it "
                                  "with forward mode AD.")
    lead = next(t._data.shape[:nb] for t in tangents if t is not None)
    batched_tangents = []
    for a, t in zip(args, tangents):
        if not isinstance(a, Tensor):
            batched_tangents.append(None)
            continue
        p = phys_of(a)
        t = t if t is not None else make(np.zeros(lead + p._data.shape, p._data.dtype))
        batched_tangents.append(wrap(_move(t, 0, len(levels_of(a)), nb), levels_of(a)))
    with fwAD._paused(), no_grad():
        res = jvp(ctx, *batched_tangents)
    res = res if isinstance(res, tuple) else (res,)
    for o, r in zip(outs, res):
        if r is not None:
            p = _move(full(r, levels_of(o), o.ndim + nb), len(levels_of(o)), 0, nb)
            fwAD._set_tangent(phys_of(o), fwAD._fit(p, phys_of(o), nb), level)


def _grad_for(r, own: tuple) -> Tensor:
    """A gradient the user's backward returned, as the physical gradient of an input batched at
    ``own``: summed over the levels the input is not batched at (it is shared by those examples)."""
    p, levels = phys_of(r), levels_of(r)
    extra = tuple(i for i, level in enumerate(levels) if level not in own)
    if extra:
        p = p.sum(extra)
        levels = tuple(level for level in levels if level in own)
    return full(wrap(p, levels), own)


class _levels:
    """Run the user's backward with its vmap levels on (a backward after vmap returned has none)."""

    def __init__(self, sizes):
        self.sizes = [s for s in sizes if s not in batched.active]

    def __enter__(self):
        self.previous = instrumentation.batching
        batched.active.extend(self.sizes)
        batched.active.sort()
        if self.sizes:
            instrumentation.set_batching(batching_hook)

    def __exit__(self, *exc):
        for s in self.sizes:
            batched.active.remove(s)
        instrumentation.set_batching(self.previous)
        return False
