"""Attribute access for scripts: an allowlist per value type.

A script reads `value.name` only if `name` is listed for the type of `value`
(or one of its bases), or if the script itself set that attribute on a value
that takes user attributes (tensors, autograd ctx). Types that are not in the
table have no attributes at all: bound methods, Python functions, classes,
modules, frames, generators. Names starting with "_" are refused, except the
autograd ones torch documents (`_saved_*`, `_version`, `_base`) on the types
that have them. Writes need an explicit writable entry or a user attribute.
"""

from __future__ import annotations

import collections
import types

from .errors import EXCEPTION_CLASSES, GradcliError, Span

# Where script-set attribute names are remembered on the object itself; the
# leading underscore keeps the list unreadable to scripts.
USER_ATTRIBUTES_KEY = "_gradcli_user_attributes"
FIELDS_KEY = "__gradcli_fields__"     # a script class's annotated names, in order (dataclass fields)
FROZEN_KEY = "__gradcli_frozen__"     # a frozen dataclass: its fields are set once, by __init__

STR_METHODS = frozenset("""
    upper lower title capitalize casefold swapcase strip lstrip rstrip split rsplit
    splitlines join replace startswith endswith find rfind index rindex count
    isdigit isalpha isalnum isspace isupper islower isnumeric isdecimal
    partition rpartition removeprefix removesuffix zfill center ljust rjust
""".split())
LIST_METHODS = frozenset("append extend pop insert remove index count sort reverse copy clear".split())
TUPLE_METHODS = frozenset("count index".split())
# __setitem__ too: hooks written as lambdas store with it (``lambda m, i, o: acts.__setitem__("fc", o)``)
DICT_METHODS = frozenset("keys values items get pop popitem update setdefault copy clear __setitem__ __getitem__"
                         .split())
SET_METHODS = frozenset("""add discard remove pop clear copy update union intersection difference
                           symmetric_difference issubset issuperset isdisjoint""".split())
NUMBER_ATTRIBUTES = frozenset("real imag conjugate is_integer bit_length".split())
RANGE_ATTRIBUTES = frozenset("start stop step count index".split())

# `type(x)` gives the real type object only for these; they expose `__name__` only.
PLAIN_TYPES = (tuple, list, dict, set, int, float, str, bool, type(None))


def qualified_name(cls: type) -> str:
    """The name in ``<class '...'>``: torch's for the engine's stand-ins of torch classes
    (``torch.nn.modules.linear.Linear``), ``__main__.Net`` for a script's, else the bare name."""
    from ..engine.torch_class_names import torch_class_name     # on the first class a script prints
    torch_name = torch_class_name(cls)
    if torch_name is not None:
        return torch_name
    module = cls.__module__
    if module in ("builtins", "torch"):     # the engine's torch.dtype, torch.FloatTensor: torch's already
        return cls.__qualname__ if module == "builtins" else f"torch.{cls.__qualname__}"
    if not isinstance(module, str) or module.startswith(("gradcli.", "torch.")):
        return cls.__name__     # the language's own classes, the engine's nodes (torch's are builtins)
    return f"{module}.{cls.__qualname__}"


def class_text(cls: type) -> str:
    """What printing a class shows in a script: ``<class 'torch.Tensor'>`` as torch prints it."""
    return f"<class '{qualified_name(cls)}'>"


class TypeToken:
    """What `type(x)` gives a script for any value whose type is not plain.

    An immutable, opaque stand-in for the class: scripts can read `__name__`
    (`'Tensor'`, `'AddBackward0'`, `'AccumulateGrad'`), compare tokens with
    `is`/`==` (one token per class) and pass it to `isinstance`; they cannot
    call it or reach the class behind it.
    """

    __slots__ = ("_cls", "_qualified")
    script_name = "type"
    _cache: dict = {}

    def __init__(self, cls: type):
        object.__setattr__(self, "_cls", cls)
        object.__setattr__(self, "_qualified", qualified_name(cls))

    @property
    def __name__(self) -> str:
        return self._cls.__name__

    @property
    def script_class(self) -> type:
        """The class behind the token, for the language's own isinstance/issubclass (never a
        script's: the policy lists no such attribute)."""
        return self._cls

    def __setattr__(self, name, value):
        raise AttributeError("type objects are read-only in gradcli scripts")

    def __delattr__(self, name):
        raise AttributeError("type objects are read-only in gradcli scripts")

    def __call__(self, *args, **kwargs):
        raise TypeError(f"type {self._cls.__name__!r} cannot be called in gradcli scripts")

    def __repr__(self) -> str:
        return f"<class '{self._qualified}'>"

    __str__ = __repr__

    def __eq__(self, other) -> bool:
        return other is self or other is self._cls

    def __hash__(self) -> int:
        return hash(self._cls)      # a dict keyed by classes finds ``type(x)``

    @classmethod
    def of(cls, value) -> "TypeToken":
        klass = type(value)
        token = cls._cache.get(klass)
        if token is None:
            token = cls._cache[klass] = cls(klass)
        return token


