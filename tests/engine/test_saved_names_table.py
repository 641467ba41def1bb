"""Table-wide: every op record that torch's aten can be called with from the record's own sample
makes a node of torch's name that keeps torch's ``_saved_*`` values. Records whose saved values
differ on purpose are listed with the reason; any other difference fails."""
import warnings

import numpy as np
import pytest

import gradcli.engine as g
from gradcli.engine.dispatch import call
from gradcli.engine.ops.registry import all_ops
from gradcli.engine.ops.upsample import RECORDS as UPSAMPLE_RECORDS

OPS = all_ops()     # the families the engine loads on first use too

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.parity

# name -> why gradcli's node keeps other values than torch's
KNOWN = {
    "matmul": "the record is the one-node primitive vmap's batching rules call; torch has no such node: "
              "its matmul decomposes, and so does gradcli's public matmul (dot, mv, unsqueeze + mm + squeeze_, "
              "folded mm or bmm: test_saved_names_parity.py)",
    "_embedding_bag": "torch also saves its kernel's offset2bag, bag_size and max_indices (result1-3) and the row "
                      "count; gradcli's backward recomputes the bag layout from indices and offsets",
}


def _aten(name):
    base, _, overload = name.partition(".")
    packet = getattr(torch.ops.aten, base, None)
    return getattr(packet, overload or "default", None) if packet is not None else None


def _contiguous_strides(shape):
    return tuple(int(np.prod(shape[k + 1:])) for k in range(len(shape)))


