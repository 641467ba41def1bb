"""What torch says about a dense CPU tensor (``is_cpu``, ``layout``, ``get_device()``, ``is_signed()``...),
and the conjugation family: on real tensors it changes nothing (``conj``, ``resolve_conj``,
``conj_physical``, ``real`` return the tensor itself, as torch's; ``adjoint``/``H``/``mH`` are transposes);
a complex tensor's ``real``/``imag`` are views of its parts and ``conj()`` its conjugate, with gradients."""
from __future__ import annotations

import numpy as np

from .. import errors
from ..public import PROPERTIES, export, public
from ..dispatch import call
from ..memory_layout import channels_last, channels_last_3d, contiguous_format, memory_format, preserve_format
from ..ops.complex_parts import CONJ, CONJ_PHYSICAL
from ..ops.shape import select
from .complex_numbers import lazy_conj, real_view
from .shapes import transpose


class layout:
    """torch.layout: gradcli's tensors are all dense (``torch.strided``)."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __repr__(self) -> str:
        return f"torch.{self.name}"


strided = layout("strided")
public("strided")(strided)
public("layout")(layout)


public("memory_format")(memory_format)
for _format in (contiguous_format, preserve_format, channels_last, channels_last_3d):
    public(_format.name)(_format)

# a dense tensor in CPU memory: torch's answers for such a tensor
for _name, _value in (("is_cpu", True), ("is_sparse", False), ("is_sparse_csr", False), ("is_quantized", False),
                      ("is_meta", False), ("is_mkldnn", False), ("is_nested", False), ("is_mps", False),
                      ("is_xpu", False), ("is_xla", False), ("is_ipu", False), ("is_vulkan", False),
                      ("is_mtia", False), ("is_maia", False)):
    PROPERTIES[_name] = (lambda value: lambda self: value)(_value)
PROPERTIES["layout"] = lambda self: strided


@public(method=True)
def get_device(input):
    """-1: the tensor is on the CPU."""
    return -1


@public(namespaces=(), method=True)
def is_shared(input):
    return False


@public(namespaces=(), method=True)
def is_pinned(input, device=None):
    return False


@public(method=True)
def is_signed(input):
    return input._data.dtype.kind in "ifc"


@public(method=True)
def is_same_size(input, other):
    return tuple(input.shape) == tuple(other.shape)


@public(method=True)
def is_conj(input):
    return lazy_conj.get(id(input)) is input


@public(method=True)
def is_neg(input):
    return False


@public(method=True)
def conj(input):
    """A real tensor itself (as torch); a complex one's conjugate (ConjBackward0; torch's is a lazy view,
    gradcli's a copy flagged is_conj(), the conjugate of a flagged one unflagged)."""
    if input._data.dtype.kind != "c":
        return input
    out = call(CONJ, (input,))
    if not is_conj(input):
        lazy_conj[id(out)] = out
    return out


@public(method=True)
def conj_physical(input):
    """A real tensor is its own conjugate (torch returns it); a complex one's is a new tensor."""
    return call(CONJ_PHYSICAL, (input,)) if input._data.dtype.kind == "c" else input


@public()
def real(input):
    """A real tensor itself; a complex one's real parts, a view (torch's SelectBackward0 of view_as_real)."""
    return select(real_view(input), -1, 0) if input._data.dtype.kind == "c" else input


@public()
def imag(input):
    if input._data.dtype.kind != "c":
        raise errors.AutogradError("imag is not implemented for tensors with non-complex dtypes.")
    return select(real_view(input), -1, 1)


PROPERTIES["real"] = real
PROPERTIES["imag"] = imag


@public()
def is_storage(obj):
    """False: scripts reach no storage objects in gradcli."""
    return False


def to_dense(self, dtype=None, *, masked_grad=None):
    """A dense tensor is already dense (torch returns it); ``dtype`` converts."""
    return self if dtype is None else self.to(dtype)


export(to_dense, "to_dense", namespaces=(), method=True)


@public(method=True)
def resolve_conj(input):
    """A conj() result copied (torch materializes its lazy view: CloneBackward0), else the tensor itself."""
    return input.clone() if is_conj(input) else input


@public(method=True)
def resolve_neg(input):
    return input


@public(method=True)
def adjoint(input):
    """The conjugate transpose of the last two dims (a real tensor's transpose: TransposeBackward0)."""
    if input.ndim < 2:
        raise errors.AutogradError(f"tensor.adjoint() is only supported on matrices or batches of matrices. Got "
                                   f"{input.ndim}-D tensor.")
    out = transpose(input, -2, -1)
    return conj(out) if input._data.dtype.kind == "c" else out


def _H(self):
    if self.ndim != 2:
        hint = " For batches of matrices, consider using tensor.mH" if self.ndim > 2 else ""
        raise errors.AutogradError(f"tensor.H is only supported on matrices (2-D tensors). Got {self.ndim}-D "
                                   f"tensor.{hint}")
    return adjoint(self)


def _mH(self):
    if self.ndim < 2:
        raise errors.AutogradError(f"tensor.mH is only supported on matrices or batches of matrices. Got "
                                   f"{self.ndim}-D tensor.")
    return adjoint(self)


PROPERTIES["H"] = _H
PROPERTIES["mH"] = _mH
