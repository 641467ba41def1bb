"""Custom autograd Functions: ``forward(ctx, ...)``/``backward(ctx, *grads)`` written by the user.

The node of ``class Exp(Function)`` is named ``ExpBackward``, as in torch. Its
backward runs on Tensors: without a graph in a plain backward, recording one
under ``create_graph=True`` (unless marked ``@once_differentiable``).
"""
from __future__ import annotations

import functools
import warnings

import numpy as np

from .. import errors, instrumentation
from ..dispatch import call
from ..nodes import fit_grads
from ..ops.copy import DELAYED_ERROR
from ..tensor import CustomFunctionView, Tensor, TensorExtras, make
from .forward_ad import function_jvp
from .grad_mode import enable_grad, no_grad, mode as _mode
from .graph import NO_EDGE, InputMetadata, Node, edge, save

__all__ = [
    "Function", "FunctionCtx", "once_differentiable",
]


class FunctionCtx:
    """The ``ctx`` a Function's forward and backward share; scripts may set any attribute on it."""

    def __init__(self):
        self.needs_input_grad = ()
        self._to_save = ()
        self._saved = None
        self._node = None
        self._dirty = ()
        self._non_diff = ()
        self.materialize_grads = True
        self.saved_for_forward = ()
        self._in_jvp = False

    def save_for_backward(self, *tensors) -> None:
        for i, t in enumerate(tensors):
            if t is not None and not isinstance(t, Tensor):
                raise TypeError(f"save_for_backward can only save variables, but argument {i} is of type "
                                f"{type(t).__name__}")
        self._to_save = tensors

    def save_for_forward(self, *tensors) -> None:
        self.saved_for_forward = tensors

    @property
    def saved_tensors(self) -> tuple:
        if self._in_jvp:   # torch's jvp reads what save_for_forward kept, not save_for_backward's tensors
            return tuple(self.saved_for_forward)
        if self._saved is None:
            return tuple(self._to_save)
        node = self._node
        return tuple(None if s is None else s.unpack(node) for s in self._saved)

    def mark_dirty(self, *tensors) -> None:
        self._dirty = tensors

    def mark_non_differentiable(self, *tensors) -> None:
        self._non_diff = tensors

    def set_materialize_grads(self, value: bool) -> None:
        self.materialize_grads = bool(value)

    def __repr__(self) -> str:
        return f"<torch.autograd.function.{type(self).__name__} object at {id(self):#x}>"


_CTX_CLASSES: dict = {}


def _ctx_for(fn_cls) -> FunctionCtx:
    """A ctx named as torch's (in torch ctx is the node: ``print(ctx)`` shows ``<...MyFnBackward object>``,
    ``type(ctx).__name__`` is ``MyFnBackward``)."""
    kind = _CTX_CLASSES.get(fn_cls)
    if kind is None:
        kind = _CTX_CLASSES[fn_cls] = type(f"{fn_cls.__name__}Backward", (FunctionCtx,), {})
    return kind()


class BackwardCFunction(Node):
    """The node of one application of a custom Function."""

    def __repr__(self) -> str:
        return f"<torch.autograd.function.{type(self).__name__} object at {id(self):#x}>"

    __slots__ = ("ctx", "fn_cls", "_in_meta", "_arg_slots", "_out_shapes", "_out_dtypes", "_released", "_nontensor_at")

    def __getattr__(self, name):
        """torch's node of a custom Function is its ctx: ``y.grad_fn.saved_tensors``, ``.needs_input_grad``
        and what forward set on ctx read through it."""
        if name.startswith("__") or name == "ctx":
            raise AttributeError(name)
        try:
            return getattr(self.ctx, name)
        except AttributeError:
            raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'") from None

    @property
    def num_outputs(self) -> int:
        return len(self._out_shapes)

    @property
    def _input_metadata(self) -> tuple:
        return tuple(InputMetadata(s, d) for s, d in zip(self._out_shapes, self._out_dtypes))

    def release(self) -> None:
        saved = self.ctx._saved
        if saved:
            for s in saved:
                if s is not None:
                    s.release()

    def apply(self, grads, m):
        ctx = self.ctx
        tensor_mode = m.is_tensor
        args = []
        for g, shape, dt in zip(grads, self._out_shapes, self._out_dtypes):
            if g is None:
                if ctx.materialize_grads:
                    args.append(make(np.zeros(shape, dt)))
                else:
                    args.append(None)
            else:
                args.append(g if tensor_mode else make(np.asarray(g)))
        for i in self._nontensor_at:    # forward's non-tensor outputs: backward gets None for each, as in torch
            args.insert(i, None)
        mode = enable_grad() if tensor_mode else no_grad()
        with mode:
            res = user_backward(self.fn_cls)(ctx, *args)
        if not isinstance(res, tuple):
            res = (res,)
        n_args = len(self._arg_slots)
        if len(res) < n_args or any(r is not None for r in res[n_args:]):
            raise errors.AutogradError(f"function {self.name()} returned an incorrect number of gradients "
                                       f"(expected {n_args}, got {len(res)})")
        picked = []
        for slot in self._arg_slots:
            if slot is None:
                continue
            r = res[slot]
            if r is not None and not isinstance(r, Tensor):
                raise errors.AutogradError(f"expected Variable or None (got {type(r).__name__})")
            picked.append(None if r is None else (r if tensor_mode else r._data))
        return fit_grads(self, tuple(picked), m)


