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
