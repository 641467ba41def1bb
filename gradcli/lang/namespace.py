"""The names a script starts with, and what `import` may bind.

The torch-like names are exactly what the engine declares public: each backing module's
``__all__`` (for ``torch`` itself, every function declared on an op record or with ``@public``),
less the names denied below with a reason; the Tensor methods likewise (``engine.public.METHODS``).
The engine's helper modules, numpy and anything else it imports stay out of reach. The static
lists below are torch's own surface, used only to say "not available in gradcli yet" for a torch
name the engine lacks. Python builtins are the few that cannot reach Python internals, and
attribute access on every value a script can get is declared in `configure_policy`.
"""

from __future__ import annotations

import builtins
import importlib
import math
import sys

import numpy as np

from .errors import EXCEPTION_CLASSES, WARNING_CLASSES, GradcliError, ScriptExit, Span
from .iterators import Enumerate, Filter, Map, Zip
from .limits import check_format_spec
from .sandbox import ScriptObject, TypeToken, class_text, script_isinstance, script_type

TORCH_NAMES = frozenset("""
    tensor as_tensor Tensor Size is_tensor numel zeros ones empty full zeros_like ones_like
    empty_like full_like rand randn randint rand_like randn_like randint_like randperm normal
    bernoulli multinomial arange linspace logspace eye manual_seed seed initial_seed
    abs absolute neg negative exp exp2 expm1 log log2 log10 log1p sqrt rsqrt square sin cos tan
    asin acos atan atan2 arcsin arccos arctan arctan2 sinh cosh tanh asinh acosh atanh arcsinh
    arccosh arctanh sigmoid relu erf erfc erfinv floor ceil round trunc fix frac sign sgn
    signbit reciprocal pow float_power add sub subtract mul multiply div divide true_divide
    floor_divide remainder fmod clamp clip clamp_min clamp_max maximum minimum fmax fmin where
    lerp logaddexp logaddexp2 hypot xlogy lgamma digamma polygamma mvlgamma softmax log_softmax
    logit sinc deg2rad rad2deg nan_to_num heaviside copysign addcmul addcdiv logical_and
    logical_or logical_not logical_xor bitwise_and bitwise_or bitwise_not bitwise_xor isnan
    isinf isfinite isposinf isneginf isreal isclose allclose equal eq ne lt le gt ge greater
    greater_equal less less_equal not_equal sum mean prod max min amax amin aminmax argmax
    argmin std var std_mean var_mean norm logsumexp cumsum cumprod cummax cummin logcumsumexp
    all any median nanmedian mode nansum nanmean count_nonzero dist sort argsort msort topk
    kthvalue unique unique_consecutive matmul mm bmm mv dot vdot outer ger inner einsum
    tensordot cross kron trace diag diagonal diag_embed diagflat tril triu det logdet slogdet
    inverse matrix_power cholesky addmm addmv addr baddbmm addbmm chain_matmul cdist reshape flatten
    unflatten squeeze unsqueeze transpose permute t adjoint cat concat concatenate stack
    hstack vstack dstack column_stack row_stack split tensor_split chunk unbind narrow select
    index_select gather scatter scatter_add masked_fill masked_select take take_along_dim
    flip fliplr flipud roll rot90 tile repeat_interleave broadcast_to broadcast_tensors
    broadcast_shapes movedim moveaxis swapaxes swapdims meshgrid atleast_1d atleast_2d
    atleast_3d block_diag vander cartesian_prod tril_indices triu_indices nonzero argwhere clone
    detach diff searchsorted bucketize histc cov corrcoef trapezoid trapz cumulative_trapezoid
    no_grad enable_grad set_grad_enabled inference_mode is_grad_enabled is_anomaly_enabled is_anomaly_check_nan_enabled
    is_inference_mode_enabled is_inference is_floating_point is_complex is_nonzero
    float32 float64 float16 bfloat16 float double half int8 int16 int32 int64 int long uint8
    bool complex64 complex128 cfloat cdouble dtype get_default_dtype set_default_dtype
    set_printoptions finfo iinfo promote_types result_type can_cast device
    autograd nn cuda linalg special pi e inf nan newaxis
    amp autocast backends version compile use_deterministic_algorithms are_deterministic_algorithms_enabled
    is_deterministic_algorithms_warn_only_enabled set_float32_matmul_precision get_float32_matmul_precision
    set_num_threads get_num_threads set_num_interop_threads get_num_interop_threads set_default_device
    get_default_device
    jit compiler export fx onnx distributed multiprocessing quantization ao sparse hub package library
""".split())

AUTOGRAD_NAMES = frozenset("""
    grad backward Function functional forward_ad graph gradcheck gradgradcheck
    detect_anomaly set_detect_anomaly profiler no_grad enable_grad set_grad_enabled
    inference_mode Variable function is_multithreading_enabled set_multithreading_enabled
""".split())
AUTOGRAD_FUNCTIONAL_NAMES = frozenset("jacobian hessian vjp jvp hvp vhp".split())
FORWARD_AD_NAMES = frozenset("dual_level make_dual unpack_dual enter_dual_level exit_dual_level".split())
GRAPH_NAMES = frozenset("saved_tensors_hooks disable_saved_tensors_hooks Node register_multi_grad_hook "
                        "increment_version GradientEdge get_gradient_edge".split())
PROFILER_NAMES = frozenset("profile record_function".split())
TORCH_PROFILER_NAMES = PROFILER_NAMES | {"ProfilerActivity", "schedule"}
AUTOGRAD_FUNCTION_NAMES = frozenset("Function FunctionCtx once_differentiable".split())
NN_NAMES = frozenset("""
    functional init Module Parameter Linear Bilinear ReLU ReLU6 LeakyReLU ELU GELU SiLU Mish
    Sigmoid Tanh Softplus Softmax LogSoftmax Identity Flatten Dropout Sequential ModuleList
    ModuleDict ParameterList MSELoss L1Loss SmoothL1Loss HuberLoss CrossEntropyLoss NLLLoss
    BCELoss BCEWithLogitsLoss KLDivLoss LayerNorm BatchNorm1d Embedding Conv1d Conv2d
    AvgPool1d AvgPool2d MaxPool1d MaxPool2d
""".split())
NN_FUNCTIONAL_NAMES = frozenset("""
    relu relu6 leaky_relu elu selu celu gelu silu mish softplus softsign sigmoid tanh
    hardtanh hardsigmoid hardswish logsigmoid tanhshrink softshrink hardshrink threshold threshold_ glu
    softmax log_softmax softmin normalize linear bilinear dropout mse_loss l1_loss
    smooth_l1_loss huber_loss cross_entropy nll_loss binary_cross_entropy
    binary_cross_entropy_with_logits kl_div cosine_similarity pairwise_distance one_hot pad
    conv1d conv2d avg_pool1d avg_pool2d max_pool1d max_pool2d embedding layer_norm batch_norm
    gaussian_nll_loss poisson_nll_loss margin_ranking_loss hinge_embedding_loss
    soft_margin_loss triplet_margin_loss cosine_embedding_loss unfold fold interpolate
""".split())
CUDA_NAMES = frozenset("""
    is_available device_count manual_seed manual_seed_all seed seed_all empty_cache synchronize current_device
    get_device_name set_device amp
""".split())
AMP_NAMES = frozenset("GradScaler autocast is_autocast_available".split())
BACKENDS_NAMES = frozenset("cudnn cuda mps mkldnn opt_einsum cpu".split())
VERSION_NAMES = frozenset("cuda hip debug git_version".split())
OPTIM_NAMES = frozenset("Optimizer SGD Adam AdamW RMSprop Adagrad Adadelta NAdam RAdam Adamax Rprop ASGD lr_scheduler".split())
SCHEDULER_NAMES = frozenset("""
    LRScheduler _LRScheduler StepLR MultiStepLR ExponentialLR CosineAnnealingLR LambdaLR ReduceLROnPlateau OneCycleLR
    MultiplicativeLR ConstantLR LinearLR PolynomialLR SequentialLR ChainedScheduler CyclicLR
    CosineAnnealingWarmRestarts
""".split())
DATA_NAMES = frozenset("Dataset TensorDataset DataLoader random_split Subset".split())
LINALG_NAMES = frozenset("""
    norm vector_norm matrix_norm det slogdet inv pinv solve cholesky qr eigh eigvalsh svd
    svdvals matrix_power matrix_rank cross matmul multi_dot vecdot lstsq vander LinAlgError
""".split())
SPECIAL_NAMES = frozenset("expit logit erf erfc erfinv gammaln digamma xlogy logsumexp softmax log_softmax".split())

