"""`functools`, `itertools` and `dataclasses` for scripts: what PyTorch code imports from them
(`itertools.chain(g.parameters(), d.parameters())`, `partial`, a `@dataclass` config).

Python's own objects where they hand scripts nothing of Python (a partial's attributes stay
unreadable); iterators that may run without end yield through a generator that checks the
run's time limit, so `sum(itertools.count())` ends with the timeout, not a hang in C. A
dataclass is the script's own class with a generated `__init__`/`__repr__`/`__eq__` that set
fields through the attribute policy, as the script's own `self.x = ...` would.
"""

from __future__ import annotations

import functools
import itertools
import warnings

from .errors import WARNING_CLASSES, GradcliError
from .iterators import Checked
from .limits import interruptible
from .namespace import Namespace
from .sandbox import FIELDS_KEY, FROZEN_KEY

DATACLASS_KEY = "__gradcli_dataclass__"      # the fields of a dataclass, in order


class _Chain:
    """``itertools.chain`` and its ``chain.from_iterable``."""

    __slots__ = ("_state",)

    def __init__(self, state):
        self._state = state

    def __call__(self, *iterables):
        return Checked(itertools.chain(*iterables), self._state, iterables)

    def from_iterable(self, iterables):
        sources = iterables if type(iterables) in (list, tuple) else ()
        return Checked(itertools.chain.from_iterable(iterables), self._state, sources)

    def __repr__(self) -> str:
        return "<class 'itertools.chain'>"


def _batched(iterable, n):
    """itertools.batched (Python 3.12): tuples of n items, the last one shorter."""
    if n < 1:
        raise ValueError("n must be at least one")
    it = iter(iterable)
    while batch := tuple(itertools.islice(it, n)):
        yield batch


ITERTOOLS_NAMES = ("accumulate", "combinations", "combinations_with_replacement", "compress", "count",
                   "cycle", "dropwhile", "filterfalse", "groupby", "islice", "pairwise", "permutations",
                   "product", "repeat", "starmap", "takewhile", "zip_longest")


def itertools_members(state, policy) -> dict:
    def checked(make):
        return functools.wraps(make)(lambda *args, **kwargs: Checked(make(*args, **kwargs), state, args))

    members = {name: checked(getattr(itertools, name)) for name in ITERTOOLS_NAMES}
    members["batched"] = checked(_batched)
    members["chain"] = _Chain(state)
    members["tee"] = lambda iterable, n=2: tuple(Checked(it, state, (iterable,)) for it in itertools.tee(iterable, n))
    policy.allow(_Chain, ("from_iterable",))
    return members


class _Cached:
    """``functools.lru_cache`` / ``cache`` around a script function: results kept per arguments."""

    __slots__ = ("_fn", "_maxsize", "_results")

    def __init__(self, fn, maxsize):
        self._fn = fn
        self._maxsize = maxsize
        self._results: dict = {}

    def __call__(self, *args, **kwargs):
        key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
        try:
            return self._results[key]
        except KeyError:
            pass
        value = self._fn(*args, **kwargs)
        if self._maxsize is None or len(self._results) < self._maxsize:
            self._results[key] = value
        elif self._maxsize:
            self._results.pop(next(iter(self._results)))
            self._results[key] = value
        return value

    def cache_clear(self) -> None:
        self._results.clear()

    def __repr__(self) -> str:
        return f"<functools._lru_cache_wrapper object at {id(self):#x}>"


def _lru_cache(maxsize=128, typed=False):
    if callable(maxsize):                     # @lru_cache without parentheses
        return _Cached(maxsize, 128)
    if maxsize is not None and not isinstance(maxsize, int):
        raise TypeError("Expected first argument to be an integer, a callable, or None")
    return lambda fn: _Cached(fn, maxsize)


def _wraps(wrapped, *args, **kwargs):
    """functools.wraps: a script function wrapping another takes its name (``fn.__name__`` in a
    timing decorator's output); nothing else of Python's metadata exists to copy."""
    from .compile_calls import ScriptFunction
    name = getattr(wrapped, "__name__", None)

    def apply(wrapper):
        if type(wrapper) is ScriptFunction and isinstance(name, str):
            return ScriptFunction(name, wrapper._invoke)
        return wrapper
    return apply


