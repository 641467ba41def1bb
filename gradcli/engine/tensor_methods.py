"""Tensor operators and methods, attached to :class:`Tensor` in one place, from the functional
API, the op families and the autograd layer, plus the in-place family (``add_``, ``mul_``...).

``tensor.py`` holds the data and autograd state; everything a Tensor can *do* is installed here by
``attach()``, which the package's ``__init__`` calls once, after every layer has loaded.
"""
from __future__ import annotations

import functools
import warnings

import numpy as np

from . import creation, dtypes, errors, functions as F, instrumentation, memory_layout, public
from .autograd.forward_ad import get_tangent, tangent_suffix
from .autograd.grad_mode import no_grad, mode as _mode
from .backward import backward as _backward
from .device import device, require_cpu
from .dispatch import call, call_inplace, call_mm, check_overlap, operator_call
from .functions.arithmetic import _alpha_operand, _refuse_bool_sub
from .functions.inplace_ops import adopt, elementwise_writer, refuse_inplace, stand_in
from .nn import functional as _F
from .nn.functional import _NO_DIM, torch_log_softmax, torch_softmax
from .nn.functional_layers import _feature_dropout, rrelu as _torch_rrelu
from .ops import index_functions, pointwise as P
from .ops.linalg import MM
from .ops.reduction import NORM_SCALAR_DIM
from .ops.random_draw_nodes import BERNOULLI_TENSOR_FILL, FILLS
from .ops.copy import TO_COPY, ZERO, copy_, fill, fill_, zero_
from .printing import format_tensor
from .sparse import is_coo
from .memory_layout import contiguous_format
from .to_arguments import invalid_to_arguments
from .functions.sparse_methods import sparse_repr, sparse_zero_
from .tensor import Size, Tensor, _warned, storage
from .ops.subscripts import getitem, setitem


def backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None) -> None:
    if instrumentation.transforms or instrumentation.batching is not None:
        raise RuntimeError("backward() called inside a functorch transform. This is not supported, please use "
                           "functorch.grad or functorch.vjp instead or call backward() outside of functorch "
                           "transforms.")
    _backward(self, gradient, retain_graph, create_graph, inputs=inputs)


def _iter(self):
    if self._data.ndim == 0:
        raise TypeError("iteration over a 0-d tensor")
    return iter(F.unbind(self, 0))


def grad_tracking_levels(t) -> list:
    """The torch.func.grad/vjp/jvp levels that see ``t`` as a GradTrackingTensor (levels.grad_tracking)."""
    seq = t._grad_fn._seq if t._grad_fn is not None else None
    return [lvl for lvl, start, ids, dual in instrumentation.grad_levels
            if id(t) in ids or (seq is not None and start is not None and seq >= start)
            or (dual is not None and get_tangent(t, dual) is not None)]


TRANSFORMED_REQUIRES_GRAD = (
    "You are attempting to call Tensor.requires_grad_() (or perhaps using torch.autograd.functional.* APIs) inside "
    "of a function being transformed by a functorch transform. This is unsupported, please attempt to use the "
    "functorch transforms (e.g. grad, vjp, jacrev, jacfwd, hessian) or call requires_grad_() outside of a function "
    "being transformed instead.")
plain_requires_grad_ = Tensor.requires_grad_    # the transforms' own tracking uses it


def _requires_grad_(self, requires_grad: bool = True):
    """torch refuses it on a tensor a running grad/jvp transform wraps (an input, or computed from one)."""
    if instrumentation.grad_levels and grad_tracking_levels(self):
        raise RuntimeError(TRANSFORMED_REQUIRES_GRAD)
    return plain_requires_grad_(self, requires_grad)


def nest_wrappers(text: str, heads) -> str:
    """torch's repr of functorch's wrappers: each ``head`` (innermost first) around the text, indented."""
    for head in heads:
        inner = "\n".join("    " + line if line else line for line in text.split("\n"))
        text = f"{head}\n{inner}\n)"
    return text


def plain_repr(t) -> str:
    return format_tensor(t._data, t._data.dtype.name, default_float=dtypes.get_default_dtype().name)


def _outer_autograd(t, limit: int = 10_000) -> bool:
    """Whether ``t``'s graph reaches a leaf outside every grad level (a captured parameter): torch
    then shows the plain autograd's grad_fn inside the GradTrackingTensor."""
    tracked = set().union(*(ids for _, _, ids, _ in instrumentation.grad_levels))
    stack, seen = [t._grad_fn], set()
    while stack and len(seen) < limit:
        fn = stack.pop()
        if fn is None or id(fn) in seen:
            continue
        seen.add(id(fn))
        variable = getattr(fn, "variable", None)
        if variable is not None and id(variable) not in tracked:
            return True
        stack.extend(f for f, _ in fn.next_functions)
    return False


