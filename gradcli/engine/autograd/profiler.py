"""``torch.autograd.profiler``: time every forward op and backward node, and print torch's table.

Forward ops are named as torch names them (``aten::mul``, ``aten::add_``),
backward nodes ``autograd::engine::evaluate_function: MulBackward0`` around
the node itself (``MulBackward0``), and ops a create_graph backward runs nest
inside. Self time is an event's time minus its children's. The engine reports
through ``instrumentation`` (one global read per op while no profiler runs).
"""
from __future__ import annotations

import os
import threading
import time
from collections import OrderedDict

from .. import instrumentation as _inst
from ..tensor import Tensor

__all__ = [
    "profile", "record_function",
]


def _format_time(time_us: float) -> str:
    if time_us >= 1e6:
        return f"{time_us / 1e6:.3f}s"
    if time_us >= 1e3:
        return f"{time_us / 1e3:.3f}ms"
    return f"{time_us:.3f}us"


def _format_time_share(time_us: float, total_us: float) -> str:
    if total_us == 0:
        return "NaN"
    return f"{time_us * 100.0 / total_us:.2f}%"


class FunctionEvent:
    """One timed call: an op, a backward node or a ``record_function`` block."""

    def __init__(self, id: int, name: str, start_us: float, input_shapes, thread: int, parent=None):
        self.id = id
        self.name = name
        self.key = name
        self.start_us = start_us
        self.end_us = start_us
        self.input_shapes = input_shapes
        self.thread = thread
        self.cpu_parent = parent
        self.cpu_children: list = []
        self.count = 1
        self.is_async = False
        self.is_user_annotation = False

    @property
    def cpu_time_total(self) -> float:
        return self.end_us - self.start_us

    @property
    def self_cpu_time_total(self) -> float:
        return self.cpu_time_total - sum(c.cpu_time_total for c in self.cpu_children)

    def __repr__(self) -> str:
        return (f"<FunctionEvent id={self.id} name={self.name} cpu_time={_format_time(self.cpu_time_total)} "
                f"start_us={self.start_us:.3f} end_us={self.end_us:.3f} "
                f"cpu_children={[c.id for c in self.cpu_children]} input_shapes={self.input_shapes}>")


class FunctionEventAvg:
    """The events of one name (and input shapes, when grouped by them), summed."""

    def __init__(self, key: str, input_shapes=None):
        self.key = key
        self.input_shapes = input_shapes
        self.count = 0
        self.cpu_time_total = 0.0
        self.self_cpu_time_total = 0.0
        self.cpu_parent = None
        self.is_async = False
        self.is_user_annotation = False

    def add(self, evt) -> "FunctionEventAvg":
        self.count += evt.count
        self.cpu_time_total += evt.cpu_time_total
        self.self_cpu_time_total += evt.self_cpu_time_total
        return self

    @property
    def cpu_time(self) -> float:
        return self.cpu_time_total / self.count if self.count else 0.0

    def __repr__(self) -> str:
        return (f"<FunctionEventAvg key={self.key} self_cpu_time={_format_time(self.self_cpu_time_total)} "
                f"cpu_time={_format_time(self.cpu_time)} input_shapes={self.input_shapes}>")


