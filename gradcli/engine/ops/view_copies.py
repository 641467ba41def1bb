"""The ``*_copy`` variants of the view ops (``t_copy``, ``view_copy``, ``select_copy``...): the view's
values in a new tensor of their own, with the view's derivative, saved values and node name plus
``_copy`` (TBackward0_copy), as torch's functionalized ops."""
from __future__ import annotations

import numpy as np

from . import shape as S
from .registry import defop


def _copied(forward):
    def copy(*arrays, **params):
        out = forward(*arrays, **params)
        return tuple(np.array(o, order="C") for o in out) if isinstance(out, tuple) else np.array(out, order="C")
    return copy


def _copy_of(view, name: str):
    # a copy reshapes any layout (view_copy of a transposed tensor), where the view needs compatible strides
    forward = (lambda a, shape: np.reshape(a, shape).copy()) if view is S.VIEW else _copied(view.forward)
    return defop(name, view.node + "_copy", view.inputs, forward, view.backward, saves=view.saves,
                 promote=view.promote, outputs=view.outputs, jvp=view.jvp, jvp_note=view.jvp_note,
                 samples=view.samples, internal=view.internal, rule=view.rule)


COPIES = {view.name: _copy_of(view, name) for view, name in (
    (S.T, "t_copy"), (S.VIEW, "view_copy"), (S.TRANSPOSE, "transpose_copy.int"), (S.PERMUTE, "permute_copy"),
    (S.EXPAND, "expand_copy"), (S.SQUEEZE, "squeeze_copy"), (S.SQUEEZE_DIM, "squeeze_copy.dim"),
    (S.UNSQUEEZE, "unsqueeze_copy"), (S.SELECT, "select_copy.int"), (S.SLICE, "slice_copy.Tensor"),
    (S.DIAGONAL, "diagonal_copy.dims"), (S.ALIAS, "alias_copy"), (S.UNBIND, "unbind_copy.int"),
    (S.SPLIT_EQUAL, "split_copy.Tensor"), (S.SPLIT, "split_with_sizes_copy"), (S.UNFOLD, "unfold_copy"))}
