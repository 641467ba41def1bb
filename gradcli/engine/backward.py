"""The backward pass: dependency counting and a ready queue, never recursion.

Nodes run in torch's order (highest sequence number first among the ready
ones, AccumulateGrad as soon as it is ready); gradients meeting at a node are
summed before it runs; leaf gradients accumulate into ``.grad``. A chain of a
million nodes runs in a loop, not a call stack.
"""
from __future__ import annotations

import heapq
import sys
import warnings
from itertools import cycle, repeat

import numpy as np

from . import dtypes, errors
from . import instrumentation as _inst
from .autograd.anomaly_mode import AnomalyError
from .autograd.grad_mode import enable_grad, no_grad, own_mode
from .autograd.graph import (
    AccumulateGrad, BackwardTask, GradientEdge, Node, backward_tasks, dependencies, edge, follow_retained, retaining,
    topological_order,
)
from .backend import numpy_math, numpy_math_batched
from .dispatch import set_vjp_of
from .ops.copy import copy_
from . import sparse
from .tensor import Tensor, _warned, make
from .tensor_math import TensorMath

_asarray = np.asarray


def _as_tuple(x) -> tuple:
    if x is None:
        return ()
    if isinstance(x, Tensor):
        return (x,)
    return tuple(x)


def _root_grads(outputs: tuple, grads, batched: bool) -> list:
    """Check or create the gradients the pass starts from (torch's ``_make_grads``)."""
    if grads is None or isinstance(grads, Tensor):
        grads = (grads,) * len(outputs) if grads is None else (grads,)
    grads = list(grads)     # torch's tuple(): a bare number raises "'float' object is not iterable"
    if len(grads) < len(outputs):   # torch ignores extra gradients but not missing ones
        raise errors.AutogradError(f"got {len(outputs)} tensors and {len(grads)} gradients")
    out = []
    for i, (t, g) in enumerate(zip(outputs, grads)):
        if not isinstance(t, Tensor):
            raise TypeError(f"outputs[{i}] must be a Tensor, not {type(t).__name__}")
        if g is None:
            if t._requires_grad:
                if t._data.size != 1:
                    raise errors.GraphError(errors.SCALAR_ONLY)
                if t._data.dtype.kind != "f":
                    raise errors.GraphError(f"grad can be implicitly created only for real scalar outputs but "
                                            f"got {t.dtype}")
                data = t._data   # (a 0-d loss: np.array, a step cheaper than np.ones' Python wrapper)
                g = make(np.array(1, data.dtype) if data.shape == () else np.ones(data.shape, data.dtype))
            out.append(g)
            continue
        if not isinstance(g, Tensor):
            raise TypeError(f"gradients can be either Tensors or None, but got {type(g).__name__}")
        if (g._data.dtype.kind == "c") != (t._data.dtype.kind == "c"):
            raise errors.AutogradError(
                f"For complex Tensors, both grad_output and output are required to have the same dtype. Mismatch in "
                f"dtype: grad_output[{i}] has a dtype of {g.dtype} and output[{i}] has a dtype of {t.dtype}.")
        gshape = g._data.shape[1:] if batched else g._data.shape
        if gshape != t._data.shape:
            if batched:
                raise errors.ShapeError(
                    f"If `is_grads_batched=True`, we interpret the first dimension of each grad_output as the "
                    f"batch dimension. The sizes of the remaining dimensions are expected to match the shape of "
                    f"corresponding output, but a mismatch was detected: grad_output[{i}] has a shape of "
                    # torch strips the batch dim twice here (grad[0].shape[1:]): its message shows that
                    f"torch.Size({list(g._data.shape[2:])}) and output[{i}] has a shape of torch.Size("
                    f"{list(t._data.shape)}). If you only want some tensors in `grad_output` to be considered "
                    "batched, consider using vmap.")
            raise errors.ShapeError(f"Mismatch in shape: grad_output[{i}] has a shape of torch.Size("
                                    f"{list(g._data.shape)}) and output[{i}] has a shape of torch.Size("
                                    f"{list(t._data.shape)}).")
        out.append(g)
    return out


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, grad_variables=None,
             inputs=None) -> None:
    """``torch.autograd.backward``: accumulate d(tensors)/d(leaf) into each leaf's ``.grad``."""
    if (tensors.__class__ is Tensor and grad_tensors is None and grad_variables is None and inputs is None
            and not create_graph and tensors._grad_fn is not None and tensors._base is None):
        # every training loop's ``loss.backward()``: a scalar result of an op, the checks and steps below in short
        data = tensors._data
        if data.size != 1:
            raise errors.GraphError(errors.SCALAR_ONLY)
        if data.dtype.kind == "f":      # complex outputs: _root_grads' error
            g = np.array(1, data.dtype) if data.shape == () else np.ones(data.shape, data.dtype)
            retain = False if retain_graph is None else retain_graph
            if _inst.active or _inst.anomaly:
                run(((tensors._grad_fn, tensors._output_nr),), (make(g),), retain, False)
            else:
                _plain_pass(tensors._grad_fn, tensors._output_nr, g, retain)
            return
    if inputs is not None and not isinstance(inputs, Tensor) and len(inputs) == 0:
        raise errors.AutogradError("`inputs` argument to `backward()` cannot be empty.")
    outputs = _as_tuple(tensors)
    if grad_variables is not None:
        grad_tensors = grad_variables
    grads = _root_grads(outputs, grad_tensors, False)
    for i, t in enumerate(outputs):
        if not t._requires_grad:
            raise errors.GraphError(f"element {i} of tensors does not require grad and does not have a grad_fn")
    if retain_graph is None:
        retain_graph = create_graph
    inputs = _as_tuple(inputs)
    if inputs and not all(isinstance(t, Tensor) for t in inputs):
        raise TypeError("inputs to backward must be Tensors")
    for t in inputs:    # torch's engine calls retain_grad() on each input: a non-leaf keeps retaining
        t.retain_grad()
    if create_graph and not _warned["create_graph"]:
        _warned["create_graph"] = not _warned["always"]   # torch's TORCH_WARN_ONCE: once per process
        warnings.warn(CREATE_GRAPH_LEAK, UserWarning, stacklevel=3)
    run([edge(t) for t in outputs], grads, retain_graph, create_graph, targets=inputs or None,
        accumulate=True)


