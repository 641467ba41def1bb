"""The general (non-symmetric) eigendecomposition, ``torch.linalg.eig``, with torch's gradient.

Its outputs are complex whatever the input, so the record's backward is written in torch's complex
convention (``complex_rule``): torch's linalg_eig_backward with is_hermitian=False, and a real input
takes the real part of the result (torch's handle_r_to_c). gradcli's gradcheck takes real outputs
only, so the record has no table samples: tests/engine/test_eig_gradients.py checks it against torch.
"""
from __future__ import annotations

import numpy as np

from .. import errors
from .decompositions import lapack_layout, real_float_check, square_check
from .registry import KEEP, defop

_COMPLEX_OF = {np.dtype(np.float32): np.complex64, np.dtype(np.float64): np.complex128}


def complex_of(dtype) -> np.dtype:
    """The complex dtype eig returns for an input of ``dtype``."""
    return np.dtype(_COMPLEX_OF.get(np.dtype(dtype), dtype))


def _eig_fwd(a, real_input):
    """(``real_input``, the caller's ``not A.is_complex()``, is for the backward: torch saves only the
    input's dtype, so writing to A later does not spoil the gradient.)"""
    real_float_check("linalg.eig", a)
    square_check("linalg.eig", a)
    if not np.isfinite(a).all():
        raise errors.AutogradError("torch.linalg.eig: input tensor should not contain infs or NaNs.")
    kind = complex_of(a.dtype)
    values, vectors = np.linalg.eig(a)    # LAPACK's geev, as torch's CPU kernel: unit vectors
    return values.astype(kind), lapack_layout(vectors.astype(kind))


def _real(m, x):
    return m.real(x) if m.is_tensor else np.ascontiguousarray(x.real)


def _mH(m, x):
    return m.conj(m.mT(x))


def _eig_bwd(m, grads, eigenvalues, eigenvectors, real_input):
    """torch's linalg_eig_backward (general case): with gL alone, V^-H diag(gL) V^H; with gV, the part of
    V^H gV off the unit-phase directions divided by conj(L_j - L_i), plus diag(gL), mapped back by
    V^-H (.) V^H."""
    gl, gv = grads
    if gl is None and gv is None:
        return None
    L, V = eigenvalues, eigenvectors
    Vh = _mH(m, V)
    if gv is None:
        ga = m.solve(Vh, m.unsqueeze(gl, -1) * Vh)
    else:
        VhgV = m.matmul(Vh, gv)
        diag = m.diagonal(VhgV, 0, -2, -1)
        imag = np.imag(diag._data if m.is_tensor else diag)
        if not np.allclose(imag, 0, rtol=1e-2, atol=1e-2):
            raise errors.AutogradError(
                "linalg_eig_backward: The eigenvectors in the complex case are specified up to multiplication by "
                "e^{i phi}. The specified loss function depends on this quantity, so it is ill-defined.")
        ga = VhgV - m.matmul(Vh, V * m.unsqueeze(_real(m, diag), -2))
        Lc = m.conj(L)
        n = L.shape[-1]
        eye = np.eye(n, dtype=bool)
        E = m.unsqueeze(Lc, -2) - m.unsqueeze(Lc, -1)
        E = m.where(m.const(eye), m.cast(m.const(np.ones(())), E), E)
        ga = ga / E
        if gl is not None:
            ga = ga + m.diag_embed(gl)
        ga = m.solve(Vh, m.matmul(ga, Vh))
    if real_input:
        ga = _real(m, ga)
    return ga


EIG = defop(
    "linalg_eig", "LinalgEigBackward0", ("self",), _eig_fwd, _eig_bwd,
    saves=("eigenvalues", "eigenvectors", "real_input"), internal=("real_input",), result_names=("eigenvalues", "eigenvectors"),
    outputs=2, promote=KEEP, materialize=False,
    jvp_note="generic: derived through double-vjp",
    rule="gL alone: V^-H diag(gL) V^H; with gV: V^-H ((V^H gV - V^H V Re(diag(V^H gV))) / conj(L_j - L_i) "
         "+ diag(gL)) V^H; a real input keeps the real part")
EIG.complex_rule = True
