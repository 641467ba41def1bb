"""nn.MSELoss / F.mse_loss build their MseLossBackward0 node in one step (dispatch.call_loss), nn.ReLU
and Sequential skip work nobody observes: the results must be the ones the generic paths give."""
import itertools

import numpy as np
import pytest

from gradcli import engine as torch
from gradcli.engine.autograd.graph import SavedVariable
from gradcli.engine.dispatch import call
from gradcli.engine.ops.nn import MSE_LOSS

F = torch.nn.functional


def _pair(dtype, ri, rt, shape=(4, 3)):
    x = torch.tensor(np.arange(12.0).reshape(shape) / 7, dtype=dtype, requires_grad=ri)
    y = torch.tensor(np.arange(12.0).reshape(shape)[::-1].copy() / 5 - 0.4, dtype=dtype, requires_grad=rt)
    return x, y


def _described(node):
    saved = [("saved", s.tensor is not None and s.tensor._data.tobytes(), s.version)
             if isinstance(s, SavedVariable) else s for s in node._saved]
    return (type(node).__name__, [(type(fn).__name__, nr) for fn, nr in node.next_functions],
            node._in_meta, node._oshape, node._odtype, saved)


@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
@pytest.mark.parametrize("ri,rt", [(True, False), (False, True), (True, True)])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_mse_loss_records_the_node_call_would(reduction, ri, rt, dtype):
    x, y = _pair(dtype, ri, rt)
    fast = F.mse_loss(x * 1, y, reduction=reduction)   # x * 1: an input with a grad_fn, as a model's output
    generic = call(MSE_LOSS, (x * 1, y), {"reduction": {"none": 0, "mean": 1, "sum": 2}[reduction]})
    assert fast._data.tobytes() == generic._data.tobytes() and type(fast._data) is type(generic._data)
    assert _described(fast.grad_fn) == _described(generic.grad_fn)
    assert fast.grad_fn._saved_reduction == generic.grad_fn._saved_reduction
    fast.sum().backward()
    grads = [t.grad for t in (x, y)]
    x.grad = y.grad = None
    generic.sum().backward()
    for g, t in zip(grads, (x, y)):
        assert (g is None) == (t.grad is None)
        if g is not None:
            np.testing.assert_array_equal(g._data, t.grad._data)


@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_mse_loss_module_records_what_the_functional_does(reduction, dtype):
    x, y = _pair(dtype, True, False)
    module = torch.nn.MSELoss(reduction=reduction)(x * 1, y)
    functional = F.mse_loss(x * 1, y, reduction=reduction)
    assert module._data.tobytes() == functional._data.tobytes()
    assert _described(module.grad_fn) == _described(functional.grad_fn)


def test_mse_loss_module_falls_back_to_the_functional_on_unusual_inputs():
    x, y = _pair(torch.float32, True, False)
    with pytest.warns(UserWarning, match="Using a target size"):   # broadcast: F.mse_loss's warning
        assert torch.nn.MSELoss()(x, y[:1]).grad_fn.name() == "MseLossBackward0"
    with pytest.raises(ValueError, match="is not a valid value for reduction"):
        torch.nn.MSELoss(reduction="total")(x, y)
    loss = torch.nn.MSELoss(reduction="sum")(x, torch.nn.Parameter(y._data.copy(), requires_grad=False))
    assert loss.item() == pytest.approx(F.mse_loss(x, y, reduction="sum").item())


def test_mse_loss_without_grad_or_under_hooks_takes_the_general_path():
    x, y = _pair(torch.float32, True, False)
    with torch.no_grad():
        assert F.mse_loss(x, y).grad_fn is None
    packed = []
    with torch.autograd.graph.saved_tensors_hooks(lambda t: packed.append(tuple(t.shape)) or t, lambda t: t):
        loss = F.mse_loss(x, y)
    assert packed == [(4, 3), (4, 3)]
    loss.backward()
    assert x.grad.shape == (4, 3)


def test_mse_loss_of_mixed_dtypes_promotes_as_before():
    x, _ = _pair(torch.float32, True, False)
    _, y = _pair(torch.float64, False, False)
    loss = F.mse_loss(x, y)
    assert loss.dtype == torch.float64 and loss.grad_fn.name() == "MseLossBackward0"


def test_second_backward_through_the_fast_loss_fails_as_torch():
    x, y = _pair(torch.float32, True, False)
    loss = torch.nn.MSELoss()(x, y)
    loss.backward()
    with pytest.raises(RuntimeError, match="Trying to backward through the graph a second time"):
        loss.backward()


