"""``torch.nn.utils``: gradient clipping and flattening parameters, as torch computes them, and the
older weight_norm / spectral_norm hooks."""
from __future__ import annotations

import warnings

import numpy as np

from .. import creation, functions
from . import rnn_utils as rnn  # noqa: F401  (torch.nn.utils.rnn)
from . import prune  # noqa: F401  (torch.nn.utils.prune)
from ..autograd.grad_mode import no_grad
from ..sparse import is_coo
from ..tensor import Tensor, make, storage
from .fusion import fuse_conv_bn_eval, fuse_conv_bn_weights, fuse_linear_bn_eval, fuse_linear_bn_weights
from .norm_hooks import remove_spectral_norm, remove_weight_norm, spectral_norm, weight_norm

__all__ = ["clip_grad_norm", "clip_grad_norm_", "clip_grad_value_", "get_total_norm", "clip_grads_with_norm_", "parameters_to_vector", "vector_to_parameters", "weight_norm",
           "remove_weight_norm", "spectral_norm", "remove_spectral_norm", "fuse_conv_bn_eval", "fuse_conv_bn_weights",
           "fuse_linear_bn_eval", "fuse_linear_bn_weights"]


def _params(parameters) -> list:
    return [parameters] if isinstance(parameters, Tensor) else list(parameters)


def _dense(grads, op: str) -> list:
    """The gradients, refusing a sparse one (nn.Embedding(sparse=True)'s) as torch's kernels do."""
    for g in grads:
        if is_coo(g._data):
            raise NotImplementedError(
                f"Could not run 'aten::{op}' with arguments from the 'SparseCPU' backend. This could be because "
                "the operator doesn't exist for this backend, or was omitted during the selective/custom build "
                "process (if using custom build).")
    return grads


def clip_grad_norm_(parameters, max_norm: float, norm_type: float = 2.0, error_if_nonfinite: bool = False,
                    foreach=None):
    """Scale every gradient by max_norm / (total norm + 1e-6) when that is below 1; returns the
    total norm (the norm of the gradients' norms)."""
    parameters = _params(parameters)   # a generator (model.parameters()) is read once
    total = get_total_norm([p.grad for p in parameters if p.grad is not None], norm_type, error_if_nonfinite)
    clip_grads_with_norm_(parameters, max_norm, total)
    return total


def get_total_norm(tensors, norm_type: float = 2.0, error_if_nonfinite: bool = False, foreach=None):
    """The norm of the tensors' norms (what clip_grad_norm_ clips by); 0 for no tensors."""
    arrays = [storage(t) for t in _dense(_params(tensors), "linalg_vector_norm")]
    if not arrays:
        return creation.tensor(0.0)
    norm_type = float(norm_type)
    if norm_type == float("inf"):
        norms = np.array([np.max(np.abs(g)) if g.size else 0.0 for g in arrays], dtype=arrays[0].dtype)
        total = norms.max()
    else:
        norms = np.array([np.sum(np.abs(g) ** norm_type) ** (1.0 / norm_type) for g in arrays], dtype=arrays[0].dtype)
        total = np.sum(np.abs(norms) ** norm_type) ** (1.0 / norm_type)
    total = np.asarray(total, dtype=arrays[0].dtype)
    if error_if_nonfinite and not np.isfinite(total):
        raise RuntimeError(f"The total norm of order {norm_type} for gradients from `parameters` is non-finite, so "
                           "it cannot be clipped. To disable this error and scale the gradients by the non-finite "
                           "norm anyway, set `error_if_nonfinite=False`")
    return make(total)


def clip_grads_with_norm_(parameters, max_norm: float, total_norm, foreach=None) -> None:
    """Scale every gradient by max_norm / (total_norm + 1e-6) when that is below 1, in place. The
    quotient is torch's ``max_norm / tensor``: a reciprocal times max_norm (a division differs in the
    last bit on a fourth of norms)."""
    total = storage(total_norm)
    one = total.dtype.type
    coef = np.minimum(one(1) / (total + one(1e-6)) * one(max_norm), one(1))
    for p in _params(parameters):
        if p.grad is not None:
            g = storage(p.grad)
            g *= coef.astype(g.dtype)
            if p.grad._vc is not None:
                p.grad._vc[0] += 1


def clip_grad_norm(parameters, max_norm: float, norm_type: float = 2.0, error_if_nonfinite: bool = False,
                   foreach=None) -> Tensor:
    """The deprecated name older scripts call (pytorch/examples' word language model): clip_grad_norm_,
    with torch's FutureWarning."""
    warnings.warn("`torch.nn.utils.clip_grad_norm` is now deprecated in favor of `torch.nn.utils.clip_grad_norm_`.",
                  FutureWarning, stacklevel=2)
    return clip_grad_norm_(parameters, max_norm, norm_type, error_if_nonfinite, foreach)


def clip_grad_value_(parameters, clip_value: float, foreach=None) -> None:
    """Clamp every gradient element to [-clip_value, clip_value] in place."""
    grads = _dense([p.grad for p in _params(parameters) if p.grad is not None], "clamp_min_")
    with no_grad():
        for g in grads:
            g.clamp_(-clip_value, clip_value)


def parameters_to_vector(parameters):
    """One vector of every parameter's values (recorded: gradients flow back to the parameters)."""
    return functions.cat([p.reshape(-1) for p in _params(parameters)])


def vector_to_parameters(vec, parameters) -> None:
    """Copy consecutive slices of ``vec`` into the parameters' data."""
    if not isinstance(vec, Tensor):
        raise TypeError(f"expected torch.Tensor, but got: {type(vec).__name__}")
    offset = 0
    with no_grad():
        for p in _params(parameters):
            n = p.numel()
            p.copy_(vec[offset:offset + n].reshape(p.shape))
            offset += n
