"""Table-wide, against torch: every op record that torch's aten can be called with from the record's
own sample is fed each float argument's edge values (zeros, negatives, inf, nan, an empty batch, size-1
dims) and edge dtypes (the argument as int64, as bool, as float32 beside float64 ones) and must give
torch's values, dtypes and gradients, or fail where torch fails. Differences kept on purpose are listed
with the reason; any other difference fails."""
import warnings

import numpy as np
import pytest

import gradcli.engine as g
from gradcli.engine.dispatch import call
from gradcli.engine.ops.registry import all_ops

OPS = all_ops()     # the families the engine loads on first use too

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.parity

EDGES = {
    "zeros": np.zeros_like, "negative": lambda a: np.asarray(-np.abs(a) - 0.5),
    "inf": lambda a: np.full_like(a, np.inf), "nan": lambda a: np.full_like(a, np.nan),
    "empty": lambda a: np.zeros((0,) + a.shape[1:]) if a.ndim else None,
    "size1": lambda a: a[(slice(0, 1),) * a.ndim] if a.ndim else None,
    "int": lambda a: np.asarray(np.nan_to_num(a)).astype(np.int64), "bool": lambda a: np.asarray(a > 0),
    "float32": lambda a: a.astype(np.float32),
}
_FLOAT_ARGS = {"float32"}       # edges that only make sense beside another float64 argument
_ATEN_RESIZES = "aten's loss broadcasts a size-1 input by resizing its gradient (deprecated); F.{} broadcasts as torch"
_PUBLIC = "the record computes; F.{} refuses these dtypes first, with torch's message"
_ENGINE_ONLY = "a backward op only the engine calls (with one floating dtype and the loss's shapes); not checked as aten"
_NEG_BOOL = "torch's backward negates the bool argument and raises; gradcli gives the other argument's gradient"
# "record argK edge" -> why gradcli differs from aten there
KNOWN = {
    "binary_cross_entropy arg1 size1": _ATEN_RESIZES.format("binary_cross_entropy"),
    "binary_cross_entropy_with_logits arg1 size1": _ATEN_RESIZES.format("binary_cross_entropy_with_logits"),
    **{f"{n} arg{k} size1": _ATEN_RESIZES.format(n) for n in ("mse_loss", "huber_loss", "smooth_l1_loss")
       for k in (0, 1)},
    **{f"{n} nan": "torch's gradient at NaN depends on the element's SIMD lane (vector lanes give "
       "nan or 0, the scalar tail 1); gradcli gives the vector lanes' answer everywhere"
       for n in ("hardtanh arg0", "hardtanh_backward arg1", "hardshrink arg0",
                 "softshrink arg0", "hardshrink_backward arg1", "softshrink_backward arg1")},
    # backward ops the engine records under create_graph, always with the forward's one floating dtype and
    # broadcast shapes: other dtypes or size-1 arguments passed directly are not refused as aten's kernels are
    **{f"{name} {edge}": _ENGINE_ONLY for name, edges in (
        ("binary_cross_entropy_backward", "arg0 int, arg0 bool, arg0 float32, arg1 size1, arg1 int, arg1 bool, "
                                          "arg1 float32, arg2 size1, arg2 int, arg2 bool, arg2 float32"),
        ("glu_backward", "arg0 int, arg0 bool, arg0 float32, arg1 int, arg1 float32"),
        ("hardshrink_backward", "arg0 int, arg0 bool, arg0 float32"),
        ("huber_loss_backward", "arg0 int, arg0 bool, arg0 float32, arg1 size1, arg1 int, arg1 bool, arg1 float32, "
                                "arg2 int, arg2 bool, arg2 float32"),
        ("mse_loss_backward", "arg1 size1, arg1 int, arg1 bool, arg1 float32, arg2 size1"),
        ("smooth_l1_loss_backward", "arg1 size1, arg1 int, arg1 bool, arg1 float32, arg2 bool"),
        ("softshrink_backward", "arg0 int, arg0 bool, arg0 float32"),
    ) for edge in edges.split(", ")},
    "unfold_backward arg0 size1": "windows of the wrong size for input_sizes (istft, the one caller, never passes "
                                  "them): aten's kernel reads past them, uninitialised values",
    "max_pool2d_with_indices arg0 nan": "a window of NaNs: torch's index is another NaN's",
    "max_pool3d_with_indices arg0 nan": "a box of NaNs: torch's index is another NaN's",
    **{f"{n} arg{k} bool": _NEG_BOOL for n, k in (("logaddexp", 0), ("logaddexp", 1), ("logaddexp2", 0),
                                                  ("logaddexp2", 1), ("pow.Tensor_Tensor", 1))},
    "topk arg0 bool": _PUBLIC.format("topk").replace("F.", "torch."),
    **{f"rsub.{k} bool": _PUBLIC.format("rsub").replace("F.", "torch.") for k in ("Scalar arg0", "Tensor arg0",
                                                                                   "Tensor arg1")},
    **{f"dist arg{k} bool": _PUBLIC.format("dist").replace("F.", "torch.") for k in (0, 1)},
    "mvlgamma arg0 bool": _PUBLIC.format("mvlgamma").replace("F.", "torch."),
    "native_group_norm arg0 inf": "torch's group norm takes the mean by Welford's update, where an inf followed by "
                                  "another element gives nan; gradcli gives the mean, inf",
    **{f"addr arg{k} {e}": "torch's backward runs mv on the mixed dtypes and raises; gradcli gives the gradients"
       for k in (1, 2) for e in ("float32", "int", "bool")},
    **{f"{n} {e}": "LAPACK's blocked kernel (MKL's orgqr, potri) spreads inf/NaN in its own pattern (some entries 0 or "
       "-inf); gradcli's reflector product or triangular inverse gives inf/NaN wherever they reach"
       for n, e in (("linalg_householder_product arg0", "inf"), ("linalg_householder_product arg0", "nan"),
                    ("linalg_householder_product arg1", "inf"), ("cholesky_inverse arg0", "inf"),
                    ("ormqr arg0", "inf"), ("ormqr arg1", "inf"))},   # (ormqr's gradients: the reflector product's)
    **{f"linalg_lstsq arg1 {e}": "MKL's gelsy fails on a NaN right-hand side with an internal assert and gives NaN "
       "solutions with a rank for inf; gradcli gives NaN solutions, rank 0" for e in ("inf", "nan")},
    "gelu_backward arg1 float32": "torch's oneDNN gelu_backward refuses a float32 self beside a float64 grad "
                                  "(an internal error); gradcli's backward never mixes them",
    **{f"addcdiv arg2 {e}": "torch's backward for tensor1 fails on an integer or bool tensor2 (\"result type Float "
       "can't be cast to the desired output type Long\"); gradcli gives the gradient" for e in ("int", "bool")},
}


