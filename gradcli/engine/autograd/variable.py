"""``torch.autograd.Variable``: the pre-0.4 wrapper, now a name for Tensor. Calling it gives the
data detached (same storage, no history), requiring grad if asked, as torch's does."""
from __future__ import annotations

import warnings

from .. import errors
from ..tensor import Tensor

__all__ = ["Variable"]


class _VariableMeta(type):
    def __instancecheck__(cls, other) -> bool:
        return isinstance(other, Tensor)

    def __call__(cls, data, requires_grad: bool = False, volatile=None):
        if volatile is not None:
            warnings.warn("volatile was removed and now has no effect. Use `with torch.no_grad():` instead.",
                          UserWarning, stacklevel=2)
        if not isinstance(data, Tensor):
            raise TypeError(f"Variable data has to be a tensor, but got {type(data).__name__}")
        out = data.detach()
        if requires_grad:
            if out._data.dtype.kind not in "fc":
                raise errors.AutogradError("Only Tensors of floating point and complex dtype can require gradients")
            out.requires_grad_()
        return out


class Variable(metaclass=_VariableMeta):
    """``Variable(tensor, requires_grad=False)``; every Tensor is a Variable."""
