"""A batch's bias gradient summed in torch's order (cascade_sum.column_sums) for every batch of up
to 16 rows, float32 and float64, contiguous or a slice of wider rows, signed zeros included."""
import numpy as np
import pytest

from gradcli.engine.cascade_sum import column_sums

torch = pytest.importorskip("torch")


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("rows", range(2, 17))
def test_column_sums_are_torchs_sum_over_the_batch(rows, dtype):
    rng = np.random.default_rng(rows)
    for columns in (2, 3, 5, 8, 10, 31, 33, 64, 99, 100, 131):
        wide = (rng.standard_normal((rows, columns + 7)) * 1000).astype(dtype)
        wide[:, ::5] = -0.0
        for g in (np.ascontiguousarray(wide[:, :columns]), wide[:, :columns]):
            expected = torch.from_numpy(g).sum(0).numpy()
            assert column_sums(g).tobytes() == expected.tobytes()


def test_other_shapes_are_left_to_the_general_emulation():
    assert column_sums(np.ones((17, 4), np.float32)) is None
    assert column_sums(np.ones((4, 4), np.float32).T[:, :3]) is None
    assert column_sums(np.ones((4, 4), np.float16)) is None