F = torch.nn.functional
# Records whose sample aten does not take as it is (other argument names, in-place forms, records
# with one side constant): the torch call that makes the same node, from the sample's inputs ``a``
# (float ones require grad) and params ``p``.
TORCH_CALLS = {
    "_index_put_impl_": lambda a, p: torch.ops.aten._index_put_impl_(a[0].clone(), list(p["indices"]), a[1],
                                                                    p["accumulate"]),
    "_log_softmax": lambda a, p: torch._log_softmax(a[0], p["dim"], False),
    "_reshape_alias": lambda a, p: torch.ops.aten._reshape_alias(a[0], p["shape"], _contiguous_strides(p["shape"])),
    "_softmax": lambda a, p: torch._softmax(a[0], p["dim"], False),
    "_unsafe_view": lambda a, p: torch.ops.aten._unsafe_view(a[0], p["shape"]),
    "add": lambda a, p: a[0] + a[1],
    "add.alpha": lambda a, p: torch.add(a[0], a[1], alpha=p["alpha"]),
    "sub.alpha": lambda a, p: torch.sub(a[0], a[1], alpha=p["alpha"]),
    "as_strided": lambda a, p: a[0].as_strided((2, 3), (1, 4), 1),
    "as_strided.storage": lambda a, p: a[0].as_strided(p["size"], p["stride"], p["storage_offset"]),
    "cat.2": lambda a, p: torch.cat([a[0], a[1]], p["dim"]),
    "celu_": lambda a, p: F.celu(a[0].clone(), p["alpha"], True),
    "threshold_": lambda a, p: F.threshold(a[0].clone(), p["threshold"], p["value"], True),
    "copy_": lambda a, p: a[0].clone().copy_(a[1]),
    "diagonal_copy": lambda a, p: torch.diagonal_copy(a[0], p["diagonal"]),
    "diagonal_copy.dims": lambda a, p: torch.diagonal_copy(a[0], p["offset"], p["dim1"], p["dim2"]),
    "view_copy": lambda a, p: torch.view_copy(a[0], p["shape"]),
    "div": lambda a, p: a[0] / a[1],
    "div.const_other": lambda a, p: a[0] / a[1].detach(),
    "elu_": lambda a, p: F.elu(a[0].clone(), p["alpha"], True),
    "embedding": lambda a, p: F.embedding(a[1], a[0]),
    "_embedding_bag": lambda a, p: F.embedding_bag(p["indices"], a[0], p["offsets"], mode="sum",
                                                   per_sample_weights=a[1]),
    "fill_": lambda a, p: a[0].clone().fill_(p["value"]),
    "fill_.Tensor": lambda a, p: a[0].clone().fill_(a[1]),
    "frexp": lambda a, p: torch.frexp(a[0]),
    "_softmax_backward_data": lambda a, p: torch.ops.aten._softmax_backward_data(a[0], a[1], p["dim"], a[0].dtype),
    "_log_softmax_backward_data": lambda a, p: torch.ops.aten._log_softmax_backward_data(a[0], a[1], p["dim"],
                                                                                         a[0].dtype),
    "elu_backward": lambda a, p: torch.ops.aten.elu_backward(a[0], p["alpha"], p["scale"], p["input_scale"], False,
                                                             a[1]),
    "hardtanh_backward": lambda a, p: torch.ops.aten.hardtanh_backward(a[0], a[1], p["min_val"], p["max_val"]),
    "index.Tensor": lambda a, p: a[0][p["indices"]],
    "polygamma": lambda a, p: torch.polygamma(p["n"], a[0]),
    "rot90": lambda a, p: torch.rot90(a[0], p["turns"], p["plane"]),
    "index_add": lambda a, p: a[0].index_add(p["dim"], p["index"], a[1], alpha=p["alpha"]),
    "index_copy": lambda a, p: a[0].index_copy(p["dim"], p["index"], a[1]),
    "index_fill.int_Tensor": lambda a, p: a[0].index_fill(p["dim"], p["index"], a[1]),
    "index_put": lambda a, p: a[0].index_put(tuple(p["indices"]), a[1], p["accumulate"]),
    "ldexp": lambda a, p: torch.ldexp(a[0], a[1]),
    "leaky_backward": lambda a, p: torch.ops.aten.leaky_relu_backward(a[0], a[1], p["negative_slope"], False),
    "leaky_relu_": lambda a, p: F.leaky_relu(a[0].clone(), p["negative_slope"], True),
    "lerp": lambda a, p: torch.lerp(a[0], a[1], p["weight"]),
    "max_pool2d_with_indices_backward": lambda a, p: torch.ops.aten.max_pool2d_with_indices_backward(
        a[0], a[1], [2, 2], [2, 2], [0, 0], [1, 1], False, p["indices"]),
    "linalg_vector_norm": lambda a, p: torch.linalg.vector_norm(a[0], p["ord"], p["dim"], p["keepdim"]),
    "masked_fill.Tensor": lambda a, p: a[0].masked_fill(p["mask"], a[1]),
    "masked_scatter": lambda a, p: a[0].masked_scatter(p["mask"], a[1]),
    "mean": lambda a, p: a[0].mean(),
    "mul": lambda a, p: a[0] * a[1],
    "mul.const_other": lambda a, p: a[0] * a[1].detach(),
    "mul.const_self": lambda a, p: a[0].detach() * a[1],
    "multi_margin_loss": lambda a, p: torch.ops.aten.multi_margin_loss(a[0], a[1], p["p"], p["margin"], a[2],
                                                                       p["reduction"]),
    "native_batch_norm": lambda a, p: torch.native_batch_norm(a[0], a[1], a[2], p["running_mean"], p["running_var"],
                                                             p["training"], 0.1, p["eps"]),
    "native_layer_norm": lambda a, p: torch.native_layer_norm(a[0], p["normalized_shape"], a[1], a[2], p["eps"]),
    "pow": lambda a, p: a[0] ** p["exponent"],
    "put": lambda a, p: a[0].put(p["index"], a[1], p["accumulate"]),
    "renorm": lambda a, p: torch.renorm(a[0], p["p"], p["dim"], p["maxnorm"]),
    "rsub": lambda a, p: 1.5 - a[0],
    "scatter.src": lambda a, p: a[0].scatter(p["dim"], p["index"], a[1]),
    "scatter_add": lambda a, p: a[0].scatter_add(p["dim"], p["index"], a[1]),
    "poisson": lambda a, p: torch.poisson(a[0]),
    # random draws: torch's nodes for the same call (std and probabilities made valid by ops that save nothing)
    "normal.Tensor_float": lambda a, p: torch.normal(a[0], 1.0),
    "normal.float_Tensor": lambda a, p: torch.normal(0.0, a[0] * 0 + 1),
    "normal.Tensor_Tensor": lambda a, p: torch.normal(a[0], a[1] * 0 + 1),
    "bernoulli": lambda a, p: torch.bernoulli(a[0] * 0 + 0.5),
    "bernoulli_.Tensor": lambda a, p: (a[0] * 1).bernoulli_(a[1] * 0 + 0.5),
    "bernoulli_.float": lambda a, p: (a[0] * 1).bernoulli_(0.5),
    "normal_.drawn": lambda a, p: (a[0] * 1).normal_(),
    "uniform_.drawn": lambda a, p: (a[0] * 1).uniform_(),
    "exponential_.drawn": lambda a, p: (a[0] * 1).exponential_(),
    "geometric_.drawn": lambda a, p: (a[0] * 1).geometric_(0.5),
    "log_normal_.drawn": lambda a, p: (a[0] * 1).log_normal_(),
    "cauchy_.drawn": lambda a, p: (a[0] * 1).cauchy_(),
    "random_.drawn": lambda a, p: (a[0] * 1).random_(),
    "random_.to": lambda a, p: (a[0] * 1).random_(3),
    "random_.from": lambda a, p: (a[0] * 1).random_(1, 3),
    "index_reduce": lambda a, p: a[0].index_reduce(p["dim"], p["index"], a[1], p["reduce"],
                                                   include_self=p["include_self"]),
    "scatter_reduce.two": lambda a, p: a[0].scatter_reduce(p["dim"], p["index"], a[1], p["reduce"],
                                                           include_self=p["include_self"]),
    "select": lambda a, p: a[0].select(p["dim"], p["index"]),
    "slice": lambda a, p: torch.ops.aten.slice(a[0], p["dim"], p["start"], p["end"], p["step"]),
    "slice_scatter": lambda a, p: torch.slice_scatter(a[0], a[1], p["dim"], p["index"].start, p["index"].stop,
                                                      p["index"].step),
    "split": lambda a, p: torch.split(a[0], list(p["split_sizes"]), p["dim"]),
    "split.Tensor": lambda a, p: torch.split(a[0], p["split_size"], p["dim"]),
    "squeeze_.dim": lambda a, p: a[0].clone().squeeze_(p["dim"]),
    "squeeze_": lambda a, p: a[0].clone().squeeze_(),
    "squeeze_.dims": lambda a, p: a[0].clone().squeeze_(p["dim"]),
    "t_": lambda a, p: a[0].clone().t_(),
    "stack.2": lambda a, p: torch.stack([a[0], a[1]], p["dim"]),
    "std": lambda a, p: a[0].std(),
    "sub": lambda a, p: a[0] - a[1],
    "sub.const_other": lambda a, p: a[0] - a[1],
    **{f"{name}_backward": lambda a, p, name=name: getattr(torch.ops.aten, f"{name}_backward")(
        a[0], a[1], p["target"], p["weight"], p["reduction"], p["ignore_index"],
        getattr(torch.ops.aten, f"{name}_forward")(a[1].detach(), p["target"], p["weight"], p["reduction"],
                                                   p["ignore_index"])[1])
       for name in ("nll_loss", "nll_loss2d")},
    "native_layer_norm_backward": lambda a, p: torch.ops.aten.native_layer_norm_backward(
        a[0], a[1], p["normalized_shape"], a[2], a[3], a[4], a[5], list(p["output_mask"])),
    "rrelu_with_noise_backward": lambda a, p: torch.ops.aten.rrelu_with_noise_backward(
        a[0], a[1], p["noise"], p["lower"], p["upper"], p["training"], False),
    "threshold_backward": lambda a, p: torch.ops.aten.threshold_backward(a[0], a[1], p["threshold"]),
    "transpose": lambda a, p: a[0].transpose(p["dim0"], p["dim1"]),
    "transpose_": lambda a, p: a[0].clone().transpose_(p["dim0"], p["dim1"]),
    "unbind": lambda a, p: a[0].unbind(p["dim"]),
    "unsqueeze_": lambda a, p: a[0].clone().unsqueeze_(p["dim"]),
    "var": lambda a, p: a[0].var(),
    "view": lambda a, p: a[0].view(p["shape"]),
    "where": lambda a, p: torch.where(p["condition"], a[0], a[1]),
    "xlogy.Scalar_Self": lambda a, p: torch.xlogy(p["self"], a[0]),
    "special_xlog1py.self_scalar": lambda a, p: torch.special.xlog1py(p["self"], a[0]),
    "special_zeta.self_scalar": lambda a, p: torch.special.zeta(p["self"], a[0]),
    "linalg_lu_solve": lambda a, p: torch.linalg.lu_solve(a[0], p["pivots"], a[1], left=p["left"],
                                                          adjoint=p["adjoint"]),
    "zero_": lambda a, p: a[0].clone().zero_(),
}
# Differentiable records no torch call makes from a sample (they have none): the public calls that
# make them are compared in test_saved_names_parity.py.
def _upsample_call(name: str, backward: bool):
    """aten's resize kernels take sizes, align_corners (blending modes) and one scale per dim."""
    def run(a, p):
        corners = [p["align_corners"]] if "align_corners" in p else []
        sizes = [list(p["output_size"])] + ([list(p["input_size"])] if backward else [])
        return getattr(torch.ops.aten, name)(a[0], *sizes, *corners, *p["scales"])
    return run


