"""map, filter, zip and enumerate for scripts, with their chain depth bounded.

CPython advances ``map(f, map(f, ...))`` by C recursion with no depth check, so a chain of about
a million of them ends the process on a stack overflow when consumed. These subclasses of the
real types remember how deep their chain is and refuse to start one deeper than ``MAX_CHAIN``;
everything else (laziness, results, ``<map object at ...>``) is Python's.
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
        raise GradcliError("limit", f"a chain of more than {MAX_CHAIN} map/filter/zip/enumerate objects "
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


CHAINED = (Map, Filter, Zip, Enumerate)
