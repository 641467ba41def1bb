"""Indexing as torch does it: ``x[idx]``, ``x[mask]``, ``x[idx] = v``, index_put, gather/scatter,
index_select/index_add/index_fill, masked_fill/masked_select, take/put.

The expected numbers, node names and messages were computed once with torch 2.13 and pasted
here; the ``parity`` tests at the end rerun the same snippets in torch when it is installed.
"""
from __future__ import annotations

import numpy as np
import pytest

from gradcli import engine as torch
from gradcli.engine.backend import NumpyMath
from gradcli.engine.dispatch import call
from gradcli.engine.ops import indexing
from gradcli.engine.ops.registry import all_ops
from gradcli.engine.tensor import make

OPS = all_ops()     # the families the engine loads on first use too


def values(t):
    return t.detach().tolist()


def node(t):
    return t.grad_fn.name()


# -- x[idx] -------------------------------------------------------------------------------------------

def test_repeated_rows_accumulate_their_gradients():
    x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
    y = x[[1, 0, 1]]
    y.backward(torch.tensor([[1., 1., 1.], [2., 2., 2.], [3., 3., 3.]]))
    assert values(y) == [[4., 5., 6.], [1., 2., 3.], [4., 5., 6.]]
    assert node(y) == "IndexBackward0"
    assert values(x.grad) == [[2., 2., 2.], [4., 4., 4.]]


def test_index_pairs_pick_elements():
    x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
    y = x[[0, 1, 1], [2, 0, 0]]
    y.backward(torch.tensor([10., 20., 30.]))
    assert values(y) == [3., 4., 4.]
    assert values(x.grad) == [[0., 0., 10.], [50., 0., 0.]]


def test_index_tensors_broadcast_together():
    x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
    y = x[torch.tensor([[0], [1]]), torch.tensor([2, 0, 2])]
    y.backward(torch.ones(2, 3))
    assert values(y) == [[3., 1., 3.], [6., 4., 6.]]
    assert values(x.grad) == [[1., 0., 2.], [1., 0., 2.]]


def test_boolean_mask_selects_and_routes_the_gradient_back():
    x = torch.tensor([[1., -2., 3.], [-4., 5., -6.]], requires_grad=True)
    y = x[x > 0]
    y.backward(torch.tensor([1., 2., 3.]))
    assert values(y) == [1., 3., 5.]
    assert node(y) == "IndexBackward0"
    assert values(x.grad) == [[1., 0., 2.], [0., 3., 0.]]
    rows = torch.tensor([[1., 2.], [3., 4.], [5., 6.]])[torch.tensor([True, False, True])]
    assert values(rows) == [[1., 2.], [5., 6.]]


def test_index_dims_separated_by_a_slice_go_first():
    x = torch.arange(24.).reshape(2, 3, 4).requires_grad_()
    y = x[[0, 1], :, [3, 0]]
    y.backward(torch.tensor([[1., 2., 3.], [4., 5., 6.]]))
    assert values(y) == [[3., 7., 11.], [12., 16., 20.]]
    assert values(x.grad) == [[[0., 0., 0., 1.], [0., 0., 0., 2.], [0., 0., 0., 3.]],
                              [[4., 0., 0., 0.], [5., 0., 0., 0.], [6., 0., 0., 0.]]]


def test_an_integer_is_a_select_first_as_in_torch_not_numpy():
    # numpy counts the 0 as an index array (shape (2, 2, 4)); torch selects first (2, 4, 2)
    x = torch.arange(120.).reshape(2, 3, 4, 5).requires_grad_()
    y = x[:, 0, :, [0, 1]]
    assert y.shape == (2, 4, 2)
    assert node(y) == "IndexBackward0"
    assert y.grad_fn.next_functions[0][0].name() == "SelectBackward0"
    assert values(torch.arange(24.).reshape(2, 3, 4)[:, 0, [3, 0]]) == [[3., 0.], [15., 12.]]


def test_slices_and_none_become_views_before_the_index():
    x = torch.arange(24.).reshape(2, 3, 4).requires_grad_()
    y = x[1:, [0, 2], None, [1, 3]]
    assert values(y) == [[[13.]], [[23.]]]
    chain = [node(y), y.grad_fn.next_functions[0][0].name(),
             y.grad_fn.next_functions[0][0].next_functions[0][0].name()]
    assert chain == ["IndexBackward0", "UnsqueezeBackward0", "SliceBackward0"]


