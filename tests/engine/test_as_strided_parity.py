"""as_strided against torch 2.13: views of the storage (offsets, overlaps, views of views, complex
storage), gradients through overlapping and expanded geometries (first and second order), errors."""
import numpy as np
import pytest

from gradcli import engine as ag

torch = pytest.importorskip("torch")

X = np.linspace(-1.0, 2.0, 12)

# name -> f(lib, leaf x of 12 elements)
CASES = {
    "windows": lambda t, x: x.as_strided((5, 4), (2, 1)),
    "offset": lambda t, x: x.as_strided((3, 3), (2, 1), 1),
    "of_a_slice": lambda t, x: x[3:].as_strided((2, 3), (1, 2)),
    "of_a_transpose": lambda t, x: x.view(3, 4).t().as_strided((2, 2), (1, 4)),
    "of_an_expansion": lambda t, x: x[:4].expand(3, 4).as_strided((5,), (2,), 1),
    "zero_stride": lambda t, x: t.as_strided(x, (2, 3), (0, 3)),
}


def _run(lib, name, create_graph):
    x = lib.tensor(X, requires_grad=True)
    y = CASES[name](lib, x)
    w = lib.tensor(np.linspace(0.5, 1.5, y.numel()).reshape(tuple(y.shape)))
    loss = (y * y * w).sum()
    g, = lib.autograd.grad(loss, x, create_graph=create_graph)
    if create_graph:
        g, = lib.autograd.grad((g ** 3).sum(), x)
    return y.detach().numpy(), y.grad_fn.name(), g.detach().numpy()


@pytest.mark.parametrize("create_graph", [False, True], ids=["first", "second"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_views_and_gradients_match_torch(name, create_graph):
    y, node, g = _run(ag, name, create_graph)
    ty, tnode, tg = _run(torch, name, create_graph)
    np.testing.assert_array_equal(y, ty)
    assert node == tnode
    np.testing.assert_allclose(g, tg, rtol=1e-12, atol=1e-12)


def test_writes_go_to_the_storage():
    for lib in (ag, torch):
        x = lib.arange(6.0)
        x.as_strided((2,), (2,), 1).mul_(10)
        assert x.tolist() == [0.0, 10.0, 2.0, 30.0, 4.0, 5.0]


def test_geometry_matches_torch():
    def geometry(lib):
        x = lib.arange(12.0)[2:]
        v = x.as_strided((2, 3), (1, 2))
        c = lib.view_as_real(lib.tensor([1 + 2j, 3 - 4j])).as_strided((2,), (2,), 1)
        return v.stride(), v.storage_offset(), v.is_contiguous(), v.data_ptr() - x.data_ptr(), c.tolist()
    assert geometry(ag) == geometry(torch)


@pytest.mark.parametrize("call", [
    lambda t: t.arange(6.0).as_strided((3, 3), (3, 1)),
    lambda t: t.as_strided(t.arange(6.0), (2,), (-1,)),
    lambda t: t.arange(6.0).as_strided((2, 2), (1,)),
    lambda t: t.arange(6.0).as_strided((-1,), (1,)),
    lambda t: t.arange(6.0).as_strided((2,), (1,), -1),
    lambda t: t.arange(6.0).as_strided((2,), (1,), 6),
    lambda t: t.arange(6.0).as_strided([2], [1], 4.5),
    lambda t: t.as_strided(t.arange(6.0), [2], [1], 4.5),
    lambda t: t.arange(6.0).as_strided([2, 2.5], [1, 1]),
    lambda t: t.as_strided([1.0], (1,), (1,)),
])
def test_errors_match_torch(call):
    with pytest.raises(Exception) as expected:
        call(torch)
    with pytest.raises(Exception) as got:
        call(ag)
    assert isinstance(got.value, type(expected.value))
    assert str(got.value) == str(expected.value)
