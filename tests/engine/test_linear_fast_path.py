"""nn.Linear's forward builds its AddmmBackward0 node in one step (dispatch.call_linear); the node
must be the one the generic ``call`` makes: same edges, metadata and saved values."""
import itertools

import numpy as np
import pytest

from gradcli import engine as torch
from gradcli.engine.autograd.graph import SavedVariable
from gradcli.engine.dispatch import call
from gradcli.engine.ops.nn import ADDMM
from gradcli.engine.ops.shape import T

F = torch.nn.functional


def _inputs(dtype, rx, rw, rb):
    x = torch.tensor(np.arange(12.0).reshape(4, 3) / 7, dtype=dtype, requires_grad=rx)
    w = torch.tensor(np.arange(6.0).reshape(2, 3) / 5 - 0.4, dtype=dtype, requires_grad=rw)
    b = torch.tensor([0.25, -0.5], dtype=dtype, requires_grad=rb)
    return x, w, b


def _view_described(view):
    x = view._x
    return (view._base is not None, view._vc, x.view_steps, x.view_version, x.creation_meta, view.requires_grad,
            view.shape, view._data.strides)


def _described(node):
    saved = [("saved", s.tensor is not None and s.tensor._data.tobytes(), s.version)
             if isinstance(s, SavedVariable) else s for s in node._saved]
    return (type(node).__name__, [(type(fn).__name__, nr) for fn, nr in node.next_functions],
            node._in_meta, node._oshape, node._odtype, saved)


@pytest.mark.parametrize("rx,rw,rb", [c for c in itertools.product([False, True], repeat=3) if any(c)])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_linear_records_the_node_call_would(rx, rw, rb, dtype):
    x, w, b = _inputs(dtype, rx, rw, rb)
    fast = F.linear(x, w, b)
    generic = call(ADDMM, (b, x, call(T, (w,))), {"beta": 1, "alpha": 1})
    np.testing.assert_array_equal(fast._data, generic._data)
    assert _described(fast.grad_fn) == _described(generic.grad_fn)
    fast_t, generic_t = fast.grad_fn.next_functions[2][0], generic.grad_fn.next_functions[2][0]
    assert (fast_t is None) == (generic_t is None)
    if fast_t is not None:
        assert _described(fast_t) == _described(generic_t)
    if rx:   # the saved weight.t() view
        assert _view_described(fast.grad_fn._saved_mat2) == _view_described(generic.grad_fn._saved_mat2)
    fast.sum().backward()
    grads = [t.grad for t in (x, w, b)]
    for t in (x, w, b):
        t.grad = None
    generic.sum().backward()
    for g, t in zip(grads, (x, w, b)):
        assert (g is None) == (t.grad is None)
        if g is not None:
            np.testing.assert_array_equal(g._data, t.grad._data)


@pytest.mark.parametrize("kind", ["view", "no_grad_view", "non_leaf"])
def test_linear_of_weight_and_bias_that_are_not_plain_leaves_links_them_as_call_would(kind):
    """call_linear links a leaf Parameter to its AccumulateGrad inline; a view (its node, or no edge for
    a view made under no_grad, as torch) and an op's result take ``_edge``."""
    x, w0, b0 = _inputs(torch.float32, True, True, True)
    if kind == "non_leaf":
        w, b = w0 * 1, b0 * 1
    elif kind == "view":
        w, b = w0[:, :], b0[:]
    else:
        with torch.no_grad():
            w, b = w0[:, :], b0[:]
    fast = F.linear(x, w, b)
    generic = call(ADDMM, (b, x, call(T, (w,))), {"beta": 1, "alpha": 1})
    assert _described(fast.grad_fn) == _described(generic.grad_fn)
    assert _described(fast.grad_fn.next_functions[2][0]) == _described(generic.grad_fn.next_functions[2][0])
    fast_edges = [fn for fn, _ in fast.grad_fn.next_functions[:1] + fast.grad_fn.next_functions[2][0].next_functions]
    generic_edges = [fn for fn, _ in
                     generic.grad_fn.next_functions[:1] + generic.grad_fn.next_functions[2][0].next_functions]
    assert [type(fn).__name__ for fn in fast_edges] == [type(fn).__name__ for fn in generic_edges]
    assert [fn is None for fn in fast_edges] == ([True, True] if kind == "no_grad_view" else [False, False])


def test_linear_without_grad_records_nothing():
    x, w, b = _inputs(torch.float32, True, True, True)
    with torch.no_grad():
        y = F.linear(x, w, b)
    assert y.grad_fn is None and not y.requires_grad


def test_linear_under_saved_tensor_hooks_packs_what_it_saves():
    x, w, b = _inputs(torch.float32, True, True, True)
    packed = []
    with torch.autograd.graph.saved_tensors_hooks(lambda t: packed.append(tuple(t.shape)) or t, lambda t: t):
        y = F.linear(x, w, b)
    assert sorted(packed) == [(3, 2), (4, 3)]
    y.sum().backward()
    assert w.grad.shape == (2, 3)


