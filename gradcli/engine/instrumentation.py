"""Switches the hot path reads as plain module globals: profiler, anomaly mode, size limit.

Each costs one global load per op while off. This module sits at the bottom of the engine:
forward mode registers its tangent rules here (``forward_ad_hooks``) and the profiler registers
itself (``add_profiler``), so the op path never imports the layers above it.
"""
from __future__ import annotations

import itertools
import weakref

active = False      # a profiler is recording or a forward-AD level is open: ops go through run()
anomaly = False     # detect_anomaly is on: nodes remember where they were made
check_nan = True    # anomaly mode also checks backward outputs for NaN
forward_ad = False  # a forward-AD level is open: ops propagate tangents
limit = None        # max elements of any op result, or None
interrupt = None    # the time check (the language's --timeout), or None: see set_interrupt
# what an op compares its result's element count with (None: neither a limit nor a time check, no
# comparison): the limit, NO_LIMIT under a time check alone, -1 once request_interrupt asked for the check
cap = None
NO_LIMIT = 1 << 62
_profilers: list = []
creation_context = None  # callable returning a description of "where" (the language sets it)
forward_ad_hooks = None  # (propagate, snapshot_self, take_tangents), registered by autograd.forward_ad
batching = None     # while vmap runs: (op, args, params, inner) -> result, or NotImplemented for plain args
function_batching = None  # (Function class, args, kwargs) -> result, or NotImplemented: Function.apply under vmap
index_batching = None     # (name, *args) -> result: x[i], gather and take with an index that differs per example
index_each = None         # (fn, args, kwargs, inplace name) -> result: an index function whose index differs per example
per_example = None        # (fn, args, kwargs) -> result: a numpy-computed function run once per example in vmap
transforms = 0      # how many torch.func transforms (grad, vjp, jvp, jacrev, jacfwd) are running
modules = weakref.WeakKeyDictionary()   # every live nn.Module -> its creation number (torch.func: captured state)
module_count = itertools.count()
grad_levels: list = []  # grad/vjp/jvp levels running: (torch's level number, first node seq, input ids, dual level)


class SizeLimitError(MemoryError):
    """A result would exceed the element limit set with ``set_max_elements``."""


def set_max_elements(n: int | None) -> None:
    """Refuse op results with more than ``n`` elements (the language's --max-elements)."""
    global limit
    limit = n
    _reset_cap()


def set_interrupt(fn) -> None:
    """Install the time check (None removes it). It runs only once ``request_interrupt`` asked for it (a
    watchdog thread does at the deadline): an op pays one comparison per result, a backward pass one
    every few nodes, instead of a countdown and a call, or a clock read."""
    global interrupt
    interrupt = fn
    _reset_cap()


def request_interrupt() -> None:
    """Make the next op run the time check. Safe from another thread: a request that meets the check
    being removed is dropped, or costs the next op one extra call."""
    global cap
    if interrupt is not None:
        cap = -1


def _reset_cap() -> None:
    global cap
    cap = limit if limit is not None else None if interrupt is None else NO_LIMIT


def over_cap(arr) -> None:
    """An op result past ``cap``: the element limit's error, or the time check that was asked for."""
    if limit is not None and arr.size > limit:
        raise SizeLimitError(f"result of {arr.size} elements exceeds the limit of {limit} elements")
    check_time()


def check_time() -> None:
    """Run the time check if ``request_interrupt`` asked for it (ops through ``over_cap``; a backward
    pass calls it when it finds ``cap`` at -1 between nodes). A check that raises stays asked for, so
    every later op raises too."""
    global cap
    if cap != -1:
        return
    _reset_cap()
    if interrupt is not None:
        try:
            interrupt()
        except BaseException:
            cap = -1
            raise


def check_shape(shape) -> None:
    """Check a shape before allocating it (creation functions call this)."""
    if limit is None:
        return
    n = 1
    for s in shape:
        n *= max(int(s), 0)
    if n > limit:
        raise SizeLimitError(f"a tensor of shape {tuple(shape)} ({n} elements) exceeds the limit of {limit} elements")


def check_broadcast(*shapes) -> None:
    """``check_shape`` of the shapes broadcast together, before an op allocates their product (a column
    times a row); shapes that do not broadcast are left to the op's own error."""
    if limit is None:
        return
    out = []
    for i in range(1, max(map(len, shapes)) + 1):
        sizes = {s[-i] for s in shapes if i <= len(s)} - {1}
        if len(sizes) > 1:
            return
        out.append(sizes.pop() if sizes else 1)
    check_shape(out[::-1])


