"""out= that partly shares memory with an input: torch refuses it for its TensorIterator functions
(tests/torch_scripts/out_overlapping_an_input has those, torch-made) and writes it without a check for
its reductions, matrix products, linalg and fft functions (checked against torch 2.13): those run here
too, where a refusal would stop a program torch runs."""

import io

import pytest

from gradcli.lang import GradcliError, Session

PARTIAL = "some elements of the input tensor and the written-to tensor refer to a single memory location"

UNCHECKED_IN_TORCH = [
    "torch.sum(x[:2], 0, out=x[0])",
    "torch.mean(x[:2], 0, out=x[1])",
    "torch.amax(x[:2], 0, out=x[1])",
    "torch.max(x[0], out=x[0, 1])",
    "torch.mm(x[:2, :2], x[:2, :2], out=x[1:3, :2])",
    "torch.matmul(x[:2, :2], x[:2, :2], out=x[:2, :2])",
    "torch.linalg.inv(x[:2, :2], out=x[1:3, :2])",
    "torch.cummax(x[0], 0, out=(x.view(-1)[1:7], torch.zeros(6, dtype=torch.long)))",
    "torch.tril(x[:2, :2], out=x[1:3, :2])",
    "torch.fft.irfft(torch.zeros(4, dtype=torch.complex64), out=x[0])",
]

CHECKED_IN_TORCH = [
    "torch.exp(x[0], out=x.view(-1)[1:7])",
    "torch.max(x, 0, out=(x[0], torch.zeros(6, dtype=torch.long)))",
    "torch.aminmax(x[:2], dim=0, out=(x[1], x[2]))",
    "torch.cat([x[0], x[1]], out=x.view(-1)[6:18])",
]


def _run(source):
    session = Session(stdout=io.StringIO())
    session.run("import torch\nx = torch.arange(1., 25.).reshape(4, 6)")
    return session.run(source, "overlap.grad")


@pytest.mark.parametrize("source", UNCHECKED_IN_TORCH)
def test_torch_writes_these_without_an_overlap_check(source):
    _run(source)


@pytest.mark.parametrize("source", CHECKED_IN_TORCH)
def test_a_partly_overlapping_out_is_refused_with_a_position(source):
    with pytest.raises(GradcliError) as info:
        _run(source)
    assert PARTIAL in info.value.message and info.value.line == 1 and info.value.column == 1
