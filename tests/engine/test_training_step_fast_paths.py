"""The training step's shortcuts (mse_loss of same-shaped tensors, a plain SGD group) give torch's
results and fall back to the general path wherever they do not apply."""
import warnings
from fractions import Fraction

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


def _addmm_node_and_grad(bias_shape, dtype, rx, rw, rb):
    rng = np.random.default_rng(len(bias_shape) + rx + 2 * rw + 4 * rb)
    x = gc.tensor(rng.standard_normal((5, 3)), dtype=dtype, requires_grad=rx)
    w = gc.tensor(rng.standard_normal((4, 3)), dtype=dtype, requires_grad=rw)
    b = gc.tensor(rng.standard_normal(bias_shape), dtype=dtype, requires_grad=rb)
    y = gc.addmm(b, x, w.t()) if bias_shape != (4,) else F.linear(x, w, b)
    return y.grad_fn, rng.standard_normal((5, 4)).astype(y.detach().numpy().dtype)


@pytest.mark.parametrize("bias_shape", [(4,), (1, 4), (5, 4), (1,), ()])
@pytest.mark.parametrize("dtype", [gc.float32, gc.float64])
@pytest.mark.parametrize("rx,rw,rb", [(False, True, True), (True, True, True), (True, False, False),
                                      (False, False, True)])
def test_addmm_node_gives_what_the_generic_apply_gives(bias_shape, dtype, rx, rw, rb):
    # AddmmBackward0's own apply (every nn.Linear) against OpNode.apply, bit for bit
    from gradcli.engine.backend import numpy_math
    from gradcli.engine.nodes import OpNode
    node, g = _addmm_node_and_grad(bias_shape, dtype, rx, rw, rb)
    fast, generic = node.apply([g], numpy_math), OpNode.apply(node, [g], numpy_math)
    assert [None if a is None else (a.shape, a.dtype, a.tobytes()) for a in fast] == \
        [None if a is None else (a.shape, a.dtype, a.tobytes()) for a in generic]


def test_linear_backward_refuses_a_weight_modified_in_place_and_a_second_pass():
    layer = gc.nn.Linear(3, 2)
    x = gc.ones(4, 3, requires_grad=True)
    loss = layer(x).sum()
    with gc.no_grad():
        x.mul_(2)
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        loss.backward()
    loss = layer(x).sum()
    loss.backward()
    with pytest.raises(RuntimeError, match="backward through the graph a second time"):
        loss.backward()


def test_linear_double_backward_and_saved_hooks_take_the_general_path():
    torch = pytest.importorskip("torch")
    out = []
    for lib in (torch, gc):
        lib.manual_seed(0)
        x = lib.tensor([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]], requires_grad=True)
        w = lib.tensor([[0.25, 0.5, -0.5], [1.0, -0.25, 0.75]], requires_grad=True)
        b = lib.tensor([0.1, -0.2], requires_grad=True)
        packed = []
        with lib.autograd.graph.saved_tensors_hooks(lambda t: packed.append(t.shape) or t, lambda t: t):
            y = lib.nn.functional.linear(x, w, b)
        (gx,) = lib.autograd.grad((y * y).sum(), x, create_graph=True)
        gx.sum().backward()
        out.append(([gx.detach().numpy(), w.grad.numpy(), b.grad.numpy()], [tuple(s) for s in packed]))
    (t_values, t_packed), (g_values, g_packed) = out
    assert g_packed == t_packed == [(2, 3), (3, 2)]
    for t, g in zip(t_values, g_values):   # (numpy's 2x3 products sum in another order than torch's: an ulp)
        np.testing.assert_allclose(g, t, rtol=1e-6)


def _mm_node_and_grad(layout1, layout2, dtype, r1, r2, inner=3):
    rng = np.random.default_rng(r1 + 2 * r2 + 4 * (layout1 == "t") + 8 * (layout2 == "t") + inner)
    a = rng.standard_normal((5, inner) if layout1 == "c" else (inner, 5))
    b = rng.standard_normal((inner, 4) if layout2 == "c" else (4, inner))
    x = gc.tensor(a, dtype=dtype, requires_grad=r1)
    w = gc.tensor(b, dtype=dtype, requires_grad=r2)
    y = (x if layout1 == "c" else x.t()) @ (w if layout2 == "c" else w.t())
    return y.grad_fn, rng.standard_normal((5, 4)).astype(y.detach().numpy().dtype)


