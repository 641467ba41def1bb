"""Argument helpers every part of the functional API shares (torch's type checks, dims)."""
from __future__ import annotations

import numpy as np

from .. import errors
from ..creation import tensor
from ..dims import wrap_dim
from ..tensor import Tensor


_Number = (int, float, bool, complex, np.number, np.bool_)
_OPERANDS = (Tensor,) + _Number
_FAST_OPERANDS = frozenset((Tensor, float, int))  # operands the dispatcher takes as they are


def _check_tensor(x, fn: str, arg: str = "input") -> Tensor:
    if not isinstance(x, Tensor):
        raise TypeError(f"{fn}(): argument '{arg}' (position 1) must be Tensor, not {errors.type_name(x)}")
    return x


TENSOR_OR_NUMBER = " * (Tensor input, Tensor other, *, Tensor out = None)\n * (Tensor input, Number other, *, Tensor out = None)\n"


def tensor_first(fn: str, args: tuple, overloads: str = TENSOR_OR_NUMBER) -> None:
    """torch's parser where every overload takes a Tensor first (comparisons, fmod, copysign, lerp):
    a number there (``torch.lt(2, x)``), or neither a tensor nor a number after it, is refused in its
    words, not computed."""
    if not isinstance(args[0], Tensor) or not all(isinstance(a, _OPERANDS) for a in args[1:]):
        got = ", ".join("Tensor" if isinstance(a, Tensor) else errors.type_name(a) for a in args)
        raise TypeError(f"{fn}() received an invalid combination of arguments - got ({got}), but expected one "
                        f"of:\n{overloads}")


def tensor_operands(fn: str, input, other) -> tuple:
    """torch's check of a binary function that has no Scalar overload (atan2, hypot, logical_and...):
    both operands must be tensors (a Python number is refused, not wrapped)."""
    for name, position, x in (("input", 1, input), ("other", 2, other)):
        if not isinstance(x, Tensor):
            raise TypeError(f"{fn}(): argument '{name}' (position {position}) must be Tensor, not {errors.type_name(x)}")
    return input, other


def tensor_list(tensors, fn: str) -> list:
    """torch's check of a ``Tensor[]`` argument: a list or tuple of Tensors (a generator, a set or a
    tensor is refused, not iterated)."""
    if not isinstance(tensors, (list, tuple)):
        raise TypeError(f"{fn}(): argument 'tensors' (position 1) must be tuple of Tensors, not "
                        f"{_type_name(tensors)}")
    for i, t in enumerate(tensors):
        if not isinstance(t, Tensor):
            raise TypeError(f"expected Tensor as element {i} in argument 0, but got {_type_name(t)}")
    return list(tensors)


def _type_name(x) -> str:
    """Python's name of the type (a script's map/zip/filter objects are the language's own classes)."""
    return getattr(type(x), "script_name", type(x).__name__)


def _as_operand(x, fn: str = "", arg: str = "other", position: int = 2):
    """Tensors and Python numbers pass; a numpy scalar is the Python number torch reads it as (weak
    beside a tensor: f32 * np.float64 stays float32). A list is torch's TypeError for the function
    ``fn`` (x + [1, 2], torch.add(x, [1, 2])); without a name it becomes a tensor."""
    if x.__class__ is Tensor:
        return x
    if isinstance(x, np.generic):
        return as_number(x)
    if isinstance(x, _OPERANDS):
        return x
    if isinstance(x, (list, tuple)):
        if fn:
            raise TypeError(f"{fn}(): argument '{arg}' (position {position}) must be Tensor, not {type(x).__name__}")
        return tensor(x)
    raise TypeError(f"unsupported operand type: {type(x).__name__}")


def as_number(x):
    """A numpy scalar as torch's argument parser reads it, its Python number (np.bool_ as a float);
    anything else as it is."""
    if isinstance(x, np.generic):
        return float(x) if isinstance(x, np.bool_) else x.item()
    return x


def _dims(dim, ndim: int):
    if dim is None:
        return None
    if ndim == 0 and not (isinstance(dim, (list, tuple)) and len(dim) == 0):
        given = dim if isinstance(dim, (list, tuple)) else (dim,)
        for d in given:
            wrap_dim(d, 0)          # torch's range check: a 0-d tensor takes dim 0 or -1
        if len(given) > 1:
            raise errors.AutogradError("dim 0 appears multiple times in the list of dims")
        return ()                   # and reduces nothing
    if isinstance(dim, (list, tuple)):
        if len(dim) == 0:
            return None
        wrapped = [wrap_dim(d, ndim) for d in dim]
        for i, d in enumerate(wrapped):
            if d in wrapped[:i]:
                raise errors.AutogradError(f"dim {d % ndim} appears multiple times in the list of dims")
        return tuple(sorted(wrapped))
    return (wrap_dim(dim, ndim),)


def nonempty_reduction(name: str, input, dims, *, as_given: bool = False) -> None:
    """torch refuses to pick a value (max, argmax, amax, median, mode...) along a dim of size 0,
    naming the dim (counted from 0, or as the user wrote it for amax/amin); numpy says something
    else, or mode reads memory it never wrote."""
    if input.ndim == 0:
        return
    for d in dims:
        if input.shape[wrap_dim(d, input.ndim)] == 0:
            shown = d if as_given else wrap_dim(d, input.ndim) % input.ndim
            raise IndexError(f"{name}: Expected reduction dim {shown} to have non-zero size.")
