"""The op table: one record per differentiable op (the role of torch's derivatives.yaml and
native_functions.yaml together). Everything about an op is in its record:

- ``name`` (torch's overload name, ``"pow.Tensor_Tensor"``) and ``node``, the backward node's
  class name (``PowBackward1``); ``inputs``, the tensor arguments by torch's names;
- ``forward(*arrays, **params)``: the numpy kernel; ``promote``: how inputs' dtypes combine;
- ``edges``: the inputs torch differentiates, when not all of them (nll_loss's ``self`` alone, not
  its target and weight): its node has edges to those only (see ``nodes.SomeInputs``);
- ``saves``: what the node keeps for backward, in torch's order (readable as
  ``grad_fn._saved_<name>``; saved-tensor hooks see them in this order);
- ``backward(m, g, *saved)``: the derivative, written once for both vocabularies;
- ``jvp(m, tangents, *saved)``: the forward-mode rule (elementwise records derive it from the
  backward formula, as torch's ``auto_element_wise``: see ``ops/pointwise._unary``);
- ``real``: the kernel has no complex version in torch: ``real(dtype)`` is torch's error for a
  complex input (see ``dtype_rules.complex_kernel``), raised before numpy would compute;
- ``api``: the public names of a generated wrapper (function, method, in-place, aliases,
  namespaces; see :class:`API`); hand-written wrappers declare theirs with ``public.public``;
- ``kink``: the non-differentiable point and torch's convention there (``gradcli check``);
- ``samples``: inputs for the table-wide gradcheck/gradgradcheck test and the torch parity test;
- ``rule``: the derivative in words (``gradcli ops``).

Vocabulary used by every formula:

- ``m``: the math vocabulary (numpy or engine tensors), ``m.nb`` batch dims;
- ``g``: the incoming gradient (a tuple of them for multi-output ops);
- the saved values, positionally, in the order of ``saves``: input names
  (``self``, ``other``...), ``result`` (the output), params (``dim``...), and
  ``<input>_sym_sizes`` (that input's shape);
- a backward returns one gradient per input (``None`` where there is none);
  the engine then sums it to the input's shape and casts it to its dtype;
- a record declared with ``masked=True`` also gets ``needs``, one bool per
  input, so costly formulas (matmul) skip gradients nobody asked for.

A forward-mode rule ``jvp(m, tangents, *saved)`` gets one tangent per input
(``None`` for constants) with ``m.nb`` leading batch dims and returns the
output tangent.
"""
from __future__ import annotations

import importlib
from typing import Callable, NamedTuple

import numpy as np

from ..nodes import MultiOutputNode, OpNode, SomeInputs, saved_attributes
from .lazy_families import FAMILIES


class OpTable(dict):
    """name -> record. A record of a family loaded on first use (``lazy_families``) is found by its
    name before its module is imported: the lookup imports the family. (``in`` and iteration see the
    records loaded so far; ``all_ops()`` loads the rest.)"""

    __slots__ = ()

    def __missing__(self, name: str):
        family = _FAMILY_OF.get(name)
        if family is None:
            raise KeyError(name)
        importlib.import_module(f"{__package__}.{family}")
        return dict.__getitem__(self, name)


OPS: OpTable = OpTable()
_FAMILY_OF = {name: family for family, names in FAMILIES.items() for name in names}


def all_ops() -> OpTable:
    """The whole table, the families loaded on first use imported now (``gradcli ops``, table-wide tests)."""
    for family in FAMILIES:
        importlib.import_module(f"{__package__}.{family}")
    return OPS

# How an op chooses its computation dtype from its inputs.
COMMON = "common"      # promote all inputs (add, mul, where's values...)
FLOAT = "float"        # promote, then ints become the default float (exp, div, mean...)
KEEP = "keep"          # inputs are used as they are (shape ops, indexing, reductions)
COMPARE = "compare"    # promote to compare, output is bool and never differentiable


class API(NamedTuple):
    """How scripts and Python reach a record whose arguments need no hand-written handling.

    The wrapper is generated from ``kind``: ``"unary"`` (``fn(input)``) or ``"binary"``
    (``fn(input, other)``, numbers and lists accepted on either side). ``method`` makes it a Tensor
    method, ``inplace`` adds ``Tensor.<name>_`` (and ``torch.<name>_``), ``aliases`` are other names
    of the same function (``arcsin`` for ``asin``), ``namespaces`` where it lives. Records whose
    arguments need handling (``add``'s alpha, reductions' dims) leave ``api`` unset and are made
    public with ``@public`` beside their hand-written function.

    (API and Kink are named tuples, not frozen dataclasses: ``dataclasses`` making them cost ~1% of
    every command's start.)
    """

    kind: str = "unary"
    method: bool = True
    inplace: bool = False
    aliases: tuple = ()
    namespaces: tuple = ("torch",)