def test_bool_and_zero_dim_subscripts():
    x = torch.arange(6.).reshape(2, 3)
    assert x[True].shape == (1, 2, 3)
    assert x[False].shape == (0, 2, 3)
    assert x[None, False].shape == (1, 0, 2, 3)
    assert values(x[torch.tensor(1), [0, 1]]) == [3., 4.]
    assert values(x[[-1, -2]]) == [[3., 4., 5.], [0., 1., 2.]]
    assert x[[]].shape == (0, 3)
    assert values(x[[1, True]]) == [[3., 4., 5.], [3., 4., 5.]]  # a list of ints and bools is ints


def test_a_list_holding_lists_is_a_tuple_of_indices():
    x = torch.arange(6.).reshape(2, 3)
    assert values(x[[[0, 1], [1, 0]]]) == [1., 3.]
    assert values(x[[0, [0, 2]]]) == [0., 2.]


def test_saved_indices_read_back_as_tensors():
    x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
    y = x[:, [0, 2]]
    indices = y.grad_fn._saved_indices
    assert indices[0] is None and values(indices[1]) == [0, 2]
    assert tuple(y.grad_fn._saved_self_sym_sizes) == (2, 3)
    assert values(x.take(torch.tensor([0, -1])).grad_fn._saved_index) == [0, 5]


@pytest.mark.parametrize("expr, kind, message", [
    ("x[[2]]", IndexError, "index 2 is out of bounds for dimension 0 with size 2"),
    ("x[:, [5]]", IndexError, "index 5 is out of bounds for dimension 0 with size 3"),
    ("x[:, [-4]]", IndexError, "index -4 is out of bounds for dimension 0 with size 3"),
    ("x[[0, 1], [0, 5]]", IndexError, "index 5 is out of bounds for dimension 1 with size 3"),
    ("x[torch.tensor(5)]", IndexError, "index 5 is out of bounds for dimension 0 with size 2"),
    ("x[torch.tensor([True, False, True])]", IndexError,
     "The shape of the mask [3] at index 0 does not match the shape of the indexed tensor [2, 3] at index 0"),
    ("x[:, torch.tensor([True, False])]", IndexError,
     "The shape of the mask [2] at index 0 does not match the shape of the indexed tensor [2, 3] at index 1"),
    ("x[[0, 1], [0, 1, 2]]", IndexError,
     "shape mismatch: indexing tensors could not be broadcast together with shapes [2], [3]"),
    ("x[torch.tensor([0.5])]", IndexError, "tensors used as indices must be long, int, byte or bool tensors"),
    ("x[torch.ones(2, 3, 1, dtype=torch.bool)]", IndexError, "too many indices for tensor of dimension 2"),
])
def test_index_errors_use_torch_wording(expr, kind, message):
    x = torch.arange(6.).reshape(2, 3)
    with pytest.raises(kind) as e:
        eval(expr, {"x": x, "torch": torch})
    assert str(e.value) == message


# -- x[idx] = v and index_put ---------------------------------------------------------------------

def test_setitem_on_a_non_leaf_keeps_gradients_right():
    x = torch.tensor([1., 2., 3.], requires_grad=True)
    y = x * 2
    y[0] = 5
    y.sum().backward()
    assert values(y) == [5., 4., 6.]
    assert values(x.grad) == [0., 2., 2.]


def test_setitem_with_a_list_sends_gradients_to_the_values():
    x = torch.tensor([1., 2., 3.], requires_grad=True)
    v = torch.tensor([10., 30.], requires_grad=True)
    y = x * 2
    y[[0, 2]] = v
    (y * torch.tensor([1., 2., 3.])).sum().backward()
    assert values(y) == [10., 4., 30.]
    assert node(y) == "IndexPutBackward0"
    assert values(x.grad) == [0., 4., 0.]
    assert values(v.grad) == [1., 3.]


def test_setitem_with_a_mask():
    x = torch.tensor([1., -2., 3.], requires_grad=True)
    y = x * 2
    y[y < 0] = 0
    y.sum().backward()
    assert values(y) == [2., 0., 6.]
    assert values(x.grad) == [2., 0., 2.]


def test_augmented_assignment_on_an_index_reads_adds_and_writes_back():
    # Python runs y[i] (a copy), += on the copy, then y[i] = copy: a repeated index adds once
    x = torch.tensor([1., 2., 3.], requires_grad=True)
    y = x * 2
    y[[0, 0, 2]] += 1
    (y * torch.tensor([1., 2., 3.])).sum().backward()
    assert values(y) == [3., 4., 7.]
    assert node(y) == "IndexPutBackward0"
    assert values(x.grad) == [4., 4., 6.]


def test_index_put_accumulate_adds_repeated_indices():
    x = torch.tensor([1., 2., 3.], requires_grad=True)
    v = torch.tensor([10., 20., 30.], requires_grad=True)
    y = x * 1
    y.index_put_((torch.tensor([0, 0, 2]),), v, accumulate=True)
    (y * torch.tensor([1., 2., 3.])).sum().backward()
    assert values(y) == [31., 2., 33.]
    assert values(x.grad) == [1., 2., 3.]
    assert values(v.grad) == [1., 1., 3.]
    assert y.grad_fn._saved_accumulate is True


