"""The engine's process-wide modes a script can leave switched on, kept per session.

A script's generator suspended inside ``with torch.inference_mode():`` (or ``no_grad``,
``saved_tensors_hooks``, ``dual_level``, a profiler) leaves that mode on when the run ends. Inside
its session that is Python's behaviour (the next REPL line still sees it); the process must not
see it: the next script of ``gradcli run a.grad b.grad``, a fresh session, would compute without
gradients. A run starts from the modes around it plus what the session's earlier runs left on
(``script_part``), and ends by putting back the modes around it. Modules not imported yet have
nothing switched on.
"""
from __future__ import annotations

import sys

_GRAPH = "gradcli.engine.autograd.graph"
_FORWARD_AD = "gradcli.engine.autograd.forward_ad"


def snapshot() -> tuple:
    """(inference mode, then the stacks: saved-tensor hooks, their disabling, forward-AD levels, profilers)."""
    from ..engine import instrumentation
    from ..engine.autograd.grad_mode import mode
    graph, forward_ad = sys.modules.get(_GRAPH), sys.modules.get(_FORWARD_AD)
    return (mode().inference,
            tuple(graph.saved_hooks_stack) if graph else (), tuple(graph.hooks_disabled) if graph else (None,),
            tuple(forward_ad._levels) if forward_ad else (), tuple(instrumentation._profilers))


def script_part(outside: tuple, inside: tuple) -> tuple:
    """What a run added to the modes around it: inference mode if it turned it on, and what it
    pushed on each stack."""
    return (inside[0] and not outside[0],) + tuple(
        now[len(before):] if now[:len(before)] == before else () for before, now in zip(outside[1:], inside[1:]))


def push(part: tuple) -> None:
    """Switch on again what ``script_part`` found, over the modes there are now."""
    from ..engine.autograd.grad_mode import mode, set_mode
    inference, hooks, disabled, levels, profilers = part
    if inference:
        set_mode(mode().flag, True)
    if hooks or disabled:
        graph = sys.modules[_GRAPH]
        graph.saved_hooks_stack.extend(hooks)
        graph.hooks_disabled.extend(disabled)
    if levels or profilers:
        _stacks(levels, profilers, extend=True)


def restore(modes: tuple) -> None:
    """Put back exactly the modes of a ``snapshot``."""
    from ..engine.autograd.grad_mode import mode, set_mode
    inference, hooks, disabled, levels, profilers = modes
    set_mode(mode().flag, inference)
    graph = sys.modules.get(_GRAPH)
    if graph is not None:
        graph.saved_hooks_stack[:], graph.hooks_disabled[:] = hooks, disabled
    _stacks(levels, profilers, extend=False)


def _stacks(levels, profilers, extend: bool) -> None:
    from ..engine import instrumentation
    forward_ad = sys.modules.get(_FORWARD_AD)
    if forward_ad is not None:
        forward_ad._levels[len(forward_ad._levels) if extend else 0:] = levels
    instrumentation._profilers[len(instrumentation._profilers) if extend else 0:] = profilers
    instrumentation.set_forward_ad(bool(forward_ad and forward_ad._levels))
