"""`inspect.signature` as PyTorch scripts use it: nanoGPT's
`'fused' in inspect.signature(torch.optim.AdamW).parameters`. The signature of torch's own functions
and classes only, whose parameters give their name, kind and default (when it is plain data), and
nothing else of Python.
"""

from __future__ import annotations

import inspect


class Parameter:
    """One parameter of a signature: its name, its kind (``POSITIONAL_OR_KEYWORD``...) and its
    default when that is plain data (``Parameter.empty`` when there is none)."""

    __slots__ = ("name", "kind", "default")
    empty = inspect.Parameter.empty
    POSITIONAL_ONLY = inspect.Parameter.POSITIONAL_ONLY
    POSITIONAL_OR_KEYWORD = inspect.Parameter.POSITIONAL_OR_KEYWORD
    VAR_POSITIONAL = inspect.Parameter.VAR_POSITIONAL
    KEYWORD_ONLY = inspect.Parameter.KEYWORD_ONLY
    VAR_KEYWORD = inspect.Parameter.VAR_KEYWORD

    def __init__(self, parameter: inspect.Parameter):
        self.name = parameter.name
        self.kind = parameter.kind
        default = parameter.default
        self.default = default if _plain(default) else Parameter.empty

    def __repr__(self) -> str:
        return f'<Parameter "{self.name}">'


class Signature:
    """``inspect.signature(f)`` of one of torch's functions or classes: ``parameters`` maps each
    name to its Parameter, in order."""

    __slots__ = ("parameters", "_text")

    def __init__(self, signature: inspect.Signature):
        self.parameters = {name: Parameter(p) for name, p in signature.parameters.items()}
        self._text = ", ".join(_parameter_text(p) for p in signature.parameters.values())

    def __repr__(self) -> str:
        return f"<Signature ({self._text})>"

    def __str__(self) -> str:
        return f"({self._text})"


def _plain(value) -> bool:
    if value is None or isinstance(value, (bool, int, float, complex, str)):
        return True
    return isinstance(value, tuple) and all(_plain(v) for v in value)


def _parameter_text(p: inspect.Parameter) -> str:
    prefix = {"VAR_POSITIONAL": "*", "VAR_KEYWORD": "**"}.get(p.kind.name, "")
    if p.default is inspect.Parameter.empty:
        return prefix + p.name
    return f"{p.name}={p.default!r}" if _plain(p.default) else f"{p.name}=..."


def signature(obj) -> Signature:
    """The signature of torch's function or class ``obj`` (a script's own functions are opaque)."""
    module = getattr(obj, "__module__", None)
    if not (isinstance(module, str) and module.startswith("gradcli.engine")) or not callable(obj):
        raise TypeError("inspect.signature() in gradcli scripts takes torch's functions and classes, "
                        f"not {type(obj).__name__}")
    try:
        return Signature(inspect.signature(obj))
    except (TypeError, ValueError):
        raise ValueError(f"no signature found for {getattr(obj, '__name__', type(obj).__name__)}") from None


def inspect_members(policy) -> dict:
    policy.allow(Signature, ("parameters",))
    policy.allow(Parameter, ("name", "kind", "default"))
    policy.allow_class_members(Parameter, ("empty", "POSITIONAL_ONLY", "POSITIONAL_OR_KEYWORD", "VAR_POSITIONAL",
                                           "KEYWORD_ONLY", "VAR_KEYWORD"))
    return {"signature": signature, "Parameter": Parameter}