def test_setitem_bumps_the_version_and_a_slice_before_the_index_gives_copyslices():
    y = torch.zeros(3)
    before = y._version
    y[[0, 1]] = 2.
    assert values(y) == [2., 2., 0.] and y._version == before + 1
    x = torch.tensor([[0., 1., 2.], [3., 4., 5.]], requires_grad=True)
    z = x * 2
    z[1:, [0]] = 5.
    z.sum().backward()
    assert values(z) == [[0., 2., 4.], [5., 8., 10.]]
    assert z.grad_fn.name().endswith("CopySlices")
    assert values(x.grad) == [[2., 2., 2.], [0., 2., 2.]]


def test_values_broadcast_and_may_carry_leading_ones():
    y = torch.zeros(3)
    y[[0, 1]] = torch.ones(1, 1, 2)
    assert values(y) == [1., 1., 0.]
    z = torch.zeros(2, 3)
    z[:, [0, 0]] = torch.tensor([1., 2.])
    assert values(z) == [[2., 0., 0.], [2., 0., 0.]]


@pytest.mark.parametrize("stmt, message", [
    ("x[[1]] = 5.", "a leaf Variable that requires grad is being used in an in-place operation."),
    ("x[x > 2] = 0.", "a leaf Variable that requires grad is being used in an in-place operation."),
    ("x[0, [1]] = 5.", "a view of a leaf Variable that requires grad is being used in an in-place operation."),
    ("x.index_put_((torch.tensor([0]),), torch.tensor(1.))",
     "a leaf Variable that requires grad is being used in an in-place operation."),
    ("x.masked_fill_(x > 1, 2.)", "a leaf Variable that requires grad is being used in an in-place operation."),
])
def test_setitem_on_a_leaf_that_requires_grad_is_refused(stmt, message):
    x = torch.tensor([[0., 1., 2.], [3., 4., 5.]], requires_grad=True)
    with pytest.raises(RuntimeError) as e:
        exec(stmt, {"x": x, "torch": torch})
    assert str(e.value) == message
    with torch.no_grad():
        x[[1]] = 5.
    assert values(x) == [[0., 1., 2.], [5., 5., 5.]]


@pytest.mark.parametrize("stmt, kind, message", [
    ("y[[0, 1]] = torch.ones(3)", RuntimeError,
     "shape mismatch: value tensor of shape [3] cannot be broadcast to indexing result of shape [2]"),
    ("y[[0, 1]] = torch.ones(2, 1)", RuntimeError,
     "shape mismatch: value tensor of shape [2, 1] cannot be broadcast to indexing result of shape [2]"),
    ("y[[5]] = 1.", IndexError, "index 5 is out of bounds for dimension 0 with size 3"),
    ("y[torch.tensor([True, False])] = 1.", IndexError,
     "The shape of the mask [2] at index 0 does not match the shape of the indexed tensor [3] at index 0"),
    ("y[[0, 1]] = torch.ones(2, dtype=torch.float64)", RuntimeError,
     "Index put requires the source and destination dtypes match, got Float for the destination and Double for "
     "the source."),
    ("y[[0, 1]] = [7, 8]", TypeError, "can't assign a list to a torch.FloatTensor"),
    ("torch.index_put(y, (torch.tensor([0]),), 1.)", TypeError,
     "index_put(): argument 'values' (position 3) must be Tensor, not float"),
    ("torch.index_put(y, torch.tensor([0, 1]), torch.tensor(1.))", TypeError,
     "index_put(): argument 'indices' (position 2) must be tuple of Tensors, not Tensor"),
])
def test_setitem_errors_use_torch_wording(stmt, kind, message):
    y = torch.zeros(3)
    with pytest.raises(kind) as e:
        exec(stmt, {"y": y, "torch": torch})
    assert str(e.value) == message


# -- gather, scatter, index_select, index_add, index_fill ----------------------------------------------

X = [[1., 2., 3.], [4., 5., 6.]]
G = [[1., 2., 3.], [4., 5., 6.]]


def test_gather_and_its_scatter_add_backward():
    x = torch.tensor(X, requires_grad=True)
    y = torch.gather(x, 1, torch.tensor([[2, 2], [0, 1]]))
    y.backward(torch.tensor([[1., 2.], [3., 4.]]))
    assert values(y) == [[3., 3.], [4., 5.]]
    assert node(y) == "GatherBackward0"
    assert values(x.grad) == [[0., 0., 3.], [3., 4., 0.]]


