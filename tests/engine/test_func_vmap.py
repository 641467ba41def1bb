"""torch.func.vmap: each op runs once over the batch through its batching rule, and the result
equals a Python loop over the examples."""
import numpy as np
import pytest

import gradcli.engine as torch
from gradcli.engine import instrumentation
from gradcli.engine.func import grad, hessian, jacfwd, jacrev, jvp, vjp, vmap
from gradcli.engine.func.batching_rules import RULES


def loop(f, *xs):
    return torch.stack([f(*row) for row in zip(*xs)])


def close(a, b):
    np.testing.assert_allclose(a.detach().numpy(), b.detach().numpy(), rtol=1e-5, atol=1e-6)


X = torch.randn(6, 4)
W = torch.randn(3, 4)


@pytest.mark.parametrize("f", [
    lambda r: torch.tanh(W @ r + 1.0), lambda r: r.sum(), lambda r: r.mean(), lambda r: r.softmax(-1),
    lambda r: r.reshape(2, 2).t() @ r.reshape(2, 2), lambda r: r.unsqueeze(0).expand(3, 4) * W,
    lambda r: torch.nn.functional.linear(r, W, W[:, 0]), lambda r: r.amax(0, keepdim=True),
    lambda r: torch.where(r > 0, r, r * 0.1), lambda r: r.dot(r), lambda r: r[1], lambda r: r.flatten(),
])
def test_vmap_matches_a_loop(f):
    close(vmap(f)(X), loop(f, X))


def test_each_op_runs_once_over_the_whole_batch():
    seen = []
    previous = instrumentation.run

    def spy(op, args, params, inner):
        seen.append(op.name)
        return previous(op, args, params, inner)
    instrumentation.run = spy
    try:
        vmap(lambda r: torch.tanh(W @ r).sum())(X)
    finally:
        instrumentation.run = previous
    assert seen.count("tanh") == 1 and seen.count("sum") == 1


def test_in_dims_out_dims_and_nesting():
    close(vmap(lambda c: c.sum(0), in_dims=1)(X), X.sum(0))
    close(vmap(lambda r: r * 2, out_dims=1)(X), (X * 2).t())
    close(vmap(lambda a, w: a * w, in_dims=(0, None))(X, W[0]), X * W[0])
    close(vmap(vmap(lambda a, b: a * b))(X, X + 1), X * (X + 1))
    close(vmap(lambda r: r.sum(), chunk_size=4)(X), X.sum(1))
    out = vmap(lambda r: (r, r.sum()))(X)
    close(out[1], X.sum(1))


def test_per_sample_gradients_of_shared_weights():
    def loss(w, r):
        return torch.tanh(w @ r).pow(2).sum()
    per_sample = vmap(grad(loss), in_dims=(None, 0))(W, X)
    assert per_sample.shape == (6, 3, 4)
    close(per_sample, loop(lambda r: grad(loss)(W, r), X))
    assert per_sample.grad_fn is None


def test_grad_of_vmap_and_nested_levels():
    close(grad(lambda x: vmap(lambda r: r.sin().sum())(x).sum())(X), X.cos())
    close(vmap(grad(lambda r: (r * grad(lambda s: (s * r).sum())(r)).sum()))(X), 2 * X)


def test_an_op_without_a_rule_says_so_instead_of_looping():
    with pytest.raises(RuntimeError, match="vmap: We do not support batching operators that can support dynamic "
                                           "shape. Attempting to batch over indexing with a boolean mask."):
        vmap(lambda r: W[r > 0])(W)
    with pytest.raises(RuntimeError, match=r"vmap: Attempted to vmap over `mask` in torch.masked_select"):
        vmap(lambda r: W.masked_select(r > 0))(W)
    with pytest.raises(ValueError, match="same size in the mapped dimension"):
        vmap(lambda a, b: a + b)(torch.ones(2), torch.ones(3))
    with pytest.raises(ValueError, match="Expected at least one Tensor to vmap over"):
        vmap(lambda r: r, in_dims=(None,))(X)


def test_the_hook_is_removed_after_vmap():
    vmap(lambda r: r + 1)(X)
    assert instrumentation.batching is None and not instrumentation.active


def test_rules_cover_the_elementwise_and_reduction_families():
    assert {"add", "mul", "tanh", "sum", "sum.dim_IntList", "matmul", "view"} <= set(RULES)


def test_in_place_ops_on_batched_tensors_write_each_example():
    def f(r):
        y = r.clone()
        y.mul_(2)
        y[0] = 5.0
        y.clamp_(max=3)
        y += r
        return y
    close(vmap(f)(X), loop(f, X))
    close(vmap(grad(lambda r: f(r).pow(2).sum()))(X), loop(grad(lambda r: f(r).pow(2).sum()), X))
    close(vmap(lambda r: r.clone().copy_(W[0]).add_(r))(X), X + W[0])


