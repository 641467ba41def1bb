"""Every op record, under vmap: with a batching rule it equals a Python loop over the examples
(every sample of the record; batch dim first, batch dim last, one input unbatched, and the
integer inputs — indices, targets — batched too); without one it raises torch's "Batching rule
not implemented" instead of looping (in-place records: gradcli's own refusal)."""
import warnings

import numpy as np
import pytest

import gradcli.engine as g
from gradcli.engine.dispatch import call
from gradcli.engine.func import vmap
from gradcli.engine.func.batching_rules import RULES
from gradcli.engine.ops.registry import all_ops

OPS = all_ops()     # the families the engine loads on first use too

RECORDS = sorted((name, op) for name, op in OPS.items() if op.samples is not None)
CASES = [(name, op, k) for name, op in RECORDS for k in range(len(op.samples()))]
B = 3


def _batch(a, k):
    """B examples near ``a``: a float array gets example-dependent values, an integer one (indices,
    targets) is reversed in every other example, so its values stay valid."""
    if a.dtype.kind == "f":
        return np.stack([a + 0.1 * (k + 1) * i for i in range(B)])
    return np.stack([a if i % 2 == 0 else np.flip(a) for i in range(B)])


def _run(op, params, args):
    return call(op, tuple(args), dict(params))


def _outputs(out):
    return [o.numpy() for o in (out if isinstance(out, tuple) else (out,))]


@pytest.mark.parametrize("name,op,k", CASES, ids=[f"{n}-{k}" for n, _, k in CASES])
@pytest.mark.parametrize("layout", ["first", "last", "one_unbatched", "ints_batched"])
def test_vmap_of_every_record_equals_a_loop(name, op, k, layout):
    sample = op.samples()[k]
    kinds = "fiub" if layout == "ints_batched" else "f"
    tensors = [i for i, a in enumerate(sample.args) if isinstance(a, np.ndarray) and a.dtype.kind in kinds]
    floats = [i for i in tensors if sample.args[i].dtype.kind == "f"]
    if not floats or (layout == "ints_batched" and tensors == floats):
        pytest.skip("no input of this kind to batch")
    batched = set(tensors[1:] if layout == "one_unbatched" and len(tensors) > 1 else tensors)
    args, dims = [], []
    for i, a in enumerate(sample.args):
        if i in batched:
            stacked = _batch(a, i)
            d = stacked.ndim - 1 if layout == "last" else 0
            args.append(g.tensor(np.moveaxis(stacked, 0, d)))
            dims.append(d)
        else:
            args.append(g.tensor(a) if isinstance(a, np.ndarray) else a)
            dims.append(None)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            rows = [_run(op, sample.params, [a.select(d, i) if d is not None else a for a, d in zip(args, dims)])
                    for i in range(B)]
        except Exception:
            pytest.skip("the sample does not run per example")
        f = vmap(lambda *xs: _run(op, sample.params, xs), in_dims=tuple(dims))
        if name not in RULES and name.endswith("_"):
            with pytest.raises(RuntimeError, match="vmap: in-place operations on batched tensors"):
                f(*args)
            return
        if name not in RULES and op.view:   # a view without a rule is refused; other ops run per example
            with pytest.raises(RuntimeError, match="Batching rule not implemented for aten::"):
                f(*args)
            return
        out = f(*args)
    for got, want in zip(_outputs(out), zip(*[_outputs(r) for r in rows])):
        np.testing.assert_allclose(got, np.stack(want), rtol=1e-6, atol=1e-7, equal_nan=True)
