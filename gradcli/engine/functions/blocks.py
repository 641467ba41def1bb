"""``torch.block_diag``: one BlockDiagBackward0 node over all its inputs, as torch's."""
from __future__ import annotations

import numpy as np

from .. import errors, instrumentation
from ..creation import zeros
from ..dispatch import call
from ..ops.registry import COMMON, OPS, defop
from ..ops.samples import Sample, arr
from ..public import public

from .common import _check_tensor


def _as_block(a):
    """A 0-d input is a 1x1 block and a 1-d input one row, as torch's."""
    return a.reshape((1,) * (2 - a.ndim) + a.shape)


def _block_diag(*arrays, shapes):
    blocks = [_as_block(a) for a in arrays]
    out = np.zeros((sum(b.shape[0] for b in blocks), sum(b.shape[1] for b in blocks)),
                   np.result_type(*arrays))
    row = col = 0
    for b in blocks:
        out[row:row + b.shape[0], col:col + b.shape[1]] = b
        row, col = row + b.shape[0], col + b.shape[1]
    return out


def _block_diag_bwd(m, g, shapes):
    """Each input's block of the gradient (dims counted from the end, so vmap's batch dims lead)."""
    grads, row, col = [], 0, 0
    for shape in shapes:
        rows, cols = (1,) * (2 - len(shape)) + tuple(shape)
        block = m.narrow(m.narrow(g, -2, row, rows), -1, col, cols)
        if len(shape) == 1:
            block = m.squeeze(block, -2)
        elif not shape:
            block = m.squeeze(m.squeeze(block, -1), -1)
        grads.append(block)
        row, col = row + rows, col + cols
    return tuple(grads)


def block_diag_op(n: int):
    """block_diag of ``n`` tensors (one record per arity keeps the edge list exact)."""
    key = f"block_diag.{n}"
    if key in OPS:
        return OPS[key]
    return defop(key, "BlockDiagBackward0", tuple(f"tensors{i}" for i in range(n)), _block_diag,
                 _block_diag_bwd, saves=("shapes",), internal=("shapes",), promote=COMMON,
                 jvp_note="generic: derived through double-vjp",
                 samples=lambda: [Sample(*[arr(k + 1, 2, seed=k) for k in range(n)],
                                         params={"shapes": tuple((k + 1, 2) for k in range(n))})],
                 rule="the gradient's diagonal blocks, shaped as the inputs")


@public()
def block_diag(*tensors):
    """torch.block_diag: the inputs as the diagonal blocks of one matrix, zeros elsewhere."""
    for i, t in enumerate(tensors):
        _check_tensor(t, "block_diag")
        if t.ndim > 2:
            raise errors.AutogradError("torch.block_diag: Input tensors must have 2 or fewer dimensions. "
                                       f"Input {i} has {t.ndim} dimensions")
    if not tensors:
        return zeros((1, 0))
    instrumentation.check_shape((sum(t.shape[0] if t.ndim == 2 else 1 for t in tensors),
                                 sum(t.shape[-1] if t.ndim else 1 for t in tensors)))
    return call(block_diag_op(len(tensors)), tensors, {"shapes": tuple(t.shape for t in tensors)})
