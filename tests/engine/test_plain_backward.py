"""``loss.backward()`` with nothing watching takes a shorter way in (backward._plain_pass) and the
nodes of a training step have their own plain applies (mse_loss, relu, t, addmm); each must give
what the general pass and the generic apply give, restore what it switches, and step aside where
it must."""
import warnings

import numpy as np
import pytest

from gradcli import engine as torch
from gradcli.engine import backward as bw, fused
from gradcli.engine.backend import numpy_math
from gradcli.engine.nodes import OpNode

nn = torch.nn


def _mlp(dtype=torch.float32):
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(3, 5), nn.ReLU(), nn.Linear(5, 2)).to(dtype)
    x = torch.tensor(np.linspace(-1, 1, 12).reshape(4, 3), dtype=dtype)
    target = torch.tensor(np.linspace(1, -1, 8).reshape(4, 2), dtype=dtype)
    return model, x, target


@pytest.mark.parametrize("reduction", ["sum", "mean"])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_plain_pass_gives_what_autograd_grad_gives(reduction, dtype):
    model, x, target = _mlp(dtype)
    params = list(model.parameters())
    expected = torch.autograd.grad(F_mse(model(x), target, reduction), params)   # the general pass
    F_mse(model(x), target, reduction).backward()
    for p, g in zip(params, expected):
        assert p.grad.dtype == p.dtype and p.grad._data.tobytes() == g._data.tobytes()


def F_mse(out, target, reduction):
    return nn.functional.mse_loss(out, target, reduction=reduction)


def test_generic_applies_give_the_same_arrays():
    model, x, target = _mlp()
    loss = F_mse(model(x), target, "mean")
    mse = loss.grad_fn
    g = np.array(1.0, np.float32)
    out_grad = mse.apply([g], numpy_math)
    assert [a.tobytes() for a in out_grad if a is not None] == \
        [a.tobytes() for a in OpNode.apply(mse, [g], numpy_math) if a is not None]
    addmm = mse.next_functions[0][0]
    relu_grad = addmm.apply([out_grad[0]], numpy_math)[1]
    relu, t = addmm.next_functions[1][0], addmm.next_functions[2][0]
    assert relu.apply([relu_grad], numpy_math)[0].tobytes() == OpNode.apply(relu, [relu_grad], numpy_math)[0].tobytes()
    wt_grad = addmm.apply([out_grad[0]], numpy_math)[2]
    assert t.apply([wt_grad], numpy_math)[0].tobytes() == OpNode.apply(t, [wt_grad], numpy_math)[0].tobytes()


def test_grad_mode_and_numpy_error_state_inside_and_after():
    model, x, target = _mlp()
    inside = []
    model[0].weight.register_hook(lambda g: inside.append((torch.is_grad_enabled(), np.geterr()["invalid"])))
    before = np.geterr()
    with warnings.catch_warnings():
        warnings.simplefilter("error")      # inf * 0 in a backward is torch's convention, not a warning
        F_mse(model(x), target, "sum").backward()
        torch.sqrt(torch.zeros(2, requires_grad=True)).sum().backward()
    assert inside == [(False, "ignore")]
    assert torch.is_grad_enabled() and np.geterr() == before


def test_a_failed_pass_restores_grad_mode():
    model, x, target = _mlp()
    loss = F_mse(model(x), target, "sum")
    loss.backward()
    with pytest.raises(RuntimeError, match="backward through the graph a second time"):
        loss.backward()
    assert torch.is_grad_enabled()
    with torch.no_grad():
        with pytest.raises(RuntimeError, match="backward through the graph a second time"):
            loss.backward()
        assert not torch.is_grad_enabled()


def test_relu_apply_checks_its_saved_result():
    x = torch.tensor([[-1.0, 0.0, 2.0]], requires_grad=True)
    r = torch.relu(x)
    r.mul_(2)
    with pytest.raises(RuntimeError, match="output 0 of Relu, is at version 1; expected version 0"):
        r.sum().backward()


def test_relu_gradient_at_the_kink_and_for_nan():
    x = torch.tensor([-2.0, -0.0, 0.0, 3.0, float("nan")], requires_grad=True)
    torch.relu(x).backward(torch.tensor([-1.0, -1.0, -1.0, -1.0, -1.0]))
    assert x.grad.tolist() == [0.0, 0.0, 0.0, -1.0, -1.0]      # relu(nan) is nan, not <= 0: g passes
    assert np.signbit(x.grad._data).tolist() == [False, False, False, True, True]   # +0 where gated, as torch


