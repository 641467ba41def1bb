"""``x @ w`` of two plain float matrices and ``d ** 2`` build their nodes in one step
(dispatch.call_mm, call_pow), ``x.sum()`` skips its argument checks: the node must be the one the
generic ``call`` makes (same edges, metadata and saved values: each mm operand kept for the other's
gradient only, as torch's), and the gradients the same bits."""
import itertools

import numpy as np
import pytest

from gradcli import engine as torch
from gradcli.engine.autograd.graph import SavedScalar, SavedVariable
from gradcli.engine.dispatch import call
from gradcli.engine.functions.arithmetic import _mul_op
from gradcli.engine.ops import pointwise as P, reduction as R
from gradcli.engine.ops.linalg import MM


def _described(node):
    saved = [("saved", s.tensor is not None and s.tensor._data.tobytes(), s.version, s.output_nr)
             if isinstance(s, SavedVariable) else s for s in node._saved]
    return (type(node).__name__, [(type(fn).__name__, nr) for fn, nr in node.next_functions],
            node._in_meta, node._oshape, node._odtype, saved)


def _leaves(dtype, ra, rb):
    a = torch.tensor(np.arange(12.0).reshape(4, 3) / 7, dtype=dtype, requires_grad=ra)
    b = torch.tensor(np.arange(6.0).reshape(2, 3) / 5 - 0.4, dtype=dtype, requires_grad=rb)
    return a, b


def _operands(a, b, layout):
    if layout == "transposed":   # a view of a leaf: its edge and strides are the view's
        return a, b.t()
    return a * 2, (b + 1).t()      # results of earlier ops: their nodes are the edges


@pytest.mark.parametrize("ra,rb", [c for c in itertools.product([False, True], repeat=2) if any(c)])
@pytest.mark.parametrize("layout", ["transposed", "results"])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_mm_records_the_node_call_would(ra, rb, layout, dtype):
    a, b = _leaves(dtype, ra, rb)
    fast = torch.matmul(*_operands(a, b, layout))
    generic = call(MM, _operands(a, b, layout))
    assert fast._data.tobytes() == generic._data.tobytes()
    assert _described(fast.grad_fn) == _described(generic.grad_fn)
    assert fast.grad_fn.name() == "MmBackward0"
    fast.sum().backward()
    grads = [None if t.grad is None else t.grad._data.copy() for t in (a, b)]
    a.grad = b.grad = None
    generic.sum().backward()
    for g, t in zip(grads, (a, b)):
        assert (g is None) == (t.grad is None)
        if g is not None:
            assert g.tobytes() == t.grad._data.tobytes()


@pytest.mark.parametrize("ra,rb", [c for c in itertools.product([False, True], repeat=2) if any(c)])
def test_mm_of_two_leaves_records_the_node_call_would(ra, rb):
    a, b = _leaves(torch.float32, ra, rb)
    b = torch.tensor(b._data.T.copy(), requires_grad=rb)
    fast, generic = a @ b, call(MM, (a, b))
    assert _described(fast.grad_fn) == _described(generic.grad_fn)


def test_mm_saved_operands_show_torchs_names_and_refuse_an_inplace_change():
    a = torch.ones(2, 3, requires_grad=True)
    b = torch.ones(3, 4, requires_grad=True)
    y = a @ b
    assert y.grad_fn._saved_self is a and y.grad_fn._saved_mat2 is b
    assert y.grad_fn._saved_self_sym_strides == (3, 1) and y.grad_fn._saved_mat2_sym_sizes == (3, 4)
    with torch.no_grad():
        b.mul_(2)
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        y.sum().backward()


