"""The backward graph's public face: nodes, edges, saved variables, hooks.

A node keeps its inputs as an ordered tuple of ``(node, output_nr)`` edges, with
duplicates (``x * x`` has two edges) and ``(None, 0)`` for inputs that need no
gradient, exactly as torch's ``next_functions`` shows them. Saved tensors are
read through ``_saved_<name>`` attributes, as torch names them.
"""
from __future__ import annotations

import functools
import itertools
import weakref
from collections import namedtuple

import numpy as np

from .. import dtypes, errors
from ..device import device
from ..hooks import RemovableHandle, add_hook
from ..torch_class_names import default_repr
from ..tensor import NO_GRAD_VIEW, Size, Tensor, TensorExtras, make, refresh_view_grad_fn
from .anomaly_mode import is_anomaly_enabled
from .grad_mode import no_grad, mode as _grad_state

__all__ = [
    "GradientEdge", "Node", "allow_mutation_on_saved_tensors", "disable_saved_tensors_hooks", "get_gradient_edge",
    "increment_version", "register_multi_grad_hook", "save_on_cpu", "saved_tensors_hooks",
]

_seq = itertools.count()
NO_EDGE = (None, 0)
# -- saved tensors ---------------------------------------------------------------------------

saved_hooks_stack: list = []   # (pack, unpack) pairs pushed by graph.saved_tensors_hooks
hooks_disabled: list = [None]  # the error message set by disable_saved_tensors_hooks, None when allowed
hooks_entered = [False]        # whether any saved_tensors_hooks block ever ran (hooked values may exist)
FREED = object()
_NO_OP = type("_NoOp", (), {"nondiff_outputs": ()})   # nodes not made from an op record (custom Functions)


class SavedVariable:
    """A tensor saved for backward, stamped with its version at save time.

    Inputs are kept by reference (``x is y.grad_fn._saved_self``); an op's own
    output is kept as data only and rebuilt on unpack, so the graph holds no
    cycle through it (torch does the same: ``y is y.grad_fn._saved_result`` is False).
    """

    __slots__ = ("tensor", "data", "vc", "version", "output_nr", "nonleaf")

    def __init__(self, tensor, output_nr: int = -1):
        vc = tensor._vc
        if vc is None:
            raise errors.GraphError(errors.INFERENCE_SAVED)
        self.vc = vc
        self.version = vc[0]
        self.output_nr = output_nr
        if output_nr >= 0:
            self.tensor = None
            self.data = tensor._data
        else:
            self.tensor = tensor
            self.data = None
            self.nonleaf = tensor._grad_fn is not None   # read only while ``tensor`` is kept

    def detached(self) -> bool:
        """Whether the kept input, made by an op, lost its history to ``detach_()`` since (torch refuses it)."""
        t = self.tensor
        return t is not None and t._grad_fn is None and self.nonleaf

    def _check(self, node) -> None:
        if self.tensor is None and self.data is None:
            raise errors.GraphError(errors.BACKWARD_TWICE)
        if self.vc[0] != self.version:
            raise errors.GraphError(_first_stale(node, self)._modified_message(node))
        if self.detached():
            raise errors.GraphError("Trying to use a saved tensor that has been detached in-place, i.e. with "
                                    ".detach_().This is not supported, please use out-of-place `.detach()` instead")

    def array(self, node):
        """The saved value as an ndarray, for formulas that run without a graph."""
        self._check(node)
        return self.data if self.tensor is None else self.tensor._data

    def unpack(self, node):
        """The saved value as a Tensor that carries its graph (for create_graph)."""
        self._check(node)
        if self.tensor is not None:
            return self.tensor
        if self.output_nr in getattr(node, "op", _NO_OP).nondiff_outputs:   # an index, a buffer: no graph
            return make(self.data, None, 0, False, self.vc)
        return make(self.data, node, self.output_nr, True, self.vc)

    def release(self) -> None:
        self.tensor = self.data = None

    def _modified_message(self, node) -> str:
        t = self.tensor
        data = t._data if t is not None else self.data
        if t is None:
            where = f", which is output {self.output_nr} of {_forward_name(node)},"
        elif t._grad_fn is not None:     # torch names the tensor's grad_fn now (a view's regenerated one)
            x, before = t._x, t._grad_fn
            stale = t._base is not None and x is not None and x.view_steps is not None and x.view_version != self.vc[0]
            fn = t.grad_fn
            # torch regenerates a stale view's grad_fn as AsStridedBackward0, in any grad mode
            where = f", which is output {t._output_nr} of {'AsStrided' if stale and fn is before else _forward_name(fn)},"
        else:
            where = ""
        hint = ("Hint: the backtrace further above shows the operation that failed to compute its gradient. "
                "The variable in question was changed in there or anywhere later. Good luck!"
                if is_anomaly_enabled() else
                "Hint: enable anomaly detection to find the operation that failed to compute its gradient, "
                "with torch.autograd.set_detect_anomaly(True, check_nan=False).")
        return ("one of the variables needed for gradient computation has been modified by an inplace "
                f"operation: [{'CPUBoolType' if data.dtype == bool else f'torch.{dtypes.scalar_type_name(data.dtype)}Tensor'} "
                f"{list(data.shape)}]"
                f"{where} is at version {self.vc[0]}; expected version {self.version} instead. {hint}")


