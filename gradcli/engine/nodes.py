"""Backward nodes made from op-table records, and the two steps every such node shares:
reading its saved values in the vocabulary of the pass, and fitting each gradient to the
shape and dtype of the input it flows to.

``ops.registry.defop`` gives each record a subclass of :class:`OpNode` (or
:class:`MultiOutputNode`) named as torch names it, so ``type(node).__name__`` is torch's.
"""
from __future__ import annotations

import numpy as np

from . import dtypes, errors
from .autograd.graph import (
    HookedSavedVariable, InputMetadata, Node, SavedIndexList, SavedScalar, SavedTensor, SavedVariable, hooks_entered,
)
from .dims import GivenNegative, KernelStride
from .cascade_sum import column_sums
from .tensor import make

_asarray = np.asarray


class OpNode(Node):
    """A node made from an op-table record (its class carries ``op``)."""

    __slots__ = ("_saved", "_in_meta", "_oshape", "_odtype")

    @property
    def _input_metadata(self) -> tuple:
        """torch's name for the shape and dtype of what flows into this node: its op's output."""
        return (InputMetadata(self._oshape, self._odtype),)

    def apply(self, grads, m):
        op = self.op
        if self._odtype.kind == "c" and not op.complex_rule:    # torch's complex convention (ops/complex_parts)
            return _conjugated_apply(self, grads, m)
        saved = self._saved
        if op.masked:
            edges = self.next_functions
            if len(edges) == 2:   # a binary op (a - c with a constant c): no list to build
                needs = (edges[0][0] is not None, edges[1][0] is not None)
            else:
                needs = tuple([fn is not None for fn, _ in edges])
            res = op.backward(m, grads[0], *unpack_saved(self, m), needs=needs) if saved else \
                op.backward(m, grads[0], needs=needs)
        elif not saved:
            res = op.backward(m, grads[0])
        elif len(saved) == 1 and m.plain:   # one saved value (tanh's result, y * 2's 2): unpack_saved inline
            s = saved[0]
            c = s.__class__
            if c is SavedVariable:
                t = s.tensor
                if s.vc[0] != s.version or (s.data is None if t is None else t._grad_fn is None and s.nonleaf):
                    s.array(self)  # raises the right error
                res = op.backward(m, grads[0], s.data if t is None else t._data)
            elif c is SavedScalar and not s.freed:
                res = op.backward(m, grads[0], s.value)
            else:
                res = op.backward(m, grads[0], *unpack_saved(self, m))
        else:
            res = op.backward(m, grads[0], *unpack_saved(self, m))
        if m.plain:   # the plain backward: most gradients already have their input's shape and dtype
            if res.__class__ is not tuple:
                if res is not None:   # one input (the common unary case)
                    (fn, _), = self.next_functions
                    shape, dt = self._in_meta[0]
                    if fn is not None and res.shape == shape and (res.dtype is dt or res.dtype == dt):
                        return [res]
            elif len(res) == 2:       # two inputs (binary ops; a number's edge is None): no loop
                a, b = res
                (fa, _), (fb, _) = self.next_functions
                if fa is None or a is None:
                    a = None
                else:
                    ma = self._in_meta[0]
                    if a.shape != ma[0] or a.dtype is not ma[1] and a.dtype != ma[1]:   # (numpy's dtypes: singletons)
                        return fit_grads(self, res, m)
                if fb is None or b is None:
                    b = None
                else:
                    mb = self._in_meta[1]
                    if b.shape != mb[0] or b.dtype is not mb[1] and b.dtype != mb[1]:
                        return fit_grads(self, res, m)
                return [a, b]
        return fit_grads(self, res, m)

    def raw_apply(self, grads, m, saved=None):
        """The formula's own result, before fitting shapes and dtypes (a node called by hand), on its
        saved values or on ``saved`` (their conjugates: ops/complex_parts.conjugated_apply)."""
        if saved is None:
            saved = unpack_saved(self, m)
        if self.op.masked:
            return self.op.backward(m, grads[0], *saved,     # None where no edge, as torch's
                                    needs=tuple([fn is not None for fn, _ in self.next_functions]))
        return self.op.backward(m, grads[0], *saved)

    def release(self) -> None:
        for s in self._saved:
            c = s.__class__
            if c is SavedVariable:   # SavedVariable.release and SavedScalar.release, inline
                s.tensor = s.data = None
            elif c is SavedScalar:
                s.freed = True
            elif c not in _KEPT_AS_IS and isinstance(s, (SavedVariable, SavedScalar)):   # hooked, index lists
                s.release()

    def __dir__(self):
        return sorted((set(super().__dir__()) - {"_saved", "num_outputs"})    # gradcli's slots, not torch names
                      | {"_saved_" + name for name in type(self).op.saved_names})

    def _raw_saved(self, i: int, name: str) -> SavedTensor:
        """torch's ``_raw_saved_<name>``, for saved tensors only."""
        if not isinstance(self._saved[i], SavedVariable) or isinstance(self._saved[i], SavedIndexList):
            raise AttributeError(f"'{type(self).__name__}' object has no attribute '_raw_saved_{name}'")
        return SavedTensor(self, i)

    def _read_saved(self, i: int, name: str):
        """The ``_saved_<name>`` torch shows: tensors unpacked, numbers as torch's 0-d tensors."""
        value = self._saved[i]
        if isinstance(value, SavedVariable):
            return value.unpack(self)
        if isinstance(value, SavedScalar):
            value = value.get()
            return make(_asarray(value, dtype=_WRAPPED.get(type(value))))
        if value is None and name.endswith("_sym_strides") or value.__class__ is KernelStride:
            return ()   # torch keeps an operand's strides only for its own gradient, else shows an empty tuple
            #             (and a pool's stride as given: none)
        if name in _DIM_NAMES and self._in_meta and self._in_meta[0] is not None:
            op_name = type(self).op.name
            return _positive_dims(value, len(self._in_meta[0][0]) + (op_name in _DIM_ON_OUTPUT
                                                                     or op_name.startswith("stack.")))
        return as_uint64(value) if name in _INT64_NAMES else value


