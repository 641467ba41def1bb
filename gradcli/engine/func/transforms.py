"""``torch.func``'s function transforms: grad, grad_and_value, vjp, jvp, linearize, jacrev, jacfwd,
hessian. Each returns a function; they compose (``grad(grad(f))``, ``jacrev(jacfwd(f))``) because
each one runs the engine's autograd on fresh aliases of its inputs and keeps the graph whenever
an outer transform (or a captured tensor that requires grad) needs it.
"""
from __future__ import annotations

import contextlib
import functools

import numpy as np

from .. import errors
from .. import instrumentation as _inst
from ..autograd import forward_ad as fwAD
from ..autograd.grad_mode import transform_grad
from ..functions import cat, movedim, split
from ..ops.shape import ALIAS
from ..dispatch import call
from ..tensor import Tensor, make
from . import pytree
from .batched import BatchedTensor, full, levels_of, phys_of, wrap
from .batched_grad import batched_grad
from .jacfwd_randomness import draws_refused, jacfwd_per_row
from .batched import active as _vmap_levels
from ..autograd.graph import captured
from .levels import grad_tracking, keeps_graph, level, nested, track

__all__ = ["grad", "grad_and_value", "hessian", "jacfwd", "jacrev", "jvp", "linearize", "vjp"]


def _argnums(argnums, args: tuple) -> tuple:
    """The positions to differentiate, checked in torch's order and words (``_slice_argnums``)."""
    if not isinstance(argnums, (int, tuple)):
        raise errors.AutogradError(f"argnums must be int or Tuple[int, ...], got: {type(argnums)}")
    nums = (argnums,) if isinstance(argnums, int) else argnums
    for n in nums:
        if not isinstance(n, int):
            raise errors.AutogradError(f"argnum must be int, got: {type(n)}")
        if not -len(args) <= n < len(args):
            raise errors.AutogradError(f"Got argnum={n}, but only {len(args)} positional inputs")
    wrapped = tuple(n % len(args) for n in nums)
    if isinstance(argnums, tuple):
        if not wrapped:
            raise errors.AutogradError("argnums must be non-empty")
        if len(set(wrapped)) != len(wrapped):
            raise errors.AutogradError(f"argnums elements must be unique, got {wrapped}")
    return wrapped


def _tracked_args(args: tuple, nums: tuple):
    """The args with those at ``nums`` replaced by tracked aliases; and the flat list of aliases per argnum."""
    args = list(args)
    flat = []
    for n in nums:
        leaves, spec = pytree.flatten(args[n])
        tracked = [track(leaf) for leaf in leaves]
        args[n] = pytree.unflatten(spec, tracked)
        flat.append((tracked, spec))
    return args, flat


def _originals(args: tuple, nums: tuple) -> list:
    return [leaf for n in nums for leaf in pytree.flatten(args[n])[0]]


def _only_tensors(outs, api: str) -> None:
    for o in outs:
        if not isinstance(o, Tensor):
            raise errors.AutogradError(f"{api}: expected f(*primals) to return only tensors, got unsupported type "
                                       f"{type(o)}")


def _float_outputs(outs) -> None:
    """vjp and jacrev differentiate floating outputs only (grad gives zeros for an integer one)."""
    for o in outs:
        if o._data.dtype.kind not in "fc":
            raise errors.AutogradError(f"vjp(f, ...): All outputs of f must be floating-point or complex Tensors, "
                                       f"got Tensor with dtype {o.dtype}")


def _refuse_complex(api: str, values, what: str) -> None:
    """jacrev and jacfwd take real inputs (all the args, flattened, whatever argnums) and outputs."""
    for i, t in enumerate(pytree.flatten(values)[0]):
        if isinstance(t, Tensor) and t._data.dtype.kind == "c":
            raise errors.AutogradError(f"{api}: Expected all {what} to be real but received complex tensor at "
                                       f"flattened input idx: {i}")