class EventList(list):
    """A list of events with torch's summaries: ``table``, ``key_averages``, ``export_chrome_trace``."""

    def __init__(self, *args, record_shapes: bool = False):
        super().__init__(*args)
        self._record_shapes = record_shapes

    @property
    def self_cpu_time_total(self) -> float:
        return sum(e.self_cpu_time_total for e in self)

    def key_averages(self, group_by_input_shape: bool = False, group_by_stack_n: int = 0) -> "EventList":
        groups: OrderedDict = OrderedDict()
        for evt in self:
            shapes = str(evt.input_shapes) if group_by_input_shape else None
            key = (evt.key, shapes)
            avg = groups.get(key)
            if avg is None:
                avg = groups[key] = FunctionEventAvg(evt.key, evt.input_shapes if group_by_input_shape else None)
            avg.add(evt)
        return EventList(groups.values(), record_shapes=group_by_input_shape)

    def total_average(self) -> FunctionEventAvg:
        total = FunctionEventAvg("Total")
        for evt in self:
            total.add(evt)
        return total

    def table(self, sort_by: str | None = None, row_limit: int = 100, max_src_column_width: int = 75,
              max_name_column_width: int = 55, max_shapes_column_width: int = 80, header: str | None = None,
              top_level_events_only: bool = False, time_unit: str | None = None) -> str:
        return _build_table(self, sort_by, header, row_limit, max_name_column_width, max_shapes_column_width,
                            top_level_events_only, time_unit)

    def export_chrome_trace(self, path: str) -> None:
        """Write the events as a Chrome trace (open it in chrome://tracing or Perfetto)."""
        pid = os.getpid()
        trace = {"schemaVersion": 1, "traceEvents": [
            {"ph": "X", "cat": "cpu_op", "name": e.name, "pid": pid, "tid": e.thread, "ts": e.start_us,
             "dur": e.cpu_time_total, "args": {"Input Dims": e.input_shapes} if e.input_shapes else {}}
            for e in self]}
        import json     # for this export only: the engine's import stays lighter
        with open(path, "w") as f:
            json.dump(trace, f)


def _build_table(events, sort_by, header, row_limit, max_name_column_width, max_shapes_column_width,
                 top_level_events_only, time_unit) -> str:
    """torch's ``_build_table`` for CPU events: same columns, widths, formats and footer."""
    if len(events) == 0:
        return ""
    has_shapes = any(e.input_shapes for e in events)
    if sort_by is not None:
        events = sorted(events, key=lambda e: getattr(e, sort_by, 0), reverse=True)
    name_width = max(len(e.key) for e in events) + 4
    if max_name_column_width is not None:
        name_width = min(name_width, max_name_column_width)
    shapes_width = max(len(str(e.input_shapes)) for e in events) + 4
    if max_shapes_column_width is not None:
        shapes_width = min(shapes_width, max_shapes_column_width)
    headers = ["Name", "Self CPU %", "Self CPU", "CPU total %", "CPU total", "CPU time avg", "# of Calls"]
    widths = [name_width] + [12] * (len(headers) - 1)
    if has_shapes:
        headers.append("Input Shapes")
        widths.append(shapes_width)
    row_format = "".join("{: >" + str(w) + "}  " for w in widths)
    sep = "".join("-" * w + "  " for w in widths)
    line_length = sum(w + 2 for w in widths) - 2
    total_self = sum(e.self_cpu_time_total for e in events)

    def fmt(us):
        if time_unit == "s":
            return f"{us / 1e6:.3f}s"
        if time_unit == "ms":
            return f"{us / 1e3:.3f}ms"
        if time_unit == "us":
            return f"{us:.3f}us"
        return _format_time(us)

    out = []
    if header is not None:
        out += ["=" * line_length, header]
    if top_level_events_only:
        out += ["=" * line_length, "This report only display top-level ops statistics"]
    out += [sep, row_format.format(*headers), sep]
    shown = 0
    for e in events:
        if shown == row_limit:
            break
        if top_level_events_only and e.cpu_parent is not None:
            continue
        shown += 1
        name = e.key
        if max_name_column_width is not None and len(name) >= max_name_column_width - 3:
            name = name[:max_name_column_width - 3] + "..."
        row = [name, _format_time_share(e.self_cpu_time_total, total_self), fmt(e.self_cpu_time_total),
               _format_time_share(e.cpu_time_total, total_self), fmt(e.cpu_time_total),
               fmt(e.cpu_time_total / e.count if e.count else 0.0), e.count]
        if has_shapes:
            row.append(str(e.input_shapes)[:shapes_width])
        out.append(row_format.format(*row))
    out += [sep, f"Self CPU time total: {_format_time(total_self)}"]
    return "\n".join(out) + "\n"