@pytest.mark.parametrize("layout1,layout2", [("c", "c"), ("c", "t"), ("t", "c"), ("t", "t")])
@pytest.mark.parametrize("dtype", [gc.float32, gc.float64])
@pytest.mark.parametrize("r1,r2", [(True, True), (False, True), (True, False)])
@pytest.mark.parametrize("inner", [3, 1])
def test_mm_node_gives_what_the_generic_apply_gives(layout1, layout2, dtype, r1, r2, inner):
    # MmBackward0's own apply (x @ w in a hand-written step) against OpNode.apply, bit for bit and
    # in the same memory layout (a transposed operand's gradient arrives transposed)
    from gradcli.engine.backend import numpy_math
    from gradcli.engine.nodes import OpNode
    node, g = _mm_node_and_grad(layout1, layout2, dtype, r1, r2, inner)
    assert node.name() == "MmBackward0"
    fast, generic = node.apply([g], numpy_math), OpNode.apply(node, [g], numpy_math)
    assert [None if a is None else (a.shape, a.strides, a.dtype, a.tobytes()) for a in fast] == \
        [None if a is None else (a.shape, a.strides, a.dtype, a.tobytes()) for a in generic]


@pytest.mark.parametrize("product", ["mm", "linear"])
@pytest.mark.parametrize("create_graph", [False, True])
def test_product_backward_names_the_first_modified_operand_as_torch(product, create_graph):
    # both saved operands modified in place: torch's MmBackward0 unpacks mat2 first, AddmmBackward0
    # mat1 first, and the error names the first one found modified (with or without a graph of the pass)
    torch = pytest.importorskip("torch")
    messages = []
    for lib in (torch, gc):
        x = lib.ones(4, 3, requires_grad=True)
        w = lib.ones(2, 3, requires_grad=True)
        xx, ww = x * 1, w * 1
        y = xx @ ww.t() if product == "mm" else lib.nn.functional.linear(xx, ww, lib.zeros(2))
        with lib.no_grad():
            xx.mul_(2)
            ww.mul_(2)
        with pytest.raises(RuntimeError) as caught:
            y.sum().backward(create_graph=create_graph)
        messages.append(str(caught.value).split(" is at version")[0])
    assert messages[0] == messages[1]


def test_mm_backward_releases_its_saved_operands_and_refuses_a_second_pass():
    x = gc.ones(4, 3, requires_grad=True)
    w = gc.ones(3, 2, requires_grad=True)
    loss = (x @ w).sum()
    loss.backward()
    with pytest.raises(RuntimeError, match="backward through the graph a second time"):
        loss.backward()
    loss = (x @ w).sum()
    loss.backward(retain_graph=True)
    loss.backward()
    assert x.grad.tolist() == [[6.0, 6.0, 6.0]] * 4 and w.grad.tolist() == [[12.0, 12.0]] * 3   # three passes


@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
@pytest.mark.parametrize("dtype", [gc.float32, gc.float64])
@pytest.mark.parametrize("target_grad", [False, True])
@pytest.mark.parametrize("target_rows", [2, 1])
def test_mse_node_gives_what_the_generic_apply_gives(reduction, dtype, target_grad, target_rows):
    # MseLossBackward0's own apply against OpNode.apply, bit for bit (a broadcast target included)
    from gradcli.engine.backend import numpy_math
    from gradcli.engine.nodes import OpNode
    out = gc.tensor(OUT, dtype=dtype, requires_grad=True)
    target = gc.tensor(TARGET[:target_rows], dtype=dtype, requires_grad=target_grad)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        node = F.mse_loss(out, target, reduction=reduction).grad_fn
    g = np.asarray(np.full(OUT.shape, 0.75) if reduction == "none" else 0.75, out.detach().numpy().dtype)
    fast, generic = node.apply([g], numpy_math), OpNode.apply(node, [g], numpy_math)
    assert [None if a is None else (a.shape, a.dtype, a.tobytes()) for a in fast] == \
        [None if a is None else (a.shape, a.dtype, a.tobytes()) for a in generic]


@pytest.mark.parametrize("dtype", [gc.float32, gc.float64, gc.float16])
@pytest.mark.parametrize("lr", [1e-3, 0.1, 0.0, 3])
def test_plain_sgd_step_is_torch_s_fused_multiply_add(dtype, lr):
    # float32 and float64: p + (-lr) grad rounded once, as torch's add_(grad, alpha=-lr); float16: p -= dtype(lr) * grad
    rng = np.random.default_rng(7)
    start = rng.standard_normal(64)
    w = gc.nn.Parameter(gc.tensor(start, dtype=dtype))
    (w * w).sum().backward()
    grad = w.grad.numpy().copy()
    gc.optim.SGD([w], lr=lr).step()
    data = gc.tensor(start, dtype=dtype).numpy()
    if data.dtype == np.float32:
        want = (data.astype(np.float64) - np.float64(np.float32(lr)) * grad.astype(np.float64)).astype(np.float32)
    elif data.dtype == np.float64:
        want = np.array([float(Fraction(p) - Fraction(lr) * Fraction(g)) for p, g in zip(data, grad)])
    else:
        want = data - data.dtype.type(lr) * grad
    assert w.detach().numpy().tobytes() == want.tobytes()
