"""PReLU, RReLU, SyncBatchNorm, Softmax2d, RMSNorm, InstanceNorm1d/2d/3d, LocalResponseNorm, CrossMapLRN2d,
PixelShuffle, PixelUnshuffle, ChannelShuffle, Unfold, Fold, AlphaDropout, FeatureAlphaDropout and the
ParameterDict container, and LazyLinear, LazyConv1d/2d/3d, LazyBatchNorm1d/2d/3d: torch's constructors, parameters, reprs and train/eval behaviour over
``torch.nn.functional``."""
from __future__ import annotations

import warnings

from ..device import require_cpu
from .. import creation, dtypes
from ..autograd.grad_mode import no_grad
from ..tensor import Tensor
from . import functional as F
from .cross_map_lrn import CrossMapLRN2d as _cross_map_lrn2d
from .layers import Linear
from .module import Module, Parameter
from .spatial_layers import (BatchNorm1d, BatchNorm2d, BatchNorm3d, Conv1d, Conv2d, Conv3d, ConvTranspose1d,
                             ConvTranspose2d, ConvTranspose3d, _BatchNorm, _dtype)


class PReLU(Module):
    """max(0, x) + a min(0, x) with a learnable slope a (one, or one per channel), 0.25 at first."""

    def __init__(self, num_parameters: int = 1, init: float = 0.25, device=None, dtype=None):
        require_cpu(device)
        self.num_parameters = num_parameters
        super().__init__()
        self.init = init
        self.weight = Parameter(creation.empty(num_parameters, dtype=_dtype(dtype)))
        self.reset_parameters()

    def reset_parameters(self) -> None:
        with no_grad():
            self.weight.fill_(self.init)

    def forward(self, input):
        return F.prelu(input, self.weight)

    def extra_repr(self) -> str:
        return f"num_parameters={self.num_parameters}"


class RReLU(Module):
    def __init__(self, lower: float = 1.0 / 8, upper: float = 1.0 / 3, inplace: bool = False):
        super().__init__()
        self.lower, self.upper, self.inplace = lower, upper, inplace

    def forward(self, input):
        return F.rrelu(input, self.lower, self.upper, self.training, self.inplace)

    def extra_repr(self) -> str:
        return f"lower={self.lower}, upper={self.upper}" + (", inplace=True" if self.inplace else "")


class Softmax2d(Module):
    """Softmax over the channels of each position of (N, C, H, W) or (C, H, W) input."""

    def forward(self, input):
        if input.ndim not in (3, 4):
            raise ValueError(f"Softmax2d: expected input to be 3D or 4D, got {input.ndim}D instead")
        return F.softmax(input, -3)


class RMSNorm(Module):
    def __init__(self, normalized_shape, eps=None, elementwise_affine: bool = True, device=None, dtype=None):
        require_cpu(device)
        super().__init__()
        self.normalized_shape = (normalized_shape,) if isinstance(normalized_shape, int) else tuple(normalized_shape)
        self.eps, self.elementwise_affine = eps, elementwise_affine
        if elementwise_affine:
            self.weight = Parameter(creation.ones(*self.normalized_shape, dtype=_dtype(dtype)))
        else:
            self.register_parameter("weight", None)

    def reset_parameters(self) -> None:
        if self.elementwise_affine:
            with no_grad():
                self.weight.fill_(1)

    def forward(self, x):
        return F.rms_norm(x, self.normalized_shape, self.weight, self.eps)

    def extra_repr(self) -> str:
        return f"{self.normalized_shape}, eps={self.eps}, elementwise_affine={self.elementwise_affine}"


class _InstanceNorm(_BatchNorm):
    """Normalization of each example's channels over their own positions; the running statistics
    (track_running_stats=True) are used in eval."""

    _batch_norm = False   # torch's instance norms are not _BatchNorm subclasses

    no_batch_dim = 2

    def __init__(self, num_features: int, eps: float = 1e-5, momentum: float = 0.1, affine: bool = False,
                 track_running_stats: bool = False, device=None, dtype=None, *, bias: bool = True):
        require_cpu(device)
        super().__init__(num_features, eps, momentum, affine, track_running_stats, device, dtype, bias=bias)

    def forward(self, input):
        self._check_input_dim(input)
        feature_dim = input.ndim - self.no_batch_dim
        if input.shape[feature_dim] != self.num_features:
            if self.affine:
                raise ValueError(f"expected input's size at dim={feature_dim} to match num_features "
                                 f"({self.num_features}), but got: {input.shape[feature_dim]}.")
            warnings.warn(f"input's size at dim={feature_dim} does not match num_features. You can silence this "
                          "warning by not passing in num_features, which is not used because affine=False",
                          UserWarning, stacklevel=2)
        if input.ndim == self.no_batch_dim:
            return self._normalize(input.unsqueeze(0)).squeeze(0)
        return self._normalize(input)

    def _normalize(self, input):
        return F.instance_norm(input, self.running_mean, self.running_var, self.weight, self.bias,
                               self.training or not self.track_running_stats,
                               self.momentum if self.momentum is not None else 0.0, self.eps)

    def _check_input_dim(self, input) -> None:
        if input.ndim not in (self.no_batch_dim, self.no_batch_dim + 1):
            raise ValueError(f"expected {self.no_batch_dim}D or {self.no_batch_dim + 1}D input "
                             f"(got {input.ndim}D input)")


