"""``torch.nn``: Parameter, Module, layers, activation and loss modules, containers, and
``torch.nn.functional``.

``functional`` and ``module`` load with the engine (``torch.softmax`` and ``torch.compile`` are
declared there); the layer modules, ``init`` and ``utils`` load when a name of theirs is first
read: a command that never builds a layer does not pay for them."""
import importlib as _importlib

from . import functional  # noqa: F401
from . import torch_losses  # noqa: F401  (torch.kl_div, torch.ctc_loss...: declared public there)
from .module import Buffer, Module, Parameter  # noqa: F401

_LAZY = {
    "layers": """GLU Hardshrink Softshrink Tanhshrink Threshold CosineSimilarity PairwiseDistance MarginRankingLoss
        HingeEmbeddingLoss SoftMarginLoss CosineEmbeddingLoss PoissonNLLLoss GaussianNLLLoss TripletMarginLoss
        MultiLabelSoftMarginLoss
        CELU ELU GELU SELU BCELoss BCEWithLogitsLoss CrossEntropyLoss Dropout Flatten Hardsigmoid Hardswish
        Hardtanh HuberLoss Identity KLDivLoss L1Loss LeakyReLU Linear LogSigmoid LogSoftmax Mish ModuleDict
        ModuleList MSELoss NLLLoss ReLU ReLU6 Sequential Sigmoid SiLU SmoothL1Loss Softmax Softmin
        Softplus Softsign Tanh""",
    "losses": """AdaptiveLogSoftmaxWithLoss CTCLoss MultiLabelMarginLoss MultiMarginLoss NLLLoss2d
        TripletMarginWithDistanceLoss""",
    "extra_layers": """PReLU RReLU Softmax2d RMSNorm InstanceNorm1d InstanceNorm2d InstanceNorm3d LocalResponseNorm
        CrossMapLRN2d PixelShuffle PixelUnshuffle ChannelShuffle Unfold Fold AlphaDropout FeatureAlphaDropout ParameterDict
        LazyLinear LazyConv1d LazyConv2d LazyConv3d LazyConvTranspose1d LazyConvTranspose2d LazyConvTranspose3d
        LazyBatchNorm1d LazyBatchNorm2d LazyBatchNorm3d DataParallel SyncBatchNorm""",
    "pool_layers": """AdaptiveMaxPool1d AdaptiveMaxPool2d AdaptiveMaxPool3d AdaptiveAvgPool3d MaxUnpool1d MaxUnpool2d
        MaxUnpool3d LPPool1d LPPool2d FractionalMaxPool2d FractionalMaxPool3d
        UpsamplingNearest2d UpsamplingBilinear2d""",
    "attention": "MultiheadAttention TransformerEncoder TransformerEncoderLayer Transformer TransformerDecoder "
                 "TransformerDecoderLayer",
    "recurrent": "GRU LSTM RNN RNNBase GRUCell LSTMCell RNNCell",
    "spatial_layers": """AdaptiveAvgPool1d AdaptiveAvgPool2d ConvTranspose1d ConvTranspose2d GroupNorm Upsample
        MaxPool1d AvgPool1d ZeroPad1d ZeroPad2d ConstantPad1d ConstantPad2d ReflectionPad1d
        ReflectionPad2d ReplicationPad1d ReplicationPad2d Dropout1d Dropout2d
        AvgPool2d BatchNorm1d BatchNorm2d Bilinear Conv1d Conv2d Embedding LayerNorm MaxPool2d ParameterList
        Unflatten BatchNorm3d Dropout3d ZeroPad3d ConstantPad3d ReflectionPad3d ReplicationPad3d CircularPad1d
        CircularPad2d CircularPad3d Conv3d ConvTranspose3d MaxPool3d AvgPool3d EmbeddingBag""",
}
_SOURCE = {name: module for module, names in _LAZY.items() for name in names.split()}


def __getattr__(name: str):
    """A layer class, ``init`` or ``utils``, imported on first use."""
    if name in ("init", "utils"):
        value = _importlib.import_module(f"{__name__}.{name}")
    elif name in _SOURCE:
        value = getattr(_importlib.import_module(f"{__name__}.{_SOURCE[name]}"), name)
    else:
        raise AttributeError(f"module 'torch.nn' has no attribute '{name}'")
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_SOURCE) | {"init", "utils"})