CREATE_GRAPH_LEAK = (
    "Using backward() with create_graph=True will create a reference cycle between the parameter and its gradient "
    "which can cause a memory leak. We recommend using autograd.grad when creating the graph to avoid this. If you "
    "have to use this function, make sure to reset the .grad fields of your parameters to None after use to break "
    "the cycle and avoid the leak. (Triggered internally at /__w/pytorch/pytorch/torch/csrc/autograd/engine.cpp:1307.)")


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False, only_inputs=True,
         allow_unused=None, is_grads_batched=False, materialize_grads=False):
    """``torch.autograd.grad``: return d(outputs)/d(inputs) without touching ``.grad``."""
    outs = _as_tuple(outputs)
    ins = (inputs,) if isinstance(inputs, GradientEdge) else _as_tuple(inputs)
    if allow_unused is None:
        allow_unused = materialize_grads
    elif materialize_grads and not allow_unused:
        raise ValueError("Expected allow_unused to be True or not passed when materialize_grads=True, "
                         "but got: allow_unused=False.")
    for t in ins:
        if not isinstance(t, (Tensor, GradientEdge)):
            raise TypeError(f"grad(): inputs must be Tensors, not {type(t).__name__}")
    pairs = [(t, g) for t, g in zip(outs, _root_grads(outs, grad_outputs, is_grads_batched))]
    if not ins:
        raise errors.AutogradError("`inputs` argument to `grad()` cannot be empty.")
    for i, (t, _) in enumerate(pairs):   # torch checks the outputs before the inputs
        if not t._requires_grad:
            raise errors.GraphError(f"element {i} of tensors does not require grad and does not have a grad_fn")
    for t in ins:
        if isinstance(t, Tensor) and not t._requires_grad:
            raise errors.GraphError("One of the differentiated Tensors does not require grad")
    if retain_graph is None:
        retain_graph = create_graph
    found = run([edge(t) for t, _ in pairs], [g for _, g in pairs], retain_graph, create_graph,
                targets=ins, accumulate=False, batched=is_grads_batched)
    result = []
    for i, (t, g) in enumerate(zip(ins, found)):
        if g is None:
            if not allow_unused:
                raise errors.GraphError(errors.UNUSED_INPUT.format(i))
            if materialize_grads:   # torch's zeros_like(input, requires_grad=create_graph), batched or not
                g = make(np.zeros(t._data.shape, t._data.dtype), requires_grad=bool(create_graph))
        result.append(g)
    return tuple(result)


