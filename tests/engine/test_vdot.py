"""torch.vdot conjugates its first operand (complex values; real ones are dot's)."""
import pytest

import gradcli.engine as g


def test_vdot_conjugates_a_complex_first_operand():
    a, b = g.tensor([1 + 2j, 3 - 1j]), g.tensor([2 - 1j, 1 + 1j])
    assert g.vdot(a, b).item() == 2 - 1j        # conj(a) . b
    assert g.dot(a, b).item() == 8 + 5j         # no conjugation
    assert g.vdot(g.tensor([1.0, 2.0]), g.tensor([3.0, 4.0])).item() == 11.0


@pytest.mark.parity
def test_vdot_matches_torch():
    torch = pytest.importorskip("torch")
    a, b = [1 + 2j, 3 - 1j], [2 - 1j, 1 + 1j]
    assert g.vdot(g.tensor(a), g.tensor(b)).item() == torch.vdot(torch.tensor(a), torch.tensor(b)).item()
