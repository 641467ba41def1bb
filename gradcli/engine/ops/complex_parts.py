"""Complex numbers from real parts and back: ``view_as_real``, ``view_as_complex``, ``complex``,
``polar`` and ``conj``, with torch's gradients.

torch's convention for a real loss L of a complex z: z's gradient is dL/dRe(z) + i dL/dIm(z). The
records here are written in that convention (``complex_rule``); holomorphic ops get it from their
real formulas by conjugation (``conjugated_apply``). gradcli's gradcheck takes real outputs only, so
these records carry no table samples: tests/engine/test_complex_parity.py checks them against torch.
"""
from __future__ import annotations

import numpy as np

from .. import errors
from ..dispatch import call
from ..dtypes import from_numpy_dtype
from ..memory_layout import iterator_layout
from ..nodes import fit_grads, set_conjugated_apply, unpack_saved
from .registry import KEEP, defop

_REAL_OF = {np.dtype(np.complex64): np.float32, np.dtype(np.complex128): np.float64}
_COMPLEX_OF = {np.dtype(np.float32): np.complex64, np.dtype(np.float64): np.complex128}


def view_as_real_np(a):
    """The (..., 2) real view of a complex array's storage (its real parts' strides, one more dim)."""
    re = a.real
    return np.lib.stride_tricks.as_strided(re, a.shape + (2,), re.strides + (re.itemsize,), writeable=True)


def view_as_complex_np(a):
    """The complex view of a (..., 2) real array; its last dim must be contiguous."""
    return a.view(_COMPLEX_OF[a.dtype])[..., 0]


def _as_complex(m, g):
    if m.is_tensor:
        return call(VIEW_AS_COMPLEX, (g.contiguous(),))
    return g[..., 0] + 1j * g[..., 1] if g.dtype.kind == "f" else g[..., 0]


def _as_real(m, g):
    if m.is_tensor:
        return call(VIEW_AS_REAL, (g,))
    return np.stack((g.real, g.imag), axis=-1)


VIEW_AS_REAL = defop("view_as_real", "ViewAsRealBackward0", ("self",), view_as_real_np,
                     lambda m, g: _as_complex(m, g), promote=KEEP, view=True,
                     jvp=lambda m, t: _as_real(m, t[0]),
                     rule="view_as_complex(grad): the same numbers read back as complex")
VIEW_AS_COMPLEX = defop("view_as_complex", "ViewAsComplexBackward0", ("self",), view_as_complex_np,
                        lambda m, g: _as_real(m, g), promote=KEEP, view=True,
                        jvp=lambda m, t: _as_complex(m, t[0]),
                        rule="view_as_real(grad)")


def _complex_fwd(re, im):
    out = np.empty(np.broadcast_shapes(re.shape, im.shape), _COMPLEX_OF[re.dtype])
    out.real, out.imag = re, im
    return out


def _real_part(m, g):
    return m.real(g) if m.is_tensor else g.real.copy()


def _imag_part(m, g):
    return m.imag(g) if m.is_tensor else g.imag.copy()


COMPLEX = defop("complex", "ComplexBackward0", ("real", "imag"), _complex_fwd,
                lambda m, g, real, imag: (_real_part(m, g), _imag_part(m, g)), saves=("real", "imag"), promote=KEEP,
                jvp=lambda m, t, real, imag: _sum_tangents(m, t[0], None if t[1] is None else t[1] * 1j),
                rule="d/dreal = Re(grad), d/dimag = Im(grad)")


def _sum_tangents(m, a, b):
    if a is None:
        return b
    return a if b is None else a + b


def _polar_fwd(r, theta):
    out = np.empty(np.broadcast_shapes(r.shape, theta.shape), _COMPLEX_OF[r.dtype])
    out.real, out.imag = r * np.cos(theta), r * np.sin(theta)
    return out


def _polar_bwd(m, g, result):
    """torch's polar_backward: Re(conj(grad) * sgn(result)) and Re(conj(grad) * i * result)."""
    gc = m.conj(g)
    return _real_part(m, gc * m.sgn(result)), _real_part(m, gc * (result * 1j))


POLAR = defop("polar", "PolarBackward0", ("abs", "angle"), _polar_fwd, _polar_bwd, saves=("result",), promote=KEEP,
              jvp_note="generic: derived through double-vjp",
              rule="d/dabs = Re(conj(grad) sgn(result)), d/dangle = Re(conj(grad) i result)")
CONJ = defop("conj", "ConjBackward0", ("self",), np.conj, lambda m, g: m.conj(g), promote=KEEP,
             jvp=lambda m, t: m.conj(t[0]), rule="conj(grad)")
CONJ_PHYSICAL = defop("conj_physical", "ConjPhysicalBackward0", ("self",), np.conj, lambda m, g: m.conj(g),
                      promote=KEEP, jvp=lambda m, t: m.conj(t[0]), rule="conj(grad)")

# records already written in torch's complex convention: no conjugation around them
for _op in (VIEW_AS_REAL, VIEW_AS_COMPLEX, COMPLEX, POLAR, CONJ, CONJ_PHYSICAL):
    _op.complex_rule = True


