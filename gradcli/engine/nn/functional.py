"""``torch.nn.functional``: activations, softmax, linear, losses, dropout, normalize.

The records live in ops/activation.py, ops/special.py and ops/nn.py; this
module is only the namespace a script imports as ``F``.
"""
from ..functions import tanh  # noqa: F401
from ..ops.activation import (  # noqa: F401
    celu, celu_, elu, elu_, gelu, hardsigmoid, hardswish, hardtanh, hardtanh_, leaky_relu, leaky_relu_, logsigmoid,
    mish, relu, relu6, relu_, selu, selu_, sigmoid, silu, softplus, softsign,
)
from ..ops.nn import (  # noqa: F401
    binary_cross_entropy, binary_cross_entropy_with_logits, cross_entropy, dropout, huber_loss, l1_loss, linear,
    log_softmax, mse_loss, nll_loss, normalize, smooth_l1_loss, softmax, softmin,
)
from ..ops.pooling import avg_pool2d  # noqa: F401,E402

import numpy as _np  # noqa: E402

from .. import errors as _errors  # noqa: E402
from ..tensor import Tensor as _Tensor, make as _make  # noqa: E402


def one_hot(tensor, num_classes=-1):
    """Integer class indices -> int64 one-hot rows (never differentiable)."""
    if not isinstance(tensor, _Tensor) or tensor._data.dtype.kind not in "iu":
        raise _errors.AutogradError("one_hot is only applicable to index tensor of type LongTensor.")
    data = tensor._data.astype(_np.int64)
    if num_classes == -1:
        num_classes = int(data.max()) + 1 if data.size else 0
    if data.size and (data.min() < 0 or data.max() >= num_classes):
        raise _errors.AutogradError("Class values must be smaller than num_classes." if data.size and data.min() >= 0
                                    else "Class values must be non-negative.")
    return _make((data[..., None] == _np.arange(num_classes)).astype(_np.int64))


def cosine_similarity(x1, x2, dim=1, eps=1e-8):
    """torch's formula: each input divided by its norm clamped at eps, then summed along dim."""
    from ..functions import clamp_min, div, mul, norm, sum
    n1 = clamp_min(norm(x1, 2, dim, True), eps)
    n2 = clamp_min(norm(x2, 2, dim, True), eps)
    return sum(mul(div(x1, n1), div(x2, n2)), dim)


def kl_div(input, target, size_average=None, reduce=None, reduction="mean", log_target=False):
    """KL(target || exp(input)) pointwise: target * (log target - input), reduced like torch."""
    from ..functions import exp, mean, mul, sub, sum, where, log
    if log_target:
        loss = mul(exp(target), sub(target, input))
    else:
        safe = where(target > 0, target, 1.0) if isinstance(target, _Tensor) else target
        loss = sub(where(target == 0, 0.0, mul(target, log(safe))), mul(target, input))
    if reduction == "mean":
        return mean(loss)
    if reduction == "batchmean":
        return sum(loss) / (input.shape[0] if input.ndim else 1)
    if reduction == "sum":
        return sum(loss)
    if reduction == "none":
        return loss
    raise ValueError(f"{reduction} is not a valid value for reduction")
