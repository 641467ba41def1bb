"""map, filter, zip, enumerate and the itertools iterators for scripts, with their chain depth bounded.

CPython advances ``map(f, map(f, ...))`` by C recursion with no depth check, so a chain of about
a million of them ends the process on a stack overflow when consumed. These subclasses of the
real types remember how deep their chain is and refuse to start one deeper than ``MAX_CHAIN``;
everything else (laziness, results, ``<map object at ...>``) is Python's. ``Checked`` wraps an
itertools iterator to check the time limit; it counts in the same chain, since
``islice(islice(...))`` nested 50,000 deep took seconds (quadratic in the depth) to fail.
"""
from __future__ import annotations

import builtins

from .errors import GradcliError

MAX_CHAIN = 10_000


def _depth(iterables) -> int:
    deepest = 0
    for it in iterables:
        if isinstance(it, CHAINED):
            deepest = max(deepest, it._depth)
    if deepest >= MAX_CHAIN:
        raise GradcliError("limit", f"a chain of more than {MAX_CHAIN} map/filter/zip/enumerate/itertools objects "
                                    "would overflow the C stack when consumed; make a list on the way", None)
    return deepest + 1


def _as_builtin(cls):
    cls.__name__ = cls.__qualname__ = cls.__mro__[1].__name__
    cls.__module__ = "builtins"
    return cls


@_as_builtin
class Map(builtins.map):
    __slots__ = ("_depth",)

    def __new__(cls, function, *iterables):
        self = builtins.map.__new__(cls, function, *iterables)
        self._depth = _depth(iterables)
        return self


@_as_builtin
class Filter(builtins.filter):
    __slots__ = ("_depth",)

    def __new__(cls, function, iterable):
        self = builtins.filter.__new__(cls, function, iterable)
        self._depth = _depth((iterable,))
        return self


@_as_builtin
class Zip(builtins.zip):
    __slots__ = ("_depth",)

    def __new__(cls, *iterables, strict=False):
        self = builtins.zip.__new__(cls, *iterables, strict=strict)
        self._depth = _depth(iterables)
        return self


@_as_builtin
class Enumerate(builtins.enumerate):
    __slots__ = ("_depth",)

    def __new__(cls, iterable, start=0):
        self = builtins.enumerate.__new__(cls, iterable, start)
        self._depth = _depth((iterable,))
        return self


class Checked:
    """An iterator that checks the run's time limit every ``CHECK_EVERY`` items, so that
    ``sum(itertools.count())`` ends with the timeout, not a hang in C."""

    __slots__ = ("_iterator", "_state", "_count", "_depth")
    CHECK_EVERY = 1024

    def __init__(self, iterator, state, sources=()):
        self._depth = _depth(sources)
        self._iterator = iterator
        self._state = state
        self._count = 0

    def __iter__(self):
        return self

    def __next__(self):
        count = self._count
        self._count = count + 1
        if not count % self.CHECK_EVERY:
            self._state.check_deadline()
        return next(self._iterator)

    def __repr__(self) -> str:
        kind = type(self._iterator)
        module = "" if kind.__module__ == "builtins" else kind.__module__ + "."
        return f"<{module}{kind.__qualname__} object at {id(self):#x}>"


CHAINED = (Map, Filter, Zip, Enumerate, Checked)