def check_view_as_complex(t) -> None:
    """torch's checks, in its order, for a (..., 2) real tensor to be read as complex."""
    a = t._data
    if a.dtype == np.float16:
        raise errors.AutogradError("view_as_complex of a Half tensor makes complex32, which gradcli does not have")
    if a.dtype.kind != "f":
        raise errors.AutogradError("view_as_complex is only supported for half, float and double tensors, but got "
                                   f"a tensor of scalar type: {from_numpy_dtype(a.dtype).scalar_name}")
    if a.ndim == 0:
        raise errors.AutogradError("Input tensor must have one or more dimensions")
    if a.shape[-1] != 2:
        raise errors.AutogradError("Tensor must have a last dimension of size 2")
    steps = t.stride()
    if steps[-1] != 1:
        raise errors.AutogradError("Tensor must have a last dimension with stride 1")
    if any(s % 2 for s in steps[:-1]):
        raise errors.AutogradError("Tensor must have a stride divisible by 2 for all but last dimension")
    if t.storage_offset() % 2:
        raise errors.AutogradError("Tensor must have a storage_offset divisible by 2")


def conjugated_apply(node, grads, m):
    """A complex-valued node whose formula is the real one (mul's ``grad * other``...): for a holomorphic
    op, torch's gradient is that formula on the conjugates of its saved values, as torch writes it
    (``grad * other.conj()``: the same numbers as conjugating around the gradient, and the same signs
    of zero); a real input keeps the real part, as torch's."""
    if not _checked(node.op):
        refuse_unchecked(node)
    res = node.raw_apply(grads, m, [_conjugate(m, v) for v in unpack_saved(node, m)])
    res = res if res.__class__ is tuple else (res,)
    res = tuple(r if r is None or meta is None or meta[1].kind == "c" else _real_part(m, r)
                for r, meta in zip(res, node._in_meta))
    return fit_grads(node, res, m)


def _conjugate(m, value):
    """A saved value's conjugate (complex arrays, tensors and numbers; anything else as it is)."""
    if isinstance(value, np.ndarray) or isinstance(value, np.generic):
        return np.conj(value) if value.dtype.kind == "c" else value
    if value.__class__ is complex:
        return value.conjugate()
    if m.is_tensor and getattr(value, "is_complex", None) is not None and value.is_complex():
        return m.conj(value)
    return value


# Records whose complex gradient (their real formula, conjugated around) is checked against torch's in
# tests/engine/test_complex_parity.py (first and second order): holomorphic ops and linear ones, and the
# records their create_graph formulas use. Any other record refuses to differentiate a complex result
# rather than give a gradient nobody checked.
COMPLEX_CHECKED = frozenset("""
    _index_put_impl_ _linalg_det _linalg_solve_ex _reshape_alias _to_copy _unsafe_view acos acosh add add.Scalar addcmul
    as_strided asin asinh atan atanh clone exp2 gather linalg_matrix_exp log10 log2 masked_fill.Scalar prod put
    scatter_add sinc take
    bmm constant_pad_nd cos cosh cumprod cumsum div div.const_other dot exp expand expm1 flip index.Tensor lerp
    linalg_cross linalg_inv log log1p logsumexp mean mean.dim mm mul mul.Scalar mul.const_other mul.const_self mv
    neg permute pow pow.Tensor_Tensor prod.dim_int reciprocal reflection_pad1d reflection_pad1d_backward roll rot90 rsqrt rsub select
    select_backward sigmoid sigmoid_backward sin sinh slice slice_backward slice_scatter sqrt squeeze squeeze.dim squeeze_.dim sub sub.Scalar sub.alpha
    sub.const_other sum sum.dim_IntList t tan tanh tanh_backward trace transpose transpose_ tril triu unsqueeze
    view where
""".split())


def refuse_unchecked(node) -> None:
    raise errors.AutogradError(f"{type(node).__name__}: gradcli does not differentiate {node.op.name} of complex "
                               "tensors (its complex gradient is not checked against torch's)")


def _checked(op) -> bool:
    return op.complex_rule or op.name in COMPLEX_CHECKED or op.name.startswith(("cat.", "stack."))  # any count


def check_complex_jvp(op, args, outs) -> None:
    """Forward mode through complex values: the checked records' rules only (a holomorphic rule ``t f'(z)``
    holds as it is; abs's or angle's real-input rule would not)."""
    if _checked(op):
        return
    for t in tuple(args) + tuple(outs):
        if getattr(t, "_data", None) is not None and t._data.dtype.kind == "c":
            raise errors.AutogradError(f"gradcli does not differentiate {op.name} of complex tensors in forward mode "
                                       "(its complex rule is not checked against torch's)")


set_conjugated_apply(conjugated_apply)

# elementwise ops of two tensors: the result laid out as torch's TensorIterator lays it out (memory_layout)
for _op in (COMPLEX, POLAR):
    _op.forward = iterator_layout(_op.forward)