def _split_aux(out, has_aux: bool, name: str):
    if not has_aux:
        return out, None
    if not (isinstance(out, tuple) and len(out) == 2):
        raise errors.AutogradError(f"{name}: output of function f should be a tuple: (output, aux) "
                                   "if has_aux is True")
    for leaf in pytree.flatten(out[1])[0]:    # torch unwraps aux from the transform: tensors only
        if not isinstance(leaf, Tensor):
            raise errors.AutogradError(f"Expected tensors, got unsupported type {type(leaf)}")
    return out


def _finish(value, keep: bool):
    """What a transform hands back at the outermost level: plain tensors, no graph."""
    return value if keep else pytree.map_leaves(_detach, value)


def _detach(t):
    if isinstance(t, BatchedTensor):
        return wrap(t._phys.detach(), t._lv)
    return t.detach() if isinstance(t, Tensor) else t


def _zeros_for(leaves, found):
    return [g if g is not None else wrap(make(np.zeros(t._data.shape, t._data.dtype)), levels_of(t))
            for t, g in zip(leaves, found)]


# -- grad ------------------------------------------------------------------------------------------

def grad_and_value(func, argnums=0, has_aux: bool = False):
    """``(gradient, value)`` of a function returning a scalar tensor (and ``(gradient, (value, aux))``)."""
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        nums = _argnums(argnums, args)
        outer = nested()
        with transform_grad(), level():
            targs, flat = _tracked_args(args, nums)
            with grad_tracking(targs):
                out, aux = _split_aux(func(*targs, **kwargs), has_aux, "grad_and_value(f)(*args)")
            if not isinstance(out, Tensor):
                raise errors.AutogradError(f"grad_and_value(f)(*args): Expected f(*args) to return a Tensor, got "
                                           f"{type(out)}")
            if out.ndim != 0:
                raise errors.AutogradError(f"grad_and_value(f)(*args): Expected f(*args) to return a scalar Tensor, "
                                           f"got tensor with {out.ndim} dims. Maybe you wanted to use the vjp or "
                                           f"jacrev APIs instead?")
            leaves = [t for tracked, _ in flat for t in tracked]
            keep = keeps_graph([out], leaves, _originals(args, nums), outer)
            found = (batched_grad([out], leaves, [None], create_graph=keep, allow_unused=True)
                     if out._requires_grad else [None] * len(leaves))
        grads = iter(_zeros_for(leaves, found))
        per_arg = [pytree.unflatten(spec, [next(grads) for _ in tracked]) for tracked, spec in flat]
        g = per_arg[0] if isinstance(argnums, int) else tuple(per_arg)
        value = (out, aux) if has_aux else out
        return _finish(g, keep), _finish(value, keep)
    return wrapper


def grad(func, argnums=0, has_aux: bool = False):
    """The gradient of a function returning a scalar tensor, with respect to the args at ``argnums``."""
    both = grad_and_value(func, argnums, has_aux)

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        g, value = both(*args, **kwargs)
        return (g, value[1]) if has_aux else g
    return wrapper


# -- vjp, jvp, linearize --------------------------------------------------------------------------

def vjp(func, *primals, has_aux: bool = False):
    """``(output, vjp_fn)``: ``vjp_fn(cotangents)`` gives one gradient per primal."""
    outer = nested()
    with transform_grad(), level():
        targs, flat = _tracked_args(primals, tuple(range(len(primals))))
        with grad_tracking(targs):
            out, aux = _split_aux(func(*targs), has_aux, "vjp(f, *primals)")
    out_leaves, out_spec = pytree.flatten(out)
    _only_tensors(out_leaves, "vjp(f, *primals)")
    _float_outputs(out_leaves)
    leaves = [t for tracked, _ in flat for t in tracked]
    keep = keeps_graph(out_leaves, leaves, primals, outer)

    def vjp_fn(cotangents, retain_graph=True, create_graph=None):
        """torch's signature; the graph is always kept, and recorded when something outside needs it."""
        cts, _ = pytree.flatten(cotangents)
        if pytree.flatten(cotangents)[1] != out_spec:
            raise errors.AutogradError(f"Expected pytree structure of cotangents to be the same as pytree structure "
                                       f"of outputs to the function. cotangents: {pytree.pprint(cotangents)}, "
                                       f"primal output: {pytree.pprint(out)}")
        pairs = [(o, c) for o, c in zip(out_leaves, cts) if o._requires_grad]
        graph = keep or nested() or any(isinstance(c, Tensor) and c._requires_grad for c in cts)
        with transform_grad(), level():
            found = batched_grad([o for o, _ in pairs], leaves, [c for _, c in pairs], retain_graph=True,
                                 create_graph=graph, allow_unused=True) if pairs else [None] * len(leaves)
        grads = iter(_zeros_for(leaves, found))
        result = tuple(pytree.unflatten(spec, [next(grads) for _ in tracked]) for tracked, spec in flat)
        return _finish(result, graph)

    result = (_finish(out, keep), vjp_fn)
    return result + (_finish(aux, keep),) if has_aux else result