def _vjp_of(formula, primals: tuple, cotangents: tuple, create_graph: bool) -> tuple:
    """dispatch.vjp_of: ``formula`` run on tensors (the primals themselves where they carry a graph to
    differentiate further, else fresh leaves of their values) and differentiated against the cotangents;
    arrays back (None for no gradient) unless create_graph."""
    with enable_grad():
        leaves = [p if create_graph and isinstance(p, Tensor) and p._requires_grad
                  else make(p._data if isinstance(p, Tensor) else p, requires_grad=True) for p in primals]
        outs = formula(TensorMath(0), *leaves)
        pairs = [(o, c if isinstance(c, Tensor) else make(c)) for o, c in zip(outs, cotangents)
                 if c is not None and o._requires_grad]
        if not pairs:
            return (None,) * len(primals)
        grads = grad([o for o, _ in pairs], leaves, [c for _, c in pairs], create_graph=create_graph,
                     allow_unused=True)
    return grads if create_graph else tuple(None if g is None else g._data for g in grads)


set_vjp_of(_vjp_of)


def _needed(deps: dict, roots, target_nodes: set) -> set:
    """Nodes that lie on a path from a root to a target (the rest need not run). A non-leaf
    target's own node runs only on the way to another target: as in torch, its gradient is
    captured as it arrives and the node (with the saved values it would free) is left alone."""
    order = topological_order(roots, deps)
    leads = set()     # nodes with a path to a target node below them
    needed = set()
    for fn in reversed(order):
        below = any(n in leads for n, _ in fn.next_functions if n is not None)
        if below or fn in target_nodes:
            leads.add(fn)
            if below or fn.__class__ is AccumulateGrad:
                needed.add(fn)
    return needed


def run(root_edges, root_grads, retain_graph, create_graph, targets=None, accumulate=True, batched=False):
    """Execute the graph below ``root_edges``. With ``targets`` (tensors), return their gradients and
    only run what leads to them; with ``accumulate`` write leaf (and target) gradients into ``.grad``."""
    nb = 1 if batched else 0
    m = TensorMath(nb) if create_graph else (numpy_math_batched if batched else numpy_math)
    tensor_mode = m.is_tensor
    if retaining:
        follow_retained()
    roots = [fn for fn, _ in root_edges]
    deps = dependencies(roots)

    captures = {}          # (node, output_nr) -> list of target indices
    found = [None] * (len(targets) if targets else 0)
    needed = None
    if targets is not None:
        for i, t in enumerate(targets):
            captures.setdefault(tuple(t[:2]) if isinstance(t, GradientEdge) else edge(t), []).append(i)
        needed = _needed(deps, roots, {fn for fn, _ in captures})

    buffers: dict = {}
    for (fn, nr), g in zip(root_edges, root_grads):
        if fn is None or g is None:
            continue
        g = g if tensor_mode else g._data
        _add(buffers, fn, nr, g)

    heap = []
    counter = 0
    for fn in dict.fromkeys(roots):
        if fn is not None and deps[fn] == 0:
            heap.append((-fn._seq, counter, fn, buffers.pop(fn, None)))   # a ready node carries its gradients
            counter += 1
    heapq.heapify(heap)
    anomaly = _inst.anomaly and _inst.check_nan
    hooked = _inst.active or _inst.anomaly  # profiler timing, anomaly-mode forward trace
    # callbacks queued while this pass runs (multi-grad hooks); a requested non-leaf's node counts as
    # executed there (torch's should_execute: needed or captured)
    backward_tasks.append(BackwardTask(roots, deps, needed if needed is None else needed | {fn for fn, _ in captures}))
    try:
        # inf * 0 and the like are part of torch's conventions (sqrt'(0) = inf): no numpy warnings
        with enable_grad() if create_graph else no_grad(), np.errstate(all="ignore"):
            _execute(heap, buffers, deps, needed, captures, found, targets, accumulate, retain_graph, m, hooked,
                     anomaly, counter)
    except BaseException:
        backward_tasks.pop()    # a failed pass runs no final callback, as in torch
        raise
    for callback in backward_tasks.pop():
        callback()
    if targets is None:
        return None
    if tensor_mode:
        return found
    buffers.clear()
    return [None if g is None else make(g if _exclusive(g) or sparse.is_coo(g) else np.array(g, copy=True))
            for g in found]


