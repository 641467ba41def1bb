"""The profiler's per-op averages as a sortable table: forward ops, backward nodes, engine wrappers."""
from __future__ import annotations

from .document import Table, line

ENGINE_PREFIX = "autograd::engine::evaluate_function: "
SORT_KEYS = {
    "self": lambda e: -e.self_cpu_time_total,
    "total": lambda e: -e.cpu_time_total,
    "calls": lambda e: -e.count,
    "name": lambda e: e.key,
}


def kind_of(key: str) -> str:
    if key.startswith(ENGINE_PREFIX):
        return "engine"
    if key.startswith("aten::"):
        return "forward"
    if "Backward" in key or key.endswith("AccumulateGrad"):
        return "backward"
    return "user"


def _us(t: float) -> str:
    if t >= 1e6:
        return f"{t / 1e6:.3f} s"
    if t >= 1e3:
        return f"{t / 1e3:.3f} ms"
    return f"{t:.1f} us"


def profile_doc(averages, sort_by: str = "self", limit: int | None = None) -> list:
    rows = sorted(averages, key=SORT_KEYS[sort_by])
    total_self = sum(e.self_cpu_time_total for e in rows) or 1.0
    table = Table(["op", "kind", "calls", "total", "self", "self %", "avg"], right={2, 3, 4, 5, 6})
    for e in rows[:limit]:
        table.add_row(e.key, kind_of(e.key), e.count, _us(e.cpu_time_total), _us(e.self_cpu_time_total),
                      f"{100 * e.self_cpu_time_total / total_self:.1f}%", _us(e.cpu_time_total / max(e.count, 1)),
                      style="muted" if kind_of(e.key) == "engine" else None)
    forward = sum(e.count for e in rows if kind_of(e.key) == "forward")
    backward = sum(e.count for e in rows if kind_of(e.key) == "backward")
    return [table, line((f"{forward} forward op calls, {backward} backward node calls, self time total "
                         f"{_us(sum(e.self_cpu_time_total for e in rows))}; sorted by {sort_by}", "muted"))]


def profile_json(averages) -> dict:
    return {"profile": [{"op": e.key, "kind": kind_of(e.key), "calls": e.count, "total_us": e.cpu_time_total,
                         "self_us": e.self_cpu_time_total} for e in averages]}