def jvp(func, primals, tangents, *, strict: bool = False, has_aux: bool = False):
    """``(output, J tangents)``: forward mode when nothing outside needs a graph, else the double-vjp trick."""
    if not isinstance(primals, tuple):
        raise errors.AutogradError("jvp(f, primals, tangents): Expected primals to be a tuple. E.g. it should be "
                                   "valid to call f(*primals).")
    p_leaves, p_spec = pytree.flatten(primals)
    t_leaves, t_spec = pytree.flatten(tangents)
    if p_spec != t_spec:
        raise errors.AutogradError(f"jvp(f, primals, tangents): Expected primals and tangents to have the same "
                                   f"python structure. For example, if primals is a tuple of 3 tensors, tangents "
                                   f"also must be. Got primals with structure {pytree.spec_repr(primals)} and "
                                   f"tangents with structure {pytree.spec_repr(tangents)}")
    for name, leaves in (("primals", p_leaves), ("tangents", t_leaves)):
        if not leaves:
            raise errors.AutogradError(f"jvp(f, primals, tangents): Expected {name} to contain at least one Tensor.")
        for leaf in leaves:
            if not isinstance(leaf, Tensor):
                raise errors.AutogradError(f"jvp(f, primals, tangents): Expected {name} to only contain Tensors, "
                                           f"got {type(leaf)}")
    for p, t in zip(p_leaves, t_leaves):
        if tuple(p.shape) != tuple(t.shape):
            raise errors.AutogradError(f"Trying to set a forward gradient that has a different size than that of the "
                                       f"original Tensor, this is not supported. Tensor is of size {list(p.shape)} "
                                       f"while the given forward gradient is of size {list(t.shape)}.")
    plain = not nested() and not fwAD._levels and not any(x._requires_grad for x in p_leaves + t_leaves)
    if plain:
        with fwAD.dual_level() as dual, level():
            duals = pytree.unflatten(p_spec, [_dual(p, t) for p, t in zip(p_leaves, t_leaves)])
            with grad_tracking(duals, dual):
                out, aux = _split_aux(func(*duals), has_aux, "jvp(f, primals, tangents)")
            outs, o_spec = pytree.flatten(out)
            unpacked = [_unpack(o) for o in outs]
        prim = [p for p, _ in unpacked]
        tans = _zeros_for(outs, [t for _, t in unpacked])
        result = (pytree.unflatten(o_spec, prim), pytree.unflatten(o_spec, tans))
        return result + (_finish(aux, False),) if has_aux else result
    return _jvp_by_double_vjp(func, p_leaves, p_spec, t_leaves, has_aux)


def _dual(p, t):
    """make_dual; inside vmap, on the physical tensors at every running level."""
    if not _vmap_levels:
        return fwAD.make_dual(p, t)
    lv = tuple(level for level, _ in _vmap_levels)
    return wrap(fwAD.make_dual(full(p, lv), full(t, lv)), lv)