def test_mse_target_gradient_broadcast_and_mixed_dtypes():
    a = torch.tensor(np.linspace(-2, 2, 6), dtype=torch.float32, requires_grad=True)
    b = torch.tensor(np.linspace(1, 0, 6), dtype=torch.float32, requires_grad=True)
    F_mse(a, b, "mean").backward()
    d = (a._data - b._data)
    assert a.grad._data.tobytes() == (np.float32(1) / np.float32(6) * (d + d)).tobytes()
    e = (b._data - a._data)    # torch's target gradient: the formula at target - self (+0 where equal: a[3] == b[3])
    assert b.grad._data.tobytes() == (np.float32(1) / np.float32(6) * (e + e)).tobytes()
    c = torch.tensor([0.5, -0.25], requires_grad=True)
    with pytest.warns(UserWarning, match="different to the input size"):
        F_mse(a.reshape(3, 2), c, "sum").backward()     # broadcast: the general apply sums c's gradient
    assert c.grad.tolist() == (-2 * (a._data.reshape(3, 2) - c._data)).sum(0).tolist()
    e = torch.tensor(np.ones(6), dtype=torch.float64)
    a.grad = None
    F_mse(a, e, "sum").backward()
    assert a.grad.dtype == torch.float32


def test_t_apply_leaves_vectors_to_the_general_way():
    v = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    (v.t() * 2).sum().backward()
    assert v.grad.tolist() == [2.0, 2.0, 2.0]
    w = torch.tensor(np.arange(6.0).reshape(2, 3), requires_grad=True)
    (w.t() * torch.tensor(np.arange(6.0).reshape(3, 2))).sum().backward()
    assert w.grad.tolist() == np.arange(6.0).reshape(3, 2).T.tolist() and w.grad._data.flags.c_contiguous


def test_fused_add_rounds_once_for_every_rate():
    rng = np.random.default_rng(3)
    x = rng.standard_normal(1000).astype(np.float32)
    y = rng.standard_normal(1000).astype(np.float32)
    for alpha in (-1e-3, 0.1, -0.0, 0.0, 3, float(np.float32(0.37) ** 5)):
        expected = (x.astype(np.float64) + np.float64(np.float32(alpha)) * y.astype(np.float64)).astype(np.float32)
        got = fused.add_(x.copy(), y, alpha)
        assert got.tobytes() == expected.tobytes()
    for k in range(200):      # a scheduler's rates: the remembered ones stay few
        fused.add_(x.copy(), y, 0.1 * 0.99 ** k)
    assert len(fused._WIDE_ALPHAS) <= 64


def test_fused_add_matches_torch():
    real = pytest.importorskip("torch")
    rng = np.random.default_rng(4)
    x = rng.standard_normal((7, 9)).astype(np.float32)
    y = rng.standard_normal((7, 9)).astype(np.float32)
    for alpha in (-1e-3, -0.05, 0.3):
        assert fused.add_(x.copy(), y, alpha).tobytes() == \
            real.tensor(x).add_(real.tensor(y), alpha=alpha).numpy().tobytes()


def test_float64_fused_updates_match_torch():
    # add_ with alpha, lerp_ and addcmul_ round once in float64 too (torch's fused multiply-add):
    # values over sixty decades, zeros of both signs, infinities, nan
    real = pytest.importorskip("torch")
    rng = np.random.default_rng(5)
    x, y, z = rng.standard_normal((3, 20000)) * 10.0 ** rng.uniform(-30, 30, (3, 20000))
    x[:6], y[6:12] = [0.0, -0.0, np.inf, -np.inf, np.nan, 1e-310], [0.0, -0.0, np.inf, -np.inf, np.nan, 1e-310]
    u, v = rng.standard_normal((2, 20000))
    cases = [(fused.add_(x.copy(), y, a), real.tensor(x).add_(real.tensor(y), alpha=a)) for a in (-1e-3, 0.1, -0.37)]
    cases += [(fused.lerp_(u.copy(), v, w), real.tensor(u).lerp_(real.tensor(v), w)) for w in (0.1, 0.9)]
    cases += [(fused.addcmul_(u.copy(), v, z, 0.5), real.tensor(u).addcmul_(real.tensor(v), real.tensor(z), value=0.5))]
    for ours, theirs in cases:
        theirs = theirs.numpy()
        same = (ours.view(np.uint64) == theirs.view(np.uint64)) | (np.isnan(ours) & np.isnan(theirs))
        assert same.all()


