"""How deep the running transforms are nested, and how a transform tracks its inputs.

Each transform differentiates with respect to fresh aliases of its inputs, never the caller's
tensors themselves, so nested transforms cannot confuse their perturbations: in
``grad(lambda x: x * grad(lambda y: x * y)(x))`` the inner gradient is taken with respect to the
inner alias of x only (the classic example gives torch's 6 at x = 3, not 9).
"""
from __future__ import annotations

from .. import errors, instrumentation
from ..autograd.grad_mode import state as _mode
from ..autograd.graph import AccumulateGrad, _seq as graph_seq, mark_tracked
from ..tensor import Tensor
from . import batched, pytree


class level:
    """``with level():`` marks a transform running, so the ones inside it keep their graphs."""

    def __enter__(self):
        instrumentation.transforms += 1

    def __exit__(self, *exc):
        instrumentation.transforms -= 1
        return False


class grad_tracking:
    """``with grad_tracking(args):`` inside grad/vjp/jvp/jacfwd, once their inputs are tracked: every
    tensor among the function's ``args`` and what it computes from them (a node made after the level
    began; at a forward-mode ``dual`` level, a tensor carrying a tangent there) print as torch's
    GradTrackingTensor(lvl=N, value=...)."""

    def __init__(self, args, dual: int | None = None):
        self.ids = frozenset(id(getattr(t, "_phys", t)) for t in pytree.flatten(list(args))[0]
                             if isinstance(t, Tensor))
        self.dual = dual

    def __enter__(self):
        lvl = instrumentation.transforms + len(batched.active)
        start = None if self.dual is not None else next(graph_seq)
        instrumentation.grad_levels.append((lvl, start, self.ids, self.dual))

    def __exit__(self, *exc):
        instrumentation.grad_levels.pop()
        return False


def nested() -> bool:
    return instrumentation.transforms > 0


def track(t) -> Tensor:
    """A new tensor to differentiate with respect to (see ``_track``); inside vmap, batched at every
    running level, so the gradient has one entry per example."""
    if batched.active:
        if isinstance(t, batched.BatchedTensor) and len(t._lv) == len(batched.active):
            b = t
        else:
            b = batched.materialize(t, not isinstance(t, Tensor) or connected(t))
        return batched.wrap(_track(b._phys), b._lv)
    return _track(t)


def _track(t) -> Tensor:
    """A new tensor to differentiate with respect to, equal to ``t`` and (when ``t`` is itself
    tracked by an outer transform or autograd) still connected to it."""
    if not isinstance(t, Tensor):
        raise ValueError(f"Thing passed to transform API must be Tensor, got {type(t)}")
    if t._data.dtype.kind not in "fc":
        raise errors.AutogradError("only Tensors of floating point dtype can require gradients")
    if connected(t):
        alias = t.view_as(t)        # keeps t's graph and its forward-mode tangent (jacfwd(jacrev(f)))
        return alias if alias._requires_grad else mark_tracked(alias.requires_grad_())
    return mark_tracked(t.detach().requires_grad_())




def connected(t) -> bool:
    """Whether an outer transform or autograd follows ``t``: it requires grad, or carries a tangent."""
    if t._requires_grad and _mode.grad:
        return True
    x = t._x
    return bool(x is not None and x.tangents)


def keeps_graph(outputs, tracked, originals=(), outer: bool = False) -> bool:
    """Whether results must stay differentiable: inside another transform, when an input is followed
    from outside, or when the function also used tensors that require grad besides the tracked
    inputs (captured parameters). ``outer``: a transform was running when this one started."""
    if outer or any(isinstance(t, Tensor) and connected(t) for t in originals):
        return True
    own = {id(batched.phys_of(t)) for t in tracked}
    seen = set()
    stack = [o._grad_fn for o in outputs if isinstance(o, Tensor) and o._grad_fn is not None]
    while stack:
        fn = stack.pop()
        if fn is None or id(fn) in seen:
            continue
        seen.add(id(fn))
        if isinstance(fn, AccumulateGrad):
            if id(fn.variable) not in own:
                return True
            continue
        stack.extend(nxt for nxt, _ in fn.next_functions)
    return False
