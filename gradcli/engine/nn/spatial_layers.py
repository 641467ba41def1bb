"""Layers for images, sequences and tokens: Conv1d, Conv2d, MaxPool2d, AvgPool2d, BatchNorm1d,
BatchNorm2d, LayerNorm, Embedding, Bilinear, Unflatten, and the ParameterList container.

Initialisation follows torch's formulas (kaiming-uniform with a=sqrt(5) for convolution and
bilinear weights, N(0, 1) for embeddings, ones and zeros for normalisation) on torch's generator.
"""
from __future__ import annotations

import math
import operator

from ..device import require_cpu
from .. import creation, dtypes, functions
from ..autograd.grad_mode import no_grad
from ..ops.pooling import avg_pool2d
from ..tensor import Tensor
from . import functional as F, init
from .module import Module, Parameter


def _ntuple(value, n: int) -> tuple:
    return tuple(value) if isinstance(value, (list, tuple)) else (value,) * n


def _dtype(dtype):
    return dtypes.as_dtype(dtype) if dtype is not None else dtypes.get_default_dtype()


class _ConvNd(Module):
    """What Conv1d, Conv2d and the transposed ones share: weight (out, in/groups, *kernel), or
    (in, out/groups, *kernel) when transposed, bias, torch's repr."""

    dims = 2
    transposed = False

    def __init__(self, in_channels: int, out_channels: int, kernel_size, stride=1, padding=0, dilation=1,
                 groups: int = 1, bias: bool = True, padding_mode: str = "zeros", device=None, dtype=None):
        require_cpu(device)
        super().__init__()
        if groups <= 0:
            raise ValueError("groups must be a positive integer")
        if in_channels % groups:
            raise ValueError("in_channels must be divisible by groups")
        if out_channels % groups:
            raise ValueError("out_channels must be divisible by groups")
        if isinstance(padding, str):
            if padding not in ("same", "valid"):
                raise ValueError(f"Invalid padding string {padding!r}, should be one of {{'same', 'valid'}}")
            if padding == "same" and any(s != 1 for s in _ntuple(stride, self.dims)):
                raise ValueError("padding='same' is not supported for strided convolutions")
        if padding_mode not in ("zeros", "reflect", "replicate", "circular"):
            raise ValueError("padding_mode must be one of {'zeros', 'reflect', 'replicate', 'circular'}, but got "
                             f"padding_mode={padding_mode!r}")
        n = self.dims
        self.in_channels, self.out_channels = in_channels, out_channels
        self.kernel_size, self.stride = _ntuple(kernel_size, n), _ntuple(stride, n)
        self.padding = padding if isinstance(padding, str) else _ntuple(padding, n)
        self.dilation, self.output_padding = _ntuple(dilation, n), (0,) * n
        self.groups, self.padding_mode = groups, padding_mode
        self.transposed = type(self).transposed     # an attribute of each module, as torch's
        dt = _dtype(dtype)
        shape = ((in_channels, out_channels // groups) if self.transposed else (out_channels, in_channels // groups))
        self.weight = Parameter(creation.empty(*shape, *self.kernel_size, dtype=dt))
        if bias:
            self.bias = Parameter(creation.empty(out_channels, dtype=dt))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self) -> None:
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))   # torch's bound, rounded as torch rounds it
        fan_in = self.weight.shape[1] * math.prod(self.kernel_size)
        if self.bias is not None:        # torch draws it even when the bound is 0
            bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
            init.uniform_(self.bias, -bound, bound)

    def extra_repr(self) -> str:
        n = self.dims
        text = (f"{self.in_channels}, {self.out_channels}, kernel_size={self.kernel_size}, "
                f"stride={self.stride}")
        if self.padding != (0,) * n:
            text += f", padding={self.padding}"
        if self.dilation != (1,) * n:
            text += f", dilation={self.dilation}"
        if self.output_padding != (0,) * n:
            text += f", output_padding={self.output_padding}"
        if self.groups != 1:
            text += f", groups={self.groups}"
        if self.bias is None:
            text += ", bias=False"
        if self.padding_mode != "zeros":
            text += f", padding_mode={self.padding_mode}"
        return text

    def _conv(self, conv, input):
        """torch's _conv_forward: a padding mode other than zeros pads first (F.pad), then convolves
        without padding."""
        if self.padding_mode == "zeros":
            return conv(input, self.weight, self.bias, self.stride, self.padding, self.dilation, self.groups)
        return conv(F.pad(input, self._reversed_padding_repeated_twice(), mode=self.padding_mode), self.weight,
                    self.bias, self.stride, 0, self.dilation, self.groups)

    def _reversed_padding_repeated_twice(self) -> tuple:
        return tuple(x for pair in reversed(self._padding_tuple()) for x in pair)

    def _padding_tuple(self) -> list:
        """(before, after) per dim; 'same' puts the odd extra after, as torch."""
        if self.padding == "valid":
            return [(0, 0)] * self.dims
        if self.padding == "same":
            return [(d * (k - 1) // 2, d * (k - 1) - d * (k - 1) // 2) for k, d in zip(self.kernel_size, self.dilation)]
        return [(p, p) for p in self.padding]


class Conv1d(_ConvNd):
    """A 1-D convolution over (N, C, L) input."""

    dims = 1

    def forward(self, input):
        return self._conv(F.conv1d, input)


class Conv2d(_ConvNd):
    """A 2-D convolution over (N, C, H, W) input."""

    def forward(self, input):
        return self._conv(F.conv2d, input)


class Conv3d(_ConvNd):
    """A 3-D convolution over (N, C, D, H, W) input."""

    dims = 3

    def forward(self, input):
        return self._conv(F.conv3d, input)


class MaxPool2d(Module):
    def __init__(self, kernel_size, stride=None, padding=0, dilation=1, return_indices: bool = False,
                 ceil_mode: bool = False):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding, self.dilation = padding, dilation
        self.return_indices, self.ceil_mode = return_indices, ceil_mode

    def forward(self, input):
        return F.max_pool2d(input, self.kernel_size, self.stride, self.padding, self.dilation, self.ceil_mode,
                            self.return_indices)

    def extra_repr(self) -> str:
        return (f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}, "
                f"dilation={self.dilation}, ceil_mode={self.ceil_mode}")


class AvgPool2d(Module):
    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode: bool = False, count_include_pad: bool = True,
                 divisor_override=None):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding, self.ceil_mode = padding, ceil_mode
        self.count_include_pad, self.divisor_override = count_include_pad, divisor_override

    def forward(self, input):
        return avg_pool2d(input, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                          self.count_include_pad, self.divisor_override)

    def extra_repr(self) -> str:
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class _BatchNorm(Module):
    """Per-channel normalisation with running statistics (buffers) used in eval()."""

    _batch_norm = True   # torch.func.replace_all_batch_norm_modules_ looks for it (torch: isinstance _BatchNorm)
    _version = 2         # (torch's: the version that added num_batches_tracked)

    def __init__(self, num_features: int, eps: float = 1e-5, momentum=0.1, affine: bool = True,
                 track_running_stats: bool = True, device=None, dtype=None, *, bias: bool = True):
        require_cpu(device)
        super().__init__()
        self.num_features, self.eps, self.momentum = num_features, eps, momentum
        self.affine, self.track_running_stats = affine, track_running_stats
        dt = _dtype(dtype)
        if affine:
            self.weight = Parameter(creation.ones(num_features, dtype=dt))
            self.register_parameter("bias", Parameter(creation.zeros(num_features, dtype=dt)) if bias else None)
        else:
            self.register_parameter("weight", None)
            self.register_parameter("bias", None)
        if track_running_stats:
            self.register_buffer("running_mean", creation.zeros(num_features, dtype=dt))
            self.register_buffer("running_var", creation.ones(num_features, dtype=dt))
            self.register_buffer("num_batches_tracked", creation.tensor(0, dtype=dtypes.int64))
        else:
            self.register_buffer("running_mean", None)
            self.register_buffer("running_var", None)
            self.register_buffer("num_batches_tracked", None)

    def _load_from_state_dict(self, state_dict, prefix, local_metadata, *args) -> None:
        """torch's compatibility with checkpoints older than ``num_batches_tracked`` (no version 2
        metadata: also any plain dict): a missing count keeps the module's own."""
        key = prefix + "num_batches_tracked"
        version = local_metadata.get("version")
        if (version is None or version < 2) and self.track_running_stats and key not in state_dict:
            state_dict[key] = self.num_batches_tracked if self.num_batches_tracked is not None \
                else creation.tensor(0, dtype=dtypes.int64)
        super()._load_from_state_dict(state_dict, prefix, local_metadata, *args)

    def reset_running_stats(self) -> None:
        if self.track_running_stats:
            with no_grad():
                self.running_mean.zero_()
                self.running_var.fill_(1)
                self.num_batches_tracked.zero_()

    def reset_parameters(self) -> None:
        self.reset_running_stats()
        if self.affine:
            with no_grad():
                self.weight.fill_(1)
                if self.bias is not None:
                    self.bias.zero_()

    def _check_input_dim(self, input) -> None:
        raise NotImplementedError

    def forward(self, input):
        self._check_input_dim(input)
        momentum = 0.0 if self.momentum is None else self.momentum
        if self.training and self.track_running_stats and self.num_batches_tracked is not None:
            with no_grad():
                self.num_batches_tracked.add_(1)
            if self.momentum is None:    # a cumulative moving average
                momentum = 1.0 / float(self.num_batches_tracked.item())
        use_batch = self.training or self.running_mean is None
        track = not self.training or self.track_running_stats
        return F.batch_norm(input, self.running_mean if track else None, self.running_var if track else None,
                            self.weight, self.bias, use_batch, momentum, self.eps)

    def extra_repr(self) -> str:
        return (f"{self.num_features}, eps={self.eps}, momentum={self.momentum}, affine={self.affine}, "
                f"bias={self.bias is not None}, track_running_stats={self.track_running_stats}")