class InstanceNorm1d(_InstanceNorm):
    no_batch_dim = 2


class InstanceNorm2d(_InstanceNorm):
    no_batch_dim = 3


class InstanceNorm3d(_InstanceNorm):
    no_batch_dim = 4


class LocalResponseNorm(Module):
    def __init__(self, size: int, alpha: float = 1e-4, beta: float = 0.75, k: float = 1.0):
        super().__init__()
        self.size, self.alpha, self.beta, self.k = size, alpha, beta, k

    def forward(self, input):
        return F.local_response_norm(input, self.size, self.alpha, self.beta, self.k)

    def extra_repr(self) -> str:
        return f"{self.size}, alpha={self.alpha}, beta={self.beta}, k={self.k}"


class CrossMapLRN2d(Module):
    def __init__(self, size: int, alpha: float = 1e-4, beta: float = 0.75, k: float = 1):
        super().__init__()
        self.size, self.alpha, self.beta, self.k = size, alpha, beta, k

    def forward(self, input):
        return _cross_map_lrn2d.apply(input, self.size, self.alpha, self.beta, self.k)

    def extra_repr(self) -> str:
        return f"{self.size}, alpha={self.alpha}, beta={self.beta}, k={self.k}"


class PixelShuffle(Module):
    def __init__(self, upscale_factor: int):
        super().__init__()
        self.upscale_factor = upscale_factor

    def forward(self, input):
        return F.pixel_shuffle(input, self.upscale_factor)

    def extra_repr(self) -> str:
        return f"upscale_factor={self.upscale_factor}"


class PixelUnshuffle(Module):
    def __init__(self, downscale_factor: int):
        super().__init__()
        self.downscale_factor = downscale_factor

    def forward(self, input):
        return F.pixel_unshuffle(input, self.downscale_factor)

    def extra_repr(self) -> str:
        return f"downscale_factor={self.downscale_factor}"


class ChannelShuffle(Module):
    def __init__(self, groups: int):
        super().__init__()
        self.groups = groups

    def forward(self, input):
        return F.channel_shuffle(input, self.groups)

    def extra_repr(self) -> str:
        return f"groups={self.groups}"


