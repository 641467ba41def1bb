"""The op table: one record per differentiable op (the role of torch's derivatives.yaml).

A record names the op, its inputs, its numpy forward, what it saves, its
backward formula (written once for both vocabularies, see ``backend.py``),
its forward-mode rule, sample inputs for gradcheck and a one-line rule in
words for ``gradcli ops``. Vocabulary used by every formula:

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

from dataclasses import dataclass, field
from typing import Callable

from ..nodes import MultiOutputNode, OpNode


OPS: dict[str, "OpDef"] = {}

# How an op chooses its computation dtype from its inputs.
COMMON = "common"      # promote all inputs (add, mul, where's values...)
FLOAT = "float"        # promote, then ints become the default float (exp, div, mean...)
KEEP = "keep"          # inputs are used as they are (shape ops, indexing, reductions)
COMPARE = "compare"    # promote to compare, output is bool and never differentiable


@dataclass(eq=False)
class OpDef:
    name: str
    node: str
    inputs: tuple
    forward: Callable
    backward: Callable | None
    saves: tuple = ()
    jvp: Callable | None = None
    promote: str = COMMON
    differentiable: bool = True
    outputs: int = 1
    nondiff_outputs: tuple = ()
    view: bool = False
    samples: Callable | None = None
    rule: str = ""
    jvp_note: str = ""
    masked: bool = False
    inplace: Callable | None = None   # writes the result into its first argument (no-graph fast path)
    node_cls: type = field(init=False, repr=False)
    plan: tuple = field(init=False, repr=False)

    def __post_init__(self):
        self.plan = tuple(_plan(self, name) for name in self.saves)


def _plan(op: OpDef, name: str) -> tuple:
    """How to fetch one saved value: (0, input index) | (1, output index) | (2, param) | (3, input shape)."""
    if name in op.inputs:
        return (0, op.inputs.index(name))
    if name == "result":
        return (1, 0)
    if name.startswith("result") and name[6:].isdigit():
        return (1, int(name[6:]))
    if name.endswith("_sym_sizes") and name[:-10] in op.inputs:
        return (3, op.inputs.index(name[:-10]))
    return (2, name)


def defop(name: str, node: str, inputs: tuple, forward: Callable, backward: Callable | None, **kw) -> OpDef:
    """Add one record to the table and give it its own node class (so ``type(n).__name__`` is torch's)."""
    if name in OPS:
        raise ValueError(f"op {name!r} is declared twice")
    op = OpDef(name, node, tuple(inputs), forward, backward, **kw)
    base = MultiOutputNode if op.outputs != 1 else OpNode
    op.node_cls = type(node, (base,), {"__slots__": (), "op": op, "__module__": "torch.autograd.graph"})
    OPS[name] = op
    return op
