"""The standard-library modules scripts may import besides math: `typing`, `__future__` and
`collections`. Typing: generated PyTorch code annotates everything
(`def f(x: Tensor) -> Optional[Tensor]`, `from typing import List`). Annotations are never
evaluated in gradcli; these names exist so the imports, and the rare annotation used as a value
(`List[int]`, `cast(Tensor, y)`), work. A hint is an opaque token: subscripting it gives another,
and scripts can read nothing on it."""

from __future__ import annotations

from .errors import GradcliError

HINT_NAMES = ("Any", "Callable", "ClassVar", "Dict", "Final", "FrozenSet", "Iterable", "Iterator",
              "List", "Literal", "Mapping", "MutableMapping", "NamedTuple", "NoReturn", "Optional",
              "Sequence", "Set", "Tuple", "Type", "Union")


class TypeHint:
    """`typing.List`, `Optional[Tensor]`...: printable, subscriptable, nothing else."""

    __slots__ = ("_text",)

    def __init__(self, text: str):
        object.__setattr__(self, "_text", text)

    def __getitem__(self, arguments) -> "TypeHint":
        items = arguments if isinstance(arguments, tuple) else (arguments,)
        return TypeHint(f"{self._text}[{', '.join(_hint_text(a) for a in items)}]")

    def __setattr__(self, name, value):
        raise AttributeError("type hints are read-only")

    def __repr__(self) -> str:
        return self._text


def _hint_text(value) -> str:
    if isinstance(value, TypeHint):
        return repr(value)
    if value is None:
        return "None"
    if value is Ellipsis:
        return "..."
    name = getattr(value, "__name__", None)
    if not isinstance(name, str):
        return repr(value)
    module = getattr(value, "__module__", "")
    if module == "builtins":
        return name
    return f"torch.{name}" if str(module).startswith("gradcli.engine") else name


def cast(_type, value):
    """typing.cast: the value, unchanged."""
    return value


def type_var(name: str, *constraints, **options) -> TypeHint:
    """typing.TypeVar('T'): a hint named T."""
    if not isinstance(name, str):
        raise TypeError("TypeVar name must be a string")
    return TypeHint(f"~{name}")


def typing_members() -> dict:
    members: dict = {name: TypeHint(f"typing.{name}") for name in HINT_NAMES}
    members.update(cast=cast, TypeVar=type_var, TYPE_CHECKING=False)
    return members


def collections_members(policy=None) -> dict:
    """`from collections import OrderedDict` (nn.Sequential(OrderedDict([...])), state dicts),
    defaultdict and Counter: dict subclasses, reached through dict's allowlist; namedtuple (with
    the session's policy: its fields become readable on its instances)."""
    import collections
    members = {"OrderedDict": collections.OrderedDict, "defaultdict": collections.defaultdict,
               "Counter": collections.Counter, "deque": collections.deque}
    if policy is not None:
        members["namedtuple"] = _namedtuple_maker(policy)
    return members


MAX_NAMEDTUPLE_FIELDS = 1000     # 100,000 fields take 3 s in one call that no time check reaches


_NAMEDTUPLE_MEMBERS = ("_asdict", "_replace", "_fields", "_field_defaults", "_make")


def _namedtuple_maker(policy):
    import collections

    def namedtuple(typename, field_names, *, rename=False, defaults=None, module=None):
        """collections.namedtuple: Python's own class (it checks the names are identifiers), whose
        fields and its documented methods and attributes (``_make``, ``_fields``...) scripts may read."""
        names = field_names.replace(",", " ").split() if isinstance(field_names, str) else field_names
        if hasattr(names, "__len__") and len(names) > MAX_NAMEDTUPLE_FIELDS:    # Python compiles code per field
            raise GradcliError("limit", f"namedtuple() with {len(names)} fields: at most {MAX_NAMEDTUPLE_FIELDS} "
                               "in gradcli scripts")
        cls = collections.namedtuple(typename, field_names, rename=rename, defaults=defaults,
                                     module="__main__")
        policy.allow(cls, cls._fields + _NAMEDTUPLE_MEMBERS)
        policy.register_class(cls, cls._fields)
        policy.allow_class_members(cls, _NAMEDTUPLE_MEMBERS)    # ``Point._fields``, ``Point._make(row)``
        return cls
    return namedtuple


def future_members() -> dict:
    """`from __future__ import annotations` (and the other features, all on in Python 3)."""
    return {name: True for name in ("annotations", "division", "print_function", "absolute_import",
                                    "generator_stop", "unicode_literals", "with_statement",
                                    "nested_scopes")}