def _plain_pass(root, nr: int, g, retain_graph) -> None:
    """``run`` for ``loss.backward()`` with nothing watching the pass (no profiler or anomaly mode;
    a time limit is the loop's own): the same loop, entered with less setup (one root, ready at
    once, its dependencies counted only once the graph below it branches; grad mode and numpy's
    error state switched without their context objects)."""
    if retaining:
        follow_retained()
    if root.num_outputs != 1:
        buf = [None] * root.num_outputs
        buf[nr] = g
    else:
        buf = [g]
    backward_tasks.append(BackwardTask((root,)))
    mode = own_mode()
    flag, recording = mode.flag, mode.grad
    mode.flag = mode.grad = False    # no_grad
    quiet = _fp_state.set(_QUIET)
    try:
        _execute([(-root._seq, 0, root, buf)], {}, None, None, None, None, None, True, retain_graph, numpy_math,
                 False, False, 1)
    except BaseException:
        backward_tasks.pop()
        raise
    finally:
        _fp_state.reset(quiet)
        mode.flag, mode.grad = flag, recording
    for callback in backward_tasks.pop():
        callback()


class _NumpyErrstate:
    """numpy 1.x: its floating-point error state is not a context variable; np.errstate sets it."""

    @staticmethod
    def set(_):
        state = np.errstate(all="ignore")
        state.__enter__()
        return state

    @staticmethod
    def reset(state):
        state.__exit__(None, None, None)


try:    # numpy 2 keeps that state in a context variable: setting it is cheaper than entering np.errstate
    from numpy._core.umath import _extobj_contextvar as _fp_state, _make_extobj
    _QUIET = _make_extobj(all="ignore")
except ImportError:
    _fp_state, _QUIET = _NumpyErrstate, None


def _references(g) -> int:
    """CPython's count of references to ``g``, taken as ``_exclusive`` takes it."""
    return sys.getrefcount(g)


def _fresh_references() -> int:
    """The count ``_exclusive`` sees for an array that only ``found`` holds."""
    found = [np.empty(1)]
    return [_references(g) for g in found][0]


def _exclusive(g) -> bool:
    """A gradient nothing but the pass's own list refers to (not a view, not a grad_output the caller
    holds, not the same array as another result): handing it over needs no copy (a 1 MB copy is a
    page-faulting allocation: per-sample weight gradients spent a fifth of their time there)."""
    return g.__class__ is np.ndarray and g.base is None and sys.getrefcount(g) <= _FRESH_REFERENCES


INTERRUPT_EVERY = 64     # nodes between two looks at instrumentation.cap (whether the time check is due)
# One cycle for every pass (its place carries over from pass to pass): a new cycle per pass copied its
# 64 entries into a list first, which cost a script's small training step more than all its clock reads
_TIMED = cycle((False,) * (INTERRUPT_EVERY - 1) + (True,))


