"""``out=``: torch's functions write their result into a tensor the caller gives (the 60-minute
tutorial's ``torch.add(x, y, out=result)``). One rule serves every function here, as torch's
``out`` overloads behave: the result is computed as without ``out``, then written into ``out``
(resized to the result's shape, with torch's warning when it had elements; cast to its dtype when
torch's casting rule allows) and ``out`` itself is returned (a tuple of them, as torch's ``*_out`` named
tuple, for max(dim), sort and the like). Under grad mode an input or ``out`` that requires grad is
torch's error: these writes are never differentiable.
"""
from __future__ import annotations

import warnings
from types import FunctionType

import numpy as np

from .. import dtypes, errors, public
from ..autograd.grad_mode import mode, no_grad
from ..creation import tensor
from ..dispatch import check_overlap
from ..return_types import result_type
from ..tensor import Tensor
from .inplace_misc import resize_to


def call_with_out(fn, name: str, args: tuple, kwargs: dict, out):
    """``fn(*args, **kwargs, out=out)`` for a torch function named ``name`` that computes its result
    without ``out`` (the write is torch's ``out`` semantics, see the module's docstring)."""
    if name in NO_OUT:
        raise TypeError(f"{name}() got an unexpected keyword argument 'out'")
    if name in _DIM_FOR_OUT and len(args) < 2 and "dim" not in kwargs:     # only the dim overloads take out
        if kwargs or name in ("median", "nanmedian"):
            raise TypeError(f'{name}() missing 1 required positional arguments: "dim"')
        raise _invalid_combination(name, args, kwargs, out)
    if name in _NUMBERS_AS_TENSORS and isinstance(out, (bool, int, float, complex)):
        out = _scalar_tensor(out)       # torch's parser reads a number as a 0-d tensor here
    outs = _out_tensors(name, out)
    if mode().grad and any(t._requires_grad for t in _tensors(args, kwargs, outs)):
        raise errors.AutogradError(f"{name}(): functions with out=... arguments don't support automatic "
                                   "differentiation, but one of the arguments requires grad.")
    result = fn(*args, **kwargs)
    _refuse_partial_overlap(fn, name, args, kwargs, outs, result)
    results = tuple(result) if isinstance(result, tuple) else (result,)
    if not all(isinstance(r, Tensor) for r in results):
        raise TypeError(f"{name}() got an unexpected keyword argument 'out'")
    if isinstance(result, Tensor) and not isinstance(out, Tensor):
        raise TypeError(f"{name}(): argument 'out' must be Tensor, not {type(out).__name__}")
    if isinstance(out, Tensor) and not isinstance(result, Tensor):
        raise _invalid_combination(name, args, kwargs, out)
    if len(results) != len(outs):
        raise TypeError(f"expected tuple of {len(results)} elements but got {len(outs)}")
    if name.startswith("fft_") and not name.endswith("freq"):
        _check_fft_out(name, results[0], outs[0])
    for target, value in zip(outs, results):
        _write(target, value)
    if isinstance(out, Tensor):
        return out
    kind = type(result)
    named = result_type(kind.__name__ + "_out") if hasattr(kind, "_fields") else tuple
    return named(outs) if named is tuple else named(*outs)


def _scalar_tensor(number) -> Tensor:
    return tensor(number, dtype=dtypes.float64 if isinstance(number, float) else None)


def _invalid_combination(name: str, args: tuple, kwargs: dict, out) -> TypeError:
    """The first line of torch's error for arguments none of a function's overloads takes."""
    given = [_type_name(a) for a in args] + [f"{k}={_type_name(v)}" for k, v in {**kwargs, "out": out}.items()]
    return TypeError(f"{name}() received an invalid combination of arguments - got ({', '.join(given)}), but "
                     "expected one of:")


def _type_name(value) -> str:
    if isinstance(value, Tensor):
        return "Tensor"
    if isinstance(value, dtypes.dtype):
        return "torch.dtype"
    return type(value).__name__