def test_mm_without_grad_or_of_other_dtypes_takes_the_general_way():
    a = torch.ones(2, 3, requires_grad=True)
    with torch.no_grad():
        y = a @ torch.ones(3, 2)
    assert y.grad_fn is None and not y.requires_grad and y._vc == [0]
    with torch.inference_mode():
        z = a @ torch.ones(3, 2)
    assert z.is_inference()
    n = torch.tensor([[1, 2]]) @ torch.tensor([[3], [4]])
    assert n.dtype == torch.int64 and n.tolist() == [[11]]
    with pytest.raises(RuntimeError, match="expected m1 and m2 to have the same dtype"):
        torch.ones(2, 3) @ torch.ones(3, 2, dtype=torch.float64)


def test_mm_under_saved_tensor_hooks_and_anomaly_mode():
    a = torch.ones(2, 3, requires_grad=True)
    b = torch.ones(3, 4, requires_grad=True)
    packed = []
    with torch.autograd.graph.saved_tensors_hooks(lambda t: packed.append(tuple(t.shape)) or t, lambda t: t):
        y = a @ b
    assert packed == [(3, 4), (2, 3)]   # torch's pack order: mat2, then self
    with torch.autograd.detect_anomaly():
        z = a @ b
        z.sum().backward()
    assert a.grad.tolist() == [[4.0] * 3] * 2


@pytest.mark.parametrize("exponent", [2, 3, -2, 0.5, 2.5, -1, 0])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_pow_by_a_number_records_the_node_call_would(exponent, dtype):
    x = torch.tensor([[0.5, 1.5, 2.0], [3.0, 0.25, 4.0]], dtype=dtype, requires_grad=True)
    h = x * 1.0
    fast = h ** exponent
    generic = call(P.POW, (h,), {"exponent": exponent})
    assert fast._data.tobytes() == generic._data.tobytes()
    assert _described(fast.grad_fn) == _described(generic.grad_fn)
    assert fast.grad_fn._saved_exponent == exponent and fast.grad_fn._saved_self is h
    fast.sum().backward(retain_graph=True)
    g = x.grad._data.copy()
    x.grad = None
    generic.sum().backward()
    assert g.tobytes() == x.grad._data.tobytes()


def test_pow_of_integers_or_without_grad_takes_the_general_way():
    assert (torch.tensor([1, 2, 3]) ** 2).tolist() == [1, 4, 9]
    assert (torch.tensor([4]) ** 0.5).dtype == torch.float32
    x = torch.ones(3, requires_grad=True)
    with torch.no_grad():
        assert (x ** 2).grad_fn is None
    assert (x.detach() ** 2).requires_grad is False


@pytest.mark.parametrize("shape", [(16, 10), (3,), (), (7, 0), (40, 100)])
def test_a_full_sum_records_the_node_call_would(shape):
    x = torch.tensor(np.linspace(-1, 1, int(np.prod(shape))).reshape(shape).astype(np.float32), requires_grad=True)
    h = x * 3.0
    fast = h.sum()
    generic = call(R.SUM, (h,))
    assert fast._data.tobytes() == generic._data.tobytes()
    assert _described(fast.grad_fn) == _described(generic.grad_fn)
    assert fast.grad_fn._saved_self_sym_sizes == shape


def test_sum_with_arguments_still_checks_them():
    x = torch.ones(2, 3)
    assert x.sum(dtype=torch.float64).dtype == torch.float64
    assert x.sum(1, keepdim=True).shape == (2, 1)
    assert torch.tensor([True, True]).sum().dtype == torch.int64
    with pytest.raises(TypeError, match="must be Tensor"):
        torch.sum([1.0, 2.0])


@pytest.mark.parametrize("op, make", [(P.ADD, lambda a, b: a + b), (P.SUB, lambda a, b: a - b),
                                      (P.MUL, lambda a, b: a * b)])