def test_float64_sgd_with_momentum_and_weight_decay_matches_torch():
    real = pytest.importorskip("torch")
    rng = np.random.default_rng(6)
    start = rng.standard_normal(500)
    results = []
    for mod in (torch, real):
        w = mod.nn.Parameter(mod.tensor(start))
        opt = mod.optim.SGD([w], lr=0.01, momentum=0.9, weight_decay=1e-4, nesterov=True)
        for _ in range(5):
            opt.zero_grad()
            (mod.sin(w * 1.5) * w).sum().backward()
            opt.step()
        results.append(w.detach().numpy().tobytes())
    assert results[0] == results[1]


def test_plain_pass_is_the_one_loss_backward_takes(monkeypatch):
    calls = []
    monkeypatch.setattr(bw, "_plain_pass", lambda *a: calls.append(a))
    model, x, target = _mlp()
    F_mse(model(x), target, "sum").backward()
    assert len(calls) == 1
    with pytest.warns(UserWarning, match="Anomaly Detection"), torch.autograd.detect_anomaly():
        F_mse(model(x), target, "sum").backward()       # anomaly mode: the general pass
    assert len(calls) == 1 and model[0].weight.grad is not None


def _chain():
    """w and the sum of 200 MulBackward0 and AddBackward0 nodes after it."""
    w = torch.tensor([0.5, -1.5], requires_grad=True)
    z = w
    for _ in range(200):
        z = z * 1.01 + 0.1
    return w, z.sum()


def _under_time_check(check, fn):
    """``fn()`` with ``check`` as the language's time check, asked for from the start (as the watchdog
    asks at the deadline)."""
    from gradcli.engine import instrumentation
    instrumentation.set_interrupt(check)
    instrumentation.request_interrupt()
    try:
        return fn()
    finally:
        instrumentation.set_interrupt(None)