def _check_fft_out(name: str, result: Tensor, out: Tensor) -> None:
    """torch.fft's own check of ``out``'s dtype, named by its kernel (fft2 is fftn's)."""
    kernel = name[len("fft_"):]
    kernel = kernel[:-1] + "n" if kernel.endswith("2") else kernel
    want_complex = result._data.dtype.kind == "c"
    kind = out._data.dtype.kind
    if want_complex and kind != "c" or not want_complex and kind != "f":
        raise errors.AutogradError(f"{kernel} expects a {'complex' if want_complex else 'floating point'} output "
                                   f"tensor, but got {dtypes.scalar_type_name(out._data.dtype)}")


def _out_tensors(name: str, out) -> tuple:
    if isinstance(out, Tensor):
        return (out,)
    if isinstance(out, (tuple, list)) and out and all(isinstance(t, Tensor) for t in out):
        return tuple(out)
    raise TypeError(f"{name}(): argument 'out' must be Tensor, not {type(out).__name__}")


def _tensors(args: tuple, kwargs: dict, outs: tuple):
    """The tensors among the arguments (in lists and tuples too, as torch.cat's), and ``out``'s."""
    pending = list(args) + list(kwargs.values())
    while pending:
        value = pending.pop()
        if isinstance(value, Tensor):
            yield value
        elif isinstance(value, (list, tuple)):
            pending.extend(value)
    yield from outs


# torch's kernels that write ``out`` without asking whether it partly shares memory with an input
# (reductions, matrix products, linalg, fft, the *_copy views; checked against torch 2.13): they read
# elements they have already written, so their result there is an accident of their loop order. Every
# other function refuses such an ``out`` with torch's partial-overlap error, as its TensorIterator does.
_UNCHECKED = frozenset((
    "amax", "amin", "mean", "nanmean", "sum", "nansum", "prod", "std", "var", "norm", "logsumexp", "median",
    "nanmedian", "quantile", "nanquantile", "cummax", "cummin", "softmax", "log_softmax", "histc",
    "mm", "bmm", "matmul", "mv", "dot", "vdot", "inner", "tensordot", "addmm", "baddbmm", "matrix_power",
    "matrix_exp", "inverse", "det", "slogdet", "cholesky", "cholesky_inverse", "cholesky_solve", "lu_solve",
    "householder_product", "nuclear_norm", "tril", "triu", "diag", "mvlgamma", "threshold", "complex", "polar",
    "alias_copy", "diagonal_copy", "expand_copy", "narrow_copy", "permute_copy", "select_copy", "slice_copy",
    "slice_scatter", "squeeze_copy", "t_copy", "transpose_copy", "unbind_copy", "unfold_copy", "unsqueeze_copy",
    "view_copy",
))
_FULL_REDUCTIONS = frozenset(("max", "min", "aminmax"))    # unchecked over all elements, checked over a dim


def _refuse_partial_overlap(fn, name: str, args: tuple, kwargs: dict, outs: tuple, result) -> None:
    """torch's refusal of an ``out`` that partly shares memory with an input (``torch.exp(x[0],
    out=x.view(-1)[1:7])``), unless its kernel writes through (above). An ``out`` about to be resized
    is left to the resize, which torch does first."""
    if name in _UNCHECKED or fn.__module__ == "gradcli.engine.fft" or (
            name in _FULL_REDUCTIONS and len(args) == 1 and kwargs.get("dim") is None):
        return
    results = result if isinstance(result, tuple) else (result,)
    inputs = [t._data for t in _tensors(args, kwargs, ()) if t._data.__class__ is np.ndarray and t._data.size]
    for target, value in zip(outs, results):
        data = target._data
        if data.__class__ is np.ndarray and data.size and isinstance(value, Tensor) and data.shape == value.shape:
            for a in inputs:
                check_overlap(data, a)