def functools_members(state, policy) -> dict:
    def reduce(function, iterable, *initial):
        return functools.reduce(function, Checked(iter(iterable), state), *initial)

    policy.allow(_Cached, ("cache_clear",))
    return {"partial": functools.partial, "reduce": reduce, "wraps": _wraps, "lru_cache": _lru_cache,
            "cache": lambda fn: _Cached(fn, None), "cached_property": functools.cached_property}


# ------------------------------------------------------------------------------ dataclasses

class _Missing:
    __slots__ = ()

    def __repr__(self) -> str:
        return "<dataclasses._MISSING_TYPE object>"


MISSING = _Missing()


class Field:
    """``dataclasses.field(...)``, and what ``dataclasses.fields(obj)`` lists."""

    __slots__ = ("name", "default", "default_factory", "init", "repr", "compare", "kw_only")

    def __init__(self, default=MISSING, default_factory=MISSING, init=True, repr=True, compare=True,
                 kw_only=MISSING, name=None):
        if default is not MISSING and default_factory is not MISSING:
            raise ValueError("cannot specify both default and default_factory")
        self.name = name
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.compare = compare
        self.kw_only = kw_only

    def __repr__(self) -> str:
        return f"Field(name={self.name!r},default={self.default!r},default_factory={self.default_factory!r})"


def _field(*, default=MISSING, default_factory=MISSING, init=True, repr=True, hash=None, compare=True,
           metadata=None, kw_only=MISSING):
    return Field(default, default_factory, init, repr, compare, kw_only)


_MUTABLE_DEFAULTS = (list, dict, set)


def _collect_fields(cls, kw_only: bool) -> list:
    """The fields of ``cls``: its dataclass bases' first, then its own annotated names."""
    fields: dict = {}
    for base in reversed(cls.__mro__[1:]):
        for f in vars(base).get(DATACLASS_KEY, ()):
            fields[f.name] = f
    for name in vars(cls).get(FIELDS_KEY, ()):
        value = vars(cls).get(name, MISSING)
        f = value if isinstance(value, Field) else Field(default=value)
        f.name = name
        if f.kw_only is MISSING:
            f.kw_only = kw_only
        if isinstance(f.default, _MUTABLE_DEFAULTS):
            raise ValueError(f"mutable default {type(f.default)} for field {name} is not allowed: "
                             "use default_factory")
        if isinstance(value, Field):          # the class keeps the plain default, as Python's does
            if f.default is MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, f.default)
        fields[name] = f
    positional = [f for f in fields.values() if f.init and not f.kw_only]
    seen_default = False
    for f in positional:
        has_default = f.default is not MISSING or f.default_factory is not MISSING
        if seen_default and not has_default:
            raise TypeError(f"non-default argument {f.name!r} follows default argument")
        seen_default = seen_default or has_default
    return list(fields.values())


def _make_init(cls, fields, policy):
    positional = [f for f in fields if f.init and not f.kw_only]
    keyword = {f.name: f for f in fields if f.init}
    name = f"{cls.__qualname__}.__init__()"

    def __init__(self, *args, **kwargs):
        if len(args) > len(positional):
            raise TypeError(f"{name} takes {len(positional) + 1} positional arguments but "
                            f"{len(args) + 1} were given")
        values = {f.name: a for f, a in zip(positional, args)}
        for key, value in kwargs.items():
            if key not in keyword:
                raise TypeError(f"{name} got an unexpected keyword argument {key!r}")
            if key in values:
                raise TypeError(f"{name} got multiple values for argument {key!r}")
            values[key] = value
        missing = [f.name for f in fields if f.init and f.name not in values
                   and f.default is MISSING and f.default_factory is MISSING]
        if missing:
            raise TypeError(f"{name} missing {len(missing)} required argument{'s' * (len(missing) > 1)}: "
                            + " and ".join(repr(m) for m in missing))
        for f in fields:
            if f.name in values:
                value = values[f.name]
            elif f.default_factory is not MISSING:
                value = f.default_factory()
            elif f.default is not MISSING:
                value = f.default
            else:
                continue
            policy.set(self, f.name, value, None, initializing=True)
        post_init = getattr(type(self), "__post_init__", None)
        if post_init is not None:
            post_init(self)
    return __init__


