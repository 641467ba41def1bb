"""The op families imported on first use instead of with the engine, and the records each declares.

A command uses a few ops of the common families; importing every family cost each command's start
~3% (their code, their records and ~25 imports). A family listed here loads when first reached: by
the import inside the function that calls it (``F.ctc_loss``, ``torch.linalg.ldl_factor``...) or
by one of its records' names in ``OPS`` (``registry.OpTable``). So a listed family declares no
public name (no ``api=``, no ``@public``: ``torch.*`` and the Tensor methods are made at the
engine's import), and no module the engine loads imports it at module level.
``tests/engine/test_lazy_families.py`` checks this table against what the families declare and
says what to change. A new family needs nothing here: ``ops/__init__.py`` imports it with the others.
"""

# family module -> the names of the records it declares, in the order it declares them
FAMILIES = {
    "max_unpool": ("adaptive_max_pool2d", "adaptive_max_pool2d_backward", "max_unpool2d", "adaptive_max_pool3d",
                   "adaptive_max_pool3d_backward", "max_unpool3d"),
    "fractional_max_pool": ("fractional_max_pool2d", "fractional_max_pool3d", "fractional_max_pool2d_backward",
                            "fractional_max_pool3d_backward"),
    "convolution_backward": ("convolution_backward",),
    "pooling3d": ("avg_pool3d", "max_pool3d_with_indices"),
    "upsample": ("upsample_nearest1d", "upsample_nearest1d_backward", "upsample_nearest2d", "upsample_nearest2d_backward",
                 "upsample_nearest3d", "upsample_nearest3d_backward", "_upsample_nearest_exact1d",
                 "_upsample_nearest_exact1d_backward", "_upsample_nearest_exact2d", "_upsample_nearest_exact2d_backward",
                 "_upsample_nearest_exact3d", "_upsample_nearest_exact3d_backward", "upsample_linear1d",
                 "upsample_linear1d_backward", "upsample_bilinear2d", "upsample_bilinear2d_backward",
                 "upsample_trilinear3d", "upsample_trilinear3d_backward", "upsample_bicubic2d",
                 "upsample_bicubic2d_backward", "_upsample_bilinear2d_aa", "_upsample_bilinear2d_aa_backward",
                 "_upsample_bicubic2d_aa", "_upsample_bicubic2d_aa_backward"),
    "distance": ("_pdist_backward", "_pdist_forward"),
    "affine_grid": ("affine_grid_generator",),
    "grid_sampler": ("grid_sampler_2d", "grid_sampler_2d_backward"),
    "grid_sampler_3d": ("grid_sampler_3d", "grid_sampler_3d_backward"),
    "trilinear": ("_trilinear",),
    "embedding": ("embedding",),
    "embedding_bag": ("_embedding_bag",),
    "flash_attention": ("_scaled_dot_product_flash_attention_for_cpu",
                        "_scaled_dot_product_flash_attention_for_cpu_backward"),
    "ctc": ("_ctc_loss", "_ctc_loss_backward"),
    "margin_losses": ("soft_margin_loss", "multi_margin_loss", "multilabel_margin_loss_forward"),
    "parametric": ("_prelu_kernel_backward", "_prelu_kernel", "rrelu_with_noise"),
    "shuffle": ("pixel_shuffle", "pixel_unshuffle", "channel_shuffle"),
    "weight_norm": ("_weight_norm_interface",),
    "eig": ("linalg_eig",),
    "ldl": ("linalg_ldl_factor_ex", "linalg_ldl_solve"),
    "linalg_factor": ("linalg_lu_factor_ex", "linalg_lu", "lu_unpack", "linalg_lu_solve", "linalg_matrix_exp",
                      "linalg_cross", "cholesky_inverse", "linalg_lstsq", "linalg_householder_product", "geqrf"),
    "ormqr": ("ormqr",),
    "strided": ("as_strided.storage",),
    "random_counts": ("poisson", "binomial", "binomial.count_grad", "binomial.prob_grad"),
    "index_reduce": ("index_reduce",),
    "nanmedian": ("nanmedian", "nanmedian.dim"),
    "unique_consecutive": ("unique_consecutive", "_unique2", "unique_dim"),
}
