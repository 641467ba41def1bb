"""torch.set_flush_denormal(True) makes torch compute denormal numbers as zeros; gradcli's numpy
kernels keep them, so turning it on is refused with a clear error rather than accepted and ignored
(a wrong answer). False, torch's default, is accepted and returns True as torch does on x86."""
import pytest

from gradcli import engine as torch


def test_turning_flush_denormal_on_is_refused_and_off_is_accepted():
    with pytest.raises(RuntimeError, match=r"set_flush_denormal\(True\) makes torch compute denormal numbers"):
        torch.set_flush_denormal(True)
    assert torch.set_flush_denormal(False) is True
    with pytest.raises(TypeError, match="argument 'mode' \\(position 1\\) must be bool, not int"):
        torch.set_flush_denormal(1)
