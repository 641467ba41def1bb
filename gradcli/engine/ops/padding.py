"""Padding: ``F.pad``'s constant, reflect and replicate modes as torch's records
(ConstantPadNdBackward0, ReflectionPad1D/2D/3DBackward0, ReplicationPad1D/2D/3DBackward0); circular
padding copies slices into a new tensor, as torch (nn/functional_conv._circular).

Every mode maps each padded position of a dim to an input position (or none, for constant
padding): the forward takes those positions. Constant padding's gradient is the gradient padded
by the negated amounts (a crop), as torch's, so under create_graph it is a ConstantPadNdBackward0.
Reflection and replication add each position's gradient back onto the input position it copies,
through torch's own backward record (ReflectionPad1DBackwardBackward0...), whose gradient is the
padding again. Memory stays linear in the sizes: an earlier 0/1 matrix per dim needed (padded size
x size) elements."""
from __future__ import annotations

import numpy as np

from .. import instrumentation
from ..creation import checked_scalar
from ..dispatch import call
from ..errors import ShapeError
from ..memory_layout import keeps_channels_last
from . import dtype_rules
from .registry import KEEP, defop
from .samples import Sample, arr


def source(n: int, before: int, after: int, mode: str) -> np.ndarray:
    """For each position of a padded dim of size ``n``, the input position it copies (-1: the fill)."""
    p = np.arange(-before, n + after)
    if mode == "reflect":
        p = np.abs(p)
        return np.where(p >= n, 2 * (n - 1) - p, p)
    if mode == "replicate":
        return np.clip(p, 0, n - 1)
    if mode == "circular":
        return p % n
    return np.where((p >= 0) & (p < n), p, -1)


