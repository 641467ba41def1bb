"""The engine's process-wide modes a script can leave switched on, kept per session.

A script's generator suspended inside ``with torch.inference_mode():`` (or ``no_grad``,
``saved_tensors_hooks``, ``dual_level``, a profiler) leaves that mode on when the run ends. Inside
its session that is Python's behaviour (the next REPL line still sees it); the process must not
see it: the next script of ``gradcli run a.grad b.grad``, a fresh session, would compute without
gradients. The session takes a snapshot after each run and puts back what was there before.
Modules not imported yet have nothing switched on.
"""
from __future__ import annotations

import sys

_GRAPH = "gradcli.engine.autograd.graph"
_FORWARD_AD = "gradcli.engine.autograd.forward_ad"


def snapshot() -> tuple:
    from ..engine import instrumentation
    from ..engine.autograd.grad_mode import state
    graph, forward_ad = sys.modules.get(_GRAPH), sys.modules.get(_FORWARD_AD)
    return ((state.flag, state.inference),
            (tuple(graph.saved_hooks_stack), tuple(graph.hooks_disabled)) if graph else None,
            tuple(forward_ad._levels) if forward_ad else (),
            tuple(instrumentation._profilers))


def restore(modes: tuple) -> None:
    from ..engine import instrumentation
    from ..engine.autograd import grad_mode
    (flag, inference), hooks, levels, profilers = modes
    grad_mode._set(flag, inference)
    graph, forward_ad = sys.modules.get(_GRAPH), sys.modules.get(_FORWARD_AD)
    if graph is not None:
        graph.saved_hooks_stack[:], graph.hooks_disabled[:] = hooks or ((), (None,))
    if forward_ad is not None:
        forward_ad._levels[:] = levels
    instrumentation._profilers[:] = profilers
    instrumentation.set_forward_ad(bool(levels))