class BatchNorm1d(_BatchNorm):
    def _check_input_dim(self, input) -> None:
        if input.ndim not in (2, 3):
            raise ValueError(f"expected 2D or 3D input (got {input.ndim}D input)")


class BatchNorm2d(_BatchNorm):
    def _check_input_dim(self, input) -> None:
        if input.ndim != 4:
            raise ValueError(f"expected 4D input (got {input.ndim}D input)")


class BatchNorm3d(_BatchNorm):
    def _check_input_dim(self, input) -> None:
        if input.ndim != 5:
            raise ValueError(f"expected 5D input (got {input.ndim}D input)")


class LayerNorm(Module):
    def __init__(self, normalized_shape, eps: float = 1e-5, elementwise_affine: bool = True, bias: bool = True,
                 device=None, dtype=None):
        require_cpu(device)
        super().__init__()
        self.normalized_shape = (normalized_shape,) if isinstance(normalized_shape, int) else tuple(normalized_shape)
        self.eps, self.elementwise_affine = eps, elementwise_affine
        dt = _dtype(dtype)
        if elementwise_affine:
            self.weight = Parameter(creation.ones(*self.normalized_shape, dtype=dt))
            if bias:
                self.bias = Parameter(creation.zeros(*self.normalized_shape, dtype=dt))
            else:
                self.register_parameter("bias", None)
        else:
            self.register_parameter("weight", None)
            self.register_parameter("bias", None)

    def forward(self, input):
        return F.layer_norm(input, self.normalized_shape, self.weight, self.bias, self.eps)

    def extra_repr(self) -> str:
        return (f"{self.normalized_shape}, eps={self.eps}, elementwise_affine={self.elementwise_affine}, "
                f"bias={self.bias is not None}")