def _pairs(pad) -> list:
    """torch's pad tuple (last dim first: left, right, top, bottom) as (dim, before, after)."""
    return [(-1 - k, pad[2 * k], pad[2 * k + 1]) for k in range(len(pad) // 2)]


def pad_np(a, pad, mode: str, value=0.0):
    shape = list(a.shape)
    for dim, before, after in _pairs(pad):
        shape[dim] += before + after
    instrumentation.check_shape(shape)      # before numpy allocates it: the run's element limit
    if mode == "constant":                  # the input (cropped by negative amounts) copied into the fill
        out = np.full(shape, value, dtype=a.dtype)
        into, source_part = [slice(None)] * a.ndim, [slice(None)] * a.ndim
        for dim, before, after in _pairs(pad):
            into[dim] = slice(max(before, 0), shape[dim] - max(after, 0))
            source_part[dim] = slice(max(-before, 0), a.shape[dim] - max(-after, 0))
        if all(s.start < s.stop for s in into if s != slice(None)):
            out[tuple(into)] = a[tuple(source_part)]
        return out
    out = a
    for dim, before, after in _pairs(pad):
        out = np.take(out, source(out.shape[dim], before, after, mode), axis=dim)
    return out


def _constant_pad(a, pad, value):
    """torch's constant_pad_nd: a dim padded by a negative amount is first cropped with narrow(), on
    each side in turn, whose length must stay non-negative (numpy would give a fill where torch
    refuses)."""
    for dim, before, after in _pairs(pad):
        n = a.shape[dim]
        for amount in (before, after):
            if amount < 0:
                n += amount
                if n < 0:
                    raise ShapeError("narrow(): length must be non-negative.")
    return pad_np(a, pad, "constant", checked_scalar(value, a.dtype))


def _check_output_size(name: str, shape: tuple, padding) -> None:
    """torch's reflection/replication kernels' size checks: at least one padded dim of the output must
    keep an element, and no dim may be negative."""
    pairs = _pairs(padding)
    given = [shape[dim] for dim, _, _ in pairs]
    sizes = [n + before + after for n, (_, before, after) in zip(given, pairs)]
    if all(n < 1 for n in sizes):
        if len(pairs) == 1:
            raise ShapeError(f"input (W: {given[0]}) is too small. Calculated output W: {sizes[0]}")
        if len(pairs) == 2:
            space = " " if name.startswith("replication") else ""
            raise ShapeError(f"input (H: {given[1]}, W: {given[0]}{space}) is too small. Calculated output "
                             f"H: {sizes[1]} W: {sizes[0]}")
        raise ShapeError(f"input (D: {given[2]} H: {given[1]}, W: {given[0]}) is too small. Calculated output "
                         f"D: {sizes[2]} H: {sizes[1]} W: {sizes[0]}")
    if min(sizes) < 0:
        if name == "reflection_pad2d":
            raise ShapeError("numel: integer multiplication overflow")
        out = list(shape)
        for (dim, _, _), n in zip(pairs, sizes):
            out[dim] = n
        raise ShapeError(f"Trying to create tensor with negative dimension {next(n for n in out if n < 0)}: {out}")


def _negated(pad) -> tuple:
    return tuple(-p for p in pad)


def _unpadded(shape: tuple, padding) -> tuple:
    shape = list(shape)
    for dim, before, after in _pairs(padding):
        shape[dim] -= before + after
    return tuple(shape)


def unpad_np(g, padding, mode: str):
    """The reflection/replication backward kernel: each output position's gradient added onto the input
    position it copies, in torch's order (output positions row-major, from zero). Input positions copied
    once take their gradient as it is; the others accumulate with ``np.add.at``, which keeps the order."""
    pairs = _pairs(padding)
    k = len(pairs)
    lead, sizes = g.shape[:g.ndim - k], _unpadded(g.shape, padding)[g.ndim - k:]
    flat = np.zeros((), np.int64)
    for (dim, before, after), n in zip(reversed(pairs), sizes):
        flat = flat[..., None] * n + source(n, before, after, mode)
    flat = flat.reshape(-1)
    values = np.asarray(g).reshape(lead + (flat.size,))
    count = np.bincount(flat, minlength=int(np.prod(sizes, dtype=np.int64)))
    shared = count[flat] > 1
    copied_from = np.zeros(count.size, np.int64)        # each input position's (last) output position
    copied_from[flat] = np.arange(flat.size)
    out = np.take(values, copied_from, axis=-1)
    out += 0                    # torch adds onto zeros: a lone -0.0 becomes 0.0
    out[..., count > 1] = 0
    np.add.at(out, (..., flat[shared]), values[..., shared])
    return out.reshape(lead + tuple(sizes))


def _checked(name: str, mode: str, k: int):
    """torch's checks of its reflection/replication kernels for ``k`` padded dims."""
    def forward(a, padding):
        dtype_rules.refuse_bool(name, a)
        if a.ndim not in (k + 1, k + 2) or 0 in a.shape[a.ndim - k - 1 + (a.ndim == k + 2):]:
            raise ShapeError(f"Expected {k + 1}D or {k + 2}D (batch mode) tensor with possibly 0 batch size and "
                             f"other non-zero dimensions for input, but got: {list(a.shape)}")
        for dim, before, after in _pairs(padding):
            if mode == "reflect" and (before >= a.shape[dim] or after >= a.shape[dim]):
                raise ShapeError(f"Argument #{2 - 2 * dim}: Padding size should be less than the corresponding input "
                                 f"dimension, but got: padding ({before}, {after}) at dimension {a.ndim + dim} of "
                                 f"input {list(a.shape)}")
        _check_output_size(name, a.shape, padding)
        return pad_np(a, padding, mode)
    return forward


_GRAD_NAME = {"reflection_pad1d": "grad_output", "reflection_pad3d": "grad_output"}   # the others: gradOutput
_SEPARATOR = {"replication_pad1d": " "}                                                 # the others: ", "


def _check_grad_output(name: str, g, a, padding) -> None:
    """torch's backward kernels' checks: the gradient has the input's dims, and the padded sizes."""
    if g.ndim < a.ndim:      # (more dims: the batch dims of a batched backward)
        if name == "reflection_pad3d":
            raise RuntimeError("Expected grad_output.dim() == input.dim() to be true, but got false.  (Could this "
                               "error message be improved?  If so, please report an enhancement request to PyTorch.)")
        raise IndexError(f"Dimension out of range (expected to be in range of [{-max(g.ndim, 1)}, "
                         f"{max(g.ndim, 1) - 1}], but got {a.ndim - 1})")
    for (dim, before, after), what in zip(_pairs(padding), ("width", "height", "depth")):
        expected = a.shape[dim] + before + after
        if g.shape[dim] != expected:
            raise RuntimeError(f"{_GRAD_NAME.get(name, 'gradOutput')} {what} unexpected. Expected: {expected}"
                               f"{_SEPARATOR.get(name, ', ')}Got: {g.shape[dim]}")


def _record(name, node, mode, samples):
    """A reflection/replication record and its backward record (torch's kernel takes the input too, for
    its shape: the backward node has an edge to it, whose gradient is zeros)."""
    k = int(name[-2])
    def backward(m, g, self, padding):
        if m.is_tensor:
            return call(back_op, (g, self), {"padding": padding})
        return unpad_np(g, padding, mode)

    def pad_again(m, t, padding):
        if not m.is_tensor:
            return pad_np(t, padding, mode)
        if t.ndim <= k + 2:
            return call(fwd_op, (t,), {"padding": padding})
        # batch dims of a batched backward (beyond torch's one batch dim): folded into that one
        padded = call(fwd_op, (m.reshape(t, (-1,) + tuple(t.shape[-k - 1:])),), {"padding": padding})
        return m.reshape(padded, tuple(t.shape[:-k - 1]) + tuple(padded.shape[1:]))

    def unpad_tangent(m, t, padding):
        if t[0] is None:        # (only the input's tangent: the kernel reads its shape, not its values)
            return m.zeros_like(t[1])
        if not m.is_tensor:
            return unpad_np(t[0], padding, mode)
        return call(back_op, (t[0], m.zeros(_unpadded(tuple(t[0].shape), padding), t[0])), {"padding": padding})

    def back_samples():
        (a,), params = samples()[0].args, samples()[0].params
        return [Sample(pad_np(a, params["padding"], mode), a, params=params)]

    fwd_op = defop(name, node, ("self",), keeps_channels_last(_checked(name, mode, k)), backward,
                   saves=("self", "padding"), promote=KEEP, samples=samples,
                   jvp=lambda m, t, self, padding: pad_again(m, t[0], padding),
                   rule=f"{mode} padding: g added back onto the positions each padded element copies")
    def unpad_checked(g, a, padding):
        if g.dtype.kind not in "fc":      # torch's backward kernels are floating-point only
            raise dtype_rules.not_implemented(f"{name}_backward", g)
        _check_grad_output(name, g, a, padding)
        return unpad_np(g, padding, mode)

    back_op = defop(f"{name}_backward", node.replace("Backward0", "BackwardBackward0"), ("grad_output", "self"),
                    unpad_checked,
                    lambda m, gg, padding: (pad_again(m, gg, padding), m.zeros_like(gg)),
                    saves=("padding",), promote=KEEP, jvp=unpad_tangent,
                    samples=back_samples,
                    rule=f"the {mode} padding of the gradient (the backward is linear in it); zeros for the input")
    return fwd_op


CONSTANT_PAD = defop("constant_pad_nd", "ConstantPadNdBackward0", ("self",),
                     keeps_channels_last(_constant_pad),
                     lambda m, g, pad: (call(CONSTANT_PAD, (g,), {"pad": _negated(pad), "value": 0})
                                        if m.is_tensor else pad_np(g, _negated(pad), "constant")),
                     saves=("pad",), promote=KEEP,
                     jvp=lambda m, t, pad: (call(CONSTANT_PAD, (t[0],), {"pad": pad, "value": 0})
                                                   if m.is_tensor else pad_np(t[0], pad, "constant")),
                     samples=lambda: [Sample(arr(2, 3, 4), params={"pad": (1, 2, 0, 1), "value": 0.5}),
                                      Sample(arr(3, 4), params={"pad": (-1, 2), "value": 0.0}, note="a crop")],
                     rule="g without the padding (g padded by the negated amounts)")
REFLECTION_PAD1D = _record("reflection_pad1d", "ReflectionPad1DBackward0", "reflect",
                           lambda: [Sample(arr(2, 5), params={"padding": (2, 3)})])
REFLECTION_PAD2D = _record("reflection_pad2d", "ReflectionPad2DBackward0", "reflect",
                           lambda: [Sample(arr(1, 2, 3, 4), params={"padding": (1, 3, 2, 0)})])
REPLICATION_PAD1D = _record("replication_pad1d", "ReplicationPad1DBackward0", "replicate",
                            lambda: [Sample(arr(2, 3), params={"padding": (4, 1)})])
REFLECTION_PAD3D = _record("reflection_pad3d", "ReflectionPad3DBackward0", "reflect",
                           lambda: [Sample(arr(1, 2, 3, 3, 4), params={"padding": (1, 2, 2, 0, 1, 1)})])
REPLICATION_PAD3D = _record("replication_pad3d", "ReplicationPad3DBackward0", "replicate",
                            lambda: [Sample(arr(2, 2, 3, 2), params={"padding": (2, 1, 0, 1, 1, 2)})])
REPLICATION_PAD2D = _record("replication_pad2d", "ReplicationPad2DBackward0", "replicate",
                            lambda: [Sample(arr(2, 3, 3), params={"padding": (2, 1, 0, 3)})])
