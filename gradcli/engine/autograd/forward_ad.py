"""Forward-mode AD (``torch.autograd.forward_ad``): dual tensors whose tangents ride along the forward.

Inside ``dual_level()``, ``make_dual(x, t)`` gives a tensor that carries the
tangent ``t``; every op computes its output tangent with its record's ``jvp``
rule (``jvp(m, tangents, *saved)``, the formula vocabulary of the backward).
A rule that returns None says the tangent is zero. Records without a rule go
through the double-vjp fallback: the tangent J t is the gradient, with respect to a dummy
cotangent u, of <vjp(u), t>, which needs only the backward formula. The
table's ``jvp_note`` says where that happens.

Tangents live in the tensor's extras, ``t._x.tangents = {level: tangent}``.
A level may carry ``nb`` leading batch dims on every tangent: that is how
``jacobian(strategy="forward-mode", vectorize=True)`` pushes all basis
tangents through one forward pass.
"""
from __future__ import annotations

import weakref
from collections import namedtuple

import numpy as np

from .. import dtypes, errors
from .. import instrumentation as _inst
from ..backend import NumpyMath
from ..backward import grad
from ..dispatch import call, unwrap
from ..ops import complex_parts
from ..ops.shape import VIEW
from ..tensor import Tensor, TensorExtras, make
from ..tensor_math import TensorMath
from .grad_mode import enable_grad, no_grad, mode as _mode

__all__ = [
    "UnpackedDualTensor", "dual_level", "enter_dual_level", "exit_dual_level", "make_dual", "unpack_dual",
]

UnpackedDualTensor = namedtuple("UnpackedDualTensor", ["primal", "tangent"])


class _Level:
    __slots__ = ("index", "nb", "holders", "by_edge")

    def __init__(self, index: int, nb: int):
        self.index = index
        self.nb = nb
        self.holders: list = []  # weakrefs to the tensors that got a tangent at this level
        # (grad_fn, output_nr) -> tangent: a saved output unpacked for a create_graph backward is a new
        # Tensor object for the same graph edge; it must carry the same tangent (forward-over-reverse)
        self.by_edge: dict = {}


_levels: list = []
_numpy_math = {0: NumpyMath(0)}


def enter_dual_level(_nb: int = 0) -> int:
    """Open a new forward-AD level (torch allows one at a time)."""
    if _levels:
        raise errors.AutogradError("Nested forward mode AD is not supported at the moment")
    level = _Level(len(_levels), _nb)
    _levels.append(level)
    _inst.set_forward_ad(True)
    return level.index


def exit_dual_level(*, level: int | None = None) -> None:
    """Close the level: every tangent made inside it is dropped, as in torch."""
    if not _levels:
        raise errors.AutogradError("Trying to exit a forward AD level that was not the last one that was "
                                   "created. This is not supported.")
    lv = _levels[-1]
    if level is not None and level != lv.index:
        raise errors.AutogradError("Trying to exit a forward AD level that was not the last one that was "
                                   "created. This is not supported.")
    _levels.pop()
    for ref in lv.holders:
        t = ref()
        if t is not None and t._x is not None and t._x.tangents:
            t._x.tangents.pop(lv.index, None)
    _inst.set_forward_ad(bool(_levels))


class dual_level:
    """Context manager for a forward-AD level: ``with dual_level(): ...``."""

    def __init__(self, _nb: int = 0):
        self._nb = _nb

    def __enter__(self) -> int:
        self.level = enter_dual_level(self._nb)
        return self.level

    def __exit__(self, *exc) -> bool:
        exit_dual_level(level=self.level)
        return False


def _current(level: int | None) -> _Level:
    if not _levels:
        raise errors.AutogradError("Trying to create a dual Tensor for forward AD but no level exists, make sure "
                                   "to enter_dual_level() first.")
    lv = _levels[-1]
    if level is not None and level != lv.index:
        raise errors.AutogradError(f"Forward AD level {level} is not the current level.")
    return lv


