"""`contextlib` as PyTorch scripts use it: `ctx = nullcontext() if device_type == 'cpu' else
torch.autocast(...)` (nanoGPT's train.py and most mixed-precision scripts), `suppress`, and
`@contextmanager` over a script's generator function (timers, an eval-mode helper with try/finally).
"""

from __future__ import annotations

import contextlib

from .errors import GradcliError


class _GeneratorContextManager:
    """What a `@contextmanager` function returns: the generator's first value on entry; on exit its
    end, or the block's exception thrown in at the `yield`, as Python's contextlib does."""

    __slots__ = ("_generator",)

    def __init__(self, generator):
        self._generator = generator

    def __enter__(self):
        try:
            return next(self._generator)
        except StopIteration:
            raise RuntimeError("generator didn't yield") from None

    def __exit__(self, kind, value, traceback):
        if kind is None:
            try:
                next(self._generator)
            except StopIteration:
                return False
            raise RuntimeError("generator didn't stop")
        inner = getattr(self._generator, "_generator", None)     # a script generator's Python generator
        if inner is None:
            raise TypeError("contextmanager: the decorated function must be a generator function")
        try:
            inner.throw(value)
        except StopIteration as stop:
            return stop is not value        # the block's exception handled inside: suppressed
        except GradcliError as err:
            if err.exception is value:      # the same exception, raised on (a finally ran): not suppressed
                return False
            raise
        except BaseException as exc:
            if exc is value:
                return False
            raise
        raise RuntimeError("generator didn't stop after throw()")


_GeneratorContextManager.__name__ = _GeneratorContextManager.__qualname__ = "_GeneratorContextManager"


class _ContextManagerFunction:
    """A script generator function under `@contextmanager`: each call, a context manager."""

    __slots__ = ("_function",)

    def __init__(self, function):
        self._function = function

    def __call__(self, *args, **kwargs):
        return _GeneratorContextManager(self._function(*args, **kwargs))

    def __repr__(self) -> str:
        return f"<function {getattr(self._function, '__name__', 'contextmanager')} at {id(self):#x}>"


_ContextManagerFunction.__name__ = _ContextManagerFunction.__qualname__ = "function"


def contextlib_members() -> dict:
    return {"nullcontext": contextlib.nullcontext, "suppress": contextlib.suppress,
            "contextmanager": _ContextManagerFunction,
            "AbstractContextManager": contextlib.AbstractContextManager}
