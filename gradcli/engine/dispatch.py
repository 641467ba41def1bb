"""Running an op from the table: promote dtypes, compute with numpy, record the node.

This is the per-op hot path: with grad mode off or no input requiring grad it
costs one numpy call plus one Tensor; with a graph it adds one node, its
edges and its saved variables, nothing else.
"""
from __future__ import annotations

import operator
from types import FunctionType

import numpy as np

from . import blas_order, dtypes, errors, half_opmath
from .autograd.graph import (
    NO_EDGE, SavedScalar, SavedVariable, _forward_name, _seq, edge, inplace_watchers, save, save_param,
    saved_hooks_stack,
)
from .autograd.grad_mode import mode as _mode
from .nodes import _WRAPPED, OpNode
from .tensor import _SCALARS, NO_GRAD_VIEW, CustomFunctionView, Tensor, TensorExtras, make, storage, view_source
from . import instrumentation as _inst
from .memory_layout import dense, in_iterator_layout, iterator_layout
from .overlapping_writes import (partly_overlapping, shares_by_zero_stride, writable_alias, write_accumulated,
                                 write_elementwise, write_selected)

_new = object.__new__
_ndarray = np.ndarray
_asarray = np.asarray
_FLOAT_KINDS = "fc"


# -- dtype promotion ------------------------------------------------------------------------

def _target_dtype(op, args) -> np.dtype | None:
    """The numpy dtype an op computes in, or None when the inputs already agree."""
    first = None
    mixed = False
    for a in args:
        if isinstance(a, Tensor):
            d = a._data.dtype
            if first is None:
                first = d
            elif d != first:
                mixed = True
        elif a is not None and not isinstance(a, (list, tuple, slice, str)):
            mixed = True
    if not mixed:
        if first is not None and op.promote == "float" and first.kind not in _FLOAT_KINDS:
            return dtypes.get_default_dtype().np
        return None
    dims, zero, scalars = [], [], []
    for a in args:
        if isinstance(a, Tensor):
            (dims if a._data.ndim else zero).append(dtypes.from_numpy_dtype(a._data.dtype))
        elif isinstance(a, (bool, int, float, complex, np.number, np.bool_)):
            scalars.append(a)
    res = dtypes.result_type(dims, zero, scalars)
    if res is None:
        return None
    if op.promote == "float" and res.category < 2:
        res = dtypes.get_default_dtype()
    return res.np


def unwrap(op, args) -> list:
    """The numpy operands of an op, promoted as torch would."""
    if op.promote == "keep":
        return [a._data if isinstance(a, Tensor) else a for a in args]
    target = _target_dtype(op, args)
    if target is None:
        return [a._data if isinstance(a, Tensor) else a for a in args]
    out = []
    for a in args:
        if isinstance(a, Tensor):
            d = a._data
            out.append(d if d.dtype == target else d.astype(target))
        elif isinstance(a, (bool, int, float, complex)) and target.kind in "fc":
            out.append(a)  # Python scalars are weak in numpy 2, as in torch
        elif a is None or isinstance(a, (list, tuple, slice, str)):
            out.append(a)
        else:
            out.append(_asarray(a, dtype=target))
    return out


def wrapped_ints(arrays: list) -> list:
    """Python ints beside an integer tensor they do not fit (int8 + 300): torch casts them to the
    tensor's dtype, wrapping (300 is 44 in int8); past 64 bits it refuses with torch's OverflowError."""
    dtype = next((a.dtype for a in arrays if a.__class__ is _ndarray or isinstance(a, np.generic)), None)
    return [wrapped_int(a, dtype) if a.__class__ is int and dtype is not None and dtype.kind in "iub" else a
            for a in arrays]


def wrapped_int(value: int, dtype: np.dtype) -> np.ndarray:
    """A Python int cast to an integer dtype as torch casts it: wrapping round, refused past 64 bits."""
    if value >= 1 << 64:
        raise OverflowError("int too big to convert")
    if value < -(1 << 63):
        raise OverflowError("can't convert negative int to unsigned")
    return np.array(value if value < (1 << 63) else value - (1 << 64), dtype=np.int64).astype(dtype)


# -- running an op --------------------------------------------------------------------------