class profile:
    """``with profile() as prof: ...`` records every op and backward node run inside, on any thread."""

    def __init__(self, enabled: bool = True, *, use_cuda: bool = False, use_device=None, record_shapes: bool = False,
                 with_flops: bool = False, profile_memory: bool = False, with_stack: bool = False,
                 with_modules: bool = False, use_kineto: bool = True, use_cpu: bool = True,
                 experimental_config=None, acc_events: bool = False, custom_trace_id_callback=None):
        self.enabled = enabled
        self.record_shapes = record_shapes
        self.function_events: EventList | None = None
        self._events: list = []
        self._stacks = threading.local()
        self._t0 = 0
        self._lock = threading.Lock()

    def __enter__(self) -> "profile":
        if self.enabled:
            self._events = []
            self._t0 = time.perf_counter_ns()
            _inst.add_profiler(self)
        return self

    def __exit__(self, *exc) -> bool:
        if self.enabled:
            _inst.remove_profiler(self)
            self.function_events = EventList(sorted(self._events, key=lambda e: (e.start_us, e.id)),
                                             record_shapes=self.record_shapes)
        return False

    # -- called by instrumentation ------------------------------------------------------------
    def _enter(self, name: str, args) -> None:
        stack = getattr(self._stacks, "s", None)
        if stack is None:
            stack = self._stacks.s = []
        shapes = [list(a.shape) if isinstance(a, Tensor) else [] for a in args] if self.record_shapes else None
        parent = stack[-1] if stack else None
        with self._lock:
            evt = FunctionEvent(len(self._events), name, 0.0, shapes, threading.get_ident(), parent)
            self._events.append(evt)
        if parent is not None:
            parent.cpu_children.append(evt)
        stack.append(evt)

    def _exit(self, name: str, start_ns: int, end_ns: int) -> None:
        evt = self._stacks.s.pop()
        evt.start_us = (start_ns - self._t0) / 1e3
        evt.end_us = (end_ns - self._t0) / 1e3

    # -- results ----------------------------------------------------------------------------------
    def _check_finished(self) -> EventList:
        if self.function_events is None:
            raise RuntimeError("Profiler didn't finish running")
        return self.function_events

    def events(self) -> EventList:
        return self._check_finished()

    def key_averages(self, group_by_input_shape: bool = False, group_by_stack_n: int = 0) -> EventList:
        return self._check_finished().key_averages(group_by_input_shape, group_by_stack_n)

    def table(self, sort_by: str | None = None, row_limit: int = 100, max_src_column_width: int = 75,
              max_name_column_width: int = 55, max_shapes_column_width: int = 80, header: str | None = None,
              top_level_events_only: bool = False) -> str:
        return self._check_finished().table(sort_by, row_limit, max_src_column_width, max_name_column_width,
                                            max_shapes_column_width, header, top_level_events_only)

    def total_average(self) -> FunctionEventAvg:
        return self._check_finished().total_average()

    @property
    def self_cpu_time_total(self) -> float:
        return self._check_finished().self_cpu_time_total

    def export_chrome_trace(self, path: str) -> None:
        self._check_finished().export_chrome_trace(path)

    def __str__(self) -> str:
        return self._check_finished().table()


class record_function:
    """Label a block (or a function, as a decorator) in the profile: it appears as its own event."""

    def __init__(self, name: str, args: str | None = None):
        self.name = name

    def __enter__(self) -> "record_function":
        self._profilers = list(_inst._profilers)
        for p in self._profilers:
            p._enter(self.name, ())
        self._start = time.perf_counter_ns()
        return self

    def __exit__(self, *exc) -> bool:
        end = time.perf_counter_ns()
        for p in self._profilers:
            p._exit(self.name, self._start, end)
        return False

    def __call__(self, fn):
        import functools

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            with record_function(self.name):
                return fn(*args, **kwargs)
        return wrapper