def _unpack(o) -> tuple:
    """(primal, tangent or None) of an output; they keep the graph of a captured tensor that requires
    grad (torch's jvp gives the primal as an alias, AliasBackward0), else they have none."""
    _only_tensors([o], "jvp(f, primals, tangents)")
    phys = phys_of(o)
    u = fwAD.unpack_dual(phys)
    lv = levels_of(o)
    primal = call(ALIAS, (phys,)) if phys._requires_grad and captured([phys]) else u.primal.detach()
    tangent = u.tangent
    if tangent is not None and not (tangent._requires_grad and captured([tangent])):
        tangent = tangent.detach()
    return wrap(primal, lv), None if tangent is None else wrap(tangent, lv)


def _jvp_by_double_vjp(func, p_leaves, p_spec, t_leaves, has_aux):
    outer = nested()
    with transform_grad(), level():
        tracked = [track(p) for p in p_leaves]
        out, aux = _split_aux(func(*pytree.unflatten(p_spec, tracked)), has_aux, "jvp(f, primals, tangents)")
        outs, o_spec = pytree.flatten(out)
        dummies = [wrap(make(np.zeros(phys_of(o)._data.shape, o._data.dtype), requires_grad=True), levels_of(o))
                   for o in outs]
        live = [(o, u) for o, u in zip(outs, dummies) if o._requires_grad]
        vj = batched_grad([o for o, _ in live], tracked, [u for _, u in live], create_graph=True,
                          allow_unused=True) if live else [None] * len(tracked)
        total = None
        for g, t in zip(vj, t_leaves):
            if g is not None:
                part = (g * t).sum()
                total = part if total is None else total + part
        if total is None or not total._requires_grad:
            tans = [None] * len(dummies)
        else:
            tans = batched_grad([total], dummies, [None], create_graph=True, allow_unused=True)
        tans = _zeros_for(outs, tans)
        keep = keeps_graph(outs + tans, tracked, p_leaves + t_leaves, outer)
    result = (_finish(pytree.unflatten(o_spec, outs), keep), _finish(pytree.unflatten(o_spec, tans), keep))
    return result + (_finish(aux, keep),) if has_aux else result


def linearize(func, *primals):
    """``(output, jvp_fn)``: ``jvp_fn(*tangents)`` is J tangents at ``primals``; ``output`` is a plain call of
    ``func``, as torch's (with its graph when the primals or the parameters it reads require grad)."""
    out = func(*primals)

    def jvp_fn(*tangents):
        for i, (p, t) in enumerate(zip(pytree.flatten(primals)[0], pytree.flatten(tangents)[0])):
            if isinstance(p, Tensor) and isinstance(t, Tensor) and p.shape != t.shape:
                raise RuntimeError(f"tangent:{i} with shape {t.shape} in flattened pytree doesn't match the shape "
                                   f"{p.shape} of the corresponding primal.")
            if isinstance(p, Tensor) and isinstance(t, Tensor) and p.dtype != t.dtype:
                raise RuntimeError(f"tangent:{i} with dtype {t.dtype} in flattened pytree doesn't match the dtype "
                                   f"{p.dtype} of the corresponding primal.")
        return jvp(func, primals, tangents)[1]
    return out, jvp_fn


# -- Jacobians ---------------------------------------------------------------------------------------

