"""Layers over the functional API: Linear, Identity, Flatten, Dropout, the activation and loss
modules, and the containers Sequential, ModuleList, ModuleDict.

Default initialisation follows torch's formulas and order of draws (Linear: kaiming_uniform_ with
a=sqrt(5) for the weight, U(-1/sqrt(in), 1/sqrt(in)) for the bias) on torch's generator, so a seeded
layer starts with torch's values.
"""
from __future__ import annotations

import math
import operator
from collections import OrderedDict

from ..device import require_cpu
from .. import creation, dtypes, functions
from ..autograd.grad_mode import no_grad
from ..dispatch import call_fast, call_linear, call_loss
from ..ops import activation as A
from ..ops.linalg import gemm_add
from ..ops.nn import ADDMM, MSE_LOSS, _REDUCTIONS
from ..ops.shape import T
from ..tensor import Tensor
from . import functional as F, init
from .. import instrumentation as _inst
from . import module as _module
from .module import Module, Parameter, _addindent
from .functional import _PLAIN

_CALL = Module.__call__


class Identity(Module):
    def __init__(self, *args, **kwargs):
        super().__init__()

    def forward(self, input):
        return input


class Linear(Module):
    """y = x W^T + b, W of shape (out_features, in_features)."""

    def __init__(self, in_features: int, out_features: int, bias: bool = True, device=None, dtype=None):
        require_cpu(device)
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        dt = dtypes.as_dtype(dtype) if dtype is not None else dtypes.get_default_dtype()
        self.weight = Parameter(creation.empty(out_features, in_features, dtype=dt))
        if bias:
            self.bias = Parameter(creation.empty(out_features, dtype=dt))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self) -> None:
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))   # torch's bound, rounded as torch rounds it
        if self.bias is not None:        # torch draws it even when the bound is 0
            bound = 1 / math.sqrt(self.in_features) if self.in_features > 0 else 0
            init.uniform_(self.bias, -bound, bound)

    def forward(self, input):
        params = self._parameters   # self.weight would fail a lookup before Module.__getattr__ finds it
        if "weight" in params and "bias" in params:
            weight, bias = params["weight"], params["bias"]
            if input.__class__ is Tensor and weight.__class__ is Parameter and bias.__class__ is Parameter:
                out = call_linear(ADDMM, T, gemm_add, bias, input, weight)   # F.linear's fast path, a frame fewer
                if out is not None:
                    return out
            return F.linear(input, weight, bias)
        return F.linear(input, self.weight, self.bias)

    def extra_repr(self) -> str:
        return f"in_features={self.in_features}, out_features={self.out_features}, bias={self.bias is not None}"


class Flatten(Module):
    def __init__(self, start_dim: int = 1, end_dim: int = -1):
        super().__init__()
        self.start_dim, self.end_dim = start_dim, end_dim

    def forward(self, input):
        return functions.flatten(input, self.start_dim, self.end_dim)

    def extra_repr(self) -> str:
        return f"start_dim={self.start_dim}, end_dim={self.end_dim}"


class Dropout(Module):
    """Zeroes elements with probability p while training (torch's generator); identity in eval()."""

    def __init__(self, p: float = 0.5, inplace: bool = False):
        super().__init__()
        if p < 0 or p > 1:
            raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
        self.p, self.inplace = p, inplace

    def forward(self, input):
        return F.dropout(input, self.p, self.training, self.inplace)

    def extra_repr(self) -> str:
        return f"p={self.p}, inplace={self.inplace}"


# -- activations ---------------------------------------------------------------------------------