def call(op, args: tuple, params: dict | None = None, _hooked: bool = True):
    """Run ``op`` on ``args`` (tensors or numbers) with keyword ``params``; record the graph.

    With a profiler or forward-mode AD active, the run goes through instrumentation, which
    calls back with ``_hooked=False``.
    """
    if _hooked and _inst.active:
        return _inst.run(op, args, params, _call)
    # numpy operands, whether any input requires grad, whether dtypes need promoting: one tensor,
    # or a tensor and a Python number, first (the common cases), then the general pass
    a = args[0]
    n = len(args)
    if a.__class__ is Tensor and (n == 1 or n == 2 and args[1].__class__ in _PY_NUMBERS):
        d = a._data
        dt = d.dtype
        needs_grad = a._requires_grad
        if n == 1:
            arrays = [d]
            slow = False
        else:
            b = args[1]
            arrays = [d, b]
            slow = b.__class__ is float and dt.kind not in "fc"   # a float beside an integer tensor promotes
    elif n == 2 and a.__class__ is Tensor and args[1].__class__ is Tensor:   # two plain tensors
        d = a._data
        dt = d.dtype
        e = args[1]._data
        arrays = [d, e]
        slow = e.dtype != dt
        needs_grad = a._requires_grad or args[1]._requires_grad
    else:
        arrays, dt, slow, needs_grad = _operands(args)
    if op.view and (arrays[0].__class__ is not _ndarray or not arrays[0].size):
        arrays[0] = view_source(args[0])  # a view must share real storage (an empty one: torch's strides)
    promote = op.promote
    if promote != "keep" and (slow or dt is None or (promote == "float" and dt.kind not in "fc")):
        arrays = unwrap(op, args)
        if slow:   # a Tensor subclass (nn.Parameter) took the scalar branch above
            needs_grad = any(isinstance(a, Tensor) and a._requires_grad for a in args)
    elif slow and promote == "keep":
        arrays = [a._data if isinstance(a, Tensor) else a for a in args]
        needs_grad = any(isinstance(a, Tensor) and a._requires_grad for a in args)
    try:
        if dt is _F16 and half_opmath.applies(op, arrays):
            out = half_opmath.forward(op, arrays, params)
        else:
            out = op.forward(*arrays, **params) if params else op.forward(*arrays)
    except ValueError as e:
        raise _shape_error(arrays, e) from None
    except OverflowError:
        arrays = wrapped_ints(arrays)
        out = op.forward(*arrays, **params) if params else op.forward(*arrays)
    record = needs_grad and _mode().grad and op.differentiable
    if op.outputs == 1:
        if out.__class__ is not _ndarray and out.__class__ not in _SCALARS:
            out = _asarray(out)
        if _inst.cap is not None and out.size > _inst.cap:
            _inst.over_cap(out)
        if op.view:
            return _make_view(op, args[0], out, params, record, args)
        # the result tensor, built in place (this is the hottest spot of the engine)
        t = _new(Tensor)
        t._data = out
        t._output_nr = 0
        t._grad = None
        t._vc = None if _mode().inference else [0]
        t._base = None
        t._x = None
        if not record:
            t._grad_fn = None
            t._requires_grad = False
            return t
        cls = op.node_cls
        node = OpNode() if op.edge_inputs is None else cls()   # filled as a plain OpNode: see call_fast
        if len(args) == 1:
            a = args[0]
            fn = a._grad_fn
            node.next_functions = ((fn, a._output_nr) if fn is not None and a._base is None else _edge(a),)
            node._in_meta = ((a._data.shape, a._data.dtype),)
        elif n == 2 and a.__class__ is Tensor and args[1].__class__ is Tensor:
            b = args[1]   # two plain tensors (h + b1, out - label): both edges inline
            fn = a._grad_fn
            ea = (fn, a._output_nr) if fn is not None and a._base is None else _edge(a) if a._requires_grad else NO_EDGE
            fn = b._grad_fn
            eb = (fn, b._output_nr) if fn is not None and b._base is None else _edge(b) if b._requires_grad else NO_EDGE
            node.next_functions = (ea, eb)
            d = b._data
            node._in_meta = ((a._data.shape, a._data.dtype), (d.shape, d.dtype))
        elif len(args) == 2 and args[0].__class__ is Tensor and args[1].__class__ is not Tensor:
            a = args[0]   # a tensor and a number: the most common binary case
            fn = a._grad_fn
            b = args[1]
            other = isinstance(b, Tensor)
            node.next_functions = ((fn, a._output_nr) if fn is not None and a._base is None else _edge(a),
                                   _edge(b) if other else NO_EDGE)
            node._in_meta = ((a._data.shape, a._data.dtype), _meta(b) if other else None)
        else:
            node.next_functions = tuple([_edge(a) for a in args])
            node._in_meta = tuple([_meta(a) for a in args])
        node._seq = next(_seq)
        node._x = None
        node._oshape = out.shape
        node._odtype = out.dtype
        node.__class__ = cls
        t._grad_fn = node
        t._requires_grad = True
        if not op.plan:
            node._saved = ()
        elif op.saves_result and not saved_hooks_stack:
            node._saved = (SavedVariable(t, 0),)   # tanh, exp, sigmoid...: the output alone
        else:
            node._saved = _save(op, args, params, t)
        if _inst.anomaly:
            _inst.remember_creation(node)
        return t
    outs = tuple(o if type(o) is _ndarray else _asarray(o) for o in out)
    if not record:
        return tuple(make(o) for o in outs)
    node = op.node_cls()
    _fill_node(node, op, args)
    node._out_shapes = tuple(o.shape for o in outs)
    node._odtype = outs[0].dtype
    nd = op.nondiff_outputs
    results = tuple(make(o) if i in nd else make(o, node, i, True) for i, o in enumerate(outs))
    if op.view:
        base = args[0]._base if args[0]._base is not None else args[0]
        for i, r in enumerate(results):
            r._base = base
            r._vc = args[0]._vc
            r._x = TensorExtras()
            r._x.view_steps = (_view_steps(args[0]) or ()) + ((op, params, i),)
            r._x.view_version = r._vc[0] if r._vc is not None else -1
            r._x.creation_meta = _forward_name(node)
    node._saved = _save(op, args, params, results) if op.plan else ()
    if _inst.anomaly:
        _inst.remember_creation(node)
    return results


_PY_NUMBERS = frozenset((float, int))


def _operands(args) -> tuple:
    """The general pass of ``call``: (numpy operands, common dtype or None, whether ``unwrap``
    must promote, whether any input requires grad)."""
    arrays = []
    dt = None
    slow = False
    needs_grad = False
    pyfloat = False
    for a in args:
        if a.__class__ is Tensor or isinstance(a, Tensor):   # nn.Parameter too
            d = a._data
            if dt is None:
                dt = d.dtype
            elif d.dtype != dt:
                slow = True
            if a._requires_grad:
                needs_grad = True
            arrays.append(d)
        else:
            if a.__class__ is float:
                pyfloat = True
            elif a.__class__ is not int and a is not None:
                slow = True   # another scalar kind, a list, a subclass: let unwrap decide
            arrays.append(a)
    if pyfloat and dt is not None and dt.kind not in "fc":
        slow = True           # a Python float with integer tensors (on either side) promotes them
    return arrays, dt, slow, needs_grad


_UNARY = object()


def call_fast(op, a, b=_UNARY):
    """``call(op, (a,))`` or ``call(op, (a, b))`` for the hottest cases, one tensor through a
    single-output elementwise record (tanh, relu...) or a tensor and a Python number (y * 1.01,
    y + 0.1), in the fewest steps; anything unusual goes through ``call``."""
    if b is _UNARY:
        return (op.fast_call or fast_call(op))(a)
    return (op.fast_call or fast_call(op))(a, b)


def fast_call(op):
    """``call_fast`` for one record: a function whose facts about the record (its forward, its ufunc,
    its node class, what it saves) were read once, when it was made, on the record's first fast call,
    and kept as ``op.fast_call`` (each attribute of a record costs a lookup on every op). A record of
    two inputs gets the runner of a tensor and a Python number, any other the runner of one tensor;
    each has a code object of its own (``own_code``)."""
    run = own_code(_number_runner(op, lambda a, b: _slow_call(op, a, b)) if len(op.inputs) == 2 else
                   _unary_runner(op))
    op.fast_call = run
    return run


def operator_call(op, function):
    """``Tensor.__mul__`` and the like: ``function`` (the operator's own, as ``F.mul``), its tensor and
    Python number case run by ``op``'s number runner without the function's call in between (a
    call is a tenth of a 1000-element ``y * 1.01``). Anything else goes to ``function``."""
    return own_code(_number_runner(op, function))


def unary_function(op, name: str, doc: str):
    """``torch.<name>(input)`` for a record of one tensor: its runner itself, named as the function
    (Python's errors for a wrong call name it), without a call in between."""
    run = own_code(_unary_runner(op), name)
    run.__doc__ = doc
    return run


def own_code(fn, name: str | None = None):
    """``fn`` with a copy of its code object (named ``name`` if given). CPython 3.11 specializes an
    attribute store or load to the one class it sees, and keeps that per code object: a runner shared
    by all records sees a different node class on every op of a chain (mul, add, tanh) and falls back
    to generic stores; each record's own copy sees its own node class only."""
    code = fn.__code__.replace() if name is None else fn.__code__.replace(co_name=name, co_qualname=name)
    run = FunctionType(code, fn.__globals__, code.co_name, fn.__defaults__, fn.__closure__)
    run.__qualname__ = code.co_qualname
    return run


