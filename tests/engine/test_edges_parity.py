"""A node's ``next_functions`` are torch's: one edge per input torch differentiates, none for the
inputs it does not (nll_loss's target and weight, ``2 - x``'s number, embedding's indices), and
torch's error when such an input requires grad. Checked table-wide against torch's own list of
derivatives (derivatives.yaml, shipped in torchgen) and, where the record's sample calls
``torch.ops.aten`` as it is, against the nodes torch builds."""
import functools
import importlib.util
import re
from pathlib import Path

import numpy as np
import pytest

from gradcli import engine
from gradcli.engine.dispatch import call
from gradcli.engine.ops.registry import all_ops
from gradcli.engine.tensor import make

OPS = all_ops()     # the families the engine loads on first use too

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.parity
F = engine.nn.functional


@functools.cache
def _derivatives() -> dict:
    """aten name -> (argument names, the tensor arguments that have a formula, the overload's number
    among its name's: torch's node is ``<Name>Backward<number>``); empty without torchgen."""
    spec = importlib.util.find_spec("torchgen")
    path = Path(spec.origin).parent / "packaged" / "autograd" / "derivatives.yaml" if spec else None
    if path is None or not path.exists():
        return {}
    entries, keys, sig, overloads = {}, None, None, {}
    for line in path.read_text().splitlines() + ["- name: end()"]:
        if line.startswith("- name:"):
            if sig is not None:
                args = [a.strip() for a in sig[sig.index("(") + 1:sig.rindex(") ->")].split(",")]
                args = [(a.rpartition(" ")[0], a.rpartition(" ")[2].split("=")[0]) for a in args if a not in ("", "*")]
                names = [n for _, n in args]
                tensors = [n for t, n in args if t.startswith("Tensor")]
                name = sig.split("(")[0]
                number = overloads[name.split(".")[0]] = overloads.get(name.split(".")[0], -1) + 1
                entries[name] = (names, [n for n in tensors if n in keys], number)
            sig, keys = line[len("- name:"):].strip(), set()
            continue
        key, _, formula = line.strip().partition(":")
        indent = len(line) - len(line.lstrip())
        if indent in (2, 6) and re.fullmatch(r"[\w, ]+", key) and formula.strip() != "non_differentiable":
            keys.update(k.strip() for k in key.split(","))   # (6: formulas under ``dispatch: Default:``)
    return entries


def _aten_name(op):
    """The aten overload a record is: its own name, or (for a record named without its overload) the
    overload whose node number is the record's node's."""
    entries = _derivatives()
    if op.name in entries:
        return op.name if set(op.inputs) <= set(entries[op.name][0]) else None
    for overload in (".Tensor", ".Scalar", ".self", ".dim", ".int"):
        entry = entries.get(op.name + overload)
        if entry and set(op.inputs) <= set(entry[0]) and op.node.endswith(f"Backward{entry[2]}"):
            return op.name + overload
    return None


def _edges(op) -> list:
    return [op.inputs[i] for i in (op.edge_inputs or range(len(op.inputs)))]


def test_every_record_in_derivatives_yaml_has_edges_to_torchs_differentiable_inputs():
    if not _derivatives():
        pytest.skip("torchgen's derivatives.yaml is not installed")
    checked, wrong = 0, []
    for op in OPS.values():
        name = _aten_name(op) if op.differentiable else None
        if name is None:
            continue
        checked += 1
        theirs = [arg for arg in op.inputs if arg in _derivatives()[name][1]]
        if _edges(op) != theirs:
            wrong.append((op.name, _edges(op), theirs))
    assert wrong == []
    assert checked > 200    # (the records named after an aten overload: most of the table)


def _node(out):
    return (out[0] if isinstance(out, (tuple, list)) else out).grad_fn


def _structure(out):
    return [None if fn is None else type(fn).__name__ for fn, _ in _node(out).next_functions]


def _edge_pattern(out):
    """Which of a node's edges lead somewhere (a leaf's AccumulateGrad, the clone an in-place op wrote)."""
    return [fn is not None for fn, _ in _node(out).next_functions]


def _aten(op):
    base, _, overload = (_aten_name(op) or op.name).partition(".")
    return getattr(getattr(torch.ops.aten, base, None), overload or "default", None)


def _torch_param(value):
    """A record's param as aten takes it: arrays (and engine tensors) as tensors, tuples as lists."""
    if isinstance(value, engine.Tensor):
        value = value.detach().numpy()
    if isinstance(value, np.ndarray):
        return torch.tensor(value)
    if isinstance(value, tuple):
        return [_torch_param(v) for v in value]
    return value


def _sample_cases():
    for op in OPS.values():
        if op.differentiable and op.samples is not None and _aten(op) is not None:
            for i, sample in enumerate(op.samples()):
                yield pytest.param(op, sample, id=f"{op.name}-{i}")