def as_uint64(value):
    """A negative int64 argument as torch shows it (an unsigned 64-bit number: -1 -> 2**64 - 1), also
    inside a tuple (roll's shifts, pad); Scalars (alpha, exponent, min) keep their sign."""
    if type(value) is int:
        return value + (1 << 64) if value < 0 else value
    if type(value) is tuple and any(type(v) is int and v < 0 for v in value):
        return tuple(as_uint64(v) for v in value)
    return value


def saved_attributes(op) -> dict:
    """The ``_saved_<name>`` properties of a record's node class: saved values, then constants, then
    derived values (class properties, not ``__getattr__``: that would slow every attribute read of
    every node in the backward pass)."""
    props = {}
    for i, name in enumerate(op.saves):
        if name not in op.internal and "_saved_" + name not in props:
            props["_saved_" + name] = property(lambda node, i=i, name=name: node._read_saved(i, name))
            props["_raw_saved_" + name] = property(lambda node, i=i, name=name: node._raw_saved(i, name))
    for name, value in op.constants.items():
        props.setdefault("_saved_" + name, property(lambda node, value=value: value))
    for name, fn in op.derived.items():
        props.setdefault("_saved_" + name, property(fn))
    return props


_WRAPPED = {bool: np.bool_, int: np.int64, float: np.float64, complex: np.complex128}
_DIM_NAMES = frozenset(("dim", "dims", "dim0", "dim1", "dim2", "dimension"))
_INT64_NAMES = frozenset(("diagonal", "offset", "shifts", "pad", "ignore_index", "padding_idx", "index", "start",
                          "end"))
# multi-output records of complex inputs that go through ops/complex_parts: det and solve, whose complex
# gradient is their real formula conjugated around, and factorizations whose real formulas would give
# a wrong complex gradient, refused there
_COMPLEX_MULTI = frozenset(("_linalg_det", "_linalg_solve_ex", "linalg_qr", "linalg_cholesky_ex", "linalg_lu",
                            "linalg_lu_factor_ex", "linalg_lstsq", "lu_unpack", "geqrf"))
_DIM_ON_OUTPUT = frozenset(("unsqueeze", "select_backward", "diagonal_backward"))   # dims of a one-dim-larger result