def jacrev(func, argnums=0, *, has_aux: bool = False, chunk_size=None, _preallocate_and_copy: bool = False):
    """The Jacobian by reverse mode: one batched backward over the identity per output."""
    if chunk_size is not None and (not isinstance(chunk_size, int) or chunk_size <= 0):
        raise ValueError("jacrev: `chunk_size` should be greater than 0.")

    @functools.wraps(func)
    def wrapper(*args):
        _refuse_complex("jacrev", args, "inputs")
        nums = _argnums(argnums, args)
        outer = nested()
        with transform_grad(), level():
            targs, flat = _tracked_args(args, nums)
            with grad_tracking(targs):
                out, aux = _split_aux(func(*targs), has_aux, "vjp(f, *primals)")
            outs, o_spec = pytree.flatten(out)
            _only_tensors(outs, "vjp(f, *primals)")
            _float_outputs(outs)
            _refuse_complex("jacrev", outs, "outputs")
            leaves = [t for tracked, _ in flat for t in tracked]
            keep = keeps_graph(outs, leaves, _originals(args, nums), outer)
            if len(outs) > 1 and all(isinstance(o, Tensor) and o._requires_grad for o in outs):
                blocks = _stacked_rows(outs, leaves, keep, chunk_size)
            else:
                blocks = [_jacobian_rows(o, leaves, keep, chunk_size, last=k == len(outs) - 1)
                          for k, o in enumerate(outs)]
        per_out = []
        for rows in blocks:
            it = iter(rows)
            per_arg = [pytree.unflatten(spec, [next(it) for _ in tracked]) for tracked, spec in flat]
            per_out.append(per_arg[0] if isinstance(argnums, int) else tuple(per_arg))
        jac = pytree.unflatten(o_spec, per_out)    # without keep, the rows are fresh tensors without a graph
        return (jac, _finish(aux, keep)) if has_aux else jac
    return wrapper


def _jacobian_rows(out, leaves, keep: bool, chunk_size, last: bool = True):
    """d out / d leaf for every leaf, shaped out.shape + leaf.shape. The last backward over the
    graph (``last`` output, last chunk) frees it unless ``keep``: freeing is faster."""
    _only_tensors([out], "vjp(f, *primals)")
    n = out.numel()
    shapes = [tuple(out.shape) + tuple(t.shape) for t in leaves]
    if not out._requires_grad or n == 0:
        return [make(np.zeros(s, t._data.dtype)) for s, t in zip(shapes, leaves)]
    if n == 1:      # one row: a plain backward, whose graph (for hessian's outer jacrev) is simpler
        found = batched_grad([out], leaves, [None], retain_graph=keep or not last, create_graph=keep,
                             allow_unused=True)
        return [make(np.zeros(s, t._data.dtype)) if g is None else _shape_row(g, s)
                for g, s, t in zip(found, shapes, leaves)]
    step = n if chunk_size is None else chunk_size
    _check_shapes([(min(step, n), n)] + shapes)
    parts = []
    for start in range(0, n, step):
        count = min(step, n - start)
        basis = np.zeros((count, n), out._data.dtype)
        basis[np.arange(count), start + np.arange(count)] = 1
        retain = keep or not last or start + count < n
        found = batched_grad([out], leaves, [make(basis.reshape((count,) + tuple(out.shape)))], retain_graph=retain,
                             create_graph=keep, allow_unused=True, is_grads_batched=True)
        parts.append([g if g is not None else make(np.zeros((count,) + tuple(t.shape), t._data.dtype))
                      for g, t in zip(found, leaves)])
    rows = []
    for i, s in enumerate(shapes):
        pieces = [p[i] for p in parts]
        whole = pieces[0] if len(pieces) == 1 else _cat(pieces)
        rows.append(_shape_row(whole, s))
    return rows


def _stacked_rows(outs, leaves, keep: bool, chunk_size) -> list:
    """Every output's rows from one backward over the stacked basis, as torch's jacrev does for
    several outputs (so a row gets the sum of every output's part, +0. included): per output, one
    block per leaf shaped out.shape + leaf.shape."""
    numels = [o.numel() for o in outs]
    n = sum(numels)
    step = n if chunk_size is None else chunk_size
    _check_shapes([(min(step, n), n)] + [(n,) + tuple(t.shape) for t in leaves])
    parts = []
    for start in range(0, n, step):
        count = min(step, n - start)
        basis = np.zeros((count, n), outs[0]._data.dtype)
        basis[np.arange(count), start + np.arange(count)] = 1
        cts, offset = [], 0
        for o, k in zip(outs, numels):
            cts.append(make(np.ascontiguousarray(basis[:, offset:offset + k]).reshape((count,) + tuple(o.shape))))
            offset += k
        found = batched_grad(list(outs), leaves, cts, retain_graph=keep or start + count < n, create_graph=keep,
                             allow_unused=True, is_grads_batched=True)
        parts.append([g if g is not None else make(np.zeros((count,) + tuple(t.shape), t._data.dtype))
                      for g, t in zip(found, leaves)])
    per_leaf = []
    for i, leaf in enumerate(leaves):
        pieces = [p[i] for p in parts]
        whole = pieces[0] if len(pieces) == 1 else _cat(pieces)
        rows = split(whole, numels, 0) if whole._requires_grad else np.split(whole._data, np.cumsum(numels)[:-1])
        per_leaf.append([r.view(tuple(o.shape) + tuple(leaf.shape)) if isinstance(r, Tensor) else
                         make(np.ascontiguousarray(r).reshape(tuple(o.shape) + tuple(leaf.shape)))
                         for r, o in zip(rows, outs)])
    return [[per_leaf[i][k] for i in range(len(leaves))] for k in range(len(outs))]