MATH_NAMES = frozenset("""
    pi e tau inf nan sqrt exp expm1 log log2 log10 log1p sin cos tan asin acos atan atan2
    sinh cosh tanh asinh acosh atanh floor ceil trunc fabs copysign fmod hypot degrees
    radians isnan isinf isfinite isclose erf erfc gamma lgamma gcd isqrt fsum dist pow
    ldexp frexp modf cbrt exp2 remainder nextafter ulp
""".split())
# math functions whose result can be enormous get a guarded version.
_MATH_GUARDED = {"factorial": 1500}  # 1500! has 4115 digits: under the 4300-digit limit
# math functions of several integers whose result can be enormous: checked term by term
_MATH_INT_RESULTS = ("prod", "comb", "perm", "lcm")

PYTHON_BUILTINS = frozenset("""
    print range len abs min max sum float int bool round list tuple dict set zip enumerate
    isinstance hasattr getattr setattr divmod iter next str repr sorted reversed any all map filter staticmethod classmethod property type
    object issubclass callable hex oct bin chr ord ascii format hash id frozenset slice complex exit quit
    Exception ArithmeticError AssertionError AttributeError FloatingPointError ImportError ModuleNotFoundError
    IndexError KeyError LookupError NameError NotImplementedError OverflowError RuntimeError
    TypeError UnboundLocalError ValueError ZeroDivisionError StopIteration OSError FileNotFoundError EOFError
    Warning UserWarning DeprecationWarning FutureWarning RuntimeWarning PendingDeprecationWarning
""".split())

# torch names that stay behind `torch.`: a bare `compile(...)` in a script means Python's (refused)
NOT_BARE = frozenset({"compile"})
BARE_AUTOGRAD_NAMES = frozenset("Function jacobian hessian vjp jvp hvp vhp".split())
BARE_NAMES = frozenset({"torch", "F", "nn", "math", "autograd"})

# module path -> (engine module (its __all__ is what scripts reach), torch's surface, child namespaces)
# torch.func's surface (what gradcli lacks of it reads "not available in gradcli yet")
FUNC_NAMES = frozenset("""
    functional_call grad grad_and_value hessian jacfwd jacrev jvp linearize stack_module_state vjp vmap
    functionalize replace_all_batch_norm_modules_
""".split())

FUNCTORCH_NAMES = frozenset("""
    combine_state_for_ensemble grad grad_and_value hessian jacfwd jacrev jvp make_functional
    make_functional_with_buffers vjp vmap
""".split())

# torch.distributions / torch.nn.utils.rnn: their surface (what gradcli lacks reads "not available yet")
TRANSFORMS_NAMES = frozenset("""
    Transform AbsTransform AffineTransform ComposeTransform ExpTransform IndependentTransform PowerTransform
    ReshapeTransform SigmoidTransform SoftmaxTransform SoftplusTransform StickBreakingTransform TanhTransform
    identity_transform LowerCholeskyTransform PositiveDefiniteTransform
""".split())
DISTRIBUTIONS_NAMES = frozenset("""
    Distribution Normal Bernoulli Categorical OneHotCategorical Uniform Exponential Laplace Poisson Binomial
    Geometric MultivariateNormal Independent Beta Gamma Dirichlet StudentT Cauchy Chi2 LogNormal HalfNormal
    Multinomial RelaxedBernoulli TransformedDistribution kl_divergence register_kl constraints kl
    HalfCauchy Gumbel Weibull Pareto transforms NegativeBinomial MixtureSameFamily RelaxedOneHotCategorical
    LowRankMultivariateNormal OneHotCategoricalStraightThrough VonMises biject_to transform_to
    LogitRelaxedBernoulli ExpRelaxedCategorical ContinuousBernoulli FisherSnedecor InverseGamma Kumaraswamy LogisticNormal
""".split()) | TRANSFORMS_NAMES
RNN_UTILS_NAMES = frozenset("PackedSequence pad_sequence pack_padded_sequence pad_packed_sequence pack_sequence "
                            "unpad_sequence unpack_sequence".split())

