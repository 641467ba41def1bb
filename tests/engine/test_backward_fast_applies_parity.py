"""The backward's short applies (a square's PowBackward0, a full sum's SumBackward0, a product by a
number's MulBackward0, a bias's unbroadcast gradient) give torch's bits, and step aside where they
do not apply."""
import numpy as np
import pytest

from gradcli import engine as lib
from gradcli.engine import nodes
from gradcli.engine.dispatch import call
from gradcli.engine.ops.pointwise import TANH_BACKWARD

torch = pytest.importorskip("torch")


def _bits(a):
    a = np.asarray(a)
    return a.view({4: np.uint32, 8: np.uint64}[a.dtype.itemsize]).tolist()


def _awkward(n, dtype, seed=0):
    """Random values across the exponent range, with zeros of both signs, infinities, nan and
    subnormals mixed in."""
    rng = np.random.default_rng(seed)
    top = 38 if dtype == np.float32 else 300
    v = rng.standard_normal(n) * 10.0 ** rng.uniform(-top - 8, top, n)
    specials = [0.0, -0.0, np.inf, -np.inf, np.nan, 1e-45, -1e-310, 3.4e38]
    v[:len(specials)] = specials[:n]
    return v.astype(dtype)


def _both(data, grad, fn):
    """x.grad from ``fn(x).backward(grad)`` in gradcli and in torch."""
    x = lib.tensor(data, requires_grad=True)
    fn(x, lib).backward(lib.tensor(grad))
    tx = torch.tensor(data, requires_grad=True)
    fn(tx, torch).backward(torch.tensor(grad))
    return x.grad._data, tx.grad.numpy()


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("exponent", [2, 2.0, 3, 0.5])
def test_a_power_gradient_has_torchs_bits(dtype, exponent):
    data = _awkward(20000, dtype)
    grad = _awkward(20000, dtype, seed=1)
    ours, theirs = _both(data, grad, lambda x, _: x ** exponent)
    assert _bits(ours) == _bits(theirs)


@pytest.mark.parametrize("value", [3.0, -0.0, 1e-45, np.inf, np.nan])
def test_a_square_of_a_0d_tensor_has_torchs_gradient(value):
    ours, theirs = _both(np.array(value, np.float32), np.array(1.5, np.float32), lambda x, _: x ** 2)
    assert ours.shape == theirs.shape == () and _bits(ours) == _bits(theirs)


def test_a_squared_error_loss_gives_torchs_gradient_bits():
    rng = np.random.default_rng(2)
    out, target = rng.standard_normal((2, 16, 10)).astype(np.float32) * 3
    x = lib.tensor(out, requires_grad=True)
    ((x - lib.tensor(target)) ** 2).sum().backward()
    tx = torch.tensor(out, requires_grad=True)
    ((tx - torch.tensor(target)) ** 2).sum().backward()
    assert _bits(x.grad._data) == _bits(tx.grad.numpy())


def test_a_square_whose_input_changed_in_place_fails_as_torch():
    x = lib.ones(3, requires_grad=True)
    y = x * 1
    z = (y ** 2).sum()
    y.add_(1)
    with pytest.raises(Exception, match="modified by an inplace operation") as ours:
        z.backward()
    tx = torch.ones(3, requires_grad=True)
    ty = tx * 1
    tz = (ty ** 2).sum()
    ty.add_(1)
    with pytest.raises(RuntimeError) as theirs:
        tz.backward()
    assert str(ours.value) == str(theirs.value)


def test_a_square_of_a_float32_tensor_by_a_float64_gradient_takes_the_general_way():
    x = lib.tensor([1.5, -2.0], requires_grad=True)
    y = x ** 2
    g, = lib.autograd.grad(y, x, lib.tensor([1.0, 1.0]).to(lib.float32))
    assert g.dtype == lib.float32 and g.tolist() == [3.0, -4.0]
    (gg,) = lib.autograd.grad(x ** 2, x, lib.ones(2), create_graph=True)
    assert gg.grad_fn is not None     # create_graph: the formula recorded, not the short way


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("shape", [(), (7,), (16, 10), (3, 4, 5)])
def test_a_full_sum_fills_its_gradient_as_torch(dtype, shape):
    data = _awkward(int(np.prod(shape)), dtype).reshape(shape)
    for seed in (1.0, -0.0, np.inf, 3.25):
        ours, theirs = _both(data, np.array(seed, dtype), lambda x, _: x.sum())
        assert ours.shape == theirs.shape and _bits(ours) == _bits(theirs)


def test_a_sum_reached_by_a_gradient_with_batch_dims_takes_the_general_way():
    x = lib.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    jac = lib.autograd.functional.jacobian(lambda v: (v * v).sum(), x, vectorize=True)
    assert jac.tolist() == [[2.0, 4.0], [6.0, 8.0]]