def _forward(fn, params):
    """``forward`` calling ``fn(*inputs, key=self.key...)`` with the module's current params; the
    one-param modules of every training step (ReLU, MSELoss) pass theirs without building a dict."""
    keys = tuple(key for key, _ in params)
    code = getattr(fn, "__code__", None)
    if keys == ("reduction",):        # MSELoss, L1Loss, SoftMarginLoss: torch's forward(input, target)
        def forward(self, input, target):
            return fn(input, target, reduction=self.reduction)
    elif len(keys) == 1 and code is not None and code.co_argcount >= 2 and code.co_varnames[1:2] == keys:
        key, = keys                   # ReLU's inplace, Softmax's dim: fn's second parameter, by position

        def forward(self, input):
            return fn(input, getattr(self, key))
    else:
        def forward(self, *inputs):
            return fn(*inputs, **{key: getattr(self, key) for key in keys})
    return forward


def _activation(name: str, fn, params=(), doc: str = "", show_params: bool = True, bare: bool = False):
    """A module class that calls ``fn(*inputs, **params)``; its repr lists the params as torch's
    (``bare``: the first param's value alone, as Hardshrink(0.5))."""
    def __init__(self, *args, **kwargs):
        Module.__init__(self)
        values = dict(params)
        for (key, _), value in zip(params, args):
            values[key] = value
        for key, value in kwargs.items():
            if key not in values:
                raise TypeError(f"{name}.__init__() got an unexpected keyword argument '{key}'")
            values[key] = value
        for key, value in values.items():
            if key in _BUFFERS:    # torch's class weights are buffers (in state_dict, moved by .to())
                self.register_buffer(key, value)
            else:
                setattr(self, key, value)

    forward = _forward(fn, params)

    def extra_repr(self) -> str:
        if not show_params:
            return ""
        if bare:
            return str(getattr(self, params[0][0]))
        shown = [(k, getattr(self, k)) for k, default in params if k != "inplace" or getattr(self, k)]
        return ", ".join(f"{k}={v!r}" if isinstance(v, str) else f"{k}={v}" for k, v in shown)

    return type(name, (Module,), {"__init__": __init__, "forward": forward, "extra_repr": extra_repr,
                                  "__doc__": doc or f"torch.nn.{name}", "__module__": __name__})


ReLU = _activation("ReLU", A.relu, (("inplace", False),))


def _relu_forward(self, input):
    """``F.relu(input, self.inplace)`` without its frame and getattr: every MLP's activation."""
    return A.relu(input, True) if self.inplace else call_fast(A.RELU, input)


ReLU.forward = _relu_forward
ReLU6 = _activation("ReLU6", A.relu6, (("inplace", False),))
Sigmoid = _activation("Sigmoid", A.sigmoid)
Tanh = _activation("Tanh", functions.tanh)
GELU = _activation("GELU", A.gelu, (("approximate", "none"),))
SiLU = _activation("SiLU", A.silu, (("inplace", False),))
Mish = _activation("Mish", A.mish, (("inplace", False),))
ELU = _activation("ELU", A.elu, (("alpha", 1.0), ("inplace", False)))
CELU = _activation("CELU", A.celu, (("alpha", 1.0), ("inplace", False)))
SELU = _activation("SELU", A.selu, (("inplace", False),))
LeakyReLU = _activation("LeakyReLU", A.leaky_relu, (("negative_slope", 0.01), ("inplace", False)))
Softplus = _activation("Softplus", A.softplus, (("beta", 1.0), ("threshold", 20.0)))
Softsign = _activation("Softsign", F.softsign)
Hardtanh = _activation("Hardtanh", A.hardtanh, (("min_val", -1.0), ("max_val", 1.0), ("inplace", False)))
Hardsigmoid = _activation("Hardsigmoid", A.hardsigmoid, (("inplace", False),))
Hardswish = _activation("Hardswish", A.hardswish, (("inplace", False),))
LogSigmoid = _activation("LogSigmoid", A.logsigmoid)
Softmax = _activation("Softmax", F.softmax, (("dim", None),))
LogSoftmax = _activation("LogSoftmax", F.log_softmax, (("dim", None),))
Softmin = _activation("Softmin", F.softmin, (("dim", None),))
GLU = _activation("GLU", F.glu, (("dim", -1),))
Hardshrink = _activation("Hardshrink", F.hardshrink, (("lambd", 0.5),), bare=True)
Softshrink = _activation("Softshrink", F.softshrink, (("lambd", 0.5),), bare=True)
Tanhshrink = _activation("Tanhshrink", F.tanhshrink)
Threshold = _activation("Threshold", F.threshold, (("threshold", None), ("value", None), ("inplace", False)))
CosineSimilarity = _activation("CosineSimilarity", F.cosine_similarity, (("dim", 1), ("eps", 1e-8)),
                               show_params=False)
