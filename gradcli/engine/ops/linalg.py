"""Linear algebra: matmul in every 1-D/2-D/batched broadcasting case, mm, bmm, mv, dot,
outer, trace, diag, tril, triu, inv, det, solve.

One formula serves all matmul shapes: a 1-D operand is treated as a row
(left) or a column (right) vector, exactly as matmul itself treats it.
"""
from __future__ import annotations

import functools

import numpy as np

from .. import blas_order, dtypes
from .. import instrumentation as _inst
from ..blas_order import sequential_product
from ..cascade_sum import torch_order_sum
from ..autograd.graph import SavedVariable
from ..errors import AutogradError, DTypeError, LinAlgError, ShapeError
from ..nodes import OpNode, checked_array, fit_grads
from . import dtype_rules, lu_kernel, rounded, small_bmm
from .decompositions import square_check
from .registry import KEEP, defop
from .samples import Sample, arr


def gemm(a, b):
    """``a @ b`` for 2-D arrays. OpenBLAS's float32 kernel for a short C-ordered ``a`` (a batch of
    at most 64 rows) times a transposed ``b`` (``x @ weight.T``, every nn.Linear) runs up to twice
    as slow as the same product taken as ``(b.T @ a.T).T``; that form is used there, and its
    result made C-ordered again (torch's addmm output is contiguous)."""
    if b.size >= 32768 and _swap_faster(a, b):
        return np.ascontiguousarray((b.T @ a.T).T)
    if a.shape[0] == 1 or b.shape[1] <= 8:     # a matrix-vector or narrow product: torch's order where known
        product = sequential_product(a, b)
        if product is not None:
            return product
    return a @ b


def gemm_add(c, a, b):
    """``c + a @ b`` (addmm with beta = alpha = 1, every nn.Linear): where ``gemm`` would copy its
    swapped product back to C order, the sum reads it as it is and writes the C-ordered result
    (one pass, one array fewer; the same sums). ``_swap_faster``'s test, inline: once per layer call."""
    if b.size >= 32768 and 4 <= a.shape[0] <= 64 and a.dtype is _F32 and b.dtype is _F32:   # (a singleton)
        fb = b.flags
        if fb.f_contiguous and not fb.c_contiguous and a.flags.c_contiguous:
            return np.add(c, (b.T @ a.T).T, order="C")
    if a.shape[0] == 1 or b.shape[1] <= 8:     # torch's order where known (its bias is added after the sum)
        product = sequential_product(a, b)
        if product is not None:
            return c + product
    return c + a @ b


def _swap_faster(a, b) -> bool:
    """(callers test ``b.size >= 32768`` first: a small product skips this call)"""
    return (4 <= a.shape[0] <= 64 and a.dtype == _F32 and b.dtype == _F32
            and a.flags.c_contiguous and b.flags.f_contiguous and not b.flags.c_contiguous)


_F32 = np.dtype(np.float32)


def _matmul_bwd(m, g, self, other, *sym_sizes, needs=(True, True)):
    a1, b1 = self.ndim == 1, other.ndim == 1
    want_a, want_b = needs
    if a1 and b1:
        return (m.unsqueeze(g, -1) * other if want_a else None,
                m.unsqueeze(g, -1) * self if want_b else None)
    if b1:   # (..., n, k) @ (k,) -> (..., n)
        gcol = m.unsqueeze(g, -1)
        if not want_b:
            return gcol * other, None
        # for a matrix, g @ self is one matrix product even with batched g (mT(self) @ g would be B mv's)
        gb = m.matmul(g, self) if self.ndim == 2 else m.squeeze(m.matmul(m.mT(self), gcol), -1)
        return (gcol * other if want_a else None), gb
    if a1:   # (k,) @ (..., k, p) -> (..., p)
        grow = m.unsqueeze(g, -2)
        return (m.squeeze(m.matmul(grow, m.mT(other)), -2) if want_a else None,
                m.unsqueeze(self, -1) * grow if want_b else None)
    if self.ndim == 2 and other.ndim == 2:
        return mm_grads(m, g, self, other, needs)
    return (m.matmul(g, m.mT(other)) if want_a else None,
            m.matmul(m.mT(self), g) if want_b else None)


def mm_grads(m, g, mat1, mat2, needs, layout1=None, layout2=None) -> tuple:
    """The two gradients of ``mat1 @ mat2``, each laid out as its operand is (torch's
    mm_mat1_backward / mm_mat2_backward): a weight used as ``W.t()`` is column-major, and its
    gradient computed as ``(g^T @ mat1)^T`` arrives at ``W`` contiguous, with no copy. An operand's
    layout is its saved (sizes, strides) when given: the operand itself is saved only for the other's
    gradient, as torch's."""
    ga = gb = None
    t = m.t if _recorded(m) else m.mT   # torch's formulas call .t(): TBackward0 under create_graph
    if needs[0]:
        ga = (t(m.matmul(mat2, t(g))) if _column_major(m, mat1, layout1) else
              m.matmul(g, t(mat2)))
    if needs[1]:
        gb = (t(m.matmul(t(g), mat1)) if _column_major(m, mat2, layout2) else
              m.matmul(t(mat1), g))
    return ga, gb