class Embedding(Module):
    script_class_members = ("from_pretrained",)     # ``nn.Embedding.from_pretrained(vectors)``

    def __init__(self, num_embeddings: int, embedding_dim: int, padding_idx=None, max_norm=None,
                 norm_type: float = 2.0, scale_grad_by_freq: bool = False, sparse: bool = False, _weight=None,
                 _freeze: bool = False, device=None, dtype=None):
        require_cpu(device)
        super().__init__()
        if padding_idx is not None:
            if not -num_embeddings <= padding_idx < num_embeddings:
                raise AssertionError("Padding_idx must be within num_embeddings")
            padding_idx %= num_embeddings
        self.num_embeddings, self.embedding_dim, self.padding_idx = num_embeddings, embedding_dim, padding_idx
        self.max_norm, self.norm_type = max_norm, norm_type
        self.scale_grad_by_freq, self.sparse = scale_grad_by_freq, sparse
        if _weight is None:
            self.weight = Parameter(creation.empty(num_embeddings, embedding_dim, dtype=_dtype(dtype)),
                                    requires_grad=not _freeze)
            self.reset_parameters()
        else:
            self.weight = Parameter(_weight, requires_grad=not _freeze)

    def reset_parameters(self) -> None:
        with no_grad():
            self.weight.normal_()
            if self.padding_idx is not None:
                self.weight[self.padding_idx].fill_(0)

    def forward(self, input):
        return F.embedding(input, self.weight, self.padding_idx, self.max_norm, self.norm_type,
                           self.scale_grad_by_freq, self.sparse)

    def extra_repr(self) -> str:
        text = f"{self.num_embeddings}, {self.embedding_dim}"
        if self.padding_idx is not None:
            text += f", padding_idx={self.padding_idx}"
        if self.max_norm is not None:
            text += f", max_norm={self.max_norm}"
        if self.norm_type != 2:
            text += f", norm_type={self.norm_type}"
        if self.scale_grad_by_freq:
            text += ", scale_grad_by_freq=True"
        if self.sparse:
            text += ", sparse=True"
        return text

    @classmethod
    def from_pretrained(cls, embeddings, freeze: bool = True, padding_idx=None, max_norm=None,
                        norm_type: float = 2.0, scale_grad_by_freq: bool = False, sparse: bool = False):
        if embeddings.ndim != 2:
            raise AssertionError("Embeddings parameter is expected to be 2-dimensional")
        rows, cols = embeddings.shape
        return cls(rows, cols, padding_idx, max_norm, norm_type, scale_grad_by_freq, sparse, _weight=embeddings,
                   _freeze=freeze)