def test_in_place_writes_of_batched_values_into_captured_tensors_are_refused():
    captured = torch.zeros(4)
    with pytest.raises(RuntimeError, match=r"output with shape \[4\] doesn't match the broadcast shape \[6, 4\]"):
        vmap(lambda r: captured.add_(r))(X)
    with pytest.raises(RuntimeError, match="vmap: inplace arithmetic"):
        vmap(lambda r: captured.copy_(r))(X)
    assert (captured.numpy() == 0).all()


def test_index_tensors_that_differ_per_example():
    index = torch.tensor([[0, 1], [2, 3], [3, 0], [1, 1], [0, 0], [2, -1]])
    close(vmap(lambda i: torch.take(W, i))(index), loop(lambda i: torch.take(W, i), index))
    close(vmap(lambda r, i: r[i])(X, index), loop(lambda r, i: r[i], X, index))
    close(vmap(lambda i: W[i % 3])(index), loop(lambda i: W[i % 3], index))
    rows = index.clamp(min=0).reshape(6, 1, 2).expand(6, 3, 2)
    close(vmap(lambda r, i: W.gather(1, i) * r[0])(X, rows), loop(lambda r, i: W.gather(1, i) * r[0], X, rows))
    close(vmap(grad(lambda r, i: (r[i] ** 2).sum()))(X, index), loop(grad(lambda r, i: (r[i] ** 2).sum()), X, index))
    masks = X > 0      # a mask per example (attention masks) is where's batching rule
    close(vmap(lambda r, m: r.masked_fill(m, -1.0))(X, masks), loop(lambda r, m: r.masked_fill(m, -1.0), X, masks))
    with pytest.raises(RuntimeError, match="vmap: Attempted to vmap over `mask` in torch.masked_select"):
        vmap(lambda r, m: r.masked_select(m))(X, masks)
    for f in (lambda r: r.tolist(), lambda r: r.numpy()):
        with pytest.raises(RuntimeError, match="Cannot access data pointer"):
            vmap(f)(X)


def test_batch_norm_uses_each_examples_statistics():
    F = torch.nn.functional
    A = torch.randn(5, 4, 3, 2)
    w, b = torch.randn(3), torch.randn(3)
    close(vmap(lambda r: F.batch_norm(r, None, None, w, b, training=True))(A),
          loop(lambda r: F.batch_norm(r, None, None, w, b, training=True), A))
    stats = torch.randn(5, 3), torch.rand(5, 3) + 0.5
    got = vmap(lambda r, m, v: F.batch_norm(r, m, v, w, b, training=False))(A, *stats)
    close(got, torch.stack([F.batch_norm(A[i], stats[0][i], stats[1][i], w, b, training=False) for i in range(5)]))
    with pytest.raises(RuntimeError, match="Batch norm got a batched tensor as input while the running_mean"):
        vmap(lambda r: F.batch_norm(r, torch.zeros(3), torch.ones(3), training=True))(A)
    means, variances = torch.zeros(5, 3), torch.ones(5, 3)      # an ensemble's stacked buffers
    vmap(lambda r, m, v: F.batch_norm(r, m, v, training=True, momentum=0.5))(A, means, variances)
    close(means[2], 0.5 * A[2].mean(dim=(0, 2)))
    close(variances[4], 0.5 + 0.5 * A[4].transpose(0, 1).reshape(3, -1).var(dim=1))


def test_losses_and_one_hot_of_batched_targets():
    F = torch.nn.functional
    logits = torch.randn(4, 5, 3)
    target = torch.tensor([[0, 2, 1, 1, 0], [2, -100, 0, 1, 1], [-100, -100, 0, 2, 2], [0, 1, 2, 0, 1]])

    def ce(a, t):
        return F.cross_entropy(a, t, label_smoothing=0.1)
    close(vmap(ce)(logits, target), loop(ce, logits, target))
    close(vmap(lambda t: F.one_hot(t.clamp(min=0), 3))(target), F.one_hot(target.clamp(min=0), 3))
    with pytest.raises(RuntimeError, match="please provide an explicit positive num_classes"):
        vmap(lambda t: F.one_hot(t))(target.clamp(min=0))


def test_like_factories_inside_vmap_make_one_example():
    close(vmap(lambda r: r + torch.zeros_like(r) + torch.ones_like(r))(X), X + 1)


