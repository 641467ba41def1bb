"""multi_margin_loss, multilabel_margin_loss, soft_margin_loss (torch's own nodes, no edge to the
target), triplet_margin_with_distance_loss, the loss composites' graphs, the ``torch.*`` loss
functions (aten's signatures: an int reduction whose default is 0) and the loss modules, against
torch: values, gradients, node names and edges, reprs, state_dicts and errors."""
import re
import warnings

import numpy as np
import pytest

from gradcli import engine

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.parity

R = np.random.default_rng(5)
X = R.normal(size=(3, 4))
A, P, N = R.normal(size=(3, 5)), R.normal(size=(3, 5)), R.normal(size=(3, 5))
CLASSES = np.array([1, 0, 3])
LABELS = np.array([[1, 0, -1, 2], [3, -1, 0, 0], [0, 1, 2, 3]])
SIGNS = np.array([[1., -1, 1, 1], [-1, -1, 1, -1], [1, 1, -1, 1]])


def _graph(node):
    if node is None:
        return "None"
    return node.name() + "(" + ",".join(_graph(f) for f, _ in node.next_functions) + ")"


def _run(lib, fn, arrays):
    xs = [lib.tensor(a, dtype=lib.float64, requires_grad=True) for a in arrays]
    out = fn(lib, lib.nn.functional, *xs)
    grads = lib.autograd.grad(out.sum(), xs)
    return out.detach().numpy(), [g.numpy() for g in grads], _graph(out.grad_fn)


def _same(fn, arrays):
    (mine, my_grads, my_graph), (theirs, their_grads, their_graph) = _run(engine, fn, arrays), _run(torch, fn, arrays)
    assert mine.shape == theirs.shape
    np.testing.assert_allclose(mine, theirs, rtol=1e-12)
    for a, b in zip(my_grads, their_grads):
        np.testing.assert_allclose(a, b, rtol=1e-10, atol=1e-14)
    assert my_graph == their_graph


def _int(t, a):
    return t.tensor(a)


CASES = {
    "multi_margin": (lambda t, F, red, x: F.multi_margin_loss(x, _int(t, CLASSES), reduction=red), [X]),
    "multi_margin_p2_weight": (lambda t, F, red, x: F.multi_margin_loss(
        x, _int(t, CLASSES), p=2, margin=0.7, weight=t.tensor([0.5, 2.0, 1.0, 1.5], dtype=t.float64),
        reduction=red), [X]),
    "multi_margin_vector": (lambda t, F, red, x: F.multi_margin_loss(x, _int(t, 2), reduction=red), [X[0]]),
    "multilabel_margin": (lambda t, F, red, x: F.multilabel_margin_loss(x, _int(t, LABELS), reduction=red), [X]),
    "multilabel_margin_repeats": (lambda t, F, red, x: F.multilabel_margin_loss(
        x, _int(t, [[1, 1, -1, 2], [3, 3, 3, 3], [-1, 1, 2, 3]]), reduction=red), [X]),
    "multilabel_margin_vector": (lambda t, F, red, x: F.multilabel_margin_loss(x, _int(t, [2, -1, 0, 0]), reduction=red),
                                 [X[0]]),
    "soft_margin": (lambda t, F, red, x: F.soft_margin_loss(x, t.tensor(SIGNS, dtype=t.float64), reduction=red), [X]),
    "soft_margin_long_target": (lambda t, F, red, x: F.soft_margin_loss(x, _int(t, SIGNS.astype(int)), reduction=red), [X]),
    "triplet_with_distance": (lambda t, F, red, a, p, n: F.triplet_margin_with_distance_loss(a, p, n, reduction=red),
                              [A, P, N]),
    "triplet_with_cosine_distance_swap": (lambda t, F, red, a, p, n: F.triplet_margin_with_distance_loss(
        a, p, n, distance_function=lambda u, v: 1 - F.cosine_similarity(u, v), margin=0.5, swap=True,
        reduction=red), [A, P, N]),
    "triplet_swap": (lambda t, F, red, a, p, n: F.triplet_margin_loss(a, p, n, swap=True, reduction=red), [A, P, N]),
    "cosine_embedding": (lambda t, F, red, a, p: F.cosine_embedding_loss(a, p, t.tensor([1., -1, 1], dtype=t.float64),
                                                                    margin=0.2, reduction=red), [A, P]),
    "hinge_embedding": (lambda t, F, red, x: F.hinge_embedding_loss(x, t.tensor(SIGNS, dtype=t.float64), reduction=red),
                        [X]),
    "margin_ranking": (lambda t, F, red, a, p: F.margin_ranking_loss(a, p, t.tensor(np.sign(N), dtype=t.float64),
                                                                margin=0.3, reduction=red), [A, P]),
    "poisson_nll_full": (lambda t, F, red, x: F.poisson_nll_loss(x.abs(), t.tensor(np.abs(X) * 3, dtype=t.float64),
                                                            log_input=False, full=True, reduction=red), [X]),
    "cross_entropy_label_smoothing": (lambda t, F, red, x: F.cross_entropy(x, _int(t, [0, 2, 3]), label_smoothing=0.1,
                                                                      reduction=red), [X]),
}


@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
@pytest.mark.parametrize("name", list(CASES))
def test_losses_match_torch(name, reduction):
    fn, arrays = CASES[name]
    _same(lambda t, F, *xs: fn(t, F, reduction, *xs), arrays)


def test_gaussian_nll_clamps_var_without_a_node():
    """torch clamps a clone of var in place under no_grad: the gradient reaches var where it was clamped."""
    _same(lambda t, F, x, y, v: F.gaussian_nll_loss(x, y, v, eps=0.3, full=True),
          [X, X[::-1].copy(), np.abs(X) * 0.5])