def _make_dataclass(cls, policy, *, init, repr, eq, frozen, kw_only):
    if not isinstance(cls, type) or cls not in policy.script_classes:
        raise TypeError("dataclass() should be called on a class of the script")
    fields = _collect_fields(cls, kw_only)
    setattr(cls, DATACLASS_KEY, tuple(fields))
    setattr(cls, FROZEN_KEY, frozen)
    own = vars(cls)
    if init and "__init__" not in own:
        cls.__init__ = _make_init(cls, fields, policy)
    if repr:
        shown = [f.name for f in fields if f.repr]

        def __repr__(self):
            return f"{type(self).__qualname__}({', '.join(f'{n}={getattr(self, n)!r}' for n in shown)})"
        cls.__repr__ = __repr__
    if eq:
        compared = [f.name for f in fields if f.compare]

        def __eq__(self, other):
            if type(other) is not type(self):
                return NotImplemented
            return all(getattr(self, n) is getattr(other, n) or getattr(self, n) == getattr(other, n)
                       for n in compared)
        cls.__eq__ = __eq__
        cls.__hash__ = (lambda self: hash(tuple(getattr(self, n) for n in compared))) if frozen else None
    return cls


def dataclasses_members(policy) -> dict:
    import dataclasses
    policy.allow_class_name(dataclasses.FrozenInstanceError)
    def dataclass(cls=None, /, *, init=True, repr=True, eq=True, order=False, unsafe_hash=False,
                  frozen=False, match_args=True, kw_only=False, slots=False):
        if order:
            raise GradcliError("type", "dataclass(order=True) is not supported in gradcli scripts "
                               "(compare a field instead)", None)

        def wrap(klass):
            return _make_dataclass(klass, policy, init=init, repr=repr, eq=eq, frozen=frozen, kw_only=kw_only)
        return wrap if cls is None else wrap(cls)

    def fields(obj):
        klass = obj if isinstance(obj, type) else type(obj)
        found = next((vars(k)[DATACLASS_KEY] for k in klass.__mro__ if DATACLASS_KEY in vars(k)), None)
        if found is None:
            raise TypeError("must be called with a dataclass type or instance")
        return tuple(found)

    def is_dataclass(obj) -> bool:
        klass = obj if isinstance(obj, type) else type(obj)
        return any(DATACLASS_KEY in vars(k) for k in klass.__mro__)

    def asdict(obj):
        return _convert(obj, dict)

    def astuple(obj):
        return _convert(obj, tuple)

    def _convert(value, kind, top=True):
        if is_dataclass(value) and not isinstance(value, type):
            items = [(f.name, _convert(getattr(value, f.name), kind, False)) for f in fields(value)]
            return dict(items) if kind is dict else tuple(v for _, v in items)
        if top:
            raise TypeError(f"{kind.__name__ == 'dict' and 'asdict' or 'astuple'}() should be called on "
                            "dataclass instances")
        if isinstance(value, (list, tuple)):
            return type(value)(_convert(v, kind, False) for v in value)
        if isinstance(value, dict):
            return {k: _convert(v, kind, False) for k, v in value.items()}
        return value

    def replace(obj, **changes):
        for f in fields(obj):
            if f.init and f.name not in changes:
                changes[f.name] = getattr(obj, f.name)
        return type(obj)(**changes)

    policy.allow(Field, ("name", "default", "default_factory", "init", "repr", "compare", "kw_only"))
    return {"dataclass": dataclass, "field": _field, "fields": fields, "asdict": asdict,
            "astuple": astuple, "replace": replace, "is_dataclass": is_dataclass, "MISSING": MISSING,
            "Field": Field, "FrozenInstanceError": dataclasses.FrozenInstanceError}


