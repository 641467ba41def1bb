"""gradcli's autograd engine: torch.autograd's behaviour on numpy, with torch's names.

    from gradcli import engine as torch
    x = torch.tensor(2.0, requires_grad=True)
    (x * x).backward(); x.grad        # tensor(4.)

Imports numpy only; knows nothing of the language, the CLI or Rich. Layers, imports
pointing down (``tests/test_layers.py`` checks it): core (errors, dtypes, device, hooks,
instrumentation, printing, autograd.grad_mode, autograd.anomaly_mode) -> tensor and graph
(tensor, autograd.graph) -> op records and nodes (nodes, ops.registry) -> dispatch -> op families
(ops.*, backend) -> the torch-named API (creation, functions, linalg, special, nn.functional,
views, tensor_math) -> autograd algorithms (backward, autograd.*) -> tensor_methods, which attaches
every Tensor method in one place.

On import it raises the cyclic garbage collector's young-generation threshold
from Python's default 700 to 50,000 (only if it is still the default): a graph
is thousands of small acyclic objects freed by reference counting, and at 700
the collector rescans them after every ~100 ops, a fifth of the per-op time
(at 10,000 still a twentieth of a 3,000-op chain's forward and backward).
"""
import gc as _gc
import importlib as _importlib

if _gc.get_threshold()[0] == 700:
    _gc.set_threshold(50_000, *_gc.get_threshold()[1:])

from . import autograd  # noqa: E402  (first: it loads the layers in order, see autograd/__init__)
from . import amp, linalg, nn, special  # noqa: E402
from . import runtime_settings as _runtime_settings  # noqa: E402,F401  (torch.compile, set_num_threads, ...)
from . import serialization as _serialization  # noqa: E402,F401  (torch.save, torch.load)
from . import public as _public  # noqa: E402
from . import tensor_methods as _tensor_methods  # noqa: E402
from . import views as _views  # noqa: E402,F401  (installs view replay and CopySlices in the layers below)
from .autograd import Function  # noqa: E402
from .autograd.anomaly_mode import is_anomaly_check_nan_enabled, is_anomaly_enabled  # noqa: E402
from .autograd.grad_mode import (  # noqa: E402
    enable_grad, inference_mode, is_grad_enabled, is_inference_mode_enabled, no_grad, set_grad_enabled,
)
from .creation import Generator, default_generator  # noqa: E402
from .device import device  # noqa: E402
from .dtypes import (  # noqa: E402
    bool, cdouble, cfloat, complex64, complex128, double, dtype, float, float16, float32, float64, get_default_dtype,
    half, int, int8, int16, int32, int64, long, promote_types, set_default_dtype, short, uint8,
)
from .errors import AutogradError, DTypeError, GraphError, ShapeError  # noqa: E402
from .functions import e, finfo, iinfo, inf, nan, newaxis, pi  # noqa: E402
from .printing import get_printoptions, set_printoptions  # noqa: E402
from .tensor import Size, Tensor  # noqa: E402

# torch.<function>: every function declared public (op records' ``api`` and ``@public``)
globals().update(_public.FUNCTIONS["torch"])
_tensor_methods.attach()

from .legacy_tensors import (  # noqa: E402
    BoolTensor, ByteTensor, CharTensor, DoubleTensor, FloatTensor, HalfTensor, IntTensor, LongTensor, ShortTensor,
)
# loaded on first use: a third of the engine's import time (backends and cuda: what scripts ask of a GPU)
_LAZY = ("backends", "cuda", "distributions", "fft", "func", "optim", "testing", "utils")


def __getattr__(name: str):
    """The submodules in ``_LAZY`` are imported when first reached."""
    if name in _LAZY:
        module = _importlib.import_module(f"{__name__}.{name}")
        globals()[name] = module
        return module
    raise AttributeError(f"module 'torch' has no attribute '{name}'")


def __dir__():
    return sorted(set(globals()) | set(_LAZY))

autocast = amp.autocast
is_autocast_enabled = amp.is_autocast_enabled


def vmap(func, in_dims=0, out_dims=0, randomness="error", *, chunk_size=None):
    """torch.vmap: torch.func.vmap under its older name (torch.func is loaded when it is called)."""
    return __getattr__("func").vmap(func, in_dims, out_dims, randomness, chunk_size=chunk_size)


__version__ = "2.13.0+gradcli"

__all__ = sorted(set(_public.FUNCTIONS["torch"]) | {
    "Function", "amp", "autocast", "is_autocast_enabled", "vmap", "backends", "autograd", "cuda", "distributions", "fft", "func", "linalg", "nn", "optim", "special", "testing", "utils", "is_anomaly_enabled",
    "is_anomaly_check_nan_enabled",
    "enable_grad", "inference_mode", "is_grad_enabled", "is_inference_mode_enabled", "no_grad", "set_grad_enabled",
    "device", "bool", "cdouble", "cfloat", "complex64", "complex128", "double", "dtype", "float", "float16",
    "float32", "float64", "get_default_dtype", "half", "int", "int8", "int16", "int32", "int64", "long",
    "promote_types", "set_default_dtype", "short", "uint8", "AutogradError", "DTypeError", "GraphError",
    "ShapeError", "e", "finfo", "iinfo", "inf", "nan", "newaxis", "pi", "get_printoptions", "set_printoptions",
    "Size", "Tensor", "Generator", "default_generator", "FloatTensor", "DoubleTensor", "HalfTensor", "LongTensor",
    "IntTensor", "ShortTensor", "CharTensor", "ByteTensor", "BoolTensor",
})