PairwiseDistance = _activation("PairwiseDistance", F.pairwise_distance, (("p", 2.0), ("eps", 1e-6),
                                                                           ("keepdim", False)), show_params=False)


# -- losses --------------------------------------------------------------------------------------

def _loss(name: str, fn, signature=()):
    """A loss module: ``forward(input, target)`` calls ``fn`` with ``reduction`` and the params; like
    torch's, its repr shows no arguments. ``signature`` is its ``__init__``'s parameters in torch's
    order (``reduction`` last when not given); the legacy ``size_average``/``reduce`` among them set
    ``reduction`` as torch's _Loss does (with its deprecation warning) and are not kept."""
    signature = tuple(signature)
    if not any(key == "reduction" for key, _ in signature):
        signature += (("reduction", "mean"),)
    params = tuple((key, default) for key, default in signature if key not in _LEGACY_NAMES)

    def __init__(self, *args, **kwargs):
        Module.__init__(self)
        if len(args) > len(signature):
            raise TypeError(f"{name}.__init__() takes from 1 to {len(signature) + 1} positional arguments but "
                            f"{len(args) + 1} were given")
        values = dict(signature)
        for (key, _), value in zip(signature, args):
            values[key] = value
        for key, value in kwargs.items():
            if key not in values:
                raise TypeError(f"{name}.__init__() got an unexpected keyword argument '{key}'")
            values[key] = value
        size_average, reduce = values.pop("size_average", None), values.pop("reduce", None)
        values["reduction"] = F._legacy(values["reduction"], size_average, reduce)
        for key, value in values.items():
            if key in _BUFFERS:    # torch's class weights are buffers (in state_dict, moved by .to())
                self.register_buffer(key, value)
            else:
                setattr(self, key, value)

    return type(name, (Module,), {"__init__": __init__, "forward": _forward(fn, params), "__doc__": f"torch.nn.{name}",
                                  "__module__": __name__})


_BUFFERS = ("weight", "pos_weight")
_LEGACY_NAMES = ("size_average", "reduce")
_LEGACY = (("size_average", None), ("reduce", None))
MSELoss = _loss("MSELoss", F.mse_loss, _LEGACY)


def _mse_forward(self, input, target):
    """``F.mse_loss(input, target, reduction=self.reduction)`` without its two frames (its fast
    path's test, then ``call_loss``): every regression step's loss."""
    reduction = self.reduction
    red = _REDUCTIONS.get(reduction)
    if (red is not None and input.__class__ in _PLAIN and target.__class__ in _PLAIN
            and input._data.shape == target._data.shape and input._data.dtype.kind in "fc"):
        return call_loss(MSE_LOSS, input, target, red)
    return F.mse_loss(input, target, reduction=reduction)


MSELoss.forward = _mse_forward
L1Loss = _loss("L1Loss", F.l1_loss, _LEGACY)
SmoothL1Loss = _loss("SmoothL1Loss", F.smooth_l1_loss, _LEGACY + (("reduction", "mean"), ("beta", 1.0)))
HuberLoss = _loss("HuberLoss", F.huber_loss, (("reduction", "mean"), ("delta", 1.0)))
BCELoss = _loss("BCELoss", F.binary_cross_entropy, (("weight", None),) + _LEGACY)
BCEWithLogitsLoss = _loss("BCEWithLogitsLoss", F.binary_cross_entropy_with_logits,
                          (("weight", None),) + _LEGACY + (("reduction", "mean"), ("pos_weight", None)))
