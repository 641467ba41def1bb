"""Python exceptions raised while a script runs, as GradcliErrors with the script's span, and back
(what `except ... as e` sees)."""

from __future__ import annotations

from .errors import EXCEPTION_CLASSES, GradcliError, Span


# Python exception class -> error kind; the first match in the MRO wins.
_KIND_OF = {
    MemoryError: "limit", RecursionError: "limit", NameError: "name",
    AttributeError: "attribute", IndexError: "index", KeyError: "key",
    ZeroDivisionError: "arithmetic", OverflowError: "arithmetic",
    FloatingPointError: "arithmetic", TypeError: "type", ValueError: "value",
    AssertionError: "assertion", RuntimeError: "runtime",
}


def wrap_exception(exc: BaseException, span: Span | None, filename: str) -> GradcliError:
    """A Python/engine/numpy exception as a GradcliError at `span`.

    The message keeps the original text, prefixed by the builtin exception
    class it derives from (engine errors read `RuntimeError: ...` as in torch).
    """
    if isinstance(exc, GradcliError):
        return exc
    kind = "runtime"
    for klass in type(exc).__mro__:
        if klass in _KIND_OF:
            kind = _KIND_OF[klass]
            break
    label = next((k.__name__ for k in type(exc).__mro__ if k.__module__ in ("builtins", "__main__")),
                 type(exc).__name__)     # a script's own exception class by its name
    if isinstance(exc, RecursionError):
        message = "maximum recursion depth exceeded (the Python stack is exhausted)"
    else:
        try:
            text = str(exc)
        except (RecursionError, MemoryError) as inner:  # str() of a huge or deep argument
            return wrap_exception(inner, span, filename)
        except GradcliError:        # a script class's __str__ failed: its own error, where it happened
            raise
        except Exception:           # its __str__ returned no string: Python's words, at the raise
            text = "<exception str() failed>"
        message = f"{label}: {text}" if text else label
        if isinstance(exc, MemoryError) and not text:     # the run's address-space cap was reached
            message = ("MemoryError: out of memory (the run's memory cap was reached); allow more with "
                       "--max-memory MB, or keep fewer or smaller values alive")
        trace = getattr(exc, "forward_trace", None)
        if isinstance(trace, str) and trace:
            message += f"\n  the node was created by: {trace.strip()}"
    err = GradcliError(kind, message, span, filename=filename)
    err.exception = exc
    return err


_CLASS_OF_KIND = {
    "name": NameError, "import": ImportError, "attribute": AttributeError, "type": TypeError,
    "value": ValueError, "index": IndexError, "key": KeyError, "arithmetic": ArithmeticError,
    "assertion": AssertionError, "runtime": RuntimeError,
}


def python_exception(err: GradcliError) -> BaseException:
    """The exception object a script's `except ... as e` sees for `err`.

    Errors raised by operations keep their original exception (so `print(e)`
    shows the engine's message, as torch's would); the language's own errors
    become the Python exception their message is labelled with.
    """
    if err.exception is not None:
        return _as_torch_sees_it(err.exception)
    label, sep, text = err.message.partition(": ")
    cls = EXCEPTION_CLASSES.get(label) if sep else None
    if cls is None or cls is Exception:
        cls, text = _CLASS_OF_KIND.get(err.kind, RuntimeError), err.message
    # Python's str(e) has no "did you mean" hint (its traceback adds one).
    text = text.split("; did you mean ")[0]
    if cls is KeyError:
        exc = RuntimeError(text)  # KeyError's str() would add quotes
    else:
        exc = cls(text)
    err.exception = exc
    return exc


# engine exception classes torch has under the same name; the others are its RuntimeError etc.
_TORCH_EXCEPTION_NAMES = frozenset({"GradcheckError", "_LinAlgError"})


def _as_torch_sees_it(exc: BaseException) -> BaseException:
    """The engine's own error classes (ShapeError, GraphError...) are torch's RuntimeError (or the
    builtin class they derive from): `type(e).__name__` and `repr(e)` in a script print torch's."""
    cls = type(exc)
    if not cls.__module__.startswith("gradcli.") or cls.__name__ in _TORCH_EXCEPTION_NAMES:
        return exc
    builtin = next(k for k in cls.__mro__ if k.__module__ == "builtins")
    plain = builtin(*exc.args)
    plain.__traceback__ = None
    return plain


def catchable(err: GradcliError) -> bool:
    """Limits (time, size, recursion) and Ctrl-C always end the script; nothing catches them."""
    return err.kind not in ("limit", "syntax", "interrupted")

def exception_classes(value) -> bool:
    items = value if isinstance(value, tuple) else (value,)
    return all(isinstance(c, type) and issubclass(c, BaseException) for c in items)


class SpanErrors:
    """``with self._at(span):`` around script work: anything it raises becomes a GradcliError that
    points at ``span`` (a GradcliError passes through: it knows where it happened, or learns it here)."""

    __slots__ = ("span", "filename")

    def __init__(self, span: Span | None, filename: str):
        self.span = span
        self.filename = filename

    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        if exc is None or not isinstance(exc, Exception) or isinstance(exc, BrokenPipeError):
            return False   # a closed stdout ends the program quietly (cli.app), it is no script error
        if isinstance(exc, GradcliError):
            if exc.filename == "<string>":
                exc.filename = self.filename
            if exc.span is None:    # raised where Python called the script back (`0.5 in obj`): here
                exc.span = self.span
            return False
        err = wrap_exception(exc, self.span, self.filename)
        if err.filename == "<string>":
            err.filename = self.filename
        raise err from None


_UNEXPECTED_KEYWORD = "got an unexpected keyword argument '"


def builtin_named(exc: Exception, fn, builtins: dict) -> Exception:
    """A TypeError of a language builtin under the name scripts call it by (``sum()``, not
    ``python_builtins.<locals>.sum_()`` or ``Enumerate.__new__()``), as Python names its own."""
    if not isinstance(exc, TypeError):
        return exc
    if str(getattr(fn, "__module__", "")).startswith("gradcli.engine"):    # torch's words, as torch names them
        return exc
    name = next((key for key, value in builtins.items() if value is fn), None)
    message = str(exc)
    called = message.split("(", 1)[0]
    if (name is None or called == name or not message.startswith(called + "()") or " " in called
            or called.startswith("torch.")):    # (a name torch's own message gives, as torch.finfo's)
        return exc
    return TypeError(name + message[len(called):])


def argument_named(exc: Exception, fn) -> Exception:
    """The engine's "argument 'dtype' must be torch.dtype, not str" under the called function's name, as
    torch's argument parser words it (``ones(): argument 'dtype' ...``)."""
    name = getattr(fn, "__name__", None)
    if not isinstance(exc, TypeError) or not str(exc).startswith("argument '") or not isinstance(name, str):
        return exc
    return TypeError(f"{name}(): {exc}")


def keyword_hint(exc: Exception, fn) -> Exception:
    """Python's TypeError for a misspelt keyword (``torch.ones(3, requires_gard=True)``), with the
    parameter of ``fn`` it is closest to, as an unknown name gets one."""
    message = str(exc)
    at = message.find(_UNEXPECTED_KEYWORD)
    if not isinstance(exc, TypeError) or at < 0:
        return exc
    import difflib
    import inspect
    try:
        names = list(inspect.signature(fn).parameters)
    except (TypeError, ValueError):
        return exc
    word = message[at + len(_UNEXPECTED_KEYWORD):].split("'", 1)[0]
    close = difflib.get_close_matches(word, names, n=1)
    return TypeError(f"{message}; did you mean {close[0]!r}?") if close else exc
