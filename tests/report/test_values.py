import json
import math

from gradcli import engine as torch
from gradcli.report import values


def test_non_finite_numbers_become_strings():
    t = torch.tensor([1.0, math.nan, math.inf, -math.inf])
    assert values.to_json(t) == [1.0, "NaN", "Infinity", "-Infinity"]
    json.dumps(values.to_json(t), allow_nan=False)


def test_described_tensor():
    t = torch.tensor([[1, 2], [3, 4]], dtype=torch.float64)
    assert values.described(t) == {"value": [[1.0, 2.0], [3.0, 4.0]], "shape": [2, 2], "dtype": "float64"}


def test_preview_is_short():
    assert values.preview(torch.arange(100)) == "[0, 1, 2, 3, 4, 5, ... (100 values)]"
    assert values.preview(torch.tensor(2.5)) == "2.5"
