"""``torch.autograd``: backward, grad, Function, grad modes (and, as they land, functional,
forward_ad, gradcheck, anomaly mode, profiler, graph hooks)."""
from ..backward import backward, grad  # noqa: F401
from ..grad_mode import enable_grad, inference_mode, no_grad, set_grad_enabled  # noqa: F401
from ..anomaly import detect_anomaly, set_detect_anomaly  # noqa: F401
from ..function import Function, FunctionCtx, once_differentiable  # noqa: F401
from . import graph  # noqa: F401