# (float64 sums of more than 16 rows or of one column keep numpy's order: the README says so)
@pytest.mark.parametrize("dtype, rows, columns", [
    (dt, r, c) for dt in (np.float32, np.float64) for r, c in ((2, 3), (4, 10), (5, 33), (16, 10), (16, 100), (13, 257))
] + [(np.float32, 17, 10), (np.float32, 40, 7), (np.float32, 16, 1)])
@pytest.mark.parametrize("op", ["add", "sub", "mul"])
def test_a_bias_gradient_summed_over_the_batch_has_torchs_bits(dtype, rows, columns, op):
    rng = np.random.default_rng(rows * 1000 + columns)
    data = (rng.standard_normal((rows, columns)) * 10.0 ** rng.uniform(-3, 3, (rows, columns))).astype(dtype)
    bias = rng.standard_normal(columns).astype(dtype)
    grad = rng.standard_normal((rows, columns)).astype(dtype)
    ops = {"add": lambda a, b: a + b, "sub": lambda a, b: a - b, "mul": lambda a, b: a * b}
    b = lib.tensor(bias, requires_grad=True)
    ops[op](lib.tensor(data), b).backward(lib.tensor(grad))
    tb = torch.tensor(bias, requires_grad=True)
    ops[op](torch.tensor(data), tb).backward(torch.tensor(grad))
    assert _bits(b.grad._data) == _bits(tb.grad.numpy())


def test_the_bias_sum_is_taken_without_the_general_sum_to(monkeypatch):
    calls = []
    real = nodes._fit_shape
    monkeypatch.setattr(nodes, "_fit_shape", lambda *a: calls.append(a) or real(*a))
    b = lib.zeros(10, requires_grad=True)
    (lib.ones(16, 10) + b).sum().backward()
    assert calls == [] and b.grad.tolist() == [16.0] * 10
    c = lib.zeros(1, 10, requires_grad=True)     # not a 1-D bias: the general way
    (lib.ones(16, 10) + c).sum().backward()
    assert len(calls) == 1 and c.grad.tolist() == [[16.0] * 10]


def test_a_layers_output_plus_its_bias_is_summed_without_the_generic_apply(monkeypatch):
    """``x @ w + b`` (a functional Linear): the product's gradient handed on (w's as torch's, to BLAS's
    rounding), the bias's summed over the batch with torch's bits, and AddBackward0 never takes
    ``OpNode.apply``."""
    general = []
    real = nodes.OpNode.apply
    monkeypatch.setattr(nodes.OpNode, "apply", lambda node, *a: general.append(node.name()) or real(node, *a))
    rng = np.random.default_rng(9)
    x, w, b, g = (rng.standard_normal(s).astype(np.float32) for s in ((16, 30), (30, 100), (100,), (16, 100)))
    grads = []
    for mod in (lib, torch):
        tw, tb = mod.tensor(w, requires_grad=True), mod.tensor(b, requires_grad=True)
        (mod.tensor(x) @ tw + tb).backward(mod.tensor(g))
        grads.append((tw.grad.numpy(), tb.grad.numpy()))
    assert "AddBackward0" not in general
    (w_grad, b_grad), (torch_w_grad, torch_b_grad) = grads
    np.testing.assert_allclose(w_grad, torch_w_grad, rtol=1e-5, atol=1e-5)
    assert _bits(b_grad) == _bits(torch_b_grad)


def test_a_gradient_that_cannot_be_summed_to_a_bias_is_refused_as_before():
    node = (lib.ones(4, 3, requires_grad=True) + lib.zeros(3, requires_grad=True)).grad_fn
    with pytest.raises(Exception, match="invalid gradient at index 1"):
        nodes.fit_grads(node, (np.ones((4, 3), np.float32), np.ones((4, 5), np.float32)), lib.backend.numpy_math)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("number", [1.01, -0.1, 3, 1e-30, 0.0, -0.0, float("inf"), float("nan")])
def test_a_tensor_times_a_number_has_torchs_gradient_bits(dtype, number):
    data = _awkward(5000, dtype)
    grad = _awkward(5000, dtype, seed=3)
    ours, theirs = _both(data, grad, lambda x, _: x * number)
    assert _bits(ours) == _bits(theirs)


@pytest.mark.parametrize("dtype", [lib.float16, lib.float32])
def test_a_0d_or_half_tensor_times_a_number_gives_the_general_formulas_values(dtype):
    x = lib.tensor(1.5, dtype=dtype, requires_grad=True)
    (x * 1.01).backward()
    t = torch.tensor(1.5, dtype={lib.float16: torch.float16, lib.float32: torch.float32}[dtype], requires_grad=True)
    (t * 1.01).backward()
    assert x.grad.dtype == dtype and x.grad.item() == t.grad.item()


