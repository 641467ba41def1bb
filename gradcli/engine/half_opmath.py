"""float16 ops computed as torch's CPU kernels compute them: the inputs widened to float32 (torch's
"opmath" type for half), the op computed there, its result rounded to float16 once.

numpy's float16 arithmetic rounds at every step of a composite kernel (sigmoid's 1 / (1 + exp(-x)),
softmax, layer_norm, addmm's bias add) and rounds a Python scalar to float16 (``x * 3.3`` multiplies by
3.30078), where torch keeps it in float32: the last digit of a ``model.half()`` forward moved in about
a third of the elements. ``OPS`` are the ops measured to take torch's way then (others already agree:
numpy computes its float16 exp, log, sqrt... in float32 and rounds once too). log_softmax is closer
(about one element in ten still differs), batch norm and ``add(alpha=)`` are not done (torch's half
kernels round differently past the last whole 32-element block).
"""
from __future__ import annotations

import numpy as np

_F16 = np.dtype(np.float16)
_F32 = np.dtype(np.float32)

OPS = frozenset("""
    sigmoid rsqrt mul mul.Scalar mul.const_other mul.const_self lerp lerp.Tensor addcmul addcdiv
    _softmax _log_softmax gelu silu mish softplus elu celu log_sigmoid_forward hardswish
    addmm native_layer_norm native_group_norm nll_loss_forward nll_loss2d_forward
    deg2rad rad2deg digamma erfinv sinc hardsigmoid leaky_relu leaky_relu_ elu_ celu_
    div div.const_other div.Scalar
""".split())


def applies(op, arrays) -> bool:
    """Whether ``op`` runs on float16 tensors alone (beside Python numbers)."""
    if op.name not in OPS:
        return False
    half = False
    for a in arrays:
        if a.__class__ is np.ndarray:
            if a.dtype is not _F16:
                return False
            half = True
    return half


def forward(op, arrays, params):
    if op.name == "_log_softmax":
        return _log_softmax(arrays[0], **params)
    wide = [a.astype(_F32) if a.__class__ is np.ndarray else a for a in arrays]
    out = op.forward(*wide, **params) if params else op.forward(*wide)
    if isinstance(out, tuple):
        return tuple(_narrow(o) for o in out)
    return _narrow(out)


def _narrow(out):
    return out.astype(_F16) if getattr(out, "dtype", None) == _F32 else out



def _log_softmax(a, dim):
    """torch's half kernel rounds log(sum(exp(x - max))) to float16 before subtracting it."""
    wide = a.astype(_F32)
    shifted = wide - np.max(wide, axis=dim, keepdims=True)
    lse = np.log(np.sum(np.exp(shifted), axis=dim, keepdims=True))
    return (shifted - lse.astype(_F16).astype(_F32)).astype(_F16)
