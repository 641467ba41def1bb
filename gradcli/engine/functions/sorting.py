"""``sort``, ``topk``, ``median``, ``nanmedian``, ``kthvalue``, ``aminmax`` and their named-tuple results."""
from __future__ import annotations


from .. import errors
from ..dims import wrap_dim
from ..dispatch import call
from ..ops import reduction as R
from ..public import public
from ..return_types import result_type
from .common import nonempty_reduction


@public(method=True)
def sort(input, *positional, stable=None, dim=None, descending=None):
    """torch's two signatures: sort(dim=-1, descending=False) and sort(*, stable, dim=-1, descending=False)."""
    dim, descending = _sort_arguments("sort", positional, stable, dim, descending)
    return result_type("sort")(*call(R.SORT, (input,), {"dim": wrap_dim(dim, input.ndim), "descending": bool(descending),
                                                 "stable": bool(stable)}))


@public(method=True)
def argsort(input, *positional, stable=None, dim=None, descending=None):
    dim, descending = _sort_arguments("argsort", positional, stable, dim, descending)
    return sort(input, stable=stable, dim=dim, descending=descending).indices


def _sort_arguments(name: str, positional: tuple, stable, dim, descending):
    """dim and descending given positionally or by keyword (``stable`` takes keywords only), as torch's
    argument parser matches them; its complaint otherwise."""
    if positional and (stable is not None or len(positional) > 2 or dim is not None
                       or descending is not None and len(positional) > 1):
        given = [type(a).__name__ for a in positional] + [f"{k}={type(v).__name__}" for k, v in
                                                          (("stable", stable), ("dim", dim), ("descending", descending))
                                                          if v is not None]
        raise TypeError(f"{name}() received an invalid combination of arguments - got ({', '.join(given)}), but "
                        f"expected one of:\n * (int dim = -1, bool descending = False)\n"
                        f" * (*, bool stable, int dim = -1, bool descending = False)\n")
    if positional:
        dim = positional[0]
        if len(positional) > 1:
            descending = positional[1]
    return (-1 if dim is None else dim), (False if descending is None else descending)


@public(method=True)
def msort(input):
    return sort(input, 0).values


@public(method=True)
def topk(input, k, dim=-1, largest=True, sorted=True):
    if input._data.dtype.kind == "b":
        raise errors.AutogradError("topk does not support bool dtypes on CPU")
    d = wrap_dim(dim, input.ndim)
    size = input.shape[d] if input.ndim else 1
    if not 0 <= k <= size:
        raise errors.AutogradError("selected index k out of range")
    return result_type("topk")(*call(R.TOPK, (input,), {"k": int(k), "dim": d, "largest": bool(largest),
                                                 "sorted": bool(sorted)}))


@public(method=True)
def median(input, dim=None, keepdim=False):
    if dim is None:
        return call(R.MEDIAN, (input,))
    dim = wrap_dim(dim, input.ndim)
    nonempty_reduction("median()", input, (dim,))
    return result_type("median")(*call(R.MEDIAN_DIM, (input,), {"dim": dim, "keepdim": bool(keepdim)}))


@public(method=True)
def nanmedian(input, dim=None, keepdim=False):
    from ..ops import nanmedian as NM
    if dim is None:
        return call(NM.NANMEDIAN, (input,))
    dim = wrap_dim(dim, input.ndim)
    nonempty_reduction("median()", input, (dim,))     # torch's nanmedian names itself median()
    return result_type("nanmedian")(*call(NM.NANMEDIAN_DIM, (input,), {"dim": dim, "keepdim": bool(keepdim)}))


@public(method=True)
def kthvalue(input, k, dim=-1, keepdim=False):
    d = wrap_dim(dim, input.ndim)
    nonempty_reduction("kthvalue()", input, (d,))
    size = input.shape[d] if input.ndim else 1
    if not 1 <= k <= size:
        raise errors.AutogradError(f"kthvalue(): selected number k out of range for dimension {d % max(input.ndim, 1)}")
    return result_type("kthvalue")(*call(R.KTHVALUE, (input,), {"k": int(k), "dim": d, "keepdim": bool(keepdim)}))


@public(method=True)
def aminmax(input, *, dim=None, keepdim=False):
    if dim is not None:
        dim = wrap_dim(dim, input.ndim)
        nonempty_reduction("aminmax", input, (dim,))
    return result_type("aminmax")(*call(R.AMINMAX, (input,), {"dim": dim, "keepdim": bool(keepdim)}))
