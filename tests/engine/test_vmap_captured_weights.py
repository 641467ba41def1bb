"""A weight a vmapped function captures broadcasts against the batch as it is, as in torch: its
history gets no unsqueeze node of gradcli's own, and its gradient sums over the batch."""
import numpy as np

from gradcli import engine as torch
from gradcli.engine.func import vmap


def test_a_captured_weight_is_used_as_it_is():
    w = torch.linspace(-1, 1, 3).requires_grad_()
    x = torch.linspace(-1, 1, 6).reshape(2, 3)
    y = vmap(lambda row: row * w)(x)
    assert y.grad_fn.name() == "MulBackward0"
    assert [type(fn).__name__ if fn else None for fn, _ in y.grad_fn.next_functions] == [None, "AccumulateGrad"]
    y.sum().backward()
    np.testing.assert_allclose(w.grad.numpy(), x.numpy().sum(0))


def test_a_captured_matrix_of_higher_rank_broadcasts_against_each_example():
    w = torch.arange(6.).reshape(2, 3).requires_grad_()
    x = torch.linspace(-1, 1, 12).reshape(4, 3)
    y = vmap(lambda row: row + w)(x)
    assert tuple(y.shape) == (4, 2, 3)
    np.testing.assert_allclose(y.detach().numpy(), x.numpy()[:, None, :] + w.detach().numpy())
    y.pow(2).sum().backward()
    np.testing.assert_allclose(w.grad.numpy(), (2 * (x.numpy()[:, None, :] + w.detach().numpy())).sum(0))
