"""``torch.nn.utils.parametrizations``: weight_norm and spectral_norm as parametrizations
(``parametrizations.weight.original0/1``, ``_u``/``_v`` buffers), computed as torch computes them.
Also torch's ``_weight_norm`` and ``norm_except_dim``, which the older hooks share."""
from __future__ import annotations

from ..autograd.grad_mode import no_grad
from ..dispatch import call
from ..functions.linear_algebra import mv, vdot
from ..ops.weight_norm import WEIGHT_NORM
from ..tensor import Tensor
from . import functional as F
from . import parametrize
from .module import Module
from .spatial_layers import ConvTranspose1d, ConvTranspose2d, ConvTranspose3d

__all__ = ["spectral_norm", "weight_norm"]


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
    if dim == 0 or dim == v.ndim - 1:
        return call(WEIGHT_NORM, (v.contiguous(), g.contiguous()), {"dim": dim})[0]
    return v * (g / norm_except_dim(v, 2, dim))


class _WeightNorm(Module):
    def __init__(self, dim=0) -> None:
        super().__init__()
        self.dim = -1 if dim is None else dim

    def forward(self, weight_g, weight_v):
        return _weight_norm(weight_v, weight_g, self.dim)

    def right_inverse(self, weight):
        return norm_except_dim(weight, 2, self.dim), weight


def weight_norm(module, name: str = "weight", dim=0):
    """``name`` = g * v / ||v||, g (``original0``) and v (``original1``) trained in its place."""
    parametrize.register_parametrization(module, name, _WeightNorm(dim), unsafe=True)
    return module


def reshape_weight_to_matrix(weight, dim: int):
    """The weight with ``dim`` first, flattened to a matrix (what spectral norm measures)."""
    if dim != 0:
        weight = weight.permute(dim, *(d for d in range(weight.ndim) if d != dim))
    return weight.flatten(1)


class _SpectralNorm(Module):
    def __init__(self, weight, n_power_iterations: int = 1, dim: int = 0, eps: float = 1e-12) -> None:
        super().__init__()
        ndim = weight.ndim
        if dim >= ndim or dim < -ndim:
            raise IndexError(f"Dimension out of range (expected to be in range of [-{ndim}, {ndim - 1}] but got {dim})")
        if n_power_iterations <= 0:
            raise ValueError(f"Expected n_power_iterations to be positive, but got n_power_iterations="
                             f"{n_power_iterations}")
        self.dim = dim if dim >= 0 else dim + ndim
        self.eps = eps
        if ndim > 1:    # a vector is normalized exactly, without u and v
            self.n_power_iterations = n_power_iterations
            weight_mat = reshape_weight_to_matrix(weight, self.dim)
            h, w = weight_mat.shape
            u = weight_mat.new_empty(h).normal_(0, 1)
            v = weight_mat.new_empty(w).normal_(0, 1)
            self.register_buffer("_u", F.normalize(u, dim=0, eps=self.eps))
            self.register_buffer("_v", F.normalize(v, dim=0, eps=self.eps))
            self._power_method(weight_mat, 15)

    def _power_method(self, weight_mat, n_power_iterations: int) -> None:
        """u and v move toward the first singular vectors (updated in place, as torch's ``out=``)."""
        with no_grad():
            for _ in range(n_power_iterations):
                self._u.copy_(F.normalize(mv(weight_mat, self._v), dim=0, eps=self.eps))
                self._v.copy_(F.normalize(mv(weight_mat.H, self._u), dim=0, eps=self.eps))

    def forward(self, weight):
        if weight.ndim == 1:
            return F.normalize(weight, dim=0, eps=self.eps)
        weight_mat = reshape_weight_to_matrix(weight, self.dim)
        if self.training:
            self._power_method(weight_mat, self.n_power_iterations)
        u, v = self._u.clone(), self._v.clone()
        return weight / vdot(u, mv(weight_mat, v))

    def right_inverse(self, value):
        return value


def spectral_norm(module, name: str = "weight", n_power_iterations: int = 1, eps: float = 1e-12, dim=None):
    """``name`` divided by its largest singular value, estimated by power iteration in training."""
    weight = getattr(module, name, None)
    if not isinstance(weight, Tensor):
        raise ValueError(f"Module '{module}' has no parameter or buffer with name '{name}'")
    if dim is None:
        dim = 1 if _is_conv_transpose(module) else 0
    parametrize.register_parametrization(module, name, _SpectralNorm(weight, n_power_iterations, dim, eps))
    return module


def _is_conv_transpose(module) -> bool:
    return isinstance(module, (ConvTranspose1d, ConvTranspose2d, ConvTranspose3d))
