"""How the backward pass runs: order, accumulation, freeing, long chains, memory."""
import gc
import tracemalloc

import numpy as np
import pytest

from gradcli import engine as torch


def test_a_non_leaf_used_twice_gets_both_gradients():
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    b = a + a
    c = b + b
    c.sum().backward()
    assert a.grad.tolist() == [4.0, 4.0]


def test_diamond_sums_the_paths_before_running_the_shared_node():
    x = torch.tensor(3.0, requires_grad=True)
    shared = x * x            # runs once, with the summed gradient of both branches
    calls = []
    shared.grad_fn.register_prehook(lambda grads: calls.append(grads[0].item()))
    (shared.sin() + shared.cos()).backward()
    assert calls == [pytest.approx(np.cos(9.0) - np.sin(9.0), rel=1e-5)]
    assert x.grad.item() == pytest.approx(6 * (np.cos(9.0) - np.sin(9.0)), rel=1e-5)


def test_nodes_run_latest_first_like_torch():
    x = torch.tensor(1.0, requires_grad=True)
    first = x * 2
    second = x * 3
    order = []
    first.grad_fn.register_prehook(lambda g: order.append("first"))
    second.grad_fn.register_prehook(lambda g: order.append("second"))
    (first + second).backward()
    assert order == ["second", "first"]


def test_leaf_gradients_accumulate_in_place_across_calls():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = (x * x).sum()
    y.backward(retain_graph=True)
    grad = x.grad
    y.backward()
    assert x.grad is grad
    assert x.grad.tolist() == [4.0, 8.0]


def test_intermediate_gradients_are_not_kept_unless_retained():
    x = torch.tensor(2.0, requires_grad=True)
    mid = x * 3
    kept = x * 4
    kept.retain_grad()
    (mid * kept).backward()
    with pytest.warns(UserWarning):
        assert mid.grad is None
    assert kept.grad.item() == 6.0 and kept.retains_grad


def test_saved_tensors_are_freed_after_backward():
    x = torch.tensor(2.0, requires_grad=True)
    y = x.exp()
    y.backward()
    with pytest.raises(RuntimeError, match="backward through the graph a second time"):
        y.grad_fn._saved_result
    with pytest.raises(RuntimeError, match="Specify retain_graph=True"):
        y.backward()


def test_a_graph_without_saved_tensors_can_be_run_twice():
    x = torch.tensor(2.0, requires_grad=True)
    y = x + 1
    y.backward()
    y.backward()
    assert x.grad.item() == 2.0


def test_create_graph_gives_derivatives_of_any_order():
    x = torch.tensor(0.5, requires_grad=True)
    y = x.sin() * x.exp()
    (d1,) = torch.autograd.grad(y, x, create_graph=True)
    (d2,) = torch.autograd.grad(d1, x, create_graph=True)
    (d3,) = torch.autograd.grad(d2, x)
    s, c, e = np.sin(0.5), np.cos(0.5), np.exp(0.5)
    assert d1.item() == pytest.approx(e * (s + c), rel=1e-6)
    assert d2.item() == pytest.approx(2 * e * c, rel=1e-6)
    assert d3.item() == pytest.approx(2 * e * (c - s), rel=1e-5)


def test_grad_with_create_graph_leaves_a_differentiable_grad():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    (x ** 3).sum().backward(create_graph=True)
    assert x.grad.grad_fn is not None
    g = x.grad.sum()
    x.grad = None
    g.backward()
    assert x.grad.tolist() == [6.0, 12.0]


def test_batched_grads_compute_a_jacobian_in_one_pass():
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    (jac,) = torch.autograd.grad(x ** 2, x, torch.eye(3), is_grads_batched=True)
    assert jac.tolist() == [[2.0, 0.0, 0.0], [0.0, 4.0, 0.0], [0.0, 0.0, 6.0]]


def test_backward_inputs_limits_accumulation():
    p = torch.tensor([1.0, 2.0], requires_grad=True)
    q = torch.tensor([3.0, 4.0], requires_grad=True)
    (p * q).sum().backward(inputs=[p])
    assert p.grad.tolist() == [3.0, 4.0] and q.grad is None


def test_grad_of_a_non_leaf_input():
    a = torch.tensor(2.0, requires_grad=True)
    c = a * 0.5
    d = c.exp()
    dc, da = torch.autograd.grad(d, (c, a))
    assert dc.item() == pytest.approx(np.e, rel=1e-6)
    assert da.item() == pytest.approx(np.e / 2, rel=1e-6)


def test_unused_inputs_are_an_error_unless_allowed():
    u = torch.tensor([1.0], requires_grad=True)
    v = torch.tensor([1.0], requires_grad=True)
    with pytest.raises(RuntimeError, match="at index 1 appears to not have been used"):
        torch.autograd.grad((u * 2).sum(), [u, v])
    assert torch.autograd.grad((u * 2).sum(), [u, v], allow_unused=True)[1] is None
    assert torch.autograd.grad((u * 2).sum(), [u, v], materialize_grads=True)[1].tolist() == [0.0]


@pytest.mark.slow
def test_a_chain_of_a_million_ops_backpropagates_without_recursion():
    x = torch.tensor(1.0, dtype=torch.float64, requires_grad=True)
    y = x
    for _ in range(1_000_000):
        y = y * 1.0000001
    y.backward()
    assert x.grad.item() == pytest.approx(1.0000001 ** 1_000_000, rel=1e-9)
    del y  # tearing the chain down must not overflow the C stack either


def test_memory_stays_flat_over_many_training_steps():
    w = torch.tensor([[0.1, 0.2], [0.3, 0.4]], requires_grad=True)
    x = torch.tensor([1.0, 2.0])

    def step():
        nonlocal w
        loss = (torch.sigmoid(w @ x) - 1).pow(2).sum()
        loss.backward()
        with torch.no_grad():
            w -= 0.1 * w.grad
            w.grad.zero_()

    for _ in range(500):
        step()
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for _ in range(10_000):
        step()
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    assert after - before < 200_000


def test_first_gradients_are_never_shared_between_leaves_or_with_the_caller():
    """AccumulateGrad may take over a fresh gradient instead of copying it; one that another leaf,
    a hook or the caller also holds is copied, so changing one .grad never changes another."""
    w = torch.randn(3, 4, requires_grad=True)
    x = torch.randn(2, 4)
    (x @ w.t()).sum().backward()     # (g^T x)^T^T arrives laid out as w: taken over, not copied
    assert w.grad.is_contiguous() and torch.allclose(w.grad, x.sum(0).expand(3, 4))

    x = torch.ones(3, requires_grad=True)
    y = torch.ones(3, requires_grad=True)
    (x + y).backward(torch.ones(3))
    x.grad.add_(1)
    assert y.grad.tolist() == [1.0, 1.0, 1.0]

    seed = torch.full((3,), 2.0)
    w = torch.ones(3, requires_grad=True)
    w.clone().backward(seed)
    w.grad.mul_(10)
    assert seed.tolist() == [2.0, 2.0, 2.0]

    kept = []
    v = torch.ones(3, requires_grad=True)
    v.register_hook(lambda grad: kept.append(grad))
    (v * 3).sum().backward()
    v.grad.zero_()
    assert kept[0].tolist() == [3.0, 3.0, 3.0]
