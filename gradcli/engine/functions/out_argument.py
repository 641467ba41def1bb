"""``out=``: torch's functions write their result into a tensor the caller gives (the 60-minute
tutorial's ``torch.add(x, y, out=result)``). One rule serves every function here, as torch's
``out`` overloads behave: the result is computed as without ``out``, then written into ``out``
(resized to the result's shape, with torch's warning when it had elements; cast to its dtype when
torch's casting rule allows) and ``out`` itself is returned (a tuple of them, as torch's ``*_out`` named
tuple, for max(dim), sort and the like). Under grad mode an input or ``out`` that requires grad is
torch's error: these writes are never differentiable.
"""
from __future__ import annotations

import warnings
from types import FunctionType

import numpy as np

from .. import dtypes, errors, public
from ..autograd.grad_mode import mode, no_grad
from ..dispatch import check_overlap
from ..return_types import result_type
from ..tensor import Tensor
from .inplace_misc import resize_


def call_with_out(fn, name: str, args: tuple, kwargs: dict, out):
    """``fn(*args, **kwargs, out=out)`` for a torch function named ``name`` that computes its result
    without ``out`` (the write is torch's ``out`` semantics, see the module's docstring)."""
    outs = _out_tensors(name, out)
    if mode().grad and any(t._requires_grad for t in _tensors(args, kwargs, outs)):
        raise errors.AutogradError(f"{name}(): functions with out=... arguments don't support automatic "
                                   "differentiation, but one of the arguments requires grad.")
    result = fn(*args, **kwargs)
    _refuse_partial_overlap(fn, name, args, kwargs, outs, result)
    results = tuple(result) if isinstance(result, tuple) else (result,)
    if not all(isinstance(r, Tensor) for r in results):
        raise TypeError(f"{name}() got an unexpected keyword argument 'out'")
    if isinstance(out, Tensor) != isinstance(result, Tensor) or len(results) != len(outs):
        raise TypeError(f"{name}(): argument 'out' must be {'Tensor' if isinstance(result, Tensor) else 'tuple of Tensors'}"
                        f", not {type(out).__name__}")
    for target, value in zip(outs, results):
        _write(target, value)
    if isinstance(out, Tensor):
        return out
    kind = type(result)
    named = result_type(kind.__name__ + "_out") if hasattr(kind, "_fields") else tuple
    return named(outs) if named is tuple else named(*outs)


def _out_tensors(name: str, out) -> tuple:
    if isinstance(out, Tensor):
        return (out,)
    if isinstance(out, (tuple, list)) and out and all(isinstance(t, Tensor) for t in out):
        return tuple(out)
    raise TypeError(f"{name}(): argument 'out' must be Tensor, not {type(out).__name__}")


def _tensors(args: tuple, kwargs: dict, outs: tuple):
    """The tensors among the arguments (in lists and tuples too, as torch.cat's), and ``out``'s."""
    pending = list(args) + list(kwargs.values())
    while pending:
        value = pending.pop()
        if isinstance(value, Tensor):
            yield value
        elif isinstance(value, (list, tuple)):
            pending.extend(value)
    yield from outs


# torch's kernels that write ``out`` without asking whether it partly shares memory with an input
# (reductions, matrix products, linalg, fft, the *_copy views; checked against torch 2.13): they read
# elements they have already written, so their result there is an accident of their loop order. Every
# other function refuses such an ``out`` with torch's partial-overlap error, as its TensorIterator does.
_UNCHECKED = frozenset((
    "amax", "amin", "mean", "nanmean", "sum", "nansum", "prod", "std", "var", "norm", "logsumexp", "median",
    "nanmedian", "quantile", "nanquantile", "cummax", "cummin", "softmax", "log_softmax", "histc",
    "mm", "bmm", "matmul", "mv", "dot", "vdot", "inner", "tensordot", "addmm", "baddbmm", "matrix_power",
    "matrix_exp", "inverse", "det", "slogdet", "cholesky", "cholesky_inverse", "cholesky_solve", "lu_solve",
    "householder_product", "nuclear_norm", "tril", "triu", "diag", "mvlgamma", "threshold", "complex", "polar",
    "alias_copy", "diagonal_copy", "expand_copy", "narrow_copy", "permute_copy", "select_copy", "slice_copy",
    "slice_scatter", "squeeze_copy", "t_copy", "transpose_copy", "unbind_copy", "unfold_copy", "unsqueeze_copy",
    "view_copy",
))
_FULL_REDUCTIONS = frozenset(("max", "min", "aminmax"))    # unchecked over all elements, checked over a dim