# aten's max_unpool3d also takes stride and padding, which its CPU kernel only checks; aten's
# fractional_max_pool backward also takes kernel_size (checked only) and output_size (grad_output's)
TORCH_CALLS["max_unpool3d"] = lambda a, p: torch.ops.aten.max_unpool3d(a[0], p["indices"], list(p["output_size"]),
                                                                      [1, 1, 1], [0, 0, 0])
TORCH_CALLS["convolution_backward"] = lambda a, p: torch.ops.aten.convolution_backward(
    a[0], a[1], a[2], [a[0].shape[1]], list(p["stride"]), list(p["padding"]), list(p["dilation"]), p["transposed"],
    list(p["output_padding"]), p["groups"], [True, True, True])
for _rank in (2, 3):     # aten's grid sampler backward also takes output_mask
    TORCH_CALLS[f"grid_sampler_{_rank}d_backward"] = (lambda n: lambda a, p: getattr(torch.ops.aten, n)(
        a[0], a[1], a[2], p["interpolation_mode"], p["padding_mode"], p["align_corners"], [True, True]))(
        f"grid_sampler_{_rank}d_backward")
for _rank in (2, 3):
    TORCH_CALLS[f"fractional_max_pool{_rank}d_backward"] = (lambda n, k: lambda a, p: getattr(torch.ops.aten, n)(
        a[0], a[1], [2] * k, list(a[0].shape[-k:]), p["indices"]))(f"fractional_max_pool{_rank}d_backward", _rank)