@pytest.mark.parametrize("ra,rb", [(True, True), (True, False), (False, True)])
@pytest.mark.parametrize("shapes", [((16, 10), (10,)), ((3,), (2, 3)), ((), (4,)), ((2, 3), (2, 3))])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_elementwise_pairs_record_the_node_call_would(op, make, ra, rb, shapes, dtype):
    rng = np.random.default_rng(1)
    x = torch.tensor(rng.standard_normal(shapes[0]), dtype=dtype, requires_grad=ra)
    y = torch.tensor(rng.standard_normal(shapes[1]), dtype=dtype, requires_grad=rb)
    h, k = x * 1.5, y / 3.0
    fast = make(h, k)
    if op is P.SUB and not k.requires_grad:
        op = P.SUB_CONST_OTHER    # the records the wrappers pick for a constant side
    elif op is P.MUL:
        op = _mul_op(h, k)
    generic = call(op, (h, k))
    assert fast._data.tobytes() == generic._data.tobytes()
    assert _described(fast.grad_fn) == _described(generic.grad_fn)
    fast.sum().backward(retain_graph=True)
    grads = [None if t.grad is None else t.grad._data.copy() for t in (x, y)]
    x.grad = y.grad = None
    generic.sum().backward()
    for g, t in zip(grads, (x, y)):
        assert (g is None) == (t.grad is None)
        if g is not None:
            assert g.tobytes() == t.grad._data.tobytes()


def test_elementwise_pairs_refuse_and_promote_as_before():
    with pytest.raises(RuntimeError, match=r"The size of tensor a \(3\) must match the size of tensor b \(2\)"):
        torch.ones(3, requires_grad=True) + torch.ones(2)
    mixed = torch.ones(2) + torch.ones(2, dtype=torch.float64)
    assert mixed.dtype == torch.float64
    assert (torch.tensor([1, 2]) * torch.tensor([3, 4])).tolist() == [3, 8]
    with pytest.raises(RuntimeError, match="Subtraction, the `-` operator, with two bool tensors"):
        torch.tensor([True]) - torch.tensor([False])
    x = torch.ones(2, requires_grad=True)
    with torch.no_grad():
        assert (x + x).grad_fn is None