def test_random_draws_follow_the_randomness_flag():
    with pytest.raises(RuntimeError, match="randomness error mode"):
        vmap(lambda r: r * torch.randn(4))(X)
    torch.manual_seed(0)
    same = vmap(lambda r: r * 0 + torch.rand(4), randomness="same")(X)
    close(same, same[0].expand(6, 4))
    ones = torch.ones(6, 40)
    masks = vmap(lambda r: torch.nn.functional.dropout(r, 0.5), randomness="different")(ones)
    assert set(np.unique(masks.numpy())) <= {0.0, 2.0}
    assert len({tuple(row) for row in masks.numpy()}) == 6           # a mask per example
    shared = vmap(lambda r: torch.nn.functional.dropout(r, 0.5), randomness="same")(ones)
    assert len({tuple(row) for row in shared.numpy()}) == 1
    noise = vmap(vmap(lambda r: r * 0 + torch.randn(()), randomness="different"), randomness="same")(ones)
    assert len(set(noise[:, 0].tolist())) == 1 and len(set(noise[0].tolist())) == 40
    perms = vmap(lambda r: r * 0 + torch.randperm(40), randomness="different")(ones)
    assert len({tuple(row) for row in perms.tolist()}) == 6 and sorted(perms[2].tolist()) == list(range(40))
    with pytest.raises(RuntimeError, match="Cannot ask for different inplace randomness on an unbatched tensor"):
        vmap(lambda r: r + torch.empty(40).uniform_(), randomness="different")(ones)
    with pytest.raises(RuntimeError, match="does not currently support same randomness with a batched tensor"):
        vmap(lambda r: torch.bernoulli(r * 0.5), randomness="same")(ones)


def f3(r):
    return torch.tanh(W @ r + 0.1) * r[:3].sin()


def energy(r):
    return torch.logsumexp(W @ r, 0) + 0.5 * (r * r).sum()


@pytest.mark.parametrize("transform", [
    lambda: jacrev(f3), lambda: jacfwd(f3), lambda: hessian(energy), lambda: jacfwd(jacrev(energy)),
    lambda: grad(lambda r: (jacrev(f3)(r) ** 2).sum()),
    lambda: (lambda r: vjp(f3, r)[1](torch.ones(3) * r[0])[0]),
    lambda: (lambda r: jvp(f3, (r,), (r.cos(),))[1]),
])
def test_transforms_inside_vmap_give_one_result_per_example(transform):
    close(vmap(transform())(X), loop(transform(), X))


def test_vmap_over_a_vjp_function_and_over_cotangents():
    _, fn = vjp(f3, X[0])
    close(vmap(fn)(torch.eye(3))[0], jacrev(f3)(X[0]))
    C = torch.randn(6, 3)
    close(vmap(lambda r, c: vjp(f3, r)[1](c)[0])(X, C), loop(lambda r, c: vjp(f3, r)[1](c)[0], X, C))


def test_forward_mode_through_vmap():
    close(jacfwd(vmap(f3))(X), jacrev(vmap(f3))(X))
    T = torch.randn(6, 4)
    close(jvp(vmap(f3), (X,), (T,))[1], loop(lambda r, t: jvp(f3, (r,), (t,))[1], X, T))


def test_model_ensembling_and_per_sample_gradients_of_a_module():
    from gradcli.engine.func import functional_call, stack_module_state
    models = [torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.ReLU(), torch.nn.Linear(4, 2)) for _ in range(5)]
    params, buffers = stack_module_state(models)
    x, y = torch.randn(7, 3), torch.randn(7, 2)
    out = vmap(lambda p, b, v: functional_call(models[0], (p, b), (v,)), in_dims=(0, 0, None))(params, buffers, x)
    close(out, torch.stack([m(x) for m in models]))
    m = models[0]
    ps = {k: v.detach() for k, v in m.named_parameters()}

    def loss(p, xi, yi):
        return ((functional_call(m, p, (xi,)) - yi) ** 2).sum()
    per_sample = vmap(grad(loss), in_dims=(None, 0, 0))(ps, x, y)
    for k in ps:
        close(per_sample[k], torch.stack([grad(loss)(ps, x[i], y[i])[k] for i in range(7)]))


def test_nested_vmap_over_inner_dims_with_grad():
    A = torch.randn(2, 3, 4)

    def f(r):
        return (r.exp() * r).sum()
    out = vmap(vmap(grad(f), in_dims=1), in_dims=2)(A)
    close(out, torch.stack([torch.stack([grad(f)(A[:, j, k]) for j in range(3)]) for k in range(4)]))


def test_jacrev_of_a_vmapped_function():
    def f(r):
        return r.sin() * r.sum()
    close(jacrev(vmap(f))(X), jacrev(lambda x: torch.stack([f(r) for r in x]))(X))

    def g(r):
        return (r.unsqueeze(0) * r.unsqueeze(1)).t().sum(0) @ torch.ones(6)
    close(jacrev(vmap(g, in_dims=1))(X), jacrev(lambda x: torch.stack([g(x[:, j]) for j in range(4)]))(X))
