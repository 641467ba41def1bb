"""embedding (F.embedding, nn.Embedding): rows of a weight matrix picked by integer indices."""
from __future__ import annotations

import numpy as np

from .. import errors, sparse as coo
from .registry import KEEP, defop
from .samples import Sample, arr


def _embedding_fwd(weight, indices, weight_sym_argsize_0, padding_idx, scale_grad_by_freq, sparse):
    return weight[indices]


def _embedding_bwd(m, g, indices, weight_sym_argsize_0, padding_idx, scale_grad_by_freq, sparse):
    """Each picked row's gradient added back to its row; the padding row gets none; with
    scale_grad_by_freq each is divided by how often its index occurs. With sparse=True (outside
    vmap and create_graph) the rows stay apart, as torch's sparse gradient: one entry per pick."""
    nb = m.nb
    if sparse and not nb and not m.is_tensor:
        return _sparse_rows(g, indices, weight_sym_argsize_0, padding_idx, scale_grad_by_freq), None
    lead = tuple(g.shape[:nb])
    idx = np.asarray(getattr(indices, "_data", indices)).reshape(-1)
    rows = m.reshape(g, lead + (idx.size, g.shape[-1]))
    weights = np.ones(idx.size)
    if padding_idx is not None and padding_idx >= 0:
        weights = weights * (idx != padding_idx)
    if scale_grad_by_freq:
        weights = weights / np.bincount(idx, minlength=weight_sym_argsize_0)[idx]
    if not weights.all() or scale_grad_by_freq:
        rows = rows * m.cast(m.const(weights[:, None]), rows)
    zeros = m.g_zeros(g, (weight_sym_argsize_0, g.shape[-1]))
    where = (slice(None),) * nb + (m.const(idx),)
    return m.index_add(zeros, where, rows), None


def _sparse_rows(g, indices, num, padding_idx, scale_grad_by_freq):
    """torch's embedding_sparse_backward: the picks of the padding row dropped, the others' gradient
    rows as they come (scale_grad_by_freq is not applied to a sparse gradient, as in torch)."""
    if scale_grad_by_freq:
        raise errors.AutogradError("embedding_backward: scale_grad_by_freq not supported with sparse gradients")
    idx = np.asarray(getattr(indices, "_data", indices)).reshape(-1).astype(np.int64)
    rows = np.reshape(g, (idx.size, g.shape[-1]))
    contiguous = bool(rows.flags.c_contiguous)    # (torch's reshape of an expanded gradient is a view)
    if padding_idx is not None and padding_idx >= 0:
        keep = idx != padding_idx
        idx, rows, contiguous = idx[keep], rows[keep], True
    return coo.build(idx.reshape(1, -1), np.array(rows), (num, g.shape[-1]), contiguous=contiguous)


EMBEDDING = defop("embedding", "EmbeddingBackward0", ("weight", "indices"), _embedding_fwd, _embedding_bwd,
                  saves=("indices", "weight_sym_argsize_0", "padding_idx", "scale_grad_by_freq", "sparse"),
                  edges=("weight",),
                  promote=KEEP, jvp_note="generic: derived through double-vjp",
                  # padding_idx and scale_grad_by_freq change the gradient on purpose (not the numerical one):
                  # tests/torch_scripts/nn_layers_conv_norm.py checks them against torch
                  samples=lambda: [Sample(arr(5, 3), np.array([[1, 4], [1, 0]]),
                                          params={"weight_sym_argsize_0": 5, "padding_idx": -1,
                                                  "scale_grad_by_freq": False, "sparse": False})],
                  rule="g's rows added into the rows they were picked from")
