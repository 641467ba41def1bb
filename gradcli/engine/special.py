"""``torch.special``: the functions gradcli has under their special-function names."""
from .functions import digamma, digamma as psi, erfinv, lgamma as gammaln, logsumexp, xlogy  # noqa: F401
from .ops.gamma import mvlgamma as multigammaln, polygamma  # noqa: F401
from .ops.activation import sigmoid as expit  # noqa: F401
from .nn.functional import log_softmax, softmax  # noqa: F401
from .ops.special import erf, erfc  # noqa: F401

__all__ = [
    "digamma", "erf", "erfc", "erfinv", "expit", "gammaln", "log_softmax", "logsumexp", "multigammaln", "polygamma",
    "psi", "softmax", "xlogy",
]
