"""Anomaly mode (``torch.autograd.detect_anomaly`` / ``set_detect_anomaly``).

While on, every node remembers where the forward created it
(``instrumentation.remember_creation``: the language layer's
``creation_context`` gives "file:line: source" for scripts, else a Python
stack). In backward, a node that returns NaN raises torch's error, and any
node that fails warns with the forward location, as torch does ("Error
detected in MulBackward0. Traceback of forward call that caused the error:").
The in-place version error's hint also changes (graph.py).
"""
from __future__ import annotations

import functools
import warnings

from .. import errors, instrumentation


def is_anomaly_enabled() -> bool:
    return instrumentation.anomaly


def is_anomaly_check_nan_enabled() -> bool:
    return instrumentation.check_nan


class AnomalyError(errors.AutogradError):
    """A backward node produced NaN while anomaly mode was on; ``forward_trace`` says where it was made."""

    def __init__(self, node, index: int):
        self.node = node
        self.index = index
        self.forward_trace = node._x.trace if node._x is not None else None
        super().__init__(f"Function '{node.name()}' returned nan values in its {index}th output.")
        instrumentation.warn_forward_trace(node)


class set_detect_anomaly:
    """Turn anomaly detection on or off: at once (a plain call) and, as a context manager, until exit."""

    def __init__(self, mode: bool, check_nan: bool = True):
        self.prev = instrumentation.anomaly
        self.prev_check_nan = instrumentation.check_nan
        instrumentation.set_anomaly(bool(mode), bool(check_nan))

    def __enter__(self):
        return None

    def __exit__(self, *exc):
        instrumentation.set_anomaly(self.prev, self.prev_check_nan)
        return False


class detect_anomaly:
    """Context manager and decorator that enables anomaly detection inside (and warns that it is slow)."""

    def __init__(self, check_nan: bool = True):
        self.check_nan = check_nan
        warnings.warn("Anomaly Detection has been enabled. This mode will increase the runtime and should only be "
                      "enabled for debugging.", UserWarning, stacklevel=2)

    def __enter__(self):
        self.prev = instrumentation.anomaly
        self.prev_check_nan = instrumentation.check_nan
        instrumentation.set_anomaly(True, self.check_nan)
        return None

    def __exit__(self, *exc):
        instrumentation.set_anomaly(self.prev, self.prev_check_nan)
        return False

    def __call__(self, fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            prev, prev_nan = instrumentation.anomaly, instrumentation.check_nan
            instrumentation.set_anomaly(True, self.check_nan)
            try:
                return fn(*args, **kwargs)
            finally:
                instrumentation.set_anomaly(prev, prev_nan)
        return wrapper
