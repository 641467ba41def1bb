"""``nanmedian``: the median of the numbers, NaNs left out (a slice of NaNs only gives NaN).

As torch's kernel: the lower median, equal values ordered by index (so the index is the stable
sort's), an all-NaN slice's index the one libstdc++'s nth_element leaves (see ``std_sort``).
The gradients are median's: shared among the elements equal to the value (NaNs, for a NaN
result), or sent to the returned index.
"""
from __future__ import annotations

import numpy as np

from . import dtype_rules
from .reduction import _even_share, _full_samples, _max_dim_bwd
from .registry import KEEP, defop
from .samples import Sample, arr
from .std_sort import nth_element_position


def _nanmedian(a):
    dtype_rules.refuse_bool("median_cpu", a)
    flat = a.reshape(-1)
    if a.dtype.kind == "f":
        flat = flat[~np.isnan(flat)]
    if flat.size == 0:
        return np.asarray(np.nan, dtype=a.dtype)
    return np.asarray(np.sort(flat, kind="stable")[(flat.size - 1) // 2], dtype=a.dtype)


def _nanmedian_dim(a, dim, keepdim):
    dtype_rules.refuse_bool("median_out", a)
    if a.ndim == 0:
        return a.copy(), np.zeros((), np.int64)
    if a.shape[dim] == 0:
        raise IndexError(f"median(): Expected reduction dim {dim % a.ndim} to have non-zero size.")
    rows = np.moveaxis(a, dim, -1)
    shape, n = rows.shape[:-1], rows.shape[-1]
    rows = rows.reshape(-1, n)
    numbers = n - np.isnan(rows).sum(axis=1) if a.dtype.kind == "f" else np.full(len(rows), n)
    rank = np.maximum(numbers - 1, 0) // 2          # C++'s (-1) / 2 is 0: an all-NaN slice takes position 0
    index = np.argsort(rows, axis=1, kind="stable")[np.arange(len(rows)), rank]   # NaN sorts last
    for r in np.flatnonzero(numbers == 0):
        index[r] = nth_element_position([0] * n, 0)     # NaNs: none is less than another
    values = rows[np.arange(len(rows)), index].reshape(shape)
    index = index.reshape(shape).astype(np.int64)
    if keepdim:
        values, index = np.expand_dims(values, dim), np.expand_dims(index, dim)
    return values, index


NANMEDIAN = defop("nanmedian", "NanmedianBackward0", ("self",), _nanmedian,
                  lambda m, g, self, result: _even_share(m, g, self, result, None, False, nan_ties=True),
                  saves=("self", "result"), promote=KEEP, samples=_full_samples(),
                  jvp_note="generic: derived through double-vjp",
                  rule="to the median of the numbers; ties share evenly", real=dtype_rules.complex_kernel("median_cpu"))
NANMEDIAN_DIM = defop("nanmedian.dim", "NanmedianBackward1", ("self",), _nanmedian_dim, _max_dim_bwd,
                      saves=("self_sym_sizes", "indices", "dim", "keepdim"), promote=KEEP, outputs=2,
                      nondiff_outputs=(1,),
                      samples=lambda: [Sample(arr(3, 4), params={"dim": -1, "keepdim": False}),
                                       Sample(arr(3, 5), params={"dim": -2, "keepdim": True})],
                      jvp_note="generic: derived through double-vjp",
                      rule="to the element at the returned index", real=dtype_rules.complex_kernel("median_out"))