def make_dual(tensor: Tensor, tangent: Tensor, *, level: int | None = None) -> Tensor:
    """A view of ``tensor`` that carries ``tangent`` as its forward gradient at ``level``."""
    lv = _current(level)
    if not isinstance(tensor, Tensor) or not isinstance(tangent, Tensor):
        raise TypeError("make_dual(): expected Tensor arguments")
    if tensor._data.dtype.kind not in "fc":
        raise ValueError(f"Expected primal to be floating point or complex, but got: {tensor.dtype}")
    if tangent._data.dtype.kind not in "fc":
        raise ValueError(f"Expected tangent to be floating point or complex, but got: {tangent.dtype}")
    tshape = tangent._data.shape[lv.nb:]
    if tshape != tensor._data.shape:
        raise errors.ShapeError("Trying to set a forward gradient that has a different size than that of the "
                                f"original Tensor, this is not supported. Tensor is of size {list(tensor.shape)} "
                                f"while the given forward gradient is of size {list(tshape)}.")
    with _paused():
        dual = call(VIEW, (tensor,), {"shape": tensor._data.shape})
    _set_tangent(dual, tangent, lv)
    return dual


def unpack_dual(tensor: Tensor, *, level: int | None = None) -> UnpackedDualTensor:
    """``(primal, tangent)``: the primal is a view without tangent; the tangent is None if there is none."""
    if not _levels:
        return UnpackedDualTensor(tensor, None)
    lv = _levels[-1] if level is None else _current(level)
    tangent = get_tangent(tensor, lv.index)
    if tangent is None:
        return UnpackedDualTensor(tensor, None)
    with _paused():
        primal = call(VIEW, (tensor,), {"shape": tensor._data.shape})
    return UnpackedDualTensor(primal, tangent)


def get_tangent(t: Tensor, level: int) -> Tensor | None:
    x = t._x
    if x is not None and x.tangents:
        tangent = x.tangents.get(level)
        if tangent is not None:
            return tangent
    base = t._base
    if base is not None and _levels:
        # a view without a tangent of its own sees its base's, as a view of it (torch's rule)
        bx = base._x
        tangent = bx.tangents.get(level) if bx is not None and bx.tangents else None
        if tangent is not None:
            alias = _alias(t._data, base._data, tangent._data, _levels[-1].nb)
            if alias is not None:
                tangent = make(alias)
                _set_tangent(t, tangent, _levels[-1])
                return tangent
    if t._grad_fn is not None and _levels and _levels[-1].by_edge:
        return _levels[-1].by_edge.get((t._grad_fn, t._output_nr))
    return None


def _alias(view, parent, tangent, nb: int):
    """The part of ``tangent`` (``parent``'s tangent, ``nb`` batch dims first) that ``view`` is of
    ``parent``, as a numpy view sharing its memory; None when the layouts do not line up.

    A view's tangent aliases its parent's, so a write through either one is seen by both."""
    if tangent.dtype != parent.dtype or tangent.shape[nb:] != parent.shape or tangent.strides[nb:] != parent.strides:
        return None
    if min(parent.strides + view.strides, default=0) < 0 or view.dtype != parent.dtype:
        return None
    offset = view.__array_interface__["data"][0] - parent.__array_interface__["data"][0]
    if offset < 0 or offset % parent.itemsize:
        return None
    index = [0] * parent.ndim      # the parent index of the view's first element
    rest = offset
    for k in sorted(range(parent.ndim), key=lambda k: -parent.strides[k]):
        stride = parent.strides[k]
        if stride and rest:
            index[k], rest = divmod(rest, stride)
            if index[k] >= parent.shape[k]:
                return None
    if rest:
        return None
    start = tangent[(slice(None),) * nb + tuple(slice(i, None) for i in index)]   # an array, never a scalar
    return np.lib.stride_tricks.as_strided(start, tangent.shape[:nb] + view.shape, tangent.strides[:nb] + view.strides)


def _set_tangent(t: Tensor, tangent: Tensor, lv: _Level) -> None:
    x = t._x
    if x is None:
        x = t._x = TensorExtras()
    if x.tangents is None:
        x.tangents = {}
    x.tangents[lv.index] = tangent
    lv.holders.append(weakref.ref(t))
    if t._grad_fn is not None:
        lv.by_edge[(t._grad_fn, t._output_nr)] = tangent


def tangent_suffix(t: Tensor) -> str:
    """The ``tangent=...`` part of a dual tensor's repr, laid out as torch does."""
    lv = _levels[-1] if _levels else None
    tangent = get_tangent(t, lv.index) if lv is not None else None
    if tangent is None:
        return ""
    if tangent._data.ndim == 0:     # torch formats it with f"{tangent}": a 0-d tensor formats as its item
        return "tangent=" + format(tangent._data.item())
    return "tangent=" + repr(tangent)