def _positive_dims(value, ndim: int):
    """Records keep dims negative (batch-safe); torch shows a dim given positive as positive and one
    given negative (``dims.GivenNegative``) unwrapped, as an unsigned 64-bit number."""
    if isinstance(value, int) and not isinstance(value, bool) and value < 0:
        return int(value) + (1 << 64) if isinstance(value, GivenNegative) else value % max(ndim, 1)
    if isinstance(value, tuple) and all(isinstance(v, int) for v in value):
        return tuple(_positive_dims(v, ndim) for v in value)
    return value


class MultiOutputNode(OpNode):
    """A node with several outputs (max with dim, split, unbind): absent grads become zeros."""

    __slots__ = ("_out_shapes",)

    @property
    def num_outputs(self) -> int:
        return len(self._out_shapes)

    @property
    def _input_metadata(self) -> tuple:
        return tuple(InputMetadata(s, self._odtype) for s in self._out_shapes)

    def apply(self, grads, m):
        if self.op.name in _COMPLEX_MULTI and any(meta is not None and meta[1].kind == "c" for meta in self._in_meta):
            return _conjugated_apply(self, grads, m)     # torch's complex convention, or a refusal
        return fit_grads(self, self.raw_apply(grads, m), m)

    def raw_apply(self, grads, m, saved=None):
        op = self.op
        like = next((g for g in grads if g is not None), None)
        full = tuple(g if g is not None or not op.materialize else (None if i in op.nondiff_outputs else
                                                                    m.g_zeros(like, self._out_shapes[i], like))
                     for i, g in enumerate(grads))
        return op.backward(m, full, *(unpack_saved(self, m) if saved is None else saved))


class SomeInputs:
    """Mixed into the node class of a record that declares ``edges``: an op whose inputs torch does not
    all differentiate (nll_loss's target and weight, ``2 - x``'s number) has, as torch's node, edges
    and input metadata for the ones it does only. The creation paths write one edge per input, as
    for every record, and these setters keep the declared ones: the dispatch hot path pays nothing.
    An input left out that requires grad is refused in torch's words; the formula still returns a
    gradient per input and the ones left out are dropped."""

    __slots__ = ()

    @property
    def next_functions(self) -> tuple:
        return _EDGES.__get__(self)

    @next_functions.setter
    def next_functions(self, edges) -> None:
        op = self.op
        for i, (fn, _) in enumerate(edges):
            if fn is not None and i not in op.edge_inputs:
                raise errors.AutogradError(f"The function '{op.name}' is not differentiable with respect to argument "
                                           f"'{op.inputs[i]}'. This input cannot have requires_grad True.")
        _EDGES.__set__(self, tuple([edges[i] for i in op.edge_inputs]))

    @property
    def _in_meta(self) -> tuple:
        return _META.__get__(self)

    @_in_meta.setter
    def _in_meta(self, meta) -> None:
        _META.__set__(self, tuple([meta[i] for i in self.op.edge_inputs]))

    def apply(self, grads, m):
        return fit_grads(self, self.raw_apply(grads, m), m)

    def raw_apply(self, grads, m, saved=None):
        res = super().raw_apply(grads, m, saved)
        return tuple([res[i] for i in self.op.edge_inputs]) if res.__class__ is tuple else res


_EDGES = Node.__dict__["next_functions"]    # the slots SomeInputs narrows
_META = OpNode.__dict__["_in_meta"]


_KEPT_AS_IS = frozenset((int, float, bool, tuple, type(None), str))


def unpack_saved(node, m) -> list:
    """Saved values as the vocabulary wants them: arrays (checked inline: the hot path) or tensors."""
    if hooks_entered[0]:     # hooked values are unpacked in the order they were packed, as torch's
        for i in type(node).op.pack_order:
            if node._saved[i].__class__ is HookedSavedVariable:
                node._saved[i].prefetch(node)
    if m.is_tensor:
        return [s.unpack(node) if isinstance(s, SavedVariable) else s.get() if s.__class__ is SavedScalar else s
                for s in node._saved]
    vals = []
    for s in node._saved:
        c = s.__class__
        if c is SavedVariable:
            t = s.tensor
            if s.vc[0] != s.version or (s.data is None if t is None else t._grad_fn is None and s.nonleaf):
                s.array(node)  # raises the right error
            vals.append(s.data if t is None else t._data)
        elif c in _KEPT_AS_IS:
            vals.append(s)
        elif c is SavedScalar:
            vals.append(s.get() if s.freed else s.value)
        elif isinstance(s, SavedVariable):
            vals.append(s.array(node))
        else:
            vals.append(s)
    return vals