__all__ = [
    "GRU", "GRUCell", "LSTM", "LSTMCell", "RNN", "RNNCell", "AdaptiveAvgPool1d", "AdaptiveAvgPool2d", "GroupNorm",
    "ConvTranspose1d", "ConvTranspose2d", "Upsample",
    "MaxPool1d", "AvgPool1d", "ZeroPad1d", "ZeroPad2d", "ConstantPad1d", "ConstantPad2d", "ReflectionPad1d",
    "ReflectionPad2d", "ReplicationPad1d", "ReplicationPad2d", "Dropout1d", "Dropout2d",
    "MultiheadAttention", "TransformerEncoder", "TransformerEncoderLayer", "Transformer", "TransformerDecoder",
    "TransformerDecoderLayer",
    "GLU", "Hardshrink", "Softshrink", "Tanhshrink", "Threshold", "CosineSimilarity", "PairwiseDistance",
    "MarginRankingLoss", "HingeEmbeddingLoss", "SoftMarginLoss", "CosineEmbeddingLoss", "PoissonNLLLoss",
    "GaussianNLLLoss", "TripletMarginLoss", "MultiLabelSoftMarginLoss",
    "AdaptiveLogSoftmaxWithLoss", "CTCLoss", "MultiLabelMarginLoss", "MultiMarginLoss", "NLLLoss2d",
    "TripletMarginWithDistanceLoss",
    "AvgPool2d", "BatchNorm1d", "BatchNorm2d", "Bilinear", "Conv1d", "Conv2d", "Embedding", "LayerNorm", "MaxPool2d",
    "ParameterList", "Unflatten",
    "BCELoss", "BCEWithLogitsLoss", "CELU", "CrossEntropyLoss", "Dropout", "ELU", "Flatten", "GELU",
    "Hardsigmoid", "Hardswish", "Hardtanh", "HuberLoss", "Identity", "KLDivLoss", "L1Loss", "LeakyReLU", "Linear",
    "LogSigmoid", "LogSoftmax", "MSELoss", "Mish", "Module", "ModuleDict", "ModuleList", "NLLLoss", "Parameter", "Buffer",
    "ReLU", "ReLU6", "SELU", "Sequential", "SiLU", "Sigmoid", "SmoothL1Loss", "Softmax", "Softmin", "Softplus",
    "Softsign", "Tanh", "functional", "init", "utils",
    "PReLU", "RReLU", "Softmax2d", "RMSNorm", "InstanceNorm1d", "InstanceNorm2d", "InstanceNorm3d", "LocalResponseNorm",
    "CrossMapLRN2d",
    "PixelShuffle", "PixelUnshuffle", "ChannelShuffle", "Unfold", "Fold", "AlphaDropout", "FeatureAlphaDropout",
    "ParameterDict", "BatchNorm3d", "Dropout3d",
    "AdaptiveMaxPool1d", "AdaptiveMaxPool2d", "AdaptiveMaxPool3d", "AdaptiveAvgPool3d", "MaxUnpool1d", "MaxUnpool2d",
    "MaxUnpool3d", "LPPool1d", "LPPool2d", "FractionalMaxPool2d", "FractionalMaxPool3d",
    "UpsamplingNearest2d", "UpsamplingBilinear2d", "ZeroPad3d", "ConstantPad3d", "ReflectionPad3d", "ReplicationPad3d",
    "CircularPad1d", "CircularPad2d", "CircularPad3d", "LazyLinear", "Conv3d", "ConvTranspose3d", "MaxPool3d",
    "AvgPool3d", "EmbeddingBag", "LazyConv1d", "LazyConv2d", "LazyConv3d", "LazyBatchNorm1d", "LazyBatchNorm2d",
    "LazyBatchNorm3d", "DataParallel", "SyncBatchNorm", "LazyConvTranspose1d", "LazyConvTranspose2d",
    "LazyConvTranspose3d", "RNNBase",
]