def _column_major(m, x, layout=None) -> bool:
    """torch's test: strides (1, rows), a matrix stored column by column (a transposed one)."""
    if m.nb:
        return False
    if layout is None:
        data = getattr(x, "_data", x)
        layout = data.shape, tuple(s // data.itemsize for s in data.strides)
    shape, strides = layout
    return len(strides) == 2 and strides[0] == 1 and strides[1] == shape[0]


def _pad_batch(m, t, ndim: int):
    """Give a batched tangent at least ``ndim`` unbatched dims (singletons after the batch dims),
    so that broadcasting lines its dims up with the other operand's."""
    missing = ndim - (t.ndim - m.nb)
    for _ in range(max(missing, 0)):
        t = m.unsqueeze(t, m.nb)
    return t


def _matmul_jvp(m, t, self, other):
    out = None
    if t[0] is not None:
        ta = _pad_batch(m, t[0], other.ndim) if self.ndim >= 2 and other.ndim > 2 else t[0]
        out = m.matmul(ta, other)
    if t[1] is not None:
        tb = t[1]
        if other.ndim == 1:
            tb = _pad_batch(m, tb, self.ndim - 1) if self.ndim > 2 else tb
            part = m.squeeze(m.matmul(self, m.unsqueeze(tb, -1)), -1)
        else:
            part = m.matmul(self, _pad_batch(m, tb, self.ndim) if self.ndim > 2 else tb)
        out = part if out is None else out + part
    return out


def _product(check, product=np.matmul):
    """``product`` (np.matmul) after torch's dtype check of the kernel (one dtype, no bool)."""
    def forward(a, b):
        check(a, b)
        _inst.check_matmul(a, b)
        return product(a, b)
    return forward


def matmul_check(a, b) -> None:
    """The check of the kernel torch's matmul decomposes into for these ranks."""
    if a.ndim == 1 and b.ndim == 1:
        dtype_rules.dot(a, b)
    elif b.ndim == 1:
        dtype_rules.mv(a, b)
    elif b.ndim == 2:
        dtype_rules.mm(a, b)
    else:
        dtype_rules.bmm(a, b)


def _recorded(m) -> bool:
    """Formulas that record a graph (create_graph) call torch's own ops, so the nodes carry its names;
    elsewhere (plain arrays, batched gradients) one broadcasting matmul gives the same values."""
    return m.is_tensor and not m.nb


def _outer(m, g, vec):
    """grad.ger(vec): torch's outer is ``g.reshape(-1, 1) * vec``."""
    return m.reshape(g, (-1, 1)) * vec if _recorded(m) else m.unsqueeze(g, -1) * vec


def _mv_t(m, mat, g):
    """mat.t().mv(grad)."""
    return m.mv(m.t(mat), g) if _recorded(m) else m.matmul(g, mat)


def _scaled_vector(m, g, vec):
    """dot's gradient, grad * vec (a 0-d grad broadcasts; batched grads need their vector dim)."""
    return g * vec if _recorded(m) else m.unsqueeze(g, -1) * vec


def _bmm(m, a, b):
    return m.bmm(a, b) if _recorded(m) else m.matmul(a, b) if m.is_tensor else small_bmm.bmm(a, b)


def _mm_samples():
    return [Sample(arr(3, 4), arr(4, 2, seed=1))]


_mm = dict(saves=("self", "other"), jvp=_matmul_jvp, promote=KEEP, masked=True,
           rule="d/dself = g @ other^T, d/dother = self^T @ g")


def _crossed(a: str, b: str) -> dict:
    """torch saves each operand of a product for the other's gradient only."""
    return {a: (b,), b: (a,)}


def _mm_bwd(m, g, self, mat2, mat2_sym_sizes, self_sym_sizes, mat2_sym_strides, self_sym_strides, needs):
    return mm_grads(m, g, self, mat2, needs, (self_sym_sizes, self_sym_strides), (mat2_sym_sizes, mat2_sym_strides))


MM = defop("mm", "MmBackward0", ("self", "mat2"), _product(dtype_rules.mm, blas_order.matmul), _mm_bwd, samples=_mm_samples,
           **{**_mm, "saves": ("self", "mat2", "mat2_sym_sizes", "self_sym_sizes", "mat2_sym_strides",
                               "self_sym_strides"),
              "jvp": lambda m, t, self, mat2, *geometry: _matmul_jvp(m, t, self, mat2)},
           saved_for={**_crossed("self", "mat2"), "self_sym_strides": ("self",), "mat2_sym_strides": ("mat2",)})


def _mm_apply(node, grads, m):
    """MmBackward0 in a plain backward (``x @ w`` of two matrices, twice in a hand-written training
    step): what ``OpNode.apply`` does through ``unpack_saved``, ``_mm_bwd`` and ``fit_grads``, without
    their loops over six saved values (none of which a saved-tensor hook packed). create_graph, vmap,
    hooked values and gradients that do not fit take the general way."""
    saved = node._saved
    mat1, mat2 = saved[0], saved[1]   # (None: not saved, its gradient not needed)
    if (not m.plain or mat1 is not None and mat1.__class__ is not SavedVariable
            or mat2 is not None and mat2.__class__ is not SavedVariable
            or node._odtype.kind == "c"):    # complex: OpNode.apply conjugates (ops/complex_parts)
        return general_apply(node, grads, m, (mat2, mat1))
    if mat2 is not None:   # checked in torch's order (mat2, then self: a modified pair names mat2)
        mat2 = checked_array(node, mat2)
    if mat1 is not None:
        mat1 = checked_array(node, mat1)
    (f1, _), (f2, _) = node.next_functions
    g = grads[0]
    ga = None if f1 is None else mat1_grad(m, g, mat2, saved[3], saved[5])
    gb = None if f2 is None else mat2_grad(m, g, mat1, saved[2], saved[4])
    meta = node._in_meta
    if (f1 is not None and (ga.shape != meta[0][0] or ga.dtype != meta[0][1])
            or f2 is not None and (gb.shape != meta[1][0] or gb.dtype != meta[1][1])):
        return fit_grads(node, (ga, gb), m)
    return [ga, gb]


def release_matrices(node) -> None:
    """Free the two saved matrices of mm or addmm, ``_saved[0]`` and ``_saved[1]`` (their other saved
    values are numbers, shapes and strides)."""
    saved = node._saved
    for sv in (saved[0], saved[1]):
        if sv.__class__ is SavedVariable:
            sv.tensor = sv.data = None
        elif sv is not None:
            sv.release()


def general_apply(node, grads, m, torch_order):
    """``OpNode.apply``, after checking the plain saved matrices in the order torch's node unpacks
    them (which one a pair modified in place names); hooked values unpack in their pack order there."""
    for sv in torch_order:
        if sv.__class__ is SavedVariable:
            sv._check(node)
    return OpNode.apply(node, grads, m)


def mat1_grad(m, g, mat2, shape, strides):
    """``g @ mat2^T`` laid out as mat1 (of ``shape`` and element ``strides``) is, as ``mm_grads``:
    ``gemm`` unless the inner size is 1: then torch's mm gives each entry's one product as it is
    (a -0.0 stays, where a sum would give +0.0)."""
    if strides[0] == 1 and strides[1] == shape[0]:
        a, b = mat2, g.T
        return (gemm(a, b) if a.shape[1] != 1 else a * b).T
    b = mat2.T
    return gemm(g, b) if g.shape[1] != 1 else g * b


def mat2_grad(m, g, mat1, shape, strides):
    """``mat1^T @ g`` laid out as mat2 is (nn.Linear's ``W.t()`` is column-major: ``(g^T @ mat1)^T``
    reaches W contiguous), as ``mm_grads``; the product as in ``mat1_grad``."""
    if strides[0] == 1 and strides[1] == shape[0]:
        a = g.T
        return (gemm(a, mat1) if a.shape[1] != 1 else a * mat1).T
    a = mat1.T
    return gemm(a, g) if a.shape[1] != 1 else a * g


MM.on_node(apply=_mm_apply, release=release_matrices)


MV = defop("mv", "MvBackward0", ("self", "vec"), _product(dtype_rules.mv),
           lambda m, g, self, vec, needs: (_outer(m, g, vec) if needs[0] else None,
                                           _mv_t(m, self, g) if needs[1] else None),
           samples=lambda: [Sample(arr(3, 4), arr(4, seed=1))], **{**_mm, "saves": ("self", "vec")},
           saved_for=_crossed("self", "vec"))
DOT = defop("dot", "DotBackward0", ("self", "tensor"), _product(dtype_rules.dot),
            lambda m, g, self, tensor, needs: (_scaled_vector(m, g, tensor) if needs[0] else None,
                                               _scaled_vector(m, g, self) if needs[1] else None),
            samples=lambda: [Sample(arr(4), arr(4, seed=1))], **{**_mm, "saves": ("self", "tensor")},
            saved_for=_crossed("self", "tensor"))
def _vdot_fwd(a, b):
    """dot with the first operand conjugated (a complex one: torch's vdot; a real one is dot)."""
    dtype_rules.dot(a, b)
    return np.matmul(np.conj(a) if a.dtype.kind == "c" else a, b)


VDOT = defop("vdot", "VdotBackward0", ("self", "other"), _vdot_fwd,
             lambda m, g, self, other, needs: (m.unsqueeze(m.conj(g), -1) * other if needs[0] else None,
                                               m.unsqueeze(g, -1) * self if needs[1] else None),
             samples=lambda: [Sample(arr(4), arr(4, seed=1))], **{**_mm, "saves": ("self", "other")},
             saved_for=_crossed("self", "other"))
VDOT.complex_rule = True     # torch's formula, already in its complex convention (self: conj(grad) * other)
BMM = defop("bmm", "BmmBackward0", ("self", "mat2"), _product(dtype_rules.bmm, small_bmm.bmm),
            lambda m, g, self, mat2, needs: (_bmm(m, g, m.mT(mat2)) if needs[0] else None,
                                             _bmm(m, m.mT(self), g) if needs[1] else None),
            samples=lambda: [Sample(arr(2, 3, 4), arr(2, 4, 5, seed=1))], **{**_mm, "saves": ("self", "mat2")},
            saved_for=_crossed("self", "mat2"))
def _scaled(x, k):
    """k * x in x's dtype (torch casts the Scalar), with k = 1 left out."""
    return x if k == 1 else x * np.asarray(k, x.dtype)


def _plus_product(s, product, beta, alpha):
    """beta * self + alpha * product; beta = 0 ignores self's values (nan and inf too), as torch."""
    product = _scaled(product, alpha)
    return product if beta == 0 else _scaled(s, beta) + product


def _baddbmm_fwd(s, b1, b2, beta, alpha):
    if not s.dtype == b1.dtype == b2.dtype:
        raise DTypeError(f"Input dtypes must be the same, got: input {dtypes.c_type_name(s.dtype)}, batch1: "
                         f"{dtypes.c_type_name(b1.dtype)}, batch2: {dtypes.c_type_name(b2.dtype)}")
    dtype_rules.bmm(b1, b2)
    _inst.check_matmul(b1, b2)
    return _plus_product(s, np.matmul(b1, b2), beta, alpha)


def _addmv_fwd(s, mat, vec, beta, alpha):
    if not s.dtype == mat.dtype == vec.dtype:
        raise DTypeError(f"addmv input tensors must have the same dtype, but got {dtypes.scalar_type_name(s.dtype)}, "
                         f"{dtypes.scalar_type_name(mat.dtype)}, and {dtypes.scalar_type_name(vec.dtype)}")
    dtype_rules.mv(mat, vec)
    return _plus_product(s, np.matmul(mat, vec), beta, alpha)


def _times(m, g, k):
    """torch's maybe_multiply: ``g * k`` with the Scalar overload (MulBackward1), left out for k = 1."""
    return g if k == 1 else m.scale(g, k)


# torch's own nodes for baddbmm and addmv: alpha, beta and each operand, kept for the other's gradient only
BADDBMM = defop("baddbmm", "BaddbmmBackward0", ("self", "batch1", "batch2"), _baddbmm_fwd,
                lambda m, g, batch1, batch2, alpha, beta, needs=(True, True, True): (
                    _times(m, g, beta) if needs[0] else None,
                    _times(m, _bmm(m, g, m.mT(batch2)), alpha) if needs[1] else None,
                    _times(m, _bmm(m, m.mT(batch1), g), alpha) if needs[2] else None),
                saves=("batch1", "batch2", "alpha", "beta"), promote=KEEP, masked=True,
                saved_for={"batch1": ("batch2",), "batch2": ("batch1",)},
                samples=lambda: [Sample(arr(2, 3, 5), arr(2, 3, 4, seed=1), arr(2, 4, 5, seed=2),
                                        params={"beta": 0.5, "alpha": 2.0}),
                                 Sample(arr(5, seed=3), arr(2, 3, 4, seed=4), arr(2, 4, 5, seed=5),
                                        params={"beta": 1, "alpha": 1}, note="broadcast self")],
                jvp_note="generic: derived through double-vjp",
                rule="d/dself = beta, d/dbatch1 = alpha g @ batch2^T, d/dbatch2 = alpha batch1^T @ g")
def _addbmm_fwd(s, b1, b2, beta, alpha):
    """torch's addbmm_impl_: beta * self, then each batch's product added in turn (addmm_ per batch);
    its checks in its order (self expanded to the result's size first)."""
    if b1.ndim >= 2 and b2.ndim >= 3:
        shape = (b1.shape[1], b2.shape[2])
        _inst.check_matmul(b1, b2)     # the batches' products are made before their sum
        try:
            out = np.array(np.broadcast_to(s, shape))
        except ValueError:
            raise ShapeError(_expand_message(s.shape, shape)) from None
    if b1.ndim != 3 or b2.ndim != 3:
        raise ShapeError(f"batch{1 if b1.ndim != 3 else 2} must be a 3D tensor")
    if b1.shape[0] != b2.shape[0]:
        raise ShapeError(f"batch1 and batch2 must have same number of batches, got {b1.shape[0]} and {b2.shape[0]}")
    if b1.shape[2] != b2.shape[1]:
        raise ShapeError(f"Incompatible matrix sizes for bmm ({b1.shape[1]}x{b1.shape[2]} and "
                         f"{b2.shape[1]}x{b2.shape[2]})")
    for name, a in (("mat1", b1), ("self", s)):     # (addmm_'s checks, batch by batch)
        if a.dtype != b2.dtype:
            raise DTypeError(f"{name} and mat2 must have the same dtype, but got {dtypes.scalar_type_name(a.dtype)} "
                             f"and {dtypes.scalar_type_name(b2.dtype)}")
    products = np.matmul(b1, b2)
    if not len(products):
        return out if beta == 1 else _scaled(out, beta) if beta != 0 else np.zeros_like(out)
    out = _plus_product(out, products[0], beta, alpha)
    for product in products[1:]:
        out = out + _scaled(product, alpha)
    return out


def _expand_message(given: tuple, target: tuple) -> str:
    lead = len(target) - len(given)
    dim = next(i for i in range(len(given) - 1, -1, -1) if given[i] not in (1, target[lead + i]))
    return (f"The expanded size of the tensor ({target[lead + dim]}) must match the existing size ({given[dim]}) at "
            f"non-singleton dimension {lead + dim}.  Target sizes: {list(target)}.  Tensor sizes: {list(given)}")


def _addbmm_bwd(m, g, batch1, batch2, alpha, beta, needs=(True, True, True)):
    """torch's formula: each batch's gradient is g expanded over the batches, times the other operand."""
    if not (needs[1] or needs[2]):
        return _times(m, g, beta), None, None
    nb = m.nb
    batches = (batch1 if batch1 is not None else batch2).shape[0]     # (each is saved for the other only)
    spread = m.expand(m.unsqueeze(g, nb), tuple(g.shape[:nb]) + (batches,) + tuple(g.shape[nb:]))
    return (_times(m, g, beta) if needs[0] else None,
            _times(m, _bmm(m, spread, m.mT(batch2)), alpha) if needs[1] else None,
            _times(m, _bmm(m, m.mT(batch1), spread), alpha) if needs[2] else None)


ADDBMM = defop("addbmm", "AddbmmBackward0", ("self", "batch1", "batch2"), _addbmm_fwd, _addbmm_bwd,
               saves=("batch1", "batch2", "alpha", "beta"), promote=KEEP, masked=True,
               saved_for={"batch1": ("batch2",), "batch2": ("batch1",)},
               derived={"batch1_sym_argsize_0": lambda node: node._in_meta[1][0][0],
                        "batch1_sym_argsize_1": lambda node: node._in_meta[1][0][1],
                        "batch2_sym_argsize_2": lambda node: node._in_meta[2][0][2]},
               samples=lambda: [Sample(arr(3, 5), arr(2, 3, 4, seed=1), arr(2, 4, 5, seed=2),
                                       params={"beta": 0.5, "alpha": 2.0}),
                                Sample(arr(5, seed=3), arr(3, 3, 4, seed=4), arr(3, 4, 5, seed=5),
                                       params={"beta": 1, "alpha": 1}, note="broadcast self")],
               jvp_note="generic: derived through double-vjp",
               rule="d/dself = beta, d/dbatch1 = alpha g @ batch2^T per batch, d/dbatch2 = alpha batch1^T @ g per batch")
ADDMV = defop("addmv", "AddmvBackward0", ("self", "mat", "vec"), _addmv_fwd,
              lambda m, g, mat, vec, alpha, beta, needs=(True, True, True): (
                  _times(m, g, beta) if needs[0] else None,
                  _times(m, _outer(m, g, vec), alpha) if needs[1] else None,
                  _times(m, _mv_t(m, mat, g), alpha) if needs[2] else None),
              saves=("mat", "vec", "alpha", "beta"), promote=KEEP, masked=True,
              saved_for={"mat": ("vec",), "vec": ("mat",)},
              samples=lambda: [Sample(arr(3), arr(3, 4, seed=1), arr(4, seed=2), params={"beta": 0.5, "alpha": 2.0}),
                               Sample(arr(1, seed=3), arr(3, 4, seed=4), arr(4, seed=5), params={"beta": 1, "alpha": 1},
                                      note="broadcast self")],
              jvp_note="generic: derived through double-vjp",
              rule="d/dself = beta, d/dmat = alpha outer(g, vec), d/dvec = alpha mat^T g")
MATMUL = defop("matmul", "MatmulBackward0", ("self", "other"), _product(matmul_check, small_bmm.matmul), _matmul_bwd,
               samples=lambda: [Sample(arr(4), arr(4, 3, seed=1)), Sample(arr(2, 3, 4), arr(4, seed=1)),
                                Sample(arr(2, 1, 3, 4), arr(5, 4, 2, seed=1)), Sample(arr(3, 4), arr(2, 4, 5, seed=2))],
               **_mm)
def _triangle(kernel, name, a, diagonal):
    """numpy's tril of a vector broadcasts it to a square matrix; torch refuses fewer than 2 dims."""
    if a.ndim < 2:
        raise ShapeError(f"{name}: input tensor must have at least 2 dimensions")
    return kernel(a, diagonal)


TRACE = defop("trace", "TraceBackward0", ("self",),
              dtype_rules.no_bool("trace", lambda a: np.trace(a, dtype=np.int64 if a.dtype.kind == "u" else None)),
              lambda m, g, self_sym_sizes: m.unsqueeze(m.unsqueeze(g, -1), -1) * m.eye_rect(self_sym_sizes, g),
              saves=("self_sym_sizes",), promote=KEEP,
              jvp=lambda m, t: m.sum(m.diagonal(t[0], 0, -2, -1), -1, False),
              samples=lambda: [Sample(arr(3, 3)), Sample(arr(3, 4))], rule="the identity matrix times g")
TRIL = defop("tril", "TrilBackward0", ("self",), lambda a, diagonal: _triangle(np.tril, "tril", a, diagonal),
             lambda m, g, diagonal: m.tril(g, diagonal), saves=("diagonal",), promote=KEEP,
             jvp=lambda m, t, diagonal: m.tril(t[0], diagonal),
             samples=lambda: [Sample(arr(3, 4), params={"diagonal": 0}), Sample(arr(4, 4), params={"diagonal": -1})],
             rule="tril of the gradient")
TRIU = defop("triu", "TriuBackward0", ("self",), lambda a, diagonal: _triangle(np.triu, "triu", a, diagonal),
             lambda m, g, diagonal: m.triu(g, diagonal), saves=("diagonal",), promote=KEEP,
             jvp=lambda m, t, diagonal: m.triu(t[0], diagonal),
             samples=lambda: [Sample(arr(3, 4), params={"diagonal": 0}), Sample(arr(4, 4), params={"diagonal": 1})],
             rule="triu of the gradient")


def diag_embed_np(x, offset=0, dim1=-2, dim2=-1):
    """Vectors along the last dim become diagonals of new square matrices (torch.diag_embed)."""
    n = x.shape[-1] + abs(offset)
    out = np.zeros(x.shape[:-1] + (n, n), dtype=x.dtype)
    i = np.arange(x.shape[-1])
    r, c = (i, i + offset) if offset >= 0 else (i - offset, i)
    out[..., r, c] = x
    if (dim1, dim2) != (-2, -1):
        out = np.moveaxis(out, (-2, -1), (dim1, dim2))
    return out


DIAG = defop("diagonal_copy", "DiagonalBackward0_copy", ("self",), lambda a, diagonal: np.diag(a, diagonal).copy(),
             lambda m, g, self_sym_sizes, diagonal: m.embed_diagonal(m.g_zeros(g, self_sym_sizes), g, diagonal,
                                                                    -2, -1),
             saves=("self_sym_sizes", "diagonal"), promote=KEEP, internal=("diagonal",),
             # torch's names: the offset, and the two dims of a matrix
             derived={"offset": lambda node: DIAG.saved_param(node, "diagonal")}, constants={"dim1": 0, "dim2": 1},
             samples=lambda: [Sample(arr(3, 4), params={"diagonal": 1}), Sample(arr(3, 3), params={"diagonal": 0})],
             jvp=lambda m, t, self_sym_sizes, diagonal: m.diagonal(t[0], diagonal, -2, -1),
             rule="the gradient goes back onto the diagonal")
DIAG_EMBED = defop("diag_embed", "DiagEmbedBackward0", ("self",), diag_embed_np,
                   lambda m, g, offset, dim1, dim2: m.diagonal(g, offset, dim1, dim2),
                   saves=("offset", "dim1", "dim2"), promote=KEEP,
                   samples=lambda: [Sample(arr(2, 3), params={"offset": 0, "dim1": -2, "dim2": -1})],
                   jvp_note="generic: derived through double-vjp",
                   rule="the diagonal of the gradient")


def _lapack(fn, name: str):
    """A numpy.linalg kernel whose failures read as torch's errors, not numpy's LinAlgError."""
    def run(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except np.linalg.LinAlgError as err:
            if "square" in str(err):
                a = args[0]
                raise ShapeError(f"{name}: A must be batches of square matrices, but they are {a.shape[-2]} by "
                                 f"{a.shape[-1]} matrices") from None
            raise LinAlgError(f"{name}: The solver failed because the input matrix is singular.") from None
    return run


def _inv_fwd(a):
    """torch's inverse: A's LU solve of the identity (linalg.inv is linalg.solve(A, I) in torch), in
    LAPACK's (column-major) layout; the first zero pivot of the LU is torch's error."""
    dtype_rules.linalg_input("inv", a)
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise ShapeError(f"linalg.inv: A must be batches of square matrices, but they are {a.shape[-2]} by "
                         f"{a.shape[-1]} matrices")
    n = a.shape[-1]
    inverse = None
    if n <= lu_kernel.SMALL_SOLVE and a.dtype.kind != "c":
        lu, pivots, info = lu_kernel.getrf(a)
        if not info.any():
            inverse = lu_kernel.getrs(lu, pivots, np.broadcast_to(np.eye(n, dtype=a.dtype), a.shape))
    else:
        try:
            inverse = np.linalg.inv(a)
        except np.linalg.LinAlgError:
            info = lu_kernel.getrf(a)[2]
    if inverse is None:
        flat = info.reshape(-1)
        first = int(np.argmax(flat > 0))
        batch = f"(Batch element {first}): " if a.ndim > 2 else ""
        raise LinAlgError(f"linalg.inv: {batch}The diagonal element {max(int(flat[first]), 1)} is zero, the "
                          f"inversion could not be completed because the input matrix is singular.")
    return np.swapaxes(np.ascontiguousarray(np.swapaxes(inverse, -1, -2)), -1, -2)


# derivatives.yaml's association: -(inv^H @ (g @ inv^H))
INV = defop("linalg_inv", "LinalgInvExBackward0", ("A",), _inv_fwd,
            lambda m, g, inverse: -m.matmul(m.mT(inverse), m.matmul(g, m.mT(inverse))),
            saves=("inverse",), result_names=("inverse",), promote=KEEP,
            jvp=lambda m, t, inverse: -m.matmul(m.matmul(inverse, t[0]), inverse),
            samples=lambda: [Sample(arr(3, 3) + 3 * np.eye(3)), Sample(arr(2, 3, 3) + 3 * np.eye(3))],
            rule="-inv^T @ g @ inv^T")
def _inverse_or_identity(m, A, result):
    """inv(A), with singular matrices (det 0) replaced by the identity first: their term is multiplied
    by det = 0, so the gradient there is 0, as torch gives, instead of a failed inversion."""
    det = np.asarray(getattr(result, "_data", result))
    if not (det == 0).any():
        return m.inverse(A)
    n = A.shape[-1]
    singular = m.const(np.expand_dims(det == 0, (-2, -1)))
    return m.inverse(m.where(singular, m.cast(m.const(np.eye(n)), A), A))


def lu_factor(a) -> tuple:
    """torch.linalg.lu_factor's values for a stack of square matrices (``lu_kernel.getrf``): the packed
    factors and the pivots, saved for torch's ``_saved_LU``/``_saved_pivots``."""
    return lu_kernel.getrf(a)[:2]


def _det_fwd(a):
    """aten's _linalg_det: the determinant as the product of the LU factors' diagonal (as torch takes it),
    and the LU factors and pivots torch saves (of A^T when A is contiguous: torch factors the transpose
    then, det A^T = det A)."""
    dtype_rules.linalg_input("det", a)
    square_check("linalg.det", a)
    lu, pivots = lu_factor(np.swapaxes(a, -1, -2) if a.flags.c_contiguous and a.dtype.kind != "c" else a)
    return np.asarray(_lu_det(lu, pivots), dtype=a.dtype), lu, pivots


def _lu_det(lu, pivots):
    """The determinant as the LU factors give it: the pivots' product, negated for an odd number of swaps."""
    return np.prod(np.diagonal(lu, 0, -2, -1), axis=-1) * _permutation_sign(pivots, lu.dtype)


def _permutation_sign(pivots, dtype):
    """The sign of the pivots' permutation: -1 for an odd number of swaps."""
    swaps = np.sum(pivots != np.arange(1, pivots.shape[-1] + 1, dtype=pivots.dtype), axis=-1)
    return np.where(swaps % 2 == 1, -1, 1).astype(dtype)


def _det_bwd(m, g, A, LU, pivots, result):
    """g det A^-T; under create_graph a singular matrix takes torch's SVD formula instead (its cofactors,
    so that second derivatives and the gradient itself are right there, where det A^-T gives 0)."""
    if m.is_tensor and (np.asarray(result._data) == 0).any():
        return _det_bwd_svd(m, g[0], A)
    if m.plain and A.flags.c_contiguous and A.dtype.kind != "c" and A.shape[-1] <= lu_kernel.SMALL_SOLVE:
        return _lu_solve_scaled_identity(g[0] * result, A, LU, pivots)
    grad = m.unsqueeze(m.unsqueeze(g[0] * result, -1), -1) * m.mT(_inverse_or_identity(m, A, result))
    if m.plain and (result == 0).any():
        grad = np.where(np.expand_dims(result == 0, (-2, -1)), _singular_zero_solve(g[0] * result, A, LU, pivots), grad)
    return grad


def _lu_solve_scaled_identity(d, A, LU, pivots):
    """torch's det gradient outside grad mode for a contiguous real A: lu_solve of A^T's factors (zero
    pivots nudged to eps) with d I on the right, d = g det: A^-T d with torch's arithmetic."""
    lu, rhs = _nudged_lu_and_scaled_identity(d, A, LU)
    return lu_kernel.getrs(lu, pivots, rhs)


def _nudged_lu_and_scaled_identity(d, A, LU):
    """torch's det backward inputs to lu_solve: the factors with zero pivots replaced by eps, and d I."""
    n = A.shape[-1]
    rhs = np.zeros(np.shape(d) + (n, n), A.dtype)
    rhs[..., np.arange(n), np.arange(n)] = np.expand_dims(d, -1)
    lu = np.array(LU, dtype=A.dtype)
    diag = lu[..., np.arange(n), np.arange(n)]
    lu[..., np.arange(n), np.arange(n)] = np.where(diag == 0, np.finfo(A.dtype).eps, diag)
    return lu, rhs


def _det_bwd_svd(m, g, A):
    """torch's linalg_det_backward under grad mode: A = U S Vh, the gradient U diag(D) Vh with D the
    products of the other singular values times g det(U) det(Vh) (prod_safe_zeros_backward)."""
    U, S, V = m.svd(A)
    scale = m.unsqueeze(g * m.det(U) * m.det(m.mT(V)), -1)
    n = S.shape[-1]
    ones = m.ones_like(m.narrow(S, -1, 0, 1))
    before = m.cumprod(m.cat([ones, m.narrow(S, -1, 0, n - 1)], -1), -1)
    after = m.flip(m.cumprod(m.cat([ones, m.flip(m.narrow(S, -1, 1, n - 1), [-1])], -1), -1), [-1])
    return m.matmul(U * m.unsqueeze(scale * (before * after), -2), m.mT(V))


def _singular_zero_solve(d, A, LU, pivots):
    """torch's gradient of an exactly singular matrix outside grad mode: lu_solve(LU, pivots, d I) with
    the zero pivots nudged to eps, d = g det = +-0. Only the zeros' signs are at stake, so this is the
    solve step by step as BLAS does it: A^T X = d I with A^T's factors for a contiguous A, else the
    adjoint solve with A's."""
    n = A.shape[-1]
    lu, out = _nudged_lu_and_scaled_identity(d, A, LU)
    flat, lus, piv = out.reshape((-1, n, n)), lu.reshape((-1, n, n)), np.asarray(pivots).reshape((-1, n)) - 1
    for B, F, p in zip(flat, lus, piv):
        if A.flags.c_contiguous and A.dtype.kind != "c":    # swaps, then L (unit) and U
            for k in range(n):
                B[[k, p[k]]] = B[[p[k], k]]
            for k in range(n):
                for i in range(k + 1, n):
                    B[i] -= B[k] * F[i, k]
            for k in range(n - 1, -1, -1):
                B[k] /= F[k, k]
                for i in range(k):
                    B[i] -= B[k] * F[i, k]
        else:                                               # U^H, then L^H, then the swaps backwards
            for i in range(n):
                for k in range(i):
                    B[i] -= np.conj(F[k, i]) * B[k]
                B[i] /= np.conj(F[i, i])
            for i in range(n - 1, -1, -1):
                for k in range(i + 1, n):
                    B[i] -= np.conj(F[k, i]) * B[k]
            for k in range(n - 1, -1, -1):
                B[[k, p[k]]] = B[[p[k], k]]
    return out


# The formulas invert A (differentiably, for higher derivatives); LU and pivots are torch's saved values.
DET = defop("_linalg_det", "LinalgDetBackward0", ("A",), _lapack(_det_fwd, "linalg.det"), _det_bwd,
            saves=("A", "LU", "pivots", "result"), result_names=("result", "LU", "pivots"), outputs=3,
            nondiff_outputs=(1, 2), promote=KEEP,
            jvp=lambda m, t, A, LU, pivots, result: (result * m.sum(m.diagonal(m.matmul(
                _inverse_or_identity(m, A, result), t[0]), 0, -2, -1), -1, False), None, None),
            samples=lambda: [Sample(arr(3, 3) + 3 * np.eye(3)), Sample(arr(2, 3, 3) + 3 * np.eye(3))],
            rule="g * det * inv^T (for invertible matrices)")


def _slogdet_fwd(a):
    """aten's _linalg_slogdet: LU and pivots as _linalg_det's; from a real LU's diagonal, as torch takes
    them, the sign (the product of the pivots' signs and the permutation's: 0 for a NaN, -0. for a
    singular matrix after one swap) and log|det| (the sum of log|pivot|). Complex: numpy's."""
    dtype_rules.linalg_input("slogdet", a)
    square_check("linalg.slogdet", a)
    lu, pivots = lu_factor(np.swapaxes(a, -1, -2) if a.flags.c_contiguous and a.dtype.kind != "c" else a)
    if a.dtype.kind != "c":
        diag = np.diagonal(lu, 0, -2, -1)
        signs = (diag > 0).astype(a.dtype) - (diag < 0)      # torch's sgn: 0 for NaN
        sign = np.prod(signs, axis=-1) * _permutation_sign(pivots, a.dtype)
        with np.errstate(all="ignore"):
            logs = np.ascontiguousarray(rounded.log(np.abs(diag)))
            logabsdet = torch_order_sum(logs, (-1,), False) if logs.size else np.zeros(logs.shape[:-1], a.dtype)
        return np.asarray(sign, dtype=a.dtype), np.asarray(logabsdet, dtype=a.dtype), lu, pivots
    with np.errstate(all="ignore"):
        sign, logabsdet = np.linalg.slogdet(a)
    sign = np.where(np.isnan(logabsdet), 0, sign)         # torch: no sign for a NaN determinant
    if (sign == 0).any():   # a singular matrix: torch's sign is its LU product's zero
        sign = np.where(sign == 0, np.copysign(np.zeros((), a.real.dtype), _lu_det(lu, pivots).real), sign)
    return np.asarray(sign, dtype=a.dtype), np.asarray(logabsdet, dtype=a.real.dtype), lu, pivots


def _swap_rows(x, k, pivots):
    """Swap row k of each matrix of the stack with its pivot row (1-based, as LAPACK's)."""
    index = np.broadcast_to((pivots[..., k] - 1)[..., None, None], x.shape[:-2] + (1, x.shape[-1]))
    row = x[..., k, :].copy()
    x[..., k, :] = np.take_along_axis(x, index, -2)[..., 0, :]
    np.put_along_axis(x, index, row[..., None, :], -2)


def _lu_inverse_transpose(lu, pivots, of_transpose: bool):
    """A^-T from the LU factors torch saved, by LAPACK's unblocked getrs with the identity on the right:
    what torch's slogdet backward gives a singular matrix (its zero pivots make the infs and NaNs
    torch prints). ``of_transpose``: the factors are of A^T (torch factors a contiguous A's transpose)."""
    n = lu.shape[-1]
    x = np.broadcast_to(np.eye(n, dtype=lu.dtype), lu.shape).copy()
    with np.errstate(all="ignore"):
        if of_transpose:    # A^T X = I: the row swaps, L (unit lower), then U, column by column as trsm
            for k in range(n):
                _swap_rows(x, k, pivots)
            for k in range(n):
                x[..., k + 1:, :] -= lu[..., k + 1:, k, None] * x[..., k, None, :]
            for k in reversed(range(n)):
                x[..., k, :] /= lu[..., k, k, None]
                x[..., :k, :] -= lu[..., :k, k, None] * x[..., k, None, :]
            return x
        for i in range(n):      # A^T X = I with A's own factors: U^T, then L^T, then the row swaps
            x[..., i, :] = (x[..., i, :] - np.sum(lu[..., :i, i, None] * x[..., :i, :], axis=-2)) / lu[..., i, i, None]
        for i in reversed(range(n)):
            x[..., i, :] -= np.sum(lu[..., i + 1:, i, None] * x[..., i + 1:, :], axis=-2)
        for k in reversed(range(n)):
            _swap_rows(x, k, pivots)
        return x


def _slogdet_bwd(m, grads, A, LU, pivots, sign):
    """d logabsdet / dA = inv(A)^T; the sign is piecewise constant: its gradient (grads[0]) contributes
    nothing. A singular matrix (sign 0) gets torch's LU solve with its zero pivots: infs and NaNs."""
    if np.asarray(getattr(sign, "_data", sign)).dtype.kind == "c":
        return _complex_slogdet_bwd(m, grads, A, sign)
    g = grads[1]
    if g is None:
        return None          # only the sign has a gradient: A gets none, as in torch
    grad = m.unsqueeze(m.unsqueeze(g, -1), -1) * m.mT(_inverse_or_identity(m, A, sign)) * m.unsqueeze(
        m.unsqueeze(m.abs(sign), -1), -1)
    singular = np.asarray(getattr(sign, "_data", sign)) == 0
    if not singular.any():
        return grad
    if m.is_tensor:     # torch's graph-recording formula solves A^H X = I, which refuses a singular A
        batch = f"(Batch element {int(np.argmax(singular.reshape(-1)))}): " if singular.ndim else ""
        raise LinAlgError(f"torch.linalg.solve: {batch}The solver failed because the input matrix is singular.")
    a = getattr(A, "_data", A)
    solved = _lu_inverse_transpose(np.asarray(getattr(LU, "_data", LU)), np.asarray(getattr(pivots, "_data", pivots)),
                                   a.flags.c_contiguous)
    mask = m.const(np.expand_dims(singular, (-2, -1)))
    return m.where(mask, m.unsqueeze(m.unsqueeze(g, -1), -1) * m.cast(m.const(solved), grad), grad)


def _complex_slogdet_bwd(m, grads, A, sign):
    """A complex A, in torch's convention: d log det A = tr(A^-1 dA) = d logabsdet + i d angle(sign), so
    the gradient is conj(c) A^-H with c = g_logabsdet + i Im(conj(g_sign) sign)."""
    g_sign, g_log = grads[:2]
    if g_sign is None and g_log is None:
        return None
    c = 0 if g_log is None else g_log
    if g_sign is not None:
        turn = m.conj(g_sign) * sign
        c = c + (m.conj(turn) - turn) * 0.5       # conj(i Im(turn)): the sign's share, conjugated
    return m.unsqueeze(m.unsqueeze(c, -1), -1) * m.conj(m.mT(_inverse_or_identity(m, A, sign)))


SLOGDET = defop("_linalg_slogdet", "LinalgSlogdetBackward0", ("A",), _lapack(_slogdet_fwd, "linalg.slogdet"),
                _slogdet_bwd, saves=("A", "LU", "pivots", "sign"), result_names=("sign", "logabsdet", "LU", "pivots"),
                promote=KEEP, outputs=4, nondiff_outputs=(2, 3), materialize=False, jvp_note="generic: derived through double-vjp",
                samples=lambda: [Sample(arr(3, 3) + 3 * np.eye(3)), Sample(arr(2, 3, 3) - 3 * np.eye(3))],
                rule="d logabsdet = inv(A)^T g; the sign is piecewise constant")
SLOGDET.complex_rule = True    # (its complex formula is written in torch's convention: _complex_slogdet_bwd)


@functools.partial(_lapack, name="torch.linalg.solve")
def _solve_fwd(a, b, left, check_errors):
    """aten's _linalg_solve_ex: X with A X = B (X A = B when not ``left``; B a vector or a batch of
    them by torch's rule), the LU factors and pivots of A torch saves, and LAPACK's info (a singular
    matrix raises torch's error: gradcli has no ``check_errors=False`` garbage to return)."""
    dtype_rules.linalg_input("solve", a, b)
    lu, pivots, info = lu_kernel.getrf(a)
    if info.any():
        batch = f"(Batch element {int(np.argmax(info.reshape(-1) > 0))}): " if a.ndim > 2 else ""
        raise LinAlgError(f"torch.linalg.solve: {batch}The solver failed because the input matrix is singular.")
    if not left:    # X A = B: A^T X^T = B^T with A's own factors, as torch's
        x = lu_kernel.getrs_adjoint(lu, pivots, np.swapaxes(b, -1, -2))
        x = np.swapaxes(np.linalg.solve(np.swapaxes(a, -1, -2), np.swapaxes(b, -1, -2)) if x is None else x, -1, -2)
    elif solve_is_vector(a.shape, b.shape):
        x = lu_kernel.getrs(lu, pivots, b[..., None])
        x = np.linalg.solve(a, b[..., None])[..., 0] if x is None else x[..., 0]
    else:
        x = lu_kernel.getrs(lu, pivots, b)
        x = np.linalg.solve(a, b) if x is None else x
    return x, lu, pivots, info


def solve_is_vector(a_shape, b_shape) -> bool:
    """torch's (numpy's) rule: B is a vector, or a batch of them, when it is 1-D or has A's shape less
    the last dim."""
    return len(b_shape) == 1 or tuple(b_shape) == tuple(a_shape[:-1])


def _solve_bwd(m, g, A, left, LU, pivots, result):
    """From A and the result alone (B is not saved, as in torch); ``left=False`` is the left solve of
    the transposes."""
    g = g[0]
    if not left:
        gb = m.mT(m.solve(A, m.mT(g)))
        return -m.matmul(m.mT(result), gb), gb
    vec = len(result.shape) == len(A.shape) - 1     # a matrix B gives a result of at least A's dims
    gb = m.solve(m.mT(A), m.unsqueeze(g, -1) if vec else g)
    x = m.unsqueeze(result, -1) if vec else result
    ga = -m.matmul(gb, m.mT(x))
    return ga, m.squeeze(gb, -1) if vec else gb


_SOLVE_LEFT = {"left": True, "check_errors": True}
SOLVE = defop("_linalg_solve_ex", "LinalgSolveExBackward0", ("A", "B"), _solve_fwd, _solve_bwd,
              saves=("A", "left", "LU", "pivots", "result"), result_names=("result", "LU", "pivots", "info"),
              outputs=4, nondiff_outputs=(1, 2, 3), promote=KEEP,
              samples=lambda: [Sample(arr(3, 3) + 3 * np.eye(3), arr(3, 2, seed=2), params=_SOLVE_LEFT),
                               Sample(arr(3, 3) + 3 * np.eye(3), arr(3, seed=2), params=_SOLVE_LEFT),
                               Sample(arr(2, 3, 3) + 3 * np.eye(3), arr(3, seed=4), params=_SOLVE_LEFT,
                                      note="one vector for a batch"),
                               Sample(arr(3, 3) + 3 * np.eye(3), arr(2, 3, seed=3),
                                      params={"left": False, "check_errors": True}, note="X A = B")],
              jvp_note="generic: derived through double-vjp",
              rule="d/dB = solve(A^T, g), d/dA = -d/dB @ result^T")
MM.unpack_order = BMM.unpack_order = ("mat2", "self")    # torch's nodes read mat2 first (its in-place error names it)