def test_a_second_backward_through_a_product_by_a_number_fails_as_torch():
    x = lib.ones(3, requires_grad=True)
    y = (x * 2.5).sum()
    y.backward()
    with pytest.raises(Exception) as ours:
        y.backward()
    tx = torch.ones(3, requires_grad=True)
    ty = (tx * 2.5).sum()
    ty.backward()
    with pytest.raises(RuntimeError) as theirs:
        ty.backward()
    assert str(ours.value) == str(theirs.value)


@pytest.mark.parametrize("left, right", [
    ((np.float32, (3,)), (np.float64, (3,))),     # promoted: x's gradient cast back to float32
    ((np.float32, (3,)), (np.float64, ())),       # a 0-d float64 operand: float32 result, a summed 0-d gradient
    ((np.float64, (2, 3)), (np.float64, (2, 3))),
    ((np.float32, (2, 3)), (np.float32, (1, 3))),
])
def test_a_sum_of_two_tensors_hands_each_its_gradient_as_torch(left, right):
    rng = np.random.default_rng(4)
    a, b = (rng.standard_normal(shape).astype(dt) for dt, shape in (left, right))
    x, y = lib.tensor(a, requires_grad=True), lib.tensor(b, requires_grad=True)
    (x + y).sum().backward()
    tx, ty = torch.tensor(a, requires_grad=True), torch.tensor(b, requires_grad=True)
    (tx + ty).sum().backward()
    for ours, theirs in ((x.grad._data, tx.grad.numpy()), (y.grad._data, ty.grad.numpy())):
        assert ours.dtype == theirs.dtype and ours.shape == theirs.shape and _bits(ours) == _bits(theirs)


@pytest.mark.parametrize("other", ["tensor", "constant", "number"])
@pytest.mark.parametrize("dtype, shape", [(np.float32, (4, 5)), (np.float64, (7,)), (np.float32, ())])
def test_a_difference_hands_each_operand_its_gradient_as_torch(other, dtype, shape):
    """``x - y``'s SubBackward0 (y requiring grad, a tensor that does not, a number): g and -g, bit for bit."""
    a, b = _awkward(max(int(np.prod(shape)), 1), dtype)[:int(np.prod(shape))].reshape(shape), np.ones(shape, dtype)
    grad = _awkward(max(int(np.prod(shape)), 1), dtype, seed=3)[:int(np.prod(shape))].reshape(shape)
    results = []
    for mod in (lib, torch):
        x, y = mod.tensor(a, requires_grad=True), mod.tensor(b, requires_grad=other == "tensor")
        (x - (y if other != "number" else 0.5)).backward(mod.tensor(grad))
        results.append([t.grad.numpy() for t in ((x, y) if other == "tensor" else (x,))])
    for ours, theirs in zip(*results):
        assert ours.dtype == theirs.dtype and ours.shape == theirs.shape and _bits(ours) == _bits(theirs)


def _seed_updates(mod, steps=12):
    """The seeds' loop: out-of-place updates ``w - lr * w.grad`` whose SubBackward0 chain every later
    backward walks again."""
    w = mod.tensor([[0.1, 0.15], [0.2, 0.25]], requires_grad=True)
    x = mod.tensor([[1.0], [2.0]])
    for _ in range(steps):
        w.retain_grad()
        mod.sigmoid(w @ x).var().backward()
        w = w - 0.5 * w.grad
    return w


def test_the_seeds_update_chain_has_torchs_values_and_the_general_applys(monkeypatch):
    ours = _seed_updates(lib)
    assert _bits(ours.detach().numpy()) == _bits(_seed_updates(torch).detach().numpy())
    monkeypatch.setattr(type(ours.grad_fn), "apply", nodes.OpNode.apply)   # every SubBackward0 the general way
    assert _bits(_seed_updates(lib).detach().numpy()) == _bits(ours.detach().numpy())


def _tanh_chain(x, mod, steps=30):
    y = x
    for _ in range(steps):
        y = mod.tanh(y * 1.01 + 0.1)
    return y.sum() if y.ndim else y


