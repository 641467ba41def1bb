"""F.ctc_loss, torch.ctc_loss and nn.CTCLoss against torch: the loss, the gradient (torch's, which is
the logits' gradient: exp(log_probs) minus the posteriors), the graph (CtcLossBackward0 under torch's
reduction nodes), the saved values, the refusal of double backward, and the argument checks."""
import re

import numpy as np
import pytest

from gradcli import engine

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.parity

R = np.random.default_rng(11)
LOGITS = R.normal(size=(6, 3, 5))
PADDED = np.array([[1, 2, 2, 0], [3, 4, 0, 0], [1, 1, 1, 1]])


def _run(lib, fn, leaf=LOGITS):
    x = lib.tensor(leaf, dtype=lib.float64, requires_grad=True)
    out = fn(lib, x)
    (grad,) = lib.autograd.grad(out.sum(), x)
    edges = [None if f is None else f.name() for f, _ in out.grad_fn.next_functions]
    return out.detach().numpy(), grad.numpy(), out.grad_fn.name(), edges


def _same(fn, leaf=LOGITS):
    mine, theirs = _run(engine, fn, leaf), _run(torch, fn, leaf)
    np.testing.assert_allclose(mine[0], theirs[0], rtol=1e-12)
    assert mine[0].shape == theirs[0].shape
    np.testing.assert_allclose(mine[1], theirs[1], rtol=1e-9, atol=1e-13)
    assert mine[2:] == theirs[2:]


@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
@pytest.mark.parametrize("zero_infinity", [False, True])
def test_padded_targets_through_log_softmax(reduction, zero_infinity):
    _same(lambda t, x: t.nn.functional.ctc_loss(x.log_softmax(2), t.tensor(PADDED), [6, 5, 6], [3, 2, 0],
                                                reduction=reduction, zero_infinity=zero_infinity))


@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
@pytest.mark.parametrize("zero_infinity", [False, True])
def test_an_impossible_alignment_is_inf_or_zero_with_zero_infinity(reduction, zero_infinity):
    """Three equal labels need five steps (blanks between repeats): two steps cannot align them."""
    _same(lambda t, x: t.nn.functional.ctc_loss(x.log_softmax(2), t.tensor([[1, 1, 1]] * 3), [2, 6, 6], [3, 3, 3],
                                                reduction=reduction, zero_infinity=zero_infinity))


def test_a_leaf_gets_torchs_gradient_not_the_partial_derivative():
    """torch's backward is exp(log_probs) - posterior: a leaf that is not a log_softmax gets it as it is."""
    _same(lambda t, x: t.nn.functional.ctc_loss(x, t.tensor(PADDED), t.tensor([6, 5, 6]), t.tensor([3, 2, 0])))


def test_concatenated_targets_and_another_blank():
    _same(lambda t, x: t.nn.functional.ctc_loss(x.log_softmax(2), t.tensor([1, 3, 4, 0, 1]), (6, 6, 4), (2, 3, 0),
                                                blank=2))


@pytest.mark.parametrize("reduction", ["mean", "none"])
def test_unbatched_input(reduction):
    _same(lambda t, x: t.nn.functional.ctc_loss(x.log_softmax(1), t.tensor([1, 2]), t.tensor(6), t.tensor(2),
                                                reduction=reduction), LOGITS[:, 0])


def test_int32_and_float_targets_are_taken_as_long():
    for targets in (PADDED.astype(np.int32), PADDED.astype(np.float32)):
        _same(lambda t, x: t.nn.functional.ctc_loss(x.log_softmax(2), t.tensor(targets), [6, 5, 6], [3, 2, 0]))


def test_torch_ctc_loss_takes_the_reduction_enum_and_defaults_to_none():
    _same(lambda t, x: t.ctc_loss(x.log_softmax(2), t.tensor(PADDED), [6, 5, 6], [3, 2, 0]))
    _same(lambda t, x: t.ctc_loss(x.log_softmax(2), t.tensor(PADDED), [6, 5, 6], [3, 2, 0], 0, 1, True))


def test_module_and_saved_values():
    def node(lib):
        loss = lib.nn.CTCLoss(blank=0, reduction="none")
        x = lib.tensor(LOGITS, dtype=lib.float64, requires_grad=True)
        return loss(x.log_softmax(2), lib.tensor(PADDED), (6, 5, 6), (3, 2, 0)).grad_fn, repr(loss)

    (mine, my_repr), (theirs, their_repr) = node(engine), node(torch)
    assert my_repr == their_repr == "CTCLoss()"
    for name in ("blank", "input_lengths", "target_lengths", "zero_infinity"):
        assert getattr(mine, "_saved_" + name) == getattr(theirs, "_saved_" + name)
    np.testing.assert_array_equal(mine._saved_targets.numpy(), theirs._saved_targets.numpy())
    np.testing.assert_allclose(mine._saved_result0.detach().numpy(), theirs._saved_result0.detach().numpy())
    for b, (steps, length) in enumerate(zip((6, 5, 6), (3, 2, 0))):    # torch leaves the rest unwritten
        np.testing.assert_allclose(mine._saved_result1.detach().numpy()[b, :steps, :2 * length + 1],
                                   theirs._saved_result1.detach().numpy()[b, :steps, :2 * length + 1])


def test_double_backward_raises_torchs_error():
    def second(lib):
        x = lib.tensor(LOGITS, dtype=lib.float64, requires_grad=True)
        loss = lib.nn.functional.ctc_loss(x, lib.tensor(PADDED), [6, 5, 6], [3, 2, 0])
        (g,) = lib.autograd.grad(loss, x, create_graph=True)
        with pytest.raises(RuntimeError, match="derivative for aten::_ctc_loss_backward is not implemented"):
            g.sum().backward()
        return g.grad_fn.name()

    assert second(engine) == second(torch) == "torch::autograd::NotImplemented"


BAD = [
    (PADDED[:1], (6, 5, 6), (3, 2, 0), 0),
    (PADDED, (7, 5, 6), (3, 2, 0), 0),
    (PADDED, (6, 5, 6), (5, 2, 0), 0),
    (np.array([1, 2, 3]), (6, 5, 6), (2, 2, 0), 0),
    (PADDED, (6, 5), (3, 2, 0), 0),
    (PADDED, (6, 5, 6), (3, 2), 0),
    (PADDED, (6, 5, -1), (3, 2, 0), 0),
    (PADDED, (6, 5, 6), (3, -2, 0), 0),
    (PADDED, (6, 5, 6), (3, 2, 0), 5),
]


@pytest.mark.parametrize("targets,input_lengths,target_lengths,blank", BAD)
def test_invalid_arguments_raise_torchs_error(targets, input_lengths, target_lengths, blank):
    def run(lib):
        x = lib.tensor(LOGITS, dtype=lib.float64)
        return lib.nn.functional.ctc_loss(x, lib.tensor(targets), input_lengths, target_lengths, blank=blank)

    with pytest.raises(RuntimeError) as theirs:
        run(torch)
    with pytest.raises(RuntimeError, match=re.escape(str(theirs.value))):
        run(engine)
