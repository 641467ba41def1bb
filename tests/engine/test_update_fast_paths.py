"""A hand-written update under no_grad (``p -= lr * p.grad; p.grad.zero_()``) writes straight into
the parameters (dispatch._call_inplace's first branch): the same bits and version bumps as numpy's
in-place arithmetic, and torch's refusals wherever that branch steps aside."""
import numpy as np
import pytest

from gradcli import engine as torch


def _pair(dtype=torch.float32):
    rng = np.random.default_rng(0)
    p = torch.tensor(rng.standard_normal((40, 30)), dtype=dtype, requires_grad=True)
    p.grad = torch.tensor(rng.standard_normal((40, 30)), dtype=dtype)
    return p


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_sgd_update_by_hand_gives_numpys_bits_and_bumps_versions(dtype):
    p = _pair(dtype)
    before, grad = p._data.copy(), p.grad._data.copy()
    version = p._version
    with torch.no_grad():
        p -= 1e-3 * p.grad
        p.grad.zero_()
    expected = before.copy()
    expected -= grad * np.asarray(1e-3, grad.dtype)
    assert p._data.tobytes() == expected.tobytes()
    assert p._version == version + 1 and p.grad._version == 1
    assert not p.grad._data.any() and not np.signbit(p.grad._data).any()
    assert p.requires_grad and p.grad_fn is None


@pytest.mark.parametrize("method, ufunc", [("add_", np.add), ("sub_", np.subtract), ("mul_", np.multiply),
                                           ("div_", np.true_divide), ("copy_", None)])
def test_binary_updates_write_what_numpy_writes(method, ufunc):
    p = _pair()
    other = torch.tensor(np.linspace(0.5, 2.0, 1200).reshape(40, 30).astype(np.float32))
    expected = other._data.copy() if ufunc is None else ufunc(p._data, other._data)
    with torch.no_grad():
        assert getattr(p, method)(other) is p
    assert p._data.tobytes() == expected.tobytes() and p._version == 1


@pytest.mark.parametrize("make", [lambda: torch.zeros(1000, 100) - 1.5, lambda: torch.full((5,), -2.0),
                                  lambda: (torch.zeros(100, 100) - 1)[:, ::2], lambda: torch.tensor(-3.0),
                                  lambda: torch.ones(3000, dtype=torch.bool), lambda: torch.ones(2000, dtype=torch.int16)])
def test_zero_clears_every_layout_and_dtype(make):
    t = make()
    base = t._base
    t.zero_()
    assert not t._data.any() and t._version == 1
    if t.dtype.is_floating_point:
        assert not np.signbit(t._data).any()
    if base is not None:   # a strided view: its base's other columns keep their values
        assert (base._data[:, 1::2] == -1).all()


def test_updates_refuse_what_torch_refuses():
    p = _pair()
    with pytest.raises(RuntimeError, match="a leaf Variable that requires grad is being used in an in-place"):
        p -= 1e-3 * p.grad    # outside no_grad
    with pytest.raises(RuntimeError, match="a leaf Variable that requires grad"):
        p.zero_()
    i = torch.tensor([4, 6])
    with pytest.raises(RuntimeError, match="result type Float can't be cast to the desired output type Long"):
        i /= torch.tensor([2, 3])
    with pytest.raises(RuntimeError, match="doesn't match the broadcast shape"):
        torch.ones(3).add_(torch.ones(2, 3))
    with pytest.raises(RuntimeError, match="more than one element of the written-to tensor"):
        torch.ones(3).expand(2, 3).add_(torch.ones(2, 3))
    with torch.inference_mode():
        frozen = torch.ones(3)
    with pytest.raises(RuntimeError, match="Inplace update to inference tensor outside InferenceMode"):
        frozen.zero_()


def test_an_update_of_a_saved_tensor_fails_its_backward_as_torch():
    w = torch.ones(3, requires_grad=True)
    x = torch.ones(3, requires_grad=True)
    y = (w * x).sum()
    with torch.no_grad():
        w -= 0.1 * torch.ones(3)
    with pytest.raises(RuntimeError, match="is at version 1; expected version 0 instead"):
        y.backward()


def test_mixed_dtypes_and_broadcasts_still_promote_and_fit():
    p = torch.ones(2, 3)
    p += torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64)   # torch: float32 keeps its dtype
    p *= torch.tensor([[2.0], [3.0]])
    assert p.dtype == torch.float32 and p.tolist() == [[4.0, 6.0, 8.0], [6.0, 9.0, 12.0]]
    i = torch.tensor([1, 2])
    i += torch.tensor([True, False])
    assert i.tolist() == [2, 2]


def test_augmented_assignments_are_the_in_place_methods():
    q = torch.tensor([1.0, 2.0, 3.0])
    alias = q
    q += 1.0
    q *= torch.tensor([2.0, 2.0, 0.5])
    q **= 2
    q /= 4
    q -= torch.tensor(0.25)
    assert q is alias and q._version == 5 and q.tolist() == [3.75, 8.75, 0.75]


@pytest.mark.parametrize("shape", [(), (1,), (1, 1)])
def test_a_one_element_update_has_the_bits_of_the_same_element_in_a_longer_one(shape):
    # one element takes fresh arrays where longer ones are written over (numpy copies a one-element
    # operand that is also the output): the same float64 steps, so the same bits
    from gradcli.engine import fused
    rng = np.random.default_rng(11)
    for alpha in (-0.01, 0.1, 3, -1e-30):
        for _ in range(50):
            x, y = (rng.standard_normal(2) * 10.0 ** rng.uniform(-6, 6, 2)).astype(np.float32)
            one, longer = np.full(shape, x), np.full(3, x)
            fused.add_(one, np.full(shape, y), alpha)
            fused.add_(longer, np.full(3, y), alpha)
            assert one.shape == shape and one.reshape(-1).view(np.uint32)[0] == longer.view(np.uint32)[0]