def stdlib_tool_modules(state, policy, globals_=None) -> dict:
    """The standard-library modules scripts may import, as namespaces, for one session, each filled on
    a script's first import of it (``warnings`` at once: its classes are builtins a script may read)."""
    return {"functools": Namespace("functools", None, loader=lambda: (functools_members(state, policy), ())),
            "itertools": Namespace("itertools", None, loader=lambda: (itertools_members(state, policy), ())),
            "dataclasses": Namespace("dataclasses", None, loader=lambda: (dataclasses_members(policy), ())),
            "warnings": Namespace("warnings", warnings_members(state, policy)),
            "random": Namespace("random", None, loader=lambda: (random_members(state), ())),
            # `sys` stays out: exit() is a builtin
            "time": Namespace("time", None, loader=lambda: (time_members(state), ())),
            "copy": Namespace("copy", None, loader=lambda: (copy_members(), ())),
            "abc": Namespace("abc", None, loader=lambda: (abc_members(), ())),
            "json": Namespace("json", None, loader=lambda: (json_members(state), ())),
            "operator": Namespace("operator", None, loader=lambda: (operator_members(state), ())),
            "string": Namespace("string", None, loader=lambda: (string_members(), ())),
            "unittest": Namespace("unittest", None, loader=lambda: (_unittest(policy, globals_), ())),
            "collections": Namespace("collections", None, loader=lambda: (_collections(policy), ())),
            **os_modules(),
            "io": Namespace("io", None, loader=lambda: (io_members(policy), ())),
            "contextlib": Namespace("contextlib", None, loader=lambda: (_contextlib(), ())),
            "inspect": Namespace("inspect", None, loader=lambda: (_inspect(policy), ())),
}


def _contextlib() -> dict:
    from .stdlib_contextlib import contextlib_members     # on a script's first `import contextlib`
    return contextlib_members()


def _inspect(policy) -> dict:
    from .stdlib_inspect import inspect_members     # on a script's first `import inspect`
    return inspect_members(policy)


def io_members(policy) -> dict:
    """``io.BytesIO``, the in-memory file of ``torch.save(model.state_dict(), buffer)``: the
    engine's (torch.save keeps the saved object in it, not bytes)."""
    from gradcli.engine.serialization import BytesIO
    policy.allow(BytesIO, ("write", "read", "seek", "tell", "getvalue", "close", "closed"))
    return {"BytesIO": BytesIO}


def os_modules() -> dict:
    """``os`` as PyTorch scripts use it: ``os.environ["KMP_DUPLICATE_LIB_OK"] = "TRUE"`` before
    importing torch, ``os.getenv("SEED", 0)``, ``os.path.join``. A stub: the run's own (empty)
    environment, string functions on paths; nothing reaches the file system or the process."""
    import posixpath
    environ: dict = {}
    path = Namespace("os.path", {name: getattr(posixpath, name) for name in
                                 ("join", "basename", "dirname", "splitext", "split", "normpath", "sep")})
    members = {"environ": environ, "getenv": lambda key, default=None: environ.get(key, default),
               "path": path, "sep": "/", "linesep": "\n", "name": "posix"}
    return {"os": Namespace("os", members), "os.path": path}


def _unittest(policy, globals_) -> dict:
    from .stdlib_unittest import unittest_members     # on a script's first `import unittest`
    return unittest_members(policy, globals_ if globals_ is not None else {})


def _collections(policy) -> dict:
    from .stdlib_modules import collections_members     # on a script's first `import collections`
    return collections_members(policy)


def abc_members() -> dict:
    """``abc.ABC``: a base for a script's plain classes (abstract methods are not enforced)."""
    from .sandbox import ScriptObject
    base = type("ABC", (ScriptObject,), {"__module__": "abc"})
    return {"ABC": base, "abstractmethod": lambda fn: fn, "ABCMeta": base}


def json_members(state) -> dict:
    """``json.dumps(results, indent=2)`` to print a result table, and ``json.loads``: plain data
    only (Python's encoder refuses anything else unless ``default`` converts it)."""
    import json

    def dumps(obj, *, indent=None, sort_keys=False, separators=None, default=None, ensure_ascii=True,
              allow_nan=True):
        if isinstance(indent, int) and indent > 64 or isinstance(indent, str) and len(indent) > 64:
            raise ValueError("json.dumps: indent larger than 64 is not supported in gradcli scripts")
        text = json.dumps(obj, indent=indent, sort_keys=sort_keys, separators=separators, default=default,
                          ensure_ascii=ensure_ascii, allow_nan=allow_nan)
        state.check_length(len(text), "string", None)
        return text

    def loads(text):
        if not isinstance(text, str):
            raise TypeError(f"the JSON object must be str, not {type(text).__name__}")
        return json.loads(text)
    return {"dumps": dumps, "loads": loads, "JSONDecodeError": json.JSONDecodeError}


