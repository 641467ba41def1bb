"""``torch.nn``: Parameter, Module, layers, activation and loss modules, containers, and
``torch.nn.functional``."""
from . import functional, init, utils
from .layers import (
    GLU, Hardshrink, Softshrink, Tanhshrink, Threshold, CosineSimilarity, PairwiseDistance, MarginRankingLoss,
    HingeEmbeddingLoss, SoftMarginLoss, CosineEmbeddingLoss, PoissonNLLLoss, GaussianNLLLoss, TripletMarginLoss,
    MultiLabelSoftMarginLoss,
    CELU, ELU, GELU, SELU, BCELoss, BCEWithLogitsLoss, CrossEntropyLoss, Dropout, Flatten, Hardsigmoid, Hardswish,
    Hardtanh, HuberLoss, Identity, KLDivLoss, L1Loss, LeakyReLU, Linear, LogSigmoid, LogSoftmax, Mish, ModuleDict,
    ModuleList, MSELoss, NLLLoss, ReLU, ReLU6, Sequential, Sigmoid, SiLU, SmoothL1Loss, Softmax, Softmin,
    Softplus, Softsign, Tanh,
)
from .attention import MultiheadAttention, TransformerEncoder, TransformerEncoderLayer
from .module import Module, Parameter
from .recurrent import GRU, LSTM, RNN, GRUCell, LSTMCell, RNNCell
from .spatial_layers import (
    AdaptiveAvgPool1d, AdaptiveAvgPool2d, ConvTranspose1d, ConvTranspose2d, GroupNorm, Upsample,
    MaxPool1d, AvgPool1d, ZeroPad1d, ZeroPad2d, ConstantPad1d, ConstantPad2d, ReflectionPad1d,
    ReflectionPad2d, ReplicationPad1d, ReplicationPad2d, Dropout1d, Dropout2d,
    AvgPool2d, BatchNorm1d, BatchNorm2d, Bilinear, Conv1d, Conv2d, Embedding, LayerNorm, MaxPool2d, ParameterList,
    Unflatten,
)

__all__ = [
    "GRU", "GRUCell", "LSTM", "LSTMCell", "RNN", "RNNCell", "AdaptiveAvgPool1d", "AdaptiveAvgPool2d", "GroupNorm",
    "ConvTranspose1d", "ConvTranspose2d", "Upsample",
    "MaxPool1d", "AvgPool1d", "ZeroPad1d", "ZeroPad2d", "ConstantPad1d", "ConstantPad2d", "ReflectionPad1d",
    "ReflectionPad2d", "ReplicationPad1d", "ReplicationPad2d", "Dropout1d", "Dropout2d",
    "MultiheadAttention", "TransformerEncoder", "TransformerEncoderLayer",
    "GLU", "Hardshrink", "Softshrink", "Tanhshrink", "Threshold", "CosineSimilarity", "PairwiseDistance",
    "MarginRankingLoss", "HingeEmbeddingLoss", "SoftMarginLoss", "CosineEmbeddingLoss", "PoissonNLLLoss",
    "GaussianNLLLoss", "TripletMarginLoss", "MultiLabelSoftMarginLoss",
    "AvgPool2d", "BatchNorm1d", "BatchNorm2d", "Bilinear", "Conv1d", "Conv2d", "Embedding", "LayerNorm", "MaxPool2d",
    "ParameterList", "Unflatten",
    "BCELoss", "BCEWithLogitsLoss", "CELU", "CrossEntropyLoss", "Dropout", "ELU", "Flatten", "GELU",
    "Hardsigmoid", "Hardswish", "Hardtanh", "HuberLoss", "Identity", "KLDivLoss", "L1Loss", "LeakyReLU", "Linear",
    "LogSigmoid", "LogSoftmax", "MSELoss", "Mish", "Module", "ModuleDict", "ModuleList", "NLLLoss", "Parameter",
    "ReLU", "ReLU6", "SELU", "Sequential", "SiLU", "Sigmoid", "SmoothL1Loss", "Softmax", "Softmin", "Softplus",
    "Softsign", "Tanh", "functional", "init", "utils",
]