def _slow_call(op, a, b):
    """What a runner hands to ``call``: anything unusual (not a plain tensor, a profiler, float16, a
    dtype to promote, numpy's errors); a non-tensor where the record takes one tensor is refused."""
    if b is _UNARY:
        if not isinstance(a, Tensor):   # torch.relu(array), torch.sigmoid(0.5)
            raise TypeError(f"{op.name}(): argument 'input' (position 1) must be Tensor, not {errors.type_name(a)}")
        return call(op, (a,))
    return call(op, (a, b))


def _unary_runner(op):
    """``call(op, (input,))`` for a single-output record of one tensor (tanh, relu, x.sum())."""
    forward = op.forward
    fast = op.unary_fast
    promote_float = op.promote == "float"
    differentiable = op.differentiable
    cls = None    # the node class, read on the first recording call (a command that records none makes none)
    elementwise = op.elementwise
    plan = op.plan
    skips = op.skips
    saves_result = op.saves_result
    saves_sizes = plan == _SAVES_SIZES
    # ops.rounded's forwards: a float32 array above a size is numpy's own function's (no call between)
    wide, wide_above = getattr(forward, "float32_above", (None, 0))

    def run(input):
        nonlocal cls
        a = input
        if a.__class__ is not Tensor or not fast or _inst.active:
            return _slow_call(op, a, _UNARY)
        d = a._data
        dt = d.dtype
        if dt is not _F32 and (dt is _F16 or promote_float and dt.kind not in _FLOAT_KINDS):
            return call(op, (a,))   # (half_opmath's ops; promoted to float)
        try:
            out = wide(d) if wide is not None and dt is _F32 and d.size > wide_above else forward(d)
        except (ValueError, OverflowError):
            return call(op, (a,))   # its errors, as call words them
        oc = out.__class__
        if oc is not _ndarray and oc not in _SCALARS:
            out = _asarray(out)
        if _inst.cap is not None and out.size > _inst.cap:   # a script's session: its size limit and timeout
            _inst.over_cap(out)
        t = _new(Tensor)
        t._data = out
        t._output_nr = 0
        t._grad = None
        t._base = None
        t._x = None
        if not (a._requires_grad and differentiable and _mode().grad):
            t._vc = None if _mode().inference else [0]
            t._grad_fn = None
            t._requires_grad = False
            return t
        vc = t._vc = [0]
        if cls is None:
            cls = op.node_cls
        node = cls()
        fn = a._grad_fn
        node.next_functions = ((fn, a._output_nr) if fn is not None and a._base is None else _edge(a),)
        shape = d.shape
        node._in_meta = ((shape, dt),)
        node._oshape = shape if elementwise else out.shape
        node._seq = next(_seq)
        node._x = None
        node._odtype = out.dtype
        t._grad_fn = node
        t._requires_grad = True
        if not plan:
            node._saved = ()
        elif saved_hooks_stack or skips:   # pack hooks, values saved for some gradients only
            node._saved = _save(op, (a,), None, t)
        elif saves_result:
            s = _new(SavedVariable)   # the output alone, kept as data: SavedVariable(t, 0) in one step
            s.tensor = None
            s.data = out
            s.vc = vc
            s.version = 0
            s.output_nr = 0
            node._saved = (s,)
        elif saves_sizes:
            node._saved = (d.shape,)   # x.sum() keeps self_sym_sizes alone
        else:
            node._saved = _save(op, (a,), None, t)
        if _inst.anomaly:
            _inst.remember_creation(node)
        return t

    return run


def _number_runner(op, slow):
    """``call(op, (a, b))`` for a single-output elementwise record of a tensor and a Python number
    (y * 1.01, y + 0.1): the number goes to numpy's ufunc as a ready 0-d array (``number_operand``).
    Anything else goes to ``slow(a, b)``."""
    forward = op.forward
    ufunc = _UFUNC_OF.get(forward)
    fast = op.unary_fast
    promote_float = op.promote == "float"
    differentiable = op.differentiable
    cls = None
    plan = op.plan
    skips = op.skips
    saves_other = plan == _SAVES_OTHER

    def run(a, b=_UNARY):
        nonlocal cls
        if a.__class__ is not Tensor or (oc := b.__class__) is not float and oc is not int or not fast or _inst.active:
            return slow(a, b)
        d = a._data
        dt = d.dtype
        if dt is not _F32 and (dt is _F16 or dt.kind not in _FLOAT_KINDS and (promote_float or oc is float)):
            return call(op, (a, b))   # (half_opmath's ops; a float beside an integer tensor promotes)
        try:
            if ufunc is not None and d.__class__ is _ndarray:
                c = _F32_NUMBERS.get(b) if dt is _F32 else None   # number_operand's cache, read inline
                out = ufunc(d, c if c is not None else number_operand(b, dt))
            else:
                out = forward(d, b)
        except (ValueError, OverflowError):
            return call(op, (a, b))   # its errors, as call words them
        oc = out.__class__
        if oc is not _ndarray and oc not in _SCALARS:
            out = _asarray(out)
        if _inst.cap is not None and out.size > _inst.cap:
            _inst.over_cap(out)
        t = _new(Tensor)
        t._data = out
        t._output_nr = 0
        t._grad = None
        t._base = None
        t._x = None
        if not (a._requires_grad and differentiable and _mode().grad):
            t._vc = None if _mode().inference else [0]
            t._grad_fn = None
            t._requires_grad = False
            return t
        t._vc = [0]
        if cls is None:
            cls = op.node_cls
        node = cls()
        fn = a._grad_fn
        node.next_functions = ((fn, a._output_nr) if fn is not None and a._base is None else _edge(a), NO_EDGE)
        shape = node._oshape = d.shape   # (the result has the tensor's shape: one tuple serves both)
        node._in_meta = ((shape, dt), None)
        node._seq = next(_seq)
        node._x = None
        node._odtype = out.dtype
        t._grad_fn = node
        t._requires_grad = True
        if not plan:
            node._saved = ()
        elif saved_hooks_stack or skips:   # pack hooks, values saved for some gradients only
            node._saved = _save(op, (a, b), None, t)
        elif saves_other:
            s = _new(SavedScalar)     # y * 2 keeps the 2: SavedScalar(b) in one step
            s.value = b
            s.freed = False
            node._saved = (s,)
        else:
            node._saved = _save(op, (a, b), None, t)
        if _inst.anomaly:
            _inst.remember_creation(node)
        return t

    return run


_SAVES_OTHER = ((0, 1),)
_SAVES_SIZES = ((3, 0),)
# the ufunc behind each arithmetic operator: called directly on an ndarray it gives the same result
# without the operator's detour through ndarray's number slots (a tenth of a 1000-element multiply)
_UFUNC_OF = {operator.add: np.add, operator.sub: np.subtract, operator.mul: np.multiply,
             operator.truediv: np.true_divide}
