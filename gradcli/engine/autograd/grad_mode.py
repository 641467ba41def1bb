"""Grad modes: thread-local switches read once per op (one attribute load when unused).

Each mode works as a context manager, as a decorator (``@no_grad()``) and,
for ``set_grad_enabled``, as a plain call, like torch.
"""
from __future__ import annotations

import functools
import threading

__all__ = ["no_grad", "enable_grad", "set_grad_enabled", "inference_mode",
           "is_grad_enabled", "is_inference_mode_enabled"]


class _State(threading.local):
    """``flag`` is torch's grad mode (``is_grad_enabled``); ``grad``, what ops read, is whether they
    record: never inside inference mode, even under enable_grad (torch's InferenceMode leaves out
    autograd whatever the grad mode says)."""

    def __init__(self):
        self.flag = True
        self.grad = True
        self.inference = False


state = _State()


def _set(flag: bool, inference: bool) -> None:
    state.flag = flag
    state.inference = inference
    state.grad = flag and not inference


def is_grad_enabled() -> bool:
    return state.flag


def is_inference_mode_enabled() -> bool:
    return state.inference


class _Mode:
    """Base: subclasses say what to set on enter; exit restores what was there."""

    __slots__ = ("_saved",)

    def __enter__(self):
        self._saved = (state.flag, state.inference)
        self._enter()
        return None

    def _enter(self):
        """What the mode sets; subclasses define it."""

    def __exit__(self, *exc):
        _set(*self._saved)
        return False

    def __call__(self, fn):
        mode = self

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            with mode.clone():
                return fn(*args, **kwargs)

        return wrapper

    def clone(self):
        return type(self)()

    def __repr__(self):
        return f"<torch.autograd.grad_mode.{type(self).__name__} object at {id(self):#x}>"


class _BareDecorator(_Mode):
    """A mode that also decorates without parentheses (``@torch.no_grad``), as torch's
    _NoParamDecoratorContextManager: called with a function, it returns the wrapped function."""

    __slots__ = ()

    def __new__(cls, orig_func=None):
        if orig_func is None:
            return super().__new__(cls)
        return cls()(orig_func)


class no_grad(_BareDecorator):
    """Ops record no graph inside; results have requires_grad=False."""

    __slots__ = ()

    def _enter(self):
        _set(False, state.inference)


class enable_grad(_BareDecorator):
    """Turn recording back on inside a no_grad region."""

    __slots__ = ()

    def _enter(self):
        _set(True, state.inference)


class transform_grad(_Mode):
    """What torch.func's transforms differentiate under: grad mode on and inference mode off (they
    work inside ``inference_mode``, where autograd.functional's results are zeros)."""

    __slots__ = ()

    def _enter(self):
        _set(True, False)


class set_grad_enabled(_Mode):
    """Set grad mode: takes effect at once when called, and is undone on ``__exit__``."""

    __slots__ = ("mode",)

    def __init__(self, mode: bool):
        self.mode = bool(mode)
        self._saved = (state.flag, state.inference)
        _set(self.mode, state.inference)

    def __enter__(self):
        return None

    def __call__(self, fn):
        # Used as a decorator: the construction above must not leak into the caller.
        _set(*self._saved)
        return super().__call__(fn)

    def clone(self):
        return set_grad_enabled(self.mode)

    def __repr__(self):
        return f"torch.autograd.grad_mode.set_grad_enabled(mode={self.mode})"


class inference_mode(_Mode):
    """Like no_grad, and tensors made inside are inference tensors (no version counter)."""

    __slots__ = ("mode",)

    def __new__(cls, mode=True):
        if isinstance(mode, bool):
            return super().__new__(cls)
        return cls()(mode)          # @torch.inference_mode without parentheses

    def __init__(self, mode: bool = True):
        self.mode = bool(mode)

    def _enter(self):
        # as torch's C++ guard: grad mode is the opposite of the inference flag
        _set(not self.mode, self.mode)

    def clone(self):
        return inference_mode(self.mode)
