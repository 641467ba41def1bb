"""``torch.einsum`` as ATen computes it (Linear.cpp): every operand is permuted to one label order
(unsqueezed where a label is missing, diagonals for repeated labels), then contracted left to right
with sumproduct_pair's permute/reshape/bmm/view/permute -- so the graph has torch's nodes."""
from __future__ import annotations

import math

from .. import errors, instrumentation
from ..public import public
from .arithmetic import mul
from .linear_algebra import bmm

ELLIPSIS = -1


def _label_index(c: str) -> int:
    """torch's order of labels: A-Z before a-z (the implicit output is sorted by it)."""
    return ord(c) - ord("A") if c.isupper() else 26 + ord(c) - ord("a")


def _labels(text: str) -> list:
    out, i = [], 0
    while i < len(text):
        if text.startswith("...", i):
            out.append(ELLIPSIS)
            i += 3
        elif text[i].isalpha() and text[i].isascii():
            out.append(_label_index(text[i]))
            i += 1
        else:
            raise errors.AutogradError(f"einsum(): invalid subscript given at index {i} in the equation string, "
                                       "subscripts must be in [a-zA-Z]")
    return out


def _subscript(label: int) -> str:
    return chr(ord("A") + label) if label < 26 else chr(ord("a") + label - 26)


def _sublist_subscript(n) -> str:
    if n is Ellipsis:
        return "..."
    if 0 <= n < 52:
        return _subscript(n)
    raise ValueError("einsum(): subscript in subscript list is not within the valid range [0, 52)")


@public()
def einsum(*args):
    if len(args) < 2:
        raise ValueError("einsum(): must specify the equation string and at least one operand, "
                         "or at least one operand and its subscripts list")
    if isinstance(args[0], str):
        equation, operands = args[0], args[1:]
    else:       # the sublist form: einsum(a, [0, 1], b, [1, 2], [0, 2])
        equation = ",".join("".join(_sublist_subscript(n) for n in sub) for sub in args[1::2])
        if len(args) % 2:
            equation += "->" + "".join(_sublist_subscript(n) for n in args[-1])
            operands = args[:-1:2]
        else:
            operands = args[::2]
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = tuple(operands[0])
    eq = equation.replace(" ", "")
    lhs, arrow, rhs = eq.partition("->")
    subs = lhs.split(",")
    if len(subs) != len(operands):
        raise errors.AutogradError("einsum(): more operands were provided than specified in the equation"
                                   if len(operands) > len(subs) else
                                   "einsum(): fewer operands were provided than specified in the equation")
    op_labels = [_labels(s) for s in subs]
    ell_num_dim = 0
    counts = {}
    for i, (labels, op) in enumerate(zip(op_labels, operands)):
        named = [c for c in labels if c != ELLIPSIS]
        if ELLIPSIS in labels:
            if op.ndim < len(named):
                raise errors.AutogradError(f"einsum(): the number of subscripts in the equation ({len(named)}) "
                                           f"is more than the number of dimensions ({op.ndim}) for operand {i}")
            ell_num_dim = max(ell_num_dim, op.ndim - len(named))
        elif len(named) != op.ndim:
            raise errors.AutogradError(f"einsum(): the number of subscripts in the equation ({len(named)}) does not "
                                       f"match the number of dimensions ({op.ndim}) for operand {i} and no "
                                       "ellipsis was given")
        for c in named:
            counts[c] = counts.get(c, 0) + 1
    _check_sizes(op_labels, operands)

    # the position of every label after the permutation: the output's first, then the contracted ones
    perm_of, perm_index, ell_index, has_ellipsis = {}, 0, 0, False
    if arrow:
        for c in _labels(rhs):
            if c == ELLIPSIS:
                ell_index, has_ellipsis = perm_index, True
                perm_index += ell_num_dim
                continue
            if c not in counts:
                raise errors.AutogradError(f"einsum(): output subscript {_subscript(c)} does not appear in the "
                                           "equation for any input operand")
            if c in perm_of:
                raise errors.AutogradError(f"einsum(): output subscript {_subscript(c)} appears more than once "
                                           "in the output")
            perm_of[c] = perm_index
            perm_index += 1
    else:
        perm_index, has_ellipsis = ell_num_dim, True
        for c in sorted(counts):
            if counts[c] == 1:
                perm_of[c] = perm_index
                perm_index += 1
    out_size = perm_index
    if not has_ellipsis:
        ell_index = perm_index
        perm_index += ell_num_dim
    for c in sorted(counts):
        if c not in perm_of:
            perm_of[c] = perm_index
            perm_index += 1

    dim_counts = [0] * perm_index
    ops = []
    for labels, op in zip(op_labels, operands):
        permutation = [-1] * perm_index
        dim = 0
        for c in labels:
            if c == ELLIPSIS:
                ndim = op.ndim - (len(labels) - 1)
                for j in range(ell_num_dim - ndim, ell_num_dim):
                    if op.shape[dim] != 1:
                        dim_counts[ell_index + j] += 1
                    permutation[ell_index + j] = dim
                    dim += 1
            elif permutation[perm_of[c]] == -1:
                if op.shape[dim] != 1:
                    dim_counts[perm_of[c]] += 1
                permutation[perm_of[c]] = dim
                dim += 1
            else:                                   # a repeated label: its diagonal, where it first stood
                prev = permutation[perm_of[c]]
                op = op.diagonal(0, prev, dim).movedim(-1, prev)
        for k, val in enumerate(permutation):
            if val == -1:
                op = op.unsqueeze(dim)
                permutation[k] = dim
                dim += 1
        ops.append(op.permute(permutation))

    while len(ops) > 1:
        a, b = ops[0], ops[1]
        ops = ops[2:]
        sum_dims, a_sum, b_sum = [], [], []
        for dim in range(out_size, perm_index):
            if a.shape[dim] != 1 and b.shape[dim] != 1:
                dim_counts[dim] -= 1
                if dim_counts[dim] == 1:
                    sum_dims.append(dim)
                    dim_counts[dim] = 0
            elif dim_counts[dim] == 1:
                if a.shape[dim] != 1:
                    a_sum.append(dim)
                    dim_counts[dim] = 0
                elif b.shape[dim] != 1:
                    b_sum.append(dim)
                    dim_counts[dim] = 0
        if a_sum:
            a = a.sum(a_sum, True)
        if b_sum:
            b = b.sum(b_sum, True)
        ops.insert(0, _sumproduct_pair(a, b, sum_dims))

    result = ops[0]
    if perm_index > out_size:
        if len(operands) > 1:
            return result.view(tuple(result.shape[:out_size]))
        return result.sum(list(range(out_size, perm_index)))
    return result


