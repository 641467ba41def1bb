"""torch's backward kernels that are ops of their own, recorded when a backward runs under
create_graph: the first derivative's node is then torch's (RreluWithNoiseBackwardBackward0...),
and so is the second derivative. The plain backward computes the same values in numpy."""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from .. import errors
from ..dispatch import call
from .normalization import LAYER_NORM, _ln_bwd
from .registry import KEEP, defop
from .samples import Sample, arr, pos

_ONE_SIXTH_F = float(np.float32(1.0 / 6.0))  # torch's hardsigmoid kernel constant, in every dtype


# -- hardsigmoid_backward: torch has no derivative for it (a NotImplemented node that raises) -------

def _hardsigmoid_grad_np(go, x):
    return np.where((x > -3) & (x < 3), go * _ONE_SIXTH_F, 0).astype(np.result_type(go, x), copy=False)


def _no_derivative(m, g, **params):
    raise errors.AutogradError("derivative for aten::hardsigmoid_backward is not implemented")


def _not_implemented(name: str, edges: tuple):
    op = defop(name, "NotImplemented", ("grad_output", "self"), _hardsigmoid_grad_np, _no_derivative,
               promote=KEEP, edges=edges, jvp_note="none: torch has no derivative",
               rule="raises: torch has no derivative of hardsigmoid_backward")
    op.on_node(name=lambda self: "torch::autograd::NotImplemented")     # a C++ node's name(), as torch's
    return op


# torch's node has edges to the inputs that require grad only: one record per set of them
_HARDSIGMOID_BACKWARD = {True: _not_implemented("hardsigmoid_backward", ("grad_output", "self")),
                         False: _not_implemented("hardsigmoid_backward.self_grad", ("self",))}


def hardsigmoid_grad(m, g, x):
    """HardsigmoidBackward0's formula: the numpy kernel, or under create_graph torch's node that raises
    when differentiated again ("derivative for aten::hardsigmoid_backward is not implemented")."""
    if m.is_tensor:
        return call(_HARDSIGMOID_BACKWARD[bool(g._requires_grad)], (g, x))
    return _hardsigmoid_grad_np(g, x)


# -- rrelu_with_noise_backward ----------------------------------------------------------------------

def _noise(noise, like):
    return np.asarray(getattr(noise, "_data", noise)).astype(like.dtype, copy=False)


def _rrelu_grad_np(go, x, noise, lower, upper, training):
    """torch's kernel: go noise when training with a real range, else leaky_relu's backward with the
    mean slope."""
    if training and upper - lower > 1e-6:
        return go * _noise(noise, go)
    return np.where(x > 0, go, go * go.dtype.type((lower + upper) / 2))


def rrelu_grad(m, g, x, noise, lower, upper, training):
    """RreluWithNoiseBackward0's formula: rrelu_with_noise_backward, an op under create_graph."""
    if m.is_tensor:
        return call(RRELU_WITH_NOISE_BACKWARD, (g, x),
                    {"noise": noise, "lower": lower, "upper": upper, "training": training})
    return _rrelu_grad_np(g, x, noise, lower, upper, training)


def _rrelu_backward_samples():
    x = arr(3, 4, away_from=0.0, seed=1)
    noise = np.where(x >= 0, 1.0, np.linspace(0.1, 0.3, 12).reshape(3, 4))
    return [Sample(arr(3, 4, seed=2), x, params={"noise": noise, "lower": 0.1, "upper": 0.3, "training": True}),
            Sample(arr(3, 4, seed=3), x, params={"noise": np.zeros((3, 4)), "lower": 0.125, "upper": 1 / 3,
                                                  "training": False}, note="eval: the mean slope")]


RRELU_WITH_NOISE_BACKWARD = defop(
    "rrelu_with_noise_backward", "RreluWithNoiseBackwardBackward0", ("grad_output", "self"), _rrelu_grad_np,
    lambda m, gg, self, noise, lower, upper, training: (rrelu_grad(m, gg, self, noise, lower, upper, training),
                                                        m.zeros_like(self)),
    saves=("self", "noise", "lower", "upper", "training"), promote=KEEP,
    jvp=lambda m, t, self, noise, lower, upper, training: None if t[0] is None else
    rrelu_grad(m, t[0], self, noise, lower, upper, training),
    samples=_rrelu_backward_samples, rule="g times rrelu's slope (the noise, or the mean slope); zero in self")


# -- native_layer_norm_backward ---------------------------------------------------------------------

# the numpy vocabulary of the record's forward (backend.NumpyMath's; backend imports the ops package)
_NP = SimpleNamespace(nb=0, is_tensor=False, sqrt=np.sqrt,
                      mean=lambda x, dims=None, keepdim=False: np.mean(x, axis=dims, keepdims=keepdim),
                      sum=lambda x, dims=None, keepdim=False: np.add.reduce(x, axis=dims, keepdims=keepdim))


def _ln_grads_np(grad_out, input, mean, rstd, weight, bias, normalized_shape, eps, output_mask):
    """The three first derivatives of native_layer_norm (a 0-d placeholder where output_mask is off)."""
    outs = _ln_bwd(_NP, (grad_out,), input, normalized_shape, mean, rstd, weight, bias, eps, output_mask)
    return tuple(np.zeros((), input.dtype) if o is None else o for o in outs)


