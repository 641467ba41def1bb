"""How deep the running transforms are nested, and how a transform tracks its inputs.

Each transform differentiates with respect to fresh aliases of its inputs, never the caller's
tensors themselves, so nested transforms cannot confuse their perturbations: in
``grad(lambda x: x * grad(lambda y: x * y)(x))`` the inner gradient is taken with respect to the
inner alias of x only (the classic example gives torch's 6 at x = 3, not 9).
"""
from __future__ import annotations

from .. import errors, instrumentation
from ..autograd.grad_mode import mode as _mode
from ..autograd.graph import AccumulateGrad, _seq as graph_seq, inplace_watchers, mark_tracked
from ..tensor import Tensor
from ..tensor_methods import plain_requires_grad_
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
        self.start = None if self.dual is not None else next(graph_seq)
        self.entry = (lvl, self.start, self.ids, self.dual)
        self.first_module = next(instrumentation.module_count)    # later modules are the function's own
        instrumentation.grad_levels.append(self.entry)
        inplace_watchers.append(self._before_write)

    def __exit__(self, *exc):
        inplace_watchers.remove(self._before_write)
        instrumentation.grad_levels.pop()
        return False

    def _before_write(self, target, op) -> None:
        """torch refuses an in-place op, at the innermost level, on a tensor the function captured
        rather than took as an argument or made; gradcli recognises captured module state (a
        buffer or parameter of a module made before the level: BatchNorm's num_batches_tracked
        under functional_call given the parameters only). A captured plain tensor is not caught."""
        if instrumentation.grad_levels[-1] is not self.entry:
            return
        base = target._base if target._base is not None else target
        if id(target) in self.ids or id(base) in self.ids:
            return
        fn = target._grad_fn
        if fn is not None and self.start is not None and fn._seq >= self.start:
            return
        if _module_state(base, self.first_module):
            raise RuntimeError(f"During a grad (vjp, jvp, grad, etc) transform, the function provided attempted to "
                               f"call in-place operation ({_aten_inplace(op)}) that would mutate a captured Tensor. "
                               f"This is not supported; please rewrite the function being transformed to explicitly "
                               f"accept the mutated Tensor(s) as inputs.")


def _module_state(t, before: int) -> bool:
    """Whether ``t`` is a buffer or parameter of a module made before number ``before``."""
    for module, number in list(instrumentation.modules.items()):
        if number < before:
            state = module.__dict__
            if any(v is t for table in ("_buffers", "_parameters") for v in state.get(table, {}).values()):
                return True
    return False


def _aten_inplace(op) -> str:
    """torch's name of the in-place overload (``aten::add_.Tensor``: Python numbers are wrapped)."""
    base, _, overload = op.name.partition(".")
    if base in ("add", "sub", "mul", "div"):
        return f"aten::{base}_.Tensor"
    if base == "fill_":
        overload = overload or "Scalar"
    return f"aten::{base if base.endswith('_') else base + '_'}" + (f".{overload}" if overload else "")


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
        return alias if alias._requires_grad else mark_tracked(plain_requires_grad_(alias))
    return mark_tracked(plain_requires_grad_(t.detach()))




def connected(t) -> bool:
    """Whether an outer transform or autograd follows ``t``: it requires grad, or carries a tangent."""
    if t._requires_grad and _mode().grad:
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