_UFUNC_OF.update({iterator_layout(f): u for f, u in _UFUNC_OF.items()})    # the records' forwards (ops/pointwise)
_F32, _F64 = np.dtype(np.float32), np.dtype(np.float64)   # numpy's builtin descriptors are singletons
_F16 = np.dtype(np.float16)
_F32_NUMBERS: dict = {}
_F64_NUMBERS: dict = {}


def number_operand(b, dtype):
    """A Python number beside a float32/float64 ndarray, as the 0-d array of that dtype numpy would
    cast it to anyway (a weak scalar): same bits, but a ready 0-d array skips numpy's handling of
    Python scalars (about 1 us on a 1000-element multiply, more than the loop itself). Anything
    else (zero, whose sign a cache would lose, nan, a number the dtype cannot hold exactly as an
    int or at all) is returned as it is."""
    if dtype is _F32:
        cache = _F32_NUMBERS
    elif dtype is _F64:
        cache = _F64_NUMBERS
    else:
        return b
    c = cache.get(b)
    if c is None:
        c = b.__class__
        largest, exact_int = (3.4028234663852886e38, 1 << 24) if dtype is _F32 else (1.7976931348623157e308, 1 << 53)
        if not (c is float and -largest <= b <= largest or c is int and -exact_int <= b <= exact_int) or b == 0:
            return b
        if len(cache) >= 256:
            cache.clear()
        c = cache[b] = np.array(b, dtype)
        c.flags.writeable = False
    return c


def call_binary(op, a, b):
    """``call(op, (a, b))`` for an elementwise record of two plain tensors of one float dtype (``h + b``,
    ``out - target``, ``x * y``), in the fewest steps: numpy's ufunc called directly, the result and
    node ``call`` makes (tests/engine/test_forward_fast_paths.py compares them); anything unusual
    (other dtypes, broadcast errors, a profiler, anomaly mode, saved-tensor hooks) goes through ``call``."""
    d, e = a._data, b._data
    dt = d.dtype
    if (d.__class__ is not _ndarray or e.__class__ is not _ndarray or e.dtype is not dt
            or dt is not _F32 and dt is not _F64 or _inst.active or _inst.anomaly or saved_hooks_stack
            or _mode().inference):
        return call(op, (a, b))
    try:
        out = _UFUNC_OF[op.forward](d, e)
    except ValueError:
        return call(op, (a, b))   # torch's words for a broadcast mismatch
    if not d.flags.c_contiguous and out.ndim > 1:    # (x.t() + y: laid out as x, see memory_layout.iterator_layout)
        out = in_iterator_layout((d, e), out)
    if out.__class__ is not _ndarray and out.__class__ not in _SCALARS:
        out = _asarray(out)
    if _inst.cap is not None and out.size > _inst.cap:
        _inst.over_cap(out)
    t = _new(Tensor)
    t._data = out
    t._output_nr = 0
    t._grad = None
    t._vc = [0]
    t._base = None
    t._x = None
    if not ((a._requires_grad or b._requires_grad) and _mode().grad):
        t._grad_fn = None
        t._requires_grad = False
        return t
    node = OpNode()   # filled as a plain OpNode, then given its class: see call_fast
    fn = a._grad_fn
    ea = (fn, a._output_nr) if fn is not None and a._base is None else _edge(a) if a._requires_grad else NO_EDGE
    fn = b._grad_fn
    eb = (fn, b._output_nr) if fn is not None and b._base is None else _edge(b) if b._requires_grad else NO_EDGE
    node.next_functions = (ea, eb)
    node._in_meta = ((d.shape, dt), (e.shape, dt))
    node._seq = next(_seq)
    node._x = None
    node._oshape = out.shape
    node._odtype = dt
    node.__class__ = op.node_cls
    t._grad_fn = node
    t._requires_grad = True
    node._saved = _save(op, (a, b), None, t) if op.plan else ()
    return t


def call_pow(op, input, exponent):
    """``call(pow, (input,), {"exponent": exponent})`` for a float array to a Python number (``d ** 2``),
    in the fewest steps: the result, node and saved values (self, exponent) ``call`` makes
    (tests/engine/test_forward_fast_paths.py compares them); anything unusual goes through ``call``."""
    d = input._data
    dt = d.dtype
    if (d.__class__ is not _ndarray or dt is not _F32 and dt is not _F64
            or _inst.active or _inst.anomaly or saved_hooks_stack or _mode().inference):
        return call(op, (input,), {"exponent": exponent})
    try:
        out = op.forward(d, exponent)
    except (ValueError, OverflowError):
        return call(op, (input,), {"exponent": exponent})   # its errors, as call words them
    if out.__class__ is not _ndarray and out.__class__ not in _SCALARS:
        out = _asarray(out)
    if _inst.cap is not None and out.size > _inst.cap:
        _inst.over_cap(out)
    t = _new(Tensor)
    t._data = out
    t._output_nr = 0
    t._grad = None
    t._vc = [0]
    t._base = None
    t._x = None
    if not (input._requires_grad and _mode().grad):
        t._grad_fn = None
        t._requires_grad = False
        return t
    node = OpNode()   # filled as a plain OpNode, then given its class: see call_fast
    fn = input._grad_fn
    node.next_functions = ((fn, input._output_nr) if fn is not None and input._base is None else _edge(input),)
    node._in_meta = ((d.shape, dt),)
    node._seq = next(_seq)
    node._x = None
    node._oshape = out.shape
    node._odtype = out.dtype
    node.__class__ = op.node_cls
    node._saved = (_saved_input(input), exponent)
    t._grad_fn = node
    t._requires_grad = True
    return t