def check_matmul(a, b) -> None:
    """``check_shape`` of the matmul of arrays ``a`` and ``b``, before numpy allocates it: a contracted dim
    of size 0 (or 1) makes a large result of small inputs, ``zeros(10**4, 0) @ zeros(0, 10**4)``. With
    no empty input the result has at most ``a.size * b.size`` elements: that test alone, most times."""
    if limit is None or 0 < a.size * b.size <= limit or a.ndim < 2 or b.ndim < 2:
        return
    s, t = a.shape, b.shape
    check_broadcast(s[:-2] + (s[-2], 1), t[:-2] + (1, t[-1]))


def run(op, args, params, inner):
    """Run one op under the active profilers, then give its outputs their forward-AD tangents."""
    if batching is not None:
        out = batching(op, args, params, inner)
        if out is not NotImplemented:
            return out
    return run_physical(op, args, params, inner)


def run_physical(op, args, params, inner):
    """``run`` without the batching step: what vmap's batching rules run their ops through, so
    those ops are profiled and propagate forward-AD tangents (``jacfwd(vmap(f))``)."""
    if _profilers:
        out = _timed("aten::" + op.name.split(".")[0], args, inner, op, args, params)
    else:
        out = inner(op, args, params)
    if forward_ad:
        forward_ad_hooks[0](op, args, params, out)
    return out


def run_inplace(op, self, args, params, inner):
    """``run`` for an in-place op: the tangent rule sees self's value from before the write."""
    if batching is not None:
        out = batching(op, (self,) + tuple(args), params, None)   # a batched in-place write
        if out is not NotImplemented:
            return out
    old = forward_ad_hooks[1](self, args) if forward_ad else None
    name = op.name.split(".")[0]
    if _profilers:
        out = _timed("aten::" + (name if name.endswith("_") else name + "_"), args, inner, op, self, args,
                     params)
    else:
        out = inner(op, self, args, params)
    if old is not None:
        forward_ad_hooks[0](op, args, params, out, old_self=old)
    return out


def run_node(fn, buf, m):
    """Run one backward node under the profilers and, in anomaly mode, name its forward on failure."""
    try:
        if _profilers:
            name = fn.name()
            return _timed("autograd::engine::evaluate_function: " + name, (), _timed, name, (), fn.apply, buf, m)
        return fn.apply(buf, m)
    except Exception:
        if anomaly:
            warn_forward_trace(fn)
        raise


def warn_forward_trace(fn) -> None:
    """torch's anomaly-mode warning: the forward call that made the failing node."""
    import warnings
    trace = fn._x.trace if fn._x is not None else None
    if trace is None:
        return
    warnings.warn(f"Error detected in {fn.name()}. Traceback of forward call that caused the error:\n{trace}",
                  UserWarning, stacklevel=2)


def _timed(name, shapes_of, inner, *a):
    import time
    for p in _profilers:
        p._enter(name, shapes_of)
    start = time.perf_counter_ns()
    try:
        return inner(*a)
    finally:
        end = time.perf_counter_ns()
        for p in _profilers:
            p._exit(name, start, end)


def remember_creation(node) -> None:
    """Anomaly mode: keep the forward location that created ``node``."""
    where = creation_context() if creation_context is not None else None
    node._extras.trace = where if where is not None else _user_stack()


def _user_stack() -> str:
    """The Python stack that led to the op, without the engine's own frames (as torch shows it)."""
    import os
    import traceback
    engine = os.path.dirname(__file__)
    frames = [f for f in traceback.extract_stack(limit=30) if not f.filename.startswith(engine)]
    return "".join(traceback.format_list(frames[-8:]))


def add_profiler(p) -> None:
    global active
    _profilers.append(p)
    active = True


def remove_profiler(p) -> None:
    global active
    _profilers.remove(p)
    active = bool(_profilers) or forward_ad or batching is not None


def set_anomaly(flag: bool, nan: bool = True) -> None:
    global anomaly, check_nan
    anomaly = flag
    check_nan = nan


def set_batching(fn) -> None:
    """Install (or with None remove) vmap's batching hook."""
    global batching, active
    batching = fn
    active = fn is not None or forward_ad or bool(_profilers)


def set_forward_ad(flag: bool) -> None:
    global forward_ad, active
    forward_ad = flag
    active = flag or bool(_profilers) or batching is not None


def examplewise(fn):
    """A function that computes on numpy directly (searchsorted, histc, isin): inside vmap it runs once
    per example (torch's fallback) instead of reading the batch as one example."""
    import functools

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        if per_example is not None and any(getattr(v, "__dict__", {}).get("_lv") for v in (*args, *kwargs.values())):
            return per_example(fn, args, kwargs)
        return fn(*args, **kwargs)
    return wrapper
