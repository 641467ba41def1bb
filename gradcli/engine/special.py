"""``torch.special``: the functions gradcli has under their special-function names."""
from .functions import logsumexp, xlogy  # noqa: F401
from .ops.activation import sigmoid as expit  # noqa: F401
from .nn.functional import log_softmax, softmax  # noqa: F401
from .ops.special import erf, erfc  # noqa: F401

__all__ = [
    "erf", "erfc", "expit", "log_softmax", "logsumexp", "softmax", "xlogy",
]