class EmbeddingBag(Module):
    """Sums, means or maxima of bags of embeddings, without the per-index rows in between."""

    script_class_members = ("from_pretrained",)

    def __init__(self, num_embeddings: int, embedding_dim: int, max_norm=None, norm_type: float = 2.0,
                 scale_grad_by_freq: bool = False, mode: str = "mean", sparse: bool = False, _weight=None,
                 include_last_offset: bool = False, padding_idx=None, device=None, dtype=None):
        require_cpu(device)
        super().__init__()
        self.num_embeddings, self.embedding_dim = num_embeddings, embedding_dim
        self.max_norm, self.norm_type, self.scale_grad_by_freq = max_norm, norm_type, scale_grad_by_freq
        if padding_idx is not None:
            if not -num_embeddings <= padding_idx < num_embeddings:
                raise AssertionError("padding_idx must be within num_embeddings")
            padding_idx %= num_embeddings
        self.padding_idx = padding_idx
        if _weight is None:
            self.weight = Parameter(creation.empty(num_embeddings, embedding_dim, dtype=_dtype(dtype)))
            self.reset_parameters()
        else:
            self.weight = Parameter(_weight)
        self.mode, self.sparse, self.include_last_offset = mode, sparse, include_last_offset

    def reset_parameters(self) -> None:
        with no_grad():
            self.weight.normal_()
            if self.padding_idx is not None:
                self.weight[self.padding_idx].fill_(0)

    def forward(self, input, offsets=None, per_sample_weights=None):
        return F.embedding_bag(input, self.weight, offsets, self.max_norm, self.norm_type, self.scale_grad_by_freq,
                               self.mode, self.sparse, per_sample_weights, self.include_last_offset,
                               self.padding_idx)

    def extra_repr(self) -> str:
        text = f"{self.num_embeddings}, {self.embedding_dim}"
        if self.max_norm is not None:
            text += f", max_norm={self.max_norm!r}"
        if self.norm_type != 2:
            text += f", norm_type={self.norm_type!r}"
        if self.scale_grad_by_freq is not False:
            text += f", scale_grad_by_freq={self.scale_grad_by_freq!r}"
        text += f", mode={self.mode!r}"
        if self.padding_idx is not None:
            text += f", padding_idx={self.padding_idx!r}"
        return text

    @classmethod
    def from_pretrained(cls, embeddings, freeze: bool = True, max_norm=None, norm_type: float = 2.0,
                        scale_grad_by_freq: bool = False, mode: str = "mean", sparse: bool = False,
                        include_last_offset: bool = False, padding_idx=None):
        if embeddings.ndim != 2:
            raise AssertionError("Embeddings parameter is expected to be 2-dimensional")
        rows, cols = embeddings.shape
        bag = cls(rows, cols, max_norm, norm_type, scale_grad_by_freq, mode, sparse, embeddings,
                  include_last_offset, padding_idx)
        bag.weight.requires_grad = not freeze
        return bag