def _check_shapes(shapes) -> None:
    """The run's --max-elements for a basis or Jacobian built here with numpy, before building it."""
    if _inst.limit is not None:
        for shape in shapes:
            _inst.check_shape(shape)


def _shape_row(whole, shape: tuple):
    """The rows of one input shaped out.shape + input.shape; with a graph, as torch does it: the
    stacked rows split by output, then viewed (ViewBackward0 over SplitWithSizesBackward0)."""
    if not whole._requires_grad:
        return whole if tuple(whole.shape) == shape else whole.reshape(shape)
    if whole.ndim:
        whole = split(whole, [whole.shape[0]], 0)[0]
    return whole.view(shape)


def _cat(pieces):
    """The chunks' rows joined (by the engine when they have a graph or are batched: under vmap the
    physical arrays carry the batch dims in front)."""
    if any(p._requires_grad or isinstance(p, BatchedTensor) for p in pieces):
        return cat(pieces)
    return make(np.concatenate([p._data for p in pieces]))


def jacfwd(func, argnums=0, has_aux: bool = False, *, randomness: str = "error"):
    """The Jacobian by forward mode: the identity pushed through one forward pass as batched
    tangents (inside vmap, on the physical tensors: every example's Jacobian at once). Inside
    another transform (which needs a graph) it takes the reverse-mode route, which gives the
    same matrix."""
    if randomness not in ("error", "different", "same"):
        raise errors.AutogradError(f"Only allowed values for randomness are 'error', 'different', or 'same'. "
                                   f"Got {randomness}")

    @functools.wraps(func)
    def wrapper(*args):
        if randomness == "different":
            _refuse_complex("jacfwd", args, "inputs")
            return jacfwd_per_row(func, args, _argnums(argnums, args), argnums, has_aux, jvp)
        with draws_refused() if randomness == "error" else contextlib.nullcontext():
            return _jacfwd(func, argnums, has_aux, args)
    return wrapper