class Unfold(Module):
    def __init__(self, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__()
        self.kernel_size, self.dilation, self.padding, self.stride = kernel_size, dilation, padding, stride

    def forward(self, input):
        return F.unfold(input, self.kernel_size, self.dilation, self.padding, self.stride)

    def extra_repr(self) -> str:
        return (f"kernel_size={self.kernel_size}, dilation={self.dilation}, padding={self.padding}, "
                f"stride={self.stride}")


class Fold(Unfold):
    def __init__(self, output_size, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__(kernel_size, dilation, padding, stride)
        self.output_size = output_size

    def forward(self, input):
        return F.fold(input, self.output_size, self.kernel_size, self.dilation, self.padding, self.stride)

    def extra_repr(self) -> str:
        return f"output_size={self.output_size}, " + super().extra_repr()


class _AlphaDropout(Module):
    feature = False

    def __init__(self, p: float = 0.5, inplace: bool = False):
        super().__init__()
        if p < 0 or p > 1:
            raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
        self.p, self.inplace = p, inplace

    def forward(self, input):
        fn = F.feature_alpha_dropout if self.feature else F.alpha_dropout
        return fn(input, self.p, self.training)

    def extra_repr(self) -> str:
        return f"p={self.p}, inplace={self.inplace}"


class AlphaDropout(_AlphaDropout):
    """Dropout that keeps a SELU network's mean and variance."""


class FeatureAlphaDropout(_AlphaDropout):
    """AlphaDropout of whole channels."""

    feature = True


class ParameterDict(Module):
    """A dict of parameters whose owner sees them (``named_parameters`` as ``<name>.<key>``); a plain
    dict given to it is taken in sorted key order, as torch does."""

    def __init__(self, parameters=None):
        super().__init__()
        object.__setattr__(self, "_keys", {})
        if parameters is not None:
            self.update(parameters)

    def __getitem__(self, key):
        self._check_key(key)
        if key not in self._keys and key.startswith("_"):
            # torch reads any attribute by its key (``pd["__dict__"]``); the module's own state is
            # not an entry, and scripts must not reach it through one
            raise AttributeError(f"'ParameterDict' object has no attribute '{key}'")
        return getattr(self, key)

    def __setitem__(self, key, value) -> None:
        self._check_key(key)
        if key not in self._keys and hasattr(self, key):
            # torch's register_parameter refuses the name of an attribute the module has (``training``,
            # ``_parameters``): a key never replaces the module's own state
            raise KeyError(f"attribute '{key}' already exists")
        self._keys[key] = None
        if isinstance(value, Tensor) and not isinstance(value, Parameter):
            value = Parameter(value)
        setattr(self, key, value)

    @staticmethod
    def _check_key(key) -> None:
        if not isinstance(key, str):
            raise TypeError("Index given to ParameterDict cannot be used as a key as it is not a string (type is "
                            f"'{type(key).__name__}'). Open an issue on github if you need non-string keys.")

    def __delitem__(self, key) -> None:
        del self._keys[key]
        delattr(self, key)

    def __len__(self) -> int:
        return len(self._keys)

    def __iter__(self):
        return iter(self._keys)

    def __contains__(self, key) -> bool:
        return key in self._keys

    def keys(self):
        return self._keys.keys()

    def items(self):
        return [(k, self[k]) for k in self._keys]

    def values(self):
        return [self[k] for k in self._keys]

    def get(self, key, default=None):
        return self[key] if key in self else default

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]

    def pop(self, key):
        value = self[key]
        del self[key]
        return value

    def clear(self) -> None:
        for key in list(self._keys):
            del self[key]

    def update(self, parameters) -> None:
        if isinstance(parameters, ParameterDict):
            pairs = parameters.items()
        elif isinstance(parameters, dict):
            pairs = sorted(parameters.items())
        else:
            pairs = list(parameters)
        for key, value in pairs:
            self[key] = value

    def __call__(self, *args, **kwargs):
        raise RuntimeError("ParameterDict should not be called.")

    def extra_repr(self) -> str:
        lines = []
        for key, p in self.items():
            if isinstance(p, Tensor):
                kind = "Parameter" if isinstance(p, Parameter) else "Tensor"
                size = "x".join(str(s) for s in p.shape)
                lines.append(f"  ({key}): {kind} containing: [torch.{dtypes.scalar_type_name(p._data.dtype)}Tensor "
                             f"of size {size}]")
            else:
                lines.append(f"  ({key}): Object of type: {type(p).__name__}")
        return "\n".join(lines)


class LazyLinear(Linear):
    """A Linear whose ``in_features`` is the last dim of its first input: its parameters (the same
    objects, so an optimizer made before may hold them) take their shapes and torch's initialisation
    then, and the module becomes a ``Linear``."""

    def __init__(self, out_features: int, bias: bool = True, device=None, dtype=None):
        require_cpu(device)
        Module.__init__(self)
        self.in_features, self.out_features = 0, out_features
        self._dtype = _dtype(dtype)
        self.weight = Parameter(creation.empty(out_features, 0, dtype=self._dtype))
        self.register_parameter("bias", Parameter(creation.empty(out_features, dtype=self._dtype)) if bias else None)

    def forward(self, input):
        self.in_features = input.shape[-1]
        with no_grad():
            self.weight.data = creation.empty(self.out_features, self.in_features, dtype=self._dtype)
        del self._dtype
        self.reset_parameters()
        self.__class__ = Linear
        return Linear.forward(self, input)


def _lazy_conv(base: type) -> type:
    """A ``base`` convolution (or transposed one) whose in_channels is the channel count of its first
    input; its other arguments are the base's, in the base's order."""

    def __init__(self, out_channels: int, kernel_size, *args, **kwargs):
        base.__init__(self, 0, out_channels, kernel_size, *args, **kwargs)

    def forward(self, input, *args, **kwargs):
        batched = input.ndim == self.dims + 2
        if input.ndim not in (self.dims + 1, self.dims + 2):
            raise RuntimeError(f"Expected {self.dims + 1}D (unbatched) or {self.dims + 2}D (batched) input to "
                               f"{type(self).__name__}, but got input of size: {input.shape}")
        self.in_channels = input.shape[1] if batched else input.shape[0]
        if self.in_channels % self.groups:
            raise ValueError("in_channels must be divisible by groups")
        shape = ((self.in_channels, self.out_channels // self.groups) if self.transposed
                 else (self.out_channels, self.in_channels // self.groups))
        with no_grad():
            self.weight.data = creation.empty(*shape, *self.kernel_size, dtype=self.weight.dtype)
        self.reset_parameters()
        self.__class__ = base
        return base.forward(self, input, *args, **kwargs)

    def reset_parameters(self) -> None:
        if self.in_channels:    # as torch's, a lazy module is initialised once its parameters have their sizes
            base.reset_parameters(self)

    doc = f"A {base.__name__} whose in_channels is the channel count of its first input (then it becomes one)."
    return type(f"Lazy{base.__name__}", (base,), {"__init__": __init__, "forward": forward,
                                                   "reset_parameters": reset_parameters, "__doc__": doc,
                                                   "__module__": __name__})


def _lazy_batch_norm(base: type) -> type:
    """A ``base`` batch norm whose num_features is the channel count of its first input."""

    def __init__(self, eps: float = 1e-5, momentum=0.1, affine: bool = True, track_running_stats: bool = True,
                 device=None, dtype=None):
        require_cpu(device)
        base.__init__(self, 0, eps, momentum, affine, track_running_stats, device, dtype)

    def forward(self, input):
        n = input.shape[1]
        self.num_features = n
        with no_grad():
            for t, make in ((self.weight, creation.ones), (self.bias, creation.zeros), (self.running_mean,
                            creation.zeros), (self.running_var, creation.ones)):
                if t is not None:
                    t.data = make(n, dtype=t.dtype)
        self.__class__ = base
        return base.forward(self, input)

    doc = f"A {base.__name__} whose num_features is the channel count of its first input (then it becomes one)."
    return type(f"Lazy{base.__name__}", (base,), {"__init__": __init__, "forward": forward, "__doc__": doc,
                                                   "__module__": __name__})


LazyConv1d, LazyConv2d, LazyConv3d = (_lazy_conv(c) for c in (Conv1d, Conv2d, Conv3d))
LazyConvTranspose1d, LazyConvTranspose2d, LazyConvTranspose3d = (
    _lazy_conv(c) for c in (ConvTranspose1d, ConvTranspose2d, ConvTranspose3d))
LazyBatchNorm1d, LazyBatchNorm2d, LazyBatchNorm3d = (_lazy_batch_norm(c) for c in (BatchNorm1d, BatchNorm2d,
                                                                                      BatchNorm3d))


class DataParallel(Module):
    """``nn.DataParallel`` on a machine without GPUs, as torch's: it keeps ``module`` (so the state_dict's
    names start with ``module.``) and calls it."""

    def __init__(self, module, device_ids=None, output_device=None, dim: int = 0):
        super().__init__()
        self.module = module
        self.device_ids = []

    def forward(self, *inputs, **kwargs):
        return self.module(*inputs, **kwargs)


class SyncBatchNorm(_BatchNorm):
    """``nn.SyncBatchNorm`` without a process group, as torch's: statistics are only synchronised across
    distributed workers, so outside ``torch.distributed`` it is a BatchNorm for any input of 2+ dims."""

    script_class_members = ("convert_sync_batchnorm",)

    def __init__(self, num_features: int, eps: float = 1e-5, momentum=0.1, affine: bool = True,
                 track_running_stats: bool = True, process_group=None, device=None, dtype=None, *,
                 bias: bool = True):
        require_cpu(device)
        super().__init__(num_features, eps, momentum, affine, track_running_stats, device, dtype, bias=bias)
        self.process_group = process_group

    def _check_input_dim(self, input) -> None:
        if input.ndim < 2:
            raise ValueError(f"expected at least 2D input (got {input.ndim}D input)")
        if input.shape[1] == 0:
            raise ValueError("SyncBatchNorm number of input channels should be non-zero")

    @classmethod
    def convert_sync_batchnorm(cls, module, process_group=None):
        """Every BatchNorm in ``module`` replaced by a SyncBatchNorm sharing its parameters and buffers."""
        output = module
        if isinstance(module, _BatchNorm) and not isinstance(module, _InstanceNorm):
            output = cls(module.num_features, module.eps, module.momentum, module.affine,
                         module.track_running_stats, process_group, bias=module.bias is not None)
            if module.affine:
                output.weight, output.bias = module.weight, module.bias
            output.running_mean, output.running_var = module.running_mean, module.running_var
            output.num_batches_tracked = module.num_batches_tracked
            output.training = module.training
        for name, child in module.named_children():
            output.add_module(name, cls.convert_sync_batchnorm(child, process_group))
        return output