def _repr(self) -> str:
    if instrumentation.grad_levels:
        levels = grad_tracking_levels(self)
        if levels:
            inner = _repr_plain(self) if _outer_autograd(self) else plain_repr(self)
            return nest_wrappers(inner, [f"GradTrackingTensor(lvl={lvl}, value=" for lvl in levels])
    return _repr_plain(self)


def _repr_plain(self) -> str:
    suffixes = []
    if self._grad_fn is not None:
        suffixes.append(f"grad_fn=<{type(self.grad_fn).__name__}>")
    elif self._requires_grad:
        suffixes.append("requires_grad=True")
    tangent = self._x.tangents if self._x is not None else None
    if tangent:
        suffixes.append(tangent_suffix(self))
    if is_coo(self._data):
        return sparse_repr(self, suffixes)
    return format_tensor(self._data, self._data.dtype.name, default_float=dtypes.get_default_dtype().name,
                         suffixes=suffixes)


def _softmax_method(self, dim=_NO_DIM, dtype=None):
    return torch_softmax(self, dim, dtype)


def _log_softmax_method(self, dim=_NO_DIM, dtype=None):
    return torch_log_softmax(self, dim, dtype)

def _binary_inplace(op, alpha_op):
    def method(self, other, *, alpha=1):
        if alpha != 1:      # torch's one node (AddBackward0 keeping alpha) and one rounding
            other = F._as_operand(_alpha_operand(other, alpha), op.name + "_", position=1)
            return call_inplace(alpha_op, self, (self, other), {"alpha": alpha})
        # (a tensor operand, p -= lr * p.grad's, is its own: _as_operand's call skipped)
        if other.__class__ is Tensor:
            return call_inplace(op, self, (self, other))
        if other.__class__ is bool and op is P.SUB:
            _refuse_bool_sub(self, other)     # x.sub_(True), x -= True: torch's refusal
        return call_inplace(op, self, (self, F._as_operand(other, op.name + "_", position=1)))
    method.__name__ = op.name + "_"
    return method


def _unary_inplace(op):
    def method(self):
        return call_inplace(op, self, (self,))
    method.__name__ = op.name + "_"
    return method


add_ = _binary_inplace(P.ADD, P.ADD_ALPHA)
sub_ = _binary_inplace(P.SUB, P.SUB_ALPHA)


def mul_(self, other):
    other = F._as_operand(other, "mul_", position=1)
    return call_inplace(F._mul_op(self, other), self, (self, other))


def div_(self, other, *, rounding_mode=None):
    if rounding_mode is not None:   # on a stand-in of self, so that the write leaves its saved input alone
        refuse_inplace(self)
        if isinstance(other, Tensor) and other._data.__class__ is np.ndarray:
            check_overlap(storage(self), other._data)
        return adopt(self, F.div(stand_in(self), other, rounding_mode=rounding_mode),
                     elementwise_writer(F.div, (other,), {"rounding_mode": rounding_mode}))
    other = F._as_operand(other, "div_", position=1)
    op = P.DIV_CONST_OTHER if F._constant(other) and not F._constant(self) else P.DIV
    return call_inplace(op, self, (self, other))


def pow_(self, exponent):
    if isinstance(exponent, Tensor):
        return call_inplace(P.POW_T, self, (self, exponent))
    if isinstance(exponent, float) and self._data.dtype.kind in "iub":     # the result would be the default float
        raise errors.DTypeError(f"result type {dtypes.get_default_dtype().scalar_name} can't be cast to the desired "
                                f"output type {dtypes.scalar_type_name(self._data.dtype)}")
    return call_inplace(P.POW, self, (self,), {"exponent": exponent})


def clamp_(self, min=None, max=None):
    if isinstance(min, Tensor) or isinstance(max, Tensor):   # torch's ClampBackward0, in place
        F.complex_bounds(self, min, max)
        return call_inplace(P.CLAMP_T, self, (self, min, max))
    return call_inplace(P.CLAMP, self, (self,), {"min": min, "max": max})


neg_ = _unary_inplace(P.NEG)


def round_(self, *, decimals=F.NO_DECIMALS):
    if decimals is not F.NO_DECIMALS:
        return call_inplace(P.ROUND_DEC, self, (self,), {"decimals": decimals})
    return call_inplace(P.ROUND, self, (self,))


def detach_(input):
    return input.detach_()


# torch.<name>_ functions that are these methods
for _fn, _name, _aliases in ((clamp_, "clamp_", ("clip_",)), (neg_, "neg_", ("negative_",)), (round_, "round_", ()),
                             (zero_, "zero_", ()), (fill_, "fill_", ()), (fill, "fill", ()), (detach_, "detach_", ())):
    public.export(_fn, _name, aliases=_aliases)


def _refused_first(fill):
    """torch refuses an in-place fill of a leaf that requires grad (or a view of one) before it
    checks the arguments or draws (the generator is left where it was)."""
    @functools.wraps(fill)
    def checked(self, *args, **kwargs):
        refuse_inplace(self)
        return fill(self, *args, **kwargs)
    return checked