def test_a_time_limit_keeps_the_plain_pass_and_looks_for_the_check_every_64_nodes(monkeypatch):
    # the language's --timeout installs a time check that a watchdog asks for at the deadline
    # (instrumentation.cap at -1): loss.backward() still takes the plain pass, with the same gradients,
    # and looks for the request once on entry and once per 64 nodes (where the 64 start carries over
    # from the passes before: one more look or one fewer in a pass)
    from gradcli.engine import instrumentation

    def backward():
        w, loss = _chain()      # (built before the check is asked for: its ops would take it)
        return _under_time_check(check, lambda: (loss.backward(), w.grad._data.tobytes())[1])

    def check():    # a deadline that has passed and does not stop the pass: asked for again at once
        ticks.append(1)
        instrumentation.request_interrupt()

    ticks, passes = [], []
    w, loss = _chain()
    loss.backward()
    expected = w.grad._data.tobytes()
    original = bw._plain_pass
    monkeypatch.setattr(bw, "_plain_pass", lambda *a: (passes.append(1), original(*a)))
    assert backward() == expected
    nodes = 1 + 400 + 1     # SumBackward0, the chain, AccumulateGrad
    assert passes == [1] and len(ticks) - 1 in (nodes // bw.INTERRUPT_EVERY, nodes // bw.INTERRUPT_EVERY + 1)
    for _ in range(9):
        assert backward() == expected
    # ten passes: ten entries, and the 10 * (nodes + 1) steps of the loop (its last step finds no node)
    # look every 64th
    assert passes == [1] * 10 and len(ticks) - 10 in range(
        10 * (nodes + 1) // bw.INTERRUPT_EVERY - 1, 10 * (nodes + 1) // bw.INTERRUPT_EVERY + 2)
    ticks.clear()
    w, loss = _chain()
    instrumentation.set_interrupt(check)       # installed, not asked for: the pass never runs it
    try:
        loss.backward()
    finally:
        instrumentation.set_interrupt(None)
    assert ticks == [] and w.grad._data.tobytes() == expected


def test_a_time_limit_stops_the_plain_pass_between_nodes():
    from gradcli.engine import instrumentation

    class Stop(Exception):
        pass

    def check():
        ticks.append(1)
        if len(ticks) == 3:
            raise Stop
        instrumentation.request_interrupt()
    ticks = []
    w = torch.ones(1, requires_grad=True)
    z = w
    for _ in range(1000):
        z = z * 1.0
    loss = z.sum()
    with pytest.raises(Stop):
        _under_time_check(check, loss.backward)
    assert w.grad is None and torch.is_grad_enabled()      # stopped after 2 * 64 nodes, grad mode restored
    assert instrumentation.cap is None


def test_leaf_gradients_keep_torch_order_around_hooks():
    # a's and c's AccumulateGrad become ready from one node (a * c), in edge order, a first; a hook
    # on one sees the other's .grad as torch's engine leaves it (a leaf without hooks is accumulated
    # in the edge loop: it must not overtake one with hooks)
    def other_grad_seen(hooked: str):
        a, c = (torch.tensor([1.0, 2.0], requires_grad=True) for _ in range(2))
        watched, other = (a, c) if hooked == "a" else (c, a)
        seen = []
        watched.register_post_accumulate_grad_hook(lambda p: seen.append(other.grad is not None))
        (a * c * 3).sum().backward()
        return seen, a.grad.tolist(), c.grad.tolist()

    assert other_grad_seen("a") == ([False], [3.0, 6.0], [3.0, 6.0])
    assert other_grad_seen("c") == ([True], [3.0, 6.0], [3.0, 6.0])


def test_first_gradients_are_stolen_in_the_parameters_layout():
    model, x, target = _mlp()
    F_mse(model(x), target, "sum").backward()
    for p in model.parameters():
        assert p.grad._data.flags.c_contiguous and p.grad._data.strides == p._data.strides
    # the weights' gradients are the products themselves (views that read them C-ordered), not copies
    assert model[0].weight.grad._data.base is not None and model[2].weight.grad._data.base is not None


@pytest.mark.parametrize("reduction", ["none", "sum", "mean"])
@pytest.mark.parametrize("seed", [1.0, 2.5, float("nan")])
def test_mse_apply_matches_the_generic_one_for_every_seed(reduction, seed):
    a = torch.tensor(np.linspace(-2, 2, 6).reshape(2, 3), dtype=torch.float32, requires_grad=True)
    b = torch.tensor(np.linspace(1, -0.5, 6).reshape(2, 3), dtype=torch.float32, requires_grad=True)
    node = F_mse(a, b, reduction).grad_fn
    g = np.full(() if reduction != "none" else (2, 3), seed, np.float32)
    fast, generic = node.apply([g], numpy_math), OpNode.apply(node, [g], numpy_math)
    assert [x.tobytes() for x in fast] == [x.tobytes() for x in generic]


@pytest.mark.parametrize("layout", ["C", "F", "mixed"])
def test_relu_apply_matches_the_generic_one_in_every_layout(layout):
    values = np.array([[-1.0, 0.0, 2.0], [3.0, -0.0, float("nan")]], np.float32)
    x = torch.tensor(values if layout == "C" else np.asfortranarray(values), requires_grad=True)
    node = torch.relu(x).grad_fn
    g = np.array([[-1.0, -2.0, -3.0], [4.0, -5.0, 6.0]], np.float32)
    g = np.asfortranarray(g) if layout == "F" else g
    fast, generic = node.apply([g], numpy_math)[0], OpNode.apply(node, [g], numpy_math)[0]
    assert fast.tobytes(order="A") == generic.tobytes(order="A") and fast.strides == generic.strides


@pytest.mark.parametrize("layout", ["C", "F"])
def test_relu_masks_a_gradient_nothing_else_holds_in_place(layout):
    # the product AddmmBackward0 hands down in a training step: only the pass's list refers to it
    values = np.array([[-1.0, 0.0, 2.0], [3.0, -0.0, float("nan")]], np.float32)
    x = torch.tensor(values if layout == "C" else np.asfortranarray(values), requires_grad=True)
    node = torch.relu(x).grad_fn
    grads = [np.array([[-1.0, -2.0, -3.0], [4.0, -5.0, 6.0]], np.float32, order=layout)]
    mine = id(grads[0])
    out = node.apply(grads, numpy_math)[0]
    assert id(out) == mine and out.tolist() == [[0.0, 0.0, -3.0], [4.0, 0.0, 6.0]]


def test_relu_leaves_a_gradient_others_hold_as_it_was():
    x = torch.tensor([-1.0, 2.0, -3.0], requires_grad=True)
    seen = []
    r = torch.relu(x)
    r.register_hook(lambda g: seen.append(g))     # the gradient relu receives, kept by a hook ...
    (r * torch.tensor([2.0, 3.0, 4.0])).sum().backward()
    assert seen[0].tolist() == [2.0, 3.0, 4.0] and x.grad.tolist() == [0.0, 3.0, 0.0]
    given = torch.tensor([5.0, 6.0, 7.0])       # ... the caller's own gradient ...
    z = torch.tensor([-1.0, 2.0, 0.0], requires_grad=True)
    torch.relu(z).backward(given)
    assert given.tolist() == [5.0, 6.0, 7.0] and z.grad.tolist() == [0.0, 6.0, 0.0]
    w = torch.tensor([[-1.0, 2.0], [3.0, -4.0]], requires_grad=True)
    a = w @ torch.eye(2)
    (torch.relu(a) + torch.relu(-a)).sum().backward()   # ... and one gradient that reaches two relus
    assert w.grad.tolist() == [[-1.0, 1.0], [1.0, -1.0]]


def test_relu_of_a_number():
    for value, expected in ((-1.5, 0.0), (0.0, 0.0), (2.0, 1.0)):
        x = torch.tensor(value, requires_grad=True)
        torch.relu(x).backward()
        assert x.grad.item() == expected and not np.signbit(x.grad.item())


class _NoGradient(torch.autograd.Function):
    """A node whose gradient is None: the nodes below it get no gradient."""

    @staticmethod
    def forward(ctx, a):
        return a * 2

    @staticmethod
    def backward(ctx, g):
        return None


def _tanh_chain(y, n=5):
    for _ in range(n):
        y = torch.tanh(y * 1.01 + 0.1)
    return y


# graphs whose plain pass starts as a chain (the chain step, no edge counts) and then branches, meets,
# splits or ends: (leaves, loss)
_CHAIN_GRAPHS = {
    "chain": lambda x: ([x], _tanh_chain(x).sum()),
    "diamond below": lambda x: ([x], _tanh_chain(torch.tanh(x * 2.0) + x * 3.0).sum()),
    "chunk output": lambda x: ([x], _tanh_chain(x.chunk(2)[1]).sum()),
    "unbind output": lambda x: ([x], _tanh_chain(x.view(2, -1).unbind(0)[0]).sum()),
    "max over a dim": lambda x: ([x], _tanh_chain(x.view(2, -1).max(1)[0]).sum()),
    "leaf used twice": lambda x: ([x], _tanh_chain(x * x).sum()),
    "no gradient below": lambda x: ([x], (_tanh_chain(_NoGradient.apply(torch.tanh(x))) + x * 3.0).sum()),
    "two leaves": lambda x: ([x, x.detach().requires_grad_()], None),
}


@pytest.mark.parametrize("graph", sorted(_CHAIN_GRAPHS))
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_chain_step_gives_what_the_counted_pass_gives(graph, dtype):
    # autograd.grad counts every edge before it runs a node; loss.backward() counts none while the
    # graph is a chain, then the edges below the first node with two
    def build():
        x = torch.tensor(np.linspace(-1, 1, 1000), dtype=dtype, requires_grad=True)
        leaves, loss = _CHAIN_GRAPHS[graph](x)
        if loss is None:        # a chain, then a node with two leaves
            a, b = leaves
            loss = _tanh_chain(a * b + 1.0).sum()
        return leaves, loss

    leaves, loss = build()
    expected = torch.autograd.grad(loss, leaves, allow_unused=True)
    leaves, loss = build()
    loss.backward()
    for leaf, g in zip(leaves, expected):
        assert (leaf.grad is None) == (g is None)
        if g is not None:
            assert leaf.grad.dtype == dtype and leaf.grad._data.tobytes() == g._data.tobytes()


@pytest.mark.parity
def test_chain_step_keeps_torch_hook_order_and_what_multi_grad_hooks_see():
    # the chain step counts no edges: register_multi_grad_hook still learns which of its tensors the
    # pass reaches (torch's will_execute), and hooks on a diamond below a chain fire in torch's order
    real = pytest.importorskip("torch")

    def run(lib):
        x = lib.tensor([0.5, -1.5, 2.0], requires_grad=True)
        q = lib.tensor([1.0, 2.0, 3.0], requires_grad=True)
        log = []
        y = x * 2.0
        y.register_hook(lambda g: log.append(("y", g.tolist())))
        z = lib.tanh(y) + y * 3.0
        z.register_hook(lambda g: log.append(("z", g.tolist())))
        top = lib.tanh(lib.tanh(z * 1.01 + 0.1) * 0.5)
        unreached = q * 4.0
        lib.autograd.graph.register_multi_grad_hook(
            (z, unreached, x), lambda gs: log.append(("all", [None if g is None else g.tolist() for g in gs])))
        x.register_hook(lambda g: log.append(("x", g.tolist())))
        top.sum().backward()
        return log, x.grad.tolist(), q.grad

    assert run(torch) == run(real)


def test_numpy_1_error_state_switch():
    # numpy 1.x has no error-state context variable: _plain_pass enters np.errstate through this
    before = np.geterr()
    state = bw._NumpyErrstate.set(None)
    assert set(np.geterr().values()) == {"ignore"}
    bw._NumpyErrstate.reset(state)
    assert np.geterr() == before
