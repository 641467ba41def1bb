"""Batched tensors: what a function under ``vmap`` sees.

A ``BatchedTensor`` holds a plain physical tensor whose leading dims are the batch dims of the
vmap levels it belongs to (outermost level first); its shape, ndim and size are the logical ones
(without those dims). Autograd only ever sees the physical tensors, so each op runs once over the
whole batch and its graph is an ordinary graph.
"""
from __future__ import annotations

import itertools

import numpy as np

from .. import errors, instrumentation as _inst
from ..dispatch import call
from ..ops.registry import OPS
from ..tensor import Size, Tensor, _wrap_dim, make
from ..tensor_methods import TRANSFORMED_REQUIRES_GRAD, grad_tracking_levels, nest_wrappers, plain_repr

_ids = itertools.count(1)
active: list = []    # the running vmap levels, outermost first: [(level id, batch size)]
randomness: dict = {}   # level id -> the randomness flag its vmap was given
depth: dict = {}        # level id -> torch's level number (its vmap's nesting depth among all transforms)


class BatchedTensor(Tensor):
    """A logical tensor of one example; ``_phys`` carries the batch dims of ``_lv`` in front."""

    __slots__ = ()

    @property
    def shape(self) -> Size:
        return Size(self._data.shape[len(self._lv):])

    def size(self, dim: int | None = None):
        s = self.shape
        return s if dim is None else s[_wrap_dim(dim, len(s))]

    @property
    def ndim(self) -> int:
        return self._data.ndim - len(self._lv)

    def dim(self) -> int:
        return self.ndim

    def numel(self) -> int:
        return self.shape.numel()

    def __repr__(self) -> str:
        """torch's: one wrapper per level around the physical tensor, the lowest level innermost
        (a grad level inside vmap wraps the BatchedTensor in a GradTrackingTensor)."""
        grads = grad_tracking_levels(self._phys) if _inst.grad_levels else []
        if not grads:
            return nest_wrappers(repr(self._phys), [f"BatchedTensor(lvl={depth.get(level, level)}, bdim=0, value="
                                                    for level in self._lv])
        heads = sorted([(depth.get(level, level), f"BatchedTensor(lvl={depth.get(level, level)}, bdim=0, value=")
                        for level in self._lv] + [(lvl, f"GradTrackingTensor(lvl={lvl}, value=") for lvl in grads])
        return nest_wrappers(plain_repr(self._phys), [head for _, head in heads])

    __str__ = __repr__

    def __format__(self, spec: str) -> str:
        if self.ndim == 0:
            return format(self.item(), spec)    # as torch's: item() refuses under vmap
        return Tensor.__format__(self, spec)

    def item(self):
        raise RuntimeError("vmap: It looks like you're calling .item() on a Tensor. We don't support vmap over "
                           "calling .item() on a Tensor, please try to rewrite what you're doing with other "
                           "operations. If error is occurring somewhere inside PyTorch internals, please file a "
                           "bug report.")

    def _python_scalar(self):
        """float(t), int(t), complex(t) go through item() in torch, so they refuse the same way."""
        return self.item()

    def requires_grad_(self, requires_grad: bool = True):
        raise RuntimeError(TRANSFORMED_REQUIRES_GRAD)

    def _tracked(self) -> bool:
        """Whether a grad transform inside this tensor's vmaps tracks it. torch's wrappers nest by level
        and the outermost one shows: a BatchedTensor has no graph (requires_grad False, a leaf), a
        GradTrackingTensor of an inner grad level has its level's."""
        if not _inst.grad_levels:
            return False
        top = max(depth.get(level, level) for level in self._lv)
        return any(lvl > top for lvl in grad_tracking_levels(self._phys))

    @property
    def requires_grad(self) -> bool:
        return self._requires_grad and self._tracked()

    @requires_grad.setter
    def requires_grad(self, flag) -> None:
        self.requires_grad_(flag)

    @property
    def grad_fn(self):
        return Tensor.grad_fn.fget(self) if self._tracked() else None

    @property
    def is_leaf(self) -> bool:
        return self._grad_fn is None or not self._tracked()

    def retain_grad(self) -> None:
        if not self.requires_grad:
            raise errors.GraphError("can't retain_grad on Tensor that has requires_grad=False")
        Tensor.retain_grad(self)

    def detach(self) -> Tensor:
        """The physical tensor detached, still batched (Tensor.detach would drop the batch dims)."""
        return wrap(self._phys.detach(), self._lv)

    @property
    def data(self):
        raise RuntimeError("accessing `data` under vmap transform is not allowed")

    def __bool__(self) -> bool:
        raise RuntimeError("vmap: It looks like you're attempting to use a Tensor in some data-dependent control "
                           "flow. We don't support that yet, please file an issue at "
                           "https://github.com/pytorch/pytorch/issues .")

    def data_ptr(self):
        raise RuntimeError("Cannot access data pointer of Tensor that doesn't have storage")

    def tolist(self):
        raise RuntimeError("Cannot access data pointer of Tensor that doesn't have storage")

    def numpy(self, *, force: bool = False):
        raise RuntimeError("Cannot access data pointer of Tensor that doesn't have storage")