def _write(target: Tensor, value: Tensor) -> None:
    """``value`` into ``target``: torch's cast check, its resize (and warning), then a copy that
    bumps ``target``'s version and writes through a view into its base."""
    have, want = value._data.dtype, target._data.dtype
    if have != want and not _can_cast(have, want):
        raise errors.AutogradError(f"result type {dtypes.scalar_type_name(have)} can't be cast to the desired "
                                   f"output type {dtypes.scalar_type_name(want)}")
    shape = tuple(value.shape)
    with no_grad():
        if tuple(target.shape) != shape:
            if target.numel():
                warnings.warn(f"An output with one or more elements was resized since it had shape "
                              f"{list(target.shape)}, which does not match the required output shape {list(shape)}. "
                              "This behavior is deprecated, and in a future PyTorch release outputs will not be "
                              "resized unless they have zero elements. You can explicitly reuse an out tensor t by "
                              "resizing it, inplace, to zero elements with t.resize_(0).", UserWarning, stacklevel=4)
            resize_to(target, shape)
        target.copy_(value)


def _can_cast(have: np.dtype, want: np.dtype) -> bool:
    """torch's canCast: no complex into a real type, no float into an integer, nothing but bool into bool."""
    if have.kind == "c" and want.kind != "c":
        return False
    if have.kind == "f" and want.kind in "iub":
        return False
    return not (want.kind == "b" and have.kind != "b")


_NAMESPACES = ("torch", "torch.special", "torch.linalg")
_names: dict = {}     # function -> torch's name of it in messages, or None: not one of torch's functions


def out_name(fn) -> str | None:
    """torch's name of ``fn`` when it is one of the torch, torch.special, torch.linalg or torch.fft
    functions, or ``F.normalize`` (the one torch.nn.functional function with ``out``), all of which
    take ``out=`` (written by ``call_with_out``); None for anything else."""
    if type(fn) is not FunctionType or not (fn.__module__ or "").startswith("gradcli.engine"):
        return None
    if fn in _names:
        return _names[fn]
    name = None
    if fn.__module__ == "gradcli.engine.fft" and not fn.__name__.startswith("_"):
        name = "fft_" + fn.__name__
    elif fn.__module__ == "gradcli.engine.nn.functional" and fn.__name__ == "normalize":
        name = "normalize"
    for ns in _NAMESPACES:
        if name is None and any(f is fn for f in public.FUNCTIONS[ns].values()):
            name = ("linalg_" if ns == "torch.linalg" and not fn.__name__.startswith("linalg_") else "") + fn.__name__
    _names[fn] = name
    return name


