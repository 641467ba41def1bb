"""``torch.heaviside``: torch has no derivative for it, so its node is ``NotImplemented``, with edges
to the inputs that require grad only, and its backward raises torch's error."""
from __future__ import annotations

import numpy as np

from .. import errors
from ..dispatch import call
from ..memory_layout import iterator_layout
from ..ops.registry import KEEP, defop
from ..public import public
from ..tensor import Tensor


def _step(x, values):
    return np.where(x == 0, values, x > 0).astype(np.result_type(x, values))


def _no_derivative(m, g, **params):
    raise errors.AutogradError("derivative for aten::heaviside is not implemented")


def _record(name, inputs, forward):
    op = defop(name, "NotImplemented", inputs, forward, _no_derivative, promote=KEEP,
               jvp_note="none: torch has no derivative", rule="raises: torch has no derivative")
    op.on_node(name=lambda self: "torch::autograd::NotImplemented")     # a C++ node's name(), as torch's
    return op


# one record per set of inputs that require grad: torch's node has edges to those only
_BOTH = _record("heaviside", ("self", "values"), _step)
_SELF = _record("heaviside.self_grad", ("self",), lambda x, values: _step(x, values))
_VALUES = _record("heaviside.values_grad", ("values",), lambda values, self: _step(self, values))


@public(method=True)
def heaviside(input, values):
    """torch.heaviside: 0 where input < 0, ``values`` where input == 0, 1 where input > 0."""
    for position, (name, value) in enumerate((("input", input), ("values", values)), 1):
        if not isinstance(value, Tensor):
            raise TypeError(f"heaviside(): argument '{name}' (position {position}) must be Tensor, "
                            f"not {type(value).__name__}")
    if input.dtype.is_complex or values.dtype.is_complex:
        raise errors.AutogradError("heaviside is not yet implemented for complex tensors.")
    if input.dtype is not values.dtype:
        raise errors.AutogradError("heaviside is not yet implemented for tensors with different dtypes.")
    if input.requires_grad and not values.requires_grad:
        return call(_SELF, (input,), {"values": values._data})
    if values.requires_grad and not input.requires_grad:
        return call(_VALUES, (values,), {"self": input._data})
    return call(_BOTH, (input, values))


# elementwise ops of two tensors (heaviside): the result laid out as torch's TensorIterator lays it out (memory_layout)
_BOTH.forward = iterator_layout(_BOTH.forward)