def _first_stale(node, stale: SavedVariable) -> SavedVariable:
    """The modified saved tensor torch's node unpacks first, which its error names: a binary op's
    ``other`` (mm's ``mat2``) before ``self``; else the one found."""
    op = getattr(node, "op", _NO_OP)
    saves = getattr(op, "saves", ())
    order = getattr(op, "unpack_order", ()) or (("other", "self") if saves[:2] == ("self", "other") else ())
    for name in order:
        s = node._saved[saves.index(name)]
        if isinstance(s, SavedVariable) and s.vc is not None and s.vc[0] != s.version \
                and (s.tensor is not None or s.data is not None):
            return s
    return stale


def _forward_name(node) -> str:
    """torch's Node::forward_op_name, the op and not the node in this message: ``SigmoidBackward0`` ->
    ``Sigmoid``, ``PowBackward1`` -> ``Pow1`` (a suffix other than digits keeps the whole name)."""
    name = node.name()
    cut = name.rfind("Backward")
    suffix = name[cut + 8:]
    if cut < 0 or not suffix.isdigit() and suffix:
        return name
    return name[:cut] + ("" if suffix in ("0", "") else suffix)


class SavedScalar:
    """A Python number an op saved where torch saves a wrapped 0-d tensor (``x * 2`` saves ``2``):
    freed with the graph like any saved tensor, so a second backward fails as torch's does."""

    __slots__ = ("value", "freed")

    def __init__(self, value):
        self.value = value
        self.freed = False

    def get(self):
        if self.freed:
            raise errors.GraphError(errors.BACKWARD_TWICE)
        return self.value

    def release(self) -> None:
        self.freed = True


class HookedSavedVariable(SavedVariable):
    """A saved tensor that went through a ``saved_tensors_hooks`` pack hook. What the unpack hook
    returns is given the saved tensor's place in the graph, as torch does (a pack hook that detaches
    must not cut the graph a double backward follows)."""

    __slots__ = ("packed", "unpack_hook", "fetched", "origin")

    def __init__(self, tensor, output_nr: int, pack, unpack, packed_value=None):
        super().__init__(tensor, output_nr)
        self.unpack_hook = unpack
        self.origin = _graph_place(tensor, output_nr)
        with no_grad():      # torch runs pack hooks without recording (what they compute has no grad_fn)
            self.packed = pack(tensor if packed_value is None else packed_value)
        self.tensor = self.data = None
        self.fetched = None

    def prefetch(self, node) -> None:
        """Run the unpack hook now (a node unpacks its hooked values in the order it packed them, as
        torch's); the next ``unpack`` returns this value."""
        self.fetched = self.unpack(node)

    def _check(self, node) -> None:
        if self.packed is FREED:
            raise errors.GraphError(errors.BACKWARD_TWICE)

    def array(self, node):
        return self.unpack(node)._data

    def unpack(self, node):
        if self.fetched is not None:
            value, self.fetched = self.fetched, None
            return value
        self._check(node)
        value = self.unpack_hook(self.packed)
        if not isinstance(value, Tensor):
            raise TypeError("Output of saved tensor unpack_hook expected to be a Tensor but got "
                            f"result of type {type(value).__name__}")
        origin = self.origin
        if origin is None:
            return value
        if origin == "output":
            if self.output_nr in getattr(node, "op", _NO_OP).nondiff_outputs:
                return value
            return make(value._data, node, self.output_nr, True, value._vc)
        if isinstance(origin, AccumulateGrad):      # a leaf: a tensor whose gradient reaches the leaf's .grad
            out = make(value._data, None, 0, True, value._vc)
            out._x = TensorExtras()
            out._x.accum = origin
            return out
        fn, nr = origin
        return make(value._data, fn, nr, True, value._vc)

    def release(self) -> None:
        self.packed = FREED