for _rank in (2, 3):
    TORCH_CALLS[f"_adaptive_avg_pool{_rank}d_backward"] = (
        lambda n: lambda a, p: getattr(torch.ops.aten, n)(a[0], a[1]))(f"_adaptive_avg_pool{_rank}d_backward")
for _record in UPSAMPLE_RECORDS.values():
    TORCH_CALLS[_record.name] = _upsample_call(_record.name, False)
    TORCH_CALLS[f"{_record.name}_backward"] = _upsample_call(f"{_record.name}_backward", True)


NO_SAMPLE = {"_to_copy", "alias", "alias_copy", "delayed_error", "heaviside", "heaviside.self_grad", "heaviside.values_grad",
             "special_zeta.other_scalar", "geqrf",
             "linalg_ldl_factor_ex", "linalg_ldl_solve",    # (tests/torch_scripts/ldl_factor_solve.py)
             "hardsigmoid_backward", "hardsigmoid_backward.self_grad",   # (tests/torch_scripts/dbl_activations.py)
             "_pdist_backward",     # (tests/torch_scripts/pdist_double_backward_not_implemented.py)
             # (tests/torch_scripts/attention_flash_and_math_nodes.py)
             "_scaled_dot_product_flash_attention_for_cpu", "_scaled_dot_product_flash_attention_for_cpu_backward",
             "linalg_lu", "lu_unpack",     # their first output (P) has no node: compared in test_linalg_factor_parity
             "_ctc_loss", "_ctc_loss_backward",     # (CTC: test_ctc_loss_parity.py)
             "unique_consecutive", "_unique2", "unique_dim",   # (no saved values; tests/torch_scripts/unique_*.py)
             "binomial", "binomial.count_grad", "binomial.prob_grad",     # (tests/torch_scripts/poisson_binomial.py)
             "bernoulli.p",     # only raises (tests/torch_scripts/random_draws_zero_gradient_nodes.py)
             "_standard_gamma", "_standard_gamma_grad", "_sample_dirichlet",   # draws (test_gamma_sampling_parity.py)
             # complex in or out (tests/engine/test_complex_parity.py compares their nodes with torch's)
             "view_as_real", "view_as_complex", "complex", "polar", "conj", "conj_physical",
             "_fft_c2c", "_fft_r2c", "_fft_c2r",    # (tests/engine/test_fft_parity.py)
             "linalg_eig",    # (tests/engine/test_linalg_factor_parity.py; its saved names: tests/torch_scripts/eig_*)
             *(f"{c}_.{k}" for c in ("eq", "ne", "lt", "le", "gt", "ge") for k in ("Scalar", "Tensor"))}


