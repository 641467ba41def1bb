"""``t_``, ``transpose_``, ``swapaxes_``, ``unsqueeze_`` and ``squeeze_``: a tensor's own shape changes in
place, as torch's in-place view ops do (same storage, version bumped, a node of torch's name on its
history: TBackward1, TransposeBackward1, UnsqueezeBackward1, SqueezeBackward3/4/5)."""
from __future__ import annotations

from .. import errors
from .. import instrumentation as _inst
from ..autograd.grad_mode import mode as _mode
from ..dims import squeeze_dims, wrap_dim
from ..dispatch import call
from ..ops import reduction as R, shape as S
from ..public import method
from ..tensor import TensorExtras


def _reshaped_in_place(self, record, params, replay, replay_params):
    """Give ``self`` the result of ``record``: its data (a numpy view of the same memory) and its node.
    A view of another tensor also remembers the step (``replay``, the out-of-place view op), so that
    its history can be rebuilt after its base changes."""
    if _mode().grad and self._requires_grad:
        if self._base is not None and self._base._grad_fn is None:
            raise errors.GraphError(errors.VIEW_OF_LEAF_INPLACE)
        if self._grad_fn is None and self._base is None:
            raise errors.GraphError(errors.LEAF_INPLACE)
    out = call(record, (self,), params)
    self._data = out._data
    if hasattr(out, "_phys"):   # under vmap: the batched wrapper's physical tensor too
        self._phys = out._phys
    if out._grad_fn is not None:
        self._grad_fn, self._output_nr = out._grad_fn, 0
    if _inst.forward_ad:
        _inst.forward_ad_hooks[2](self, out)    # the tangent changes shape with the tensor
    if self._vc is not None:
        self._vc[0] += 1
    if self._base is not None:
        x = self._x if self._x is not None else TensorExtras()
        self._x = x
        x.view_steps = (x.view_steps or ()) + ((replay, replay_params, 0),)
        x.view_version = self._vc[0] if self._vc is not None else -1
    return self


@method()
def t_(self):
    if self.ndim > 2:
        raise errors.ShapeError(f"t_() expects a tensor with <= 2 dimensions, but self is {self.ndim}D")
    return _reshaped_in_place(self, S.T_INPLACE, None, S.T, None)


@method(aliases=("swapaxes_", "swapdims_"))
def transpose_(self, dim0, dim1):
    params = {"dim0": wrap_dim(dim0, self.ndim), "dim1": wrap_dim(dim1, self.ndim)}
    return _reshaped_in_place(self, R.TRANSPOSE_INPLACE, params, S.TRANSPOSE, params)


@method()
def unsqueeze_(self, dim):
    params = {"dim": wrap_dim(dim, self.ndim + 1)}
    return _reshaped_in_place(self, R.UNSQUEEZE_INPLACE, params, S.UNSQUEEZE, params)


@method()
def squeeze_(self, dim=None):
    if dim is None:
        return _reshaped_in_place(self, S.SQUEEZE_INPLACE_ALL, None, S.SQUEEZE, None)
    if isinstance(dim, (tuple, list)):
        dims = squeeze_dims(dim, self.ndim)
        return _reshaped_in_place(self, S.SQUEEZE_INPLACE_DIMS, {"dim": dims}, S.SQUEEZE_INPLACE_DIMS, {"dim": dims})
    params = {"dim": wrap_dim(dim, self.ndim)}
    return _reshaped_in_place(self, S.SQUEEZE_INPLACE, params, S.SQUEEZE_DIM, params)