def script_type(value, script_classes=frozenset()):
    """The language's `type(x)`: a plain type object, a class of the script itself, or a
    TypeToken."""
    cls = type(value)
    if cls in PLAIN_TYPES or cls in _NAMED_EXCEPTIONS or cls in script_classes:
        return cls      # the class scripts name: `type(e) is RuntimeError` holds
    return TypeToken.of(value)


def _engine_class_members(cls: type) -> set:
    """What an engine class offers scripts on the class itself (``nn.Embedding.from_pretrained``):
    the names in its ``script_class_members``, read from the engine's own classes only."""
    return {name for klass in cls.__mro__ if klass.__module__.startswith("gradcli.engine.")
            for name in vars(klass).get("script_class_members", ())}


def same_object(a, b) -> bool:
    """The language's ``is``: a TypeToken is its class (``type(t) is torch.Tensor`` holds)."""
    return a is b or (type(a) is TypeToken and a._cls is b) or (type(b) is TypeToken and b._cls is a)


_NAMED_EXCEPTIONS = frozenset(EXCEPTION_CLASSES.values())


def script_isinstance(value, classinfo) -> bool:
    """`isinstance` that also accepts the tokens `type(x)` returns."""
    if isinstance(classinfo, TypeToken):
        return type(value) is classinfo._cls
    if isinstance(classinfo, tuple):
        return any(script_isinstance(value, item) for item in classinfo)
    if classinfo is ScriptObject:       # the language's `object`: every value is one
        return True
    return isinstance(value, getattr(classinfo, "python_class", None) or classinfo)


# The special methods a plain script class may define: Python calls them with the script's values
# (len(x), x[i], x == y, with x:, for v in x, repr(x), x + y, x(...)), each one a script function
# under the run's limits.
VALUE_DUNDERS = frozenset("""
    __init__ __repr__ __str__ __eq__ __ne__ __lt__ __le__ __gt__ __ge__ __hash__ __bool__
    __len__ __getitem__ __setitem__ __delitem__ __contains__ __iter__ __next__ __reversed__
    __call__ __enter__ __exit__ __neg__ __pos__ __abs__ __float__ __int__
    __add__ __radd__ __iadd__ __sub__ __rsub__ __isub__ __mul__ __rmul__ __imul__
    __truediv__ __rtruediv__ __itruediv__ __floordiv__ __rfloordiv__ __mod__ __rmod__
    __pow__ __rpow__ __matmul__ __rmatmul__
""".split())


class ScriptObject:
    """The base of a script's plain class (``class Config:``): instances hold the attributes the
    script gives them; the class may define ``__init__``, ordinary methods and the value
    protocols (VALUE_DUNDERS)."""

    script_dunders = VALUE_DUNDERS | {"__post_init__"}


# printed as Python's: <class 'object'>, <object object at 0x...>, "'object' object has no attribute 'x'"
ScriptObject.__name__ = ScriptObject.__qualname__ = "object"
ScriptObject.__module__ = "builtins"


class ScriptSuper:
    """What ``super()`` gives a script: the base classes' members for one instance (``__init__``
    and public names), nothing else."""

    __slots__ = ("_cls", "_obj")
    script_name = "super"

    def __init__(self, cls: type, obj):
        self._cls = cls
        self._obj = obj

    def public_names(self) -> set:
        names = set()
        mro = type(self._obj).__mro__
        for klass in mro[mro.index(self._cls) + 1:]:
            names |= {n for n in vars(klass) if not n.startswith("_")}
        return names

    def __getattribute__(self, name: str):
        # every name, __init__ included, is the base classes' (the proxy's own stay internal)
        if name in ("_cls", "_obj", "public_names", "__class__"):
            return object.__getattribute__(self, name)
        return getattr(super(object.__getattribute__(self, "_cls"), object.__getattribute__(self, "_obj")), name)

    def __repr__(self) -> str:
        cls, obj = object.__getattribute__(self, "_cls"), object.__getattribute__(self, "_obj")
        return f"<super: <class '{cls.__name__}'>, <{type(obj).__name__} object>>"