NLLLoss = _loss("NLLLoss", F.nll_loss, (("weight", None), ("size_average", None), ("ignore_index", -100),
                                        ("reduce", None)))
CrossEntropyLoss = _loss("CrossEntropyLoss", F.cross_entropy,
                         (("weight", None), ("size_average", None), ("ignore_index", -100), ("reduce", None),
                          ("reduction", "mean"), ("label_smoothing", 0.0)))
KLDivLoss = _loss("KLDivLoss", F.kl_div, _LEGACY + (("reduction", "mean"), ("log_target", False)))
MarginRankingLoss = _loss("MarginRankingLoss", F.margin_ranking_loss, (("margin", 0.0),) + _LEGACY)
HingeEmbeddingLoss = _loss("HingeEmbeddingLoss", F.hinge_embedding_loss, (("margin", 1.0),) + _LEGACY)
SoftMarginLoss = _loss("SoftMarginLoss", F.soft_margin_loss, _LEGACY)
CosineEmbeddingLoss = _loss("CosineEmbeddingLoss", F.cosine_embedding_loss, (("margin", 0.0),) + _LEGACY)
PoissonNLLLoss = _loss("PoissonNLLLoss", F.poisson_nll_loss, (("log_input", True), ("full", False),
                                                              ("size_average", None), ("eps", 1e-8), ("reduce", None)))
GaussianNLLLoss = _loss("GaussianNLLLoss", F.gaussian_nll_loss, (("full", False), ("eps", 1e-6)))
TripletMarginLoss = _loss("TripletMarginLoss", F.triplet_margin_loss, (("margin", 1.0), ("p", 2.0), ("eps", 1e-6),
                                                                       ("swap", False)) + _LEGACY)
MultiLabelSoftMarginLoss = _loss("MultiLabelSoftMarginLoss", F.multilabel_soft_margin_loss,
                                 (("weight", None),) + _LEGACY)


# -- containers ----------------------------------------------------------------------------------

class _ModuleSequence(Module):
    """What Sequential and ModuleList share: length, iteration, append by position."""

    def __len__(self) -> int:
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules.values())

    def append(self, module):
        self.add_module(str(len(self)), module)
        return self

    def extend(self, modules):
        for module in modules:
            self.append(module)
        return self

    def insert(self, index: int, module):
        n = len(self._modules)
        if not -n <= index <= n:
            raise IndexError(f"Index out of range: {index}")
        index %= n + 1
        for i in range(n, index, -1):
            self._modules[str(i)] = self._modules[str(i - 1)]
        self._modules[str(index)] = module
        return self

    def __setitem__(self, index, module) -> None:
        keys = list(self._modules)
        setattr(self, keys[_index(index, len(keys))], module)

    def __delitem__(self, index) -> None:
        keys = list(self._modules)
        for key in keys[index] if isinstance(index, slice) else [keys[_index(index, len(keys))]]:
            delattr(self, key)
        # torch renumbers the rest: ``del model[1]`` leaves keys 0, 1, ...
        self._modules = OrderedDict((str(i), m) for i, m in enumerate(self._modules.values()))

    def pop(self, index):
        module = self[index]
        del self[index]
        return module


