"""Ops whose result is much larger than their inputs check the element limit before numpy allocates
the result (or an index table as large): a script asking for 10**7 elements under a limit of 10**6
gets the limit's error, not a 100 MB allocation first. (They used to run past the limit: one_hot,
bincount, histc, histogram, tril_indices, repeat_interleave, multinomial returned their results.)"""
import io
import tracemalloc

import pytest

from gradcli.lang import GradcliError, Limits, Session

N = 10**7
OVERSIZED = {
    "one_hot": f"F.one_hot(torch.tensor([1, 2]), num_classes={N})",
    "bincount": f"torch.bincount(torch.tensor([1, 2]), minlength={N})",
    "bincount with weights": f"torch.bincount(torch.tensor([1, 2]), torch.ones(2), minlength={N})",
    "histc": f"torch.histc(torch.ones(3), bins={N})",
    "histogram": f"torch.histogram(torch.ones(3), bins={N})",
    "tril_indices": "torch.tril_indices(4000, 4000)",
    "triu_indices": "torch.triu_indices(4000, 4000, 1)",
    "repeat_interleave of counts": f"torch.repeat_interleave(torch.tensor([{N}]))",
    "repeat_interleave by a tensor": f"torch.ones(2).repeat_interleave(torch.tensor([{N}, 1]))",
    "multinomial": f"torch.multinomial(torch.ones(2), {N}, replacement=True)",
    "pad": f"F.pad(torch.ones(2), (0, {N}))",
    "fft with n": f"torch.fft.fft(torch.ones(3), n={N})",
    "rfft with n": f"torch.fft.rfft(torch.ones(3), n={N})",
    "kron": "torch.kron(torch.ones(4000), torch.ones(4000))",
    "combinations": "torch.combinations(torch.ones(4000))",
    "interpolate to a size": f"F.interpolate(torch.ones(1, 1, 2), size={N})",
    "interpolate by a scale": f"F.interpolate(torch.ones(1, 1, 2), scale_factor={N})",
    "affine_grid": "F.affine_grid(torch.zeros(1, 2, 3), (1, 1, 4000, 4000), align_corners=False)",
    "all over an empty dim": f"torch.zeros(0, {N}).all(0)",
    "any over an empty dim": f"torch.zeros(0, {N}).any(0, keepdim=True)",
    "count_nonzero over an empty dim": f"torch.count_nonzero(torch.zeros(0, {N}), (0,))",
    # products whose contracted dim is 0 (or 1): a large result of small inputs
    "@ over an empty dim": "torch.zeros(10**4, 0) @ torch.zeros(0, 10**4)",
    "batched matmul over an empty dim": "torch.matmul(torch.zeros(2, 10**4, 0), torch.zeros(0, 10**4))",
    "mm over an empty dim": "torch.mm(torch.zeros(10**4, 0), torch.zeros(0, 10**4))",
    "mm over a dim of 1": "torch.mm(torch.zeros(10**4, 1), torch.zeros(1, 10**4))",
    "bmm over an empty dim": "torch.bmm(torch.zeros(1, 10**4, 0), torch.zeros(1, 0, 10**4))",
    "einsum over an empty dim": "torch.einsum('ik,kj->ij', torch.zeros(10**4, 0), torch.zeros(0, 10**4))",
    "einsum over a dim of 1": "torch.einsum('ik,kj->ij', torch.zeros(10**4, 1), torch.zeros(1, 10**4))",
    "einsum outer": "torch.einsum('i,j->ij', torch.zeros(10**4), torch.zeros(10**4))",
    "tensordot over an empty dim": "torch.tensordot(torch.zeros(10**4, 0), torch.zeros(0, 10**4), dims=1)",
    "tensordot outer": "torch.tensordot(torch.zeros(10**4), torch.zeros(10**4), dims=0)",
    "bilinear": "F.bilinear(torch.zeros(10**4, 1), torch.zeros(10**4, 1), torch.zeros(10**4, 1, 1))",
    "outer": "torch.outer(torch.zeros(10**4), torch.zeros(10**4))",
    "addr": "torch.addr(torch.zeros(1), torch.zeros(10**4), torch.zeros(10**4))",
    "addmm over an empty dim": "torch.addmm(torch.zeros(1), torch.zeros(10**4, 0), torch.zeros(0, 10**4))",
    "baddbmm over an empty dim": "torch.baddbmm(torch.zeros(1), torch.zeros(1, 10**4, 0), torch.zeros(1, 0, 10**4))",
    "addbmm over an empty dim": "torch.addbmm(torch.zeros(1), torch.zeros(1, 10**4, 0), torch.zeros(1, 0, 10**4))",
    "linear over an empty dim": "F.linear(torch.zeros(10**4, 0), torch.zeros(10**4, 0))",
    "linear with a bias": "F.linear(torch.zeros(10**4, 0), torch.zeros(10**4, 0), torch.zeros(10**4))",
    "multi_dot over an empty dim": "torch.linalg.multi_dot([torch.zeros(10**4, 0), torch.zeros(0, 10**4)])",
    "inner over an empty dim": "torch.inner(torch.zeros(10**4, 0), torch.zeros(10**4, 0))",
    "vecdot over an empty dim": "torch.linalg.vecdot(torch.zeros(10**4, 1, 0), torch.zeros(1, 10**4, 0))",
    "cdist over an empty dim": "torch.cdist(torch.zeros(10**4, 0), torch.zeros(10**4, 0))",
    "cdist": "torch.cdist(torch.zeros(10**4, 1), torch.zeros(1, 10**4, 1))",
    "block_diag": "torch.block_diag(torch.zeros(10**4, 0), torch.zeros(0, 10**4))",
}


@pytest.mark.parametrize("source", OVERSIZED.values(), ids=OVERSIZED.keys())
def test_an_oversized_result_is_refused_before_its_memory_is_taken(source):
    session = Session(stdout=io.StringIO(), limits=Limits(max_elements=10**6))
    session.run("import torch\nimport torch.nn.functional as F\n")
    tracemalloc.start()
    try:
        with pytest.raises(GradcliError, match="exceeds the limit of 1000000 elements"):
            session.run(source)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20 * 2**20, f"{peak / 2**20:.0f} MiB taken before the refusal"


@pytest.mark.parametrize("source,count", [("torch.tril_indices(5, 7, -2)", 6), ("torch.triu_indices(5, 7, 2)", 15),
                                          ("torch.tril_indices(3, 3, 10)", 9), ("torch.triu_indices(0, 3)", 0)])
def test_results_under_the_limit_are_made(source, count):
    out = io.StringIO()
    Session(stdout=out, limits=Limits(max_elements=2 * count or 1)).run(f"print({source}.shape[1])")
    assert out.getvalue() == f"{count}\n"
