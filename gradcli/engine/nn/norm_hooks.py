"""The older ``torch.nn.utils.weight_norm`` and ``spectral_norm``: forward pre-hooks that recompute
``module.weight`` (a plain attribute) from ``weight_g``/``weight_v`` or ``weight_orig`` and the
``weight_u``/``weight_v`` buffers before every call, as torch's. Also torch's ``_weight_norm`` and
``norm_except_dim``, which the parametrizations share."""
from __future__ import annotations

import warnings

from ..autograd.grad_mode import no_grad
from ..dispatch import call
from ..functions.linear_algebra import dot, mv
from . import functional as F
from .module import Parameter

__all__ = ["weight_norm", "remove_weight_norm", "spectral_norm", "remove_spectral_norm"]


def norm_except_dim(v, pow=2, dim=0):
    """The p-norm over every dim but ``dim`` (kept with size 1); ``dim=-1``: the norm of everything."""
    if dim == -1:
        return v.norm(pow)
    if dim == 0:
        shape = (v.shape[0],) + (1,) * (v.ndim - 1)
        return v.contiguous().view(v.shape[0], -1).norm(pow, 1).view(shape)
    if dim == v.ndim - 1:
        shape = (1,) * (v.ndim - 1) + (v.shape[-1],)
        return v.contiguous().view(-1, v.shape[-1]).norm(pow, 0).view(shape)
    return norm_except_dim(v.transpose(0, dim), pow, 0).transpose(0, dim)


def _weight_norm(v, g, dim=0):
    """v * (g / ||v||): torch's fused node for dim 0 and the last dim, plain ops otherwise."""
    from ..ops.weight_norm import WEIGHT_NORM
    if dim == 0 or dim == v.ndim - 1:
        return call(WEIGHT_NORM, (v.contiguous(), g.contiguous()), {"dim": dim})[0]
    return v * (g / norm_except_dim(v, 2, dim))


def reshape_weight_to_matrix(weight, dim: int):
    """The weight with ``dim`` first, flattened to a matrix (what spectral norm measures)."""
    if dim != 0:
        weight = weight.permute(dim, *(d for d in range(weight.ndim) if d != dim))
    return weight.flatten(1)


def _is_conv_transpose(module) -> bool:
    """torch's spectral norm measures a transposed convolution's weight along dim 1 (its classes are
    named here, not imported: nn.utils would load every spatial layer)."""
    return any(cls.__name__ in ("ConvTranspose1d", "ConvTranspose2d", "ConvTranspose3d")
               and cls.__module__ == "gradcli.engine.nn.spatial_layers" for cls in type(module).__mro__)


class WeightNorm:
    """The pre-hook of ``weight_norm``: ``module.<name> = _weight_norm(<name>_v, <name>_g, dim)``."""

    def __init__(self, name: str, dim) -> None:
        self.name = name
        self.dim = -1 if dim is None else dim

    def compute_weight(self, module):
        return _weight_norm(getattr(module, self.name + "_v"), getattr(module, self.name + "_g"), self.dim)

    def remove(self, module) -> None:
        weight = self.compute_weight(module)
        delattr(module, self.name)
        del module._parameters[self.name + "_g"]
        del module._parameters[self.name + "_v"]
        setattr(module, self.name, Parameter(weight.data))

    def __call__(self, module, inputs) -> None:
        setattr(module, self.name, self.compute_weight(module))


def weight_norm(module, name: str = "weight", dim=0):
    warnings.warn("`torch.nn.utils.weight_norm` is deprecated in favor of "
                  "`torch.nn.utils.parametrizations.weight_norm`.", FutureWarning, stacklevel=2)
    if _find(module, WeightNorm, name) is not None:
        raise RuntimeError(f"Cannot register two weight_norm hooks on the same parameter {name}")
    fn = WeightNorm(name, dim)
    weight = getattr(module, name)
    del module._parameters[name]
    module.register_parameter(name + "_g", Parameter(norm_except_dim(weight, 2, fn.dim).data))
    module.register_parameter(name + "_v", Parameter(weight.data))
    setattr(module, name, fn.compute_weight(module))
    module.register_forward_pre_hook(fn)
    return module