class UnboundMethod:
    """``Class.method`` read on a class: ``torch.Tensor.add``, ``nn.Module.__init__`` (older code's
    explicit base call ``nn.Module.__init__(self)``). Called with an instance of the class first, it
    runs the method as that class resolves it, read through the script rules of the instance (the
    base's ``__init__`` as ``super()`` gives it), so it reaches nothing ``obj.method`` would not."""

    __slots__ = ("_cls", "_name", "_policy", "_span")
    script_name = "method"

    def __init__(self, cls: type, name: str, policy, span):
        self._cls, self._name, self._policy, self._span = cls, name, policy, span

    def __call__(self, *args, **kwargs):
        cls, name = self._cls, self._name
        shown = "torch._C.TensorBase" if cls.__name__ == "Tensor" else cls.__name__    # (torch's C base)
        if not args:
            raise TypeError(f"unbound method {shown.rpartition('.')[2]}.{name}() needs an argument")
        if not isinstance(args[0], cls):
            raise TypeError(f"descriptor '{name}' for '{shown}' objects doesn't apply to a "
                            f"'{type(args[0]).__name__}' object")
        obj, mro = args[0], type(args[0]).__mro__
        at = mro.index(cls)
        if name == "__init__":      # a script class initializing its base part (or itself), nothing else
            if type(obj) not in self._policy.script_classes:
                raise TypeError(f"{shown}.__init__ initializes an instance of a script's class only")
            if at == 0:
                return getattr(cls, "__init__")(*args, **kwargs)
        owner = obj if at == 0 else ScriptSuper(mro[at - 1], obj)
        return self._policy.get(owner, name, self._span)(*args[1:], **kwargs)

    def __repr__(self) -> str:
        if self._cls.__name__ == "Tensor":     # torch's C methods
            return f"<method '{self._name}' of 'torch._C.TensorBase' objects>"
        return f"<function {self._cls.__name__}.{self._name} at {hex(id(self))}>"


