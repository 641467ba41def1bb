"""Wrappers generated from op records that declare their API (``api=`` on the record)."""
from __future__ import annotations

from ..dispatch import call, call_inplace, unary_function
from ..ops import OPS
from ..public import export
from ..tensor import Tensor
from .common import _FAST_OPERANDS, _as_operand, tensor_first, tensor_operands


_TENSOR_OPERANDS = frozenset({"logical_and", "logical_or", "logical_xor", "logaddexp"})   # no Scalar overload
_TENSOR_FIRST = frozenset({"eq", "ne", "lt", "le", "gt", "ge"})      # no Scalar-first overload


def _generated(op):
    """``torch.<name>`` for a record whose arguments need no hand-written handling."""
    doc = f"torch.{op.name}: {op.rule}" if op.rule else f"torch.{op.name}"
    if op.api.kind == "unary":
        fn = unary_function(op, op.name, doc)     # the record's runner itself (it refuses a non-tensor)
        fn.__module__ = __name__
        return fn
    if op.api.kind == "binary" and op.name in _TENSOR_OPERANDS:
        def fn(input, other):
            return call(op, tensor_operands(op.name, input, other))
    elif op.api.kind == "binary" and op.name in _TENSOR_FIRST:
        def fn(input, other):
            if input.__class__ is not Tensor or other.__class__ not in _FAST_OPERANDS:
                tensor_first(op.name, (input, other))
            return call(op, (input, _as_operand(other, op.name)))
    elif op.api.kind == "binary":
        def fn(input, other):
            return call(op, (_as_operand(input, op.name, "input", 1), _as_operand(other, op.name)))
    else:
        raise ValueError(f"op {op.name}: unknown api kind {op.api.kind!r}")
    fn.__name__ = fn.__qualname__ = op.name
    fn.__doc__ = doc
    return fn


def _generated_inplace(op):
    def fn(input):
        return call_inplace(op, input, (input,))
    fn.__name__ = fn.__qualname__ = op.name + "_"
    return fn


def _export_records() -> None:
    for op in OPS.values():
        api = op.api
        if api is None:
            continue
        fn = _generated(op)
        for name in (op.name,) + api.aliases:
            globals()[name] = fn      # the API's own code calls them too (``trunc`` in ``div``)
        export(fn, op.name, namespaces=api.namespaces, method=api.method, aliases=api.aliases)
        if api.inplace:
            inplace = _generated_inplace(op)
            export(inplace, op.name + "_", namespaces=api.namespaces, method=True,
                   aliases=tuple(a + "_" for a in api.aliases))


_export_records()
