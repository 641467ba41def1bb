"""A "did you mean" hint is built from attribute names only: building it never reads an
attribute, so a misspelling on a non-leaf tensor does not print torch's ``.grad`` warning."""

import warnings

import pytest

from gradcli.lang import GradcliError, Session


def test_misspelled_attribute_on_a_non_leaf_tensor_warns_nothing():
    session = Session()
    session.run("x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = x * 2")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(GradcliError) as info:
            session.run("y.gard")
    assert "has no attribute 'gard'; did you mean 'grad'?" in str(info.value)
    assert session.warnings == []


def test_reading_grad_of_a_non_leaf_still_warns_like_torch():
    session = Session()
    session.run("x = torch.tensor([1.0, 2.0], requires_grad=True)\ny = x * 2\ng = y.grad")
    assert any("not a leaf Tensor" in w for w in session.warnings)
