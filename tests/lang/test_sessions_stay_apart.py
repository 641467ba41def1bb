"""A mode a script leaves on (a generator suspended inside `with`) stays in that script's session:
the next script of `gradcli run a.grad b.grad` starts as a fresh process would."""

import pytest

from gradcli.lang import Session

SUSPENDED = "def held():\n    with {mode}:\n        yield 1\nkeep = held()\nnext(keep)"

MODES = [
    ("torch.inference_mode()", "(torch.ones(1, requires_grad=True) * 2).requires_grad", True),
    ("torch.no_grad()", "torch.is_grad_enabled()", True),
    ("torch.autograd.graph.saved_tensors_hooks(lambda t: 1 / 0, lambda t: t)",
     "w = torch.ones(2, requires_grad=True)\n(w * w).sum().backward()\nw.grad.tolist()", [2.0, 2.0]),
    ("torch.autograd.forward_ad.dual_level()",
     "import torch.autograd.forward_ad as fwAD\nwith fwAD.dual_level():\n"
     "    d = fwAD.make_dual(torch.ones(1), torch.ones(1))\n    t = fwAD.unpack_dual(d * 3).tangent\nt.item()", 3.0),
    ("torch.autograd.profiler.profile()", "torch.ones(1).add(1).item()", 2.0),
]


@pytest.mark.parametrize("mode, probe, fresh", MODES, ids=[m[0][:40] for m in MODES])
def test_a_mode_left_on_does_not_reach_the_next_session(mode, probe, fresh):
    first = Session()
    first.run(SUSPENDED.format(mode=mode))
    first.close()
    assert Session().run(probe) == fresh


def test_inside_its_own_session_the_mode_stays_on_as_in_python():
    s = Session()
    s.run(SUSPENDED.format(mode="torch.no_grad()"))
    assert s.run("torch.is_grad_enabled()") is False       # the REPL's next line, as Python's
    assert Session().run("torch.is_grad_enabled()") is True
    s.run("next(keep, None)")                               # the generator leaves its `with`
    assert s.run("torch.is_grad_enabled()") is True


def test_closing_a_session_runs_what_its_generators_left_pending_in_that_session():
    out = []
    s = Session()
    s.set("record", out.append)
    s.run("def held():\n    with torch.no_grad():\n        try:\n            yield 1\n        finally:\n"
          "            record(torch.is_grad_enabled())\nkeep = held()\nnext(keep)")
    s.close()
    assert out == [False]
    assert Session().run("torch.is_grad_enabled()") is True


SWITCHES = [
    ("torch.use_deterministic_algorithms(True)", "torch.are_deterministic_algorithms_enabled()", False),
    ("torch.set_deterministic_debug_mode('warn')", "torch.get_deterministic_debug_mode()", 0),
    ("torch.set_num_threads(97)", "torch.get_num_threads() != 97", True),
    ("torch.set_float32_matmul_precision('medium')", "torch.get_float32_matmul_precision()", "highest"),
    ("torch.backends.cudnn.deterministic = True", "torch.backends.cudnn.deterministic", False),
    ("torch.backends.cudnn.benchmark = True", "torch.backends.cudnn.benchmark", False),
    ("torch.backends.cuda.matmul.allow_tf32 = True", "torch.backends.cuda.matmul.allow_tf32", False),
]


@pytest.mark.parametrize("switch, probe, fresh", SWITCHES, ids=[s[0][:45] for s in SWITCHES])
def test_a_process_wide_switch_a_script_sets_stays_in_its_session(switch, probe, fresh):
    # `gradcli run a.grad b.grad`: b starts with torch's defaults whatever a set at its top
    first = Session()
    first.run(switch)
    assert Session().run(probe) == fresh
    assert first.run(probe) != fresh
