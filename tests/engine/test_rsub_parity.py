"""``torch.rsub(input, other, alpha=a)`` is ``other - a * input`` in one node, as torch records it:
RsubBackward0 when ``other`` is a tensor, RsubBackward1 when it is a number (``2 - x`` too), each
keeping ``alpha``; the public function refuses what torch's refuses."""
import pytest

import gradcli.engine as g

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.parity

CASES = {
    "two tensors": lambda lib, a, b: lib.rsub(a, b),
    "two tensors, alpha": lambda lib, a, b: lib.rsub(a, b, alpha=-2.5),
    "a constant other tensor": lambda lib, a, b: lib.rsub(a, b.detach() * 3),
    "a constant input": lambda lib, a, b: lib.rsub(a.detach(), b, alpha=2),
    "a number": lambda lib, a, b: lib.rsub(a, 1.5),
    "a number, alpha": lambda lib, a, b: lib.rsub(a, 2, alpha=3),
    "the operator": lambda lib, a, b: 2 - a,
    "broadcast": lambda lib, a, b: lib.rsub(a, b.reshape(2, 1)),
}


def _run(lib, case):
    a = lib.tensor([1.0, -2.0], dtype=lib.float64, requires_grad=True)
    b = lib.tensor([3.0, 0.5], dtype=lib.float64, requires_grad=True)
    y = CASES[case](lib, a, b)
    node = y.grad_fn
    saved = {n: getattr(node, n) for n in dir(node) if n.startswith("_saved_")}
    grads = lib.autograd.grad(y.sum(), (a, b), allow_unused=True)
    return node.name(), saved, y.tolist(), [None if t is None else t.tolist() for t in grads]


@pytest.mark.parametrize("case", sorted(CASES))
def test_rsub_makes_torchs_node_values_and_gradients(case):
    assert _run(g, case) == _run(torch, case)


@pytest.mark.parametrize("args", [
    lambda lib: (2.0, lib.tensor([1.0])),                       # the input must be a tensor
    lambda lib: (lib.tensor([1.0]), [1.0, 2.0]),                 # other: a tensor or a number
    lambda lib: (lib.tensor([1.0]), lib.tensor([True])),         # no bool subtraction
    lambda lib: (lib.tensor([1, 2]), 3, 1.5),                    # no float alpha with integers
])
def test_rsub_refuses_what_torch_refuses(args):
    def attempt(lib):
        a = args(lib)
        with pytest.raises((TypeError, RuntimeError)) as err:
            lib.rsub(a[0], a[1], alpha=a[2]) if len(a) == 3 else lib.rsub(*a)
        return type(err.value), str(err.value)
    (ours, our_message), (theirs, their_message) = attempt(g), attempt(torch)
    assert our_message == their_message
    assert issubclass(ours, theirs)