class _made_on_first_read:
    """A value computed on its first read and stored in the instance's ``__dict__``, where later reads
    find it before this descriptor (it has no ``__set__``). Not ``__getattr__``: a class with one
    makes CPython 3.11 read every attribute of its instances the slow way (op.plan, op.view... are
    read on every op; the chains ran 8% slower)."""

    def __init__(self, make):
        self.make, self.name, self.__doc__ = make, make.__name__, make.__doc__

    def __get__(self, record, owner=None):
        if record is None:
            return self
        return record.__dict__.setdefault(self.name, self.make(record))   # two threads racing keep one


class OpDef:
    """One op's record, made by ``defop``. A plain class, not a dataclass: ``dataclasses`` building
    this class's 25-field ``__init__`` at import cost a millisecond of every command's start."""

    casts_to_self = False     # an in-place op that converts its source to self's dtype (copy_): no cast check
    complex_rule = False      # its backward is already in torch's complex convention (ops/complex_parts)
    node_members = None       # the node class's own members (see on_node)

    def __init__(self, name: str, node: str, inputs: tuple, forward: Callable, backward: Callable | None,
                 saves: tuple = (), jvp: Callable | None = None, promote: str = COMMON, differentiable: bool = True,
                 outputs: int = 1, nondiff_outputs: tuple = (), view: bool = False, samples: Callable | None = None,
                 rule: str = "", jvp_note: str = "", masked: bool = False, inplace: Callable | None = None,
                 api: API | None = None, kink: Kink | None = None, constants: dict | None = None,
                 derived: dict | None = None, result_names: tuple = (), internal: tuple = (),
                 saved_for: dict | None = None, materialize: bool = True, edges: tuple | None = None,
                 real: Callable | None = None, elementwise: bool = False):
        if real is not None:     # torch's kernel has no complex instantiation: its refusal before numpy computes
            forward = real_only(forward, real)
            inplace = None if inplace is None else real_only(inplace, real)
        self.real = real
        self.name = name
        self.node = node
        self.inputs = inputs
        self.forward = forward
        self.backward = backward
        self.saves = saves
        self.jvp = jvp
        self.promote = promote
        self.differentiable = differentiable
        self.outputs = outputs
        self.nondiff_outputs = nondiff_outputs
        self.view = view
        self.samples = samples
        self.rule = rule
        self.jvp_note = jvp_note
        self.masked = masked
        self.inplace = inplace        # writes the result into its first argument (no-graph fast path)
        self.api = api                # a generated public wrapper (see API)
        self.kink = kink              # where the op is not differentiable, and torch's convention there
        self.constants = {} if constants is None else constants   # saved values it always has (add's alpha = 1)
        self.derived = {} if derived is None else derived         # saved values read off the node (name -> fn(node))
        self.result_names = result_names   # torch's names for the outputs a record saves ("inverse")
        self.internal = internal      # saved for gradcli's own formulas (forward mode), not a _saved_* of torch's
        # saved value -> the inputs whose gradients read it: as torch, it is saved (and packed) only when one
        # of them requires grad, else None
        self.saved_for = {} if saved_for is None else saved_for
        # multi-output: absent output grads become zeros (False: None, as torch's formulas that return no
        # gradient when only some outputs have one)
        self.materialize = materialize
        # the inputs torch's node has edges to, by position (None: all of them)
        self.edge_inputs = None if edges is None else tuple(inputs.index(name) for name in edges)
        if self.edge_inputs is not None and masked:
            raise ValueError(f"{name}: a masked record's needs follow its inputs, so it declares no edges")
        # node_cls and pack_order: made on first read (see below). The tables every op reads are plain
        # attributes (a descriptor on the class makes each read take CPython's slow path), made with as
        # little work as the ~450 records need at import: most save an input, their output or nothing
        self.plan = tuple([(0, inputs.index(n)) if n in inputs else (1, 0) if n == "result" else _plan(self, n)
                           for n in saves]) if saves else ()
        self.saves_result = self.plan == ((1, 0),)          # saves its one output and nothing else
        self.unary_fast = self.outputs == 1 and not self.view    # dispatch.call_fast can run it (one output, no view)
        self.elementwise = elementwise   # one input, and a result of its shape (the node keeps one shape tuple)
        self.fast_call = None            # dispatch.call_fast's function for this record, made on its first use
        # (index in saves, the inputs it is saved for)
        self.skips = tuple((saves.index(name), tuple(inputs.index(i) for i in needs))
                           for name, needs in self.saved_for.items()) if self.saved_for else ()

    def __repr__(self) -> str:
        return f"OpDef({self.name!r}, {self.node!r})"

    @_made_on_first_read
    def node_cls(self) -> type:
        """The record's own node class (so ``type(n).__name__`` is torch's), made when first read and
        then stored on the record: a command that records a few ops does not pay for ~230 classes
        (a fifth of the engine's import)."""
        bases = (MultiOutputNode if self.outputs != 1 else OpNode,)
        if self.edge_inputs is not None:
            bases = (SomeInputs,) + bases
        return type(self.node, bases, {"__slots__": (), "op": self, "__module__": "torch.autograd.graph",
                                         "saves_nothing": not self.plan, **saved_attributes(self),
                                         **(self.node_members or {})})

    def on_node(self, **members) -> None:
        """Give the record's node class these members (a fast ``apply``, torch's ``name()``...). They
        are kept until the class is made, so that declaring them makes no class: making one costs
        ~50 us, and the ~50 records with members made theirs at import, ~1% of every command's start."""
        made = self.__dict__.get("node_cls")
        if made is None:
            self.node_members = {**(self.node_members or {}), **members}
            return
        for name, value in members.items():
            setattr(made, name, value)

    @_made_on_first_read
    def pack_order(self) -> tuple:
        """The saved values in torch's order (saved inputs by name, then outputs), for saved-tensor hooks."""
        return tuple(sorted(range(len(self.plan)), key=lambda i: (self.plan[i][0] == 1, self.saves[i])))

    def unneeded(self, args) -> tuple:
        """The indices in ``saves`` that no gradient to compute reads: left unsaved (None), as torch's."""
        out = ()
        for k, inputs in self.skips:
            for i in inputs:
                if getattr(args[i], "_requires_grad", False):
                    break
            else:
                out += (k,)
        return out

    def saved_param(self, node, name: str):
        """What a node of this record saved under ``name`` (for ``derived`` values)."""
        return node._saved[self.saves.index(name)]

    @property
    def saved_names(self) -> tuple:
        """The ``_saved_*`` names its nodes show, as torch's: saves less the internal ones, constants and
        derived values."""
        return tuple(n for n in self.saves if n not in self.internal) + tuple(self.constants) + tuple(self.derived)