def _jacfwd(func, argnums, has_aux: bool, args: tuple):
    """jacfwd with every basis row sharing the function's draws (randomness 'same' or 'error')."""
    _refuse_complex("jacfwd", args, "inputs")
    nums = _argnums(argnums, args)
    flat_in = [pytree.flatten(args[n]) for n in nums]
    leaves = [leaf for ls, _ in flat_in for leaf in ls]
    if nested() or fwAD._levels or any(isinstance(t, Tensor) and t._requires_grad for t in leaves):
        with level():       # torch's two levels (vmap over jvp) where jacrev has one
            return jacrev(func, argnums, has_aux=has_aux)(*args)
    for t in leaves:
        if not isinstance(t, Tensor):
            raise AttributeError(f"'{type(t).__name__}' object has no attribute 'numel'")   # torch's
        if t._data.dtype.kind not in "fc":
            raise ValueError(f"Expected primal to be floating point or complex, but got: {t.dtype}")
    sizes = [t.numel() for t in leaves]
    total = sum(sizes)
    _check_shapes([(total,) + tuple(phys_of(t)._data.shape) for t in leaves])
    args = list(args)
    with fwAD.dual_level(_nb=1) as dual, level(), level():    # torch's two levels: vmap over jvp
        offset, it = 0, iter(range(len(leaves)))
        for k, n in enumerate(nums):
            ls, spec = flat_in[k]
            duals = []
            for leaf in ls:
                i = next(it)
                basis = np.zeros((total, sizes[i]), leaf._data.dtype)
                basis[offset + np.arange(sizes[i]), np.arange(sizes[i])] = 1
                offset += sizes[i]
                duals.append(_basis_dual(leaf, basis.reshape((total,) + tuple(leaf.shape))))
            args[n] = pytree.unflatten(spec, duals)
        with grad_tracking(args, dual):
            out, aux = _split_aux(func(*args), has_aux, "jvp(f, primals, tangents)")
        outs, o_spec = pytree.flatten(out)
        _only_tensors(outs, "jvp(f, primals, tangents)")
        _refuse_complex("jacfwd", outs, "outputs")
        tans = [fwAD.unpack_dual(phys_of(o)).tangent for o in outs]
    per_out = []
    for o, t in zip(outs, tans):
        shape = phys_of(o)._data.shape          # inside vmap: the batch dims, then out.shape
        if t is not None and t._requires_grad and captured([t]):   # a captured tensor needs the graph
            cols = _graph_columns(t, shape, leaves, sizes, levels_of(o))
            it2 = iter(cols)
            per_arg = [pytree.unflatten(spec, [next(it2) for _ in ls]) for ls, spec in flat_in]
            per_out.append(per_arg[0] if isinstance(argnums, int) else tuple(per_arg))
            continue
        _check_shapes([(total,) + shape])
        tangent = np.zeros((total,) + shape, o._data.dtype) if t is None else t._data
        moved = np.moveaxis(tangent, 0, -1)     # shape + (total,)
        start, cols = 0, []
        for leaf, n in zip(leaves, sizes):
            cols.append(wrap(make(np.ascontiguousarray(moved[..., start:start + n]).reshape(
                shape + tuple(leaf.shape))), levels_of(o)))
            start += n
        it2 = iter(cols)
        per_arg = [pytree.unflatten(spec, [next(it2) for _ in ls]) for ls, spec in flat_in]
        per_out.append(per_arg[0] if isinstance(argnums, int) else tuple(per_arg))
    jac = pytree.unflatten(o_spec, per_out)
    return (jac, _finish(aux, False)) if has_aux else jac


def _graph_columns(tangent, shape: tuple, leaves, sizes, lv) -> list:
    """The batched tangents (total, *shape) as one Jacobian per input with their graph, by torch's
    steps: the basis dim moved last, split per input, viewed (ViewBackward0 over SplitWithSizesBackward0
    over PermuteBackward0)."""
    parts = split(movedim(tangent, 0, -1), list(sizes), -1)
    return [wrap(part.view(shape + tuple(leaf.shape)), lv) for part, leaf in zip(parts, leaves)]


def _basis_dual(leaf, basis: np.ndarray):
    """``leaf`` carrying the basis tangents (total, *leaf.shape); inside vmap, the physical tensor
    at every running level carries them for every example: (total, *batch sizes, *leaf.shape)."""
    if not _vmap_levels:
        return fwAD.make_dual(leaf, make(basis))
    lv = tuple(level for level, _ in _vmap_levels)
    p = full(leaf, lv)
    nb = len(lv)
    spread = np.broadcast_to(basis.reshape(basis.shape[:1] + (1,) * nb + basis.shape[1:]),
                             basis.shape[:1] + tuple(p._data.shape))
    return wrap(fwAD.make_dual(p, make(spread)), lv)


def hessian(func, argnums=0):
    """The Hessian, as torch computes it: jacfwd(jacrev(func)), forward-over-reverse (the same
    numbers as reverse-over-reverse, but the zeros keep torch's signs: -0. where torch prints it)."""
    return jacfwd(jacrev(func, argnums), argnums)