ALIASES = {
    "margin_ranking_loss": (lambda t, a, p, **k: t.margin_ranking_loss(a, p, t.tensor(np.sign(N), dtype=t.float64),
                                                                       **k), [A, P]),
    "hinge_embedding_loss": (lambda t, x, **k: t.hinge_embedding_loss(x, t.tensor(SIGNS, dtype=t.float64), **k), [X]),
    "cosine_embedding_loss": (lambda t, a, p, **k: t.cosine_embedding_loss(
        a, p, t.tensor([1., -1, 1], dtype=t.float64), **k), [A, P]),
    "kl_div": (lambda t, x, **k: t.kl_div(x, t.tensor(np.abs(X), dtype=t.float64), **k), [X]),
    "kl_div_log_target": (lambda t, x, **k: t.kl_div(x, t.tensor(X[::-1].copy(), dtype=t.float64), log_target=True,
                                                     **k), [X]),
    "triplet_margin_loss": (lambda t, a, p, n, **k: t.triplet_margin_loss(a, p, n, **k), [A, P, N]),
    "binary_cross_entropy_with_logits": (lambda t, x, **k: t.binary_cross_entropy_with_logits(
        x, t.tensor(np.abs(SIGNS + 1) / 2, dtype=t.float64), **k), [X]),
    "poisson_nll_loss": (lambda t, x, **k: t.poisson_nll_loss(
        x, t.tensor(np.abs(X), dtype=t.float64), True, False, 1e-8, k.get("reduction", 1)), [X]),
}


@pytest.mark.parametrize("reduction", [None, 0, 1, 2, 5])
@pytest.mark.parametrize("name", list(ALIASES))
def test_torch_namespace_losses_take_the_reduction_enum(name, reduction):
    fn, arrays = ALIASES[name]
    kwargs = {} if reduction is None else {"reduction": reduction}
    _same(lambda t, F, *xs: fn(t, *xs, **kwargs), arrays)


def test_a_string_reduction_in_the_torch_namespace_is_torchs_type_error():
    for lib in (torch, engine):
        x = lib.tensor(X)
        with pytest.raises(TypeError, match=re.escape("kl_div(): argument 'reduction' (position 3) must be int, "
                                                      "not str")):
            lib.kl_div(x, x, "sum")


ERRORS = [
    lambda t, F, x: F.multi_margin_loss(x, t.tensor([1, 0, 4])),
    lambda t, F, x: F.multi_margin_loss(x, t.tensor([1, 0])),
    lambda t, F, x: F.multi_margin_loss(x, t.tensor([1., 0, 2])),
    lambda t, F, x: F.multi_margin_loss(x, t.tensor([1, 0, 2]), weight=t.ones(3)),
    lambda t, F, x: F.multi_margin_loss(x, t.tensor([1, 0, 2]), weight=t.ones(4, requires_grad=True)),
    lambda t, F, x: F.multilabel_margin_loss(x, t.tensor([[1, 0, -1, 5], [3, -1, 0, 0], [0, 1, 2, 3]])),
    lambda t, F, x: F.multilabel_margin_loss(x, t.tensor([[1, 0, -1], [3, -1, 0], [0, 1, 2]])),
    lambda t, F, x: F.soft_margin_loss(x, t.ones(3, 4, requires_grad=True)),
    lambda t, F, x: F.soft_margin_loss(x[:1, :1], t.ones(3, 4)),
]


@pytest.mark.parametrize("index", range(len(ERRORS)))
def test_errors_match_torch(index):
    def run(lib):
        return ERRORS[index](lib, lib.nn.functional, lib.tensor(X, dtype=lib.float32, requires_grad=True))

    with pytest.raises(RuntimeError) as theirs:
        run(torch)
    with pytest.raises(RuntimeError, match=re.escape(str(theirs.value))):
        run(engine)
    for lib in (torch, engine):
        with pytest.raises(ValueError, match="only p == 1 and p == 2 supported"):
            lib.nn.functional.multi_margin_loss(lib.tensor(X), lib.tensor(CLASSES), p=3)


def test_modules_reprs_state_dicts_and_values():
    def build(lib):
        nn = lib.nn
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", FutureWarning)
            old = nn.NLLLoss2d()
        mods = [nn.MultiMarginLoss(p=2, margin=0.5, weight=lib.tensor([1.0, 2.0, 1.0, 0.5])),
                nn.MultiLabelMarginLoss(reduction="sum"), nn.TripletMarginWithDistanceLoss(swap=True),
                nn.CTCLoss(blank=1, zero_infinity=True), old, nn.NLLLoss(weight=lib.ones(4)),
                nn.BCEWithLogitsLoss(pos_weight=lib.full((4,), 2.0))]
        x = lib.tensor(X, dtype=lib.float32)
        values = [mods[0](x, lib.tensor(CLASSES)).item(), mods[1](x, lib.tensor(LABELS)).item(),
                  mods[2](*(lib.tensor(v, dtype=lib.float32) for v in (A, P, N))).item(),
                  mods[4](x.log_softmax(1), lib.tensor(CLASSES)).item()]
        states = [{k: v.tolist() for k, v in m.state_dict().items()} for m in mods]
        return [repr(m) for m in mods], states, values

    mine, theirs = build(engine), build(torch)
    assert mine[:2] == theirs[:2]
    np.testing.assert_allclose(mine[2], theirs[2], rtol=1e-6)


def test_nll_loss2d_is_deprecated_as_in_torch():
    with pytest.warns(FutureWarning, match="`NLLLoss2d` has been deprecated"):
        loss = engine.nn.NLLLoss2d()
    assert isinstance(loss, engine.nn.NLLLoss)
