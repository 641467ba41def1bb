"""Switches the hot path reads as plain module globals: profiler, anomaly mode, size limit.

Each costs one global load per op while off.
"""
from __future__ import annotations

active = False      # a profiler is recording
anomaly = False     # detect_anomaly is on: nodes remember where they were made
limit = None        # max elements of any op result, or None
_profilers: list = []
creation_context = None  # callable returning a description of "where" (the language sets it)


class SizeLimitError(MemoryError):
    """A result would exceed the element limit set with ``set_max_elements``."""


def set_max_elements(n: int | None) -> None:
    """Refuse op results with more than ``n`` elements (the language's --max-elements)."""
    global limit
    limit = n


def check_size(arr) -> None:
    if arr.size > limit:
        raise SizeLimitError(f"result of {arr.size} elements exceeds the limit of {limit} elements")


def check_shape(shape) -> None:
    """Check a shape before allocating it (creation functions call this)."""
    if limit is None:
        return
    n = 1
    for s in shape:
        n *= max(int(s), 0)
    if n > limit:
        raise SizeLimitError(f"a tensor of shape {tuple(shape)} ({n} elements) exceeds the limit of {limit} elements")


def run(op, args, params, inner):
    """Run one op under the active profilers."""
    import time
    start = time.perf_counter_ns()
    for p in _profilers:
        p._enter(op.name, args)
    try:
        return inner(op, args, params)
    finally:
        end = time.perf_counter_ns()
        for p in _profilers:
            p._exit(op.name, start, end)


def remember_creation(node) -> None:
    """Anomaly mode: keep the forward location that created ``node``."""
    import traceback
    where = creation_context() if creation_context is not None else None
    node._extras.trace = where if where is not None else "".join(traceback.format_stack(limit=12)[:-3])


def add_profiler(p) -> None:
    global active
    _profilers.append(p)
    active = True


def remove_profiler(p) -> None:
    global active
    _profilers.remove(p)
    active = bool(_profilers)


def set_anomaly(flag: bool) -> None:
    global anomaly
    anomaly = flag