class Bilinear(Module):
    def __init__(self, in1_features: int, in2_features: int, out_features: int, bias: bool = True, device=None,
                 dtype=None):
        require_cpu(device)
        super().__init__()
        self.in1_features, self.in2_features, self.out_features = in1_features, in2_features, out_features
        dt = _dtype(dtype)
        self.weight = Parameter(creation.empty(out_features, in1_features, in2_features, dtype=dt))
        if bias:
            self.bias = Parameter(creation.empty(out_features, dtype=dt))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self) -> None:
        bound = 1 / math.sqrt(self.weight.shape[1]) if self.weight.shape[1] else 0
        with no_grad():
            self.weight.uniform_(-bound, bound)
            if self.bias is not None:
                self.bias.uniform_(-bound, bound)

    def forward(self, input1, input2):
        return F.bilinear(input1, input2, self.weight, self.bias)

    def extra_repr(self) -> str:
        return (f"in1_features={self.in1_features}, in2_features={self.in2_features}, "
                f"out_features={self.out_features}, bias={self.bias is not None}")


class Unflatten(Module):
    def __init__(self, dim, unflattened_size):
        """The size is kept as given (a list, a tuple or a torch.Size: its repr shows it so)."""
        super().__init__()
        if not isinstance(unflattened_size, (tuple, list)):
            raise TypeError(f"unflattened_size must be a tuple of ints, but found type {type(unflattened_size).__name__}")
        for i, size in enumerate(unflattened_size):
            if not isinstance(size, int):
                raise TypeError(f"unflattened_size must be tuple of ints, but found element of type {type(size).__name__} "
                                f"at pos {i}")
        self.dim, self.unflattened_size = dim, unflattened_size

    def forward(self, input):
        return functions.unflatten(input, self.dim, self.unflattened_size)

    def extra_repr(self) -> str:
        return f"dim={self.dim}, unflattened_size={self.unflattened_size}"


class ParameterList(Module):
    """A list of parameters whose owner sees them (``named_parameters`` as ``0``, ``1``, ...)."""

    def __init__(self, values=None):
        super().__init__()
        for value in values or ():
            self.append(value)

    def append(self, value):
        if not isinstance(value, Parameter):
            value = Parameter(value) if isinstance(value, Tensor) else value
        self.register_parameter(str(len(self)), value)
        return self

    def extend(self, values):
        for value in values:
            self.append(value)
        return self

    def __len__(self) -> int:
        return len(self._parameters)

    def __iter__(self):
        return iter(self._parameters.values())

    def __getitem__(self, index):
        values = list(self._parameters.values())
        if isinstance(index, slice):
            return ParameterList(values[index])
        index = operator.index(index)   # torch's TypeError for p["0"] or p[1.0]
        if not -len(values) <= index < len(values):
            raise IndexError(f"index {index} is out of range")
        return values[index]

    def __setitem__(self, index, value) -> None:
        index = operator.index(index)
        if not -len(self) <= index < len(self):
            raise IndexError(f"index {index} is out of range")
        self.register_parameter(str(index % len(self)), value if isinstance(value, Parameter) else Parameter(value))

    def extra_repr(self) -> str:
        lines = []
        for name, p in self._parameters.items():
            size = "x".join(str(s) for s in p.shape)
            lines.append(f"  ({name}): Parameter containing: [{p.dtype} of size {size}]")
        return "\n".join(lines)


class AdaptiveAvgPool1d(Module):
    def __init__(self, output_size):
        super().__init__()
        self.output_size = output_size

    def forward(self, input):
        return F.adaptive_avg_pool1d(input, self.output_size)

    def extra_repr(self) -> str:
        return f"output_size={self.output_size}"


class AdaptiveAvgPool2d(AdaptiveAvgPool1d):
    def forward(self, input):
        return F.adaptive_avg_pool2d(input, self.output_size)