class _paused:
    """Run engine ops without propagating tangents (formulas, helper views)."""

    def __enter__(self):
        self.prev = _inst.forward_ad
        _inst.set_forward_ad(False)

    def __exit__(self, *exc):
        _inst.set_forward_ad(self.prev)
        return False


# -- propagation: called by instrumentation.run after each op while a level is open ---------------

def propagate(op, args, params, out, old_self=None) -> None:
    """Give the outputs of ``op`` their tangents (``old_self``: self's value before an in-place op)."""
    lv = _levels[-1]
    level = lv.index
    tangents = [get_tangent(a, level) if isinstance(a, Tensor) else None for a in args]
    if not op.differentiable or all(t is None for t in tangents):
        return
    outs = out if isinstance(out, tuple) else (out,)
    if op.view and old_self is None and _alias_views(args[0], tangents[0], outs, lv):
        return
    if old_self is not None:
        args = (old_self,) + tuple(args[1:])
    complex_parts.check_complex_jvp(op, args, outs)
    _inst.set_forward_ad(False)
    try:
        graph = _mode().grad and (any(t._requires_grad for t in tangents if t is not None)
                                or any(isinstance(a, Tensor) and a._requires_grad for a in args))
        if op.jvp is not None:
            # None: the rule says the tangent is zero (torch leaves it undefined)
            res = _direct(op, args, params, outs, tangents, lv.nb, graph) or (None,) * len(outs)
        else:
            res = jvp_by_double_vjp(op, args, params, outs, tangents, lv.nb, graph)
    finally:
        _inst.set_forward_ad(True)
    if old_self is not None and not graph and _write_in_place(outs[0], res[0], get_tangent(old_self, level), lv):
        return
    inputs = [t._data for t in tangents if t is not None]
    for i, (o, r) in enumerate(zip(outs, res)):
        if r is None or i in op.nondiff_outputs or o._data.dtype.kind not in "fc":
            if old_self is not None and o._x is not None and o._x.tangents:
                o._x.tangents.pop(level, None)   # written over in place by a constant
            continue
        r = _fit(r, o, lv.nb)
        if not graph and any(np.may_share_memory(r._data, t) for t in inputs):
            r = make(r._data.copy())   # an output's tangent is its own: in-place writes to it stay there
        _set_tangent(o, r, lv)


def _alias_views(src: Tensor, tangent, outs, lv: _Level) -> bool:
    """A view op's outputs get views of ``src``'s tangent (torch's view tangents), when the layouts allow."""
    if tangent is None or tangent._requires_grad:
        return False
    aliases = [_alias(o._data, src._data, tangent._data, lv.nb) for o in outs]
    if any(a is None for a in aliases):
        return False
    for o, a in zip(outs, aliases):
        _set_tangent(o, make(a), lv)
    return True


def _write_in_place(o: Tensor, r, existing, lv: _Level) -> bool:
    """An in-place op updates the tangent in place, as torch does, so that the views of ``o`` and
    its base see the write; a view without a tangent first gives its base a zero one. False when
    that cannot be done here (the caller then sets a new tangent)."""
    level = lv.index
    if existing is None:
        if r is None or o._base is None or o._data.dtype.kind not in "fc":
            return False
        base = o._base
        if base._x is None or not base._x.tangents or base._x.tangents.get(level) is None:
            lead = tuple(np.shape(r._data if isinstance(r, Tensor) else r)[:lv.nb])
            zeros = np.zeros_like(base._data) if not lead else np.zeros(lead + base._data.shape, base._data.dtype)
            _set_tangent(base, make(zeros), lv)
        existing = get_tangent(o, level)
        if existing is None:
            return False
    data = existing._data
    if existing._requires_grad or not data.flags.writeable:
        return False
    if r is None:
        data[...] = 0
    else:
        np.copyto(data, _fit(r, o, lv.nb)._data, casting="unsafe")
    return True


def _saved_values(op, args, params, outs, as_tensors: bool) -> list:
    """The record's saved values, fetched as dispatch would save them (arrays or tensors)."""
    arrays = None if as_tensors else unwrap(op, args)
    vals = []
    for kind, key in op.plan:
        if kind == 0:
            a = args[key]
            vals.append(a if as_tensors or not isinstance(a, Tensor) else arrays[key])
        elif kind == 1:
            vals.append(outs[key] if as_tensors else outs[key]._data)
        elif kind == 2:
            vals.append(params[key])
        else:
            vals.append(args[key]._data.shape)
    return vals