def _graph_place(tensor, output_nr: int):
    """Where a saved tensor sits in the graph: "output" (the node's own result), the leaf's
    AccumulateGrad, (grad_fn, output_nr), or None (it needs no gradient)."""
    if output_nr >= 0:
        return "output"
    if not tensor._requires_grad:
        return None
    fn, nr = edge(tensor)
    return None if fn is None else fn if isinstance(fn, AccumulateGrad) else (fn, nr)


class SavedTensor:
    """torch's ``node._raw_saved_<name>``: a handle on one saved tensor. ``register_hooks(pack,
    unpack)`` packs it at once and unpacks it at every later read (backward, ``_saved_<name>``)."""

    __slots__ = ("_node", "_index")

    def __init__(self, node, index: int):
        self._node = node
        self._index = index

    def register_hooks(self, pack_hook, unpack_hook) -> None:
        if not callable(pack_hook) or not callable(unpack_hook):
            raise TypeError("register_hooks(): incompatible function arguments. The following argument types are "
                            "supported:\n    1. (self: torch._C._autograd.SavedTensor, arg0: "
                            "collections.abc.Callable, arg1: collections.abc.Callable) -> None")
        node, i = self._node, self._index
        saved = node._saved[i]
        if isinstance(saved, HookedSavedVariable):
            if saved.packed is FREED:
                raise errors.GraphError(_FREED_HOOKS)
            raise errors.GraphError("Calling register_hooks on a saved tensor whose hooks have already been set. "
                                    "Hint: only one pair of hooks is allowed at a time.")
        if saved.tensor is None and saved.data is None:
            raise errors.GraphError(_FREED_HOOKS)
        tensor = saved.unpack(node)
        hooked = HookedSavedVariable(tensor, saved.output_nr, pack_hook, unpack_hook, packed_value=tensor.detach())
        hooks_entered[0] = True
        saved_values = tuple(node._saved)
        node._saved = saved_values[:i] + (hooked,) + saved_values[i + 1:]

    def __repr__(self) -> str:
        return f"<torch._C._autograd.SavedTensor object at {id(self):#x}>"


_FREED_HOOKS = ("Calling register_hooks on a saved tensor after it has been freed. Saved intermediate values of the "
                "graph are freed when you call .backward() or autograd.grad(). Specify retain_graph=True if you "
                "need to backward through the graph a second time or if you need to access saved variables after "
                "calling backward.")


class SavedIndexList(SavedVariable):
    """An index list (aten::index's ``indices``) whose tensor entries are saved as tensors are: each
    version-checked and packed by saved-tensor hooks; other entries (None, arrays) kept as they are."""

    __slots__ = ("items",)

    def __init__(self, indices):
        self.items = tuple(save(i) if isinstance(i, Tensor) else i for i in indices)

    def array(self, node):
        return tuple(i.array(node) if isinstance(i, SavedVariable) else i for i in self.items)

    def unpack(self, node):
        return tuple(i.unpack(node) if isinstance(i, SavedVariable) else i for i in self.items)

    def release(self) -> None:
        for i in self.items:
            if isinstance(i, SavedVariable):
                i.release()


def save_param(value):
    """A param as a node keeps it: a tensor (an index, running statistics) or a list holding tensors is
    saved as torch saves tensors; anything else as it is."""
    if isinstance(value, Tensor):
        return save(value)
    if value.__class__ is tuple and any(isinstance(i, Tensor) for i in value):
        return SavedIndexList(value)
    return value