def test_take_along_dim_is_a_gather():
    x = torch.tensor(X, requires_grad=True)
    y = torch.take_along_dim(x, torch.tensor([[2], [0]]), dim=1)
    y.backward(torch.tensor([[1.], [2.]]))
    assert values(y) == [[3.], [4.]] and node(y) == "GatherBackward0"
    assert values(x.grad) == [[0., 0., 1.], [2., 0., 0.]]


def test_scatter_src_and_value():
    x = torch.tensor(X, requires_grad=True)
    s = torch.tensor([[10., 20.], [30., 40.]], requires_grad=True)
    y = torch.scatter(x, 1, torch.tensor([[2, 0], [1, 2]]), s)
    y.backward(torch.tensor(G))
    assert values(y) == [[20., 2., 10.], [4., 30., 40.]] and node(y) == "ScatterBackward0"
    assert values(x.grad) == [[0., 2., 0.], [4., 0., 0.]]
    assert values(s.grad) == [[3., 1.], [5., 6.]]
    x.grad = None
    y = x.scatter(0, torch.tensor([[1, 0, 1]]), -1.0)
    y.backward(torch.tensor(G))
    assert values(y) == [[1., -1., 3.], [-1., 5., -1.]] and node(y) == "ScatterBackward1"
    assert values(x.grad) == [[1., 0., 3.], [0., 5., 0.]]


def test_scatter_add_accumulates_repeated_indices():
    x = torch.tensor(X, requires_grad=True)
    s = torch.tensor([[10., 20.], [30., 40.]], requires_grad=True)
    y = torch.scatter_add(x, 1, torch.tensor([[0, 0], [2, 2]]), s)
    y.backward(torch.tensor(G))
    assert values(y) == [[31., 2., 3.], [4., 5., 76.]] and node(y) == "ScatterAddBackward0"
    assert values(x.grad) == G
    assert values(s.grad) == [[1., 1.], [6., 6.]]


def test_scatter_with_reduce_has_no_derivative():
    x = torch.arange(12.).reshape(3, 4)
    assert values(torch.scatter(x, 1, torch.tensor([[0, 1]]), torch.ones(3, 5), reduce="add"))[0] == [1., 2., 2., 3.]
    assert values(torch.scatter(x, 1, torch.tensor([[0, 1]]), 2.0, reduce="multiply"))[0] == [0., 2., 2., 3.]
    with pytest.raises(RuntimeError, match="^derivative for aten::scatter is not implemented$"):
        torch.scatter(x.requires_grad_(), 1, torch.tensor([[0, 1]]), 2.0, reduce="add")


def test_index_select_and_index_add():
    x = torch.tensor(X, requires_grad=True)
    y = torch.index_select(x, 1, torch.tensor([2, 0, 2]))
    y.backward(torch.tensor(G))
    assert values(y) == [[3., 1., 3.], [6., 4., 6.]] and node(y) == "IndexSelectBackward0"
    assert values(x.grad) == [[2., 0., 4.], [5., 0., 10.]]
    x.grad = None
    s = torch.tensor([[10., 20., 30.], [40., 50., 60.]], requires_grad=True)
    y = torch.index_add(x, 0, torch.tensor([1, 1]), s, alpha=0.5)
    y.backward(torch.tensor(G))
    assert values(y) == [[1., 2., 3.], [29., 40., 51.]] and node(y) == "IndexAddBackward0"
    assert values(x.grad) == G
    assert values(s.grad) == [[2., 2.5, 3.], [2., 2.5, 3.]]


def test_index_fill():
    x = torch.tensor(X, requires_grad=True)
    y = x.index_fill(1, torch.tensor([0, 2]), -1.)
    y.backward(torch.tensor(G))
    assert values(y) == [[-1., 2., -1.], [-1., 5., -1.]] and node(y) == "IndexFillBackward0"
    assert values(x.grad) == [[0., 2., 0.], [0., 5., 0.]]
    assert node(x.index_fill(1, torch.tensor([0]), torch.tensor(2.))) == "IndexFillBackward1"