@pytest.mark.parametrize("groups", range(1, 17))
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_full_sums_of_whole_vector_groups_add_in_torchs_order(groups, dtype):
    th = pytest.importorskip("torch")
    n = groups * 128 // np.dtype(dtype).itemsize   # (16 groups: the cascade's way, for comparison)
    rng = np.random.default_rng(groups)
    for shape in ((n,), (16, n // 16), (2, n // 4, 2)):
        x = (rng.standard_normal(n) * 10.0 ** rng.integers(-6, 6, n)).astype(dtype).reshape(shape)
        ours, theirs = torch.tensor(x).sum(), th.from_numpy(x).sum()
        assert ours._data.tobytes() == theirs.numpy().tobytes()
    zeros = -np.zeros(n, dtype)   # torch's accumulator starts at +0
    assert not np.signbit(torch.tensor(zeros).sum()._data)


@pytest.mark.parametrize("ra,rb", [c for c in itertools.product([False, True], repeat=2) if any(c)])
@pytest.mark.parametrize("layout", ["transposed", "results"])
def test_the_matmul_operator_records_the_node_torch_matmul_does(ra, rb, layout):
    """``x @ w`` of two plain matrices goes to call_mm from the operator itself (a frame fewer)."""
    a, b = _leaves(torch.float32, ra, rb)
    by_operator = (lambda x, w: x @ w)(*_operands(a, b, layout))
    by_function = torch.matmul(*_operands(a, b, layout))
    assert by_operator._data.tobytes() == by_function._data.tobytes()
    assert _described(by_operator.grad_fn) == _described(by_function.grad_fn)


def test_the_matmul_operator_of_other_operands_is_torch_matmuls():
    a, _ = _leaves(torch.float32, True, False)
    w = torch.nn.Parameter(torch.ones(3, 2))
    assert (a @ w).grad_fn.name() == "MmBackward0"                      # a Parameter: F.matmul's path
    assert (a @ torch.ones(3)).grad_fn.name() == "MvBackward0"
    w64 = torch.ones(3, 2, dtype=torch.float64)
    with pytest.raises(Exception) as by_operator:
        a @ w64
    with pytest.raises(Exception) as by_function:
        torch.matmul(a, w64)
    assert (by_operator.type, str(by_operator.value)) == (by_function.type, str(by_function.value))
    with pytest.raises(TypeError, match="unsupported operand"):
        a @ 3


_NUMBERS = [2, 0.1, -0.0, 10 ** 30, True, np.float32(2.5), None, "s"]


@pytest.mark.parametrize("number", _NUMBERS, ids=repr)
@pytest.mark.parametrize("dtype,requires_grad", [(torch.float32, True), (torch.float64, True), (torch.float32, False),
                                                 (torch.int32, False), (torch.bool, False), (torch.float16, True)])
def test_number_operators_record_what_torch_mul_and_add_do(number, dtype, requires_grad):
    # ``y * 1.01`` and ``y + 0.1`` run the record's number runner as the operator itself; anything
    # else (another operand, a profiler) goes to torch.mul's and torch.add's own handling
    def outcome(fn):
        x = torch.tensor([0.5, -1.5, 2.0], dtype=dtype, requires_grad=requires_grad)
        try:
            r = fn(x * 1 if requires_grad else x, number)
        except Exception as e:
            return type(e).__name__, str(e)
        node = r.grad_fn
        return (r._data.tobytes(), r.dtype, r.requires_grad, r._version, node and _described(node)[:-1],
                node and [(s.value, s.freed) if isinstance(s, SavedScalar) else s for s in node._saved])

    assert outcome(lambda x, n: x * n) == outcome(lambda x, n: n * x) == outcome(torch.mul)
    assert outcome(lambda x, n: x + n) == outcome(lambda x, n: n + x) == outcome(torch.add)


def test_number_operators_under_the_profiler_and_without_grad():
    x = torch.tensor([0.5, -1.5], requires_grad=True)
    with torch.autograd.profiler.profile() as prof:
        y = x * 2.0 + 1.0
    assert [e.name for e in prof.function_events] == ["aten::mul", "aten::add"]
    assert y.grad_fn.name() == "AddBackward0" and y.grad_fn.next_functions[0][0].name() == "MulBackward0"
    with torch.no_grad():
        assert not (x * 2.0 + 1.0).requires_grad
    with torch.inference_mode():
        assert (x * 2.0 + 1.0).is_inference()


@pytest.mark.parity
def test_generated_functions_refuse_wrong_calls_as_torch():
    # torch.tanh is the record's runner itself, named tanh: Python's own refusals name it as torch's do
    real = pytest.importorskip("torch")

    def refusals(lib):
        x = lib.ones(2)
        out = []
        for call_ in (lambda: lib.tanh(x, 5), lambda: lib.tanh(x, foo=1), lambda: lib.exp([1.0]),
                      lambda: lib.sqrt(2.0)):
            with pytest.raises(TypeError) as e:
                call_()
            out.append(str(e.value))
        return out, lib.tanh(input=x).tolist(), lib.tanh.__name__

    assert refusals(torch) == refusals(real)


@pytest.mark.parametrize("name", ["tanh", "exp", "sin", "log"])
@pytest.mark.parametrize("size", [0, 1, 255, 256, 257, 1000, 8192, 8193])
def test_unary_runner_calls_numpys_function_where_the_rounded_forward_would(name, size):
    # above its size a rounded forward (ops.rounded) returns numpy's own function's result: the
    # runner calls that function itself
    from gradcli.engine.ops import rounded
    data = np.linspace(0.1, 3.0, size, dtype=np.float32)
    for d in (data, data[::-1], data.reshape(1, -1)):
        x = torch.tensor(d, requires_grad=True)
        out = getattr(torch, name)(x)
        assert out._data.dtype == np.float32 and out._data.tobytes() == getattr(rounded, name)(d).tobytes()
        assert out.grad_fn.name() == name.capitalize() + "Backward0"
