"""pdist's forward takes memory in proportion to its result: it built an (N (N - 1) / 2, N) matrix of
the pairs to multiply the input by, so 1000 rows (half a million distances, as torch computes at once)
asked for 2 GB and 400 rows took 128 MB."""
import io
import tracemalloc

from gradcli.lang import Session


def test_pdist_of_400_rows_takes_memory_like_its_result():
    out = io.StringIO()
    session = Session(stdout=out)
    session.run("import torch\nx = torch.arange(800.).reshape(400, 2)\n")
    tracemalloc.start()
    try:
        session.run("d = torch.pdist(x)\nprint(d.shape[0])")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert out.getvalue() == "79800\n"
    assert peak < 20 * 2**20, f"{peak / 2**20:.0f} MiB taken"
