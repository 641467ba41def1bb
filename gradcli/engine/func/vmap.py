"""``torch.func.vmap``: run a function written for one example over a batch, each op once.

Inputs are moved so their batch dim leads, wrapped as batched tensors of a new level, and every
op on them goes through its batching rule (batching_rules.py); the outputs are unwrapped and
their batch dim moved to ``out_dims``.
"""
from __future__ import annotations

import functools

from .. import creation, instrumentation
from ..functions import cat
from ..tensor import Tensor
from . import batched, pytree, random_rules
from .batched import levels_of, op, phys_of, unsqueeze, wrap
from .batching_rules import batching_hook
from .custom_function import function_batching
from .fallback import per_example
from .index_each import index_each
from .rules_indexing import batched_index

__all__ = ["vmap"]

instrumentation.function_batching = function_batching    # Function.apply under vmap
instrumentation.per_example = per_example                 # searchsorted, histc, isin: once per example
instrumentation.index_batching = batched_index            # x[i], gather, take with an index per example
instrumentation.index_each = index_each                  # index_select, scatters, x[i] = v: once per example


def _per_arg(dims, args, name: str) -> list:
    if not isinstance(dims, (int, tuple)):
        raise ValueError(f"vmap({name}, in_dims={dims}, ...)(<inputs>): expected `in_dims` to be int or a "
                         f"(potentially nested) tuple matching the structure of inputs, got: {type(dims)}.")
    if not args:
        raise ValueError(f"vmap({name})(<inputs>): got no inputs. Maybe you forgot to add inputs, or you are "
                         f"trying to vmap over a function with no inputs. The latter is unsupported.")
    if isinstance(dims, int):
        return [dims] * len(args)
    if not pytree.broadcasts(dims, tuple(args)):
        raise ValueError(f"vmap({name}, in_dims={dims!r}, ...)(<inputs>): in_dims is not compatible with the "
                         f"structure of `inputs`. in_dims has structure {pytree.spec_repr(dims)} but inputs has "
                         f"structure {pytree.spec_repr(tuple(args))}.")
    return list(dims)


def _leaves_with_dims(args, in_dims, name):
    """(leaf, in_dim) for every leaf of the args."""
    out = []
    for a, d in zip(args, _per_arg(in_dims, args, name)):
        leaves, spec = pytree.flatten(a)
        ds = pytree.broadcast_leaves(d, a)
        out.append((leaves, spec, ds))
    return out


def vmap(func, in_dims=0, out_dims=0, randomness: str = "error", *, chunk_size=None):
    """Vectorize ``func`` over the dim ``in_dims`` of its inputs."""
    if randomness not in ("error", "different", "same"):
        raise RuntimeError(f"Only allowed values for randomness are 'error', 'different', or 'same'. "
                           f"Got {randomness}")
    if chunk_size is not None and (not isinstance(chunk_size, int) or chunk_size <= 0):
        raise ValueError(f"vmap: chunk_size should be None or greater than 0. (got {chunk_size})")
    name = getattr(func, "__name__", "fn")

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        if not isinstance(out_dims, int) and any(d is not None and not isinstance(d, int)
                                                 for d in pytree.flatten(out_dims)[0]):
            raise ValueError(f"vmap({name}, ..., out_dims={out_dims}): `out_dims` must be an int, None or a python "
                             f"collection of ints representing where in the outputs the vmapped dimension should "
                             f"appear.")
        groups = _leaves_with_dims(args, in_dims, name)
        sizes = []      # every mapped size, in argument order (torch's error lists them all)
        for leaves, _, ds in groups:
            for leaf, d in zip(leaves, ds):
                if d is None:
                    continue
                if not isinstance(d, int):
                    raise ValueError(f"vmap({name}, in_dims={in_dims!r}, ...)(<inputs>): Got in_dim={d} for an "
                                     f"input but in_dim must be either an integer dimension or None.")
                if not isinstance(leaf, Tensor):
                    raise ValueError(f"vmap({name}, in_dims={in_dims!r}, ...)(<inputs>): Got in_dim={d} for an "
                                     f"input but the input is of type {type(leaf)}. We cannot vmap over non-Tensor "
                                     f"arguments, please use None as the respective in_dim")
                if not -leaf.ndim <= d < max(leaf.ndim, 1) or leaf.ndim == 0:
                    raise ValueError(f"vmap({name}, in_dims={in_dims!r}, ...)(<inputs>): Got in_dim={d} for some "
                                     f"input, but that input is a Tensor of dimensionality {leaf.ndim} so expected "
                                     f"in_dim to satisfy -{leaf.ndim} <= in_dim < {leaf.ndim}.")
                sizes.append(leaf.shape[d])
        if not sizes:
            raise ValueError("vmap: Expected at least one Tensor to vmap over")
        if any(n != sizes[0] for n in sizes):
            raise ValueError(f"vmap: Expected all tensors to have the same size in the mapped dimension, got sizes "
                             f"{sizes} for the mapped dimension")
        size = sizes[0]
        step = size if chunk_size is None else chunk_size
        if step >= size:
            return _run(func, groups, kwargs, size, out_dims, name, randomness)
        state = creation.get_rng_state() if randomness == "same" else None
        parts = []
        for start in range(0, size, step):
            if state is not None:
                creation.set_rng_state(state)     # torch's: every chunk draws the same numbers
            parts.append(_run(func, _narrow(groups, start, min(step, size - start)), kwargs,
                              min(step, size - start), out_dims, name, randomness))
        return _concat(parts, out_dims)
    return wrapper


