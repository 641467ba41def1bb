"""The names torch prints for its classes (``<class 'torch.nn.modules.linear.Linear'>``), for the
engine's classes that stand for them: a script printing ``type(x)`` or ``nn.Linear`` sees torch's
text, and so does the default repr of a dataset, sampler, data loader, scheduler or hook handle
(``<torch.utils.data.dataloader.DataLoader object at 0x...>``). Loaded on the first class a script
prints; a class added to the engine later and not listed here prints its bare name."""

from __future__ import annotations

# torch's module -> the classes it defines that gradcli has (written from torch 2.13)
TORCH_MODULES = {
    "torch": "Size Tensor device dtype finfo iinfo layout",
    "torch._C": "Generator",
    "torch.amp.autocast_mode": "autocast",
    "torch.autograd.anomaly_mode": "detect_anomaly set_detect_anomaly",
    "torch.autograd.forward_ad": "UnpackedDualTensor",
    "torch.autograd.function": "BackwardCFunction Function FunctionCtx FunctionMeta",
    "torch.autograd.profiler": "profile record_function",
    "torch.autograd.profiler_util": "EventList FunctionEvent FunctionEventAvg",
    "torch.autograd.graph": "_MultiHandle saved_tensors_hooks save_on_cpu disable_saved_tensors_hooks",
    "torch.autograd.grad_mode": "enable_grad inference_mode no_grad set_grad_enabled",
    "torch.autograd.variable": "Variable",
    "torch.distributions.bernoulli": "Bernoulli",
    "torch.distributions.beta": "Beta",
    "torch.distributions.binomial": "Binomial",
    "torch.distributions.categorical": "Categorical",
    "torch.distributions.cauchy": "Cauchy",
    "torch.distributions.chi2": "Chi2",
    "torch.distributions.constraint_registry": "ConstraintRegistry",
    "torch.distributions.continuous_bernoulli": "ContinuousBernoulli",
    "torch.distributions.dirichlet": "Dirichlet",
    "torch.distributions.distribution": "Distribution",
    "torch.distributions.exponential": "Exponential",
    "torch.distributions.fishersnedecor": "FisherSnedecor",
    "torch.distributions.gamma": "Gamma",
    "torch.distributions.geometric": "Geometric",
    "torch.distributions.gumbel": "Gumbel",
    "torch.distributions.half_cauchy": "HalfCauchy",
    "torch.distributions.half_normal": "HalfNormal",
    "torch.distributions.independent": "Independent",
    "torch.distributions.inverse_gamma": "InverseGamma",
    "torch.distributions.kumaraswamy": "Kumaraswamy",
    "torch.distributions.laplace": "Laplace",
    "torch.distributions.log_normal": "LogNormal",
    "torch.distributions.logistic_normal": "LogisticNormal",
    "torch.distributions.lowrank_multivariate_normal": "LowRankMultivariateNormal",
    "torch.distributions.mixture_same_family": "MixtureSameFamily",
    "torch.distributions.multinomial": "Multinomial",
    "torch.distributions.multivariate_normal": "MultivariateNormal",
    "torch.distributions.negative_binomial": "NegativeBinomial",
    "torch.distributions.normal": "Normal",
    "torch.distributions.one_hot_categorical": "OneHotCategorical OneHotCategoricalStraightThrough",
    "torch.distributions.pareto": "Pareto",
    "torch.distributions.poisson": "Poisson",
    "torch.distributions.relaxed_bernoulli": "LogitRelaxedBernoulli RelaxedBernoulli",
    "torch.distributions.relaxed_categorical": "ExpRelaxedCategorical RelaxedOneHotCategorical",
    "torch.distributions.studentT": "StudentT",
    "torch.distributions.transformed_distribution": "TransformedDistribution",
    "torch.distributions.transforms": (
        "AbsTransform AffineTransform ComposeTransform ExpTransform IndependentTransform LowerCholeskyTransform "
        "PositiveDefiniteTransform PowerTransform ReshapeTransform SigmoidTransform SoftmaxTransform "
        "SoftplusTransform StickBreakingTransform TanhTransform Transform _InverseTransform"
    ),
    "torch.distributions.uniform": "Uniform",
    "torch.distributions.von_mises": "VonMises",
    "torch.distributions.weibull": "Weibull",
    "torch.nn.modules.activation": (
        "CELU ELU GELU GLU Hardshrink Hardsigmoid Hardswish Hardtanh LeakyReLU LogSigmoid LogSoftmax Mish "
        "MultiheadAttention PReLU RReLU ReLU ReLU6 SELU SiLU Sigmoid Softmax Softmax2d Softmin Softplus "
        "Softshrink Softsign Tanh Tanhshrink Threshold"
    ),
    "torch.nn.modules.adaptive": "AdaptiveLogSoftmaxWithLoss _ASMoutput",
    "torch.nn.modules.batchnorm": (
        "BatchNorm1d BatchNorm2d BatchNorm3d LazyBatchNorm1d LazyBatchNorm2d LazyBatchNorm3d SyncBatchNorm"
    ),
    "torch.nn.modules.channelshuffle": "ChannelShuffle",
    "torch.nn.modules.container": "ModuleDict ModuleList ParameterDict ParameterList Sequential",
    "torch.nn.modules.conv": (
        "Conv1d Conv2d Conv3d ConvTranspose1d ConvTranspose2d ConvTranspose3d LazyConv1d LazyConv2d "
        "LazyConv3d"
    ),
    "torch.nn.modules.distance": "CosineSimilarity PairwiseDistance",
    "torch.nn.modules.dropout": "AlphaDropout Dropout Dropout1d Dropout2d Dropout3d FeatureAlphaDropout",
    "torch.nn.modules.flatten": "Flatten Unflatten",
    "torch.nn.modules.fold": "Fold Unfold",
    "torch.nn.modules.instancenorm": "InstanceNorm1d InstanceNorm2d InstanceNorm3d",
    "torch.nn.modules.linear": "Bilinear Identity LazyLinear Linear",
    "torch.nn.parallel.data_parallel": "DataParallel",
    "torch.nn.modules.loss": (
        "BCELoss BCEWithLogitsLoss CTCLoss CosineEmbeddingLoss CrossEntropyLoss GaussianNLLLoss "
        "HingeEmbeddingLoss HuberLoss KLDivLoss L1Loss MSELoss MarginRankingLoss MultiLabelMarginLoss "
        "MultiLabelSoftMarginLoss MultiMarginLoss NLLLoss NLLLoss2d PoissonNLLLoss SmoothL1Loss "
        "SoftMarginLoss TripletMarginLoss TripletMarginWithDistanceLoss"
    ),
    "torch.nn.modules.module": "Module",
    "torch.nn.modules.normalization": "GroupNorm LayerNorm LocalResponseNorm RMSNorm",
    "torch.nn.modules.padding": (
        "CircularPad1d CircularPad2d CircularPad3d ConstantPad1d ConstantPad2d ConstantPad3d "
        "ReflectionPad1d ReflectionPad2d ReflectionPad3d ReplicationPad1d ReplicationPad2d "
        "ReplicationPad3d ZeroPad1d ZeroPad2d ZeroPad3d"
    ),
    "torch.nn.modules.pixelshuffle": "PixelShuffle PixelUnshuffle",
    "torch.nn.modules.pooling": (
        "AdaptiveAvgPool1d AdaptiveAvgPool2d AdaptiveAvgPool3d AdaptiveMaxPool1d AdaptiveMaxPool2d "
        "AvgPool1d AvgPool2d AvgPool3d LPPool1d LPPool2d MaxPool1d MaxPool2d MaxPool3d MaxUnpool1d "
        "MaxUnpool2d"
    ),
    "torch.nn.modules.rnn": "GRU GRUCell LSTM LSTMCell RNN RNNCell",
    "torch.nn.modules.sparse": "Embedding EmbeddingBag",
    "torch.nn.modules.transformer": (
        "Transformer TransformerDecoder TransformerDecoderLayer TransformerEncoder "
        "TransformerEncoderLayer"
    ),
    "torch.nn.modules.upsampling": "Upsample UpsamplingBilinear2d UpsamplingNearest2d",
    "torch.nn.parameter": "Parameter",
    "torch.nn.utils.rnn": "PackedSequence",
    "torch.optim": "Adafactor",
    "torch.optim.adadelta": "Adadelta",
    "torch.optim.adagrad": "Adagrad",
    "torch.optim.adam": "Adam",
    "torch.optim.adamax": "Adamax",
    "torch.optim.adamw": "AdamW",
    "torch.optim.asgd": "ASGD",
    "torch.optim.lbfgs": "LBFGS",
    "torch.optim.lr_scheduler": (
        "ChainedScheduler ConstantLR CosineAnnealingLR CosineAnnealingWarmRestarts CyclicLR ExponentialLR "
        "LRScheduler LambdaLR LinearLR MultiStepLR MultiplicativeLR OneCycleLR PolynomialLR "
        "ReduceLROnPlateau SequentialLR StepLR"
    ),
    "torch.optim.nadam": "NAdam",
    "torch.optim.optimizer": "Optimizer",
    "torch.optim.radam": "RAdam",
    "torch.optim.rmsprop": "RMSprop",
    "torch.optim.rprop": "Rprop",
    "torch.optim.sgd": "SGD",
    "torch.optim.sparse_adam": "SparseAdam",
    "torch.utils.data.dataloader": "DataLoader _MultiProcessingDataLoaderIter _SingleProcessDataLoaderIter",
    "torch.utils.hooks": "RemovableHandle",
    "torch.utils.data.dataset": "ChainDataset ConcatDataset Dataset IterableDataset StackDataset Subset TensorDataset",
    "torch.utils.data.sampler": "BatchSampler RandomSampler Sampler SequentialSampler SubsetRandomSampler WeightedRandomSampler",
    "torch.utils.data.distributed": "DistributedSampler",
    "torch.nn.parallel.distributed": "DistributedDataParallel",
}

