"""The per-op fast paths (issue 13) give the very bits the plain numpy expressions give, and step
aside where they cannot."""
import math
from fractions import Fraction

import numpy as np
import pytest

from gradcli import engine as lib
from gradcli.engine import fused
from gradcli.engine.dispatch import number_operand
from gradcli.engine.ops import rounded


def _bits(a):
    a = np.asarray(a)
    return a.view({2: np.uint16, 4: np.uint32, 8: np.uint64}[a.dtype.itemsize]).tolist()


def test_a_number_beside_a_float_array_becomes_a_cached_0d_array_of_its_dtype():
    c = number_operand(1.01, np.dtype(np.float32))
    assert c.shape == () and c.dtype == np.float32 and not c.flags.writeable
    assert number_operand(1.01, np.dtype(np.float32)) is c
    assert number_operand(1.01, np.dtype(np.float64)).dtype == np.float64
    assert number_operand(3, np.dtype(np.float32)).dtype == np.float32


@pytest.mark.parametrize("value, dtype", [
    (0.0, np.float32), (-0.0, np.float64), (float("nan"), np.float32), (1e39, np.float32),
    ((1 << 24) + 1, np.float32), (1 << 60, np.float64), (0.5, np.float16), (2, np.int64),
])
def test_numbers_a_cache_could_get_wrong_are_left_as_they_are(value, dtype):
    assert number_operand(value, np.dtype(dtype)) is value


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_tensor_number_arithmetic_keeps_numpy_weak_scalar_bits(dtype):
    rng = np.random.default_rng(0)
    data = (rng.standard_normal(1000) * 10.0 ** rng.integers(-20, 20, 1000)).astype(dtype)
    x = lib.tensor(data)
    for number in (1.01, 0.1, -3.7e-9, 7, 1 / 3):
        assert _bits((x * number)._data) == _bits(data * number)
        assert _bits((x + number)._data) == _bits(data + number)
        assert _bits((x - number)._data) == _bits(data - number)
        assert _bits((x / number)._data) == _bits(data / number)


@pytest.mark.parametrize("dtype", [lib.float32, lib.float64, lib.float16])
def test_the_vector_chain_backward_matches_the_numpy_formulas_bit_for_bit(dtype):
    x = lib.ones(1000, dtype=dtype, requires_grad=True)
    y = lib.tanh(x * 1.01 + 0.1)
    z = lib.tanh(y / 0.9)
    z.backward(lib.ones(1000, dtype=dtype))
    one = np.ones(1000, x._data.dtype)
    r1 = y._data
    r2 = z._data
    if dtype == lib.float64:   # 1 - r*r rounded once, as torch's fused kernel (every element is the same)
        d1, d2 = (np.full(1000, float(1 - Fraction(float(r[0])) ** 2)) for r in (r1, r2))
    else:                      # (these values round the same once or twice)
        d1, d2 = 1 - r1 * r1, 1 - r2 * r2
    g = one * d2 / 0.9           # TanhBackward0, then DivBackward0 by a number
    g = g * d1 * 1.01            # TanhBackward0, MulBackward0 by a number (AddBackward0 passes it)
    assert _bits(x.grad._data) == _bits(g)


def test_the_tanh_gradient_given_by_autograd_grad_keeps_the_formula_bits():
    x = lib.tensor([0.2, -0.4], requires_grad=True)
    y = lib.tanh(x)
    (g,) = lib.autograd.grad(y, x, lib.tensor([1.5, 2.0], dtype=lib.float64).to(lib.float32))
    r = y._data
    once = (1 - r.astype(np.float64) * r).astype(np.float32)     # 1 - y*y rounded once, as torch's fused kernel
    assert _bits(g._data) == _bits(np.array([1.5, 2.0], np.float32) * once)


@pytest.mark.parametrize("name, math_name", [("tanh", "tanh"), ("sin", "sin"), ("cos", "cos"), ("arctan", "atan"),
                                             ("arcsin", "asin"), ("arccos", "acos"), ("log", "log"),
                                             ("log2", "log2"), ("log10", "log10")])
def test_bounded_functions_round_a_0d_result_as_np_float32_does(name, math_name):
    rng = np.random.default_rng(1)
    for v in list(rng.uniform(0.001, 0.999, 500).astype(np.float32)) + [np.float32(1e-45), np.float32(-0.0)]:
        try:
            want = np.float32(getattr(math, math_name)(v))
        except ValueError:
            continue
        got = getattr(rounded, name)(v)
        assert type(got) is np.float32 and _bits(got) == _bits(want)


def test_a_second_backward_after_the_inline_release_fails_as_torch_does():
    x = lib.tensor(0.5, requires_grad=True)
    y = lib.tanh(x * 2.0)
    y.backward()
    with pytest.raises(Exception, match="Trying to backward through the graph a second time"):
        y.backward()
    with pytest.raises(Exception, match="Trying to backward through the graph a second time"):
        y.grad_fn._saved_result
    with pytest.raises(Exception, match="Trying to backward through the graph a second time"):
        y.grad_fn.next_functions[0][0]._saved_other


def test_a_node_that_saved_only_a_number_refuses_a_second_backward():
    x = lib.tensor([0.5, 1.5], requires_grad=True)
    y = (x * 2.0).sum()
    y.backward(retain_graph=True)
    y.backward()
    assert x.grad.tolist() == [4.0, 4.0]
    with pytest.raises(Exception, match="Trying to backward through the graph a second time"):
        y.backward()