def _refuse_partial_overlap(fn, name: str, args: tuple, kwargs: dict, outs: tuple, result) -> None:
    """torch's refusal of an ``out`` that partly shares memory with an input (``torch.exp(x[0],
    out=x.view(-1)[1:7])``), unless its kernel writes through (above). An ``out`` about to be resized
    is left to the resize, which torch does first."""
    if name in _UNCHECKED or fn.__module__ == "gradcli.engine.fft" or (
            name in _FULL_REDUCTIONS and len(args) == 1 and kwargs.get("dim") is None):
        return
    results = result if isinstance(result, tuple) else (result,)
    inputs = [t._data for t in _tensors(args, kwargs, ()) if t._data.__class__ is np.ndarray and t._data.size]
    for target, value in zip(outs, results):
        data = target._data
        if data.__class__ is np.ndarray and data.size and isinstance(value, Tensor) and data.shape == value.shape:
            for a in inputs:
                check_overlap(data, a)


def _write(target: Tensor, value: Tensor) -> None:
    """``value`` into ``target``: torch's cast check, its resize (and warning), then a copy that
    bumps ``target``'s version and writes through a view into its base."""
    have, want = value._data.dtype, target._data.dtype
    if have != want and not _can_cast(have, want):
        raise errors.AutogradError(f"result type {dtypes.scalar_type_name(have)} can't be cast to the desired "
                                   f"output type {dtypes.scalar_type_name(want)}")
    shape = tuple(value.shape)
    with no_grad():
        if tuple(target.shape) != shape:
            if target.numel():
                warnings.warn(f"An output with one or more elements was resized since it had shape "
                              f"{list(target.shape)}, which does not match the required output shape {list(shape)}. "
                              "This behavior is deprecated, and in a future PyTorch release outputs will not be "
                              "resized unless they have zero elements. You can explicitly reuse an out tensor t by "
                              "resizing it, inplace, to zero elements with t.resize_(0).", UserWarning, stacklevel=4)
            resize_(target, shape)
        target.copy_(value)


def _can_cast(have: np.dtype, want: np.dtype) -> bool:
    """torch's canCast: no complex into a real type, no float into an integer, nothing but bool into bool."""
    if have.kind == "c" and want.kind != "c":
        return False
    if have.kind == "f" and want.kind in "iub":
        return False
    return not (want.kind == "b" and have.kind != "b")


_NAMESPACES = ("torch", "torch.special", "torch.linalg")
_names: dict = {}     # function -> torch's name of it in messages, or None: not one of torch's functions


def out_name(fn) -> str | None:
    """torch's name of ``fn`` when it is one of the torch, torch.special, torch.linalg or torch.fft
    functions, or ``F.normalize`` (the one torch.nn.functional function with ``out``), all of which
    take ``out=`` (written by ``call_with_out``); None for anything else."""
    if type(fn) is not FunctionType or not (fn.__module__ or "").startswith("gradcli.engine"):
        return None
    if fn in _names:
        return _names[fn]
    name = None
    if fn.__module__ == "gradcli.engine.fft" and not fn.__name__.startswith("_"):
        name = fn.__name__
    elif fn.__module__ == "gradcli.engine.nn.functional" and fn.__name__ == "normalize":
        name = "normalize"
    for ns in _NAMESPACES:
        if name is None and any(f is fn for f in public.FUNCTIONS[ns].values()):
            name = ("linalg_" if ns == "torch.linalg" else "") + fn.__name__
    _names[fn] = name
    return name