def _narrow(groups, start, length):
    out = []
    for leaves, spec, ds in groups:
        out.append(([leaf if d is None else leaf.narrow(d, start, length) for leaf, d in zip(leaves, ds)], spec, ds))
    return out


def _concat(parts, out_dims):
    flat = [pytree.flatten(p) for p in parts]
    spec = flat[0][1]
    ods = _out_dims(out_dims, len(flat[0][0]))
    joined = [cat([f[0][i] for f in flat], dim=d) if d is not None else flat[0][0][i] for i, d in enumerate(ods)]
    return pytree.unflatten(spec, joined)


def _out_dims(out_dims, n):
    if isinstance(out_dims, int) or out_dims is None:
        return [out_dims] * n
    return list(pytree.flatten(out_dims)[0])


def _refuse_random():
    raise RuntimeError("vmap: called random operation while in randomness error mode. Please either use the "
                       "'same' or 'different' randomness flags on vmap or perform the randomness operation out "
                       "of vmap")


def _refuse_different():
    raise RuntimeError("vmap: randomness='different' is not supported by gradcli for this random function yet "
                       "(the factories, the *_like draws, the in-place fills, bernoulli, normal, multinomial and "
                       "dropout are): use "
                       "randomness='same' or draw the random values outside vmap")


def _random_mode() -> tuple:
    """(creation.random_guard, creation.random_batch) for the running levels: a level in 'error'
    mode refuses every draw; the 'different' levels draw one value per example; 'same' shares."""
    modes = batched.randomness
    if "error" in modes.values():
        return _refuse_random, None
    different = tuple(level for level, _ in batched.active if modes[level] == "different")
    if not different:
        return None, None
    sizes = dict(batched.active)
    return _refuse_different, (tuple(sizes[level] for level in different), lambda t: wrap(t, different))


def _run(func, groups, kwargs, size, out_dims, name, randomness):
    level = next(batched._ids)
    args = []
    for leaves, spec, ds in groups:
        args.append(pytree.unflatten(spec, [leaf if d is None else _enter(leaf, d, level) for leaf, d in
                                            zip(leaves, ds)]))
    batched.depth[level] = instrumentation.transforms + len(batched.active) + 1
    batched.active.append((level, size))
    batched.randomness[level] = randomness
    previous, guard, draws = instrumentation.batching, creation.random_guard, creation.random_batch
    instrumentation.set_batching(batching_hook)
    creation.random_guard, creation.random_batch = _random_mode()
    creation.random_rules = random_rules
    try:
        out = func(*args, **kwargs)
    finally:
        batched.active.pop()
        del batched.randomness[level], batched.depth[level]
        instrumentation.set_batching(previous if batched.active else None)
        creation.random_guard, creation.random_batch = guard, draws
        creation.random_rules = random_rules if batched.active else None
    leaves, spec = pytree.flatten(out)
    ods = _out_dims(out_dims, len(leaves))
    if len(ods) != len(leaves):
        raise ValueError(f"vmap({name}, ..., out_dims={out_dims!r})(<inputs>): out_dims is not compatible with the "
                         f"structure of `outputs`. out_dims has structure {pytree.spec_repr(out_dims)} but outputs "
                         f"has structure {pytree.spec_repr(out)}.")
    return pytree.unflatten(spec, [_leave(o, d, level, size, name) for o, d in zip(leaves, ods)])


def _enter(t: Tensor, d: int, level: int) -> Tensor:
    lv = levels_of(t)
    p = phys_of(t)
    d = d % t.ndim + len(lv)
    if d != len(lv):
        p = _move(p, d, len(lv))
    return wrap(p, lv + (level,))


def _move(p, src, dst):
    if src == dst:
        return p
    order = [i for i in range(p._data.ndim) if i != src]
    order.insert(dst, src)
    return op("permute", p, dims=tuple(order))


def _leave(o, d, level, size, name):
    if d is None and not isinstance(o, Tensor):     # torch hands back what out_dims=None marks as it is
        return o
    if not isinstance(o, Tensor):
        raise ValueError(f"vmap({name}, ...): `{name}` must only return Tensors, got type {type(o)}. Did you "
                         f"mean to set out_dims= to None for output?")
    lv = levels_of(o)
    if level not in lv:
        if d is None:
            return o
        p, rest = phys_of(o), lv
        k = len(rest) + d % (o.ndim + 1)
        p = unsqueeze(p, k)
        shape = list(p._data.shape)
        shape[k] = size
        return wrap(op("expand", p, size=tuple(shape)), rest)
    if d is None:
        raise ValueError(f"vmap({name}, ...): `{name}` can not return a BatchedTensor when out_dim is None")
    if not -(o.ndim + 1) <= d <= o.ndim:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-(o.ndim + 1)}, {o.ndim}], but got "
                         f"{d})")
    i = lv.index(level)
    rest = lv[:i] + lv[i + 1:]
    p = phys_of(o)
    if p._data.shape[i] != size:        # a rule's size-1 batch dim: every example is the same
        shape = list(p._data.shape)
        shape[i] = size
        p = op("expand", p, size=tuple(shape))
    p = _move(p, i, len(rest) + d % (o.ndim + 1))
    return wrap(p, rest)

