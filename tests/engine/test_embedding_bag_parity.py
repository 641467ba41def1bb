"""F.embedding_bag and nn.EmbeddingBag against torch: sum (weighted per index), mean (padding_idx),
max, 2-d input and include_last_offset; values, gradients, EmbeddingBagBackward0."""
import numpy as np
import pytest

import gradcli.engine as g

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.parity

INDICES, OFFSETS = [1, 2, 4, 5, 4, 3, 2, 9, 0], [0, 4, 4, 7]
CASES = {
    "sum weighted": lambda F, lib, w, p: F.embedding_bag(lib.tensor(INDICES), w, lib.tensor(OFFSETS), mode="sum",
                                                         per_sample_weights=p),
    "mean padding": lambda F, lib, w, p: F.embedding_bag(lib.tensor(INDICES), w, lib.tensor(OFFSETS), padding_idx=4),
    "max": lambda F, lib, w, p: F.embedding_bag(lib.tensor(INDICES), w, lib.tensor(OFFSETS), mode="max"),
    "2-d mean": lambda F, lib, w, p: F.embedding_bag(lib.tensor(INDICES).reshape(3, 3), w),
    "last offset": lambda F, lib, w, p: F.embedding_bag(lib.tensor(INDICES), w, lib.tensor([0, 2, 9]), mode="sum",
                                                        include_last_offset=True),
}


def _run(lib, case, dtype):
    w = lib.tensor(np.sin(np.arange(40) * 0.7).reshape(10, 4), dtype=getattr(lib, dtype), requires_grad=True)
    p = lib.tensor(np.linspace(0.5, 2.0, 9), dtype=getattr(lib, dtype), requires_grad=True)
    y = CASES[case](lib.nn.functional, lib, w, p)
    inputs = [w, p] if case == "sum weighted" else [w]
    # torch has no derivative of embedding_bag's backward (gradcli's is checked by the op table's gradgradcheck)
    grads = lib.autograd.grad(y.pow(2).sum(), inputs)
    return y.grad_fn.name(), [t.detach().numpy() for t in (y,) + grads]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("case", list(CASES))
def test_embedding_bag_matches_torch(case, dtype):
    (their_node, theirs), (our_node, ours) = _run(torch, case, dtype), _run(g, case, dtype)
    assert our_node == their_node == "EmbeddingBagBackward0"
    tol = {"rtol": 1e-5, "atol": 1e-6} if dtype == "float32" else {"rtol": 1e-12, "atol": 1e-12}
    for a, b in zip(ours, theirs):
        np.testing.assert_allclose(a, b, **tol)


def test_module_repr_and_parameters_match_torch():
    for make in (lambda nn: nn.EmbeddingBag(10, 3), lambda nn: nn.EmbeddingBag(10, 3, max_norm=1.0, mode="max",
                                                                              padding_idx=2)):
        theirs, ours = make(torch.nn), make(g.nn)
        assert repr(ours) == repr(theirs)
        assert [(n, tuple(p.shape)) for n, p in ours.named_parameters()] == \
            [(n, tuple(p.shape)) for n, p in theirs.named_parameters()]
