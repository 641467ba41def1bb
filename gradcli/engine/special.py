"""``torch.special``: the functions gradcli has under their special-function names."""
from .functions import (  # noqa: F401
    digamma, digamma as psi, erfinv, exp2, expm1, i0, lgamma as gammaln, log1p, logit, logsumexp, sinc, xlogy,
)
from .ops.gamma import mvlgamma as multigammaln, polygamma  # noqa: F401
from .ops.activation import sigmoid as expit  # noqa: F401
from .nn.functional import special_log_softmax as log_softmax, special_softmax as softmax  # noqa: F401
from .ops.special import erf, erfc  # noqa: F401
from .ops.special_functions import (  # noqa: F401
    entr, erfcx, i0e, i1, i1e, igamma as gammainc, igammac as gammaincc, log_ndtr, ndtri, xlog1py, zeta,
)
from .ops.bessel import POLYNOMIALS as _POLYNOMIALS, UNARY as _UNARY
from .ops.pointwise import ROUND_DEC as _ROUND_DEC
from .ops.nn import ADD_SCALAR as _ADD, MUL_SCALAR as _MUL
from .ops.special import ERF as _ERF
from .dispatch import call as _call
from .tensor import Tensor as _Tensor

__all__ = [
    "digamma", "entr", "erf", "erfc", "erfcx", "erfinv", "exp2", "expit", "expm1", "gammainc", "gammaincc", "gammaln",
    "i0", "i0e", "i1", "i1e", "log1p", "log_ndtr", "log_softmax", "logit", "logsumexp", "multigammaln", "ndtr",
    "ndtri", "polygamma", "psi", "round", "sinc", "softmax", "xlog1py", "xlogy", "zeta",
] + sorted(_UNARY) + sorted(_POLYNOMIALS)
globals().update(_UNARY)        # bessel_j0 ... airy_ai, and the orthogonal polynomials: no gradient, as torch
globals().update(_POLYNOMIALS)


def round(input, *, decimals=0):
    """torch.special.round: torch.round with decimals, so its node is RoundBackward1 even for decimals=0."""
    if not isinstance(input, _Tensor):
        raise TypeError(f"special_round(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
    return _call(_ROUND_DEC, (input,), {"decimals": decimals})


def ndtr(input):
    """The standard normal cdf, composed as torch's: (1 + erf(x / sqrt 2)) * 0.5 (MulBackward1 on top)."""
    if not isinstance(input, _Tensor):
        raise TypeError(f"special_ndtr(): argument 'input' (position 1) must be Tensor, not {type(input).__name__}")
    erf = _call(_ERF, (_call(_MUL, (input,), {"other": 0.7071067811865476}),))
    return _call(_MUL, (_call(_ADD, (erf,), {"other": 1, "alpha": 1}),), {"other": 0.5})