def call_mm(op, input, other):
    """``call(mm, (input, other))`` for two plain matrices of one float dtype that fit (``x @ w``), in
    the fewest steps: the result, node and saved values ``call`` makes (tests/engine/test_forward_fast_paths.py
    compares them), each operand and its strides kept only for the other's gradient as torch's;
    anything unusual goes through ``call`` as ``call_linear``'s does."""
    a, b = input._data, other._data
    dt = a.dtype
    if (input.__class__ is not Tensor or other.__class__ is not Tensor or b.dtype is not dt
            or dt is not _F32 and dt is not _F64 or a.__class__ is not _ndarray or b.__class__ is not _ndarray
            or _inst.active or _inst.anomaly or saved_hooks_stack or _mode().inference):
        return call(op, (input, other))
    if _inst.limit is not None and not 0 < a.size * b.size <= _inst.limit:
        _inst.check_matmul(a, b)     # before numpy allocates the product (check_matmul's first test inline)
    out = _matmul(a, b)
    if _inst.cap is not None and out.size > _inst.cap:
        _inst.over_cap(out)
    t = _new(Tensor)
    t._data = out
    t._output_nr = 0
    t._grad = None
    t._vc = [0]
    t._base = None
    t._x = None
    ra, rb = input._requires_grad, other._requires_grad
    if not ((ra or rb) and _mode().grad):
        t._grad_fn = None
        t._requires_grad = False
        return t
    node = OpNode()   # filled as a plain OpNode, then given its class: see call_fast
    fn = input._grad_fn
    ea = ((fn, input._output_nr) if fn is not None and input._base is None
          else _edge(input) if input._requires_grad else NO_EDGE)
    fn = other._grad_fn
    node.next_functions = (ea, (fn, other._output_nr) if fn is not None and other._base is None
                           else _edge(other) if other._requires_grad else NO_EDGE)
    sa, sb = a.shape, b.shape   # (each array's attributes read once)
    node._in_meta = ((sa, dt), (sb, dt))
    node._seq = next(_seq)
    node._x = None
    node._oshape = out.shape
    node._odtype = dt
    node.__class__ = op.node_cls
    # mm's saves: self, mat2, mat2_sym_sizes, self_sym_sizes, mat2_sym_strides, self_sym_strides
    size = dt.itemsize
    ta, tb = a.strides if ra else None, b.strides if rb else None
    node._saved = (_saved_input(input) if rb else None, _saved_input(other) if ra else None, sb, sa,
                   (tb[0] // size, tb[1] // size) if rb else None, (ta[0] // size, ta[1] // size) if ra else None)
    t._grad_fn = node
    t._requires_grad = True
    return t


_matmul = blas_order.matmul


def call_linear(addmm, transpose, gemm_add, bias, input, weight):
    """``call(addmm, (bias, input, call(transpose, (weight,))), {"beta": 1, "alpha": 1})`` for
    nn.Linear's product of plain matrices of one float dtype, in the fewest steps: the view, the
    nodes and their saved values are the ones ``call`` makes (tests/engine/test_linear_fast_path.py
    compares them); anything unusual (a profiler, anomaly mode, saved-tensor hooks, inference mode,
    no_grad, mixed dtypes) goes through ``call``. None when the arrays are not an (n, k) input, an
    (m, k) weight and an (m,) bias."""
    b, x, w = bias._data, input._data, weight._data
    xs, ws, bs = x.shape, w.shape, b.shape
    if len(xs) != 2 or len(ws) != 2 or xs[1] != ws[1] or bs != ws[:1]:
        return None
    dt = x.dtype
    # (numpy's float32 and float64 descriptors are singletons: identity tests stand for equality)
    if (b.dtype is not dt or w.dtype is not dt or dt is not _F32 and dt is not _F64 or w.__class__ is not _ndarray
            or _inst.active or _inst.anomaly or saved_hooks_stack or not _mode().grad):   # (False in inference mode)
        return call(addmm, (bias, input, call(transpose, (weight,))), {"beta": 1, "alpha": 1})
    rb, rx, rw = bias._requires_grad, input._requires_grad, weight._requires_grad
    wts = (ws[1], ws[0])
    if rw:   # weight.t()'s TBackward0 node, as call(transpose, (weight,)) makes it
        tnode = transpose.node_cls()
        px = weight._x   # (a Parameter's edge, its AccumulateGrad, without _edge's call: its leaf case inline)
        tnode.next_functions = ((acc, 0) if weight._base is None and weight._grad_fn is None and px is not None
                                and (acc := px.accum) is not None and px.creation_meta is not NO_GRAD_VIEW
                                else _edge(weight),)
        tnode._in_meta = ((ws, dt),)
        tnode._seq = next(_seq)
        tnode._x = None
        tnode._oshape = wts
        tnode._odtype = dt
        tnode._saved = ()
    else:
        tnode = None
    w = w.T
    if _inst.limit is not None and not 0 < x.size * w.size <= _inst.limit:
        _inst.check_matmul(x, w)
    # weight.t() is saved (as _saved_mat2) for the input's gradient; else nothing would keep the view
    wt = _transposed(transpose, weight, w, tnode) if rx else None
    out = gemm_add(b, x, w)
    if _inst.cap is not None and out.size > _inst.cap:
        _inst.over_cap(out)
    t = _new(Tensor)
    t._data = out
    t._output_nr = 0
    t._grad = None
    t._vc = [0]
    t._base = None
    t._x = None
    if not (rb or rx or rw):
        t._grad_fn = None
        t._requires_grad = False
        return t

    node = addmm.node_cls()
    fn = input._grad_fn    # (the previous layer's output: its node's edge inline, as call's)
    ex = ((fn, input._output_nr) if fn is not None and input._base is None
          else _edge(input) if input._requires_grad else NO_EDGE)
    px = bias._x   # (the bias's edge as the weight's; the fresh view's: its own node, no view to refresh)
    node.next_functions = ((acc, 0) if rb and bias._base is None and bias._grad_fn is None and px is not None
                           and (acc := px.accum) is not None and px.creation_meta is not NO_GRAD_VIEW
                           else _edge(bias), ex, (tnode, 0) if rw else NO_EDGE)
    node._in_meta = ((bs, dt), (xs, dt), (wts, dt))
    node._seq = next(_seq)
    node._x = None
    node._oshape = (xs[0], ws[0])   # (out.shape, without numpy's attribute)
    node._odtype = dt
    # addmm's saves: mat1 (for mat2's gradient), mat2 (for mat1's), alpha, beta, both sizes, each
    # one's strides in elements where its own gradient needs its layout (each array's read once)
    size = dt.itemsize
    sx, sw = x.strides if rx else None, w.strides if rw else None
    node._saved = (_saved_input(input) if rw else None, _saved_input(wt) if rx else None, 1, 1, xs, wts,
                   (sx[0] // size, sx[1] // size) if rx else None, (sw[0] // size, sw[1] // size) if rw else None)
    t._grad_fn = node
    t._requires_grad = True
    return t


def _transposed(transpose, weight, wt, node):
    """The view ``call(transpose, (weight,))`` makes with grad mode on (same base, version counter
    and view steps), over ``wt`` (weight's array transposed), its TBackward0 ``node`` built by the caller."""
    vc = weight._vc
    view = _new(Tensor)
    view._data = wt
    view._output_nr = 0
    view._grad = None
    view._vc = vc if vc is not None else [0]   # (an inference tensor's view outside inference mode: as make)
    view._base = weight._base if weight._base is not None else weight
    view._grad_fn = node
    view._requires_grad = node is not None
    x = view._x = TensorExtras()
    steps = weight._x.view_steps if weight._x is not None else None
    x.view_steps = ((transpose, None, 0),) if steps is None else steps + ((transpose, None, 0),)
    x.view_version = vc[0] if vc is not None else -1
    return view


def call_loss(op, input, target, reduction: int):
    """``call(op, (input, target), {"reduction": reduction})`` for a pointwise loss that saves
    (self, target, reduction) (mse_loss) on two tensors of one float32/float64 dtype, in the fewest steps: the
    result, node and saved values ``call`` makes (tests/engine/test_loss_fast_path.py compares them);
    anything unusual goes through ``call`` as ``call_linear``'s does."""
    a, b = input._data, target._data
    dt = a.dtype
    ra, rb = input._requires_grad, target._requires_grad
    if (b.dtype is not dt or dt is not _F32 and dt is not _F64 or not (ra or rb)
            or _inst.active or _inst.anomaly or saved_hooks_stack or not _mode().grad):   # (False in inference mode)
        return call(op, (input, target), {"reduction": reduction})
    out = op.forward(a, b, reduction)
    if out.__class__ is not _ndarray and out.__class__ not in _SCALARS:
        out = _asarray(out)
    if _inst.cap is not None and out.size > _inst.cap:
        _inst.over_cap(out)
    t = _new(Tensor)
    t._data = out
    t._output_nr = 0
    t._grad = None
    t._vc = [0]
    t._base = None
    t._x = None
    node = OpNode()   # filled as a plain OpNode, then given its class: see call_fast
    fn = input._grad_fn
    ea = ((fn, input._output_nr) if fn is not None and input._base is None
          else _edge(input) if input._requires_grad else NO_EDGE)
    fn = target._grad_fn
    node.next_functions = (ea, (fn, target._output_nr) if fn is not None and target._base is None
                           else _edge(target) if target._requires_grad else NO_EDGE)
    node._in_meta = ((a.shape, dt), (b.shape, dt))
    node._seq = next(_seq)
    node._x = None
    node._oshape = out.shape
    node._odtype = out.dtype
    node.__class__ = op.node_cls
    node._saved = (_saved_input(input), _saved_input(target), reduction)
    t._grad_fn = node
    t._requires_grad = True
    return t


def _saved_input(t):
    """``SavedVariable(t)`` for an input (kept by reference) in one step, as call_fast builds a saved
    output; an inference tensor's refusal is SavedVariable's own."""
    vc = t._vc
    if vc is None:
        return SavedVariable(t)
    s = _new(SavedVariable)
    s.tensor = t
    s.data = None
    s.vc = vc
    s.version = vc[0]
    s.output_nr = -1
    s.nonleaf = t._grad_fn is not None
    return s


def _call(op, args, params):
    return call(op, args, params, False)


def _edge(a):
    """The edge for one argument (inlined fast path of graph.edge: a result, or a leaf such as a
    Parameter whose AccumulateGrad already exists)."""
    if (a.__class__ is Tensor or isinstance(a, Tensor)) and a._requires_grad:
        if a._base is None:
            fn = a._grad_fn
            if fn is not None:
                return (fn, a._output_nr)
            x = a._x
            if x is not None and x.accum is not None and x.creation_meta is not NO_GRAD_VIEW:
                return (x.accum, 0)
        return edge(a)
    return NO_EDGE


def _meta(a):
    if isinstance(a, Tensor):
        d = a._data
        return (d.shape, d.dtype)
    return None


def _fill_node(node, op, args) -> None:
    if len(args) == 1:
        a = args[0]
        node.next_functions = (_edge(a),)
        node._in_meta = ((a._data.shape, a._data.dtype),)
    else:
        node.next_functions = tuple([_edge(a) for a in args])
        node._in_meta = tuple([_meta(a) for a in args])
    node._seq = next(_seq)
    node._x = None


def _save(op, args, params, results) -> tuple:
    """The values a record's ``saves`` names; ``results`` is the output tensor or a tuple of them."""
    if saved_hooks_stack:
        return _save_hooked(op, args, params, results)
    unneeded = op.unneeded(args) if op.skips else ()   # mm, addmm: a constant side's operand is not kept
    saved = []
    for i, (kind, key) in enumerate(op.plan):
        if i in unneeded:
            saved.append(None)
        elif kind == 0:
            a = args[key]
            if a.__class__ is Tensor or isinstance(a, Tensor):
                saved.append(SavedVariable(a))
            else:
                saved.append(SavedScalar(a) if a.__class__ in _WRAPPED else a)
        elif kind == 1:
            r = results if results.__class__ is Tensor else results[key]
            saved.append(SavedVariable(r, key))
        elif kind == 2:   # a tensor param (an index, running stats) is saved as torch saves it
            v = params[key]
            saved.append(save_param(v) if isinstance(v, (Tensor, tuple)) else v)
        elif kind == 3:
            saved.append(args[key]._data.shape)
        else:
            d = args[key]._data
            saved.append(tuple([s // d.itemsize for s in d.strides]))
    return tuple(saved)


def _save_hooked(op, args, params, results) -> tuple:
    """``_save`` with saved-tensor hooks: the pack hooks run in torch's order (the saved inputs by
    name, alphabetically, then the outputs), whatever the record's order of ``saves``."""
    saved = [None] * len(op.plan)
    unneeded = op.unneeded(args) if op.skips else ()
    for i in op.pack_order:
        if i in unneeded:
            continue
        kind, key = op.plan[i]
        if kind == 0:
            a = args[key]
            saved[i] = save(a) if isinstance(a, Tensor) else SavedScalar(a) if a.__class__ in _WRAPPED else a
        elif kind == 1:
            saved[i] = save(results if results.__class__ is Tensor else results[key], key)
        elif kind == 2:
            saved[i] = save_param(params[key])
        elif kind == 3:
            saved[i] = args[key]._data.shape
        else:
            d = args[key]._data
            saved[i] = tuple(s // d.itemsize for s in d.strides)
    return tuple(saved)


def _view_steps(t: Tensor):
    x = t._x
    return x.view_steps if x is not None else None


def _make_view(op, src: Tensor, out, params, record: bool, args):
    """Outputs of view ops share storage and version counter with their base."""
    base = src._base if src._base is not None else src
    if record:
        node = op.node_cls()
        _fill_node(node, op, args)
        node._oshape, node._odtype = out.shape, out.dtype
        node._saved = ()
        view = make(out, node, 0, True, src._vc, base)
        if op.plan:
            node._saved = _save(op, args, params, view)
        if _inst.anomaly:
            _inst.remember_creation(node)
    else:
        view = make(out, None, 0, False, src._vc, base)
        view._requires_grad = False
    x = view._x = TensorExtras()
    if not record and src._requires_grad and not _mode().grad:
        view._requires_grad = True    # torch: a view keeps requires_grad, and remembers no_grad
        x.creation_meta = NO_GRAD_VIEW
    x.view_steps = (_view_steps(src) or ()) + ((op, params, 0),)
    if src._vc is None:
        view._vc = None     # a view of an inference tensor is one (no counter), in any mode
        x.view_version = -1
    else:
        x.view_version = src._vc[0]
    return view


# -- in-place ---------------------------------------------------------------------------------

def rebase_view(view: Tensor, node) -> None:
    """An in-place op on a view rewrites its base's history (CopySlices); the view machinery, a
    layer above, installs the real function with ``set_rebase_view`` when the package loads."""
    raise errors.AutogradError("the view machinery is not loaded")


def vjp_of(formula, primals: tuple, cotangents: tuple, create_graph: bool) -> tuple:
    """The gradients of <cotangents, formula(m, *primals)> with respect to the primals, by the autograd
    engine (installed by backward.py, a layer above): for a record whose backward differentiates its own
    formulas' graph (grid_sampler_2d_backward). ``formula`` takes a tensor vocabulary and tensors."""
    raise errors.AutogradError("the autograd engine is not loaded")


def set_vjp_of(fn) -> None:
    global vjp_of
    vjp_of = fn


def set_rebase_view(fn) -> None:
    global rebase_view
    rebase_view = fn


def call_inplace(op, self: Tensor, args: tuple, params: dict | None = None, _observed: bool = True) -> Tensor:
    """Run ``op`` and write its result into ``self``: bump the version, rebase the graph. (A profiler
    or forward-mode AD observes the call, which it runs as ``_call_inplace``: every other in-place op
    a frame fewer, such as the two of each parameter's hand-written update.)"""
    if _observed and _inst.active:
        return _inst.run_inplace(op, self, args, params, _call_inplace)
    if inplace_watchers:
        for watch in inplace_watchers:
            watch(self, op)
    grad_on = _mode().grad
    write = op.inplace
    if write is not None and not params and self.__class__ is Tensor and self._vc is not None and args[0] is self:
        # a hand-written update under no_grad (p -= lr * p.grad; p.grad.zero_()): nothing to record or
        # promote, nothing to check but what the general path would (a writable target, an operand of its
        # dtype and shape); the write and the version bump are that path's own
        d = self._data
        if (d.__class__ is _ndarray and not (grad_on and self._requires_grad)
                and (d.dtype.kind in _FLOAT_KINDS or op.promote != "float")):
            if len(args) == 1:
                fl = d.flags
                if fl.writeable and (fl.c_contiguous or not partly_overlapping(d)):
                    write(d, d)
                    self._vc[0] += 1
                    return self
            elif len(args) == 2:
                o = args[1]
                if o.__class__ is Tensor and not (grad_on and o._requires_grad):
                    e = o._data
                    if e.__class__ is _ndarray and e.dtype is d.dtype and e.shape == d.shape \
                            and (fl := d.flags).writeable and (fl.c_contiguous or not partly_overlapping(d)) \
                            and (e if (eb := e.base) is None else eb) is not (d if (db := d.base) is None else db):
                        # (_owner's test inline: views of one array take the general path, which checks them)
                        write(d, d, e)
                        self._vc[0] += 1
                        return self
    if grad_on and self._requires_grad:
        x = self._x
        if x is not None and x.creation_meta is not None:
            _refuse_view_inplace(x.creation_meta, self._output_nr)
        # torch's order: a view whose base is a leaf first, then a leaf itself
        base = self._base
        if base is not None and base._grad_fn is None:
            raise errors.GraphError(errors.VIEW_OF_LEAF_INPLACE)
        if self._grad_fn is None:
            raise errors.GraphError(errors.LEAF_INPLACE)
    try:
        arrays = unwrap(op, args)
    except OverflowError:   # a Python int cast to self's integer dtype wraps round (uint8 add_(-1))
        dt = self._data.dtype
        arrays = unwrap(op, tuple(wrapped_int(a, dt) if a.__class__ is int else a for a in args))
    target = storage(self)
    if op.name not in _READS_FIRST:
        for a in arrays:
            if a.__class__ is _ndarray and a is not target:
                check_overlap(target, a)
    record = grad_on and op.differentiable and any(isinstance(a, Tensor) and a._requires_grad for a in args)
    half = target.dtype is _F16 and half_opmath.applies(op, arrays)    # x.sigmoid_(), x.mul_(3.3) in float16
    fl = target.flags
    if op.inplace is not None and not record and not half and fl.writeable and \
            (fl.c_contiguous or not partly_overlapping(target)):
        # no graph to record: write straight into the storage, no temporary result and copy
        # (an expanded target is read-only: the general path below refuses it with torch's error)
        _check_inplace_fits(op, arrays, target)
        op.inplace(target, *arrays, **params) if params else op.inplace(target, *arrays)
        bump_version(self)
        return self
    try:
        if half:
            out = half_opmath.forward(op, arrays, params or {})
        else:
            out = op.forward(*arrays, **params) if params else op.forward(*arrays)
    except ValueError as e:
        raise _shape_error(arrays, e) from None
    out = _asarray(out)
    _check_castable(out.dtype, target.dtype)
    if out.shape != target.shape:
        try:
            np.broadcast_to(out, target.shape)
        except ValueError:
            raise errors.ShapeError(f"output with shape {list(target.shape)} doesn't match the broadcast shape "
                                    f"{list(out.shape)}") from None
    if record:
        node = op.node_cls()
        _fill_node(node, op, args)
        node._oshape, node._odtype = target.shape, target.dtype
        if any(kind == 0 and key == 0 for kind, key in op.plan):
            # the formula needs the value about to be overwritten: save a copy on the old edge
            fn, nr = node.next_functions[0]
            args = (make(target.copy(), fn, nr, fn is not None),) + tuple(args[1:])
    if not fl.writeable:
        target = _overlapping_target(op, target)
    if fl.c_contiguous or shares_by_zero_stride(target) or not partly_overlapping(target):
        np.copyto(target, out, casting="unsafe")
    else:
        _write_through_overlap(op, target, arrays, params or {}, out, half)
    bump_version(self)
    if record:
        node._saved = _save(op, args, params, self) if op.plan else ()
        if self._vc is not None:
            _saved_before_write(node._saved, self._vc)
        if _inst.anomaly:
            _inst.remember_creation(node)
        if self._base is not None:
            rebase_view(self, node)
        else:
            self._grad_fn = node
            self._output_nr = 0
            self._requires_grad = True
    return self


def _call_inplace(op, self: Tensor, args: tuple, params: dict | None = None) -> Tensor:
    return call_inplace(op, self, args, params, False)


def _owner(a: np.ndarray) -> np.ndarray:
    return a if a.base is None else a.base


_READS_FIRST = frozenset(("fill_.Tensor",))    # in-place ops torch gives no overlap check (fill_ reads item())
PARTIAL_OVERLAP = ("unsupported operation: some elements of the input tensor and the written-to tensor refer to a "
                   "single memory location. Please clone() the tensor before performing the operation.")


def check_overlap(target: np.ndarray, a: np.ndarray) -> None:
    """torch's assert_no_partial_overlap: an in-place op refuses an input whose memory partly overlaps
    the written tensor's (``b[:2].add_(b[1:])``, ``b.mul_(b[0])``). As torch's, it judges dense
    tensors only, by their memory ranges; the very same elements are fine (``q.mul_(q)``)."""
    if _owner(a) is not _owner(target) or not (dense(a) and dense(target)):
        return
    a0, t0 = a.ctypes.data, target.ctypes.data
    a1, t1 = a0 + a.nbytes, t0 + target.nbytes
    if (a0, a1) == (t0, t1) and a.strides == target.strides:
        return
    if a0 < t1 and t0 < a1:
        raise errors.AutogradError(PARTIAL_OVERLAP)


def _saved_before_write(saved: tuple, vc: list) -> None:
    """An operand that shares the written tensor's version counter (``q.mul_(q)``, a view or a
    detach of it) was saved by torch before the write: its saved version is the one before, so
    unpacking it fails as torch's does."""
    for s in saved:
        if s.__class__ is SavedVariable and s.tensor is not None and s.vc is vc:
            s.version = vc[0] - 1


def bump_version(t: Tensor) -> None:
    """Count a write. An inference tensor has no counter: outside inference mode torch refuses the
    bump, after the write (its value has changed when the error is raised)."""
    if t._vc is not None:
        t._vc[0] += 1
    elif not _mode().inference:
        raise errors.AutogradError(errors.INFERENCE_INPLACE)


def _refuse_view_inplace(meta, output_nr: int) -> None:
    """torch's refusals of in-place writes to views it cannot rebase."""
    if meta is NO_GRAD_VIEW:
        raise errors.AutogradError(
            "A view was created in no_grad mode and is being modified inplace with grad mode enabled. Given "
            "that this use case is ambiguous and error-prone, it is forbidden. You can clarify your code by "
            "moving both the view and the inplace either both inside the no_grad block (if you don't want the "
            "inplace to be tracked) or both outside (if you want the inplace to be tracked).")
    if isinstance(meta, CustomFunctionView):
        raise errors.AutogradError(
            f"Output {output_nr} of {meta} is a view and is being modified inplace. This view was created inside a "
            "custom Function (or because an input was returned as-is) and the autograd logic to handle view+inplace "
            "would override the custom backward associated with the custom Function, leading to incorrect "
            "gradients. This behavior is forbidden. You can fix this by cloning the output of the custom Function.")
    raise errors.AutogradError(
        f"Output {output_nr} of {meta} is a view and is being modified inplace. This view is the output of a "
        "function that returns multiple views. Such functions do not allow the output views to be modified "
        "inplace. You should replace the inplace operation by an out-of-place one.")


_CATEGORY = {"b": 0, "u": 1, "i": 1, "f": 2, "c": 3}


def _check_castable(result: np.dtype, target: np.dtype) -> None:
    """torch's canCast: no result of a higher category (complex > float > integer > bool) into self;
    within one, any (a uint8 tensor takes an int16 result, where numpy's same_kind refuses it)."""
    if result != target and _CATEGORY[result.kind] > _CATEGORY[target.kind]:
        raise errors.DTypeError(f"result type {dtypes.scalar_type_name(result)} can't be cast to the desired output "
                                f"type {dtypes.scalar_type_name(target)}")


# in-place ops torch lets write a tensor whose elements share memory (an expanded one): a number everywhere
_OVERLAP_WRITERS = frozenset({"zero_", "fill_"})


def _overlapping_target(op, target: np.ndarray) -> np.ndarray:
    """A read-only target as torch treats it: one with a zero stride (expand) only fill_ and zero_ write;
    a view of an expanded array without one (``x.expand(2, 3)[:, 0]``) any op writes, as torch does."""
    alias = writable_alias(target)
    if alias is None or (shares_by_zero_stride(target) and op.name not in _OVERLAP_WRITERS):
        raise errors.AutogradError(errors.INTERNAL_OVERLAP)
    return alias


_INDEXED_PARAMS = ("dim", "index", "indices")


def _write_through_overlap(op, target: np.ndarray, arrays, params: dict, out: np.ndarray, half: bool) -> None:
    """Write into a target whose elements partly share memory as torch's kernels do (see
    ``overlapping_writes``): an elementwise op element by element, an accumulating index op every
    increment, an index write (scatter_, index_put_, masked_scatter_...) only the elements it selects."""
    if op.name == "masked_scatter" or any(k in params for k in _INDEXED_PARAMS):
        if params.get("accumulate") or op.name in ("index_add", "scatter_add"):
            write_accumulated(target, out)
        else:
            write_selected(target, out, lambda other: op.forward(other, *arrays[1:], **params))
    else:
        # (float16 computes in float32 and rounds once, as the whole-tensor path: half_opmath)
        compute = (lambda *a, **p: half_opmath.forward(op, a, p)) if half else op.forward
        write_elementwise(target, compute, arrays, {k: storage(v) if isinstance(v, Tensor) else v
                                                    for k, v in params.items()})


def _check_inplace_fits(op, arrays, target) -> None:
    """What the out-of-place path learns from its result: dtype castable, shape unchanged."""
    shape, dtype = target.shape, target.dtype
    for a in arrays:
        c = a.__class__
        if c is _ndarray:
            if a.shape != shape or a.dtype != dtype:
                break
        elif c is not float or dtype.kind not in "fc":
            break
    else:   # arrays laid out as the target and Python floats it absorbs (p -= lr * g, g.zero_()): they fit
        return
    operands = [a for a in arrays if a is not None and not isinstance(a, (str, slice, tuple, list))]
    if not op.casts_to_self:
        _check_castable(np.result_type(*operands), target.dtype)
    shapes = [np.shape(a) for a in operands]
    try:
        shape = np.broadcast_shapes(*shapes)
    except ValueError as e:
        raise _shape_error(arrays, e) from None
    if shape != target.shape:
        raise errors.ShapeError(f"output with shape {list(target.shape)} doesn't match the broadcast shape "
                                f"{list(shape)}")


def _shape_error(arrays, err: ValueError) -> Exception:
    """numpy's broadcasting complaint in torch's words; other ValueErrors pass through unchanged."""
    if isinstance(err, np.linalg.LinAlgError):
        return err   # the linalg wrappers turn these into torch's messages
    shapes = [np.shape(a) for a in arrays if isinstance(a, np.ndarray)]
    if "broadcast" not in str(err) or len(shapes) < 2:
        return errors.ShapeError(str(err))
    a, b = shapes[0], shapes[1]
    for i in range(1, max(len(a), len(b)) + 1):
        x = a[-i] if i <= len(a) else 1
        y = b[-i] if i <= len(b) else 1
        if x != y and x != 1 and y != 1:
            return errors.ShapeError(f"The size of tensor a ({x}) must match the size of tensor b ({y}) at "
                                     f"non-singleton dimension {max(len(a), len(b)) - i}")
    return errors.ShapeError(str(err))