def real_only(fn: Callable, refusal: Callable) -> Callable:
    """``fn`` behind torch's refusal of complex operands (numpy orders complex numbers, clamps and
    rounds them, or drops their imaginary parts where torch raises)."""
    def forward(*args, **params):
        for a in args:
            if a.__class__ is complex or getattr(getattr(a, "dtype", None), "kind", None) == "c":
                raise refusal(_complex_dtype(args))
        return fn(*args, **params)
    forward.__wrapped__ = fn
    return forward


def _complex_dtype(args) -> np.dtype:
    """The dtype torch names in its refusal: the first complex operand's, or what a Python complex
    number makes of the arrays beside it (``x < 1j``)."""
    arrays = [a for a in args if hasattr(a, "dtype")]
    for a in arrays:
        if a.dtype.kind == "c":
            return a.dtype
    return np.result_type(*arrays, *[a for a in args if a.__class__ is complex])


class Kink(NamedTuple):
    """A non-differentiable point and the convention the backward follows there (torch's), for
    ``gradcli check``: ``count(values)`` says how many input elements sit on it, given the node's
    saved values and leaf inputs by name (``self``, ``other``, ``result``, ``min``...) as ndarrays."""

    rule: str
    count: Callable


def _plan(op: OpDef, name: str) -> tuple:
    """How to fetch one saved value: (0, input index) | (1, output index) | (2, param) | (3, input shape) |
    (4, input strides, in elements)."""
    if name in op.inputs:
        return (0, op.inputs.index(name))
    if name == "result":
        return (1, 0)
    if name in op.result_names:
        return (1, op.result_names.index(name))
    if name.startswith("result") and name[6:].isdigit():
        return (1, int(name[6:]))
    if name == "indices" and op.outputs == 2:    # torch's name for the index output of max.dim, sort, topk...
        return (1, 1)
    if name.endswith("_sym_sizes") and name[:-10] in op.inputs:
        return (3, op.inputs.index(name[:-10]))
    if name.endswith("_sym_strides") and name[:-12] in op.inputs:   # saved by the per-value path only
        if not op.saved_for:
            raise ValueError(f"{op.name}: a record that saves {name} declares saved_for")
        return (4, op.inputs.index(name[:-12]))
    return (2, name)


def defop(name: str, node: str, inputs: tuple, forward: Callable, backward: Callable | None, **kw) -> OpDef:
    """Add one record to the table (its node class is made on first use: see ``OpDef.node_cls``)."""
    if name in OPS:
        raise ValueError(f"op {name!r} is declared twice")
    op = OpDef(name, node, tuple(inputs), forward, backward, **kw)
    OPS[name] = op
    return op
