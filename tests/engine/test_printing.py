"""Tensor printing must match torch byte for byte.

The fixture replay needs no torch: repr_cases.json holds torch's own text for
each case (regenerate it with fixtures/make_repr_cases.py).  The parity test
draws fresh random cases and asks a live torch when one is installed.
"""

from __future__ import annotations

import json
import math
import time
from pathlib import Path

import numpy as np
import pytest

from gradcli.engine import printing
from gradcli.engine.printing import PrintOptions, format_size, format_tensor

FIXTURES = Path(__file__).parent / "fixtures" / "repr_cases.json"
CASES = json.loads(FIXTURES.read_text())["cases"]

NUMPY_DTYPES = {
    "float16": np.float16,
    "bfloat16": np.float32,
    "float32": np.float32,
    "float64": np.float64,
    "complex64": np.complex64,
    "complex128": np.complex128,
    "bool": np.bool_,
}


def decode(case: dict) -> np.ndarray:
    """The case's values in the numpy dtype the engine would hold them in."""
    dtype = NUMPY_DTYPES.get(case["dtype"]) or np.dtype(case["dtype"])
    raw = case["values"]
    if case["dtype"].startswith("complex"):
        flat = [complex(float.fromhex(re), float.fromhex(im)) for re, im in raw]
    elif case["dtype"] in NUMPY_DTYPES and case["dtype"] != "bool":
        flat = [float.fromhex(v) for v in raw]
    else:
        flat = raw
    return np.array(flat, dtype=dtype).reshape(case["shape"])


def options_of(case: dict) -> PrintOptions | None:
    if case["options"] is None:
        return None
    opts = dict(case["options"])
    if opts["threshold"] == "inf":
        opts["threshold"] = math.inf
    return PrintOptions(**opts)


def test_fixture_count():
    assert len(CASES) >= 150


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_matches_torch_fixture(case):
    got = format_tensor(
        decode(case),
        case["dtype"],
        default_float=case["default_dtype"],
        suffixes=case["suffixes"],
        options=options_of(case),
    )
    assert got == case["repr"]


def test_scalar_with_grad_fn():
    got = format_tensor(np.float32(math.e + 1), "float32", suffixes=["grad_fn=<AddBackward0>"])
    assert got == "tensor(3.7183, grad_fn=<AddBackward0>)"


def test_integer_valued_leaf():
    got = format_tensor(np.array([1.0, 2.0], np.float32), "float32", suffixes=["requires_grad=True"])
    assert got == "tensor([1., 2.], requires_grad=True)"


def test_linspace_sin_scientific_wraps():
    x = np.linspace(0, 2 * math.pi, 25, dtype=np.float32)
    # torch's float32 linspace differs from numpy's in the last ulp at the end
    x[-1] = np.float32(2 * math.pi)
    got = format_tensor(np.sin(x), "float32", suffixes=["grad_fn=<SinBackward0>"])
    assert got == (
        "tensor([ 0.0000e+00,  2.5882e-01,  5.0000e-01,  7.0711e-01,  8.6603e-01,\n"
        "         9.6593e-01,  1.0000e+00,  9.6593e-01,  8.6603e-01,  7.0711e-01,\n"
        "         5.0000e-01,  2.5882e-01, -8.7423e-08, -2.5882e-01, -5.0000e-01,\n"
        "        -7.0711e-01, -8.6603e-01, -9.6593e-01, -1.0000e+00, -9.6593e-01,\n"
        "        -8.6603e-01, -7.0711e-01, -5.0000e-01, -2.5882e-01,  1.7485e-07],\n"
        "       grad_fn=<SinBackward0>)"
    )


def test_bool_is_padded_and_never_names_dtype():
    assert format_tensor(np.array([True, False]), "bool") == "tensor([ True, False])"


def test_dtype_shown_only_when_not_default():
    values = np.array([0.5, 1.0])
    assert format_tensor(values, "float64") == "tensor([0.5000, 1.0000], dtype=torch.float64)"
    assert format_tensor(values, "float64", default_float="float64") == "tensor([0.5000, 1.0000])"
    assert format_tensor(np.array([3, 4]), "int32") == "tensor([3, 4], dtype=torch.int32)"


