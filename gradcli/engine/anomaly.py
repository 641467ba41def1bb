"""Anomaly mode: nodes remember where they were made; NaN in backward names the node."""
from __future__ import annotations

from . import errors, instrumentation


def is_anomaly_enabled() -> bool:
    return instrumentation.anomaly


class AnomalyError(errors.AutogradError):
    """A backward node produced NaN while anomaly mode was on."""

    def __init__(self, node, index: int):
        self.node = node
        self.index = index
        self.forward_trace = node._x.trace if node._x is not None else None
        msg = f"Function '{node.name()}' returned nan values in its {index}th output."
        super().__init__(msg)


class set_detect_anomaly:
    """Turn anomaly detection on or off, now and as a context manager."""

    def __init__(self, mode: bool, check_nan: bool = True):
        self.prev = instrumentation.anomaly
        instrumentation.set_anomaly(bool(mode))

    def __enter__(self):
        return None

    def __exit__(self, *exc):
        instrumentation.set_anomaly(self.prev)
        return False


class detect_anomaly:
    """Context manager and decorator that enables anomaly detection inside."""

    def __init__(self, check_nan: bool = True):
        self.check_nan = check_nan

    def __enter__(self):
        self.prev = instrumentation.anomaly
        instrumentation.set_anomaly(True)
        return None

    def __exit__(self, *exc):
        instrumentation.set_anomaly(self.prev)
        return False

    def __call__(self, fn):
        import functools

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            with detect_anomaly(self.check_nan):
                return fn(*args, **kwargs)
        return wrapper
