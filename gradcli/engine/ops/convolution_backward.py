"""convolution_backward as torch's node: under create_graph, a convolution's gradients come from one
ConvolutionBackwardBackward0 node (saving grad_output, weight, input and the geometry), whose own
backward is torch's _convolution_double_backward written with convolutions, so a second derivative's
graph shows ConvolutionBackward0 nodes where torch's does.

With ggI, ggW, ggb the gradients reaching grad_input, grad_weight, grad_bias:
grad_output gets conv(ggI, W) + conv(X, ggW) + ggb; input gets the input-gradient of conv(., ggW)
(a convolution of the other kind, as torch's); weight gets the weight-gradient of conv(ggI, .).
"""
from __future__ import annotations

import numpy as np

from ..dispatch import call
from .convolution import CONVOLUTION, _conv_bwd, _conv_fwd, _conv_samples, col2im_np, im2col_np, transposed_size
from .registry import KEEP, defop
from .samples import Sample, arr

_GEOMETRY = ("stride", "padding", "dilation", "transposed", "output_padding", "groups")


class _Arrays:
    """The numpy words of _conv_bwd's formula, for this record's forward (backend.NumpyMath, which has
    them, imports the op table)."""

    is_tensor, nb = False, 0
    reshape = staticmethod(np.reshape)
    matmul = staticmethod(np.matmul)
    im2col = staticmethod(im2col_np)
    col2im = staticmethod(col2im_np)

    @staticmethod
    def mT(x):
        return x.swapaxes(-1, -2)

    @staticmethod
    def sum(x, dims=None, keepdim=False):
        return np.add.reduce(x, axis=dims, keepdims=keepdim)


def _bias_size(weight, transposed: bool, groups: int) -> int:
    return weight.shape[1] * groups if transposed else weight.shape[0]


def _forward(grad_output, input, weight, stride, padding, dilation, transposed, output_padding, groups,
             output_mask=(True, True, True)):
    """The three gradients torch's kernel returns; one not asked for is zeros (nobody reads it)."""
    grads = _conv_bwd(_Arrays, grad_output, input, weight, stride, padding, dilation, transposed,
                      output_padding, groups, tuple(output_mask))
    shapes = (input.shape, weight.shape, (_bias_size(weight, transposed, groups),))
    return tuple(np.broadcast_to(np.zeros((), grad_output.dtype), s) if g is None else g
                 for g, s in zip(grads, shapes))


def _convolve(m, x, w, geometry: dict):
    if m.is_tensor:
        return call(CONVOLUTION, (x, w, None), geometry)
    return _conv_fwd(x, w, None, **geometry)


def _input_grad(m, grad_output, input, weight, geometry: dict):
    """d<grad_output, conv(input, weight)>/d input: torch's convolution of the other kind (transposed for
    a plain convolution, with the output padding that gives input's size back)."""
    if not m.is_tensor:
        return _conv_bwd(m, grad_output, input, weight, *geometry.values(), (True, False, False))[0]
    flipped = dict(geometry, transposed=not geometry["transposed"])
    if geometry["transposed"]:
        flipped["output_padding"] = (0,) * len(geometry["stride"])
    else:
        natural = transposed_size(grad_output.shape[2:], weight.shape[2:], geometry["stride"], geometry["padding"],
                                  geometry["dilation"], (0,) * len(geometry["stride"]))
        flipped["output_padding"] = tuple(int(i) - n for i, n in zip(input.shape[2:], natural))
    return call(CONVOLUTION, (grad_output, weight, None), flipped)


def _double_backward(m, gg, grad_output, weight, input, stride, padding, dilation, transposed, output_padding,
                     groups, needs=(True, True, True)):
    if m.nb:
        return _per_batch_entry(m, gg, grad_output, weight, input, stride, padding, dilation, transposed,
                                output_padding, groups, needs)
    ggI, ggW, ggb = gg
    geometry = dict(zip(_GEOMETRY, (stride, padding, dilation, transposed, output_padding, groups)))
    g_out = g_in = g_w = None
    if needs[0]:
        terms = [_convolve(m, ggI, weight, geometry)] if ggI is not None else []
        if ggW is not None:
            terms.append(_convolve(m, input, ggW, geometry))
        if ggb is not None:
            view = m.reshape(ggb, (1, -1) + (1,) * (len(input.shape) - 2))
            terms.append(m.expand(view, tuple(grad_output.shape)))
        for t in terms:
            g_out = t if g_out is None else g_out + t
    if needs[1] and ggW is not None:
        g_in = _input_grad(m, grad_output, input, ggW, geometry)
    if needs[2] and ggI is not None:
        g_w = _conv_bwd(m, grad_output, ggI, weight, stride, padding, dilation, transposed, output_padding, groups,
                        (False, True, False))[1]
    return g_out, g_in, g_w


def _per_batch_entry(m, gg, *saved_and_needs):
    """Batched gradients (vmap, is_grads_batched): the unbatched formulas per entry, stacked."""
    count = gg[next(i for i, g in enumerate(gg) if g is not None)].shape[0]
    plain = type(m)(0)
    rows = [_double_backward(plain, tuple(None if g is None else g[i] for g in gg), *saved_and_needs)
            for i in range(count)]
    return tuple(None if parts[0] is None else m.stack(list(parts), 0) for parts in zip(*rows))


def _samples():
    made = []
    for sample in _conv_samples()[:4]:
        x, w, _ = sample.args
        grad_output = _conv_fwd(x, w, None, **sample.params)
        made.append(Sample(arr(*grad_output.shape, seed=21), x, w, params=dict(sample.params), note=sample.note))
    return made


CONVOLUTION_BACKWARD = defop(
    "convolution_backward", "ConvolutionBackwardBackward0", ("grad_output", "input", "weight"), _forward,
    _double_backward, saves=("grad_output", "weight", "input") + _GEOMETRY, promote=KEEP, outputs=3, masked=True,
    materialize=False, samples=_samples, jvp_note="generic: derived through double-vjp",
    rule="grad_output: conv(ggI, W) + conv(X, ggW) + ggb; input: conv of the other kind of grad_output by ggW; "
         "weight: the weight-gradient of conv(ggI, .) at grad_output")
