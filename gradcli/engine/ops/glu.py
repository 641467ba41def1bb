"""F.glu as torch records it: one GluBackward0 node (saving self and dim), whose backward is the op
glu_backward under create_graph (GluBackwardBackward0), differentiated by torch's
glu_double_backward and glu_double_backward_grad_output."""
from __future__ import annotations

import numpy as np

from .. import errors
from ..dims import wrap_dim
from ..dispatch import call
from . import dtype_rules
from .activation import sigmoid_np
from .registry import KEEP, defop
from .samples import Sample, arr


def _halves(m, x, dim):
    n = x.shape[dim] // 2
    return m.narrow(x, dim, 0, n), m.narrow(x, dim, n, n)


def _glu_fwd(x, dim):
    a, b = np.split(x, 2, axis=dim)
    return (a * sigmoid_np(b)).astype(x.dtype, copy=False)


def _glu_grad_np(go, x, dim):
    """torch's glu_backward kernel: sigmoid(b) g for the first half, (1 - s) s a g for the second
    (``go`` may have leading batch dims)."""
    d = _negative(dim, x)
    a, b = np.split(x, 2, axis=d)
    s = sigmoid_np(b)
    return np.concatenate(np.broadcast_arrays(s * go, (1 - s) * s * a * go), axis=d)


def _negative(dim, x):
    """The dim counted from the end, so formulas work under batch dims (vmap, batched grads)."""
    return dim if dim < 0 else dim - len(x.shape)


def glu_grad(m, g, x, dim):
    """GluBackward0's formula: the numpy kernel, or torch's glu_backward op under create_graph."""
    if m.is_tensor and not m.nb:
        return call(GLU_BACKWARD, (g, x), {"dim": dim})
    if m.is_tensor:
        a, b = _halves(m, x, _negative(dim, x))
        s = m.sigmoid(b)
        return m.cat([s * g, m.lsub(1, s) * s * a * g], _negative(dim, x))
    return _glu_grad_np(g, x, dim)


def _glu_double_backward(m, gg, grad_output, x, dim):
    """torch's glu_double_backward_grad_output (grad_output) and glu_double_backward (self)."""
    d = _negative(dim, x)
    a, b = _halves(m, x, d)
    tmp = gg * glu_grad(m, m.ones_like(a), x, dim)
    g_out = m.narrow(tmp, d, 0, a.shape[d]) + m.narrow(tmp, d, a.shape[d], a.shape[d])
    s = m.sigmoid(b)
    one_sub = m.lsub(1, s)
    s_one_sub = s * one_sub
    gg_a, gg_b = _halves(m, gg, d)
    g_a = gg_b * grad_output * s_one_sub
    second = s_one_sub * one_sub - s * s_one_sub
    g_b = gg_b * a * grad_output * second + gg_a * grad_output * s_one_sub
    return g_out, m.cat([g_a, g_b], d)


GLU_BACKWARD = defop("glu_backward", "GluBackwardBackward0", ("grad_output", "self"), _glu_grad_np,
                     _glu_double_backward, saves=("grad_output", "self", "dim"), promote=KEEP,
                     jvp_note="generic: derived through double-vjp",
                     samples=lambda: [Sample(arr(3, 2, seed=1), arr(3, 4, seed=2), params={"dim": 1}),
                                      Sample(arr(1, 4, seed=3), arr(2, 4, seed=4), params={"dim": 0})],
                     rule="the derivative of glu's gradient in grad_output and in self")
GLU = defop("glu", "GluBackward0", ("self",), dtype_rules.floats("glu_cpu", _glu_fwd), lambda m, g, self, dim: glu_grad(m, g, self, dim),
            saves=("self", "dim"), promote=KEEP, jvp_note="generic: derived through double-vjp",
            samples=lambda: [Sample(arr(3, 4, seed=1), params={"dim": 1}), Sample(arr(4, 3, seed=2), params={"dim": 0})],
            rule="first half: sigmoid(b); second half: a sigmoid(b) (1 - sigmoid(b))",
            real=dtype_rules.complex_kernel("glu_cpu"))


def glu(input, dim=-1):
    """F.glu: the first half of ``dim`` times the sigmoid of the second (``dim`` saved as given, as torch's)."""
    if input.shape[dim] % 2:
        raise errors.AutogradError(f"Halving dimension must be even, but dimension "
                                   f"{wrap_dim(dim, input.ndim) % input.ndim} is size {input.shape[dim]}")
    return call(GLU, (input,), {"dim": wrap_dim(dim, input.ndim) if dim < 0 else dim})
