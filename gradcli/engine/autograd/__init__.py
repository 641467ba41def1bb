"""``torch.autograd``: backward, grad, Function, grad modes, functional, forward_ad, gradcheck,
anomaly mode, profiler and graph hooks, under torch's names."""
from ..backward import backward, grad  # noqa: F401
from ..grad_mode import enable_grad, inference_mode, no_grad, set_grad_enabled  # noqa: F401
from ..anomaly import detect_anomaly, set_detect_anomaly  # noqa: F401
from ..function import Function, FunctionCtx, once_differentiable  # noqa: F401
from . import forward_ad, functional, graph, profiler  # noqa: F401
from .gradcheck import GradcheckError, gradcheck, gradgradcheck  # noqa: F401
from . import function  # noqa: E402,F401