@pytest.mark.parametrize("shape", [(), (1,), (7,)])
def test_a_float32_tanh_chain_has_torchs_gradient_bits(shape):
    # TanhBackward0's, AddBackward0's and MulBackward0's short applies, on arrays and on the numpy
    # scalars a 0-d chain passes along (shapes below torch's vector width: its forward tanh there is
    # the scalar one, whose values gradcli's forward gives)
    for seed in range(20):
        data = np.asarray(np.random.default_rng(seed).standard_normal(shape) * 2, np.float32)
        x = lib.tensor(data, requires_grad=True)
        _tanh_chain(x, lib).backward()
        tx = torch.tensor(data, requires_grad=True)
        _tanh_chain(tx, torch).backward()
        assert x.grad.shape == tuple(tx.grad.shape) and _bits(x.grad._data) == _bits(tx.grad.numpy())


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("n", [1000, 200000])
def test_tanh_gradients_at_awkward_results_have_torchs_bits(dtype, n):
    # torch's kernel rounds 1 - y*y once (a fused multiply-add) for float64 too and at every size;
    # results at +-1, +-0, subnormal, nan and just inside +-1, where that one rounding shows most
    rng = np.random.default_rng(n)
    near_one = 1 - 10.0 ** rng.uniform(-17, -1, n // 4)
    data = np.concatenate([_awkward(n // 2, dtype), np.arctanh(near_one), -np.arctanh(near_one)])[:n].astype(dtype)
    grad = _awkward(len(data), dtype, seed=7)
    x = lib.tensor(data, requires_grad=True)
    y = x.tanh()
    y.backward(lib.tensor(grad))
    # torch's kernel on the same saved result (its forward tanh may differ from numpy's in the last bit)
    want = torch.ops.aten.tanh_backward(torch.from_numpy(grad), torch.from_numpy(y._data)).numpy()
    assert _bits(x.grad._data) == _bits(want)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_tanh_backward_called_on_any_values_has_torchs_bits(dtype):
    # aten::tanh_backward's own forward (a double backward's TanhBackwardBackward0), on values no
    # tanh gives: squares that overflow, infinities, nan
    y = _awkward(50000, dtype, seed=8)
    g = _awkward(50000, dtype, seed=9)
    ours = call(TANH_BACKWARD, (lib.tensor(g), lib.tensor(y)), {})
    want = torch.ops.aten.tanh_backward(torch.from_numpy(g), torch.from_numpy(y)).numpy()
    assert _bits(ours._data) == _bits(want)


def test_a_tanh_whose_result_changed_in_place_fails_as_torch():
    def run(mod):
        x = mod.ones(3, requires_grad=True)
        y = mod.tanh(x)
        z = y.sum()
        y.mul_(2)
        z.backward()
    with pytest.raises(Exception, match="modified by an inplace operation") as ours:
        run(lib)
    with pytest.raises(RuntimeError) as theirs:
        run(torch)
    assert str(ours.value) == str(theirs.value)


def test_a_second_backward_through_a_tanh_fails_as_torch():
    def run(mod):
        x = mod.ones(3, requires_grad=True)
        z = mod.tanh(x).sum()
        z.backward()
        z.backward()
    with pytest.raises(Exception) as ours:
        run(lib)
    with pytest.raises(RuntimeError) as theirs:
        run(torch)
    assert str(ours.value) == str(theirs.value)


def test_a_0d_float64_or_a_half_tanh_takes_the_general_way(monkeypatch):
    calls = []
    general = nodes.OpNode.apply
    monkeypatch.setattr(nodes.OpNode, "apply", lambda node, grads, m: calls.append(node.name()) or
                        general(node, grads, m))
    for value, dtype, tdtype in ((0.75, lib.float64, torch.float64), (0.75, lib.float16, torch.float16)):
        x = lib.tensor(value, dtype=dtype, requires_grad=True)
        x.tanh().backward()
        t = torch.tensor(value, dtype=tdtype, requires_grad=True)
        t.tanh().backward()
        assert x.grad.dtype == dtype and x.grad.item() == t.grad.item()
    assert calls == ["TanhBackward0", "TanhBackward0"]


def _node_names(fn, seen):
    if fn is None or fn in seen:
        return []
    seen.add(fn)
    return [fn.name()] + [n for nxt, _ in fn.next_functions for n in _node_names(nxt, seen)]


def test_a_second_tanh_derivative_has_torchs_bits_and_graph():
    # TanhBackwardBackward0: tanh_backward(grad, output) and grad * (-2 * output * grad_output), in torch's order
    rng = np.random.default_rng(11)
    x = (rng.standard_normal(7) * 2).astype(np.float32)    # (7 values: torch's scalar tanh, whose values numpy's are)
    v, w = rng.standard_normal((2, 7)).astype(np.float32)
    results = []
    for mod in (lib, torch):
        t = mod.tensor(x, requires_grad=True)
        (g,) = mod.autograd.grad(mod.tanh(t), t, mod.tensor(v), create_graph=True)
        (h,) = mod.autograd.grad(g, t, mod.tensor(w), create_graph=True)
        (k,) = mod.autograd.grad(h.sum(), t)
        results.append((_bits(h.detach().numpy()), _bits(k.numpy()), sorted(_node_names(h.grad_fn, set()))))
    assert results[0] == results[1]