MODULES = {
    "torch": (("gradcli.engine",), TORCH_NAMES, {"autograd": "torch.autograd", "nn": "torch.nn",
                                                 "cuda": "torch.cuda", "linalg": "torch.linalg",
                                                 "special": "torch.special", "optim": "torch.optim",
                                                 "utils": "torch.utils", "func": "torch.func",
                                                 "amp": "torch.amp", "backends": "torch.backends",
                                                 "version": "torch.version", "testing": "torch.testing",
                                                 "distributions": "torch.distributions",
                                                 "profiler": "torch.profiler", "fft": "torch.fft",
                                                 "random": "torch.random", "distributed": "torch.distributed"}),
    "torch.autograd": (("gradcli.engine.autograd",), AUTOGRAD_NAMES,
                       {"functional": "torch.autograd.functional",
                        "forward_ad": "torch.autograd.forward_ad",
                        "graph": "torch.autograd.graph", "profiler": "torch.autograd.profiler",
                        "function": "torch.autograd.function", "grad_mode": "torch.autograd.grad_mode"}),
    "torch.autograd.grad_mode": (("gradcli.engine.autograd.grad_mode",), frozenset(), {}),
    "torch.autograd.functional": (("gradcli.engine.autograd.functional",),
                                  AUTOGRAD_FUNCTIONAL_NAMES, {}),
    "torch.autograd.forward_ad": (("gradcli.engine.autograd.forward_ad",),
                                  FORWARD_AD_NAMES, {}),
    "torch.autograd.graph": (("gradcli.engine.autograd.graph",), GRAPH_NAMES, {}),
    "torch.autograd.profiler": (("gradcli.engine.autograd.profiler",),
                                PROFILER_NAMES, {}),
    "torch.autograd.function": (("gradcli.engine.autograd.function",),
                                AUTOGRAD_FUNCTION_NAMES, {}),
    "torch.nn": (("gradcli.engine.nn",), NN_NAMES, {"functional": "torch.nn.functional", "init": "torch.nn.init",
                                                   "utils": "torch.nn.utils", "parallel": "torch.nn.parallel"}),
    "torch.nn.parallel": (("gradcli.engine.nn.parallel",), frozenset({"DataParallel", "DistributedDataParallel"}),
                          {}),
    "torch.distributed": (("gradcli.engine.distributed",), frozenset({"init_process_group", "is_initialized"}), {}),
    "torch.nn.init": (("gradcli.engine.nn.init",), frozenset(), {}),
    "torch.nn.utils": (("gradcli.engine.nn.utils",), frozenset(), {"rnn": "torch.nn.utils.rnn",
                                                                   "prune": "torch.nn.utils.prune",
                                                                   "stateless": "torch.nn.utils.stateless",
                                                                   "parametrize": "torch.nn.utils.parametrize",
                                                                   "parametrizations":
                                                                       "torch.nn.utils.parametrizations"}),
    "torch.nn.utils.parametrize": (("gradcli.engine.nn.parametrize",), frozenset(), {}),
    "torch.nn.utils.prune": (("gradcli.engine.nn.prune",), frozenset(), {}),
    "torch.nn.utils.stateless": (("gradcli.engine.nn.stateless",), frozenset({"functional_call"}), {}),
    "torch.nn.utils.parametrizations": (("gradcli.engine.nn.parametrizations",),
                                        frozenset({"orthogonal", "spectral_norm", "weight_norm"}), {}),
    "torch.nn.utils.rnn": (("gradcli.engine.nn.rnn_utils",), RNN_UTILS_NAMES, {}),
    "torch.distributions": (("gradcli.engine.distributions",), DISTRIBUTIONS_NAMES,
                            {"constraints": "torch.distributions.constraints", "kl": "torch.distributions.kl",
                             "transforms": "torch.distributions.transforms"}),
    "torch.distributions.transforms": (("gradcli.engine.distributions.transforms",), TRANSFORMS_NAMES, {}),
    "torch.random": (("gradcli.engine.random_state",), frozenset("""default_generator fork_rng get_rng_state
                     initial_seed manual_seed seed set_rng_state""".split()), {}),
    "torch.distributions.constraints": (("gradcli.engine.distributions.constraints",), frozenset(), {}),
    "torch.distributions.kl": (("gradcli.engine.distributions.kl",), frozenset({"kl_divergence", "register_kl"}),
                               {}),
    "torch.nn.functional": (("gradcli.engine.nn.functional",), NN_FUNCTIONAL_NAMES, {}),
    "torch.optim": (("gradcli.engine.optim",), OPTIM_NAMES, {"lr_scheduler": "torch.optim.lr_scheduler",
                                                             "swa_utils": "torch.optim.swa_utils"}),
    "torch.optim.swa_utils": (("gradcli.engine.optim.swa_utils",), frozenset(), {}),
    "torch.optim.lr_scheduler": (("gradcli.engine.optim.lr_scheduler",), SCHEDULER_NAMES, {}),
    "torch.utils": (("gradcli.engine.utils",), frozenset({"data", "checkpoint"}),
                    {"data": "torch.utils.data", "checkpoint": "torch.utils.checkpoint"}),
    "torch.utils.checkpoint": (("gradcli.engine.utils.checkpoint",),
                               frozenset({"checkpoint", "checkpoint_sequential"}), {}),
    "torch.utils.data": (("gradcli.engine.utils.data",), DATA_NAMES,
                         {"dataloader": "torch.utils.data.dataloader", "dataset": "torch.utils.data.dataset",
                          "sampler": "torch.utils.data.sampler", "distributed": "torch.utils.data.distributed"}),
    # the submodules older tutorials import from (`from torch.utils.data.sampler import SubsetRandomSampler`)
    "torch.utils.data.dataloader": (("gradcli.engine.utils.data",), frozenset({"DataLoader", "default_collate"}), {}),
    "torch.utils.data.dataset": (("gradcli.engine.utils.data.datasets",), frozenset({"Dataset", "random_split"}), {}),
    "torch.utils.data.sampler": (("gradcli.engine.utils.data.samplers",), frozenset({"Sampler"}), {}),
    "torch.utils.data.distributed": (("gradcli.engine.utils.data.distributed",), frozenset({"DistributedSampler"}),
                                     {}),
    "torch.cuda": (("gradcli.engine.cuda",), CUDA_NAMES, {"amp": "torch.cuda.amp"}),
    "torch.cuda.amp": (("gradcli.engine.cuda_amp",), AMP_NAMES - {"is_autocast_available"}, {}),
    "torch.amp": (("gradcli.engine.amp",), AMP_NAMES, {}),
    "torch.backends": (("gradcli.engine.backends",), BACKENDS_NAMES, {}),
    "torch.version": (("gradcli.engine.version",), VERSION_NAMES, {}),
    "torch.profiler": (("gradcli.engine.profiler",), TORCH_PROFILER_NAMES, {}),
    "torch.testing": (("gradcli.engine.testing",), frozenset({"assert_close", "assert_allclose"}), {}),
    "torch.func": (("gradcli.engine.func",), FUNC_NAMES, {}),
    "functorch": (("gradcli.engine.functorch",), FUNCTORCH_NAMES, {}),   # older tutorials' torch.func
    "torch.linalg": (("gradcli.engine.linalg",), LINALG_NAMES, {}),
    "torch.special": (("gradcli.engine.special",), SPECIAL_NAMES, {}),
    "torch.fft": (("gradcli.engine.fft",), frozenset(), {}),
}


_REGISTER_KL = "it registers into a table every session shares; write the KL as a function instead"

# Public engine names scripts may not reach, with the reason (tests/test_names.py holds every public
# name and Tensor method to "reachable or listed here").
DENIED = {
    "torch": {
        "AutogradError": "an engine exception class: scripts catch RuntimeError as in torch",
        "DTypeError": "an engine exception class: scripts catch TypeError/RuntimeError as in torch",
        "GraphError": "an engine exception class: scripts catch RuntimeError as in torch",
        "ShapeError": "an engine exception class: scripts catch RuntimeError as in torch",
    },
    "torch.distributions": {"register_kl": _REGISTER_KL},
    "torch.distributions.kl": {"register_kl": _REGISTER_KL},
}
TENSOR_DENIED = {
    "untyped_storage_ptr": "gradcli's own helper behind storage_offset(), not a torch name",
}
# Tensor attributes that are data, not methods (methods come from the engine's declarations).
TENSOR_PROPERTIES = frozenset("""
    T mT H mH shape dtype device ndim requires_grad grad grad_fn is_leaf data _version _base
    retains_grad is_cuda output_nr layout names real imag itemsize nbytes
    is_cpu is_sparse is_sparse_csr is_quantized is_meta is_mkldnn is_nested is_mps is_xpu is_xla is_ipu is_vulkan
    is_mtia is_maia
""".split())


def engine_names(path: str) -> frozenset:
    """What the engine declares public for one script namespace, less the denied names."""
    module = importlib.import_module(MODULES[path][0][0])
    return frozenset(module.__all__) - frozenset(DENIED.get(path, ()))


def tensor_attributes() -> frozenset:
    """Every Tensor method the engine declares, plus its public properties, less the denied ones."""
    public = importlib.import_module("gradcli.engine.public")
    tensor_class = importlib.import_module("gradcli.engine.tensor").Tensor
    # n[0], not n.startswith("_"): a method call per name was half of this, ~1 M instructions of every session
    names = {n for n in public.METHODS if n[0] != "_"}
    names.update([n for n, v in vars(tensor_class).items() if n[0] != "_" and callable(v)])
    return frozenset((names | TENSOR_PROPERTIES) - set(TENSOR_DENIED))


