"""Records marked ``elementwise`` (ops.pointwise's ``_unary``): dispatch gives their node one shape
tuple for its input and its output, so each must return a result of its input's shape. Checked on
every sample, float32 and float64, through the engine as a script calls it."""
from __future__ import annotations

import numpy as np
import pytest

import gradcli.engine  # noqa: F401  (imports every ops module: the registry is full)
from gradcli.engine.dispatch import call_fast
from gradcli.engine.ops.registry import all_ops
from gradcli.engine.tensor import make

OPS = all_ops()     # the families the engine loads on first use too

ELEMENTWISE = sorted(name for name, op in OPS.items() if op.elementwise)


def test_the_unary_pointwise_records_are_marked():
    assert {"tanh", "exp", "log", "sqrt", "sin"} <= set(ELEMENTWISE)
    assert not OPS["sum"].elementwise and not OPS["mul"].elementwise


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", ELEMENTWISE)
def test_an_elementwise_record_keeps_its_input_shape(name, dtype):
    op = OPS[name]
    assert op.inputs == ("self",) and op.unary_fast
    shapes = [np.shape(s.args[0]) for s in op.samples()] + [(), (1,), (3, 1, 2), (0, 4)]
    for shape in shapes:
        x = make(np.full(shape, 0.5, dtype), requires_grad=True)
        with np.errstate(all="ignore"):
            y = call_fast(op, x)
        assert y.shape == x.shape
        meta, = y.grad_fn._input_metadata
        assert meta.shape == x.shape
        assert y.grad_fn._in_meta[0][0] == shape
