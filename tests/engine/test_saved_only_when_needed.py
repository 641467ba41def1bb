"""torch saves an input for backward only when a gradient that reads it will be computed: with
one operand constant, ``grad_fn._saved_<it>`` is None, a saved-tensor pack hook never sees it, and
changing it in place afterwards does not break the backward. gradcli's nodes do the same, and the
gradients (first and second order) are torch's."""
import numpy as np
import pytest

import gradcli.engine as g

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.parity

RNG = np.random.default_rng(5)
A, B, V = RNG.standard_normal((3, 4)), RNG.standard_normal((4, 5)), RNG.standard_normal(4)

# name -> (fn(lib, x, y), x, y): x and y take turns at being the constant operand
CASES = {
    "hypot": (lambda lib, x, y: lib.hypot(x, y), A, A[::-1].copy()),
    "lerp": (lambda lib, x, y: lib.lerp(x, lib.tensor(A[::-1].copy()), y), A, A * 0.3),
    "fmod": (lambda lib, x, y: lib.fmod(x, y), A * 3, np.abs(A) + 0.5),
    "remainder": (lambda lib, x, y: lib.remainder(x, y), A * 3, np.abs(A) + 0.5),
    "index_add": (lambda lib, x, y: x.index_add(0, lib.tensor([0, 2]), y, alpha=2.0), A, A[:2] * 2),
    "index_copy": (lambda lib, x, y: x.index_copy(0, lib.tensor([2, 0]), y), A, A[:2] * 2),
    "scatter_add": (lambda lib, x, y: x.scatter_add(1, lib.tensor([[0, 1], [3, 3], [2, 0]]), y), A, A[:, :2]),
    "put": (lambda lib, x, y: x.put(lib.tensor([0, 5, 11]), y), A, V[:3]),
    "mm": (lambda lib, x, y: x @ y, A, B),
    "mm of a transposed weight": (lambda lib, x, y: x @ y.t(), A, B.T.copy()),
    "mv": (lambda lib, x, y: x @ y, A, V),
    "dot": (lambda lib, x, y: x @ y, V, V[::-1].copy()),
    "vdot": (lambda lib, x, y: lib.vdot(x, y), V, V[::-1].copy()),
    "bmm": (lambda lib, x, y: lib.bmm(x, y), A[None], B[None]),
    "folded matmul": (lambda lib, x, y: x[None] @ y, A, B),
    "linear (addmm)": (lambda lib, x, y: lib.nn.functional.linear(x, y, lib.tensor(V[:1].repeat(5))), A, B.T.copy()),
    "addmm": (lambda lib, x, y: lib.addmm(lib.tensor(A @ B), x, y, beta=0.5, alpha=2.0), A, B),
    "baddbmm": (lambda lib, x, y: lib.baddbmm(lib.tensor((A @ B)[None]), x, y, beta=0.5, alpha=2.0), A[None], B[None]),
    "baddbmm, beta 0": (lambda lib, x, y: lib.baddbmm(lib.tensor(np.full((1, 3, 5), np.nan)), x, y, beta=0), A[None],
                        B[None]),
    "addmv": (lambda lib, x, y: lib.addmv(lib.tensor(A[:, 0].copy()), x, y, alpha=-1.5), A, V),
    "addcmul": (lambda lib, x, y: lib.addcmul(lib.tensor(A), x, y, value=0.5), A, A[::-1].copy()),
    "addcdiv": (lambda lib, x, y: lib.addcdiv(lib.tensor(A), x, y, value=-2.0), A, np.abs(A) + 0.5),
    "clamp with a tensor min only": (lambda lib, x, y: lib.clamp(x, y), A, A[::-1] * 0.5),
    "clamp with a tensor max only": (lambda lib, x, y: lib.clamp(x, max=y), A, A[::-1] * 0.5),
    "clamp_min (its own node)": (lambda lib, x, y: x.clamp_min(y), A, A[::-1] * 0.5),
    "clamp_max (its own node)": (lambda lib, x, y: lib.clamp_max(x, y), A, A[::-1] * 0.5),
    "clamp_min with a number": (lambda lib, x, y: lib.clamp_min(x * y, 0.25), A, A),
}


def _run(lib, case, needs):
    fn, x, y = CASES[case]
    tx, ty = lib.tensor(x, requires_grad=needs[0]), lib.tensor(y, requires_grad=needs[1])
    packed = []
    with lib.autograd.graph.saved_tensors_hooks(lambda t: packed.append(tuple(t.shape)) or t, lambda t: t):
        out = fn(lib, tx, ty)
    node = out.grad_fn
    unsaved = sorted(n for n in dir(node) if n.startswith("_saved_") and getattr(node, n) is None)
    wanted = [t for t in (tx, ty) if t.requires_grad]
    first = lib.autograd.grad((out * out).sum(), wanted, create_graph=True)
    second = lib.autograd.grad(sum((d * d).sum() for d in first), wanted, allow_unused=True)
    grads = [d.detach().numpy() for d in first] + [None if d is None else d.numpy() for d in second]
    return node.name(), unsaved, packed, grads


@pytest.mark.parametrize("needs", [(True, False), (False, True)], ids=["first-operand", "second-operand"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_unneeded_operands_are_not_saved(case, needs):
    ours, theirs = _run(g, case, needs), _run(torch, case, needs)
    assert ours[:3] == theirs[:3]
    for a, b in zip(ours[3], theirs[3]):
        assert (a is None) == (b is None)
        if a is not None:
            np.testing.assert_allclose(a, b, rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("needs", [(True, False), (False, True), (True, True)])
def test_linear_gradients_keep_their_parameters_layout(needs):
    """mm's gradient is laid out as its operand is (a weight used as W.t() gets a contiguous grad),
    read from the saved strides when the operand itself was not saved."""
    layouts = []
    for lib in (torch, g):
        x, w = lib.tensor(A, requires_grad=needs[0]), lib.tensor(B.T.copy(), requires_grad=needs[1])
        lib.nn.functional.linear(x, w).sum().backward()
        layouts.append([t.grad.stride() for t in (x, w) if t.requires_grad])
    assert layouts[1] == layouts[0]


def test_changing_an_unsaved_operand_in_place_leaves_the_backward_valid():
    for lib in (torch, g):
        x = lib.tensor(A, requires_grad=True)
        y = lib.tensor(np.abs(A) + 0.5)
        out = lib.hypot(x, y)
        y.mul_(2)                       # hypot kept y only for y's gradient: no one asked for it
        out.sum().backward()
        assert x.grad is not None