def save(tensor, output_nr: int = -1) -> SavedVariable:
    """Save a tensor for backward, through the innermost saved-tensor hooks if any."""
    if saved_hooks_stack:
        pack, unpack = saved_hooks_stack[-1]
        return HookedSavedVariable(tensor, output_nr, pack, unpack)
    return SavedVariable(tensor, output_nr)


# -- nodes ---------------------------------------------------------------------------------

def mark_tracked(t: Tensor) -> Tensor:
    """A leaf a transform (torch.func, autograd.functional) made to differentiate with respect to:
    a graph reaching it is the transform's own, not a captured tensor's (``captured``)."""
    x = t._x
    if x is None:
        x = t._x = TensorExtras()
    x.tracked = True
    return t


def captured(outputs) -> bool:
    """Whether the graph of ``outputs`` reaches a leaf that no transform made (a captured
    parameter that requires grad): results then keep their graph, as torch's do."""
    seen = set()
    stack = [o._grad_fn for o in outputs if isinstance(o, Tensor) and o._grad_fn is not None]
    while stack:
        fn = stack.pop()
        if fn is None or id(fn) in seen:
            continue
        seen.add(id(fn))
        if isinstance(fn, AccumulateGrad):
            x = fn.variable._x
            if x is None or not x.tracked:
                return True
            continue
        stack.extend(nxt for nxt, _ in fn.next_functions)
    return False


retaining: dict = {}   # id(tensor) -> (weakref, node, output_nr): where each retain_grad() tensor retains


def follow_retained() -> None:
    """A tensor that retains grad and was modified in place since retains the gradient of what it
    is now, as torch moves its retain_grad hook to the new grad_fn: move the stale ones."""
    for key, (ref, node, nr) in list(retaining.items()):
        t = ref()
        if t is None:
            del retaining[key]
            continue
        fn = t.grad_fn
        if fn is node and t._output_nr == nr:
            continue
        del retaining[key]
        kept = node._x.retained if node._x is not None else None
        if kept and kept.get(nr) is ref:
            del kept[nr]
        if fn is not None:
            fn.retain_output(t._output_nr, t)


class NodeExtras:
    """What few nodes carry: hooks, metadata, retained outputs, anomaly trace."""

    __slots__ = ("pre_hooks", "post_hooks", "tensor_hooks", "retained", "meta", "trace")

    def __init__(self):
        self.pre_hooks = self.post_hooks = self.tensor_hooks = self.retained = self.meta = self.trace = None


class Node:
    """Base of every backward node (``AddBackward0``, ``AccumulateGrad``, custom Functions).

    Subclasses implement ``apply(grads, m)``: given one gradient per output (or
    None), return one gradient per edge in ``next_functions``.
    """

    __slots__ = ("next_functions", "_seq", "_x", "__weakref__")

    def name(self) -> str:
        return type(self).__name__

    @property
    def _extras(self) -> NodeExtras:
        if self._x is None:
            self._x = NodeExtras()
        return self._x

    @property
    def metadata(self) -> dict:
        x = self._extras
        if x.meta is None:
            x.meta = {}
        return x.meta

    def register_hook(self, fn) -> RemovableHandle:
        """``fn(grad_inputs, grad_outputs)`` runs after the node; it may return new grad_inputs."""
        x = self._extras
        if x.post_hooks is None:
            x.post_hooks = {}
        return add_hook(x.post_hooks, fn)

    def register_prehook(self, fn) -> RemovableHandle:
        """``fn(grad_outputs)`` runs before the node; it may return new grad_outputs."""
        x = self._extras
        if x.pre_hooks is None:
            x.pre_hooks = {}
        return add_hook(x.pre_hooks, fn)

    def add_tensor_hook(self, output_nr: int, fn) -> RemovableHandle:
        x = self._extras
        if x.tensor_hooks is None:
            x.tensor_hooks = {}
        return add_hook(x.tensor_hooks.setdefault(output_nr, {}), fn)

    def retain_output(self, output_nr: int, tensor) -> None:
        x = self._extras
        if x.retained is None:
            x.retained = {}
        ref = x.retained[output_nr] = weakref.ref(tensor)
        retaining[id(tensor)] = (ref, self, output_nr)

    num_outputs = 1
    saves_nothing = False   # a record's node that keeps no saved value: the pass skips its release()

    def release(self) -> None:
        """Free saved values after a backward without retain_graph."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} object at {id(self):#x}>"

    def _init(self, edges: tuple) -> None:
        self.next_functions = edges
        self._seq = next(_seq)
        self._x = None


class NotImplementedNode(Node):
    """torch's node for an op it has no derivative for (floor_divide): the graph goes on through it
    and a backward that reaches it raises torch's error."""

    __slots__ = ("op_name",)

    def __init__(self, op_name: str, edges: tuple):
        self._init(edges)
        self.op_name = op_name

    def name(self) -> str:
        return "torch::autograd::NotImplemented"

    def apply(self, grads, m):
        raise errors.AutogradError(f"derivative for aten::{self.op_name} is not implemented")