def wrap(phys: Tensor, lv: tuple) -> Tensor:
    """``phys`` seen as a batched tensor of levels ``lv`` (plain when ``lv`` is empty)."""
    if not lv:
        return phys
    t = object.__new__(BatchedTensor)
    t._data = phys._data
    t._grad_fn = phys._grad_fn
    t._output_nr = phys._output_nr
    t._requires_grad = phys._requires_grad
    t._grad = None
    t._vc = phys._vc
    t._base = None
    t._x = None
    t._phys = phys
    t._lv = lv
    return t


def phys_of(t):
    return t._phys if isinstance(t, BatchedTensor) else t


def levels_of(t) -> tuple:
    return t._lv if isinstance(t, BatchedTensor) else ()


def op(name: str, *args, **params):
    """Run an op record on physical tensors, outside the batching hook (the graph is recorded)."""
    return physical(OPS[name], args, params or None)


def physical(o, args, params):
    """Run ``o`` on physical tensors: profiled and with forward-AD tangents when those are on."""
    if _inst.forward_ad or _inst._profilers:
        return _inst.run_physical(o, args, params, _plain)
    return call(o, args, params, False)


def _plain(o, args, params):
    return call(o, args, params, False)


def unsqueeze(p: Tensor, dim: int) -> Tensor:
    """``p`` with a size-1 dim at ``dim`` (given as a negative dim, as the engine's own wrappers
    do, so a batched backward, ``is_grads_batched``, squeezes the right one)."""
    return op("unsqueeze", p, dim=dim - (p._data.ndim + 1) if dim >= 0 else dim)


def align(t, lv: tuple, rank: int | None = None) -> Tensor:
    """The physical tensor of ``t`` with a (size-1) dim for each level of ``lv`` and, when ``rank``
    is given, size-1 logical dims in front so its logical rank is ``rank``."""
    if t.__class__ is BatchedTensor:
        p, own = t._phys, t._lv
    else:
        p, own = t, ()
    if own != lv:
        for i, level in enumerate(lv):
            if level not in own:
                p = unsqueeze(p, i)
    pad = 0 if rank is None else rank - (p._data.ndim - len(lv))
    if pad > 0:     # torch's maybePadToLogicalRank: a view with size-1 dims after the batch dims
        shape = p._data.shape
        p = op("view", p, shape=shape[:len(lv)] + (1,) * pad + shape[len(lv):])
    return p


def arrange(t, lv: tuple, rank: int | None = None) -> Tensor:
    """``align`` for levels in any order: the physical tensor of ``t`` (whose levels are among
    ``lv``) with its batch dims in the order of ``lv``."""
    own = levels_of(t)
    wanted = tuple(level for level in lv if level in own)
    if wanted == own:
        return align(t, lv, rank)
    p = t._phys
    order = tuple(own.index(level) for level in wanted) + tuple(range(len(own), p._data.ndim))
    return align(wrap(op("permute", p, dims=order), wanted), lv, rank)


def full(t, lv: tuple, rank: int | None = None) -> Tensor:
    """The physical tensor of ``t`` with every level of ``lv`` at its batch size (for ops that do
    not broadcast over the batch dims); ``rank`` as in ``align``."""
    p = align(t, lv, rank)
    sizes = dict(active)
    want = tuple(sizes[level] for level in lv) + tuple(p._data.shape[len(lv):])
    return p if tuple(p._data.shape) == want else op("expand", p, size=want)


def shift(d, nb: int):
    """A dim (or dims) of an example as a dim of the physical tensor (negative dims need nothing)."""
    if isinstance(d, (tuple, list)):
        return tuple(shift(x, nb) for x in d)
    return d + nb if d >= 0 else d


def materialize(t: Tensor, graph: bool = True) -> Tensor:
    """``t`` batched at every running level (an unbatched tensor repeated): what grad needs inside
    vmap to give one gradient per example. Without ``graph`` (nothing outside follows ``t``) it
    is a numpy broadcast view, made without recording ops."""
    lv = tuple(level for level, _ in active)
    if not graph:
        data, own = phys_of(t)._data, levels_of(t)
        for i, level in enumerate(lv):
            if level not in own:
                data = np.expand_dims(data, i)
        return wrap(make(np.broadcast_to(data, tuple(size for _, size in active) + data.shape[len(lv):])), lv)
    p = align(t, lv)
    sizes = tuple(size for _, size in active) + tuple(p._data.shape[len(lv):])
    if tuple(p._data.shape) != sizes:
        p = op("expand", p, size=sizes)      # a broadcast view: the examples share the memory
    return wrap(p, lv)