def _execute(heap, buffers, deps, needed, captures, found, targets, accumulate, retain_graph, m, hooked, anomaly,
             counter) -> None:
    """The loop of ``run``: pop the ready node with the highest sequence number, run it, pass its
    gradients on (torch's order; no recursion). ``deps`` None: a pass from one root whose
    dependencies are counted only once a node has two edges to follow (see the chain step below)."""
    tensor_mode = m.is_tensor
    pop, push, pushpop = heapq.heappop, heapq.heappush, heapq.heappushpop
    accumulate_cls = AccumulateGrad
    fn = handed = None
    # the language's --timeout: its check runs once the watchdog asked for it (cap -1), which the pass
    # looks for on entry and every INTERRUPT_EVERY nodes
    interrupt = _inst.interrupt
    ticks = 0
    if _inst.cap == -1:
        _inst.check_time()
    # the loop's iterator says which nodes take the rare steps: every node of autograd.grad's pass
    # (the nodes it needs), every INTERRUPT_EVERY-th under a time limit, else none; a node costs
    # the same with a time limit as without
    steps = repeat(True) if needed is not None else _TIMED if interrupt is not None else repeat(False)
    run_hooked = _inst.run_node if hooked else None
    watched = targets is not None or hooked or anomaly   # each node goes through _run_watched
    release = not retain_graph
    plain_leaves = accumulate and targets is None and not tensor_mode
    for special in steps:
        if fn is None:
            if not heap:
                break
            _, _, fn, buf = pop(heap)
        else:
            buf, handed = handed, None   # the gradients of the node chosen to run next came straight to it
        if special:
            if needed is None:
                if _inst.cap == -1:
                    _inst.check_time()
            else:
                if interrupt is not None and (ticks := ticks + 1) >= INTERRUPT_EVERY:
                    ticks = 0
                    if _inst.cap == -1:
                        _inst.check_time()
                if fn not in needed:
                    # off every path to the requested inputs: torch neither runs the node nor fires
                    # its hooks (tensor hooks, retain_grad, post-accumulate hooks), except a requested
                    # non-leaf's: its tensor hooks, then the capture
                    if any(key[0] is fn for key in captures):
                        if buf is None:
                            buf = [None] * fn.num_outputs
                        if fn._x is not None:
                            buf = _pre_hooks(fn, fn._x, buf, m, node_hooks=False)
                        _capture(fn, buf, captures, found)
                    fn = None
                    continue
        if buf is None:
            buf = [None] * fn.num_outputs
        x = fn._x
        if fn.__class__ is accumulate_cls:
            var = fn.variable
            if buf[0] is not None and var._x is not None and var._x.hooks:
                # a leaf's hooks come before its node's, and before autograd.grad captures its gradient
                buf = [_leaf_hooks(var, buf[0], tensor_mode)]
            if x is not None:
                buf = _pre_hooks(fn, x, buf, m)
            if targets is not None:
                _capture(fn, buf, captures, found)
            if accumulate and buf[0] is not None:
                _accumulate(var, buf[0], tensor_mode)
                if x is not None and x.post_hooks:
                    _accumulate_post_hooks(x, buf, tensor_mode)
            fn = None
            continue
        edges = fn.next_functions
        if x is not None or watched:
            grads_in = _run_watched(fn, x, buf, m, targets, captures, found, run_hooked, anomaly)
        elif buf[0] is None and (len(buf) == 1 or all(g is None for g in buf)):
            grads_in = [None] * len(edges)
        else:
            grads_in = fn.apply(buf, m)
        if release and not fn.saves_nothing:
            fn.release()
        if deps is None:
            # the chain step: the nodes run so far form a chain and none waits, so the node its one
            # edge leads to can get gradients from no other node (the others left to run lie below
            # it) and runs next, without counting edges (a chain's count was a dict entry per node)
            if len(edges) == 1:
                (nxt, nr), = edges
            elif len(edges) == 2 and edges[1][0] is None:   # (y * 2: the number's edge)
                nxt, nr = edges[0]
            else:
                nxt = None
            if nxt is not None and nxt.__class__ is not accumulate_cls:
                gi = grads_in[0]
                fn = buf = grads_in = None
                if gi is None:
                    handed = None
                elif nxt.num_outputs == 1:
                    handed = [gi]
                else:
                    handed = [None] * nxt.num_outputs
                    handed[nr] = gi
                fn = nxt
                gi = None
                continue
            # two edges, none, a leaf's accumulation: the edges below are counted from here on
            deps = dependencies((fn,))
        fn = buf = None   # (a gradient it held, as a view's base, would keep the edge loop from stealing it)
        for (nxt, nr), gi in zip(edges, grads_in):
            if nxt is None:
                continue
            n = deps[nxt] - 1
            deps[nxt] = n
            if n:   # more gradients to come: they gather in the node's buffer
                if gi is not None:
                    b = buffers.get(nxt)
                    if b is None:
                        if nxt.num_outputs == 1:
                            buffers[nxt] = [gi]
                        else:
                            b = buffers[nxt] = [None] * nxt.num_outputs
                            b[nr] = gi
                    else:
                        prev = b[nr]
                        b[nr] = gi if prev is None else prev + gi
                continue
            # ready: its buffer leaves the dict with it (into the heap's entry, or handed over)
            b = buffers.pop(nxt, None) if buffers else None   # (along a chain the dict stays empty)
            if (nxt.__class__ is accumulate_cls and plain_leaves and b is None and gi is not None and nxt._x is None
                    and (fn is None or fn.__class__ is not accumulate_cls) and (not heap or heap[0][0] != _FIRST)):
                # a leaf's gradient with no accumulation waiting before it (they run as soon as ready,
                # in the order they became so) and no hook: accumulated here, without a trip
                # through the heap
                var = nxt.variable
                vx = var._x
                if vx is None or not (vx.hooks or vx.post_hooks):
                    if var._grad is None:
                        var._grad = make(_grad_buffer(gi, var._data, _STEALABLE_IN_LOOP))
                    else:
                        _accumulate(var, gi, False)
                    continue
            if gi is not None:
                if b is None:
                    if nxt.num_outputs == 1:
                        b = [gi]
                    else:
                        b = [None] * nxt.num_outputs
                        b[nr] = gi
                else:
                    prev = b[nr]
                    b[nr] = gi if prev is None else prev + gi
            if fn is None:
                if not heap or nxt._seq > -heap[0][0]:
                    # the heap would pop it next: it runs next, its gradients handed over (ties go
                    # to the node that was ready first, as the heap's counter orders them)
                    fn = nxt
                    handed = b
                else:
                    # the heap's top outranks it (two chains taking turns, as w1's and w2's updates
                    # in a training loop): swap them in one heap operation
                    _, _, fn, handed = pushpop(heap, (-nxt._seq, counter, nxt, b))
                    counter += 1
            elif nxt._seq > fn._seq:    # a second ready node that outranks the first: it runs next
                push(heap, (-fn._seq, counter, fn, handed))
                fn, handed = nxt, b
                counter += 1
            else:   # (ties, AccumulateGrad's: the one ready first runs first)
                push(heap, (-nxt._seq, counter, nxt, b))
                counter += 1
        grads_in = gi = None   # the buffers alone hold the gradients (AccumulateGrad may steal them)