NotImplementedNode.__name__ = NotImplementedNode.__qualname__ = "NotImplemented"   # torch's repr


def without_derivative(out: Tensor, op_name: str, inputs) -> Tensor:
    """``out`` of an op torch does not differentiate: under grad mode, with inputs that require grad,
    it hangs from a NotImplemented node (else it would pass for a constant, or an in-place write
    would keep the old history and give a wrong gradient)."""
    wanted = [t for t in inputs if isinstance(t, Tensor) and t._requires_grad]
    if not _grad_state().grad or not wanted or out._grad_fn is not None:
        return out
    return make(out._data, NotImplementedNode(op_name, tuple(edge(t) for t in wanted)), 0, True)


class AccumulateGrad(Node):
    """The sink of a leaf that requires grad: adds the incoming gradient into ``variable.grad``."""

    __slots__ = ("variable",)

    def __init__(self, variable):
        self._init(())
        self._seq = float("inf")  # torch runs accumulation as soon as it is ready
        self.variable = variable

    def name(self) -> str:
        return "torch::autograd::AccumulateGrad"

    @property
    def _input_metadata(self) -> tuple:
        d = self.variable._data
        return (InputMetadata(d.shape, d.dtype),)


def dependencies(roots) -> dict:
    """How many edges enter each node reachable from the roots (no recursion)."""
    deps = {}
    seen = []
    for fn in roots:
        if fn is not None and fn not in deps:
            deps[fn] = 0
            seen.append(fn)
    push = seen.append
    # a list walked while it grows, not a stack: a stack that a chain keeps emptying and refilling
    # reallocates its storage twice per node (a quarter of this walk's cost)
    for fn in seen:
        for nxt, _ in fn.next_functions:
            if nxt is not None:
                if nxt in deps:
                    deps[nxt] += 1
                else:
                    deps[nxt] = 1
                    push(nxt)
    return deps


def topological_order(roots, deps: dict | None = None) -> list:
    """Every node reachable from ``roots``, each after all nodes that feed it gradients (Kahn's
    algorithm with dependency counts: no recursion, so a chain of a million nodes is fine).
    The backward pass and the graph report share it."""
    indeg = dict(deps if deps is not None else dependencies(roots))
    order = [fn for fn in dict.fromkeys(r for r in roots if r is not None) if indeg[fn] == 0]
    i = 0
    while i < len(order):
        for nxt, _ in order[i].next_functions:
            if nxt is not None:
                indeg[nxt] -= 1
                if indeg[nxt] == 0:
                    order.append(nxt)
        i += 1
    return order


class InputMetadata:
    """Shape and dtype of one gradient a node receives (torch's ``_InputMetadata``)."""

    __slots__ = ("shape", "dtype")

    def __init__(self, shape, npdtype):
        self.shape = Size(shape)
        self.dtype = dtypes.from_numpy_dtype(npdtype)

    @property
    def device(self):
        return device("cpu")

    def __repr__(self) -> str:
        return f"InputMetadata(shape={self.shape}, dtype={self.dtype})"