_jvp_picks: dict = {}


def _pick(op, vals: list) -> list:
    """The saved values a jvp rule asks for, by parameter name (rules may leave out ``*_sym_sizes``)."""
    picks = _jvp_picks.get(op)
    if picks is None:
        import inspect
        ps = list(inspect.signature(op.jvp).parameters.values())[2:]
        n = len(ps)
        picks = tuple(range(len(op.saves)))
        if any(p.kind is p.VAR_POSITIONAL for p in ps):
            n = len(picks)
        if n != len(picks):
            picks = tuple(i for i, name in enumerate(op.saves) if not name.endswith("_sym_sizes"))
        if n != len(picks):
            raise errors.AutogradError(f"the jvp rule of {op.name} takes {n} saved values; the record saves "
                                       f"{op.saves}")
        _jvp_picks[op] = picks
    return [vals[i] for i in picks]


def _direct(op, args, params, outs, tangents, nb, graph):
    """Run the record's own jvp rule; None when it gives no tangent."""
    if graph:
        m = TensorMath(nb)
        ts = tangents
        if nb:
            ts = _pad_pointwise(args, params, outs, ts, nb)
        with enable_grad():
            r = op.jvp(m, ts, *_pick(op, _saved_values(op, args, params, outs, True)))
    else:
        m = _numpy_math.get(nb) or _numpy_math.setdefault(nb, NumpyMath(nb))
        ts = [None if t is None else t._data for t in tangents]
        if nb:
            ts = _pad_pointwise(args, params, outs, ts, nb)
        r = op.jvp(m, ts, *_pick(op, _saved_values(op, args, params, outs, False)))
    if r is None:
        return None
    return tuple(r) if isinstance(r, tuple) else (r,)


def _pad_pointwise(args, params, outs, ts, nb):
    """Batched tangents of lower-rank operands of a broadcasting op get 1s after their batch dims,
    so that a rule such as ``t[0] * other`` lines them up as the forward did (where's condition,
    a parameter, broadcasts with its operands)."""
    shapes = [a._data.shape for a in args if isinstance(a, Tensor)]
    if params and "condition" in params:
        shapes.append(np.shape(getattr(params["condition"], "_data", params["condition"])))
    ndim = len(outs[0]._data.shape)
    if all(len(s) == ndim for s in shapes):
        return ts
    try:
        if np.broadcast_shapes(*shapes) != outs[0]._data.shape:
            return ts
    except ValueError:
        return ts
    out = []
    for t in ts:
        if t is not None and t.ndim - nb < ndim:
            t = t.reshape(tuple(t.shape[:nb]) + (1,) * (ndim - t.ndim + nb) + tuple(t.shape[nb:]))
        out.append(t)
    return out


def jvp_by_double_vjp(op, args, params, outs, tangents, nb: int, graph: bool = False) -> tuple:
    """J t from the backward formula alone: d/du <vjp(u), t> (u a dummy cotangent). With ``graph``
    (a tangent or an input requires grad), J t keeps the graph of t and of the saved values."""
    lead = next(t._data.shape[:nb] for t in tangents if t is not None)
    m = TensorMath(nb)
    with enable_grad():
        # a 0-d result is kept as a numpy scalar: it is a value to wrap too
        vals = [make(np.asarray(v)) if isinstance(v, (np.ndarray, np.generic)) else v
                for v in _saved_values(op, args, params, outs, graph)]
        us = [None if i in op.nondiff_outputs else
              make(np.zeros(lead + o._data.shape, o._data.dtype), requires_grad=True)
              for i, o in enumerate(outs)]
        g = us[0] if op.outputs == 1 else tuple(us)
        res = op.backward(m, g, *vals)
        if not isinstance(res, tuple):
            res = (res,)
        total = None
        for a, r, t in zip(args, res, tangents):
            if r is None or t is None:
                continue
            r = m.sum_to(r, a._data.shape)
            part = (r * (t if graph else make(t._data))).sum()
            total = part if total is None else total + part
        wanted = [u for u in us if u is not None]
        if total is None or not total._requires_grad:
            found = [None] * len(wanted)
        else:
            found = list(grad(total, wanted, allow_unused=True, create_graph=graph))
    it = iter(found)
    return tuple(None if u is None else next(it) for u in us)


