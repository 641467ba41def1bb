"""Grad modes: per-thread switches read once per op (``mode().grad``).

Each mode works as a context manager, as a decorator (``@no_grad()``) and,
for ``set_grad_enabled``, as a plain call, like torch.
"""
from __future__ import annotations

import contextvars
import functools

__all__ = ["no_grad", "enable_grad", "set_grad_enabled", "inference_mode",
           "is_grad_enabled", "is_inference_mode_enabled", "set_multithreading_enabled",
           "is_multithreading_enabled"]


class GradMode:
    """A thread's switches. ``flag`` is torch's grad mode (``is_grad_enabled``); ``grad``, what ops
    read, is whether they record: never inside inference mode, even under enable_grad (torch's
    InferenceMode leaves out autograd whatever the grad mode says)."""

    __slots__ = ("flag", "grad", "inference")

    def __init__(self):
        self.flag = self.grad = True
        self.inference = False


_DEFAULT = GradMode()   # what a thread reads until it first switches a mode; never changed
# The switches are found through a context variable, not a threading.local: ops read them once
# each (a context variable's read costs a third of a threading.local attribute's). They are as
# thread-local as torch's: a new thread starts with the default, grad on, and switches its own
# GradMode, made on its first switch; a generator shares its caller's. They are changed in place,
# not by setting the variable (that costs ~1k instructions, and a training step switches several times).
_current = contextvars.ContextVar("gradcli_grad_mode", default=_DEFAULT)
mode = _current.get
"""``mode()``: this thread's GradMode, to read."""


def own_mode() -> GradMode:
    """This thread's GradMode, to change."""
    current = _current.get()
    if current is _DEFAULT:
        current = GradMode()
        _current.set(current)
    return current


def set_mode(flag: bool, inference: bool) -> None:
    current = own_mode()
    current.flag = flag
    current.inference = inference
    current.grad = flag and not inference


def is_grad_enabled() -> bool:
    return mode().flag


def is_inference_mode_enabled() -> bool:
    return mode().inference


class _Mode:
    """Base: subclasses say what to set on enter; exit restores what was there."""

    __slots__ = ("_saved",)

    def __enter__(self):
        current = mode()
        self._saved = (current.flag, current.inference)
        self._enter()
        return None

    def _enter(self):
        """What the mode sets; subclasses define it."""

    def __exit__(self, *exc):
        set_mode(*self._saved)
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
        set_mode(False, mode().inference)


class enable_grad(_BareDecorator):
    """Turn recording back on inside a no_grad region."""

    __slots__ = ()

    def _enter(self):
        set_mode(True, mode().inference)


class transform_grad(_Mode):
    """What torch.func's transforms differentiate under: grad mode on and inference mode off (they
    work inside ``inference_mode``, where autograd.functional's results are zeros)."""

    __slots__ = ()

    def _enter(self):
        set_mode(True, False)


class set_grad_enabled(_Mode):
    """Set grad mode: takes effect at once when called, and is undone on ``__exit__``."""

    __slots__ = ("mode",)

    def __init__(self, mode: bool):
        self.mode = bool(mode)
        current = _current.get()
        self._saved = (current.flag, current.inference)
        set_mode(self.mode, current.inference)

    def __enter__(self):
        return None

    def __call__(self, fn):
        # Used as a decorator: the construction above must not leak into the caller.
        set_mode(*self._saved)
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
        set_mode(not self.mode, self.mode)

    def clone(self):
        return inference_mode(self.mode)


_multithreading = [True]   # process-wide, as torch's; gradcli's backward runs on the calling thread either way


def is_multithreading_enabled() -> bool:
    return _multithreading[0]


class set_multithreading_enabled(_Mode):
    """Whether backward may use worker threads (torch's switch for its device threads; gradcli has
    none, so only the flag changes). Set when made, restored on ``__exit__``, as torch's."""

    __slots__ = ("mode", "_previous")

    def __init__(self, mode: bool):
        if not isinstance(mode, bool):
            raise TypeError("set_multithreading_enabled(): argument 'enabled' (position 1) must be bool, not "
                            f"{type(mode).__name__}")
        self.mode = mode
        self._previous = _multithreading[0]
        _multithreading[0] = mode

    def __enter__(self):
        return None

    def __exit__(self, *exc):
        _multithreading[0] = self._previous
        return False

    def clone(self):
        return set_multithreading_enabled(self.mode)