@pytest.mark.parametrize("expr, kind, message", [
    ("torch.gather(x, 1, torch.tensor([0, 1]))", RuntimeError,
     "Index tensor must have the same number of dimensions as input tensor"),
    ("torch.gather(x, 1, torch.tensor([[0, 5]]))", RuntimeError, "index 5 is out of bounds for dimension 1 with size 4"),
    ("torch.gather(x, 1, torch.zeros(4, 2, dtype=torch.long))", RuntimeError,
     "Size does not match at dimension 0 expected index [4, 2] to be no larger than self [3, 4] apart from "
     "dimension 1"),
    ("torch.gather(x, 1, torch.zeros(2, 2))", RuntimeError, "gather(): Expected dtype int32/int64 for index"),
    ("torch.gather(x, 2, torch.zeros(3, 2, dtype=torch.long))", IndexError,
     "Dimension out of range (expected to be in range of [-2, 1], but got 2)"),
    ("torch.gather(x, 1, [[0]])", TypeError, "gather(): argument 'index' (position 3) must be Tensor, not list"),
    ("torch.scatter(x, 1, torch.tensor([[0, 0], [1, 0], [3, 3]]), torch.ones(2, 2))", RuntimeError,
     "Expected index [3, 2] to be no larger than self [3, 4] apart from dimension 1 and to be no larger size than "
     "src [2, 2]"),
    ("torch.scatter(x, 1, torch.tensor([[0, 0]]), torch.ones(1, 2, dtype=torch.float64))", RuntimeError,
     "scatter(): Expected self.dtype to be equal to src.dtype"),
    ("torch.scatter(x, 1, torch.tensor([[0, 1]]), 2.0, reduce='mean')", RuntimeError,
     "reduce argument must be either add or multiply."),
    ("torch.scatter_add(x, 1, torch.tensor([[0, 9]]), torch.ones(1, 2))", RuntimeError,
     "index 9 is out of bounds for dimension 1 with size 4"),
    ("torch.scatter_add(x, 1, torch.tensor([[0]]), 1.0)", TypeError,
     "scatter_add(): argument 'src' (position 4) must be Tensor, not float"),
    ("torch.index_select(x, 1, torch.tensor([[0]]))", IndexError, "index_select(): Index is supposed to be a vector"),
    ("torch.index_select(x, 1, torch.tensor([4]))", RuntimeError, "INDICES element is out of DATA bounds, id=4 axis_dim=4"),
    ("torch.index_select(x, 1, torch.tensor([1.]))", RuntimeError,
     "index_select(): Expected dtype int32 or int64 for index"),
    ("torch.index_add(x, 0, torch.tensor([0, 0]), torch.ones(3, 4))", RuntimeError,
     "index_add_(): Number of indices (2) should be equal to source.size(dim): (3), for dim: 0"),
    ("torch.index_add(x, 0, torch.tensor([0, 0]), torch.ones(2, 3))", RuntimeError,
     "source tensor shape must match self tensor shape, excluding the specified dimension. Got self.shape = [3, 4] "
     "source.shape = [2, 3]"),
    ("torch.index_add(x, 0, torch.tensor([0, 7]), torch.ones(2, 4))", RuntimeError,
     "index 7 is out of bounds for dimension 0 with size 3"),
    ("torch.index_add(x, 0, torch.tensor([0]), torch.ones(1, 4, dtype=torch.float64))", RuntimeError,
     "index_add_(): self (Float) and source (Double) must have the same scalar type"),
    ("torch.index_fill(x, 1, torch.tensor([-5]), 5.)", IndexError, "index -5 is out of bounds for dimension 1 with size 4"),
    ("torch.index_fill(x, 1, torch.tensor([0], dtype=torch.int32), 5.)", IndexError,
     "index_fill_(): Expected dtype int64 for index."),
    ("torch.take_along_dim(x, torch.tensor([0, 1]), 0)", RuntimeError,
     "torch.take_along_dim(): input and indices should have the same number of dimensions, but got 2 dimensions "
     "for input, and 1 dimensions for indices"),
])
def test_gather_family_errors_use_torch_wording(expr, kind, message):
    x = torch.arange(12.).reshape(3, 4)
    with pytest.raises(kind) as e:
        eval(expr, {"x": x, "torch": torch})
    assert str(e.value) == message


# -- masked_fill, masked_select, take, put ---------------------------------------------------------------

def test_masked_fill_with_a_number_and_with_a_zero_dim_tensor():
    x = torch.tensor([[1., -2., 3.], [-4., 5., -6.]], requires_grad=True)
    y = x.masked_fill(x < 0, 0.5)
    y.backward(torch.tensor(G))
    assert values(y) == [[1., 0.5, 3.], [0.5, 5., 0.5]] and node(y) == "MaskedFillBackward0"
    assert values(x.grad) == [[1., 0., 3.], [0., 5., 0.]]
    x.grad = None
    v = torch.tensor(0.5, requires_grad=True)
    y = torch.masked_fill(x, x < 0, v)
    y.backward(torch.tensor(G))
    assert node(y) == "MaskedFillBackward1"
    assert values(x.grad) == [[1., 0., 3.], [0., 5., 0.]] and v.grad.item() == 12.0