def operator_members(state) -> dict:
    """The operator functions (``reduce(operator.mul, shape)``) and ``itemgetter``; not
    ``attrgetter``/``methodcaller``, which would read attributes past the attribute policy. Those
    that can make huge ints, strings or lists check the run's limits first, as the operators do."""
    import operator
    names = ("add sub mul truediv floordiv mod pow neg pos abs matmul eq ne lt le gt ge not_ truth "
             "and_ or_ xor invert lshift rshift getitem contains countOf indexOf itemgetter concat").split()
    members = {name: getattr(operator, name) for name in names}
    for name in ("add", "mul", "mod", "pow", "lshift", "concat"):
        members[name] = _bounded_operator(name, members[name], state)
    return members


def _bounded_operator(name: str, fn, state):
    def bounded(a, b, /):
        state.check_operands(name, a, b, None)
        result = fn(a, b)
        if type(result) is int and result.bit_length() > 64:
            state.check_int(result, None)
        return result
    bounded.__name__ = name
    return bounded


def string_members() -> dict:
    import string
    names = "ascii_letters ascii_lowercase ascii_uppercase digits hexdigits octdigits punctuation printable whitespace"
    return {name: getattr(string, name) for name in names.split()}


def copy_members() -> dict:
    """``copy.deepcopy(model.state_dict())`` (keeping the best weights), ``copy.deepcopy(model)``:
    Python's copies, of values the script already holds (no memo argument: the memo dict would
    hold the copier's bookkeeping)."""
    import copy

    def deepcopy(x):
        return copy.deepcopy(x)

    def shallow(x):
        return copy.copy(x)
    return {"deepcopy": deepcopy, "copy": shallow}


# ---------------------------------------------------------------------------- time

UNREPRESENTABLE_SLEEP = 9_223_372_037     # seconds: more nanoseconds than an int64 holds


def time_members(state) -> dict:
    """``time.perf_counter()`` around a training loop, and ``time.sleep`` within the run's time
    limit (a sleep past the deadline ends the run at the deadline)."""
    import time

    def sleep(seconds):
        if not isinstance(seconds, (int, float)):
            raise TypeError(f"'{type(seconds).__name__}' object cannot be interpreted as an integer")
        if seconds != seconds:      # Python's checks, in its words (a NaN slept not at all)
            raise ValueError("Invalid value NaN (not a number)")
        if seconds > UNREPRESENTABLE_SLEEP:
            time.sleep(seconds)     # past 2**63 ns: Python's own OverflowError, before it sleeps
        if seconds < 0:
            raise ValueError("sleep length must be non-negative")
        time.sleep(max(0.0, min(seconds, state.deadline - time.monotonic())))
        state.check_deadline()

    names = ("perf_counter", "perf_counter_ns", "time", "time_ns", "monotonic", "monotonic_ns",
             "process_time", "process_time_ns")
    return {**{name: getattr(time, name) for name in names}, "sleep": sleep}


# ---------------------------------------------------------------------------- warnings and random

_WARNING_ACTIONS = ("default", "error", "ignore", "always", "all", "module", "once")