def checked_array(node, sv):
    """A SavedVariable's array, checked as ``unpack_saved`` checks it (torch's errors for a
    modified, freed or detached value)."""
    t = sv.tensor
    if sv.vc[0] != sv.version or (sv.data is None if t is None else t._grad_fn is None and sv.nonleaf):
        sv.array(node)   # raises torch's error
    return sv.data if t is None else t._data


def _conjugated_apply(node, grads, m):
    """A complex-valued node's backward in torch's convention: ops/complex_parts (a layer above) installs
    the real one with ``set_conjugated_apply`` when the op table loads."""
    raise errors.AutogradError("complex gradients are not loaded")


def set_conjugated_apply(fn) -> None:
    global _conjugated_apply
    _conjugated_apply = fn


def fit_grads(node, res, m) -> list:
    """Sum each gradient to its input's shape and cast it to its dtype; reject what cannot fit."""
    if res.__class__ is not tuple:
        res = (res,)
    out = []
    if not m.nb and not m.is_tensor:   # the plain backward: most gradients already fit
        for (fn, _), r, meta in zip(node.next_functions, res, node._in_meta):
            if fn is None or r is None:
                out.append(None)
            elif r.shape == meta[0] and r.dtype == meta[1]:
                out.append(r)
            else:
                shape = meta[0]
                # a batch's bias gradient, (rows, columns) to (columns,): column_sums directly (sum_to's way)
                total = column_sums(r) if (len(shape) == 1 and r.__class__ is np.ndarray and r.ndim == 2
                                           and r.shape[1] == shape[0]) else None
                r = _fit_shape(node, len(out), r, shape, m) if total is None else total
                if r.dtype != meta[1]:
                    _check_complexity(r.dtype, meta[1])
                    r = _asarray(r).astype(meta[1])
                out.append(r)
        return out
    nb = m.nb
    tensor_mode = m.is_tensor
    for (fn, _), r, meta in zip(node.next_functions, res, node._in_meta):
        if fn is None or r is None:
            out.append(None)
            continue
        shape, dt = meta
        if nb or r.shape != shape:
            r = _fit_shape(node, len(out), r, shape, m)
        if tensor_mode:
            if r._data.dtype != dt:
                _check_complexity(r._data.dtype, dt)
                r = r.to(dtypes.from_numpy_dtype(dt))
        elif r.dtype != dt:
            _check_complexity(r.dtype, dt)
            r = _asarray(r).astype(dt)
        out.append(r)
    return out


def _check_complexity(grad_dtype, input_dtype) -> None:
    """torch's validate_outputs: a gradient of another dtype is cast to its input's, unless it is complex
    for a real input or (not floating) real for a complex one: a cast would drop its imaginary part."""
    if grad_dtype.kind != "f" and (grad_dtype.kind == "c") != (input_dtype.kind == "c"):
        raise errors.AutogradError("Expected isFloatingType(grad.scalar_type()) || (input_is_complex == "
                                   "grad_is_complex) to be true, but got false.  (Could this error message be "
                                   "improved?  If so, please report an enhancement request to PyTorch.)")


def _fit_shape(node, index: int, r, shape, m):
    nb = m.nb
    rshape = r.shape
    if tuple(rshape[nb:]) != shape:
        # torch sums a bigger gradient down; it refuses a smaller one (a batched gradient may lack its batch dims)
        if not nb and (len(shape) > len(rshape) or any(s != 1 and s != g for s, g in zip(shape[::-1], rshape[::-1]))):
            raise _invalid(node, index, rshape, shape)
        try:
            r = m.sum_to(r, shape)
        except (ValueError, errors.ShapeError, IndexError):
            raise _invalid(node, index, rshape, shape) from None
        if tuple(r.shape[nb:]) != shape:
            raise _invalid(node, index, rshape, shape)
    return r


def _invalid(node, index: int, rshape, shape) -> errors.ShapeError:
    return errors.ShapeError(f"Function {node.name()} returned an invalid gradient at index {index} - got "
                             f"{list(rshape)} but expected shape compatible with {list(shape)}")