def accumulator(t: Tensor) -> AccumulateGrad:
    """The leaf's AccumulateGrad node, made once and reused, as torch does."""
    x = t._x
    if x is None:
        x = t._x = TensorExtras()
    acc = x.accum
    if acc is None:
        acc = x.accum = AccumulateGrad(t)
    return acc


def edge(t: Tensor) -> tuple:
    """The graph edge an op records for input ``t``."""
    if t._base is not None:
        refresh_view_grad_fn(t)
    fn = t._grad_fn
    if fn is not None:
        return (fn, t._output_nr)
    if t._requires_grad:
        x = t._x
        if x is not None and x.creation_meta is NO_GRAD_VIEW:
            return NO_EDGE   # a view made under no_grad: it requires grad but has no history (torch)
        return (accumulator(t), 0)
    return (None, 0)


GradientEdge = namedtuple("GradientEdge", ["node", "output_nr", "ownership_token"], defaults=(None,))
GradientEdge.__doc__ = "An edge of the graph: autograd.grad's inputs may name one in place of a tensor."


def get_gradient_edge(tensor: Tensor) -> GradientEdge:
    """The edge an op would record for ``tensor``: the gradient flowing there, even after an in-place
    op has moved the tensor itself to a newer node."""
    if not tensor._requires_grad:
        raise errors.AutogradError("It is not possible to get the gradient edge for a Tensor that does not "
                                   "require gradients")
    return GradientEdge(*edge(tensor))    # (torch's token keeps a custom Function's node alive: not needed here)


# -- saved-tensor hooks and multi-grad hooks ------------------------------------------------
# While a ``saved_tensors_hooks`` context is active, every tensor an op saves for backward goes
# through ``pack_hook`` at once, and the backward gets ``unpack_hook(packed)`` back when it reads
# it. The hooks live on ``saved_hooks_stack`` (innermost wins) and ``save`` applies them.

def increment_version(tensor) -> None:
    """Count a write autograd did not see (a kernel writing through ``.data`` or numpy), so that a
    saved value read later is refused as stale; an inference tensor has no counter to bump."""
    if isinstance(tensor, Tensor):
        tensors = (tensor,)
    else:
        try:
            tensors = tuple(tensor)
        except TypeError:
            raise errors.AutogradError("increment_version expect a Iterable[Tensor] as input") from None
        if not all(isinstance(t, Tensor) for t in tensors):
            raise errors.AutogradError("increment_version expects each element of the iterable to be a tensor")
    for t in tensors:
        if t._vc is not None:
            t._vc[0] += 1


class saved_tensors_hooks:
    """``with saved_tensors_hooks(pack, unpack): ...``"""

    __repr__ = default_repr

    def __init__(self, pack_hook, unpack_hook):
        self.pack_hook = pack_hook
        self.unpack_hook = unpack_hook

    def __enter__(self) -> "saved_tensors_hooks":
        if hooks_disabled[0] is not None:
            raise RuntimeError(hooks_disabled[0])
        saved_hooks_stack.append((self.pack_hook, self.unpack_hook))
        hooks_entered[0] = True
        return self

    def __exit__(self, *exc) -> bool:
        saved_hooks_stack.pop()
        return False


