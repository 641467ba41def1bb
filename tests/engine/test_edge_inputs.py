"""Every op of the table fed its edge inputs (zeros, negatives, inf, nan, empty tensors, integer
and bool dtypes), forward and backward: the result, or an engine error (torch's kinds), never a
Python or numpy exception leaking out; and for the elementwise ops torch has under the same
name, torch's values and gradients on those inputs."""
import math
import warnings

import numpy as np
import pytest

import gradcli.engine as g
from gradcli.engine import errors
from gradcli.engine.dispatch import call
from gradcli.engine.ops.registry import all_ops

OPS = all_ops()     # the families the engine loads on first use too

ENGINE_ERRORS = (errors.AutogradError, errors.ShapeError, errors.DTypeError, errors.GraphError,
                 NotImplementedError, TypeError, IndexError, RuntimeError)
EDGES = {
    "zeros": lambda a: np.zeros_like(a), "negative": lambda a: -np.abs(a) - 0.5,
    "inf": lambda a: np.full_like(a, np.inf), "nan": lambda a: np.full_like(a, np.nan),
    "empty": lambda a: np.zeros((0,) + a.shape[1:]) if a.ndim else None, "int": lambda a: np.nan_to_num(a).astype(np.int64),
    "bool": lambda a: a > 0,
}
RECORDS = sorted((name, op) for name, op in OPS.items() if op.samples is not None)


def _cases():
    for name, op in RECORDS:
        sample = op.samples()[0]
        for k, arg in enumerate(sample.args):
            if isinstance(arg, np.ndarray) and arg.dtype.kind == "f":
                for edge in EDGES:
                    yield pytest.param(op, sample, k, edge, id=f"{name}-arg{k}-{edge}")


def _tensor(a):
    return g.tensor(a, requires_grad=a.dtype.kind == "f") if isinstance(a, np.ndarray) else a


@pytest.mark.parametrize("op,sample,k,edge", list(_cases()))
def test_edge_input_gives_a_result_or_an_engine_error(op, sample, k, edge):
    value = EDGES[edge](sample.args[k])
    if value is None:
        pytest.skip("a 0-d input has no empty form")
    args = [_tensor(value if j == k else a) for j, a in enumerate(sample.args)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            out = call(op, tuple(args), dict(sample.params))
            first = out[0] if isinstance(out, tuple) else out
            if first.requires_grad and first.numel():
                first.sum().backward()
        except ENGINE_ERRORS as err:
            assert "numpy" not in type(err).__module__, f"a numpy exception leaked: {type(err).__name__}: {err}"


torch = None
try:
    import torch
except ImportError:
    pass

UNARY = sorted(name for name, op in OPS.items() if op.api is not None and op.api.kind == "unary"
               and torch is not None and hasattr(torch, name))
POINTS = [0.0, -0.0, -1.5, 1.5, math.inf, -math.inf, math.nan, 1e-30, 40.0]


@pytest.mark.parity
@pytest.mark.skipif(torch is None, reason="needs torch")
@pytest.mark.parametrize("name", UNARY)
def test_elementwise_ops_match_torch_on_edge_values(name):
    results = []
    for lib in (torch, g):
        x = lib.tensor(POINTS, dtype=lib.float64, requires_grad=True)
        try:
            y = getattr(lib, name)(x)
            y.sum().backward()
            results.append((y.detach().numpy(), x.grad.numpy()))
        except Exception as err:     # noqa: BLE001 - both libraries must refuse alike
            results.append(type(err).__name__)
    if isinstance(results[0], str) or isinstance(results[1], str):
        assert isinstance(results[0], str) and isinstance(results[1], str), results
        return
    for ours, theirs in zip(results[1], results[0]):
        np.testing.assert_allclose(ours, theirs, rtol=1e-7, atol=1e-12, equal_nan=True)