# engine classes whose name another module's class also has
_BY_ENGINE_PATH = {"gradcli.engine.profiler.profile": "torch.profiler.profiler.profile"}
_BY_NAME = {name: module for module, names in TORCH_MODULES.items() for name in names.split()}


def torch_class_name(cls: type) -> str | None:
    """torch's dotted name for an engine class that stands for one of torch's, else None (the
    engine's own classes, such as backward nodes, print their bare name, as torch's do)."""
    module = getattr(cls, "__module__", "")
    if not isinstance(module, str) or not module.startswith("gradcli.engine"):
        return None
    name = cls.__name__
    if f"{module}.{name}" in _BY_ENGINE_PATH:
        return _BY_ENGINE_PATH[f"{module}.{name}"]
    known = _BY_NAME.get(name)
    if known is None and hasattr(cls, "_fields") and name.islower() and not name.startswith("_"):
        known = "torch.return_types"    # the named results of max(dim), sort, slogdet, ...
    return None if known is None else f"{known}.{name}"


def default_repr(obj) -> str:
    """Python's default repr, with torch's module path for the engine's stand-ins of torch classes (a
    script's own subclass keeps its own: ``<__main__.MyData object at 0x...>``)."""
    cls = type(obj)
    return f"<{torch_class_name(cls) or f'{cls.__module__}.{cls.__qualname__}'} object at {id(obj):#x}>"
