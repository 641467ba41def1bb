"""The training step's shortcuts (mse_loss of same-shaped tensors, a plain SGD group) give torch's
results and fall back to the general path wherever they do not apply."""
import warnings

import numpy as np
import pytest

from gradcli import engine as gc

F = gc.nn.functional

OUT = np.array([[0.5, -1.25, 2.0], [0.125, 3.5, -0.75]], np.float32)
TARGET = np.array([[1.0, -1.0, 0.25], [0.5, 2.0, -2.0]], np.float32)


@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_mse_loss_of_same_shapes_matches_torch(reduction):
    torch = pytest.importorskip("torch")
    results = []
    for lib in (torch, gc):
        out = lib.tensor(OUT, requires_grad=True)
        loss = lib.nn.functional.mse_loss(out, lib.tensor(TARGET), reduction=reduction)
        loss.sum().backward() if reduction == "none" else loss.backward()
        results.append((loss.detach().numpy(), out.grad.numpy(), loss.grad_fn.name()))
    (t_loss, t_grad, t_name), (g_loss, g_grad, g_name) = results
    assert np.array_equal(t_loss, g_loss) and np.array_equal(t_grad, g_grad)
    assert t_name == g_name


def test_mse_loss_of_different_shapes_still_warns_and_broadcasts():
    out = gc.tensor(OUT[:1], requires_grad=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        loss = F.mse_loss(out, gc.tensor(TARGET), reduction="sum")
    assert "target size" in str(caught[0].message)
    assert loss.grad_fn.name() == "MseLossBackward0"
    assert loss.grad_fn.next_functions[0][0].name() == "ExpandBackward0"


def test_mse_loss_refuses_what_the_general_path_refuses():
    with pytest.raises(NotImplementedError, match="mse_cpu"):
        F.mse_loss(gc.tensor([1, 2]), gc.tensor([1, 3]))
    with pytest.raises(ValueError, match="not a valid value for reduction"):
        F.mse_loss(gc.tensor(OUT), gc.tensor(TARGET), reduction="average")


def test_plain_sgd_keeps_no_state_and_bumps_versions():
    w = gc.nn.Parameter(gc.tensor([1.0, -2.0]))
    b = gc.nn.Parameter(gc.tensor([0.5]))
    opt = gc.optim.SGD([{"params": [w]}, {"params": [b], "momentum": 0.9}], lr=0.1)
    ((w * w).sum() + (b * 3).sum()).backward()
    opt.step()
    assert w.tolist() == [0.800000011920929, -1.600000023841858]   # w - 0.1 * 2w, in float32
    assert w._version == 1 and b._version == 1
    assert list(opt.state_dict()["state"]) == [1]                 # only the momentum group has state