@_refused_first
def uniform_(self, from_=0.0, to=1.0, *, generator=None):
    """Draws from [from, to) (torch's parameter names; ``from`` is a Python keyword, so it is positional)."""
    _floating_only(self, "check_uniform_bounds")
    _check_uniform_bounds(np.finfo(self._data.dtype).dtype, float(from_), float(to))
    return _init_inplace(self, creation.fill_values(self, generator,
                                                    lambda g, s: g.uniform(s, self._data.dtype, from_, to)),
                         "uniform_.drawn")


def _check_uniform_bounds(npd: np.dtype, from_: float, to: float) -> None:
    """torch's check_uniform_bounds, in its order: both ends finite in the dtype (of a complex tensor's
    parts; NaN is out), then from <= to, then to - from finite in the dtype (draws would be inf)."""
    top = float(np.finfo(npd).max)
    for value, name in ((from_, "from"), (to, "to")):
        _check_draw(-top <= value <= top, f"{name} is out of bounds for {dtypes.c_type_name(npd)}")
    _check_draw(from_ <= to, f"uniform_ expects to return a [from, to) range, but found from={from_:g} > to={to:g}")
    _check_draw(to - from_ <= top, f"uniform_ expects to-from <= std::numeric_limits<{dtypes.scalar_type_name(npd)}>"
                f"::max(), but found to={to:g} and from={from_:g} which result in to-from to exceed the limit")


@_refused_first
def normal_(self, mean=0.0, std=1.0, *, generator=None):
    _floating_only(self, "normal_kernel_cpu")
    creation.check_std(std)
    serial = not self._data.flags.c_contiguous      # torch's normal_fill needs a contiguous tensor
    return _init_inplace(self, creation.fill_values(self, generator,
                                                    lambda g, s: g.normal(s, self._data.dtype, mean, std, serial)),
                         "normal_.drawn")


@_refused_first
def exponential_(self, lambd=1.0, *, generator=None):
    _continuous_only(self, "Exponential", dtypes.scalar_type_name)
    _check_draw(lambd > 0, f"exponential_ expects lambda > 0.0, but found lambda={lambd:g}")
    return _init_inplace(self, creation.fill_values(self, generator, lambda g, s: g.exponential(s, lambd)),
                         "exponential_.drawn")


@_refused_first
def bernoulli_(self, p=0.5, *, generator=None):
    prob = p._data if isinstance(p, Tensor) else p
    if isinstance(p, Tensor) and creation.random_rules is not None:
        creation.random_rules.refuse_same(p)
    if isinstance(p, Tensor):
        _check_draw(bool(np.all((prob >= 0) & (prob <= 1))), "Expected p_in >= 0 && p_in <= 1 to be true, but got "
                    "false.")
    else:
        _check_draw(0 <= p <= 1, f"bernoulli_ expects p to be in [0, 1], but got p={p:g}")
    return _init_inplace(self, creation.fill_values(self, generator, lambda g, s: g.bernoulli(prob, s)),
                         "bernoulli_.Tensor" if isinstance(p, Tensor) else "bernoulli_.float", p)


@_refused_first
def geometric_(self, p, *, generator=None):
    if self._data.dtype.kind == "b":
        _floating_only(self, "geometric_cpu")
    _check_draw(0 < p < 1, f"geometric_ expects p to be in (0, 1), but got p={p:g}")
    return _init_inplace(self, creation.fill_values(self, generator, lambda g, s: g.geometric(s, p)),
                         "geometric_.drawn")


@_refused_first
def log_normal_(self, mean=1.0, std=2.0, *, generator=None):
    _floating_only(self, "log_normal_cpu")
    _check_draw(std > 0, f"log_normal_ expects std > 0.0, but found std={std:g}")
    return _init_inplace(self, creation.fill_values(self, generator, lambda g, s: g.log_normal(s, mean, std)),
                         "log_normal_.drawn")


@_refused_first
def cauchy_(self, median=0.0, sigma=1.0, *, generator=None):
    _continuous_only(self, "Cauchy", dtypes.c_type_name)
    _check_draw(sigma > 0, f"cauchy_ expects sigma > 0.0, but found sigma={sigma:g}")
    return _init_inplace(self, creation.fill_values(self, generator, lambda g, s: g.cauchy(s, median, sigma)),
                         "cauchy_.drawn")


@_refused_first
def random_(self, from_=None, to=None, *, generator=None):
    """``random_()`` (every value the dtype holds up to 2**mantissa for floats), ``random_(to)``,
    ``random_(from, to)``: integers drawn as torch draws them."""
    if from_ is None and to is None:
        return _init_inplace(self, creation.fill_values(self, generator, lambda g, s: g.full_range(s, self._data.dtype)),
                             "random_.drawn")
    low, high = (0, from_) if to is None else (from_ or 0, to)
    _check_draw(high > low, f"random_ expects 'from' to be less than 'to', but got from={low} >= to={high}")
    npd = self._data.dtype
    if npd.kind in "iub":     # torch's bounds checks for integer (and bool) tensors
        least, most = (0, 1) if npd.kind == "b" else (int(np.iinfo(npd).min), int(np.iinfo(npd).max))
        _check_draw(least <= low <= most, f"from is out of bounds for {dtypes.c_type_name(npd)}")
        _check_draw(least <= high - 1 <= most, f"to - 1 is out of bounds for {dtypes.c_type_name(npd)}")
    return _init_inplace(self, creation.fill_values(self, generator, lambda g, s: g.integers(int(low), int(high), s)),
                         "random_.to" if to is None else "random_.from")