def warnings_members(state, policy) -> dict:
    """``warnings.filterwarnings("ignore")`` and friends, for the run (the session restores the
    filters after every run); ``warnings.warn`` reports as the engine's warnings do, from the script's
    file and line as Python's does (a record's ``filename`` named a file of gradcli)."""
    def _action(action):
        if action not in _WARNING_ACTIONS:
            raise ValueError(f"invalid action: {action!r}")
        return action

    def filterwarnings(action, message="", category=Warning, module="", lineno=0, append=False):
        if not (isinstance(category, type) and issubclass(category, Warning)):
            raise TypeError("category must be a Warning subclass")
        if not isinstance(message, str):        # Python's own checks, with its words
            raise AssertionError("message must be a string")
        if not isinstance(module, str):
            raise AssertionError("module must be a string")
        if not (isinstance(lineno, int) and lineno >= 0):
            raise AssertionError("lineno must be an int >= 0")
        import re
        # Python's filterwarnings, its regular expressions matched under the run's time limit
        entry = (_action(action), _TimedPattern(re.compile(message, re.I)) if message else None, category,
                 _TimedPattern(re.compile(module)) if module else None, lineno)
        if not append:
            if entry in warnings.filters:
                warnings.filters.remove(entry)
            warnings.filters.insert(0, entry)
        elif entry not in warnings.filters:
            warnings.filters.append(entry)
        warnings._filters_mutated()     # (what Python's own filterwarnings calls: cached decisions go)

    def simplefilter(action, category=Warning, lineno=0, append=False):
        warnings.simplefilter(_action(action), category, lineno, append)

    def warn(message, category=UserWarning, stacklevel=1):
        if not (isinstance(category, type) and issubclass(category, Warning)):
            raise TypeError(f"category must be a Warning subclass, not '{type(category).__name__}'")
        where = state.where
        if where is None:
            warnings.warn(str(message), category, stacklevel=2)
            return
        (filename, _), span = where
        warnings.warn_explicit(str(message), category, filename, span.line, module="__main__")

    for cls in WARNING_CLASSES.values():
        policy.allow_class_name(cls)
    policy.allow(warnings.WarningMessage, ("message", "category", "filename", "lineno"))
    return {"filterwarnings": filterwarnings, "simplefilter": simplefilter, "warn": warn,
            "catch_warnings": _CatchWarnings, **WARNING_CLASSES}


class _TimedPattern:
    """A warning filter's regular expression for a script's filter: every warning's text is matched
    against it, and a backtracking pattern ('(a*)*c') ran for minutes in that one C call."""

    __slots__ = ("_pattern",)

    def __init__(self, pattern):
        self._pattern = pattern

    def match(self, text):
        with interruptible():
            return self._pattern.match(text)

    def __eq__(self, other) -> bool:
        return type(other) is _TimedPattern and other._pattern == self._pattern

    def __hash__(self) -> int:
        return hash(self._pattern)

    def __repr__(self) -> str:
        return repr(self._pattern)


class _CatchWarnings:
    """``with warnings.catch_warnings():``: filters set inside are undone on leaving; with
    ``record=True`` the block's warnings go to the list it gives (``w[0].message``, ``.category``)."""

    __slots__ = ("_inner",)

    def __init__(self, *, record=False):
        self._inner = warnings.catch_warnings(record=bool(record))

    def __enter__(self):
        return self._inner.__enter__()

    def __exit__(self, *exc):
        return self._inner.__exit__(*exc)


def random_members(state) -> dict:
    """Python's ``random`` (the seed lines of many scripts: ``random.seed(0)``), on a generator of
    the session's own: the same numbers as Python's for the same seed. Made on a script's first
    use of ``random``: Python's module is not part of every start-up."""
    import random
    rng = random.Random()

    def bounded(k):
        state.check_length(k, "list", None)
        return k

    def choices(population, weights=None, *, cum_weights=None, k=1):
        return rng.choices(population, weights, cum_weights=cum_weights, k=bounded(k))

    def sample(population, k, *, counts=None):
        return rng.sample(population, bounded(k), counts=counts)

    def shuffle(x):
        """Python's shuffle, draw for draw, checking the time limit as it goes (10**7 items take
        seconds of Python code that no statement of the script interrupts)."""
        randbelow = rng._randbelow
        for i in reversed(range(1, len(x))):
            if not i % Checked.CHECK_EVERY:
                state.check_deadline()
            j = randbelow(i + 1)
            x[i], x[j] = x[j], x[i]

    def seed(a=None, version=2):
        if a is not None and not isinstance(a, (int, float, str, bytes)):
            raise TypeError("The only supported seed types are: None, int, float, str, bytes, and bytearray.")
        rng.seed(a, version)

    return {"seed": seed, "random": rng.random, "uniform": rng.uniform, "randint": rng.randint,
            "randrange": rng.randrange, "choice": rng.choice, "choices": choices, "shuffle": shuffle,
            "sample": sample, "gauss": rng.gauss, "normalvariate": rng.normalvariate,
            "getrandbits": lambda k: rng.getrandbits(bounded(k) if k > 64 else k),
            "betavariate": rng.betavariate, "expovariate": rng.expovariate, "triangular": rng.triangular}
