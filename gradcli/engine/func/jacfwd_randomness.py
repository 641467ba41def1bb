"""jacfwd's ``randomness`` flag. torch's jacfwd is vmap(jvp) over the rows of the identity, so
'error' (the default) refuses any draw in the function, 'same' draws once for every row (what
gradcli's one forward pass with batched tangents does) and 'different' draws for each row: that
one runs as torch runs it, vmap over jvp."""
from __future__ import annotations

import contextlib

import numpy as np

from .. import creation
from ..tensor import make
from . import pytree
from .vmap import _refuse_random, vmap


@contextlib.contextmanager
def draws_refused():
    """Every random draw refused with vmap's 'error' message, also inside an outer vmap."""
    saved = creation.random_guard, creation.random_batch, creation.random_rules
    creation.random_guard, creation.random_batch, creation.random_rules = _refuse_random, None, None
    try:
        yield
    finally:
        creation.random_guard, creation.random_batch, creation.random_rules = saved


def jacfwd_per_row(func, args: tuple, nums: tuple, argnums, has_aux: bool, jvp):
    """The Jacobian with a draw per basis row: vmap(jvp, randomness='different') over the identity,
    each output's tangents then moved last, split per input and shaped (torch's steps); the aux
    output is the first row's."""
    flat_in = [pytree.flatten(args[n]) for n in nums]
    leaves = [leaf for ls, _ in flat_in for leaf in ls]
    sizes = [leaf.numel() for leaf in leaves]
    total = sum(sizes)
    basis, start = [], 0
    for leaf, n in zip(leaves, sizes):
        rows = np.zeros((total, n), leaf._data.dtype)
        rows[start + np.arange(n), np.arange(n)] = 1
        basis.append(make(rows.reshape((total,) + tuple(leaf.shape))))
        start += n

    def push(*rows):
        it = iter(rows)
        tangents = tuple(pytree.unflatten(spec, [next(it) for _ in ls]) for ls, spec in flat_in)

        def at(*primals):
            full = list(args)
            for n, p in zip(nums, primals):
                full[n] = p
            return func(*full)
        out = jvp(at, tuple(args[n] for n in nums), tangents, has_aux=has_aux)
        return (out[1], out[2]) if has_aux else out[1]

    result = vmap(push, randomness="different")(*basis)
    tangents, aux = result if has_aux else (result, None)
    outs, o_spec = pytree.flatten(tangents)
    per_out = []
    for o in outs:
        parts = o.movedim(0, -1).split(sizes, -1)
        it = iter(p.view(tuple(o.shape[1:]) + tuple(leaf.shape)) for p, leaf in zip(parts, leaves))
        per_arg = [pytree.unflatten(spec, [next(it) for _ in ls]) for ls, spec in flat_in]
        per_out.append(per_arg[0] if isinstance(argnums, int) else tuple(per_arg))
    jac = pytree.unflatten(o_spec, per_out)
    if not has_aux:
        return jac
    a_leaves, a_spec = pytree.flatten(aux)
    return jac, pytree.unflatten(a_spec, [a[0] for a in a_leaves])