class GroupNorm(Module):
    def __init__(self, num_groups: int, num_channels: int, eps: float = 1e-5, affine: bool = True, device=None,
                 dtype=None, *, bias: bool = True):
        require_cpu(device)
        super().__init__()
        if num_channels % num_groups != 0:
            raise ValueError(f"num_channels ({num_channels}) must be divisible by num_groups ({num_groups})")
        self.num_groups, self.num_channels, self.eps, self.affine = num_groups, num_channels, eps, affine
        dt = dtypes.as_dtype(dtype) if dtype is not None else dtypes.get_default_dtype()
        self.register_parameter("weight", Parameter(creation.ones(num_channels, dtype=dt)) if affine else None)
        self.register_parameter("bias", Parameter(creation.zeros(num_channels, dtype=dt)) if affine and bias else None)

    def forward(self, input):
        return F.group_norm(input, self.num_groups, self.weight, self.bias, self.eps)

    def extra_repr(self) -> str:
        return (f"{self.num_groups}, {self.num_channels}, eps={self.eps}, affine={self.affine}, "
                f"bias={self.bias is not None}")


class _ConvTransposeNd(_ConvNd):
    transposed = True

    def __init__(self, in_channels: int, out_channels: int, kernel_size, stride=1, padding=0, output_padding=0,
                 groups: int = 1, bias: bool = True, dilation=1, padding_mode: str = "zeros", device=None, dtype=None):
        require_cpu(device)
        if padding_mode != "zeros":
            raise ValueError(f'Only "zeros" padding mode is supported for {type(self).__name__}')
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias,
                         padding_mode, device, dtype)
        self.output_padding = _ntuple(output_padding, self.dims)

    def _output_padding(self, input, output_size) -> tuple:
        """torch's: the module's output_padding, or what reaches ``output_size`` (its spatial sizes, or
        with the batch and channel dims too), which must lie within one stride of the smallest size."""
        if output_size is None:
            return self.output_padding
        n = self.dims
        leading = 2 if input.ndim == n + 2 else 1
        if len(output_size) == leading + n:
            output_size = output_size[leading:]
        if len(output_size) != n:
            raise ValueError(f"ConvTranspose{n}D: for {input.ndim}D input, output_size must have {n} or {leading + n} "
                             f"elements (got {len(output_size)})")
        smallest = [(input.shape[d + leading] - 1) * self.stride[d] - 2 * self.padding[d]
                    + self.dilation[d] * (self.kernel_size[d] - 1) + 1 for d in range(n)]
        largest = [s + st - 1 for s, st in zip(smallest, self.stride)]
        if any(not lo <= size <= hi for size, lo, hi in zip(output_size, smallest, largest)):
            raise ValueError(f"requested an output size of {output_size}, but valid sizes range from {smallest} to "
                             f"{largest} (for an input of {input.shape[2:]})")
        return tuple(size - lo for size, lo in zip(output_size, smallest))


class ConvTranspose1d(_ConvTransposeNd):
    """The adjoint of Conv1d: each input position spreads its kernel-weighted values over the output."""

    dims = 1

    def forward(self, input, output_size=None):
        return F.conv_transpose1d(input, self.weight, self.bias, self.stride, self.padding,
                                  self._output_padding(input, output_size), self.groups, self.dilation)


class ConvTranspose2d(_ConvTransposeNd):
    """The adjoint of Conv2d (the "deconvolution" of decoders and GANs)."""

    def forward(self, input, output_size=None):
        return F.conv_transpose2d(input, self.weight, self.bias, self.stride, self.padding,
                                  self._output_padding(input, output_size), self.groups, self.dilation)


class ConvTranspose3d(_ConvTransposeNd):
    """The adjoint of Conv3d."""

    dims = 3

    def forward(self, input, output_size=None):
        return F.conv_transpose3d(input, self.weight, self.bias, self.stride, self.padding,
                                  self._output_padding(input, output_size), self.groups, self.dilation)


class MaxPool3d(MaxPool2d):
    def forward(self, input):
        return F.max_pool3d(input, self.kernel_size, self.stride, self.padding, self.dilation, self.ceil_mode,
                            self.return_indices)


class AvgPool3d(AvgPool2d):
    def forward(self, input):
        return F.avg_pool3d(input, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                            self.count_include_pad, self.divisor_override)


class MaxPool1d(MaxPool2d):
    def forward(self, input):
        return F.max_pool1d(input, self.kernel_size, self.stride, self.padding, self.dilation, self.ceil_mode,
                            self.return_indices)