def known_names() -> frozenset:
    """Every name a fresh session may predefine."""
    return ((engine_names("torch") - NOT_BARE) | PYTHON_BUILTINS | BARE_AUTOGRAD_NAMES | BARE_NAMES
            | {"pi", "e", "__name__", "super"})


class Namespace:
    """A module-like object for scripts (torch, torch.nn.functional, math).

    Its members are fixed at creation; reading anything else is an error
    that suggests the closest member.
    """

    __slots__ = ("_name", "_members", "_missing", "_denied", "_loader")
    script_name = "module"

    def __reduce_ex__(self, protocol):
        raise TypeError("cannot pickle 'module' object")     # copy.deepcopy(torch), as Python

    def __init__(self, name: str, members: dict | None, missing=(), denied=None, loader=None):
        self._name = name
        # an engine namespace is filled on first use by ``loader() -> (members, missing)``
        self._members = None if members is None else dict(members)
        self._loader = loader
        # torch names of this module that gradcli does not have (yet): a clearer error
        self._missing = frozenset(missing)
        self._denied = dict(denied or {})

    @property
    def name(self) -> str:
        return self._name

    def _load(self) -> dict:
        members, missing, *denied = self._loader()     # (members, missing[, denied])
        self._members, self._missing, self._loader = dict(members), frozenset(missing), None
        if denied:
            self._denied = dict(denied[0])
        return self._members

    def members(self):
        return (self._members if self._members is not None else self._load()).keys()

    def get(self, attribute: str, span: Span | None):
        members = self._members if self._members is not None else self._load()
        try:
            return members[attribute]
        except KeyError:
            if attribute in self._denied:
                raise GradcliError("attribute", f"{self._name}.{attribute} is not available in gradcli scripts: "
                                   f"{self._denied[attribute]}", span) from None
            if attribute in self._missing:
                raise GradcliError("attribute", f"{self._name}.{attribute} is not available in gradcli yet",
                                   span) from None
            message = f"module {self._name!r} has no attribute {attribute!r}"
            import difflib      # for this message only: not part of every start-up
            close = difflib.get_close_matches(attribute, list(members), n=1)
            if close:
                message += f"; did you mean '{self._name}.{close[0]}'?"
            raise GradcliError("attribute", message, span) from None

    def __repr__(self) -> str:
        return f"<module '{self._name}'>"


Namespace.__name__ = "module"      # type(math): <class 'module'>, as Python's (the qualname stays its own)


def _import_first(candidates):
    """The engine module behind a namespace; a path that does not resolve is a bug, never skipped."""
    (dotted,) = candidates
    return importlib.import_module(dotted)


def build_modules() -> dict[str, Namespace]:
    """Namespaces for every importable module path, filled from the engine."""
    built: dict[str, Namespace] = {}

    def fill(path: str):
        candidates, surface, children = MODULES[path]
        source = _import_first(candidates)
        members = {}
        for child_name, child_path in children.items():
            members[child_name] = build(child_path)
        for name in engine_names(path):
            if name in members:
                continue                       # a child namespace (maybe not loaded yet)
            value = getattr(source, name)
            if type(value).__name__ != "module":      # (inline: a call per name cost a session ~0.3 M instructions)
                members[name] = value
        if path == "torch":
            members["__version__"] = source.__version__     # print(torch.__version__) opens many scripts
            from gradcli.engine import serialization
            from .sandbox import qualified_name
            serialization.class_name = qualified_name      # torch.load's refusal names torch's classes
        return members, surface - set(members)

    def build(path: str) -> Namespace:
        # filled on first use: a command that never reaches torch.optim or torch.nn's layers never
        # imports them (reading every member of torch.nn would)
        if path not in built:
            built[path] = Namespace(path, None, (), DENIED.get(path), loader=lambda: fill(path))
        return built[path]

    for path in MODULES:
        build(path)
    built["math"] = Namespace("math", _math_members())
    for name in ("typing", "collections", "__future__"):     # filled when a script imports one
        built[name] = Namespace(name, None, loader=lambda name=name: (_stdlib_members(name), ()))
    return built


def numpy_namespaces(state, policy) -> dict:
    """`numpy` and its submodules for one session, filled on a script's first use (numpy_module)."""
    def fill(name):
        from . import numpy_module
        return numpy_module.members(name, state, policy, namespaces), ()
    namespaces = {name: Namespace(name, None, loader=lambda name=name: fill(name))
                  for name in ("numpy", "numpy.random", "numpy.linalg", "numpy.testing")}
    return namespaces


def _stdlib_members(name: str) -> dict:
    from . import stdlib_modules
    return {"typing": stdlib_modules.typing_members, "collections": stdlib_modules.collections_members,
            "__future__": stdlib_modules.future_members}[name]()


def _math_members() -> dict:
    members = {name: getattr(math, name) for name in MATH_NAMES if hasattr(math, name)}
    for name, largest in _MATH_GUARDED.items():
        members[name] = _guarded_math(getattr(math, name), name, largest)
    for name in _MATH_INT_RESULTS:
        members[name] = ScriptBuiltin(_bounded_int_result(getattr(math, name)), name)
    return members


MAX_INT_BITS = 4300 * 4   # about the 4300 decimal digits Python prints


def _bounded_int_result(function):
    """math.prod/comb/perm/lcm, refused before a result past the integer limit is built
    (``math.prod(range(1, 10**6))`` would run for minutes): a product of integers has at most
    the sum of their bits; comb(n, k) and perm(n, k) at most k times n's."""
    name = function.__name__

    def bounded(*args, **kwargs):
        if name == "prod":
            values = list(args[0]) if args else []
            bits = sum(abs(v).bit_length() for v in values if type(v) is int)
            args = (values,) + args[1:]
        elif name == "lcm":
            bits = sum(abs(v).bit_length() for v in args if type(v) is int)
        else:
            n = args[0] if args else 0
            k = args[1] if len(args) > 1 else n
            bits = 0
            if type(n) is int and type(k) is int and n > 0 and k > 0:
                bits = min(k, max(n - k, 0) if name == "comb" else k) * n.bit_length()
        if bits > MAX_INT_BITS:
            raise OverflowError(f"math.{name}() result would have more than 4300 digits")
        return function(*args, **kwargs)
    return bounded


def _guarded_math(function, name: str, largest: int):
    def guarded(x):
        if isinstance(x, int) and x > largest:
            raise ValueError(f"math.{name}() argument larger than {largest}")
        return function(x)
    return ScriptBuiltin(guarded, name)


class ScriptBuiltin:
    """A builtin that gradcli wraps to keep it within the limits (print, range, sum, ...): it prints
    as Python's own, ``<built-in function print>``, not as the wrapper it is."""

    __slots__ = ("_fn", "__name__", "python_class")

    def __init__(self, fn, name: str):
        self._fn = fn
        self.__name__ = name
        # what isinstance(x, type) / isinstance(x, range) test against
        self.python_class = {"type": builtins.type, "range": builtins.range}.get(name)

    def __call__(self, *args, **kwargs):
        return self._fn(*args, **kwargs)

    def __repr__(self) -> str:
        if self.__name__ in ("range", "type"):      # classes in Python, not functions
            return f"<class '{self.__name__}'>"
        return f"<built-in function {self.__name__}>"


ScriptBuiltin.__name__ = ScriptBuiltin.__qualname__ = "builtin_function_or_method"   # type(print), as Python


NUMPY_NAMES = frozenset({"np", "numpy"})