def test_hooks_partial_passes_and_captured_gradients_still_run_in_the_backward_loop():
    x = lib.tensor(0.5, requires_grad=True)
    w = lib.tensor(2.0, requires_grad=True)
    h = x * 3.0
    seen = []
    h.register_hook(lambda g: seen.append(float(g)))
    y = lib.tanh(h * w)
    (gx,) = lib.autograd.grad(y, [x], retain_graph=True)
    r = y.item()
    assert seen == [pytest.approx((1 - r * r) * 2.0, rel=1e-5)]
    assert float(gx) == pytest.approx((1 - r * r) * 2.0 * 3.0, rel=1e-5)
    assert w.grad is None and x.grad is None



def _nodes_of_a_mixed_chain(mod):
    """Node class names, edge counts and a saved result of a chain through call_fast and call."""
    x = mod.tensor([0.5, -1.0], requires_grad=True)
    y = mod.tanh(x * 1.5 + 0.1)
    z = 2 - y                                  # RsubBackward1 narrows its edges to self
    w = z * mod.tensor([2.0, 3.0]) + y         # call()'s two-tensor branch
    nodes = (w.grad_fn, z.grad_fn, y.grad_fn, y.grad_fn.next_functions[0][0])
    return ([type(n).__name__ for n in nodes], [len(n.next_functions) for n in nodes],
            y.grad_fn._saved_result.tolist())


def test_nodes_filled_as_plain_op_nodes_get_their_records_class_and_torchs_edges():
    torch = pytest.importorskip("torch")
    assert _nodes_of_a_mixed_chain(lib) == _nodes_of_a_mixed_chain(torch)


@pytest.mark.parametrize("n", [1, 7, 256, 257, 1000, 4099, 65536])
def test_tanh_backward_on_float32_arrays_gives_torchs_fused_bits(n):
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(n)
    y = np.tanh(rng.standard_normal(n) * 3).astype(np.float32)   # many near +-1, where one rounding shows
    g = rng.standard_normal(n).astype(np.float32)
    t = lib.tensor(np.arctanh(y.astype(np.float64)).astype(np.float32), requires_grad=True)
    out = lib.tanh(t)
    out._data[...] = y                                   # the saved result is the output's array
    (got,) = lib.autograd.grad(out, t, lib.tensor(g))
    want = torch.ops.aten.tanh_backward(torch.from_numpy(g), torch.from_numpy(y)).numpy()
    assert _bits(got._data) == _bits(want)


def test_tanh_backward_with_batched_grad_outputs_broadcasts_over_the_batch():
    x = lib.linspace(-2, 2, 300, requires_grad=True)
    y = lib.tanh(x)
    (jac,) = lib.autograd.grad(y, x, lib.eye(300), is_grads_batched=True)
    r = y._data
    once = (1 - r.astype(np.float64) * r).astype(np.float32)
    assert jac.shape == (300, 300) and _bits(jac._data) == _bits(np.diag(once))


def test_tanh_backward_on_0d_float32_gives_torchs_fused_bits():
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(5)
    got, want = [], []
    for x, g in zip(rng.standard_normal(2000) * 3, rng.standard_normal(2000)):
        t = lib.tensor(float(x), requires_grad=True)
        y = lib.tanh(t)
        (gt,) = lib.autograd.grad(y, t, lib.tensor(float(g)))
        got.append(gt._data)
        want.append(torch.ops.aten.tanh_backward(torch.tensor(float(g)), torch.from_numpy(np.asarray(y._data))).numpy())
    assert _bits(np.array(got)) == _bits(np.array(want))



def _awkward_tanh_results():
    rng = np.random.default_rng(5)
    return np.concatenate([[0.0, -0.0, 1.0, -1.0, 1e-45, np.nan, 0.99999994],
                           rng.uniform(-1, 1, 40)]).astype(np.float32), rng.standard_normal(47).astype(np.float32)


@pytest.mark.parametrize("shape", [(), (1,), (1, 1)])
def test_one_minus_square_of_one_element_has_the_bits_of_a_longer_arrays(shape):
    # one element takes fresh arrays where longer ones are written over (numpy copies a one-element
    # operand that is also the output): the same float64 steps, so the same bits
    values, grads = _awkward_tanh_results()
    for v, g in zip(values, grads):
        one = fused.times(np.full(shape, g), fused.one_minus_square(np.full(shape, v)))
        longer = fused.times(np.full(3, g), fused.one_minus_square(np.full(3, v)))
        assert one.shape == shape and _bits(np.reshape(one, -1)) == _bits(longer[:1])


@pytest.mark.parametrize("shape", [(1,), (1, 1)])
def test_a_one_element_tanh_gradient_has_the_bits_of_a_longer_ones(shape):
    values, grads = _awkward_tanh_results()
    for v, g in zip(values, grads):
        one = lib.tensor(np.full(shape, v), requires_grad=True)
        pair = lib.tensor(np.full(2, v), requires_grad=True)
        lib.tanh(one).backward(lib.tensor(np.full(shape, g)))
        lib.tanh(pair).backward(lib.tensor(np.full(2, g)))
        assert one.grad.shape == shape and _bits(one.grad._data.reshape(-1)) == _bits(pair.grad._data[:1])
