"""gradcheck results: verdicts, the largest analytical-vs-numerical differences, kink notes."""
from __future__ import annotations

import math

from .document import Table, line


def check_doc(result, output_shape: tuple, input_shapes: dict) -> list:
    doc = [line(("float64, central differences with eps=", "muted"), (f"{result.eps:g}", "value"),
                (f", atol={result.atol:g}, rtol={result.rtol:g}", "muted"))]
    for check in result.checks:
        doc.append(line((f"{check.name}: ", "heading"), ("passed", "ok") if check.passed else ("FAILED", "bad")))
        if check.message:
            doc.extend(line(("  " + text, "muted")) for text in check.message.splitlines())
    table = Table(["output", "input", "analytical", "numerical", "abs error"], right={2, 3, 4},
                  title="largest differences")
    for i, name, j, a, n, err in result.rows:
        bad = not math.isclose(a, n, rel_tol=result.rtol, abs_tol=result.atol)
        table.add_row(_index("value", output_shape, i), _index(name, input_shapes[name], j),
                      f"{a:.10g}", f"{n:.10g}", f"{err:.3g}", style="bad" if bad else None)
    doc.append(table)
    for op, rule, count in result.kinks:
        doc.append(line(("note: ", "warn"), f"{count} input element(s) of {op} sit on its non-differentiable point; "
                        f"the analytical value uses torch's convention: {rule}"))
    return doc


def check_json(result) -> dict:
    return {"check": {
        "passed": result.passed,
        "checks": [{"name": c.name, "passed": c.passed, "message": c.message} for c in result.checks],
        "largest_differences": [{"output": i, "input": name, "index": j, "analytical": _num(a),
                                 "numerical": _num(n), "error": _num(e)} for i, name, j, a, n, e in result.rows],
        "kinks": [{"op": op, "convention": rule, "count": count} for op, rule, count in result.kinks],
    }}


def _num(x: float):
    from .values import NON_FINITE
    return x if math.isfinite(x) else NON_FINITE[repr(x)]


def _index(name: str, shape: tuple, flat: int) -> str:
    """``x[1, 2]`` for the flat index of an element of a tensor of ``shape`` (``x`` for a scalar)."""
    if not shape:
        return name
    idx = []
    for size in reversed(shape):
        idx.append(flat % size)
        flat //= size
    return f"{name}[{', '.join(str(k) for k in reversed(idx))}]"