def numpy_hint(attribute: str | None = None) -> str:
    """What to write instead of numpy: the torch function of the same name when gradcli has one."""
    if attribute and attribute in engine_names("torch"):
        return f"numpy's functions record no gradients; use torch.{attribute} (or {attribute}) instead"
    return "numpy's functions record no gradients; use torch's functions (torch.sin, torch.tensor, ...) instead"


def import_error(module: str, span: Span | None) -> GradcliError:
    if module.split(".")[0] in NUMPY_NAMES:
        return GradcliError("import", f"no module named {module!r} in gradcli; of numpy, scripts have numpy, "
                                      "numpy.random, numpy.linalg and numpy.testing", span)
    ours = sorted(MODULES, key=lambda m: (not m.startswith("torch"), m))     # torch's first, then functorch
    available = ", ".join(ours + ["numpy", "math", "typing", "collections", "dataclasses", "functools",
                                             "itertools", "random", "warnings", "time", "copy", "abc",
                                             "json", "operator", "string", "unittest", "sys", "argparse",
                                             "logging", "os", "io", "contextlib", "inspect"])
    return GradcliError("import", f"no module named {module!r} in gradcli; available: {available}",
                        span)


def _is_float_vector_like(value) -> bool:
    """A floating tensor with at least one dim: what builtin sum may reduce in one op. (max and
    min stay Python's: their result is one output of an UnbindBackward0, as in torch.)"""
    kind = getattr(getattr(value, "_data", None), "dtype", None)
    return (type(value).__name__ == "Tensor" and kind is not None and kind.kind == "f"
            and value.ndim >= 1)


def python_builtins(state, policy, stdout_ref) -> dict:
    """Safe versions of the Python builtins scripts may use."""
    check = state.check_length

    def print_(*values, sep=" ", end="\n", file=None, flush=False, **extra):
        if extra:
            raise TypeError(f"print() got an unexpected keyword argument {next(iter(extra))!r}")
        if sep is None:
            sep = " "
        if end is None:
            end = "\n"
        if not isinstance(sep, str) or not isinstance(end, str):
            raise TypeError("sep and end must be None or a string")
        state.check_text(values, "print()", None)
        text = sep.join(class_text(v) if isinstance(v, type) else str(v) for v in values) + end
        if file is None:
            stream = stdout_ref()
            stream.write(text)
            if flush:
                stream.flush()
            return
        # sys.stderr, or a script's object with a write method: reached as the script would
        policy.get(file, "write", None)(text)
        if flush:
            policy.get(file, "flush", None)()

    def range_(*args):
        r = builtins.range(*args)
        check(len(r), "range", None)
        return r

    def type_(*args):
        if len(args) != 1:
            raise TypeError("type() takes exactly one argument in gradcli scripts")
        return script_type(args[0], policy.script_classes)

    def sorted_(iterable, *, key=None, reverse=False):
        if hasattr(iterable, "__len__"):
            check(len(iterable), "list", None)
        return builtins.sorted(iterable, key=key, reverse=reverse)

    def sum_(iterable, /, start=0):
        if _is_float_vector_like(iterable) and len(iterable) > LONG_VECTOR:
            # Python's sum adds the rows one by one (a million-node graph for randn(10**6)); past
            # LONG_VECTOR rows one reduction gives the same gradient (and the value up to rounding;
            # start + ...: the result's grad_fn is AddBackward0, as Python's last addition makes it).
            # Shorter ones take Python's loop: torch's graph (AddBackward0 over UnbindBackward0)
            # and its float32 rounding.
            return start + iterable.sum(0)
        if isinstance(start, (list, tuple)):
            # sum(lists, []) copies the running total for every item: build it once,
            # within the sequence limit
            kind = type(start)
            out = list(start)
            for item in iterable:
                if type(item) is not kind:
                    raise TypeError(f'can only concatenate {kind.__name__} (not '
                                    f'"{type(item).__name__}") to {kind.__name__}')
                check(len(out) + len(item), kind.__name__, None)
                out.extend(item)
            return out if kind is list else tuple(out)
        result = builtins.sum(iterable, start)
        if type(result) is int and result.bit_length() > 64:
            state.check_int(result, None)
        return result

    def hasattr_(value, name):
        if not isinstance(name, str):
            raise TypeError("hasattr(): attribute name must be string")
        return policy.has(value, name)

    def dir_(*value):
        """dir(x): the names a script may read on x, sorted (``[a for a in dir(y.grad_fn) if
        a.startswith("_saved")]`` lists a node's saved values, as in torch)."""
        if len(value) != 1:
            raise TypeError("dir() is available in gradcli scripts with one argument only")
        names = value[0].members() if isinstance(value[0], Namespace) else builtins.dir(value[0])
        return sorted(n for n in names if policy.listed(value[0], n))

    def getattr_(value, name, *default):
        """Python's getattr through the same gate as `value.name` (torch code picks layers and
        optimizers by name: getattr(nn, "ReLU"))."""
        if not isinstance(name, str):
            raise TypeError("attribute name must be string")
        if len(default) > 1:
            raise TypeError(f"getattr expected at most 3 arguments, got {2 + len(default)}")
        if default:
            return policy.get_or(value, name, default[0])
        return policy.get(value, name, None)

    def iter_(iterable, *sentinel):
        """iter(x): its one-argument form (the sentinel form calls a function without end)."""
        if sentinel:
            raise TypeError("iter(callable, sentinel) is not available in gradcli scripts")
        return builtins.iter(iterable)

    def setattr_(target, name, new_value):
        if not isinstance(name, str):
            raise TypeError("attribute name must be string")
        policy.set(target, name, new_value, None)

    def extreme(pick, name):
        def run(*args, **kwargs):
            if len(args) == 1 and not kwargs and _is_long_vector(args[0]):
                return _vector_extreme(args[0], name)
            return pick(*args, **kwargs)
        return run

    def issubclass_(cls, classinfo):
        if isinstance(cls, TypeToken):
            cls = cls.script_class
        if isinstance(classinfo, TypeToken):
            classinfo = classinfo.script_class
        elif isinstance(classinfo, tuple):
            classinfo = tuple(c.script_class if isinstance(c, TypeToken) else c for c in classinfo)
        if classinfo is ScriptObject:       # the language's `object`: the base of every class
            classinfo = object
        elif isinstance(classinfo, tuple):
            classinfo = tuple(object if c is ScriptObject else c for c in classinfo)
        return builtins.issubclass(cls, getattr(classinfo, "python_class", None) or classinfo)

    def format_(value, spec=""):
        """format(x, spec): the f-string's rules (numbers, strings and tensors take a spec)."""
        if not isinstance(spec, str):
            raise TypeError(f"format() argument 2 must be str, not {type(spec).__name__}")
        check_format_spec(spec, None)
        if spec and not isinstance(value, FORMATTABLE) and type(value).__name__ != "Tensor":
            raise TypeError(f"unsupported format string passed to {type(value).__name__}.__format__")
        text = builtins.format(value, spec)
        check(len(text), "string", None)
        return text

    max_, min_ = extreme(builtins.max, "max"), extreme(builtins.min, "min")
    print_, range_, type_, sorted_, sum_, hasattr_, getattr_, setattr_, iter_ = (
        ScriptBuiltin(fn, name) for fn, name in ((print_, "print"), (range_, "range"), (type_, "type"),
                                                 (sorted_, "sorted"), (sum_, "sum"), (hasattr_, "hasattr"),
                                                 (getattr_, "getattr"), (setattr_, "setattr"),
                                                 (iter_, "iter")))
    table = {
        "print": print_, "range": range_, "len": builtins.len, "abs": builtins.abs,
        "min": ScriptBuiltin(min_, "min"), "max": ScriptBuiltin(max_, "max"), "sum": sum_, "float": builtins.float,
        "int": builtins.int, "bool": builtins.bool, "round": builtins.round,
        # list and tuple are the real types (so that `type(t) is tuple` holds); the
        # compiler checks the size of what they build.
        "list": builtins.list, "tuple": builtins.tuple, "dict": builtins.dict, "set": builtins.set,
        "zip": Zip, "enumerate": Enumerate, "isinstance": script_isinstance,
        "type": type_,
        "hasattr": hasattr_, "getattr": getattr_, "divmod": builtins.divmod,
        "iter": iter_, "next": builtins.next, "setattr": setattr_, "str": builtins.str, "repr": builtins.repr, "sorted": sorted_,
        "reversed": builtins.reversed, "any": builtins.any, "all": builtins.all,
        "map": Map, "filter": Filter, "staticmethod": builtins.staticmethod,
        "classmethod": builtins.classmethod, "property": builtins.property,
        "object": ScriptObject, "issubclass": ScriptBuiltin(issubclass_, "issubclass"),
        "callable": builtins.callable, "hex": builtins.hex, "oct": builtins.oct, "bin": builtins.bin,
        "chr": builtins.chr, "ord": builtins.ord, "ascii": builtins.ascii, "hash": builtins.hash,
        "id": builtins.id, "dir": ScriptBuiltin(dir_, "dir"),
        "format": ScriptBuiltin(format_, "format"), "frozenset": builtins.frozenset,
        "slice": builtins.slice, "complex": builtins.complex,
        "NotImplemented": NotImplemented, "Ellipsis": Ellipsis,     # `return NotImplemented` in __eq__
        "exit": ScriptBuiltin(script_exit, "exit"), "quit": ScriptBuiltin(script_exit, "quit"),
    }
    policy.allow(builtins.property, ("setter", "getter", "deleter"))   # @x.setter in a class body
    policy.allow_later("gradcli.lang.compile_calls.ScriptFunction", ("__name__",))   # f.__name__: a string
    policy.allow_later("gradcli.lang.compile_generators.generator", ("send", "throw", "close"))   # (its __qualname__)
    for name, cls in {**EXCEPTION_CLASSES, **WARNING_CLASSES}.items():
        table[name] = cls
        policy.allow_class_name(cls)
    policy.allow(BaseException, ("args",))     # `except ValueError as e: e.args`
    policy.allow(ScriptExit, ("code",))        # `except SystemExit as e: e.code`
    return table