def _floating_only(self, kernel: str) -> None:
    """torch's refusal of a continuous fill of an integer or bool tensor (it filled zeros here)."""
    if self._data.dtype.kind in "iub":
        raise NotImplementedError(f'"{kernel}" not implemented for \'{dtypes.scalar_type_name(self._data.dtype)}\'')


def _continuous_only(self, law: str, type_name) -> None:
    if self._data.dtype.kind in "iub":
        raise errors.AutogradError(f"{law} distribution is a continuous probability distribution. dtype must be a "
                                   f"floating point but you specified {type_name(self._data.dtype)}")


def _check_draw(ok: bool, message: str) -> None:
    """torch's argument checks of the random fills (numpy's own would name its parameters)."""
    if not ok:
        raise errors.AutogradError(message)


def _init_inplace(self, values, fill: str, p=None):
    """Write the values drawn into ``self``; where a graph is recorded (self or a tensor ``p`` needs
    grad), as torch's in-place op whose gradient is zero (ops/random_draw_nodes)."""
    if _mode().grad and creation.random_rules is None and (self._requires_grad or getattr(p, "_requires_grad", False)):
        if fill == "bernoulli_.Tensor":
            return call_inplace(BERNOULLI_TENSOR_FILL, self, (self, p), {"drawn": values})
        return call_inplace(FILLS[fill], self, (self,), {"drawn": values})
    np.copyto(storage(self), values, casting="unsafe")
    if self._vc is not None:
        self._vc[0] += 1
    return self


# torch.<name> of nn.functional functions torch also has at top level (torch's own argument order)
def _batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps, cudnn_enabled=True):
    return _F.batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps)


def _layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05, cudnn_enable=True):
    return _F.layer_norm(input, normalized_shape, weight, bias, eps)


def _group_norm(input, num_groups, weight=None, bias=None, eps=1e-05, cudnn_enabled=True):
    return _F.group_norm(input, num_groups, weight, bias, eps)


def _embedding(weight, indices, padding_idx=-1, scale_grad_by_freq=False, sparse=False):
    return _F.embedding(indices, weight, None if padding_idx == -1 else padding_idx,
                        scale_grad_by_freq=scale_grad_by_freq)


def _threshold_(input, threshold, value):
    return _F.threshold(input, threshold, value, inplace=True)


def instance_norm(input, weight, bias, running_mean, running_var, use_input_stats, momentum, eps,
                  cudnn_enabled):
    """torch.instance_norm: every argument required, in aten's order (nn.functional's differs)."""
    return _F.instance_norm(input, running_mean, running_var, weight, bias, use_input_stats, momentum, eps)


def _pool_stride(stride):
    """torch-level pools default ``stride=[]``: the kernel size, nn.functional's ``None``."""
    return None if isinstance(stride, (list, tuple)) and len(stride) == 0 else stride


