"""``torch.view_as_real``, ``view_as_complex``, ``complex`` and ``polar``: the bridges between complex
tensors and their real parts (RoPE's ``view_as_complex(x.reshape(..., -1, 2)) * freqs_cis`` and
``torch.polar(ones, angles)``), checked as torch checks them."""
from __future__ import annotations

import weakref

import numpy as np

from .. import errors
from ..dispatch import call
from ..ops import complex_parts as C
from ..public import public
from ..tensor import Tensor


# conj()'s results by id: torch's conj is a lazy view whose is_conj() is True until resolve_conj()
# copies it (gradcli's conj computes the values at once; only the flag is kept, on conj's own result)
lazy_conj = weakref.WeakValueDictionary()


@public()
def view_as_real(input):
    if not isinstance(input, Tensor):
        raise TypeError(f"view_as_real(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
    if input._data.dtype.kind != "c":
        raise errors.AutogradError("view_as_real is only supported for complex tensors")
    if lazy_conj.get(id(input)) is input:
        raise errors.AutogradError("view_as_real doesn't work on unresolved conjugated tensors.  To resolve the "
                                   "conjugate tensor so you can view it as real, use self.resolve_conj(); however, "
                                   "be warned that the resulting tensor will NOT alias the original.")
    return real_view(input)


def real_view(input):
    """view_as_real without its checks (Tensor.real and .imag of a complex tensor, conj()'s too)."""
    return call(C.VIEW_AS_REAL, (input,))


@public()
def view_as_complex(input):
    if not isinstance(input, Tensor):
        raise TypeError(f"view_as_complex(): argument 'input' (position 1) must be Tensor, not "
                        f"{type(input).__name__}")
    C.check_view_as_complex(input)
    return call(C.VIEW_AS_COMPLEX, (input,))


def _parts(fn: str, names: tuple, a, b) -> None:
    """torch's checks of complex()/polar()'s two real tensors: same floating dtype."""
    for k, (name, x) in enumerate(zip(names, (a, b))):
        if not isinstance(x, Tensor):
            raise TypeError(f"{fn}(): argument '{name}' (position {k + 1}) must be Tensor, not {type(x).__name__}")
    da, db = a._data.dtype, b._data.dtype
    if da.kind != "f" or db.kind != "f":
        raise errors.AutogradError("Expected both inputs to be Half, Float or Double tensors but got "
                                   f"{a.dtype.scalar_name} and {b.dtype.scalar_name}")
    if da != db:
        raise errors.AutogradError(f"Expected object of scalar type {a.dtype.scalar_name} but got scalar type "
                                   f"{b.dtype.scalar_name} for second argument")
    if da == np.float16:
        raise errors.AutogradError(f"{fn}() of Half tensors makes complex32, which gradcli does not have")


@public()
def complex(real, imag):
    _parts("complex", ("real", "imag"), real, imag)
    return call(C.COMPLEX, (real, imag))


@public()
def polar(abs, angle):
    _parts("polar", ("abs", "angle"), abs, angle)
    return call(C.POLAR, (abs, angle))