def _find(module, kind, name: str):
    """The key of ``module``'s pre-hook of this kind for ``name``, or None."""
    return next((k for k, hook in module._forward_pre_hooks.items() if isinstance(hook, kind) and hook.name == name),
                None)


def remove_weight_norm(module, name: str = "weight"):
    return _remove(module, WeightNorm, "weight_norm", name)


class SpectralNorm:
    """The pre-hook of ``spectral_norm``: in training one power iteration updates the buffers
    ``<name>_u`` and ``<name>_v`` in place, then ``module.<name> = <name>_orig / sigma``."""

    def __init__(self, name="weight", n_power_iterations=1, dim=0, eps=1e-12) -> None:
        if n_power_iterations <= 0:
            raise ValueError(f"Expected n_power_iterations to be positive, but got n_power_iterations="
                             f"{n_power_iterations}")
        self.name, self.dim, self.n_power_iterations, self.eps = name, dim, n_power_iterations, eps

    def compute_weight(self, module, do_power_iteration: bool):
        weight = getattr(module, self.name + "_orig")
        u, v = getattr(module, self.name + "_u"), getattr(module, self.name + "_v")
        weight_mat = reshape_weight_to_matrix(weight, self.dim)
        if do_power_iteration:
            with no_grad():
                for _ in range(self.n_power_iterations):
                    v.copy_(F.normalize(mv(weight_mat.t(), u), dim=0, eps=self.eps))
                    u.copy_(F.normalize(mv(weight_mat, v), dim=0, eps=self.eps))
                u, v = u.clone(), v.clone()
        return weight / dot(u, mv(weight_mat, v))

    def remove(self, module) -> None:
        with no_grad():
            weight = self.compute_weight(module, do_power_iteration=False)
        for suffix in ("", "_u", "_v", "_orig"):
            delattr(module, self.name + suffix)
        module.register_parameter(self.name, Parameter(weight.detach()))

    def __call__(self, module, inputs) -> None:
        setattr(module, self.name, self.compute_weight(module, do_power_iteration=module.training))


def spectral_norm(module, name: str = "weight", n_power_iterations: int = 1, eps: float = 1e-12, dim=None):
    if dim is None:
        dim = 1 if _is_conv_transpose(module) else 0
    if _find(module, SpectralNorm, name) is not None:
        raise RuntimeError(f"Cannot register two spectral_norm hooks on the same parameter {name}")
    fn = SpectralNorm(name, n_power_iterations, dim, eps)
    weight = module._parameters[name]
    if weight is None:
        raise ValueError(f"`SpectralNorm` cannot be applied as parameter `{name}` is None")
    with no_grad():
        h, w = reshape_weight_to_matrix(weight, dim).shape
        u = F.normalize(weight.new_empty(h).normal_(0, 1), dim=0, eps=eps)
        v = F.normalize(weight.new_empty(w).normal_(0, 1), dim=0, eps=eps)
    delattr(module, name)
    module.register_parameter(name + "_orig", weight)
    setattr(module, name, weight.data)
    module.register_buffer(name + "_u", u)
    module.register_buffer(name + "_v", v)
    module.register_forward_pre_hook(fn)
    return module


def remove_spectral_norm(module, name: str = "weight"):
    return _remove(module, SpectralNorm, "spectral_norm", name)


def _remove(module, hook_class, label: str, name: str):
    """Take the hook of ``hook_class`` on ``name`` off ``module``, its parameter restored (torch's remove_*)."""
    key = _find(module, hook_class, name)
    if key is None:
        raise ValueError(f"{label} of '{name}' not found in {module}")
    module._forward_pre_hooks.pop(key).remove(module)
    return module
