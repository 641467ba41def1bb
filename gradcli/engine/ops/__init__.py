"""The op table (see registry.py), one module per family of ops; importing the package loads
every family, so ``OPS`` is complete."""
from . import (  # noqa: F401
    activation, convolution, copy, ctc, decompositions, distance, embedding, embedding_bag, gamma, glu, index_functions,
    indexing, linalg, linalg_factor, loss_backward, margin_losses, max_unpool, nn, normalization, padding, parametric, pointwise,
    pooling, reduction, scatter_reduce, shape, shrink, shuffle, special, special_functions, subscripts,
)
from . import angle, backward_ops, bitwise, index_reduce, nanmedian, random_counts, random_draw_nodes, random_gamma, unique_consecutive, view_copies  # noqa: F401
from . import complex_parts  # noqa: F401  (complex tensors' records, installs their backward)
from . import weight_norm  # noqa: F401
from . import eig  # noqa: F401  (complex outputs: its backward in torch's complex convention)
from . import adaptive_avg_pool, upsample  # noqa: F401  (pooling's and F.interpolate's kernels)
from . import pooling3d  # noqa: F401  (avg_pool3d's and max_pool3d's nodes)
from . import fractional_max_pool  # noqa: F401  (F.fractional_max_pool2d/3d's nodes)
from . import convolution_backward  # noqa: F401  (a convolution's double backward, as torch's node)
from . import ldl, ormqr  # noqa: F401  (torch.linalg.ldl_factor_ex/ldl_solve's and torch.ormqr's nodes)
from . import affine_grid, trilinear  # noqa: F401  (F.affine_grid's and F.bilinear's nodes)
from . import flash_attention  # noqa: F401  (F.scaled_dot_product_attention's CPU flash kernel)
from . import spectral, strided  # noqa: F401  (torch.fft's primitives; as_strided on a storage)
from .registry import OPS  # noqa: F401