def test_modified_target_is_reported_at_backward():
    x, y = _pair(torch.float32, True, False)
    loss = F.mse_loss(x, y, reduction="sum")
    with torch.no_grad():
        y.add_(1)
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        loss.backward()


def test_relu_module_reads_inplace_at_each_call():
    relu = torch.nn.ReLU()
    x = torch.tensor([-1.0, 0.0, 2.0], requires_grad=True)
    h = x * 1
    assert relu(h).grad_fn.name() == "ReluBackward0" and h._version == 0
    relu.inplace = True
    out = relu(h)
    assert out is h and h._version == 1 and out.tolist() == [0.0, 0.0, 2.0]


def test_sequential_still_runs_hooks_and_overridden_calls():
    seen = []
    model = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.ReLU())
    x = torch.ones(1, 3)
    plain = model(x)
    handle = model[1].register_forward_hook(lambda m, args, out: seen.append(type(m).__name__) or out * 2)
    hooked = model(x)
    handle.remove()
    assert seen == ["ReLU"]
    np.testing.assert_array_equal(hooked._data, plain._data * 2)
    assert hooked.grad_fn.name() == "MulBackward0"


def test_sequential_with_a_none_layer_fails_as_torch():
    model = torch.nn.Sequential(torch.nn.ReLU())
    model.add_module("1", None)
    with pytest.raises(TypeError, match="'NoneType' object is not callable"):
        model(torch.ones(2))


def test_training_loop_matches_torch():
    torch_ = pytest.importorskip("torch")
    rng = np.random.default_rng(0)
    arrays = [rng.standard_normal(s).astype(np.float32) * 0.3 for s in ((4, 3), (4,), (2, 4), (2,))]
    x, t = rng.standard_normal((5, 3)).astype(np.float32), rng.standard_normal((5, 2)).astype(np.float32)
    losses = []
    for lib in (torch, torch_):
        model = lib.nn.Sequential(lib.nn.Linear(3, 4), lib.nn.ReLU(), lib.nn.Linear(4, 2))
        with lib.no_grad():
            for p, a in zip(model.parameters(), arrays):
                p.copy_(lib.tensor(a))
        opt = lib.optim.SGD(model.parameters(), lr=0.1)
        for reduction in itertools.islice(itertools.cycle(["sum", "mean"]), 6):
            opt.zero_grad()
            loss = lib.nn.MSELoss(reduction=reduction)(model(lib.tensor(x)), lib.tensor(t))
            loss.backward()
            opt.step()
            losses.append((loss.item(), loss.grad_fn.name(), [p.grad.numpy() for p in model.parameters()]))
    for (mine, name, grads), (theirs, torch_name, torch_grads) in zip(losses[:6], losses[6:]):
        assert (mine, name) == (theirs, torch_name)
        for g, tg in zip(grads, torch_grads):   # (the BLAS products may differ in the last bit)
            np.testing.assert_allclose(g, tg, rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("shape", [(), (0,), (3,), (16, 10), (7, 33), (1000,)])
@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
@pytest.mark.parametrize("reduction", [0, 1, 2])
def test_mse_forward_is_the_composed_kernel_to_the_bit(shape, dtype, reduction):
    from gradcli.engine.ops.nn import _reduce_np, _squared_error
    rng = np.random.default_rng(3)
    a, b = (rng.standard_normal(shape).astype(dtype) for _ in range(2))
    fast, composed = MSE_LOSS.forward(a, b, reduction), _reduce_np(_squared_error(a, b), reduction)
    assert type(fast) is type(composed) and fast.dtype == composed.dtype
    assert np.asarray(fast).tobytes() == np.asarray(composed).tobytes() and np.shape(fast) == np.shape(composed)


@pytest.mark.parametrize("shape", [(3,), (16, 10), (7, 33), (1000,)])
@pytest.mark.parametrize("reduction", ["sum", "mean"])
def test_mse_loss_values_are_torchs_to_the_bit(shape, reduction):
    torch_ = pytest.importorskip("torch")
    rng = np.random.default_rng(4)
    a, b = (rng.standard_normal(shape).astype(np.float32) for _ in range(2))
    mine = torch.nn.MSELoss(reduction=reduction)(torch.tensor(a, requires_grad=True), torch.tensor(b))
    theirs = torch_.nn.MSELoss(reduction=reduction)(torch_.tensor(a, requires_grad=True), torch_.tensor(b))
    assert mine.item() == theirs.item() and mine.grad_fn.name() == theirs.grad_fn.name()