def _ln_double_backward(m, ggs, grad_out, input, mean, rstd, weight, normalized_shape, eps, output_mask):
    """torch's layer_norm_double_backward: the derivative of the three gradients, given theirs (a, bw,
    bb), in grad_out, input and weight. With u = grad_out w and P(a) layer_norm's backward of a without
    weight: grad_out gets w P(a) + xhat bw + bb, weight sum(grad_out P(a)), and input the centred
    derivative of r <u, a - mean(a)> - r <u, xhat> mean(a xhat) + r <grad_out bw, c> through
    c = x - mean(x), r = 1 / sqrt(mean(c^2) + eps). Axes count from the end (batched gradients)."""
    a, bw, bb = ggs
    k = len(normalized_shape)
    inner = tuple(range(-k, 0))
    outer = tuple(range(-len(input.shape), -k))

    def mean(x):
        return m.mean(x, inner, True)

    c = input - mean(input)
    r = 1 / m.sqrt(mean(c * c) + eps)
    r3 = r * r * r
    xhat = c * r
    u = grad_out if weight is None else grad_out * weight
    g_out = g_x = g_w = None
    if a is not None:
        pa = r * (a - mean(a) - xhat * mean(a * xhat))
        g_out = pa if weight is None else pa * weight
        if weight is not None:
            g_w = m.sum(grad_out * pa, outer) if outer else grad_out * pa
        mean_uc, mean_ac = mean(u * c), mean(a * c)
        dc = 3 * (r3 * r * r) * c * mean_uc * mean_ac - r3 * (u * mean_ac + a * mean_uc) \
            - r3 * c * mean(u * (a - mean(a)))
        g_x = dc - mean(dc)
    lift = (1,) * len(outer) + tuple(normalized_shape)     # weight-shaped gradients, batch dims first
    if bw is not None and output_mask[1]:
        bw = m.g_reshape(bw, lift)
        g_out = _add(g_out, xhat * bw)
        v = grad_out * bw
        dc = r * v - r3 * c * mean(v * c)
        g_x = _add(g_x, dc - mean(dc))
    if bb is not None and output_mask[2]:
        g_out = _add(g_out, m.g_reshape(bb, lift) + m.zeros(tuple(input.shape), input))
    return g_out, g_x, None, None, g_w, None


def _add(a, b):
    return b if a is None else a + b


def _ln_backward_jvp(m, t, grad_out, input, mean, rstd, weight, normalized_shape, eps, output_mask):
    """The three gradients' tangent, by the product rule through xhat = (x - mean) rstd (negative axes:
    tangents carry batch dims)."""
    k = len(normalized_shape)
    inner = tuple(range(-k, 0))
    outer = tuple(range(-len(input.shape), -k))
    zero = m.zeros(tuple(input.shape), input)
    t_go, t_x, t_w = (zero if t[0] is None else t[0]), (zero if t[1] is None else t[1]), t[4]
    c = input - m.mean(input, inner, True)
    r = 1 / m.sqrt(m.mean(c * c, inner, True) + eps)
    xhat = c * r
    dc = t_x - m.mean(t_x, inner, True)
    dr = -(r * r * r) * m.mean(c * dc, inner, True)
    dxhat = dc * r + c * dr
    gw = grad_out if weight is None else grad_out * weight
    dgw = t_go if weight is None else t_go * weight
    if t_w is not None:
        dgw = dgw + grad_out * t_w
    mean_gx = m.mean(gw * xhat, inner, True)
    d_in = dr * (gw - m.mean(gw, inner, True) - xhat * mean_gx) + \
        r * (dgw - m.mean(dgw, inner, True) - dxhat * mean_gx - xhat * m.mean(dgw * xhat + gw * dxhat, inner, True))
    if t[0] is None and t[1] is None:     # the weight's and bias's gradients move with grad_out and input only
        return d_in, None, None
    d_w = t_go * xhat + grad_out * dxhat
    d_b = m.sum(t_go, outer) if outer else t_go
    return (d_in, None if weight is None else m.sum(d_w, outer) if outer else d_w,
            None if not output_mask[2] or t[0] is None else d_b)


def _ln_backward_samples():
    x = arr(3, 4, seed=1)
    mean = x.mean(axis=1, keepdims=True)
    rstd = 1 / np.sqrt(x.var(axis=1, keepdims=True) + 1e-5)
    return [Sample(arr(3, 4, seed=2), x, mean, rstd, pos(4, seed=3), arr(4, seed=4), grad=(0, 1, 4),
                   params={"normalized_shape": (4,), "eps": 1e-5, "output_mask": (True, True, True)}),
            Sample(arr(3, 4, seed=5), x, mean, rstd, None, None, grad=(0, 1),
                   params={"normalized_shape": (4,), "eps": 1e-5, "output_mask": (True, False, False)},
                   note="no affine")]


NATIVE_LAYER_NORM_BACKWARD = defop(
    "native_layer_norm_backward", "NativeLayerNormBackwardBackward0",
    ("grad_out", "input", "mean", "rstd", "weight", "bias"), _ln_grads_np, _ln_double_backward,
    saves=("grad_out", "input", "mean", "rstd", "weight", "normalized_shape", "eps", "output_mask"),
    internal=("eps", "output_mask"), outputs=3, promote=KEEP, jvp=_ln_backward_jvp, samples=_ln_backward_samples,
    rule="the derivative of layer_norm's three gradients in grad_out, input and weight")
LAYER_NORM.grad_record = NATIVE_LAYER_NORM_BACKWARD
