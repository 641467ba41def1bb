"""The engine's public surface: every torch-named function, Tensor method and namespace member.

Each public name is declared once, where its code is: an op record's ``api`` (the wrapper is
then generated, see ``ops/registry.API``) or ``@public`` beside a hand-written function. From
these tables come the ``torch``/``torch.nn.functional``/``torch.special``/``torch.linalg``
namespaces (and ``gradcli.engine.__all__``), the Tensor methods (``tensor_methods.attach``), and
the names the language lets scripts reach (``lang/namespace.py``, checked by tests/test_names.py).
"""
from __future__ import annotations

NAMESPACES = ("torch", "torch.nn.functional", "torch.special", "torch.linalg")

FUNCTIONS: dict[str, dict[str, object]] = {ns: {} for ns in NAMESPACES}
METHODS: dict[str, object] = {}     # Tensor.<name> (operators included)
PROPERTIES: dict[str, object] = {}  # Tensor.<name> computed on read (T, mT)


def export(fn, name: str, *, namespaces=("torch",), method=False, aliases=()) -> None:
    """Make ``fn`` public as ``<namespace>.<name>`` (and its aliases); ``method=True`` also makes it
    ``Tensor.<name>``, a callable gives the method its own argument handling."""
    for ns in namespaces:
        table = FUNCTIONS[ns]
        for n in (name,) + tuple(aliases):
            if n in table and table[n] is not fn:
                raise ValueError(f"{ns}.{n} is declared twice")
            table[n] = fn
    if method:
        impl = fn if method is True else method
        for n in (name,) + tuple(aliases):
            METHODS[n] = impl


def public(name: str | None = None, *, namespaces=("torch",), method=False, aliases=()):
    """``@public(method=True, aliases=("absolute",))`` above a hand-written function."""
    def declare(fn):
        export(fn, name or fn.__name__, namespaces=namespaces, method=method, aliases=aliases)
        return fn
    return declare


def method(name: str | None = None, *, aliases=()):
    """``@method()`` above a function that is only a Tensor method (``to``, ``new_zeros``, ``__add__``)."""
    def declare(fn):
        for n in (name or fn.__name__,) + tuple(aliases):
            METHODS[n] = fn
        return fn
    return declare


def namespace(ns: str) -> dict:
    return dict(FUNCTIONS[ns])
