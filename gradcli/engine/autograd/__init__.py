"""``torch.autograd``: backward, grad, Function, grad modes, functional, forward_ad, gradcheck,
anomaly mode, profiler and graph hooks, under torch's names.

Its low submodules (``grad_mode``, ``anomaly_mode``, ``graph``) sit at the bottom of the engine's
layers and the algorithms above everything else; importing this package loads them in that order
(the package's ``__init__`` runs first whenever a submodule is imported, and the low submodules
import nothing of it).
"""
from . import grad_mode, anomaly_mode, graph  # noqa: F401  (first: the layers below need only these)
from ..backward import backward, grad  # noqa: F401
from .anomaly_mode import detect_anomaly, set_detect_anomaly  # noqa: F401
from .grad_mode import (  # noqa: F401
    enable_grad, inference_mode, is_multithreading_enabled, no_grad, set_grad_enabled, set_multithreading_enabled,
)
from . import forward_ad, function, functional, gradcheck, profiler  # noqa: F401
from .function import Function, FunctionCtx, once_differentiable  # noqa: F401
from .gradcheck import GradcheckError, gradcheck, gradgradcheck  # noqa: F401
from .variable import Variable  # noqa: F401

__all__ = [
    "Function", "backward", "detect_anomaly", "enable_grad", "forward_ad", "function", "functional", "grad",
    "gradcheck", "gradgradcheck", "graph", "inference_mode", "no_grad", "profiler", "set_detect_anomaly",
    "set_grad_enabled", "Variable", "is_multithreading_enabled", "set_multithreading_enabled",
]