LONG_VECTOR = 10_000


_NO_CODE = object()


def script_exit(code=_NO_CODE):
    """exit(), quit() and sys.exit(): the script ends here (``finally`` blocks run on the way); no code is
    Python's ``SystemExit()``, whose ``args`` are empty."""
    raise ScriptExit() if code is _NO_CODE else ScriptExit(code)


def _is_long_vector(value) -> bool:
    data = getattr(value, "_data", None)
    return data is not None and hasattr(value, "unbind") and data.ndim == 1 and data.size > LONG_VECTOR \
        and data.dtype.kind in "fiub"


def _vector_extreme(t, name: str):
    """Python's max(t)/min(t) over a long 1-D tensor without a million Python comparisons: the same
    element Python picks (the first of equal ones; a NaN in front wins, a NaN elsewhere never does),
    taken with ``select`` (SelectBackward0, where iterating gives UnbindBackward0; same value and
    gradient)."""
    data = t._data
    if data.dtype.kind == "f" and data[0] != data[0]:
        index = 0
    else:
        clean = data
        if data.dtype.kind == "f":
            fill = -float("inf") if name == "max" else float("inf")
            clean = data.copy()
            clean[clean != clean] = fill
        index = int(clean.argmax() if name == "max" else clean.argmin())
    return t.select(0, index)


def base_environment(modules: dict[str, Namespace], state, policy, stdout_ref) -> dict:
    """The builtins layer under a session's globals."""
    env = {}
    torch = modules["torch"]
    for name in torch.members():
        if name not in NOT_BARE:
            env[name] = torch.get(name, None)
    autograd = modules["torch.autograd"]
    for path in ("torch.autograd", "torch.autograd.functional"):
        namespace = modules[path]
        for name in BARE_AUTOGRAD_NAMES & set(namespace.members()):
            env[name] = namespace.get(name, None)
    env["torch"] = torch
    env["autograd"] = autograd
    env["nn"] = modules["torch.nn"]
    env["F"] = modules["torch.nn.functional"]
    env["math"] = modules["math"]
    env["pi"] = math.pi
    env["e"] = math.e
    env["__name__"] = "__main__"   # `if __name__ == "__main__":` as pasted from a script
    env.update(python_builtins(state, policy, stdout_ref))
    env["pow"] = ScriptBuiltin(_python_pow(state, torch.get("pow", None)), "pow")
    return env


def _python_pow(state, torch_pow):
    """Python's ``pow`` where a pasted script means it (``pow(2, 10)``, ``pow(7, -1, 10)``), torch's
    for tensors: the bare name is shared, as it is in ``from torch import *`` code."""
    def pow_(base, exp=None, mod=None, **kwargs):
        if type(base) in _PY_NUMBERS and type(exp) in _PY_NUMBERS and not kwargs:
            if mod is None:
                state.check_power(base, exp, None)
            elif type(exp) is int and type(mod) is int:
                state.check_modular_power(exp, mod, None)
            return builtins.pow(base, exp, mod)
        if mod is not None:
            raise TypeError("pow() with a modulus takes Python integers only")
        return torch_pow(base, **kwargs) if exp is None else torch_pow(base, exp, **kwargs)
    return pow_


_PY_NUMBERS = (int, float, bool)


