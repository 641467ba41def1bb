"""Tensor.storage() and Tensor.untyped_storage() against torch 2.13: what they print and answer."""
import warnings

import pytest

from gradcli import engine as ag

torch = pytest.importorskip("torch")


def _views(lib):
    x = lib.tensor([1.0, 2.5, -3.0, 0.1])
    return [x, x[1:], x.view(2, 2).t(), lib.view_as_real(lib.tensor([1 + 2j, -0.5j])), lib.tensor([3, -1]),
            lib.tensor([True, False]), lib.tensor([])]


def _answers(t):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        s, u = t.storage(), t.untyped_storage()
    return (repr(s), repr(u), s.size(), len(s), s.nbytes(), s.element_size(), s.tolist(), str(s.dtype), u.size(),
            u.nbytes(), u.element_size(), u.tolist(), s.data_ptr() - t.data_ptr() + t.storage_offset() * t.element_size(),
            u.data_ptr() == s.data_ptr())


@pytest.mark.parametrize("k", range(7))
def test_storages_answer_as_torch(k):
    assert _answers(_views(ag)[k]) == _answers(_views(torch)[k])


def test_typed_storage_warns_once_as_torch():
    from gradcli.engine.functions import storages
    storages._warned.clear()
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        ag.ones(2).storage()
        ag.ones(2).storage()
    assert [str(w.message) for w in seen] == [storages._DEPRECATED]
    assert storages._DEPRECATED.startswith("TypedStorage is deprecated. It will be removed in the future")
