"""``torch.gradient``: finite differences of sampled values, written as aten writes it (central
differences inside, one- or two-sided ones at the edges, joined by cat) with the same engine ops, so
that values, dtypes and the graph (CatBackward0 over DivBackward1...) are torch's."""
from __future__ import annotations

import numbers

from .. import errors
from ..dims import wrap_dim
from ..dispatch import call
from ..ops.nn import MUL_SCALAR
from ..ops.pointwise import DIV_SCALAR
from ..public import public
from ..tensor import Tensor
from .arithmetic import add, div, mul, neg, sub
from .common import _check_tensor
from .shapes import cat, reshape


def _slice(x, dim, start, end=None):
    return x[(slice(None),) * dim + (slice(start, end),)]


def _times(number, x):
    return call(MUL_SCALAR, (x,), {"other": number})


def _over(x, number):
    return call(DIV_SCALAR, (x,), {"other": number})


def _uniform(x, d, h, edge_order):
    """aten's gradient_helper_float: one spacing ``h`` along dim ``d``."""
    center = _over(sub(_slice(x, d, 2), _slice(x, d, 0, -2)), h)
    if edge_order == 1:
        first = _over(sub(_slice(x, d, 1, 2), _slice(x, d, 0, 1)), h)
        last = _over(sub(_slice(x, d, -1), _slice(x, d, -2, -1)), h)
    else:
        first = _over(sub(add(_times(-1.5, _slice(x, d, 0, 1)), _times(2, _slice(x, d, 1, 2))),
                          _times(0.5, _slice(x, d, 2, 3))), h)
        last = _over(add(sub(_times(0.5, _slice(x, d, -3, -2)), _times(2, _slice(x, d, -2, -1))),
                         _times(1.5, _slice(x, d, -1))), h)
    return cat([first, _over(center, 2), last], d)


def _coordinates(x, d, coords, edge_order):
    """aten's gradient_helper: sample positions ``coords`` along dim ``d`` (uneven spacing)."""
    if coords.ndim != 1:
        raise errors.AutogradError("torch.gradient expected each element of spacing to have one dimension, but got "
                                   f"an element with {coords.ndim} dimensions!")
    shape = [1] * x.ndim
    shape[d] = -1
    dx = coords.diff(1, 0)
    dx1, dx2 = _slice(dx, 0, 0, -1), _slice(dx, 0, 1)
    a = reshape(div(neg(dx2), mul(dx1, add(dx1, dx2))), shape)
    b = reshape(div(sub(dx2, dx1), mul(dx1, dx2)), shape)
    c = reshape(div(dx1, mul(dx2, add(dx1, dx2))), shape)
    center = add(add(mul(a, _slice(x, d, 0, -2)), mul(b, _slice(x, d, 1, -1))), mul(c, _slice(x, d, 2)))
    if edge_order == 1:
        first = div(sub(_slice(x, d, 1, 2), _slice(x, d, 0, 1)), dx[0])
        last = div(sub(_slice(x, d, -1), _slice(x, d, -2, -1)), dx[-1])
    else:
        h0, h1 = dx[0], dx[1]
        a = div(neg(add(_times(2.0, h0), h1)), mul(h0, add(h0, h1)))
        b = div(add(h0, h1), mul(h0, h1))
        c = div(neg(h0), mul(h1, add(h0, h1)))
        first = add(add(mul(a, _slice(x, d, 0, 1)), mul(b, _slice(x, d, 1, 2))), mul(c, _slice(x, d, 2, 3)))
        h0, h1 = dx[-1], dx[-2]
        a = div(h0, mul(h1, add(h0, h1)))
        b = div(neg(add(h0, h1)), mul(h0, h1))
        c = div(add(_times(2, h0), h1), mul(h0, add(h0, h1)))
        last = add(add(mul(a, _slice(x, d, -3, -2)), mul(b, _slice(x, d, -2, -1))), mul(c, _slice(x, d, -1)))
    return cat([first, center, last], d)


@public()
def gradient(input, *, spacing=1, dim=None, edge_order=1):
    """The derivative of sampled values along each of ``dim`` (all dims by default), as a tuple."""
    _check_tensor(input, "gradient")
    if input._data.dtype.name == "uint8":
        raise errors.AutogradError("torch.gradient does not support uint8 input.")
    dims = list(range(input.ndim)) if dim is None else [dim] if isinstance(dim, numbers.Integral) else list(dim)
    given = spacing if isinstance(spacing, (list, tuple)) else None
    if given is None:
        spacing = [spacing] * len(dims)
    elif dim is None and len(given) != input.ndim:
        raise errors.AutogradError("torch.gradient expected spacing to be unspecified, a scalar, or a list of length "
                                   f"equal to 'self.dim() = {input.ndim}', since dim argument was not given, but got "
                                   f"a list of length {len(given)}")
    elif dim is not None and len(given) != len(dims):
        raise errors.AutogradError("torch.gradient expected spacing to be unspecified, a scalar or it's spacing and "
                                   f"dim arguments to have the same length, but got a spacing argument of length "
                                   f"{len(given)} and a dim argument of length {len(dims)}.")
    if edge_order not in (1, 2):
        raise errors.AutogradError("torch.gradient only supports edge_order=1 and edge_order=2.")
    wrapped = [wrap_dim(d, input.ndim) % max(input.ndim, 1) for d in dims]
    for d in wrapped:
        if wrapped.count(d) > 1:
            raise errors.AutogradError(f"dim {d} appears multiple times in the list of dims")
    for d in (wrapped if dim is not None else range(input.ndim)):
        if input.shape[d] < edge_order + 1:
            raise errors.AutogradError("torch.gradient expected each dimension size to be at least edge_order+1")
    if any(isinstance(h, Tensor) for h in spacing):
        return tuple(_coordinates(input, d, h, edge_order) for d, h in zip(wrapped, spacing))
    return tuple(_uniform(input, d, h, edge_order) for d, h in zip(wrapped, spacing))