def test_masked_fill_broadcasts_self_and_runs_in_place():
    x = torch.tensor([1., 2., 3.], requires_grad=True)
    y = x.masked_fill(torch.tensor([[True, False, False], [True, True, False]]), 0.)
    y.backward(torch.tensor(G))
    assert values(y) == [[0., 2., 3.], [0., 0., 3.]] and values(x.grad) == [0., 2., 9.]
    x = torch.tensor([1., -2., 3.], requires_grad=True)
    y = x * 1
    y.masked_fill_(y < 0, 0.)
    y.sum().backward()
    assert values(y) == [1., 0., 3.] and node(y) == "MaskedFillBackward0"
    assert values(x.grad) == [1., 0., 1.]


def test_masked_select_gathers_into_one_dim():
    x = torch.tensor([[1., -2., 3.], [-4., 5., -6.]], requires_grad=True)
    y = torch.masked_select(x, x > 0)
    y.backward(torch.tensor([1., 2., 3.]))
    assert values(y) == [1., 3., 5.] and node(y) == "MaskedSelectBackward0"
    assert values(x.grad) == [[1., 0., 2.], [0., 3., 0.]]
    x = torch.tensor([1., 2., 3.], requires_grad=True)
    y = x.masked_select(torch.tensor([[True, False, True], [True, True, False]]))
    y.backward(torch.tensor([1., 2., 3., 4.]))
    assert values(y) == [1., 3., 1., 2.] and values(x.grad) == [4., 4., 2.]


def test_take_and_put_use_flat_indices():
    x = torch.tensor(X, requires_grad=True)
    y = torch.take(x, torch.tensor([[0, 5], [-1, 0]]))
    y.backward(torch.tensor([[1., 2.], [3., 4.]]))
    assert values(y) == [[1., 6.], [6., 1.]] and node(y) == "TakeBackward0"
    assert values(x.grad) == [[5., 0., 0.], [0., 0., 5.]]
    x.grad = None
    s = torch.tensor([10., 20.], requires_grad=True)
    y = x * 1
    y.put_(torch.tensor([0, -1]), s)
    y.backward(torch.tensor(G))
    assert values(y) == [[10., 2., 3.], [4., 5., 20.]] and node(y) == "PutBackward0"
    assert values(x.grad) == [[0., 2., 3.], [4., 5., 0.]] and values(s.grad) == [1., 6.]


@pytest.mark.parametrize("expr, kind, message", [
    ("torch.zeros(3).masked_fill(torch.tensor([1, 0, 1]), 1.)", RuntimeError,
     "masked_fill_ only supports boolean masks, but got mask with dtype long int"),
    ("torch.zeros(3).masked_fill(torch.tensor([True, False]), 1.)", RuntimeError,
     "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0"),
    ("torch.zeros(3).masked_fill(torch.tensor([True, False, True]), torch.tensor([1., 2., 3.]))", RuntimeError,
     "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with 1 dimension(s)."),
    ("torch.zeros(3).masked_fill_(torch.ones(2, 3, dtype=torch.bool), 1.)", RuntimeError,
     "output with shape [3] doesn't match the broadcast shape [2, 3]"),
    ("torch.masked_select(torch.zeros(3, 4), torch.tensor([1, 0, 1, 0]))", RuntimeError,
     "masked_select: expected BoolTensor for mask"),
    ("torch.take(torch.zeros(3, 4), torch.tensor([12]))", IndexError,
     "out of range: tried to access index 12 on a tensor of 12 elements."),
    ("torch.take(torch.zeros(3, 4), torch.tensor([1], dtype=torch.int32))", RuntimeError,
     "take(): Expected a long tensor for index, but got Int"),
    ("torch.zeros(3, 4).put_(torch.tensor([0, 0]), torch.tensor([1., 2., 3.]))", IndexError,
     "put_(): Expected source and index to have the same number of elements, but got source.numel() = 3, "
     "index.numel() = 2"),
])
def test_mask_and_flat_errors_use_torch_wording(expr, kind, message):
    with pytest.raises(kind) as e:
        eval(expr, {"torch": torch})
    assert str(e.value) == message


def test_mask_fill_casts_the_value_to_self_dtype():
    assert values(torch.zeros(3, dtype=torch.long).masked_fill(torch.tensor([True, False, True]), 2.7)) == [2, 0, 2]


# -- higher order and batches ------------------------------------------------------------------------------

def test_double_backward_through_an_index():
    x = torch.tensor([1., 2., 3.], requires_grad=True)
    y = (x[[0, 0, 2]] ** 3).sum()
    g, = torch.autograd.grad(y, x, create_graph=True)
    assert values(g) == [6., 0., 27.] and node(g) == "IndexPutImplBackward0"
    h, = torch.autograd.grad(g.sum(), x)
    assert values(h) == [12., 0., 18.]


