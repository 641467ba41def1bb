"""Saved-tensor hooks (``torch.autograd.graph.saved_tensors_hooks``, ``save_on_cpu``).

While the context is active, every tensor an op saves for backward goes
through ``pack_hook`` at once, and the backward gets ``unpack_hook(packed)``
back when it reads it. The engine keeps the hooks on
``graph.saved_hooks_stack`` (innermost wins) and applies them in ``graph.save``.
"""
from __future__ import annotations

from .graph import saved_hooks_stack


class saved_tensors_hooks:
    """``with saved_tensors_hooks(pack, unpack): ...``"""

    def __init__(self, pack_hook, unpack_hook):
        self.pack_hook = pack_hook
        self.unpack_hook = unpack_hook

    def __enter__(self) -> "saved_tensors_hooks":
        saved_hooks_stack.append((self.pack_hook, self.unpack_hook))
        return self

    def __exit__(self, *exc) -> bool:
        saved_hooks_stack.pop()
        return False


class save_on_cpu(saved_tensors_hooks):
    """torch moves saved tensors to (pinned) CPU memory; gradcli's tensors live there already."""

    def __init__(self, pin_memory: bool = False, device_type: str = "cuda"):
        super().__init__(lambda t: t, lambda t: t)


def register_multi_grad_hook(tensors, fn, *, mode: str = "all"):
    """``mode="all"``: ``fn(grads)`` once every tensor's gradient of a backward is known; ``mode="any"``:
    ``fn(grad)`` with the first one. gradcli's engine has no end-of-backward callback, so "all" fires
    when each hooked tensor has received its gradient (torch also fires, with None, for tensors the
    backward did not reach)."""
    if mode not in ("all", "any"):
        raise ValueError(f"Expects mode to be one of ('all', 'any') but got {mode}")
    tensors = tuple(tensors)
    hooked = [i for i, t in enumerate(tensors) if t.requires_grad]
    state = {"grads": {}, "fired": False}

    def make_hook(i):
        def hook(grad):
            if mode == "any":
                if not state["fired"]:
                    state["fired"] = True
                    fn(grad)
                return None
            state["grads"][i] = grad
            if len(state["grads"]) == len(hooked):
                grads = tuple(state["grads"].get(k) for k in range(len(tensors)))
                state["grads"] = {}
                fn(grads)
            return None
        return hook

    return _MultiHandle([tensors[i].register_hook(make_hook(i)) for i in hooked])


class _MultiHandle:
    """The handle of a multi-grad hook: ``remove()`` takes every per-tensor hook out."""

    def __init__(self, handles):
        self.handles = handles

    def remove(self) -> None:
        for h in self.handles:
            h.remove()