# torch 2.13's functions that take no ``out`` (none of their overloads in torch/_C/_VariableFunctions.pyi
# has it, or their Python signature lacks it): "relu() got an unexpected keyword argument 'out'"
NO_OUT = frozenset((
    'abs_', 'acos_', 'acosh_', 'adaptive_avg_pool1d', 'addmv_', 'adjoint', 'allclose', 'arccos_', 'arccosh_',
    'arcsin_', 'arcsinh_', 'arctan_', 'arctanh_', 'are_deterministic_algorithms_enabled', 'argwhere',
    'as_strided', 'as_tensor', 'asarray', 'asin_', 'asinh_', 'atan_', 'atanh_', 'atleast_1d', 'atleast_2d',
    'atleast_3d', 'avg_pool1d', 'bartlett_window', 'batch_norm', 'bilinear', 'binary_cross_entropy_with_logits',
    'bincount', 'binomial', 'blackman_window', 'block_diag', 'broadcast_shapes', 'broadcast_tensors',
    'broadcast_to', 'can_cast', 'cartesian_prod', 'cdist', 'ceil_', 'celu', 'celu_', 'channel_shuffle', 'chunk',
    'clamp_', 'clamp_max_', 'clamp_min_', 'clip_', 'clone', 'combinations', 'compile', 'conj', 'conv1d',
    'conv2d', 'conv3d', 'conv_transpose1d', 'conv_transpose2d', 'corrcoef', 'cos_', 'cosh_',
    'cosine_embedding_loss', 'cosine_similarity', 'count_nonzero', 'cov', 'ctc_loss', 'cumulative_trapezoid',
    'deg2rad_', 'det', 'detach', 'detach_', 'diag_embed', 'diagflat', 'diagonal', 'diagonal_scatter', 'dist',
    'dropout', 'dsplit', 'eig', 'einsum', 'embedding', 'empty_like', 'empty_strided', 'equal', 'erf_', 'erfc_',
    'exp2_', 'exp_', 'expm1_', 'fill', 'fill_', 'fix_', 'flatten', 'flip', 'fliplr', 'flipud', 'floor_',
    'frac_', 'from_numpy', 'full_like', 'gcd_', 'get_default_device', 'get_float32_matmul_precision',
    'get_num_interop_threads', 'get_num_threads', 'get_rng_state', 'gradient', 'group_norm', 'hamming_window',
    'hann_window', 'hinge_embedding_loss', 'hsplit', 'i0_', 'imag', 'index_fill', 'index_put', 'initial_seed',
    'instance_norm', 'is_complex', 'is_conj', 'is_deterministic_algorithms_warn_only_enabled',
    'is_floating_point', 'is_inference', 'is_neg', 'is_nonzero', 'is_same_size', 'is_signed', 'is_storage',
    'is_tensor', 'is_warn_always_enabled', 'isclose', 'isfinite', 'isinf', 'isnan', 'isreal', 'istft',
    'kaiser_window', 'kl_div', 'layer_norm', 'layout', 'lcm_', 'ldexp_', 'log10_', 'log1p_', 'log2_', 'log_',
    'logdet', 'logit_', 'manual_seed', 'margin_ranking_loss', 'masked_fill', 'masked_scatter', 'matrix_exp',
    'max_pool1d', 'max_pool2d', 'max_pool3d', 'memory_format', 'meshgrid', 'moveaxis', 'movedim', 'nan_to_num_',
    'narrow', 'neg_', 'negative_', 'numel', 'ones_like', 'pairwise_distance', 'pca_lowrank', 'pdist', 'permute',
    'pinverse', 'pixel_shuffle', 'pixel_unshuffle', 'poisson', 'poisson_nll_loss', 'positive', 'prelu', 'put',
    'rad2deg_', 'rand_like', 'randint_like', 'randn_like', 'ravel', 'real', 'reciprocal_', 'relu', 'relu_',
    'repeat_interleave', 'reshape', 'resolve_conj', 'resolve_neg', 'result_type', 'rms_norm', 'roll', 'rot90',
    'round_', 'rrelu', 'rsqrt_', 'rsub', 'save', 'scalar_tensor', 'seed', 'select', 'select_scatter', 'selu',
    'selu_', 'set_default_device', 'set_default_tensor_type', 'set_float32_matmul_precision',
    'set_num_interop_threads', 'set_num_threads', 'set_rng_state', 'set_warn_always', 'sigmoid_', 'sin_',
    'sinc_', 'sinh_', 'split', 'split_with_sizes', 'sqrt_', 'square_', 'squeeze', 'std_mean', 'stft',
    'svd_lowrank', 'swapaxes', 'swapdims', 't', 'tan_', 'tanh_', 'tensor', 'tensor_split', 'threshold_', 'tile',
    'trace', 'transpose', 'trapezoid', 'trapz', 'tril_indices', 'triplet_margin_loss', 'triu_indices', 'trunc_',
    'typename', 'unbind', 'unflatten', 'unravel_index', 'unsafe_chunk', 'unsafe_split',
    'unsafe_split_with_sizes', 'unsqueeze', 'use_deterministic_algorithms', 'vander', 'var_mean',
    'view_as_complex', 'view_as_real', 'vsplit', 'xlogy_', 'zero_', 'zeros_like', 'linalg_vander',
    'fft_fftshift', 'fft_ifftshift'))
_DIM_FOR_OUT = frozenset(("sum", "prod", "median", "nanmedian"))   # out only beside a dim
_NUMBERS_AS_TENSORS = frozenset(("add", "sub", "mul", "div"))      # torch's parser allows out=3 there
