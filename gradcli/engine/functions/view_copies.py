"""``torch.t_copy``, ``view_copy``, ``select_copy``... : each view op's arguments, checked as the view
checks them (the view itself is made on the detached input, for its errors), then its ``_copy`` record."""
from __future__ import annotations

from ..autograd.grad_mode import no_grad
from ..dims import wrap_dim
from ..dispatch import call
from ..ops import shape as S
from ..ops.view_copies import COPIES
from ..public import export
from .common import _check_tensor
from .shapes import _infer_shape, diagonal, expand, permute, squeeze, t, transpose, unfold, unsqueeze
from .splits import split


def _checked(view, input, *args):
    """The view's errors, in its words: made on the detached input, then dropped."""
    with no_grad():
        return view(input.detach(), *args)


def t_copy(input):
    _checked(t, _check_tensor(input, "t_copy"))
    return call(COPIES["t"], (input,))


def view_copy(input, size):
    if not isinstance(size, (list, tuple)):
        raise TypeError(f"view_copy() received an invalid combination of arguments - got (Tensor, "
                        f"{type(size).__name__}), but expected one of:\n * (Tensor input, torch.dtype dtype, *, "
                        "Tensor out = None)\n * (Tensor input, tuple of ints size, *, Tensor out = None)\n")
    return call(COPIES["view"], (_check_tensor(input, "view_copy"),), {"shape": _infer_shape(size, input.numel())})


def transpose_copy(input, dim0, dim1):
    _checked(transpose, input, dim0, dim1)
    if input.ndim == 0:
        return call(COPIES["alias"], (input,))
    return call(COPIES["transpose"], (input,), {"dim0": wrap_dim(dim0, input.ndim), "dim1": wrap_dim(dim1, input.ndim)})


def permute_copy(input, dims):
    _checked(permute, input, dims)
    return call(COPIES["permute"], (input,), {"dims": tuple(wrap_dim(d, input.ndim) % input.ndim for d in dims)})


def expand_copy(input, size, *, implicit=False):
    target = _checked(expand, input, size).shape
    return call(COPIES["expand"], (input,), {"size": tuple(target)})


def squeeze_copy(input, dim=None):
    if isinstance(dim, (list, tuple)):
        raise TypeError("squeeze_copy(): gradcli takes one dim or none (torch also takes a list)")
    _checked(squeeze, input, dim)
    if dim is None:
        return call(COPIES["squeeze"], (input,))
    if input.ndim == 0:
        return call(COPIES["alias"], (input,))
    return call(COPIES["squeeze.dim"], (input,), {"dim": wrap_dim(dim, input.ndim)})


def unsqueeze_copy(input, dim):
    _checked(unsqueeze, input, dim)
    return call(COPIES["unsqueeze"], (input,), {"dim": wrap_dim(dim, input.ndim + 1)})


def select_copy(input, dim, index):
    _checked(S.select, input, dim, index)
    d = wrap_dim(dim, input.ndim)
    return call(COPIES["select"], (input,), {"dim": d, "index": int(index) % input.shape[d]})


def slice_copy(input, dim=0, start=None, end=None, step=1):
    if step <= 0:
        raise RuntimeError("slice step must be positive")
    d = wrap_dim(dim, input.ndim)
    begin, stop, _ = slice(start, end, step).indices(input.shape[d])
    return call(COPIES["slice"], (input,), {"dim": d, "start": begin, "end": max(begin, stop), "step": int(step)})


def diagonal_copy(input, offset=0, dim1=0, dim2=1):
    _checked(diagonal, input, offset, dim1, dim2)
    return call(COPIES["diagonal"], (input,), {"offset": offset, "dim1": wrap_dim(dim1, input.ndim),
                                               "dim2": wrap_dim(dim2, input.ndim)})


def alias_copy(input):
    return call(COPIES["alias"], (_check_tensor(input, "alias_copy"),))


def unbind_copy(input, dim=0):
    return call(COPIES["unbind"], (input,), {"dim": wrap_dim(dim, input.ndim)})


def split_copy(input, split_size, dim=0):
    _checked(split, input, split_size, dim)
    return call(COPIES["split.Tensor"], (input,), {"split_size": int(split_size), "dim": wrap_dim(dim, input.ndim)})


def split_with_sizes_copy(input, split_sizes, dim=0):
    _checked(split, input, list(split_sizes), dim)
    return call(COPIES["split"], (input,), {"split_sizes": tuple(int(s) for s in split_sizes),
                                            "dim": wrap_dim(dim, input.ndim)})


def unfold_copy(input, dimension, size, step):
    _checked(unfold, input, dimension, size, step)
    return call(COPIES["unfold"], (input,), {"dimension": wrap_dim(dimension, max(input.ndim, 1)), "size": int(size),
                                             "step": int(step)})


for _fn in (t_copy, view_copy, transpose_copy, permute_copy, expand_copy, squeeze_copy, unsqueeze_copy, select_copy,
            slice_copy, diagonal_copy, alias_copy, unbind_copy, split_copy, split_with_sizes_copy, unfold_copy):
    export(_fn, _fn.__name__)