TENSOR_WRITABLE = frozenset("requires_grad grad data".split())
NODE_ATTRIBUTES = frozenset("""
    name next_functions metadata register_hook register_prehook variable num_outputs
""".split())
CTX_ATTRIBUTES = frozenset("""
    save_for_backward save_for_forward saved_tensors needs_input_grad mark_dirty
    mark_non_differentiable set_materialize_grads materialize_grads
""".split())
HANDLE_ATTRIBUTES = frozenset("remove id".split())
DTYPE_ATTRIBUTES = frozenset("is_floating_point is_complex is_signed itemsize to_complex to_real".split())
SIZE_ATTRIBUTES = frozenset("numel count index".split())
PROFILER_ATTRIBUTES = frozenset("""
    key_averages table total_average self_cpu_time_total events function_events
    key count cpu_time cpu_time_total self_cpu_time cpu_time_avg name id input_shapes
""".split())
# what scripts may read on numpy's values (numpy_module: what `import numpy` gives)
NUMPY_ARRAY_ATTRIBUTES = frozenset("""
    shape dtype ndim size tolist item T sum mean std var max min argmax argmin prod cumsum cumprod
    reshape astype copy flatten ravel round any all transpose squeeze clip dot nonzero argsort sort
    fill real imag conj trace diagonal swapaxes itemsize nbytes
""".split())
# the array methods that take a dtype: `astype(object)` or `cumsum(dtype=object)` would make an array of
# Python objects, whose elementwise ops run Python's (str * n, int ** n) past every limit in one C call
NUMPY_DTYPE_METHODS = frozenset("astype sum mean std var prod cumsum cumprod trace".split())
NUMPY_SCALAR_ATTRIBUTES = frozenset("item tolist dtype shape ndim size real imag is_integer round".split())
NUMPY_DTYPE_ATTRIBUTES = frozenset("name kind itemsize char str".split())
# values an f-string's format spec applies to besides tensors (numpy's scalars format as numbers)
FORMATTABLE = (int, float, complex, str, np.generic)
MODULE_ATTRIBUTES = frozenset("""
    training forward parameters named_parameters buffers named_buffers children named_children modules
    named_modules train eval requires_grad_ zero_grad apply to float double half cpu cuda state_dict load_state_dict
    get_submodule get_parameter get_buffer insert reset_running_stats flatten_parameters all_weights type
    register_forward_hook register_forward_pre_hook register_full_backward_hook register_full_backward_pre_hook
    register_backward_hook register_state_dict_pre_hook register_state_dict_post_hook
    register_load_state_dict_pre_hook register_load_state_dict_post_hook
    register_buffer register_parameter add_module
    register_module extra_repr reset_parameters append extend keys values items
    pop get update setdefault clear generate_square_subsequent_mask
""".split())
DISTRIBUTION_ATTRIBUTES = frozenset("""
    batch_shape event_shape sample rsample sample_n log_prob cdf icdf entropy perplexity mean mode variance stddev
    expand has_rsample has_enumerate_support enumerate_support support param_shape
    loc scale low high rate probs logits base_dist reinterpreted_batch_ndims covariance_matrix precision_matrix
    scale_tril transforms concentration concentration1 concentration0 concentration_reciprocal alpha df total_count
    mixture_distribution component_distribution temperature df1 df2 cov_factor cov_diag
""".split())
TRANSFORM_ATTRIBUTES = frozenset("""
    inv sign domain codomain bijective event_dim log_abs_det_jacobian forward_shape inverse_shape with_cache parts
    base_transform reinterpreted_batch_ndims loc scale exponent in_shape out_shape
""".split())
OPTIMIZER_ATTRIBUTES = frozenset("step zero_grad param_groups state state_dict load_state_dict add_param_group "
                                  "defaults register_step_pre_hook register_step_post_hook "
                                  "register_state_dict_pre_hook register_state_dict_post_hook "
                                  "register_load_state_dict_pre_hook register_load_state_dict_post_hook".split())


def module_members(module) -> set:
    """A Module's own public members: its parameters, buffers, submodules and settings, and the
    methods a script's own subclass defines."""
    names = {n for n in vars(module) if not n.startswith("_")}
    names |= script_class_members(module)
    parametrized = module._modules.get("parametrizations")     # torch.nn.utils.parametrize's properties
    if hasattr(parametrized, "keys"):
        names |= set(parametrized.keys())
    return names | set(module._parameters) | set(module._buffers) | set(module._modules)


def script_class_members(value) -> set:
    """Public names defined by the script classes in a value's class hierarchy."""
    return {n for klass in type(value).__mro__ if klass.__module__ == "__main__"
            for n in vars(klass) if not n.startswith("_")}


BACKENDS_MATMUL_SWITCHES = frozenset(
    "allow_tf32 allow_fp16_reduced_precision_reduction allow_bf16_reduced_precision_reduction".split())


RETURN_TYPES = "gradcli.engine.return_types"


def _return_types(names: str) -> tuple:
    """The dotted names of torch.return_types classes, made on first use (engine/return_types.py)."""
    return tuple(f"{RETURN_TYPES}.{name}" for name in names.split())