class AttributePolicy:
    """Decides and performs attribute reads and writes for scripts."""

    def __init__(self, state):
        self._state = state
        self._readable: dict[type, frozenset] = {}
        self._writable: dict[type, frozenset] = {}
        self._user_types: tuple = ()
        self._prefixes: dict[type, tuple] = {}
        self._open: dict[type, object] = {}      # cls -> open_members(value)
        self._open_of: dict[type, object] = {}   # the open_members that applies to a type (via its MRO)
        self._cache: dict[type, tuple] = {}
        self._namespace_type = None
        self._class_members: dict[type, frozenset] = {}
        self._script_classes: set[type] = set()
        self._guards: dict[tuple, object] = {}
        self._plain_reads: set[tuple] = set()    # (type, name) readable on every value of the type
        self._later: dict[str, tuple] = {}        # dotted class path -> rules, for classes not imported yet
        self.allow(str, STR_METHODS)
        self.allow(list, LIST_METHODS)
        self.allow(tuple, TUPLE_METHODS)
        self.allow(dict, DICT_METHODS)
        self.allow(collections.OrderedDict, ("move_to_end",))
        self.allow(collections.defaultdict, ("default_factory",))
        self.allow(collections.Counter, ("most_common", "elements", "total", "subtract"))
        self.allow(collections.deque, ("append", "appendleft", "pop", "popleft", "extend", "extendleft",
                                       "rotate", "clear", "copy", "count", "index", "remove", "maxlen"))
        self.allow(set, SET_METHODS)
        self.allow(int, NUMBER_ATTRIBUTES)
        self.allow(float, NUMBER_ATTRIBUTES)
        self.allow(complex, NUMBER_ATTRIBUTES)
        self.allow(range, RANGE_ATTRIBUTES)
        self.allow(TypeToken, ("__name__",))
        # ``for fn in (torch.sin, F.relu): print(fn.__name__, ...)``: a function's name is only a string
        self.allow(types.FunctionType, ("__name__",))
        self.allow(types.BuiltinFunctionType, ("__name__",))
        self.allow(ScriptSuper, ("__init__", "__len__", "__getitem__", "__repr__", "__str__", "__eq__",
                                 "__hash__"),
                   open_members=ScriptSuper.public_names)
        for cls in PLAIN_TYPES:
            self._class_members[cls] = frozenset({"__name__"})
        # unbound methods scripts pass around (``key=str.lower``, ``dict.fromkeys(names, 0)``): only
        # those without a size guard on their bound form (join, replace and padding keep theirs)
        self._class_members[str] |= STR_METHODS - {"join", "replace", "zfill", "center", "ljust", "rjust"}
        self._class_members[dict] |= {"fromkeys", "keys", "values", "items", "get"}
        self._class_members[list] |= {"copy", "index", "count"}
        self._guards[(str, "join")] = self._guard_join
        self._guards[(str, "replace")] = self._guard_replace
        for name in ("zfill", "center", "ljust", "rjust"):
            self._guards[(str, name)] = self._guard_width
        self._guards[(list, "extend")] = self._guard_extend
        self._guards[(list, "insert")] = self._guard_grow
        self._guards[(list, "append")] = self._guard_grow

    # ------------------------------------------------------------ configuring

    def allow(self, cls: type, readable, writable=(), *, user_attributes: bool = False,
              prefixes: tuple = (), open_members=None) -> None:
        """Let scripts read `readable` (and write `writable`) on `cls` and subclasses.

        ``open_members(value)`` names members a value has of its own (a Module's parameters and
        submodules): scripts read them, and may set public names that are not the class's own,
        through the class's ``__setattr__`` (so a Module registers what is assigned)."""
        if open_members is not None:
            self._open[cls] = open_members
        self._readable[cls] = self._readable.get(cls, frozenset()) | frozenset(readable)
        self._writable[cls] = self._writable.get(cls, frozenset()) | frozenset(writable)
        if prefixes:
            self._prefixes[cls] = tuple(prefixes)
        if user_attributes:
            self._user_types += (cls,)
        self._cache.clear()

    def allow_later(self, dotted: str, readable, writable=(), **options) -> None:
        """``allow`` for a class of a module not imported yet (``torch.optim.Optimizer``): applied
        when a value of the class, or of a subclass, is first seen."""
        self._later[dotted] = (readable, writable, options)

    def add_guard(self, cls: type, name: str, guard) -> None:
        """Read ``name`` on values of exactly ``cls`` through ``guard(value, attribute, span)``, which
        returns what the script gets (a method that checks its arguments or its result)."""
        self._guards[(cls, name)] = guard

    def set_namespace_type(self, cls: type) -> None:
        """Namespace objects (torch, math, ...) expose exactly their members."""
        self._namespace_type = cls

    def allow_class_name(self, cls: type) -> None:
        """A class scripts may name (exception classes): only `__name__` is readable."""
        self._class_members[cls] = self._class_members.get(cls, frozenset()) | {"__name__"}

    def allow_class_members(self, cls: type, names) -> None:
        """Members a class offers scripts on itself besides its public ones (a namedtuple's ``_make``)."""
        self._class_members[cls] = self._class_members.get(cls, frozenset()) | frozenset(names)

    @property
    def script_classes(self) -> set:
        return self._script_classes

    def register_class(self, cls: type, members) -> None:
        """A class built by a script exposes its own members (and `apply`) and those of the script
        classes it derives from (``Child.make`` for a classmethod of ``Base``)."""
        inherited = frozenset().union(*(self._class_members.get(base, ()) for base in cls.__mro__[1:]
                                        if base in self._script_classes))
        self._class_members[cls] = inherited | {"__name__"} | frozenset(
            name for name in members if not name.startswith("_"))
        self._script_classes.add(cls)

    # ---------------------------------------------------------------- queries

    def _rules(self, cls: type) -> tuple:
        rules = self._cache.get(cls)
        if rules is None:
            if self._later:
                for klass in cls.__mro__:
                    later = self._later.pop(f"{klass.__module__}.{klass.__qualname__}", None)
                    if later is not None:
                        readable, writable, options = later
                        self.allow(klass, readable, writable, **options)
            readable, writable, prefixes = set(), set(), []
            user = False
            self._open_of[cls] = next((self._open[k] for k in cls.__mro__ if k in self._open), None)
            for klass in cls.__mro__:
                readable |= self._readable.get(klass, frozenset())
                writable |= self._writable.get(klass, frozenset())
                prefixes.extend(self._prefixes.get(klass, ()))
                user = user or klass in self._user_types
            rules = (frozenset(readable), frozenset(writable), tuple(prefixes), user)
            self._cache[cls] = rules
        return rules

    def readable_names(self, value) -> list[str]:
        """Names a script may read on `value` (for REPL completion)."""
        if self._namespace_type is not None and type(value) is self._namespace_type:
            return sorted(value.members())
        if isinstance(value, type):
            return sorted(self._class_members.get(value, ()))
        readable, _, _, user = self._rules(type(value))
        names = {n for n in readable if _defines(value, n)}
        if user:
            names |= _user_names(value)
        return sorted(names)

    def _allowed(self, value, name: str) -> bool:
        if isinstance(value, type):   # a class's name is only a string: ``nn.Linear.__name__``
            return (name == "__name__" or name in self._class_members.get(value, ())
                    or name in _engine_class_members(value))
        readable, _, prefixes, user = self._rules(type(value))
        if name in readable:
            return True
        if prefixes and name.startswith(prefixes):
            return True
        if name[:1] == "_" and name[:2] != "__" and self._script_defined(type(value), name) \
                and name not in getattr(value, "__dict__", ()):
            return True     # a helper the script's class defines (``self._init_weights``), not the engine's own
        members = self._open_of.get(type(value))
        if members is not None and not name.startswith("_") and name in members(value):
            return True
        return (user or name[:1] == "_") and name in _user_names(value)

    def _script_defined(self, cls: type, name: str) -> bool:
        """Whether the script's own classes (not the engine's) define ``name`` on ``cls``."""
        return any(name in vars(klass) for klass in cls.__mro__ if klass in self._script_classes)

    def _private_allowed(self, target, name: str) -> bool:
        """``self._cache = ...`` in a script's class: a one-underscore name the script itself
        gives its instance (never a dunder, nor a name the class or the engine already uses)."""
        return (type(target) in self._script_classes and name[:2] != "__" and not name.startswith("_gradcli")
                and not _class_has(type(target), name)
                and (name in _user_names(target) or name not in vars(target)))

    # ---------------------------------------------------------------- actions

    def get(self, value, name: str, span: Span | None):
        cls = type(value)
        if (cls, name) in self._plain_reads:        # decided by the type alone, decided before
            try:
                return getattr(value, name)
            except AttributeError:
                raise self._missing(value, name, span) from None
        if cls is self._namespace_type:
            return value.get(name, span)
        if not self._allowed(value, name):
            if isinstance(value, type) and self._unbound_method(value, name):
                return UnboundMethod(value, name, self, span)
            raise self._refused(value, name, span)
        if not isinstance(value, type) and (cls, name) not in self._guards and name in self._rules(cls)[0]:
            self._plain_reads.add((cls, name))
        try:
            result = getattr(value, name)
        except GradcliError:
            raise
        except AttributeError:
            raise self._missing(value, name, span) from None
        guard = self._guards.get((type(value), name))
        if guard is not None:
            return guard(value, result, span)
        return result

    def plain_read(self, cls: type, name: str) -> bool:
        """Whether ``get`` reads ``name`` on every value of exactly ``cls`` without asking again
        (readable by the type's rules, no guard): an attribute site of a script may then
        remember ``cls`` and read ``name`` on the next value of that type directly."""
        return (cls, name) in self._plain_reads

    def is_namespace(self, value) -> bool:
        """Namespaces (torch, math, ...) have fixed members: a site may remember what it read."""
        return type(value) is self._namespace_type

    def get_or(self, value, name: str, default):
        """Python's ``getattr(value, name, default)``: ``default`` only when the attribute is missing
        or refused. The attribute is read once, and any other error of the read (a property's
        ValueError, a limit met inside it) propagates, as in Python."""
        try:
            return self.get(value, name, None)
        except GradcliError as err:
            if err.kind != "attribute":
                raise
        except AttributeError:
            pass
        return default

    def has(self, value, name: str) -> bool:
        """Python's ``hasattr``: reading ``value.name`` succeeds (read once, errors other than a
        missing attribute propagate)."""
        if self._namespace_type is not None and type(value) is self._namespace_type:
            return name in value.members()
        return self.get_or(value, name, _MISSING) is not _MISSING

    def listed(self, value, name: str) -> bool:
        """``dir(value)``'s filter on the names Python's dir gives: those a script may read, decided
        without reading them (dir runs no property, hook or warning)."""
        if self._namespace_type is not None and type(value) is self._namespace_type:
            return name in value.members()
        if isinstance(value, type) and self._unbound_method(value, name):
            return True
        return self._allowed(value, name)

    def _unbound_method(self, cls: type, name: str) -> bool:
        """``cls.name`` is a method its instances offer scripts (or the ``__init__`` a subclass calls)."""
        if name == "__init__":      # a script's class or a class one derives from (autograd Functions
            # are never instantiated by scripts: their ``apply`` makes the context)
            return f"{cls.__module__}.{cls.__qualname__}" != "gradcli.engine.autograd.function.Function" and \
                any(cls in klass.__mro__ for klass in self._script_classes)
        if name.startswith("_") or cls.__module__ == "builtins" or name not in self._rules(cls)[0]:
            return False    # (Python's own types: their unbound methods scripts may pass are listed, and guarded)
        member = next((vars(k)[name] for k in cls.__mro__ if name in vars(k)), None)
        return callable(member) and not isinstance(member, (property, staticmethod, classmethod))

    def set(self, target, name: str, new_value, span: Span | None, *, initializing: bool = False) -> None:
        if not initializing and getattr(type(target), FROZEN_KEY, False) and type(target) in self._script_classes:
            import dataclasses
            err = GradcliError("attribute", f"dataclasses.FrozenInstanceError: cannot assign to field {name!r}",
                               span)
            err.exception = dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
            raise err
        if isinstance(target, type) and target in self._script_classes and not name.startswith("_"):
            setattr(target, name, new_value)       # a class attribute (``Base.count += 1``)
            self._class_members[target] = self._class_members[target] | {name}
            return
        if isinstance(target, type) or (self._namespace_type is not None
                                        and type(target) is self._namespace_type):
            raise GradcliError("attribute", f"cannot set attributes on {_type_name(target)}", span)
        readable, writable, _, user = self._rules(type(target))
        if name in writable:
            setattr(target, name, new_value)
            return
        if name.startswith("_"):
            if self._private_allowed(target, name):
                setattr(target, name, new_value)
                vars(target).setdefault(USER_ATTRIBUTES_KEY, set()).add(name)
                return
            raise self._refused(target, name, span)
        if type(target) in self._script_classes and self._script_defined(type(target), name):
            # the property's setter (or Python's refusal), or an instance value over the class's
            # default (``class Config: lr = 0.1`` ... ``self.lr = lr``)
            setattr(target, name, new_value)
            return
        open_members = self._open_of.get(type(target))
        if open_members is not None and (not _class_has(type(target), name) or (
                isinstance(getattr(type(target), name), property) and name in open_members(target))):
            # (an open member that is a property: a parametrized weight, whose setter runs right_inverse)
            setattr(target, name, new_value)
            return
        if user and not _class_has(type(target), name):
            try:
                attributes = vars(target)
            except TypeError:
                raise GradcliError("attribute", f"cannot set attribute {name!r} on "
                                   f"{_type_name(target)}", span) from None
            attributes.setdefault(USER_ATTRIBUTES_KEY, set()).add(name)
            attributes[name] = new_value
            return
        if name in readable:     # Python's words for a read-only attribute of a C type
            owner = next(("torch._C.TensorBase" for k in type(target).__mro__ if k.__name__ == "Tensor"),
                         type(target).__name__)
            raise GradcliError("attribute", f"attribute {name!r} of {owner!r} objects is not writable", span)
        raise GradcliError("attribute", f"cannot set attribute {name!r} on "
                           f"{_type_name(target)}", span)

    def delete(self, target, name: str, span: Span | None) -> None:
        """``del obj.name`` removes only what the object itself holds and a script may set: a
        module's parameter, buffer, submodule or setting, a script object's field, a user attribute
        (never a member of a class or of the engine)."""
        if isinstance(target, type) or (self._namespace_type is not None
                                        and type(target) is self._namespace_type):
            raise GradcliError("attribute", f"cannot delete attributes of {_type_name(target)}", span)
        self._rules(type(target))
        open_members = self._open_of.get(type(target))
        if name in _user_names(target) or (
                open_members is not None and not name.startswith("_") and name in open_members(target)
                and not _class_has(type(target), name)):
            delattr(target, name)
            _user_names(target).discard(name)
            return
        if not _has(target, name):
            raise AttributeError(f"'{type(target).__name__}' object has no attribute '{name}'")
        raise GradcliError("attribute", f"cannot delete attribute {name!r} of {_type_name(target)}", span)

    # ----------------------------------------------------------------- errors

    def _refused(self, value, name: str, span) -> GradcliError:
        if name == "__class__":   # DCGAN's weights_init reads m.__class__.__name__
            return GradcliError(
                "attribute", "attribute '__class__' is not available in gradcli scripts: use type(x) "
                "(type(m).__name__ for a class's name)", span)
        if name.startswith("_"):
            return GradcliError(
                "attribute", f"attribute {name!r} is not available in gradcli scripts "
                "(names starting with '_' are private; _saved_*, _version and _base are "
                "the exceptions)", span)
        if _defines(value, name) or isinstance(value, type):
            return GradcliError(
                "attribute", f"attribute {name!r} of {_type_name(value)} is not available "
                "in gradcli scripts", span)
        return self._missing(value, name, span)

    def _missing(self, value, name: str, span) -> GradcliError:
        message = f"{_type_name(value)} has no attribute {name!r}"
        import difflib      # for this message only: not part of every start-up
        close = difflib.get_close_matches(name, self.readable_names(value), n=1)
        if close:
            message += f"; did you mean {close[0]!r}?"
        return GradcliError("attribute", message, span)

    # ----------------------------------------------------------------- guards

    def _guard_join(self, owner: str, method, span):
        state = self._state

        def join(iterable):
            items = list(iterable)
            state.check_length(sum(len(s) for s in items if isinstance(s, str))
                               + len(owner) * max(len(items) - 1, 0), "string", span)
            return method(items)
        return join

    def _guard_replace(self, owner: str, method, span):
        state = self._state

        def replace(old, new, count=-1):
            if isinstance(old, str) and isinstance(new, str):
                hits = owner.count(old) if count < 0 else min(count, owner.count(old))
                state.check_length(len(owner) + hits * (len(new) - len(old)), "string", span)
            return method(old, new, count)
        return replace

    def _guard_width(self, owner: str, method, span):
        state = self._state

        def pad(width, *fill):
            if isinstance(width, int):
                state.check_length(width, "string", span)
            return method(width, *fill)
        return pad

    def _guard_extend(self, owner: list, method, span):
        state = self._state

        def extend(iterable):
            if hasattr(iterable, "__len__"):
                state.check_length(len(owner) + len(iterable), "list", span)
            for item in iterable:
                owner.append(item)
                state.check_length(len(owner), "list", span)
        return extend

    def _guard_grow(self, owner: list, method, span):
        state = self._state

        def grow(*args):
            state.check_length(len(owner) + 1, "list", span)
            return method(*args)
        return grow


_MISSING = object()


def _has(value, name: str) -> bool:
    try:
        getattr(value, name)
    except Exception:
        return False
    return True


def _defines(value, name: str) -> bool:
    """Whether `value` or its class defines `name`, found by name and never evaluated: messages and
    completion must not run a property (a non-leaf tensor's ``.grad`` warns)."""
    if _class_has(type(value), name):
        return True
    try:
        return name in vars(value)
    except TypeError:
        return False


def _class_has(cls: type, name: str) -> bool:
    return any(name in vars(klass) for klass in cls.__mro__)


def _user_names(value) -> set:
    try:
        return vars(value).get(USER_ATTRIBUTES_KEY, set())
    except TypeError:
        return set()


def _type_name(value) -> str:
    if isinstance(value, type):
        return f"class {value.__name__!r}"
    name = getattr(type(value), "script_name", None)
    if name:
        return name
    return f"{type(value).__name__!r} object"