def _fit(r, out: Tensor, nb: int) -> Tensor:
    """The tangent shaped and typed like ``out`` (plus the level's batch dims)."""
    shape = out._data.shape
    dt = out._data.dtype
    if isinstance(r, Tensor):
        lead = tuple(r._data.shape[:nb])
        if r._data.shape != lead + shape:
            if r._data.ndim - nb < len(shape):
                r = r.reshape(lead + (1,) * (len(shape) - r._data.ndim + nb) + tuple(r._data.shape[nb:]))
            r = r.expand(lead + shape)
        if r._data.dtype != dt:
            r = r.to(dtypes.from_numpy_dtype(dt))
        return r
    arr = np.asarray(r)
    lead = tuple(arr.shape[:nb]) if arr.ndim >= nb else ()
    if arr.shape != lead + shape:
        if arr.ndim - nb < len(shape):
            arr = arr.reshape(lead + (1,) * (len(shape) - arr.ndim + nb) + arr.shape[nb:])
        arr = np.broadcast_to(arr, lead + shape)
    if arr.dtype != dt:
        arr = arr.astype(dt)
    elif not arr.flags.writeable:
        arr = arr.copy()
    return make(arr)


# -- custom Functions ---------------------------------------------------------------------------

def function_jvp(cls, ctx, args, outs) -> None:
    """``Function.jvp(ctx, *tangents)`` gives the outputs' tangents (called by Function.apply)."""
    lv = _levels[-1]
    tangents = [get_tangent(a, lv.index) if isinstance(a, Tensor) else None for a in args]
    if all(t is None for t in tangents):
        return
    vmappable = getattr(cls, "generate_vmap_rule", False) or any("vmap" in vars(k) for k in cls.__mro__)
    if lv.nb and _inst.transforms and not vmappable:
        # batched tangents are jacfwd's vmap over jvp: torch asks the Function for a vmap rule first
        raise RuntimeError(f"You tried to vmap over {cls.__name__}, but it does not have vmap support. Please "
                           f"override and implement the vmap staticmethod or set generate_vmap_rule=True. For more "
                           f"details, please see https://pytorch.org/docs/main/notes/extending.func.html")
    jvp = getattr(cls, "jvp", None)
    if jvp is None:
        raise NotImplementedError("You must implement the jvp function for custom autograd.Function to use it "
                                  "with forward mode AD.")
    lead = next(t._data.shape[:lv.nb] for t in tangents if t is not None)
    ts = [(t if t is not None else make(np.zeros(lead + a._data.shape, a._data.dtype)))
          if isinstance(a, Tensor) else None for a, t in zip(args, tangents)]
    ctx._in_jvp = True
    try:
        with _paused(), no_grad():
            res = jvp(ctx, *ts)
    finally:
        ctx._in_jvp = False
    res = res if isinstance(res, tuple) else (res,)
    tensor_outs = [o for o in (outs if isinstance(outs, tuple) else (outs,)) if isinstance(o, Tensor)]
    if len(res) != len(tensor_outs):
        raise errors.AutogradError(f"jvp of {cls.__name__} returned {len(res)} tangents, expected "
                                   f"{len(tensor_outs)}")
    for o, r in zip(tensor_outs, res):
        if r is not None:
            _set_tangent(o, _fit(r, o, lv.nb), lv)



def has_tangents(args) -> bool:
    level = _levels[-1].index
    return any(isinstance(a, Tensor) and get_tangent(a, level) is not None for a in args)


def _snapshot_self(self, args):
    """Before an in-place op with tangents: the value and tangent of ``self`` the rule needs."""
    if not has_tangents(args):
        return None
    old = make(self._data.copy())
    old._x = self._x
    return old


def _take_tangents(dst: Tensor, src: Tensor) -> None:
    """An in-place view op (``transpose_``, ``unsqueeze_``...) reshapes a tensor's tangent with it:
    ``dst`` takes the tangents ``src``, the op's out-of-place result, got."""
    x = src._x
    if x is None or not x.tangents:
        return
    for lv in _levels:
        tangent = x.tangents.get(lv.index)
        if tangent is not None:
            _set_tangent(dst, tangent, lv)


_inst.forward_ad_hooks = (propagate, _snapshot_self, _take_tangents)