def test_batched_backward_through_separated_index_dims():
    """is_grads_batched puts a batch dim in front of g; numpy would put the index dims before it."""
    x = torch.arange(24.).reshape(2, 3, 4).requires_grad_()
    y = x[[0, 1], :, [3, 0]]
    gos = torch.tensor(np.random.default_rng(0).standard_normal((5, 2, 3)))
    batched, = torch.autograd.grad(y, x, gos, retain_graph=True, is_grads_batched=True)
    for b in range(5):
        row, = torch.autograd.grad(y, x, gos[b], retain_graph=True)
        np.testing.assert_allclose(batched[b].numpy(), row.numpy())


# -- every record's samples, without torch ----------------------------------------------------------------

RECORDS = [op for op in OPS.values() if op.forward.__module__ == indexing.__name__ or
           getattr(op.backward, "__module__", None) == indexing.__name__]


def _sample_cases():
    for op in RECORDS:
        for i, sample in enumerate(op.samples()):
            yield pytest.param(op, sample, id=f"{op.name}-{i}")


def _inputs(op, sample):
    diff = [i for i, a in enumerate(sample.args) if isinstance(a, np.ndarray) and a.dtype.kind == "f"]
    return [np.array(a, dtype=np.float64) if isinstance(a, np.ndarray) else a for a in sample.args], diff


def _run(op, args, params, diff):
    ts = [make(a.copy(), requires_grad=True) if i in diff else a for i, a in enumerate(args)]
    return ts, call(op, tuple(ts), dict(params))


def _numeric(f, arrays, i, eps=1e-6):
    out = np.zeros_like(arrays[i])
    for k in np.ndindex(arrays[i].shape):
        hi = [a.copy() for a in arrays]
        lo = [a.copy() for a in arrays]
        hi[i][k] += eps
        lo[i][k] -= eps
        out[k] = (f(hi) - f(lo)) / (2 * eps)
    return out


def test_every_indexing_record_has_samples_rule_and_jvp():
    names = {op.name for op in RECORDS}
    assert {"index.Tensor", "index_put", "gather", "scatter.src", "scatter.value", "scatter_add", "index_select",
            "index_add", "masked_fill.Scalar", "masked_fill.Tensor", "masked_select", "take", "put"} <= names
    for op in RECORDS:
        assert op.samples and op.rule and op.jvp is not None, op.name


@pytest.mark.parametrize("op, sample", list(_sample_cases()))
def test_backward_matches_central_differences(op, sample):
    args, diff = _inputs(op, sample)
    w = np.random.default_rng(1).standard_normal(call(op, tuple(make(a) if isinstance(a, np.ndarray) else a
                                                                   for a in args), dict(sample.params)).shape)

    def f(arrays):
        full = list(args)
        for i, a in zip(diff, arrays):
            full[i] = a
        out = call(op, tuple(make(a) if isinstance(a, np.ndarray) else a for a in full), dict(sample.params))
        return float((out._data * w).sum())

    ts, out = _run(op, args, sample.params, diff)
    grads = torch.autograd.grad(out, [ts[i] for i in diff], make(w), allow_unused=True)
    for j, (i, g) in enumerate(zip(diff, grads)):
        expected = _numeric(f, [args[i] for i in diff], j)
        got = np.zeros_like(expected) if g is None else g.numpy()
        np.testing.assert_allclose(got, expected, rtol=1e-6, atol=1e-8, err_msg=f"{op.name} input {i}")


@pytest.mark.parametrize("op, sample", list(_sample_cases()))
def test_double_backward_matches_central_differences(op, sample):
    """Backward of the create_graph backward: d/dw <vjp(w), v> is the op's derivative along v.

    These ops are linear in their differentiable inputs, so the second derivative in x is zero
    and the one in the grad_output w carries the check (it runs the backward formulas' own graph)."""
    args, diff = _inputs(op, sample)
    rng = np.random.default_rng(2)
    vs = [rng.standard_normal(args[i].shape) for i in diff]
    ts, out = _run(op, args, sample.params, diff)
    w = make(rng.standard_normal(out.shape), requires_grad=True)
    gs = torch.autograd.grad(out, [ts[i] for i in diff], w, create_graph=True, allow_unused=True)
    total = sum((g * make(v)).sum() for g, v in zip(gs, vs) if g is not None)
    second = torch.autograd.grad(total, [w] + [ts[i] for i in diff], allow_unused=True)
    expected = _directional(op, args, diff, vs, sample.params, 1e-6)
    np.testing.assert_allclose(second[0].numpy(), expected, rtol=1e-6, atol=1e-8)
    for s in second[1:]:
        assert s is None or not s.numpy().any()


