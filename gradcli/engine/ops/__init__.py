"""The op table (see registry.py), one module per family of ops; importing the package loads
every family, so ``OPS`` is complete."""
from . import activation, copy, indexing, linalg, nn, pointwise, pooling, reduction, shape, special  # noqa: F401
from .registry import OPS  # noqa: F401
