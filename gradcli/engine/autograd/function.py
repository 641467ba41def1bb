"""``torch.autograd.function``: custom Functions (defined in ``engine.function``)."""
from ..function import BackwardCFunction, Function, FunctionCtx, once_differentiable  # noqa: F401