def test_linear_of_mixed_dtypes_refuses_as_torch():
    x, w, b = _inputs(torch.float32, False, True, True)
    with pytest.raises(RuntimeError, match="mat1 and mat2 must have the same dtype"):
        F.linear(x.double(), w, b)


def test_linear_weight_view_follows_in_place_writes_as_torch():
    x, w, b = _inputs(torch.float32, True, True, True)
    y = F.linear(x, w, b)
    with torch.no_grad():
        w.mul_(2)
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        y.sum().backward()


@pytest.mark.parametrize("batch", [4, 16, 64, 65])
def test_wide_layer_sum_reads_the_swapped_product_and_adds_the_same(batch):
    # a 1000 -> 100 layer takes the swapped product; its bias is added straight into a C-ordered result
    from gradcli.engine.ops.linalg import gemm, gemm_add
    rng = np.random.default_rng(batch)
    x = rng.standard_normal((batch, 1000)).astype(np.float32)
    w = rng.standard_normal((100, 1000)).astype(np.float32)
    b = rng.standard_normal(100).astype(np.float32)
    out = gemm_add(b, x, w.T)
    assert out.flags.c_contiguous and out.dtype == np.float32
    assert np.array_equal(out, b + gemm(x, w.T))
    layer = torch.nn.Linear(1000, 100)
    with torch.no_grad():
        layer.weight.copy_(torch.tensor(w))
        layer.bias.copy_(torch.tensor(b))
    assert np.array_equal(layer(torch.tensor(x)).detach().numpy(), out)


@pytest.mark.parametrize("x_shape,w_shape,b_shape", [((2, 4, 3), (5, 3), (5,)), ((3,), (5, 3), (5,)),
                                                     ((4, 3), (5, 3), (1,)), ((4, 3), (5, 3), (4, 5))])
def test_linear_of_other_ranks_and_broadcast_biases_matches_torch(x_shape, w_shape, b_shape):
    torch_ = pytest.importorskip("torch")
    arrays = [np.arange(np.prod(s), dtype=np.float32).reshape(s) / 8 - 1 for s in (x_shape, w_shape, b_shape)]
    mine = F.linear(*[torch.tensor(a, requires_grad=True) for a in arrays])
    theirs = torch_.nn.functional.linear(*[torch_.tensor(a, requires_grad=True) for a in arrays])
    np.testing.assert_array_equal(mine._data, theirs.detach().numpy())
    assert mine.grad_fn.name() == theirs.grad_fn.name()


def test_linear_of_misfit_shapes_fails_with_torchs_message():
    with pytest.raises(RuntimeError, match=r"mat1 and mat2 shapes cannot be multiplied \(4x2 and 3x5\)"):
        F.linear(torch.ones(4, 2), torch.ones(5, 3), torch.ones(5))


@pytest.mark.parametrize("requires_grad", [True, False])
def test_linear_module_records_the_node_f_linear_would(requires_grad):
    layer = torch.nn.Linear(3, 2)
    x = torch.tensor(np.arange(12.0).reshape(4, 3) / 7, dtype=torch.float32, requires_grad=requires_grad) * 1
    by_module, by_function = layer(x), F.linear(x, layer.weight, layer.bias)
    np.testing.assert_array_equal(by_module._data, by_function._data)
    assert _described(by_module.grad_fn) == _described(by_function.grad_fn)
    assert _described(by_module.grad_fn.next_functions[2][0]) == _described(by_function.grad_fn.next_functions[2][0])
    assert by_module.grad_fn.next_functions[0][0] is by_function.grad_fn.next_functions[0][0]   # bias's AccumulateGrad


def test_linear_module_of_other_inputs_takes_f_linear():
    layer = torch.nn.Linear(3, 2)
    assert layer(torch.ones(5, 4, 3)).shape == (5, 4, 2)        # a 3-d input: View/Addmm/View
    assert layer(torch.nn.Parameter(torch.ones(4, 3))).grad_fn.name() == "AddmmBackward0"
    with pytest.raises(RuntimeError, match=r"mat1 and mat2 shapes cannot be multiplied \(4x2 and 3x2\)"):
        layer(torch.ones(4, 2))
    no_bias = torch.nn.Linear(3, 2, bias=False)
    assert no_bias(torch.ones(4, 3)).grad_fn.name() == "MmBackward0"


def test_first_layer_keeps_only_the_transpose_node():
    """With an input that needs no gradient the weight.t() view is saved by nobody: its node is the
    edge, as the generic path's, and nothing else of it is kept."""
    x, w, b = _inputs(torch.float32, False, True, True)
    out = F.linear(x, w, b)
    tnode = out.grad_fn.next_functions[2][0]
    assert tnode.name() == "TBackward0" and tnode.next_functions[0][0].variable is w
    assert out.grad_fn._saved_mat2 is None and out.grad_fn._saved_mat1 is x
    out.sum().backward()
    np.testing.assert_array_equal(w.grad._data, np.broadcast_to(x._data.sum(0), (2, 3)))