@pytest.mark.parametrize("op, sample", list(_sample_cases()))
def test_jvp_matches_central_differences(op, sample):
    """The forward-mode rule, unbatched and with a batch of two tangents, against differences along them."""
    args, diff = _inputs(op, sample)
    rng = np.random.default_rng(3)
    tans = [rng.standard_normal((2,) + args[i].shape) for i in diff]
    eps = 1e-6
    ts = [make(a) if isinstance(a, np.ndarray) else a for a in args]
    node_saved = _saved_for_jvp(op, ts, sample.params)
    for b in range(2):
        tangents = [None] * len(args)
        for i, t in zip(diff, tans):
            tangents[i] = t[b]
        got = op.jvp(NumpyMath(0), tangents, *node_saved)
        expected = _directional(op, args, diff, [t[b] for t in tans], sample.params, eps)
        np.testing.assert_allclose(np.broadcast_to(got, expected.shape), expected, rtol=1e-6, atol=1e-8)
    tangents = [None] * len(args)
    for i, t in zip(diff, tans):
        tangents[i] = t
    got = op.jvp(NumpyMath(1), tangents, *node_saved)
    for b in range(2):
        expected = _directional(op, args, diff, [t[b] for t in tans], sample.params, eps)
        np.testing.assert_allclose(np.broadcast_to(got[b], expected.shape), expected, rtol=1e-6, atol=1e-8)


def _directional(op, args, diff, tans, params, eps):
    def at(shift):
        full = list(args)
        for i, t in zip(diff, tans):
            full[i] = args[i] + shift * t
        return call(op, tuple(make(a) if isinstance(a, np.ndarray) else a for a in full), dict(params))._data
    return (at(eps) - at(-eps)) / (2 * eps)


def _saved_for_jvp(op, ts, params):
    """The values a record saves, in ``saves`` order, as ndarrays (what the jvp rule receives)."""
    out = call(op, tuple(ts), dict(params))
    vals = []
    for name in op.saves:
        if name in op.inputs:
            a = ts[op.inputs.index(name)]
            vals.append(a._data if hasattr(a, "_data") else a)
        elif name == "result":
            vals.append(out._data)
        elif name.endswith("_sym_sizes"):
            vals.append(ts[op.inputs.index(name[:-10])]._data.shape)
        else:
            vals.append(params[name])
    return vals


# -- parity with torch (when installed) ------------------------------------------------------------------

SNIPPETS = {
    "getitem": """
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], dtype=torch.float64, requires_grad=True)
y = x[[0, 1, 1], [2, 0, 0]] + x[x > 2].sum() + x[:, [2, 2]].sum()
y.backward(torch.tensor([1., 2., 3.], dtype=torch.float64))
out = (y, x.grad)""",
    "setitem": """
x = torch.tensor([1., 2., 3.], dtype=torch.float64, requires_grad=True)
y = x * 2
y[[0, 0, 2]] += 1
y[y > 6] = 0
(y * torch.tensor([1., 2., 3.], dtype=torch.float64)).sum().backward()
out = (y, x.grad)""",
    "gather_scatter": """
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], dtype=torch.float64, requires_grad=True)
s = torch.tensor([[1., 2.], [3., 4.]], dtype=torch.float64, requires_grad=True)
i = torch.tensor([[2, 0], [1, 1]])
y = torch.gather(x, 1, i) * torch.scatter_add(x, 1, i, s)[:, :2] + torch.index_select(x, 1, torch.tensor([0, 0]))
y.backward(torch.ones(2, 2, dtype=torch.float64))
out = (y, x.grad, s.grad)""",
    "masked": """
x = torch.tensor([[1., -2., 3.], [-4., 5., -6.]], dtype=torch.float64, requires_grad=True)
v = torch.tensor(0.5, dtype=torch.float64, requires_grad=True)
y = torch.masked_fill(x, x < 0, v) * 2 + torch.masked_select(x, x > 0).sum() + x.take(torch.tensor([0, 0, -1])).sum()
y.sum().backward()
out = (y, x.grad, v.grad)""",
}


def _run_snippet(lib, code):
    ns = {"torch": lib}
    exec(code, ns)
    return [np.asarray(t.detach().tolist()) for t in ns["out"]], ns["out"][0].grad_fn.name()


@pytest.mark.parametrize("name", sorted(SNIPPETS))
def test_snippets_run(name):
    vals, _ = _run_snippet(torch, SNIPPETS[name])
    assert all(np.isfinite(v).all() for v in vals)


@pytest.mark.parity
@pytest.mark.parametrize("name", sorted(SNIPPETS))
def test_snippets_match_torch(name):
    real = pytest.importorskip("torch")
    ours, our_node = _run_snippet(torch, SNIPPETS[name])
    theirs, their_node = _run_snippet(real, SNIPPETS[name])
    assert our_node == their_node
    for a, b in zip(ours, theirs):
        np.testing.assert_allclose(a, b, rtol=1e-12)
