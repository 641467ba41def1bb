"""The op table (see registry.py), one module per family of ops. Importing the package loads every
family but those in ``lazy_families``, which load on first use: ``OPS[name]`` finds their records
too, ``registry.all_ops()`` loads them all."""
from . import (  # noqa: F401
    activation, convolution, copy, decompositions, gamma, glu, index_functions,
    indexing, linalg, loss_backward, nn, normalization, padding, pointwise,
    pooling, reduction, scatter_reduce, shape, shrink, special, special_functions, subscripts,
)
from . import angle, backward_ops, bitwise, random_draw_nodes, random_gamma, view_copies  # noqa: F401
from . import complex_parts  # noqa: F401  (complex tensors' records, installs their backward)
from . import adaptive_avg_pool  # noqa: F401  (pooling's kernels)
from . import spectral  # noqa: F401  (torch.fft's primitives)
from .registry import OPS  # noqa: F401