def user_backward(cls):
    """The Function's ``vjp`` if it defines one, else its ``backward`` (torch refuses both)."""
    backward, vjp = cls.backward, cls.vjp
    if vjp is Function.vjp:
        return backward
    if backward is not Function.backward:
        raise errors.AutogradError("Implementing both 'backward' and 'vjp' for a custom Function is not allowed. "
                                   "You should only implement one of them.")
    return vjp


def once_differentiable(fn):
    """Mark a backward as not itself differentiable: it runs without recording a graph, and under
    create_graph its gradients pass through a DelayedError node (torch's), so differentiating them
    again raises torch's error even after other ops."""
    @functools.wraps(fn)
    def wrapper(ctx, *args):
        with no_grad():
            out = fn(ctx, *args)
        if not _mode().grad or not any(isinstance(a, Tensor) and a.requires_grad for a in args):
            return out
        single = not isinstance(out, tuple)
        marked = tuple(call(DELAYED_ERROR, (o.detach().requires_grad_(),)) if isinstance(o, Tensor) else o
                       for o in ((out,) if single else out))
        return marked[0] if single else marked
    return wrapper


class FunctionMeta(type):
    def __init__(cls, name, bases, ns):
        super().__init__(name, bases, ns)
        cls._backward_cls = type(name + "Backward", (BackwardCFunction,), {"__slots__": ()})


