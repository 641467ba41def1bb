"""Table-wide: every op record that torch's aten can be called with from the record's own sample
makes a node of torch's name that keeps torch's ``_saved_*`` values. Records whose saved values
differ on purpose are listed with the reason; any other difference fails."""
import warnings

import numpy as np
import pytest

import gradcli.engine as g
from gradcli.engine.dispatch import call
from gradcli.engine.ops import OPS

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.parity

# name -> why gradcli's node keeps other values than torch's
KNOWN = {
    "col2im": "keeps output_size (torch recomputes it from its arguments)",
    "convolution": "no bias_sym_sizes_opt: the bias gradient is a sum over g, whatever bias's shape",
    "im2col": "keeps self_sym_sizes instead of torch's self_sym_argsize_minus_1/_minus_2",
    "linalg_det": "keeps A instead of torch's LU factors and pivots (the formula inverts A)",
    "linalg_inv": "keeps the inverse as result, torch names it inverse",
    "linalg_solve": "keeps A and B instead of torch's LU, pivots and left",
    "log_sigmoid": "no buffer: the formula recomputes sigmoid from self",
    "matmul": "torch's matmul of this sample decomposes into view/mm/squeeze nodes; gradcli keeps one node",
    "max_pool2d_with_indices": "keeps self's sizes, not self: the formula scatters g by the indices",
    "mean.dim": "no self_sym_numel: the count comes from self_sym_sizes",
    "nll_loss": "no total_weight: the formula recomputes it from weight and target",
    "t": "keeps self_sym_sizes, which torch's TBackward0 does not",
}


def _aten(name):
    base, _, overload = name.partition(".")
    packet = getattr(torch.ops.aten, base, None)
    return getattr(packet, overload or "default", None) if packet is not None else None


def _names(node):
    return sorted(n for n in dir(node) if n.startswith("_saved_") and not n.endswith("_sym_strides"))


def _comparisons():
    """(name, torch node name, torch names, gradcli node name, gradcli names) for every record torch's
    aten takes the sample of (records it does not take are not comparable this way)."""
    for name, op in sorted(OPS.items()):
        fn = _aten(name) if op.samples is not None and op.differentiable else None
        if fn is None:
            continue
        sample = op.samples()[0]
        targs = [torch.tensor(a, requires_grad=a.dtype.kind == "f") if isinstance(a, np.ndarray) else a
                 for a in sample.args]
        params = {k: torch.tensor(v) if isinstance(v, np.ndarray) else v for k, v in sample.params.items()}
        try:
            out = fn(*targs, **params)
        except Exception:         # noqa: BLE001 - aten's signature differs from the record's params
            continue
        first = out[0] if isinstance(out, (tuple, list)) else out
        if getattr(first, "grad_fn", None) is None:
            continue
        ours = call(op, tuple(g.tensor(a, requires_grad=a.dtype.kind == "f") if isinstance(a, np.ndarray) else a
                              for a in sample.args), dict(sample.params))
        mine = ours[0] if isinstance(ours, tuple) else ours
        yield name, first.grad_fn.name(), _names(first.grad_fn), type(mine.grad_fn).__name__, _names(mine.grad_fn)


with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    COMPARED = list(_comparisons())


def test_enough_of_the_table_is_compared():
    assert len(COMPARED) >= 120


@pytest.mark.parametrize("name,torch_node,torch_saved,our_node,our_saved", COMPARED, ids=[c[0] for c in COMPARED])
def test_node_and_saved_names_match_torch(name, torch_node, torch_saved, our_node, our_saved):
    if name in KNOWN:
        assert (torch_node, torch_saved) != (our_node, our_saved), f"{name} now matches torch: drop it from KNOWN"
        return
    assert our_node == torch_node
    assert our_saved == torch_saved
