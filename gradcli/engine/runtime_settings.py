"""The process-wide switches PyTorch scripts set in their first lines (deterministic algorithms,
matmul precision, threads, default device) and ``torch.compile``: accepted and remembered as torch
does, with no effect on gradcli's numbers (its kernels are deterministic, float32 products are
never lowered to TF32, and there is no compiler to call)."""
from __future__ import annotations

import os
import warnings

from . import device as device_module
from .nn.module import Module
from . import threads as kernel_threads
from .public import public
from .tensor import _warned

_state = {"deterministic": False, "warn_only": False, "matmul_precision": "highest",
          "threads": os.cpu_count() or 1, "interop_threads": os.cpu_count() or 1}


@public()
def use_deterministic_algorithms(mode, *, warn_only=False) -> None:
    if not isinstance(mode, bool):
        raise TypeError(f"use_deterministic_algorithms(): argument 'mode' must be bool, not {type(mode).__name__}")
    _state["deterministic"], _state["warn_only"] = mode, bool(warn_only)


_DEBUG_MODES = ("default", "warn", "error")


@public()
def set_deterministic_debug_mode(debug_mode) -> None:
    """torch's other spelling of use_deterministic_algorithms: 'default' (0), 'warn' (1), 'error' (2)."""
    if isinstance(debug_mode, str):
        if debug_mode not in _DEBUG_MODES:
            raise RuntimeError(f"invalid value of debug_mode, expected one of `default`, `warn`, `error`, but got "
                               f"{debug_mode}")
        debug_mode = _DEBUG_MODES.index(debug_mode)
    elif not isinstance(debug_mode, int):
        raise TypeError(f"debug_mode must be str or int, but got {type(debug_mode)}")
    if debug_mode not in (0, 1, 2):
        raise RuntimeError(f"invalid value of debug_mode, expected 0, 1, or 2, but got {debug_mode}")
    use_deterministic_algorithms(debug_mode > 0, warn_only=debug_mode == 1)


@public()
def get_deterministic_debug_mode() -> int:
    return 0 if not _state["deterministic"] else 1 if _state["warn_only"] else 2


@public()
def set_flush_denormal(mode) -> bool:
    """False (the default) as on x86; True is refused: torch then computes denormals as zeros, which
    gradcli's numpy kernels do not do, so its numbers would differ."""
    if not isinstance(mode, bool):
        raise TypeError(f"set_flush_denormal(): argument 'mode' (position 1) must be bool, not {type(mode).__name__}")
    if mode:
        raise RuntimeError("torch.set_flush_denormal(True) makes torch compute denormal numbers as zeros, which "
                           "gradcli does not do (its results would differ from torch's): leave it off")
    return True


@public()
def are_deterministic_algorithms_enabled() -> bool:
    return _state["deterministic"]


@public()
def is_deterministic_algorithms_warn_only_enabled() -> bool:
    return _state["warn_only"]


@public()
def set_warn_always(b) -> None:
    """torch's warnings given once per process (TORCH_WARN_ONCE) are given every time while set; they
    do not count as the once (cleared while set, their flags come back as they were)."""
    if not isinstance(b, bool):
        raise RuntimeError(f"setWarnOnlyOnce expects a bool, but got {type(b).__name__}")
    if bool(b) != _warned["always"]:
        if b:
            _once_before.update((k, _warned[k]) for k in _ONCE)
            _warned.update(dict.fromkeys(_ONCE, False))
        else:
            _warned.update(_once_before)
    _warned["always"] = bool(b)


_ONCE = ("float", "create_graph", "T", "nuclear_norm")
_once_before: dict = {}


@public()
def is_warn_always_enabled() -> bool:
    return _warned["always"]


@public()
def set_float32_matmul_precision(precision) -> None:
    if precision not in ("highest", "high", "medium"):
        warnings.warn(f"{precision} is not one of 'highest', 'high', or 'medium'; the current"
                      "setFloat32MatmulPrecision call has no effect.", UserWarning, stacklevel=2)
        return
    _state["matmul_precision"] = precision


@public()
def get_float32_matmul_precision() -> str:
    return _state["matmul_precision"]


def _positive(name: str, n) -> int:
    """A thread count as torch reads it: a C int (torch's parser refuses a larger one), then positive."""
    if isinstance(n, int) and not -(1 << 31) <= n < 1 << 31:
        raise ValueError("Overflow when unpacking long" + (" long" if not -(1 << 63) <= n < 1 << 63 else ""))
    if not isinstance(n, int) or isinstance(n, bool) or n <= 0:
        raise RuntimeError(f"{name} expects a positive integer")
    return n


@public()
def set_num_threads(n) -> None:
    _state["threads"] = kernel_threads.count = _positive("set_num_threads", n)


@public()
def get_num_threads() -> int:
    return _state["threads"]


@public()
def set_num_interop_threads(n) -> None:
    _state["interop_threads"] = _positive("set_num_interop_threads", n)


@public()
def get_num_interop_threads() -> int:
    return _state["interop_threads"]


@public()
def set_default_device(device) -> None:
    if device is not None and device_module.device(device).type != "cpu":
        raise AssertionError("Torch not compiled with CUDA enabled")


@public()
def get_default_device():
    return device_module.device("cpu")


class OptimizedModule(Module):
    """What ``torch.compile(model)`` returns: the model as its one child ``_orig_mod``, called
    as the model is (torch's repr, parameter names and state_dict keys)."""

    def __init__(self, mod: Module):
        super().__init__()
        self._orig_mod = mod

    def forward(self, *args, **kwargs):
        return self._orig_mod(*args, **kwargs)


@public()
def compile(model=None, *, fullgraph=False, dynamic=None, backend="inductor", mode=None, options=None,
            disable=False):
    """``torch.compile``: gradcli runs the model or function eagerly, which is what compiled code
    computes."""
    if model is None:
        return lambda fn: compile(fn, fullgraph=fullgraph, dynamic=dynamic, backend=backend, mode=mode,
                                  options=options, disable=disable)
    if not callable(model):
        raise RuntimeError("torch.compile: model must be a callable")
    return OptimizedModule(model) if isinstance(model, Module) and not disable else model