class AvgPool1d(Module):
    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode: bool = False, count_include_pad: bool = True):
        super().__init__()
        self.kernel_size = _ntuple(kernel_size, 1)
        self.stride = _ntuple(stride if stride is not None else kernel_size, 1)
        self.padding = _ntuple(padding, 1)
        self.ceil_mode, self.count_include_pad = ceil_mode, count_include_pad

    def forward(self, input):
        return F.avg_pool1d(input, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                            self.count_include_pad)

    def extra_repr(self) -> str:
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class _PadNd(Module):
    """F.pad with a fixed padding (an int pads every side) and mode."""

    mode, sides = "constant", 2

    def __init__(self, padding, value=None):
        super().__init__()
        self.padding = (padding,) * (2 * self.sides) if isinstance(padding, int) else tuple(padding)
        if value is not None:
            self.value = value

    def forward(self, input):
        return F.pad(input, self.padding, self.mode, getattr(self, "value", None) if self.mode == "constant" else None)

    def extra_repr(self) -> str:
        return f"padding={self.padding}, value={self.value}" if hasattr(self, "value") else f"{self.padding}"


def _pad_module(name: str, mode: str, sides: int, constant: bool = False):
    if constant:
        def __init__(self, padding, value):
            _PadNd.__init__(self, padding, value)
    else:
        def __init__(self, padding):
            _PadNd.__init__(self, padding)
    return type(name, (_PadNd,), {"__init__": __init__, "mode": mode, "sides": sides, "__module__": __name__})


ZeroPad1d = _pad_module("ZeroPad1d", "constant", 1)
ZeroPad2d = _pad_module("ZeroPad2d", "constant", 2)
ConstantPad1d = _pad_module("ConstantPad1d", "constant", 1, constant=True)
ConstantPad2d = _pad_module("ConstantPad2d", "constant", 2, constant=True)
ReflectionPad1d = _pad_module("ReflectionPad1d", "reflect", 1)
ReflectionPad2d = _pad_module("ReflectionPad2d", "reflect", 2)
ReplicationPad1d = _pad_module("ReplicationPad1d", "replicate", 1)
ReplicationPad2d = _pad_module("ReplicationPad2d", "replicate", 2)
ZeroPad3d = _pad_module("ZeroPad3d", "constant", 3)
ConstantPad3d = _pad_module("ConstantPad3d", "constant", 3, constant=True)
ReflectionPad3d = _pad_module("ReflectionPad3d", "reflect", 3)
ReplicationPad3d = _pad_module("ReplicationPad3d", "replicate", 3)


class _CircularPadNd(_PadNd):
    """Circular padding; unlike the other padding modules torch checks the input's dims first."""

    mode = "circular"

    def __init__(self, padding):
        _PadNd.__init__(self, padding)

    def forward(self, input):
        if input.ndim not in (self.sides + 1, self.sides + 2):
            raise ValueError(f"expected {self.sides + 1}D or {self.sides + 2}D input (got {input.ndim}D input)")
        return _PadNd.forward(self, input)


class CircularPad1d(_CircularPadNd):
    sides = 1


class CircularPad2d(_CircularPadNd):
    sides = 2


class CircularPad3d(_CircularPadNd):
    sides = 3


class _ChannelDropout(Module):
    def __init__(self, p: float = 0.5, inplace: bool = False):
        super().__init__()
        if p < 0 or p > 1:
            raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
        self.p, self.inplace = p, inplace

    def extra_repr(self) -> str:
        return f"p={self.p}, inplace={self.inplace}"


class Dropout1d(_ChannelDropout):
    def forward(self, input):
        return F.dropout1d(input, self.p, self.training, self.inplace)


class Dropout2d(_ChannelDropout):
    def forward(self, input):
        return F.dropout2d(input, self.p, self.training, self.inplace)


class Dropout3d(_ChannelDropout):
    def forward(self, input):
        return F.dropout3d(input, self.p, self.training, self.inplace)


class Upsample(Module):
    def __init__(self, size=None, scale_factor=None, mode: str = "nearest", align_corners=None,
                 recompute_scale_factor=None):
        super().__init__()
        self.size, self.mode, self.align_corners = size, mode, align_corners
        self.scale_factor = float(scale_factor) if isinstance(scale_factor, (int, float)) else scale_factor
        self.recompute_scale_factor = recompute_scale_factor

    def forward(self, input):
        return F.interpolate(input, self.size, self.scale_factor, self.mode, self.align_corners,
                             self.recompute_scale_factor)

    def extra_repr(self) -> str:
        info = f"scale_factor={self.scale_factor!r}" if self.scale_factor is not None else f"size={self.size!r}"
        return info + f", mode={self.mode!r}"