def _sumproduct_pair(left, right, sum_dims):
    """ATen's sumproduct_pair with keepdim: the product of two aligned operands summed over
    sum_dims, as one bmm between permutes and reshapes."""
    if not sum_dims:
        instrumentation.check_broadcast(tuple(left.shape), tuple(right.shape))   # before the product is made
        return mul(left, right)
    lro, lo, ro = [], [], []
    lro_size = lo_size = ro_size = sum_size = 1
    for i in range(left.ndim):
        sl, sr = left.shape[i] != 1, right.shape[i] != 1
        if i in sum_dims:
            if sl and sr:
                if left.shape[i] != right.shape[i]:
                    raise errors.AutogradError("non-broadcast dimensions must match")
                sum_size *= left.shape[i]
            elif sl:
                left = left.sum(i, True)
            elif sr:
                right = right.sum(i, True)
        elif sl and sr:
            if left.shape[i] != right.shape[i]:
                raise errors.AutogradError("non-broadcast dimensions must match")
            lro.append(i)
            lro_size *= left.shape[i]
        elif sl:
            lo.append(i)
            lo_size *= left.shape[i]
        else:
            ro.append(i)
            ro_size *= right.shape[i]
    if lo and ro and max(ro) < min(lo):     # torch swaps the operands when right's dims come first
        left, right, lo, ro, lo_size, ro_size = right, left, ro, lo, ro_size, lo_size
    out_shape = ([left.shape[d] for d in lro] + [left.shape[d] for d in lo] + [1] * len(sum_dims)
                 + [right.shape[d] for d in ro])
    order = lro + lo + list(sum_dims) + ro
    operm = [0] * len(order)
    for k, d in enumerate(order):
        operm[d] = k
    left = left.permute(lro + lo + list(sum_dims) + ro).reshape(lro_size, lo_size, sum_size)
    right = right.permute(lro + list(sum_dims) + ro + lo).reshape(lro_size, sum_size, ro_size)
    return bmm(left, right).view(tuple(out_shape)).permute(operm)


def _check_sizes(op_labels, operands) -> None:
    """torch's complaints about a subscript's sizes: within one operand, then across operands."""
    seen = {}
    for i, (labels, op) in enumerate(zip(op_labels, operands)):
        named = [c for c in labels if c != ELLIPSIS]
        if ELLIPSIS in labels:
            cut = labels.index(ELLIPSIS)
            shape = list(op.shape[:cut]) + list(op.shape[op.ndim - (len(named) - cut):]) if len(named) > cut \
                else list(op.shape[:cut])
        else:
            shape = list(op.shape)
        own = {}
        for c, n in zip(named, shape):
            if own.setdefault(c, n) != n:
                raise errors.AutogradError(f"einsum(): subscript {_subscript(c)} is repeated for operand {i} but "
                                           f"the sizes don't match, {n} != {own[c]}")
        for c, n in own.items():
            before = seen.setdefault(c, n)
            if before != n and 1 not in (before, n):
                raise errors.AutogradError(f"einsum(): subscript {_subscript(c)} has size {n} for operand {i} "
                                           f"which does not broadcast with previously seen size {before}")
