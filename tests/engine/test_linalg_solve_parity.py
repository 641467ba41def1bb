"""``torch.linalg.solve(A, B, left=...)``: A X = B, or X A = B with ``left=False``; B a vector (or a
batch of them) by torch's rule; torch's values, gradients, second derivatives and refusals."""
import numpy as np
import pytest

import gradcli.engine as g

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.parity

RNG = np.random.default_rng(3)
A = RNG.standard_normal((2, 3, 3)) + 3 * np.eye(3)

SOLVES = {
    "A X = B": (A[0], RNG.standard_normal((3, 2)), True),
    "X A = B": (A[0], RNG.standard_normal((4, 3)), False),
    "X A = B, batched": (A, RNG.standard_normal((2, 1, 3)), False),
    "a vector": (A[0], RNG.standard_normal(3), True),
    "one vector for a batch": (A, RNG.standard_normal(3), True),
    "a batch of vectors": (A, RNG.standard_normal((2, 3)), True),
    "matrices broadcast over A's batch": (A, RNG.standard_normal((3, 2)), True),
}


def _solve(lib, a, b, left):
    ta, tb = lib.tensor(a, requires_grad=True), lib.tensor(b, requires_grad=True)
    x = lib.linalg.solve(ta, tb, left=left)
    ga, gb = lib.autograd.grad((x * x).sum(), (ta, tb), create_graph=True)
    gga, ggb = lib.autograd.grad((ga * ga).sum() + (gb * gb).sum(), (ta, tb))
    return [t.detach().numpy() for t in (x, ga, gb, gga, ggb)]


@pytest.mark.parametrize("case", sorted(SOLVES))
def test_solve_values_and_derivatives_match_torch(case):
    for ours, theirs in zip(_solve(g, *SOLVES[case]), _solve(torch, *SOLVES[case])):
        assert ours.shape == theirs.shape
        np.testing.assert_allclose(ours, theirs, rtol=1e-10, atol=1e-12)


REFUSED = {
    "B without dims": (A[0], np.array(1.0), True),
    "batches that do not broadcast": (A, np.ones((5, 3, 2)), True),
    "a row where a column is needed": (A, np.ones((1, 3)), True),
    "a vector with left=False": (np.ones((1, 1)), np.ones(1), False),
    "columns with left=False": (A[0], np.ones((3, 4)), False),
    "a non-square A": (np.ones((2, 3)), np.ones(3), True),
    "a singular A": (np.zeros((3, 3)), np.ones(3), True),
    "a singular matrix in a batch": (np.stack([A[0], np.zeros((3, 3))]), np.ones(3), True),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_solve_refuses_what_torch_refuses_with_its_message(case):
    a, b, left = REFUSED[case]
    messages = []
    for lib in (torch, g):
        with pytest.raises(RuntimeError) as err:
            lib.linalg.solve(lib.tensor(a), lib.tensor(b), left=left)
        messages.append(str(err.value))
    assert messages[1] == messages[0]