# (candidate dotted paths of a type, readable, writable, options)
ENGINE_TYPES = (
    (("gradcli.engine.tensor.Tensor",), None, TENSOR_WRITABLE,
     {"user_attributes": True}),
    (("gradcli.engine.tensor.Size",), SIZE_ATTRIBUTES, (), {}),
    (("gradcli.engine.nn.module.Module",), MODULE_ATTRIBUTES, (), {"open_members": module_members}),
    (("gradcli.engine.nn.module._IncompatibleKeys",), frozenset({"missing_keys", "unexpected_keys"}), (), {}),
    (("gradcli.engine.optim.optimizer.Optimizer",), OPTIMIZER_ATTRIBUTES, (),
     {"open_members": lambda o: script_class_members(o) | {n for n in vars(o) if not n.startswith("_")}}),
    (("gradcli.engine.optim.schedulers.LRScheduler",),
     frozenset("step get_last_lr get_lr state_dict load_state_dict scale_fn".split()), (),
     {"open_members": lambda s: script_class_members(s) | {n for n in vars(s) if not n.startswith("_")}}),
    (("gradcli.engine.utils.data.DataLoader",),
     frozenset("dataset batch_size drop_last shuffle sampler batch_sampler generator collate_fn num_workers "
               "pin_memory timeout worker_init_fn prefetch_factor persistent_workers".split()), (), {}),
    (("gradcli.engine.utils.data.samplers.Sampler",),
     frozenset("data_source num_samples replacement generator indices weights sampler batch_size drop_last "
               "set_epoch".split()), (),
     {"open_members": lambda d: script_class_members(d) | {n for n in vars(d) if not n.startswith("_")}}),
    (("gradcli.engine.utils.data.datasets.TensorDataset",), frozenset({"tensors"}), (), {}),
    (("gradcli.engine.utils.data.worker.WorkerInfo",), frozenset("id num_workers seed dataset".split()), (), {}),
    (("gradcli.engine.optim.swa_utils.AveragedModel",), MODULE_ATTRIBUTES | {"update_parameters"}, (),
     {"open_members": module_members}),
    (("gradcli.engine.utils.data.datasets.Dataset",), frozenset(), (),
     {"open_members": lambda d: script_class_members(d) | {n for n in vars(d) if not n.startswith("_")}}),
    (("gradcli.engine.dtypes.dtype",), DTYPE_ATTRIBUTES, (), {}),
    (("gradcli.engine.device.device",), frozenset({"type", "index"}), (), {}),
    (("gradcli.engine.distributions.distribution.Distribution",), DISTRIBUTION_ATTRIBUTES, (), {}),
    (("gradcli.engine.distributions.transforms.Transform",), TRANSFORM_ATTRIBUTES, (), {}),
    (("gradcli.engine.distributions.constraints.Constraint",),
     frozenset("check is_discrete event_dim lower_bound upper_bound base_constraint reinterpreted_batch_ndims"
               .split()), (), {}),
    (("gradcli.engine.nn.rnn_utils.PackedSequence",),
     frozenset("data batch_sizes sorted_indices unsorted_indices to is_cuda is_pinned count index".split()), (), {}),
    (("gradcli.engine.creation.Generator",),
     frozenset("manual_seed seed initial_seed get_state set_state device".split()), (), {}),
    (("gradcli.engine.autograd.graph.Node",), NODE_ATTRIBUTES, (), {"prefixes": ("_saved_", "_raw_saved_")}),
    (("gradcli.engine.autograd.graph.SavedTensor",), frozenset({"register_hooks"}), (), {}),
    (("gradcli.engine.hooks.RemovableHandle", "gradcli.engine.autograd.graph._MultiHandle"),
     HANDLE_ATTRIBUTES, (), {}),
    (("gradcli.engine.autograd.function.FunctionCtx",), CTX_ATTRIBUTES, (), {"user_attributes": True}),
    (("gradcli.engine.autograd.function.BackwardCFunction",), CTX_ATTRIBUTES, (),   # the node reads its ctx
     {"open_members": lambda node: {n for n in vars(node.ctx) if not n.startswith("_")}}),
    (("gradcli.engine.autograd.profiler.profile", "gradcli.engine.autograd.profiler.EventList",
      "gradcli.engine.autograd.profiler.FunctionEvent", "gradcli.engine.autograd.profiler.FunctionEventAvg"),
     PROFILER_ATTRIBUTES, (), {}),
    (("gradcli.engine.profiler.profile",), frozenset({"step", "start", "stop", "step_num"}), (), {}),
    (("gradcli.engine.profiler._Activities",), frozenset("CPU XPU MTIA CUDA HPU PrivateUse1".split()), (), {}),
    (("gradcli.engine.profiler._Activity",), frozenset({"name", "value"}), (), {}),
    (("numpy.ndarray",), NUMPY_ARRAY_ATTRIBUTES, (), {}),
    (("numpy.generic",), NUMPY_SCALAR_ATTRIBUTES, (), {}),
    (("numpy.dtype",), NUMPY_DTYPE_ATTRIBUTES, (), {}),
    (("gradcli.engine.autograd.forward_ad.UnpackedDualTensor",), frozenset({"primal", "tangent"}), (), {}),
    (("gradcli.engine.autograd.graph.GradientEdge",), frozenset({"node", "output_nr", "ownership_token"}), (), {}),
    (("gradcli.engine.nn.losses._ASMoutput",), frozenset({"output", "loss", "count", "index"}), (), {}),
    (("gradcli.engine.func.custom_function.VmapInfo",), frozenset({"batch_size", "randomness"}), (), {}),
    (_return_types("max min sort topk median kthvalue nanmedian"), frozenset({"values", "indices"}), (), {}),
    (_return_types("aminmax"), frozenset({"min", "max"}), (), {}),
    (_return_types("frexp"), frozenset({"mantissa", "exponent"}), (), {}),
    (_return_types("histogram"), frozenset({"hist", "bin_edges"}), (), {}),
    (_return_types("slogdet linalg_slogdet"), frozenset({"sign", "logabsdet"}), (), {}),
    (_return_types("linalg_eigh linalg_svd svd linalg_qr"), frozenset("eigenvalues eigenvectors U S V Vh Q R".split()),
     (), {}),
    (_return_types("qr"), frozenset({"Q", "R"}), (), {}),
    (_return_types("triangular_solve"), frozenset({"solution", "cloned_coefficient"}), (), {}),
    (_return_types("linalg_lu_factor linalg_lu_factor_ex linalg_lu lu_unpack _lu_with_info linalg_solve_ex "
                   "linalg_inv_ex linalg_cholesky_ex linalg_lstsq linalg_eig geqrf linalg_ldl_factor "
                   "linalg_ldl_factor_ex"),
     frozenset("LU LD pivots info P L U result inverse solution residuals rank singular_values eigenvalues "
               "eigenvectors a tau".split()), (), {}),
    (("gradcli.engine.functions.composites.finfo",),
     frozenset("bits eps max min tiny smallest_normal resolution dtype".split()), (), {}),
    (("gradcli.engine.functions.composites.iinfo",), frozenset("bits max min dtype".split()), (), {}),
    (("gradcli.engine.backends._Cudnn",), frozenset("enabled benchmark deterministic allow_tf32 is_available version"
                                                   .split()),
     frozenset("enabled benchmark deterministic allow_tf32".split()), {}),
    (("gradcli.engine.backends._Cuda",), frozenset({"matmul", "is_built"}), (), {}),
    (("gradcli.engine.backends._Matmul",), BACKENDS_MATMUL_SWITCHES, BACKENDS_MATMUL_SWITCHES, {}),
    (("gradcli.engine.backends._Mps",), frozenset({"is_available", "is_built"}), (), {}),
    (("gradcli.engine.amp.GradScaler",), frozenset("""
        scale step update unscale_ get_scale is_enabled state_dict load_state_dict get_growth_factor
        get_backoff_factor get_growth_interval""".split()), (), {}),
    (("gradcli.engine.amp.autocast",), frozenset({"device", "fast_dtype"}), (), {}),
    (("gradcli.engine.functions.storages.UntypedStorage",),
     frozenset("data_ptr nbytes size element_size device is_shared is_pinned tolist dtype untyped".split()), (), {}),
)


NDARRAY = np.ndarray


def refuse_object_array(value) -> None:
    """Scripts get numpy arrays of numbers only: an array of Python objects (``np.ones(1) * [10**30]``,
    ``a.astype(object)``, a record with an object field: ``dtype=[('a', 'O')]``) would run Python's
    operators elementwise in one C call, outside the limits."""
    if type(value) is NDARRAY and value.dtype.hasobject:
        raise TypeError("numpy arrays of Python objects are not available in gradcli scripts")


def _numbers_only(owner, method, span):
    """The guard of an array method that takes a dtype (NUMPY_DTYPE_METHODS)."""
    def call(*args, **kwargs):
        result = method(*args, **kwargs)
        refuse_object_array(result)
        return result
    return call


def _resolve_type(dotted: str):
    """An engine class named in ENGINE_TYPES; a name that does not resolve is a bug, never skipped
    (a silently skipped type would leave its attributes unreachable or, worse, unchecked)."""
    module_name, _, attribute = dotted.rpartition(".")
    value = getattr(importlib.import_module(module_name), attribute)
    if not isinstance(value, type):
        raise TypeError(f"{dotted} is not a class")
    return value


def configure_policy(policy, modules: dict[str, Namespace]) -> None:
    """Declare what scripts may read and write on every engine type (and on plain script objects)."""
    policy.set_namespace_type(Namespace)
    public = lambda d: script_class_members(d) | {n for n in vars(d) if not n.startswith("_")}   # noqa: E731
    policy.allow(ScriptObject, frozenset(), (), open_members=public)
    # a script exception's own fields (``self.code = code`` in its __init__); nothing of Python's
    policy.allow(Exception, (), (), open_members=lambda e: public(e) if type(e).__module__ == "__main__" else set())
    for paths, readable, writable, options in ENGINE_TYPES:
        readable = tensor_attributes() if readable is None else readable
        for dotted in paths:
            module_name, _, name = dotted.rpartition(".")
            if module_name == RETURN_TYPES:       # a class made when an op first returns one
                if name not in importlib.import_module(RETURN_TYPES).NAMES:
                    raise TypeError(f"{dotted} is not one of torch.return_types")
                policy.allow_later(dotted, readable, writable, **options)
            elif module_name in sys.modules or dotted.startswith("numpy."):
                policy.allow(_resolve_type(dotted), readable, writable, **options)
            else:       # a class of a namespace loaded on first use: its rules apply when it is
                policy.allow_later(dotted, readable, writable, **options)
    for name in NUMPY_DTYPE_METHODS:
        policy.add_guard(np.ndarray, name, _numbers_only)


def script_class_bases(modules: dict[str, Namespace]):
    """The classes a script's `class Name(Base):` may derive from (and so their subclasses), as a
    function: torch.utils.data loads when the first class statement runs, not before."""
    return lambda: (modules["torch.autograd"].get("Function", None), modules["torch.nn"].get("Module", None),
                    modules["torch.utils.data"].get("Dataset", None), modules["torch.utils.data"].get("Sampler", None),
                    modules["torch.optim"].get("Optimizer", None),
                    modules["torch.optim.lr_scheduler"].get("LRScheduler", None), ScriptObject)
