"""autograd.profiler.profile: counts per op and node, torch's table, events and Chrome trace."""
from __future__ import annotations

import json
import warnings

import gradcli.engine as torch


def run_seed_002(n=50):
    """Seed 002's loop: z / x * y fifty times may overflow float32 (torch's inf, numpy's warning)."""
    x = torch.randn(2, 3, requires_grad=True)
    y = torch.rand(2, 3, requires_grad=True)
    z = torch.ones(2, 3, requires_grad=True)
    with torch.autograd.profiler.profile(use_cuda=False) as prf, warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        for _ in range(n):
            z = (z / x) * y
        z.sum().backward()
    return prf


def test_counts_match_the_ops_run():
    prf = run_seed_002(50)
    counts = {e.key: e.count for e in prf.key_averages()}
    assert counts["aten::div"] == 50 and counts["aten::mul"] == 50 and counts["aten::sum"] == 1
    assert counts["autograd::engine::evaluate_function: DivBackward0"] == 50
    assert counts["MulBackward0"] == 50 and counts["SumBackward0"] == 1


def test_table_has_torchs_columns_and_footer():
    table = run_seed_002(10).key_averages().table(sort_by="self_cpu_time_total", row_limit=3)
    lines = table.splitlines()
    assert lines[1].split() == ["Name", "Self", "CPU", "%", "Self", "CPU", "CPU", "total", "%", "CPU", "total",
                                "CPU", "time", "avg", "#", "of", "Calls"]
    assert set(lines[0]) == {"-", " "} and lines[-1].startswith("Self CPU time total: ")
    assert len(lines) == 3 + 3 + 2        # header block, 3 rows, rule and footer
    rows = lines[3:6]
    selfs = [r.split()[-5] for r in rows]   # counted from the right: a node's row name has a space
    assert all(s.endswith(("us", "ms", "s")) for s in selfs)


def test_backward_node_nests_its_evaluate_function():
    events = run_seed_002(3).events()
    wrapper = next(e for e in events if e.name == "autograd::engine::evaluate_function: MulBackward0")
    assert [c.name for c in wrapper.cpu_children] == ["MulBackward0"]
    assert wrapper.cpu_time_total >= wrapper.cpu_children[0].cpu_time_total


def test_record_shapes_and_inplace_names():
    x = torch.ones(2, 3)
    with torch.autograd.profiler.profile(record_shapes=True) as prf:
        x.add_(1)
        torch.mul(x, 2.0)
    avgs = prf.key_averages(group_by_input_shape=True)
    assert [(e.key, e.input_shapes) for e in avgs] == [("aten::add_", [[2, 3], []]), ("aten::mul", [[2, 3], []])]
    assert "Input Shapes" in avgs.table()


def test_record_function_and_chrome_trace(tmp_path):
    with torch.autograd.profiler.profile() as prf:
        with torch.autograd.profiler.record_function("block"):
            torch.ones(3).exp()
    block = next(e for e in prf.events() if e.name == "block")
    assert [c.name for c in block.cpu_children] == ["aten::exp"]
    path = tmp_path / "trace.json"
    prf.export_chrome_trace(str(path))
    names = [e["name"] for e in json.loads(path.read_text())["traceEvents"]]
    assert names == ["block", "aten::exp"]


def test_profiler_off_after_exit():
    from gradcli.engine import instrumentation
    run_seed_002(1)
    assert not instrumentation.active
