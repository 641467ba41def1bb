"""``torch.einsum`` with torch's own decomposition: diagonals, sums, then pairwise bmm or mul."""
from __future__ import annotations

import math

from .. import errors
from ..public import public
from .shapes import diagonal
from .arithmetic import mul
from .reductions import sum
from .linear_algebra import bmm


@public()
def einsum(equation, *operands):
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = tuple(operands[0])
    eq = equation.replace(" ", "")
    lhs, arrow, out = eq.partition("->")
    subs = lhs.split(",")
    if len(subs) != len(operands):
        raise errors.AutogradError("einsum(): more operands were provided than specified in the equation"
                                   if len(operands) > len(subs) else
                                   "einsum(): fewer operands were provided than specified in the equation")
    spare = iter("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    ell = None
    letters = []
    for s, op in zip(subs, operands):
        if "..." in s:
            n = op.ndim - (len(s) - 3)
            if ell is None or len(ell) < n:
                ell = (ell or "") + "".join(next(spare) for _ in range(n - len(ell or "")))
            s = s.replace("...", ell[len(ell) - n:] if n else "")
        if len(s) != op.ndim:
            raise errors.AutogradError(f"einsum(): the number of subscripts in the equation ({len(s)}) does not "
                                       f"match the number of dimensions ({op.ndim}) for operand "
                                       f"{len(letters)}{' and no ellipsis was given' if '...' not in s else ''}")
        letters.append(s)
    _check_sizes(letters, operands)
    if arrow:
        out = out.replace("...", ell or "")
    else:
        counts = {}
        for s in letters:
            for c in s:
                counts[c] = counts.get(c, 0) + 1
        out = (ell or "") + "".join(sorted(c for c, k in counts.items() if k == 1 and c not in (ell or "")))
    ops = []
    for s, op in zip(letters, operands):
        s = list(s)
        # repeated letters: take the diagonal (it becomes the last dim)
        while len(set(s)) != len(s):
            c = next(c for c in s if s.count(c) > 1)
            p = s.index(c)
            q = s.index(c, p + 1)
            op = diagonal(op, 0, p, q)
            s = [x for i, x in enumerate(s) if i not in (p, q)] + [c]
        ops.append((op, s))

    def needed(rest):
        keep = set(out)
        for _, s in rest:
            keep |= set(s)
        return keep

    # letters only one operand has and the output does not: sum them first
    current, cur = ops[0]
    rest = ops[1:]
    gone = [i for i, c in enumerate(cur) if c not in needed(rest)]
    if gone:
        current = sum(current, tuple(gone))
        cur = [c for c in cur if c in needed(rest)]
    while rest:
        (b, bs), rest = rest[0], rest[1:]
        keep = needed(rest)
        drop_b = [i for i, c in enumerate(bs) if c not in keep and c not in cur]
        if drop_b:
            b = sum(b, tuple(drop_b))
            bs = [c for c in bs if c in keep or c in cur]
        batch = [c for c in cur if c in bs and c in keep]
        contract = [c for c in cur if c in bs and c not in keep]
        a_only = [c for c in cur if c not in bs]
        b_only = [c for c in bs if c not in cur]
        sizes = {c: current.shape[i] for i, c in enumerate(cur)}
        sizes.update({c: b.shape[i] for i, c in enumerate(bs)})
        if contract:
            pa = [cur.index(c) for c in batch + a_only + contract]
            pb = [bs.index(c) for c in batch + contract + b_only]
            ta = current.permute(pa) if pa != list(range(len(pa))) else current
            tb = b.permute(pb) if pb != list(range(len(pb))) else b
            nbatch = math.prod(sizes[c] for c in batch)
            ta = ta.reshape(nbatch, math.prod(sizes[c] for c in a_only), math.prod(sizes[c] for c in contract))
            tb = tb.reshape(nbatch, math.prod(sizes[c] for c in contract), math.prod(sizes[c] for c in b_only))
            current = bmm(ta, tb).view(tuple(sizes[c] for c in batch + a_only + b_only))
            cur = batch + a_only + b_only
        else:
            full = batch + a_only + b_only
            ta = current.permute([cur.index(c) for c in batch + a_only]) if cur != batch + a_only else current
            ta = ta.reshape(tuple(sizes[c] for c in batch + a_only) + (1,) * len(b_only))
            order = [bs.index(c) for c in batch + b_only]
            tb = b.permute(order) if order != list(range(len(order))) else b
            tb = tb.reshape(tuple(sizes[c] for c in batch) + (1,) * len(a_only) + tuple(sizes[c] for c in b_only))
            current = mul(ta, tb)
            cur = full
    if list(cur) != list(out):
        perm = [cur.index(c) for c in out]
        current = current.permute(perm)
    return current


def _check_sizes(letters, operands) -> None:
    """torch's complaints about a subscript's sizes: within one operand, then across operands."""
    seen = {}
    for i, (s, op) in enumerate(zip(letters, operands)):
        own = {}
        for c, n in zip(s, op.shape):
            if own.setdefault(c, n) != n:
                raise errors.AutogradError(f"einsum(): subscript {c} is repeated for operand {i} but the sizes "
                                           f"don't match, {n} != {own[c]}")
        for c, n in own.items():
            before = seen.setdefault(c, n)
            if before != n and 1 not in (before, n):
                raise errors.AutogradError(f"einsum(): subscript {c} has size {n} for operand {i} which does not "
                                           f"broadcast with previously seen size {before}")
