"""Matrix-vector products summed in torch's (MKL's) order: each product rounded, then added in turn."""
import numpy as np
import pytest

from gradcli import engine
from gradcli.engine.blas_order import matmul, sequential_product
from gradcli.engine.cascade_sum import column_sums

R = np.random.default_rng(3)


def _stored(a, layout):
    """``a`` as a row-major array ("N") or as the transposed view of a row-major one ("T")."""
    return a if layout == "N" else np.ascontiguousarray(a.T).T


def test_a_row_vector_times_a_row_major_matrix_adds_the_rounded_products_in_order():
    x = np.array([[1e8, 1.0, -1e8, 1.0]], np.float32)
    B = np.ones((4, 2), np.float32)
    # in order: 1e8 + 1 rounds to 1e8, - 1e8 gives 0, + 1 gives 1 (a pairwise or blocked sum gives 2 or 0)
    assert sequential_product(x, B).tolist() == [[1.0, 1.0]]
    assert matmul(x, B).flags.c_contiguous


def test_dot_product_shapes_keep_numpys_product():
    a = R.standard_normal((3, 50)).astype(np.float32)
    assert sequential_product(a, R.standard_normal((50, 1)).astype(np.float32)) is None     # A x, A row-major
    column_major = np.asfortranarray(R.standard_normal((50, 4)).astype(np.float32))
    assert sequential_product(a[:1], column_major) is None                                 # x B, B column-major
    assert sequential_product(a, a.T) is None                                               # not a vector


def test_narrow_row_major_products_take_the_order_in_float32_only():
    a = R.standard_normal((40, 30))
    b = R.standard_normal((30, 4))
    assert sequential_product(a.astype(np.float32), b.astype(np.float32)) is not None
    assert sequential_product(a, b) is None                       # float64's kernel sums otherwise
    assert sequential_product(a.astype(np.float32), R.standard_normal((30, 6)).astype(np.float32)) is None


@pytest.mark.parametrize("rows, inner, columns", [(500, 100, 2), (17, 1000, 8), (3, 7, 3), (64, 80, 4)])
def test_narrow_float32_products_match_torch_bit_for_bit(rows, inner, columns):
    torch = pytest.importorskip("torch")
    for layout in "NT":
        a = _stored(R.standard_normal((rows, inner)).astype(np.float32), layout)
        b = R.standard_normal((inner, columns)).astype(np.float32)
        assert np.array_equal(matmul(a, b), torch.mm(torch.from_numpy(a), torch.from_numpy(b)).numpy()), layout


def test_an_all_negative_zero_sum_is_positive_zero_as_the_kernel_starts_from_zero():
    out = sequential_product(np.array([[0.0, 0.0]]), np.array([[-1.0], [-1.0]]))
    assert out.tolist() == [[0.0]] and not np.signbit(out).any()


def test_a_single_column_gradient_sums_its_rows_in_torchs_order():
    g = R.standard_normal((100, 1)).astype(np.float32)
    from gradcli.engine.cascade_sum import full_sum
    assert column_sums(g).tolist() == [full_sum(g[:, 0])]


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("rows, inner, columns, layouts", [
    (1, 100, 3, "NN TN"), (1, 3000, 200, "NN TN"), (1, 7, 1, "NN TN"),
    (7, 100, 1, "TN TT"), (300, 64, 1, "TN TT"),
])
def test_matches_torch_bit_for_bit(dtype, rows, inner, columns, layouts):
    torch = pytest.importorskip("torch")
    for layout in layouts.split():
        a = R.standard_normal((rows, inner)).astype(dtype)
        b = R.standard_normal((inner, columns)).astype(dtype)
        A, B = _stored(a, layout[0]), _stored(b, layout[1])
        expected = torch.mm(torch.from_numpy(A), torch.from_numpy(B)).numpy()
        assert sequential_product(A, B) is not None
        assert np.array_equal(matmul(A, B), expected), layout
        got = engine.mm(engine.tensor(A) if layout[0] == "N" else engine.tensor(a.T.copy()).t(),
                        engine.tensor(B) if layout[1] == "N" else engine.tensor(b.T.copy()).t())
        assert np.array_equal(got.numpy(), expected), layout


def test_linear_regression_weight_and_bias_gradients_match_torch():
    torch = pytest.importorskip("torch")
    x = R.standard_normal((100, 3)).astype(np.float32)
    y = R.standard_normal((100, 1)).astype(np.float32)
    grads = []
    for lib in (torch, engine):
        lib.manual_seed(0)
        model = lib.nn.Linear(3, 1)
        lib.nn.functional.mse_loss(model(lib.tensor(x)), lib.tensor(y)).backward()
        grads.append((model.weight.grad.numpy(), model.bias.grad.numpy()))
    assert np.array_equal(grads[0][0], grads[1][0]) and np.array_equal(grads[0][1], grads[1][1])
