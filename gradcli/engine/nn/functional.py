"""``torch.nn.functional``."""
from ..ops.activation import relu, sigmoid  # noqa: F401
from ..functions import tanh  # noqa: F401