class Function(metaclass=FunctionMeta):
    """Base class of custom autograd Functions (subclass it; call ``apply``).

    Both of torch's styles: ``forward(ctx, *args)``, or ``forward(*args)`` with a separate
    ``setup_context(ctx, inputs, output)`` (the style torch.func needs)."""

    def __init__(self, *args, **kwargs):
        warnings.warn(f"{type(self)} should not be instantiated. Methods on autograd functions are all static, "
                      "so you should invoke them on the class itself. Instantiating an autograd function will "
                      "raise an error in a future version of PyTorch.", DeprecationWarning, stacklevel=2)

    def __call__(self, *args, **kwargs):
        raise errors.AutogradError(
            "Legacy autograd function with non-static forward method is deprecated. Please use new-style "
            "autograd function with static forward method. (Example: "
            "https://pytorch.org/docs/stable/autograd.html#torch.autograd.Function)")

    @staticmethod
    def setup_context(ctx, inputs, output):
        """Overridden by Functions whose ``forward`` takes no ctx."""

    @staticmethod
    def forward(ctx, *args, **kwargs):
        raise NotImplementedError("You must implement the forward function for custom autograd.Function.")

    @staticmethod
    def backward(ctx, *grad_outputs):
        raise NotImplementedError("You must implement either the backward or vjp method for your custom "
                                  "autograd.Function to use it with backward mode AD.")

    vjp = backward

    @classmethod
    def apply(cls, *args, **kwargs):
        separate = cls.setup_context is not Function.setup_context
        if not separate and (instrumentation.transforms or instrumentation.batching is not None) \
                and not getattr(cls, "_inside_transforms", False):
            raise RuntimeError("In order to use an autograd.Function with functorch transforms (vmap, grad, jvp, "
                               "jacrev, ...), it must override the setup_context staticmethod. For more details, "
                               "please see https://pytorch.org/docs/main/notes/extending.func.html")
        if instrumentation.batching is not None:   # under vmap: the Function's vmap rule (func/custom_function.py)
            out = instrumentation.function_batching(cls, args, kwargs)
            if out is not NotImplemented:
                return out
        ctx = _ctx_for(cls)
        ctx.needs_input_grad = tuple(isinstance(a, Tensor) and a._requires_grad for a in args)
        with no_grad():
            raw = cls.forward(*args, **kwargs) if separate else cls.forward(ctx, *args, **kwargs)
        if separate:
            cls.setup_context(ctx, args, raw)
        is_tuple = isinstance(raw, tuple)
        outs = raw if is_tuple else (raw,)
        record = _mode().grad and any(ctx.needs_input_grad)
        if not record:
            if instrumentation.forward_ad:
                _forward_ad_hook(cls, ctx, args, outs)
            return raw
        node = object.__new__(cls._backward_cls)
        slots, edges, meta = [], [], []
        for a in args:
            if isinstance(a, Tensor):
                slots.append(len(edges))
                edges.append(edge(a) if a._requires_grad else NO_EDGE)
                meta.append((a._data.shape, a._data.dtype))
            else:
                slots.append(None)
        node._init(tuple(edges))
        node.ctx = ctx
        node.fn_cls = cls
        node._in_meta = tuple(meta)
        # backward returns one gradient per forward argument; slot i maps argument i to its edge
        node._arg_slots = tuple(i if s is not None else None for i, s in enumerate(slots))
        tensor_outs = [o for o in outs if isinstance(o, Tensor)]
        node._out_shapes = tuple(o._data.shape for o in tensor_outs)
        node._out_dtypes = tuple(o._data.dtype for o in tensor_outs)
        node._nontensor_at = tuple(i for i, o in enumerate(outs) if not isinstance(o, Tensor))
        dirty = {id(t) for t in ctx._dirty}
        if dirty - {id(o) for o in outs}:
            raise errors.AutogradError("Some elements marked as dirty during the forward method were not returned as "
                                       "output. The inputs that are modified inplace must all be outputs of the "
                                       "Function.")
        non_diff = {id(t) for t in ctx._non_diff}
        inputs = {id(a) for a in args if isinstance(a, Tensor)}
        wrapped, nr = [], 0
        for o in outs:
            if not isinstance(o, Tensor):
                wrapped.append(o)
                continue
            if id(o) in non_diff or o._data.dtype.kind not in "fc":   # ints and bools are never differentiable
                o._requires_grad = False
                wrapped.append(o)
            elif id(o) in dirty:
                if o._grad_fn is None and o._requires_grad:
                    raise errors.GraphError("a leaf Variable that requires grad has been used in an in-place "
                                            "operation.")
                o._grad_fn, o._output_nr, o._requires_grad = node, nr, True
                if o._vc is not None:
                    o._vc[0] += 1  # mark_dirty counts as a modification, as in torch
                wrapped.append(o)
            elif id(o) in inputs:     # returned as-is: torch returns a view of the input
                wrapped.append(_custom_view(make(o._data, node, nr, True, o._vc, o if o._base is None else o._base), cls))
            elif o._grad_fn is not None:
                wrapped.append(make(o._data, node, nr, True, o._vc))
            else:
                o._grad_fn, o._output_nr, o._requires_grad = node, nr, True
                wrapped.append(o if o._base is None else _custom_view(o, cls))
            nr += 1
        by_id = {id(o): w for o, w in zip(outs, wrapped)}
        saved = []
        for t in ctx._to_save:
            if t is None:
                saved.append(None)
            elif id(t) in by_id and isinstance(by_id[id(t)], Tensor) and by_id[id(t)]._grad_fn is node:
                w = by_id[id(t)]
                saved.append(save(w, w._output_nr))
            else:
                saved.append(save(t))
        ctx._saved = tuple(saved)
        ctx._node = node
        ctx._to_save = ()
        if instrumentation.anomaly:
            instrumentation.remember_creation(node)
        if instrumentation.forward_ad:
            _forward_ad_hook(cls, ctx, args, wrapped)
        return tuple(wrapped) if is_tuple else wrapped[0]


def _custom_view(view: Tensor, cls) -> Tensor:
    """A view output of a Function: in-place writes to it are refused, as torch's (they would bypass
    the Function's backward)."""
    if view._x is None:
        view._x = TensorExtras()
    view._x.creation_meta = CustomFunctionView(cls.__name__)
    return view


def _forward_ad_hook(cls, ctx, args, outs) -> None:
    """Forward-mode AD: the Function's ``jvp`` gives its outputs' tangents (see forward_ad.py)."""
    function_jvp(cls, ctx, args, tuple(outs))