class disable_saved_tensors_hooks:
    """Inside it, entering saved_tensors_hooks raises RuntimeError(error_message); like torch, disabling
    while such hooks are active raises at once. A context manager and a decorator."""

    __repr__ = default_repr

    def __init__(self, error_message: str):
        self.error_message = error_message

    def __enter__(self) -> None:
        self._prev = hooks_disabled[0]
        hooks_disabled[0] = self.error_message
        if saved_hooks_stack:
            hooks_disabled[0] = self._prev
            raise RuntimeError(self.error_message)

    def __exit__(self, *exc) -> bool:
        hooks_disabled[0] = self._prev
        return False

    def __call__(self, fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            with disable_saved_tensors_hooks(self.error_message):
                return fn(*args, **kwargs)
        return wrapper

    def __repr__(self) -> str:
        return f"<contextlib._GeneratorContextManager object at {id(self):#x}>"


class save_on_cpu(saved_tensors_hooks):
    """torch moves saved tensors to (pinned) CPU memory; gradcli's tensors live there already."""

    def __init__(self, pin_memory: bool = False, device_type: str = "cuda"):
        super().__init__(lambda t: t, lambda t: t)


# Called with the tensor an in-place op is about to write and the op (allow_mutation_on_saved_tensors,
# torch.func's grad transforms)
inplace_watchers: list = []


class allow_mutation_on_saved_tensors:
    """Inside it, an in-place op on a tensor saved for backward first copies what was saved, so the
    backward pass uses the values from before the write (torch's clone-on-write) instead of failing."""

    def __enter__(self):
        self._packed: list = []
        self._hooks = saved_tensors_hooks(self._pack, self._unpack)
        self._hooks.__enter__()
        inplace_watchers.append(self._before_write)
        return self

    def __exit__(self, *exc) -> bool:
        inplace_watchers.remove(self._before_write)
        self._hooks.__exit__(*exc)
        return False

    def _pack(self, tensor):
        entry = [tensor, None]          # the tensor, and its copy once something writes to it
        self._packed.append(entry)
        return entry

    @staticmethod
    def _unpack(entry):
        tensor, copy = entry
        return tensor if copy is None else copy

    def _before_write(self, target, op) -> None:
        data = target._data
        for entry in self._packed:
            if entry[1] is None and np.may_share_memory(entry[0]._data, data):
                entry[1] = entry[0].detach().clone()


# Callbacks to run when the innermost running backward pass ends (torch's queue_callback); the
# engine's backward pushes a BackwardTask when it starts and runs its callbacks when it finishes.
backward_tasks: list = []


class BackwardTask(list):
    """A running backward pass: the callbacks queued for its end, and which nodes it will run
    (``deps``: those reachable from its ``roots``, counted when first asked if the pass did not count
    them; ``needed``: those on a path to autograd.grad's inputs)."""

    __slots__ = ("roots", "deps", "needed")

    def __init__(self, roots, deps: dict | None = None, needed=None):
        super().__init__()
        self.roots, self.deps, self.needed = roots, deps, needed

    def will_execute(self, node) -> bool:
        """torch._C._will_engine_execute_node."""
        if self.deps is None:
            self.deps = dependencies(self.roots)
        return node in self.deps and (self.needed is None or node in self.needed)


def queue_callback(fn) -> None:
    """Run ``fn()`` when the backward pass now running finishes."""
    if not backward_tasks:
        raise RuntimeError("Final callbacks can only be installed during backward pass.")
    backward_tasks[-1].append(fn)


def register_multi_grad_hook(tensors, fn, *, mode: str = "all"):
    """``mode="all"``: ``fn(grads)`` once per backward that reaches any of the tensors, with ``None``
    for those whose gradient that backward did not compute; ``mode="any"``: ``fn(grad)`` with the
    first gradient computed, once per backward."""
    if mode not in ("all", "any"):
        raise ValueError(f"Expects mode to be one of ('all', 'any') but got {mode}")
    tensors = tuple(tensors)
    hooked = [i for i, t in enumerate(tensors) if t.requires_grad]
    nodes = [edge(tensors[i])[0] for i in hooked]
    state = {"grads": None, "fired": False, "expected": 0}

    def finish():
        state["grads"], state["fired"] = None, False

    def make_hook(i):
        def hook(grad):
            if mode == "any":
                if not state["fired"]:
                    state["fired"] = True
                    queue_callback(finish)
                    fn(grad)
                return None
            if state["grads"] is None:     # torch's: fn runs once the gradients this pass computes are in
                task = backward_tasks[-1]
                state["grads"], state["expected"] = {}, sum(task.will_execute(n) for n in nodes)
                queue_callback(finish)
            state["grads"][i] = grad
            if len(state["grads"]) == state["expected"]:
                fn([state["grads"].get(k) for k in range(len(tensors))])
            return None
        return hook

    return _MultiHandle([tensors[i].register_hook(make_hook(i)) for i in hooked])


class _MultiHandle:
    """The handle of a multi-grad hook: ``remove()`` takes every per-tensor hook out."""

    __repr__ = default_repr

    def __init__(self, handles):
        self.handles = handles

    def remove(self) -> None:
        for h in self.handles:
            h.remove()
