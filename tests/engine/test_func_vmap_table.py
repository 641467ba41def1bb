"""Every op record, under vmap: with a batching rule it equals a Python loop over the examples
(batch dim first, batch dim last, and one input unbatched); without one it raises torch's
"Batching rule not implemented" instead of looping (in-place records: gradcli's own refusal)."""
import warnings

import numpy as np
import pytest

import gradcli.engine as g
from gradcli.engine.dispatch import call
from gradcli.engine.func import vmap
from gradcli.engine.func.batching_rules import RULES
from gradcli.engine.ops.registry import OPS

RECORDS = sorted((name, op) for name, op in OPS.items() if op.samples is not None and op.outputs == 1)
B = 3


def _batch(a, k):
    """B examples near ``a``: a float array gets example-dependent values."""
    return np.stack([a + 0.1 * (k + 1) * i if a.dtype.kind == "f" else a for i in range(B)])


def _run(op, params, args):
    return call(op, tuple(args), dict(params))


@pytest.mark.parametrize("name,op", RECORDS, ids=[n for n, _ in RECORDS])
@pytest.mark.parametrize("layout", ["first", "last", "one_unbatched"])
def test_vmap_of_every_record_equals_a_loop(name, op, layout):
    sample = op.samples()[0]
    floats = [k for k, a in enumerate(sample.args) if isinstance(a, np.ndarray) and a.dtype.kind == "f"]
    if not floats:
        pytest.skip("no float tensor input to batch")
    batched = set(floats[1:] if layout == "one_unbatched" and len(floats) > 1 else floats)
    args, dims = [], []
    for k, a in enumerate(sample.args):
        if k in batched:
            stacked = _batch(a, k)
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
        if name not in RULES:
            with pytest.raises(RuntimeError, match="Batching rule not implemented for aten::"):
                f(*args)
            return
        out = f(*args)
    expected = np.stack([r.numpy() for r in rows])
    np.testing.assert_allclose(out.numpy(), expected, rtol=1e-6, atol=1e-7, equal_nan=True)