def _run_watched(fn, x, buf, m, targets, captures, found, run_hooked, anomaly) -> list:
    """A node's run with what watches it: its hooks, autograd.grad's captures, the profiler's
    timing, anomaly mode's nan check."""
    if x is not None:
        buf = _pre_hooks(fn, x, buf, m)
    if targets is not None:
        _capture(fn, buf, captures, found)
    if buf[0] is None and (len(buf) == 1 or all(g is None for g in buf)):
        return [None] * len(fn.next_functions)
    grads_in = fn.apply(buf, m) if run_hooked is None else run_hooked(fn, buf, m)
    if x is not None and x.post_hooks:
        grads_in = _post_hooks(fn, x, grads_in, buf, m)
    if anomaly:
        _check_nan(fn, grads_in, m.is_tensor)
    return grads_in


def _capture(fn, buf, captures, found) -> None:
    """autograd.grad's inputs: the gradients flowing into ``fn`` that were asked for."""
    for nr, g in enumerate(buf):
        idxs = captures.get((fn, nr))
        if idxs:
            for i in idxs:
                found[i] = g


def _add(buffers: dict, fn, nr: int, g) -> None:
    buf = buffers.get(fn)
    if buf is None:
        buf = buffers[fn] = [None] * fn.num_outputs
    prev = buf[nr]
    buf[nr] = g if prev is None else prev + g


def _wrap(g, tensor_mode: bool):
    return g if tensor_mode else make(_asarray(g))


def _unwrap(value, tensor_mode: bool):
    if value is None:
        return None
    if not isinstance(value, Tensor):
        raise TypeError(f"hook returned a {type(value).__name__}, expected a Tensor or None")
    return value if tensor_mode else value._data


def _hook_name(hook) -> str:
    return getattr(hook, "__name__", "<unknown>")


def _checked(hook, original, new, tensor_mode: bool):
    """A gradient a hook returned in place of ``original``, refused as torch refuses it when its dtype or
    size changed."""
    if not isinstance(new, Tensor):
        raise TypeError(f"expected Variable, but hook returned '{type(new).__name__}'")
    if original is not None:
        was = original._data.dtype if tensor_mode else original.dtype
        shape = original._data.shape if tensor_mode else np.shape(original)
        if new._data.dtype != was:
            raise errors.AutogradError(
                f"hook '{_hook_name(hook)}' has changed the type of value (was "
                f"{dtypes.cpu_type_name(dtypes.from_numpy_dtype(np.dtype(was)))} got "
                f"{dtypes.cpu_type_name(dtypes.from_numpy_dtype(new._data.dtype))})")
        if new._data.shape != shape:
            raise errors.AutogradError(f"hook '{_hook_name(hook)}' has changed the size of value")
    return _unwrap(new, tensor_mode)


