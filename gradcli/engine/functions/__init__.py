"""The torch-named functional API over the op table (``torch.add``, ``torch.sum``, ...), one module
per responsibility. Each wrapper parses torch's signature, normalises dims to negative ints and
picks the table record (the overload decides the node name, as in torch); each public one declares
its names with ``@public`` beside its code, and records with ``api=`` get generated wrappers.

This package gathers them for the engine's own use (``functions.sum`` in the create_graph
vocabulary, ``F.add`` in tensor methods); what is public is ``engine.public``'s business.
"""
from ..creation import (  # noqa: F401  (the factories belong to the same API)
    arange, as_tensor, empty, empty_like, eye, full, full_like, initial_seed, linspace, logspace,
    manual_seed, multinomial, ones, ones_like, rand, rand_like, randint, randint_like, randn, randn_like,
    randperm, scalar_tensor, seed, tensor, zeros, zeros_like,
)
from .common import _as_operand, _check_tensor  # noqa: F401
from .generated import *  # noqa: F401,F403
from .shapes import *  # noqa: F401,F403
from .arithmetic import *  # noqa: F401,F403
from .arithmetic import _constant, _mul_op  # noqa: F401
from .reductions import *  # noqa: F401,F403
from .linear_algebra import *  # noqa: F401,F403
from .sorting import *  # noqa: F401,F403
from .einsum import *  # noqa: F401,F403
from .composites import *  # noqa: F401,F403
from .discrete import *  # noqa: F401,F403
from .random_draws import bernoulli, normal  # noqa: F401
from .combinatorics import combinations, nonzero_static, unique_consecutive, unravel_index  # noqa: F401
from . import finite_differences, index_reduce, legacy_defaults, linalg_legacy, random_counts, random_gamma, view_copies  # noqa: F401
from . import inplace_views  # noqa: F401  (Tensor.t_, transpose_, unsqueeze_, squeeze_)
from .vander import linalg_vander, vander  # noqa: F401
from .blocks import block_diag  # noqa: F401
from .lowrank import pca_lowrank, svd_lowrank  # noqa: F401
from .heaviside import heaviside  # noqa: F401
from .linalg_functions import cholesky_inverse, geqrf, lu_unpack, matrix_exp  # noqa: F401  (torch.lu, lu_solve, orgqr)
from .number_ops import gcd, lcm, nextafter  # noqa: F401
from .splits import *  # noqa: F401,F403
from . import inspection, windows  # noqa: F401  (isposinf, histogram, can_cast; hann_window...)
from . import complex_numbers, stft, storages, strided  # noqa: F401  (view_as_real...; stft; storage(); as_strided)
from . import tensor_attributes  # noqa: F401  (Tensor.is_cpu, layout, H, get_device(), conj()...)
from . import inplace_variants  # noqa: F401  (Tensor.addcmul_, lerp_, lt_, torch.square_...)
from . import inplace_misc  # noqa: F401  (Tensor.fill_diagonal_, resize_, apply_, map_)
from . import sparse_methods  # noqa: F401  (a sparse gradient's is_sparse, layout, to_dense(), coalesce()...)