class Sequential(_ModuleSequence):
    """Modules called in order; built from arguments or an OrderedDict of named modules."""

    def __init__(self, *args):
        super().__init__()
        if len(args) == 1 and isinstance(args[0], (OrderedDict, dict)):
            for name, module in args[0].items():
                self.add_module(name, module)
        else:
            for i, module in enumerate(args):
                self.add_module(str(i), module)

    def __getitem__(self, index):
        items = list(self._modules.items())
        if isinstance(index, slice):
            return Sequential(OrderedDict(items[index]))
        return items[_index(index, len(items))][1]

    def forward(self, input):
        if _module._hooked or _module._calls is not None or _inst._profilers:
            for module in self._modules.values():
                input = module(input)
            return input
        for module in self._modules.values():   # nothing observes the calls: each layer's forward directly
            input = module.forward(input) if getattr(type(module), "__call__", None) is _CALL else module(input)
        return input

    def __add__(self, other):
        return Sequential(*self, *_sequential(other))

    def __iadd__(self, other):
        return self.extend(list(_sequential(other)))

    def __mul__(self, other):
        """The layers repeated (the same modules, shared, as torch's)."""
        if not isinstance(other, int):
            raise TypeError(f"unsupported operand type(s) for *: {_class_text(self)} and {_class_text(other)}")
        if other <= 0:
            raise ValueError(f"Non-positive multiplication factor {other} for {_class_text(self)}")
        return Sequential(*(list(self) * other))

    __rmul__ = __mul__

    def __imul__(self, other):
        repeated = self * other
        return self.extend(list(repeated)[len(self):])


class ModuleList(_ModuleSequence):
    """A list of modules whose parameters the owner sees."""

    def __init__(self, modules=None):
        super().__init__()
        for module in modules or ():
            self.append(module)

    def __add__(self, other):
        return ModuleList([*self, *other])

    def __iadd__(self, modules):
        return self.extend(modules)

    def __getitem__(self, index):
        items = list(self._modules.values())
        if isinstance(index, slice):
            return ModuleList(items[index])
        return items[_index(index, len(items))]

    def __repr__(self) -> str:
        """torch's: runs of identical children print once, as ``(0-1): 2 x Block(...)``."""
        reprs = [repr(m) for m in self._modules.values()]
        if not reprs:
            return self._get_name() + "()"
        runs = []   # [first, last, text]
        for i, text in enumerate(reprs):
            if runs and runs[-1][2] == text:
                runs[-1][1] = i
            else:
                runs.append([i, i, text])
        lines = [_addindent(f"({a}): {text}" if a == b else f"({a}-{b}): {b - a + 1} x {text}", 2)
                 for a, b, text in runs]
        return self._get_name() + "(\n  " + "\n  ".join(lines) + "\n)"


class ModuleDict(Module):
    """A dict of modules whose parameters the owner sees."""

    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            self.update(modules)

    def __getitem__(self, key: str):
        return self._modules[key]

    def __setitem__(self, key: str, module) -> None:
        self.add_module(key, module)

    def __delitem__(self, key: str) -> None:
        del self._modules[key]

    def update(self, modules) -> None:
        """From a mapping or from (name, module) pairs, in their order."""
        for j, pair in enumerate(modules.items() if hasattr(modules, "items") else modules):
            if len(pair) != 2:
                raise ValueError(f"ModuleDict update sequence element #{j} has length {len(pair)}; 2 is required")
            self[pair[0]] = pair[1]

    def pop(self, key: str):
        module = self[key]
        del self[key]
        return module

    def clear(self) -> None:
        self._modules.clear()

    def __len__(self) -> int:
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules)

    def __contains__(self, key) -> bool:
        return key in self._modules

    def keys(self):
        return self._modules.keys()

    def values(self):
        return self._modules.values()

    def items(self):
        return self._modules.items()


def _sequential(other):
    if not isinstance(other, Sequential):
        raise ValueError("add operator supports only objects of Sequential class, but "
                         f"{_class_text(other)} is given.")
    return other


def _class_text(value) -> str:
    """``str(type(value))`` as torch's messages show it (the containers live in torch.nn.modules.container)."""
    cls = type(value)
    if cls in (Sequential, ModuleList, ModuleDict):
        return f"<class 'torch.nn.modules.container.{cls.__name__}'>"
    return str(cls)


def _index(index: int, size: int) -> int:
    index = operator.index(index)   # torch's TypeError for m["0"] or m[1.0]
    if not -size <= index < size:
        raise IndexError(f"index {index} is out of range")
    return index % size