def max_pool1d(input, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    return _F.max_pool1d(input, kernel_size, _pool_stride(stride), padding, dilation, ceil_mode)


def max_pool2d(input, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    return _F.max_pool2d(input, kernel_size, _pool_stride(stride), padding, dilation, ceil_mode)


def max_pool3d(input, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    return _F.max_pool3d(input, kernel_size, _pool_stride(stride), padding, dilation, ceil_mode)


def avg_pool1d(input, kernel_size, stride=(), padding=0, ceil_mode=False, count_include_pad=True):
    return _F.avg_pool1d(input, kernel_size, _pool_stride(stride), padding, ceil_mode, count_include_pad)


def max_pool1d_with_indices(input, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    return _F.max_pool1d_with_indices(input, kernel_size, _pool_stride(stride), padding, dilation, ceil_mode)


def adaptive_max_pool1d(input, output_size):
    """torch.adaptive_max_pool1d: the values and the indices, always (nn.functional's asks)."""
    return _F.adaptive_max_pool1d_with_indices(input, output_size)


def constant_pad_nd(input, pad, value=0):
    return _F.pad(input, pad, "constant", value)


def frobenius_norm(input, dim, keepdim=False):
    """aten's deprecated frobenius_norm: the 2-norm over ``dim`` through aten::norm (NormBackward1)."""
    warnings.warn("at::frobenius_norm is deprecated and it is just left for JIT compatibility. It will be removed "
                  "in a future PyTorch release. Please use `linalg.vector_norm(A, 2., dim, keepdim)` instead",
                  UserWarning, stacklevel=2)
    dims = (dim,) if isinstance(dim, int) else tuple(dim)
    return call(NORM_SCALAR_DIM, (input,), {"p": 2, "dim": tuple(d - input.ndim if d >= 0 else d for d in dims),
                                            "keepdim": bool(keepdim)})


def _torch_dropouts():
    """torch's top-level dropouts take (input, p, train), all three by position; the ``_`` ones write
    into input."""
    kinds = {"dropout_": lambda x, p, t: _F.dropout(x, p, t, True),
             "alpha_dropout": lambda x, p, t: _F.alpha_dropout(x, p, t),
             "alpha_dropout_": lambda x, p, t: _F.alpha_dropout(x, p, t, True),
             "feature_dropout": lambda x, p, t: _feature_dropout(x, p, t, False),
             "feature_dropout_": lambda x, p, t: _feature_dropout(x, p, t, True),
             "feature_alpha_dropout": lambda x, p, t: _F.feature_alpha_dropout(x, p, t),
             "feature_alpha_dropout_": lambda x, p, t: _F.feature_alpha_dropout(x, p, t, True)}
    for name, kind in kinds.items():
        def dropout(input, p, train, _kind=kind):
            return _kind(input, p, train)
        dropout.__name__ = dropout.__qualname__ = name
        public.export(dropout, name)


def rrelu_(input, lower=1.0 / 8, upper=1.0 / 3, training=False, generator=None):
    return input.copy_(_torch_rrelu(input, lower, upper, training, generator))


for _fn, _name in ((_batch_norm, "batch_norm"), (_layer_norm, "layer_norm"), (_group_norm, "group_norm"),
                   (_embedding, "embedding"), (_threshold_, "threshold_"), (_F.threshold, "threshold"),
                   (_F.conv1d, "conv1d"), (_F.conv2d, "conv2d"), (_F.conv_transpose1d, "conv_transpose1d"),
                   (_F.conv_transpose2d, "conv_transpose2d"), (_F.cosine_similarity, "cosine_similarity"),
                   (_F.pairwise_distance, "pairwise_distance"), (_F.bilinear, "bilinear"),
                   (_F.adaptive_avg_pool1d, "adaptive_avg_pool1d"), (_F.conv3d, "conv3d"),
                   (_F.rms_norm, "rms_norm"), (instance_norm, "instance_norm"), (max_pool1d, "max_pool1d"),
                   (max_pool2d, "max_pool2d"), (max_pool3d, "max_pool3d"), (avg_pool1d, "avg_pool1d"),
                   (_F.conv_transpose3d, "conv_transpose3d"), (max_pool1d_with_indices, "max_pool1d_with_indices"),
                   (adaptive_max_pool1d, "adaptive_max_pool1d"), (constant_pad_nd, "constant_pad_nd"),
                   (frobenius_norm, "frobenius_norm"), (rrelu_, "rrelu_")):
    public.export(_fn, _name)
_torch_dropouts()
public.export(_F.hardshrink, "hardshrink", method=True)


# -- conversions -------------------------------------------------------------------------------------

_PYTHON_TYPES = (float, int, bool, complex)
_COMPARABLE = (Tensor, int, float, complex, np.number, np.bool_)


def to(self, *args, **kwargs):
    """``to(dtype)``, ``to("cpu")``, ``to(other)``: a copy only when the dtype changes or ``copy`` is
    true (a keyword, or the second positional flag after ``non_blocking``, as torch's signatures)."""
    dtype = kwargs.get("dtype")
    flags = [a for a in args if type(a) is bool] + [kwargs[k] for k in ("non_blocking", "copy") if k in kwargs]
    if any(type(f) is not bool for f in flags):
        raise invalid_to_arguments(args, kwargs)
    copy = kwargs.get("copy", len(flags) > 1 and flags[1])
    for a in list(args) + [kwargs.get("device")]:
        if isinstance(a, device):
            a = str(a)
        if a is None:
            continue
        if isinstance(a, dtypes.dtype):
            dtype = a
        elif isinstance(a, Tensor):
            dtype = a.dtype
        elif isinstance(a, str):      # a string is a device, as torch reads it (never a dtype's name)
            require_cpu(a)
        elif type(a) is int:          # an accelerator's index
            require_cpu(a)
        elif a in _PYTHON_TYPES:      # to(float) is float64, as torch reads Python's types
            dtype = dtypes.as_dtype(a)
        elif type(a) is not bool:      # a positional non_blocking/copy flag is a bool
            raise TypeError(f"to() received an invalid combination of arguments - got ({type(a).__name__})")
    fmt = kwargs.get("memory_format")
    if fmt is not None:
        return _to_format(self, dtype, fmt, args, copy, kwargs)
    npd = self._data.dtype if dtype is None else dtypes.as_dtype(dtype).np
    if npd == self._data.dtype and not copy:
        return self
    return _to_copy(self, npd)


def _to_copy(self, npd):
    if npd.kind not in "fc" and self._requires_grad:
        # an integer or bool copy is never differentiable (torch: requires_grad=False, no grad_fn)
        with no_grad():
            return call(TO_COPY, (self,), {"dtype": npd})
    return call(TO_COPY, (self,), {"dtype": npd})


def _to_format(self, dtype, fmt, args: tuple, copy: bool, kwargs: dict):
    """``to(..., memory_format=fmt)``: the tensor itself when it already has the dtype and the layout,
    else one copy (ToCopyBackward0) in both."""
    if not isinstance(fmt, memory_layout.memory_format):
        raise invalid_to_arguments(args, kwargs)
    npd = self._data.dtype if dtype is None else dtypes.as_dtype(dtype).np
    if npd == self._data.dtype and not copy and (
            fmt is memory_layout.preserve_format or memory_layout.is_contiguous_as(self._data, fmt)):
        return self
    memory_layout.check_rank(fmt, self._data.ndim)     # inside vmap, the batched rank (torch's refusal)
    out = _to_copy(self, npd)
    if fmt is not memory_layout.preserve_format:
        out._data = memory_layout.laid_out(out._data, fmt)
    return out


def _caster(d, name: str):
    """``x.float()`` and kin: ``to(d)``; with a memory format, one copy in both (as torch's)."""
    def method(self, memory_format=None):
        if memory_format is None:
            return to(self, d)
        return _to_format(self, d, memory_layout.checked(memory_format, name), (), False, {})
    return method


def _no_numpy_dtype(name):
    def method(self, memory_format=None):
        raise errors.DTypeError(f"{name} is not supported: gradcli computes with numpy, which has no {name} "
                                "type (float16, float32 and float64 are available)")
    return method


def contiguous(self, memory_format=None):
    if memory_format is None:
        return self if self._data.flags.c_contiguous else F.clone(self, memory_format=contiguous_format)
    fmt = memory_layout.checked(memory_format, "contiguous")
    if self.is_contiguous(fmt):
        return self
    if fmt is memory_layout.preserve_format:
        raise errors.AutogradError("preserve memory format is unsupported by the contiguous operator")
    return F.clone(self, memory_format=fmt)


def type_as(self, other):
    return to(self, other.dtype)


_TYPE_NAMES = {"float32": "FloatTensor", "float64": "DoubleTensor", "float16": "HalfTensor", "int64": "LongTensor",
               "int32": "IntTensor", "int16": "ShortTensor", "int8": "CharTensor", "uint8": "ByteTensor",
               "bool": "BoolTensor", "complex64": "ComplexFloatTensor", "complex128": "ComplexDoubleTensor"}


def type_(self, dtype=None):
    """``t.type()`` names the legacy type; ``t.type(torch.IntTensor)`` (or its name, or a dtype) converts."""
    if dtype is None:
        return "torch." + _TYPE_NAMES.get(self._data.dtype.name, self._data.dtype.name)
    if isinstance(dtype, str):
        by_name = {"torch." + legacy: getattr(dtypes, np_name) for np_name, legacy in _TYPE_NAMES.items()}
        if dtype not in by_name:
            raise ValueError(f"invalid type: '{dtype}'")
        dtype = by_name[dtype]
    elif isinstance(dtype, type):
        dtype = dtype.dtype      # a legacy constructor class: torch.IntTensor
    return to(self, dtype)


def cpu(self):
    return self


def cuda(self, *args, **kwargs):
    raise AssertionError("Torch not compiled with CUDA enabled")  # torch's type and words; gradcli is CPU-only


@instrumentation.examplewise   # inside vmap, batched as torch's: one per example
def new_tensor(self, data, dtype=None, device=None, requires_grad=False):
    return F.tensor(data, dtype=dtype or self.dtype, device=device, requires_grad=requires_grad)


@instrumentation.examplewise
def new_zeros(self, *size, dtype=None, device=None, requires_grad=False):
    return F.zeros(*size, dtype=dtype or self.dtype, device=device, requires_grad=requires_grad)


@instrumentation.examplewise
def new_ones(self, *size, dtype=None, device=None, requires_grad=False):
    return F.ones(*size, dtype=dtype or self.dtype, device=device, requires_grad=requires_grad)


@instrumentation.examplewise
def new_empty(self, *size, dtype=None, device=None, requires_grad=False):
    return F.zeros(*size, dtype=dtype or self.dtype, device=device, requires_grad=requires_grad)


@instrumentation.examplewise
def new_full(self, size, fill_value, dtype=None, device=None, requires_grad=False):
    return F.full(size, fill_value, dtype=dtype or self.dtype, device=device, requires_grad=requires_grad)


def new(self, *args, device=None):
    """The legacy constructor, in self's dtype: sizes (or a torch.Size) give an uninitialized tensor
    (zeros here), a list or tuple gives its data."""
    require_cpu(device)
    if len(args) == 1 and isinstance(args[0], (list, tuple)) and not isinstance(args[0], Size):
        return F.tensor(args[0], dtype=self.dtype)
    if len(args) == 1 and isinstance(args[0], Size):
        args = tuple(args[0])
    for a in args:
        if not isinstance(a, int) or isinstance(a, bool):
            if len(args) == 1 and not isinstance(a, Tensor):
                raise TypeError(f"new(): data must be a sequence (got {type(a).__name__})")
            raise TypeError("new(): gradcli takes sizes, a torch.Size or a list of data (torch also takes a "
                            "tensor or a storage)")
        if a < 0:
            raise errors.AutogradError(f"Trying to create tensor with negative dimension {a}: {list(args)}")
    return F.zeros(*(args or (0,)), dtype=self.dtype)


# -- attaching ----------------------------------------------------------------------------------------

def _rev(fn):
    def method(self, other):
        return fn(other, self)
    return method


def _view_method(self, *shape, dtype=None):
    return F.view(self, *shape, dtype=dtype)


def _reshape_method(self, *shape):
    return F.reshape(self, *shape)


def _max_method(self, dim=None, keepdim=False):
    return F.max(self, dim, keepdim)


def _min_method(self, dim=None, keepdim=False):
    return F.min(self, dim, keepdim)


def _eq(self, other):
    """``t == None`` and ``t == [1, 2]`` are False, as torch: anything but a tensor or a number goes back
    to Python, whose ``==`` then compares identity."""
    if not isinstance(other, _COMPARABLE):
        return NotImplemented
    return F.eq(self, other)


def _ne(self, other):
    if not isinstance(other, _COMPARABLE):
        return NotImplemented
    return F.ne(self, other)


def _inplace(name: str):
    """``a |= b`` and the other augmented operators without a numeric twin here: torch's in-place method."""
    def method(self, other):
        return getattr(self, name)(other)
    return method


def _matmul(self, other):
    """A number or list on the other side of ``@`` is Python's TypeError, as in torch; two plain
    matrices of one dtype (``x @ w``) go to their mm as F.matmul's first case, a frame fewer."""
    if self.__class__ is Tensor and other.__class__ is Tensor:
        a, b = self._data, other._data
        if a.ndim == 2 and b.ndim == 2 and a.shape[1] == b.shape[0] and a.dtype is b.dtype:
            return call_mm(MM, self, other)
    return F.matmul(self, other) if isinstance(other, Tensor) else NotImplemented


def _matmul_r(self, other):
    return F.matmul(other, self) if isinstance(other, Tensor) else NotImplemented


def _truediv_r(self, other):
    return F.mul(F.reciprocal(self), other)


def _T(self):
    if self.ndim != 2 and not _warned["T"]:     # torch warns once per process (TORCH_WARN_ONCE)
        _warned["T"] = not _warned["always"]
        warnings.warn("The use of `x.T` on tensors of dimension other than 2 to reverse their shape is deprecated "
                      "and it will throw an error in a future release. Consider `x.mT` to transpose batches of "
                      "matrices or `x.permute(*torch.arange(x.ndim - 1, -1, -1))` to reverse the dimensions of a "
                      "tensor. (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4314.)",
                      UserWarning, stacklevel=2)
    return F.permute(self, tuple(range(self.ndim - 1, -1, -1))) if self.ndim >= 2 else self


def _mT(self):
    if self.ndim == 1:
        raise errors.AutogradError("tensor.mT is only supported on matrices or batches of matrices. Got 1-D tensor.")
    return F.transpose(self, -2, -1)


def _zero_(self):
    """``t.zero_()``; a sparse gradient (``zero_grad(set_to_none=False)``) keeps no entries, as torch's.
    (An ndarray's is zero_'s own call, made here: ``p.grad.zero_()`` after every hand-written update.)"""
    d = self._data
    if d.__class__ is not np.ndarray and is_coo(d):
        return sparse_zero_(self)
    return call_inplace(ZERO, self, (self,))


def _invert(self):
    """``~t``: Python's operator, refused by torch for floating and complex tensors before any kernel."""
    if self._data.dtype.kind not in "iub":
        raise TypeError("~ (operator.invert) is only implemented on integer and Boolean-type tensors")
    return F.bitwise_not(self)




_ADD_OPERATOR = operator_call(P.ADD, F.add_operator)
# a tensor that needs no gradient records nothing, so MulBackward0's record serves it as torch.mul's
# plain record would (the same forward)
_MUL_OPERATOR = operator_call(P.MUL_CONST_OTHER, F.mul)
_METHODS = {
    "__add__": _ADD_OPERATOR, "__radd__": _ADD_OPERATOR, "__sub__": F.sub, "__rsub__": F.rsub_operator,
    "__mul__": _MUL_OPERATOR, "__rmul__": _MUL_OPERATOR, "__truediv__": F.div, "__rtruediv__": _truediv_r,
    "__floordiv__": F.floor_divide, "__rfloordiv__": _rev(F.floor_divide), "__mod__": F.remainder, "__rmod__": _rev(F.remainder),
    "__pow__": F.pow, "__rpow__": _rev(F.pow), "__matmul__": _matmul, "__rmatmul__": _matmul_r,
    "__neg__": F.neg, "__pos__": lambda self: self, "__abs__": F.abs, "__invert__": _invert,
    # on bool tensors the bitwise ops are the logical ones; a bool tensor with an int promotes, as torch's
    "__and__": F.bitwise_and, "__or__": F.bitwise_or, "__xor__": F.bitwise_xor, "__rand__": F.bitwise_and,
    "__ror__": F.bitwise_or, "__rxor__": F.bitwise_xor, "__lshift__": F.bitwise_left_shift,
    "__rshift__": F.bitwise_right_shift, "__rlshift__": _rev(F.bitwise_left_shift),
    "__rrshift__": _rev(F.bitwise_right_shift),
    **{f"__i{op}__": _inplace(name) for op, name in (
        ("and", "bitwise_and_"), ("or", "bitwise_or_"), ("xor", "bitwise_xor_"), ("lshift", "bitwise_left_shift_"),
        ("rshift", "bitwise_right_shift_"), ("floordiv", "floor_divide_"), ("mod", "remainder_"))},
    "__eq__": _eq, "__ne__": _ne, "__lt__": F.lt, "__le__": F.le, "__gt__": F.gt, "__ge__": F.ge,
    "__iadd__": add_, "__isub__": sub_, "__imul__": mul_, "__itruediv__": div_, "__ipow__": pow_,
    "__getitem__": getitem, "__setitem__": setitem,
    "view": _view_method, "reshape": _reshape_method, "max": _max_method, "min": _min_method,
    "view_as": lambda self, other: F.view(self, other.shape), "reshape_as": lambda self, other: F.reshape(self, other.shape),
    "to": to, "contiguous": contiguous, "type_as": type_as, "type": type_, "cpu": cpu, "cuda": cuda,
    "float": _caster(dtypes.float32, "float"), "double": _caster(dtypes.float64, "double"),
    "half": _caster(dtypes.float16, "half"), "int": _caster(dtypes.int32, "int"), "long": _caster(dtypes.int64, "long"),
    "bool": _caster(dtypes.bool, "bool"), "byte": _caster(dtypes.uint8, "byte"), "char": _caster(dtypes.int8, "char"),
    "short": _caster(dtypes.int16, "short"), "cfloat": _caster(dtypes.complex64, "cfloat"),
    "cdouble": _caster(dtypes.complex128, "cdouble"),
    "bfloat16": _no_numpy_dtype("bfloat16"), "chalf": _no_numpy_dtype("complex32 (chalf)"),
    "new_tensor": new_tensor, "new_zeros": new_zeros, "new_ones": new_ones, "new_empty": new_empty,
    "new_full": new_full, "new": new, "zero_": _zero_, "fill_": fill_, "copy_": copy_, "add_": add_, "sub_": sub_,
    "mul_": mul_, "div_": div_, "pow_": pow_, "clamp_": clamp_, "clip_": clamp_, "neg_": neg_, "negative_": neg_,
    "round_": round_,
    "uniform_": uniform_, "normal_": normal_, "random_": random_, "exponential_": exponential_, "bernoulli_": bernoulli_,
    "geometric_": geometric_, "log_normal_": log_normal_, "cauchy_": cauchy_, "subtract_": sub_, "multiply_": mul_, "divide_": div_,
}
_METHODS.update({
    "backward": backward, "__iter__": _iter, "__repr__": _repr, "__str__": _repr,
    "softmax": _softmax_method, "log_softmax": _log_softmax_method,
})
_METHODS.update(index_functions.TENSOR_METHODS)
_METHODS["where"] = lambda self, condition, other: F.where(condition, self, other)
_METHODS["matrix_power"] = F.matrix_power
_METHODS["requires_grad_"] = _requires_grad_
_METHODS["is_nonzero"] = F.is_nonzero
_METHODS["prelu"] = _F.prelu


def _pin_memory(self, device=None):
    """Pinned memory is for copies to a GPU: torch's CPU-only build refuses, and so does gradcli."""
    raise errors.AutogradError("Cannot access accelerator device when none is available.")


_METHODS["pin_memory"] = _pin_memory
_PROPERTIES = {"T": _T, "mT": _mT}

def attach() -> None:
    """Install every operator and method on Tensor (called once by the package's ``__init__``):
    the methods declared with the functions (``public.METHODS``), then this module's own."""
    for name, fn in public.METHODS.items():
        setattr(Tensor, name, fn)
    for name, fn in _METHODS.items():
        setattr(Tensor, name, fn)
    for name, fn in {**public.PROPERTIES, **_PROPERTIES}.items():
        setattr(Tensor, name, property(fn))
    Tensor.__hash__ = lambda self: id(self)