def _checked_tuple(hook, originals, new, tensor_mode: bool) -> list:
    """The gradients a node hook returned in place of ``originals`` (one per slot, None kept)."""
    if not isinstance(new, tuple):
        raise TypeError(f"expected tuple, but hook returned '{type(new).__name__}'")
    if len(new) != len(originals):
        raise errors.AutogradError(f"hook '{_hook_name(hook)}' has returned an incorrect number of values (got "
                                   f"{len(new)}, but expected {len(originals)})")
    return [None if g is None else _checked(hook, o, g, tensor_mode) for o, g in zip(originals, new)]


def _pre_hooks(fn, x, buf, m, node_hooks: bool = True):
    """Tensor hooks and retain_grad for the outputs of ``fn``, then the node's own pre-hooks."""
    tensor_mode = m.is_tensor
    if x.tensor_hooks:
        for nr, hooks in x.tensor_hooks.items():
            for hook in list(hooks.values()):
                if buf[nr] is None:
                    continue
                new = hook(_wrap(buf[nr], tensor_mode))
                if new is not None:
                    buf[nr] = _checked(hook, buf[nr], new, tensor_mode)
    if x.retained:
        for nr, ref in list(x.retained.items()):
            t = ref()
            if t is None:   # the retaining tensor is gone: stop visiting this node's hooks for it
                del x.retained[nr]
                if not (x.retained or x.tensor_hooks or x.pre_hooks or x.post_hooks or x.meta or x.trace):
                    fn._x = None
            elif buf[nr] is not None and m.nb == 0:
                _retain(t, buf[nr], tensor_mode)
    if x.pre_hooks and node_hooks:
        for hook in list(x.pre_hooks.values()):
            new = hook(tuple(_wrap(g, tensor_mode) if g is not None else None for g in buf))
            if new is not None:
                buf = _checked_tuple(hook, buf, new, tensor_mode)
    return buf


def _post_hooks(fn, x, grads_in, buf, m):
    tensor_mode = m.is_tensor
    for hook in list(x.post_hooks.values()):
        new = hook(tuple(_wrap(g, tensor_mode) if g is not None else None for g in grads_in),
                   tuple(_wrap(g, tensor_mode) if g is not None else None for g in buf))
        if new is not None:
            grads_in = _checked_tuple(hook, grads_in, new, tensor_mode)
    return grads_in


def _retain(t: Tensor, g, tensor_mode: bool) -> None:
    """``retain_grad``: a non-leaf's ``.grad`` accumulates like a leaf's (a first gradient is cloned,
    as torch's: under create_graph its grad_fn is CloneBackward0)."""
    if tensor_mode:
        t._grad = g.clone() if t._grad is None else t._grad + g
    else:
        t._grad = make(np.array(g, dtype=t._data.dtype, copy=True)) if t._grad is None else \
            make(t._grad._data + g)


def _leaf_hooks(var: Tensor, g, tensor_mode: bool):
    """The hooks registered on a leaf tensor, in order: each may replace the gradient."""
    x = var._x
    if x is not None and x.hooks:
        for hook in list(x.hooks.values()):
            new = hook(_wrap(g, tensor_mode))
            if new is not None:
                g = _checked(hook, g, new, tensor_mode)
    return g


def _accumulate_post_hooks(x, buf, tensor_mode: bool) -> None:
    """Hooks on an AccumulateGrad node: ``hook((), (grad,))``; it has no gradients to replace."""
    for hook in list(x.post_hooks.values()):
        new = hook((), tuple(_wrap(g, tensor_mode) if g is not None else None for g in buf))
        if new is not None and len(new) != 0:
            raise errors.AutogradError(f"hook '{getattr(hook, '__name__', type(hook).__name__)}' has returned an "
                                       f"incorrect number of values (got {len(new)}, but expected 0)")