def test_empty_tensors():
    assert format_tensor(np.zeros(0), "float32") == "tensor([])"
    assert format_tensor(np.zeros((0, 3)), "float32") == "tensor([], size=(0, 3))"
    assert format_tensor(np.zeros(0), "float64") == "tensor([], dtype=torch.float64)"


def test_nonfinite_and_negative_zero():
    values = np.array([math.nan, -math.inf, -0.0, 2.0], np.float32)
    assert format_tensor(values, "float32") == "tensor([nan, -inf, -0., 2.])"


def test_summarized_formatter_ignores_hidden_elements():
    values = np.ones(1001, np.float32)
    values[3:-3] = 0.5  # hidden by the "..." so the shown ones stay in int mode
    assert format_tensor(values, "float32") == "tensor([1., 1., 1.,  ..., 1., 1., 1.])"


def test_options_argument_and_module_defaults():
    values = np.array([1.23456, 2.0], np.float32)
    assert format_tensor(values, "float32", options=PrintOptions(precision=2)) == "tensor([1.23, 2.00])"
    before = printing.get_printoptions()
    try:
        printing.set_printoptions(profile="short")
        assert printing.get_printoptions()["edgeitems"] == 2
        assert format_tensor(values, "float32") == "tensor([1.23, 2.00])"
        printing.set_printoptions(sci_mode=True)
        assert format_tensor(values, "float32") == "tensor([1.23e+00, 2.00e+00])"
    finally:
        printing.set_printoptions(**before)
    assert printing.get_printoptions() == before


def test_format_size():
    assert format_size((2, 3)) == "torch.Size([2, 3])"
    assert format_size(()) == "torch.Size([])"


def test_small_repr_is_fast():
    scalar, vector = np.float32(3.7183), np.arange(6, dtype=np.float32) / 7
    format_tensor(vector, "float32")
    start = time.perf_counter()
    for _ in range(200):
        format_tensor(scalar, "float32", suffixes=["grad_fn=<AddBackward0>"])
        format_tensor(vector, "float32")
    per_call = (time.perf_counter() - start) / 400
    assert per_call < 100e-6, f"{per_call * 1e6:.1f} µs per small repr"


def random_case(rng: np.random.Generator) -> tuple[np.ndarray, str]:
    """A random tensor meant to hit mode boundaries, wrapping and summarization."""
    ndim = int(rng.integers(0, 5))
    big = rng.random() < 0.15
    shape = tuple(int(n) for n in rng.integers(1, 40 if big else 6, size=ndim))
    dtype = str(rng.choice(["float32", "float64", "float16", "int64", "int32", "bool", "complex64"]))
    if dtype in ("int64", "int32"):
        return rng.integers(-(10 ** int(rng.integers(1, 12))), 10**6, size=shape), dtype
    if dtype == "bool":
        return rng.random(shape) < 0.5, dtype
    scale = 10.0 ** rng.uniform(-9, 9, size=shape) if rng.random() < 0.4 else 10.0 ** rng.integers(-5, 6)
    values = rng.standard_normal(shape) * scale
    if rng.random() < 0.3:
        values = np.round(values)
    if values.size and rng.random() < 0.2:
        flat = values.reshape(-1)
        flat[rng.integers(0, flat.size, size=2)] = rng.choice([math.nan, math.inf, -math.inf, -0.0, 0.0])
    if dtype == "complex64":
        values = values + 1j * rng.standard_normal(shape)
    return values, dtype


@pytest.mark.parity
def test_random_parity_with_live_torch():
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(20240611)
    for _ in range(300):
        values, dtype = random_case(rng)
        tensor = torch.tensor(values, dtype=getattr(torch, dtype), requires_grad=False)
        shown = tensor.numpy()
        if dtype.startswith("float") and rng.random() < 0.3:
            tensor = tensor.requires_grad_(True) * 1
            suffixes = [f"grad_fn=<{type(tensor.grad_fn).__name__}>"]
        else:
            suffixes = []
        assert format_tensor(shown, dtype, suffixes=suffixes) == repr(tensor), (values, dtype)
