"""Kernels torch builds for real types only refuse complex tensors, in torch's words, before numpy
computes (numpy would order, clamp or round complex numbers, or drop their imaginary parts).
tests/torch_scripts/complex_inputs_to_real_only_kernels compares each public name with torch."""
import numpy as np
import pytest

from gradcli import engine as torch
from gradcli.engine.ops.registry import all_ops

OPS = all_ops()     # the families the engine loads on first use too

REAL_ONLY = sorted(name for name, op in OPS.items() if op.real is not None and op.samples is not None)


def _complex(value):
    return value.astype(np.complex64) + 0.5j if isinstance(value, np.ndarray) and value.dtype.kind == "f" else value


@pytest.mark.parametrize("name", REAL_ONLY)
def test_a_real_only_record_refuses_its_samples_made_complex(name):
    op = OPS[name]
    sample = op.samples()[0]
    args = [_complex(a) for a in sample.args]
    expected = op.real(np.dtype(np.complex64))
    with pytest.raises(type(expected)) as caught:
        op.forward(*args, **sample.params)
    assert str(caught.value) == str(expected)


def test_the_refusals_read_as_torchs():
    z = torch.tensor([1 + 2j, 3 - 1j])
    with pytest.raises(NotImplementedError, match="\"lt_cpu\" not implemented for 'ComplexFloat'"):
        z < 1
    with pytest.raises(NotImplementedError, match="clamp is not supported for complex types"):
        torch.relu(z)
    with pytest.raises(RuntimeError, match="maximum not implemented for complex tensors."):
        torch.maximum(z, z)
    with pytest.raises(NotImplementedError, match="\"lgamma_vml_cpu\" not implemented for 'ComplexDouble'"):
        torch.lgamma(z.to(torch.complex128))     # (numpy's would drop the imaginary parts)


def test_ops_that_take_complex_numbers_still_compute():
    z = torch.tensor([1 + 2j, 3 - 1j])
    assert (z == z).all()
    assert str(z.sgn()) == "tensor([0.4472+0.8944j, 0.9487-0.3162j])"
    assert str(torch.sigmoid(z).abs() > 0) == "tensor([True, True])"