def _accumulate(var: Tensor, g, tensor_mode: bool) -> None:
    """``.grad`` += g (in place when no graph is being built), then the post-accumulate hooks; the
    leaf's own hooks ran before (``_leaf_hooks``)."""
    x = var._x
    old = var._grad
    if tensor_mode:
        if old is None:
            # torch copies the first gradient into a fresh buffer (its node is CopyBackwards)
            var._grad = copy_(make(np.empty(g._data.shape, var._data.dtype)), g) if g._requires_grad else \
                make(_grad_buffer(g._data, var._data, _STEALABLE))
        else:
            var._grad = old + g
    elif old is None:
        var._grad = make(_grad_buffer(g, var._data, _STEALABLE))
    elif sparse.is_coo(old._data):     # torch's sparse ``.grad += new``
        var._grad = make(sparse.accumulate(old._data, g))
    elif old._data.shape != var._data.shape or not old._data.flags.writeable:
        var._grad = make(np.asarray(old._data + g, dtype=var._data.dtype))
    else:   # torch's ``grad += new`` without a graph: in place, a .grad made under create_graph keeps its grad_fn
        od = old._data
        if od.dtype is g.dtype:
            np.add(od, g, out=od)
        else:
            np.add(od, g, out=od, casting="unsafe")
        if old._vc is not None:
            old._vc[0] += 1
    if x is not None and x.post_hooks:
        for hook in list(x.post_hooks.values()):
            hook(var)


def _grad_buffer(g, param, stealable: int):
    """A leaf's first gradient in the parameter's own layout, as torch's AccumulateGrad makes it (a
    weight used as ``W.t()`` gets a contiguous ``.grad``, not its transposed product), so
    ``p -= lr * p.grad`` runs over two arrays laid out alike. Like torch, it steals a gradient
    that nothing else refers to (``stealable``: the references the caller's own call shape makes)
    and that already has that layout, instead of copying it."""
    if g.shape != param.shape:
        return np.array(g, dtype=param.dtype, copy=True)
    if (g.__class__ is np.ndarray and g.dtype == param.dtype and g.strides == param.strides
            and sys.getrefcount(g) <= stealable):
        own = g.base
        # or a view (W.t().t(), a sum reshaped) of a whole fresh array that only the view refers to
        if own is None or (own.__class__ is np.ndarray and own.base is None and own.nbytes == g.nbytes
                           and sys.getrefcount(own) <= 3 and own.flags.writeable):
            return g
    if sparse.is_coo(g):   # a sparse gradient stays sparse (torch's .grad is then a sparse tensor)
        return sparse.stored(g)
    out = np.empty_like(param)
    np.copyto(out, g, casting="unsafe")
    return out


def _check_nan(fn, grads_in, tensor_mode: bool) -> None:
    for i, g in enumerate(grads_in):
        if g is None:
            continue
        data = g._data if tensor_mode else g
        if np.isnan(data).any():
            raise AnomalyError(fn, i)


def call_node_by_hand(fn, grads):
    """Call a node like a function: grads in, one gradient per input out (a graph when grad mode is on)."""
    if isinstance(fn, AccumulateGrad):
        raise errors.GraphError("AccumulateGrad cannot be called directly")
    buf = [g if isinstance(g, Tensor) or g is None else make(_asarray(g)) for g in grads]
    if len(buf) != fn.num_outputs:
        raise TypeError(f"{fn.name()} expects {fn.num_outputs} gradient(s), got {len(buf)}")
    raw = getattr(fn, "raw_apply", None)
    out = raw(buf, TensorMath(0)) if raw is not None else fn.apply(buf, TensorMath(0))
    if not isinstance(out, (tuple, list)):
        return out
    out = tuple(out)
    return out[0] if len(out) == 1 else out


def _call_by_hand(node, *grads):
    """Run this node's backward by hand (as seed 003's ``F.grad_fn(F.manual_grad)``)."""
    return call_node_by_hand(node, grads)


Node.__call__ = _call_by_hand   # nodes live in the graph layer; calling one needs this engine


def _steal_probe(buf) -> int:   # the call shape of _execute -> _accumulate(buf[0]) -> _grad_buffer(g)
    return (lambda g: (lambda g2: sys.getrefcount(g2))(g))(buf[0])


def _in_loop_probe(grads_in) -> int:   # the call shape of _execute's edge loop -> _grad_buffer(gi)
    for (_, _), gi in zip(((None, 0),), grads_in):
        return (lambda g: sys.getrefcount(g))(gi)


_FRESH_REFERENCES = _fresh_references()
_STEALABLE = _steal_probe([np.empty(1)])
"""What ``sys.getrefcount`` sees in ``_grad_buffer`` for a gradient only the pass's buffer holds."""
_STEALABLE_IN_LOOP = _in_loop_probe([np.empty(1)])
"""The same for a gradient only a node's returned list holds, accumulated in the edge loop."""
_FIRST = -float("inf")   # the heap key of an AccumulateGrad