# aten's own kernels that do not check their inputs' sizes: edge shapes crash the process (the backward
# kernels below; the fused weight norm divides by the number of rows of an empty input)
UNCHECKED_KERNELS = {"avg_pool2d_backward", "max_pool2d_with_indices_backward", "adaptive_max_pool2d_backward",
                     "adaptive_max_pool3d_backward", "fractional_max_pool2d_backward", "fractional_max_pool3d_backward",
                     "_weight_norm_interface",
                     *(f"{kind}_pad{k}d_backward" for kind in ("reflection", "replication") for k in (1, 2, 3))}


def _aten(name):
    base, _, overload = name.partition(".")
    packet = getattr(torch.ops.aten, base, None)
    return getattr(packet, overload or "default", None) if packet is not None else None


def _run(lib, fn, args, params):
    """("ok", output values, input gradients) or ("error",)."""
    make = torch.tensor if lib is torch else g.tensor
    inputs = [make(a, requires_grad=a.dtype.kind == "f") if isinstance(a, np.ndarray) else a for a in args]
    if lib is torch:
        params = {k: torch.tensor(v) if isinstance(v, np.ndarray) else v for k, v in params.items()}
    try:
        out = fn(*inputs, **params) if lib is torch else call(fn, tuple(inputs), dict(params))
        outs = list(out) if isinstance(out, (tuple, list)) else [out]
        grads = None
        if outs[0].requires_grad and outs[0].numel():
            outs[0].sum().backward()
            grads = [t.grad.numpy().copy() if t.grad is not None else None
                     for t in inputs if getattr(t, "requires_grad", False)]
        return "ok", [o.detach().numpy().copy() for o in outs if hasattr(o, "detach")], grads
    except Exception:        # noqa: BLE001 - both libraries must refuse alike
        return ("error",)


def _same(a, b):
    if a is None or b is None:
        return a is None and b is None
    return a.shape == b.shape and np.allclose(a.astype(float), b.astype(float), rtol=1e-6, atol=1e-8,
                                              equal_nan=True)


def _differs(theirs, ours):
    if theirs[0] != ours[0]:
        return f"torch {theirs[0]}, gradcli {ours[0]}"
    if theirs[0] == "error":
        return ""
    if not all(_same(t, o) for t, o in zip(theirs[1], ours[1])):
        return "values differ"
    if [t.dtype for t in theirs[1]] != [o.dtype for o in ours[1]]:
        return "dtypes differ"
    if (theirs[2] is None) != (ours[2] is None) or (theirs[2] and not all(map(_same, theirs[2], ours[2]))):
        return "gradients differ"
    return ""


def _cases():
    for name, op in sorted(OPS.items()):
        fn = _aten(name) if op.samples is not None and name not in UNCHECKED_KERNELS else None
        if fn is None:
            continue
        sample = op.samples()[0]
        if _run(torch, fn, sample.args, sample.params)[0] != "ok":
            continue         # aten's signature differs from the record's params
        floats = sum(isinstance(a, np.ndarray) and a.dtype.kind == "f" for a in sample.args)
        for k, arg in enumerate(sample.args):
            if isinstance(arg, np.ndarray) and arg.dtype.kind == "f":
                for edge, make in EDGES.items():
                    if edge in _FLOAT_ARGS and floats < 2:
                        continue
                    value = make(arg)
                    if value is not None:
                        args = [value if j == k else a for j, a in enumerate(sample.args)]
                        yield f"{name} arg{k} {edge}", op, fn, args, sample.params


with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    CASES = list(_cases())


def test_enough_of_the_table_is_compared():
    assert len(CASES) >= 1200


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_edge_values_match_torch(case):
    key, op, fn, args, params = case
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        difference = _differs(_run(torch, fn, args, params), _run(g, op, args, params))
    if key in KNOWN:
        assert difference, f"{key} now matches torch: drop it from KNOWN"
    else:
        assert not difference, f"{key}: {difference}"