@pytest.mark.parametrize("op,sample", list(_sample_cases()))
def test_sample_with_every_float_input_requiring_grad_has_torchs_next_functions(op, sample):
    """Every float array of the sample requires grad, in both libraries: the same edges, or the
    same refusal of an input torch does not differentiate. torch's arguments are bound by name (the
    record's inputs and params are named as aten's); a number where aten takes a tensor is torch's
    wrapped number, an array param (an index, a mask) a constant tensor."""
    aten = _aten(op)
    schema = {a.name: str(a.type) for a in aten._schema.arguments}

    def args(lib):
        for i, a in enumerate(sample.args):
            if lib is torch and isinstance(a, (int, float)) and schema.get(op.inputs[i]) == "Tensor":
                yield torch.tensor(a, dtype=torch.float64)
            elif not isinstance(a, (np.ndarray, np.generic)):
                yield a
            elif lib is torch:
                t = torch.tensor(np.asarray(a), requires_grad=np.asarray(a).dtype.kind == "f")
                yield t.clone() if i == 0 and aten._schema.is_mutable and t.requires_grad else t
            else:
                yield make(np.array(a), requires_grad=np.asarray(a).dtype.kind == "f")

    named = {a.name: False for a in aten._schema.arguments if str(a.type) == "bool"}   # (half_to_float)
    named.update(zip(op.inputs, args(torch)))
    named.update((k, _torch_param(v)) for k, v in sample.params.items())
    try:
        theirs = aten(**{k: v for k, v in named.items() if k in schema})
    except RuntimeError as e:
        if "is not differentiable with respect to argument" not in str(e):
            pytest.skip(f"the sample does not call {aten._schema.name} as it is: {str(e).splitlines()[0]}")
        with pytest.raises(RuntimeError, match=re.escape(str(e).splitlines()[0].rstrip("."))):
            call(op, tuple(args(engine)), dict(sample.params))
        return
    except TypeError as e:
        pytest.skip(f"the sample does not call {aten._schema.name} as it is: {e}")
    mine = call(op, tuple(args(engine)), dict(sample.params))
    if type(_node(theirs)).__name__ != op.node:
        pytest.skip(f"torch records aten::{op.name} as {type(_node(theirs)).__name__}, a composite")
    assert _edge_pattern(mine) == _edge_pattern(theirs)


# (id, fn(lib, F, *tensors), input arrays); every float input requires grad
PUBLIC = [
    ("nll_loss", lambda t, f, x: f.nll_loss(x, t.tensor([0, 2])), [np.linspace(-1, 1, 6).reshape(2, 3)]),
    ("nll_loss_weight", lambda t, f, x: f.nll_loss(x, t.tensor([0, 2]), weight=t.tensor([1.0, 2.0, 0.5],
                                                                                      dtype=t.float64)),
     [np.linspace(-1, 1, 6).reshape(2, 3)]),
    ("nll_loss2d", lambda t, f, x: f.nll_loss(x, t.tensor([[[0, 2]]])), [np.linspace(-1, 1, 6).reshape(1, 3, 1, 2)]),
    ("cross_entropy", lambda t, f, x: f.cross_entropy(x, t.tensor([0, 2])), [np.linspace(-1, 1, 6).reshape(2, 3)]),
    ("binary_cross_entropy", lambda t, f, x, y: f.binary_cross_entropy(x, y, weight=t.ones(3, dtype=t.float64)),
     [np.array([0.2, 0.5, 0.7]), np.array([0.1, 0.9, 0.4])]),
    ("bce_with_logits", lambda t, f, x, y: f.binary_cross_entropy_with_logits(
        x, y, pos_weight=t.full((3,), 2.0, dtype=t.float64)), [np.array([-0.2, 0.5, 1.7]), np.array([0.1, 0.9, 0.4])]),
    ("embedding", lambda t, f, w: f.embedding(t.tensor([[0, 2], [1, 1]]), w), [np.arange(6.0).reshape(3, 2)]),
    ("rsub_number", lambda t, f, x: 1.5 - x, [np.array([0.5, -1.0])]),
    ("rsub_alpha", lambda t, f, x: t.rsub(x, 2.0, alpha=3), [np.array([0.5, -1.0])]),
    ("pow_number_base", lambda t, f, x: 2.0 ** x, [np.array([0.5, -1.0])]),
    ("pow_number_base_fn", lambda t, f, x: t.pow(3.0, x), [np.array([0.5, -1.0])]),
]


@pytest.mark.parametrize("name,fn,arrays", PUBLIC, ids=[c[0] for c in PUBLIC])
def test_public_calls_have_torchs_edges_and_gradients(name, fn, arrays):
    def run(lib, f):
        xs = [lib.tensor(a, dtype=lib.float64, requires_grad=True) for a in arrays]
        out = fn(lib, f, *xs)
        out.sum().backward()
        return _structure(out), [x.grad.numpy() for x in xs]

    (mine, my_grads), (theirs, their_grads) = run(engine, F), run(torch, torch.nn.functional)
    assert mine == theirs
    for a, b in zip(my_grads, their_grads):
        np.testing.assert_allclose(a, b, rtol=1e-12)


def test_an_input_torch_does_not_differentiate_is_refused_only_with_grad_mode_on():
    x = engine.tensor([[0.1, 0.2, 0.7]], requires_grad=True)
    weight = engine.ones(3, requires_grad=True)
    message = ("The function 'nll_loss_forward' is not differentiable with respect to argument 'weight'. "
               "This input cannot have requires_grad True.")
    with pytest.raises(RuntimeError, match=re.escape(message)):
        call(OPS["nll_loss_forward"], (x, engine.tensor([2]), weight), {"reduction": 1, "ignore_index": -100})
    with engine.no_grad():
        loss, _ = call(OPS["nll_loss_forward"], (x, engine.tensor([2]), weight), {"reduction": 1, "ignore_index": -100})
    assert loss.item() == pytest.approx(-0.7)


def test_a_node_called_by_hand_returns_one_gradient_per_edge():
    def grads(lib):
        x, y = (lib.tensor(v, dtype=lib.float64, requires_grad=True) for v in ([0.2, 0.6], [0.5, 1.0]))
        node = lib.nn.functional.binary_cross_entropy(x, y, weight=lib.tensor([1.0, 3.0], dtype=lib.float64)).grad_fn
        return [g.detach().numpy() for g in node(lib.tensor(1.0, dtype=lib.float64))]

    mine, theirs = grads(engine), grads(torch)
    assert len(mine) == len(theirs) == 2
    for a, b in zip(mine, theirs):
        np.testing.assert_allclose(a, b, rtol=1e-12)