def _names(node):
    return sorted(n for n in dir(node) if n.startswith("_saved_") and not n.endswith("_sym_strides"))


def _torch_value(v):
    if isinstance(v, np.ndarray):
        return torch.tensor(v)
    if isinstance(v, g.Tensor):
        return torch.tensor(v.numpy())
    if isinstance(v, tuple) and v and all(isinstance(x, np.ndarray) for x in v):
        return tuple(torch.tensor(x) for x in v)
    return v


def _gradcli_value(v):
    if isinstance(v, np.ndarray):
        return g.tensor(v)
    if isinstance(v, tuple) and any(isinstance(x, np.ndarray) for x in v):
        return tuple(g.tensor(x) if isinstance(x, np.ndarray) else x for x in v)
    return v


def _packed(lib, run):
    """The node ``run()`` makes and the shapes its saved tensors were packed in, in order."""
    shapes = []

    def pack(t):
        shapes.append(tuple(t.shape))
        return t
    with lib.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        out = run()
    first = out[0] if isinstance(out, (tuple, list)) else out
    return first, shapes


def _torch_run(name, op, sample):
    targs = [torch.tensor(a, requires_grad=a.dtype.kind == "f") if isinstance(a, np.ndarray) else a
             for a in sample.args]
    params = {k: _torch_value(v) for k, v in sample.params.items()}
    if name in TORCH_CALLS:
        return _packed(torch, lambda: TORCH_CALLS[name](targs, params))
    fn = _aten(name)
    if fn is None:
        return None, []
    try:
        return _packed(torch, lambda: fn(*targs, **params))
    except Exception:         # noqa: BLE001 - aten's signature differs from the record's params
        return None, []


def _comparisons():
    """(name, torch node name, torch names, torch pack order, gradcli node name, names, pack order)
    for every differentiable record with a sample."""
    for name, op in sorted(OPS.items()):
        if op.samples is None or not op.differentiable:
            continue
        sample = op.samples()[0]
        first, torch_packed = _torch_run(name, op, sample)
        if getattr(first, "grad_fn", None) is None:
            continue
        args = tuple(g.tensor(a, requires_grad=a.dtype.kind == "f") if isinstance(a, np.ndarray) else a
                     for a in sample.args)
        params = {k: _gradcli_value(v) for k, v in sample.params.items()}
        mine, our_packed = _packed(g, lambda: call(op, args, params))     # index tensors, as the functions pass
        yield (name, first.grad_fn.name(), _names(first.grad_fn), torch_packed,
               mine.grad_fn.name(), _names(mine.grad_fn), our_packed)


with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    COMPARED = list(_comparisons())
DIFFERENTIABLE = {n for n, op in OPS.items() if op.differentiable}   # the table as imported (tests may add records)


def test_every_differentiable_record_is_compared():
    compared = {c[0] for c in COMPARED}
    missing = DIFFERENTIABLE - compared - NO_SAMPLE
    assert not missing, sorted(missing)


@pytest.mark.parametrize("name,torch_node,torch_saved,torch_packed,our_node,our_saved,our_packed", COMPARED,
                         ids=[c[0] for c in COMPARED])
def test_node_saved_names_and_pack_order_match_torch(name, torch_node, torch_saved, torch_packed, our_node,
                                                     our_saved, our_packed):
    ours, theirs = (our_node, our_saved, our_packed), (torch_node, torch_saved, torch_packed)
    if name in KNOWN:
        assert ours != theirs, f"{name} now matches torch: drop it from KNOWN"
        return
    assert ours == theirs
