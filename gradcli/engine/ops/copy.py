"""Writing into a tensor: ``zero_``, ``fill_``, ``copy_`` (torch's CopyBackwards) and the cast
record behind ``to(dtype)``. Views, indexing, the backward pass and Tensor methods all write
through these.
"""
from __future__ import annotations

import numpy as np

from .. import errors
from ..creation import checked_scalar, tensor
from ..dispatch import call, call_inplace
from ..tensor import Tensor
from .registry import KEEP, defop
from .samples import Sample, arr

ZERO = defop("zero_", "ZeroBackward0", ("self",), lambda a: np.zeros_like(a), lambda m, g: m.zeros_like(g),
             promote=KEEP, jvp=lambda m, t: m.zeros_like(t[0]), samples=lambda: [Sample(arr(3))], rule="0")
def _filled(a, value):
    return np.full_like(a, checked_scalar(value, a.dtype, a.size == 1))


FILL = defop("fill_", "FillBackward2", ("self",), _filled, lambda m, g: m.zeros_like(g),
             promote=KEEP, jvp=lambda m, t: m.zeros_like(t[0]), samples=lambda: [Sample(arr(3), params={"value": 2.0})],
             rule="0")


# torch.fill(input, value) out of place, and fill_ with a 0-d tensor value (whose gradient is the sum of g)
FILL_OUT = defop("fill.Scalar", "FillBackward0", ("self",), _filled,
                 lambda m, g: m.zeros_like(g), promote=KEEP, jvp=lambda m, t: m.zeros_like(t[0]),
                 samples=lambda: [Sample(arr(2, 3), params={"value": -1.5})], rule="0")


def _fill_tensor_fwd(a, value):
    return np.full_like(a, value)


def _fill_tensor_jvp(m, t):
    return t[1] if t[0] is None else m.zeros_like(t[0]) if t[1] is None else m.zeros_like(t[0]) + t[1]


FILL_TENSOR = defop("fill.Tensor", "FillBackward1", ("self", "value"), _fill_tensor_fwd, lambda m, g: (m.zeros_like(g), g),
                    promote=KEEP, jvp=_fill_tensor_jvp, samples=lambda: [Sample(arr(2, 3), arr(seed=4))],
                    rule="d/dself = 0, d/dvalue = sum of g")
FILL_TENSOR_INPLACE = defop("fill_.Tensor", "FillBackward3", ("self", "value"), _fill_tensor_fwd,
                            lambda m, g: (m.zeros_like(g), g), promote=KEEP, jvp=_fill_tensor_jvp,
                            samples=lambda: [Sample(arr(4), arr(seed=5))], rule="d/dself = 0, d/dvalue = sum of g")


def _copy_fwd(a, src):
    return np.broadcast_to(np.asarray(src, dtype=a.dtype), a.shape).copy()


COPY = defop("copy_", "CopyBackwards", ("self", "src"), _copy_fwd, lambda m, g: (m.zeros_like(g), g), promote=KEEP,
             jvp=lambda m, t: t[1], samples=lambda: [Sample(arr(3, 4), arr(4, seed=2))],
             rule="d/dself = 0, d/dsrc = g (summed to src's shape)")
COPY.on_node(name=lambda self: "torch::autograd::CopyBackwards")   # torch's name() of this node
COPY.casts_to_self = True      # torch's copy_ converts any dtype (float -> int truncates)


def _zero_fill(destination, a) -> None:
    """Zero bits are zero in every dtype: a large contiguous target is cleared as bytes, which numpy
    does with memset (a 1000x100 float32 gradient: 3x faster than ``fill(0)``'s element loop)."""
    if destination.nbytes >= 4096 and destination.flags.c_contiguous:
        destination.view(np.uint8).fill(0)
    else:
        destination.fill(0)


ZERO.inplace = _zero_fill
FILL.inplace = lambda destination, a, value: destination.fill(checked_scalar(value, destination.dtype,
                                                                            destination.size == 1))
COPY.inplace = lambda destination, a, src: np.copyto(destination, src, casting="unsafe")
def _twice(m, g):
    raise errors.AutogradError("trying to differentiate twice a function that was marked with @once_differentiable")


# torch's DelayedError: what a @once_differentiable backward returns under create_graph passes through
# it, so differentiating that gradient again raises here, however many ops it went through first. torch
# shows the node as grad_fn=<Error>, name() torch::autograd::Error.
DELAYED_ERROR = defop("delayed_error", "Error", ("self",), lambda a: a.copy(), _twice, promote=KEEP,
                      jvp_note="none: differentiating it raises", rule="raises: the backward was once_differentiable")
DELAYED_ERROR.on_node(name=lambda self: "torch::autograd::Error")


TO_COPY = defop("_to_copy", "ToCopyBackward0", ("self",), lambda a, dtype: a.astype(dtype), lambda m, g: g,
                promote=KEEP, jvp=lambda m, t: t[0], samples=None, rule="identity (cast back to self's dtype)")


def zero_(self: Tensor) -> Tensor:
    return call_inplace(ZERO, self, (self,))


def fill_(self: Tensor, value) -> Tensor:
    if isinstance(value, Tensor):
        return call_inplace(FILL_TENSOR_INPLACE, self, (self, _zero_dim(value)))
    return call_inplace(FILL, self, (self,), {"value": value})


def fill(input: Tensor, value) -> Tensor:
    """torch.fill: a new tensor of input's shape and dtype filled with value (FillBackward0/1)."""
    if isinstance(value, Tensor):
        return call(FILL_TENSOR, (input, _zero_dim(value)))
    return call(FILL_OUT, (input,), {"value": value})


def _zero_dim(value: Tensor) -> Tensor:
    if value.ndim != 0:
        raise errors.AutogradError(f"fill_ only supports 0-dimension value tensor but got tensor with "
                                   f"{value.ndim} dimensions.")
    return value


def copy_(self: Tensor, src, non_blocking=False) -> Tensor:
    if not isinstance(src, Tensor):
        src = tensor(src, dtype=self.dtype)
    try:   # logical shapes: inside vmap, one example's
        fits = np.broadcast_shapes(tuple(src.shape), tuple(self.shape)) == tuple(self.shape)
    except ValueError:
        fits = False
    if not fits:
        raise errors.ShapeError(f"The size of tensor a ({self.shape[-1] if self.ndim else 1}) must match the size "
                                f"of tensor b ({src.shape[-1] if src.ndim else 1}) at non-singleton dimension "
                                f"{self.ndim - 1}")
    return call_inplace(COPY, self, (self, src))
