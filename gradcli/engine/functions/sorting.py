"""``sort``, ``topk``, ``median``, ``nanmedian``, ``kthvalue``, ``aminmax`` and their named-tuple results."""
from __future__ import annotations

from collections import namedtuple

from .. import errors
from ..dims import wrap_dim
from ..dispatch import call
from ..ops import nanmedian as NM, reduction as R
from ..public import public


_sort_result = namedtuple("sort", ["values", "indices"])
_topk_result = namedtuple("topk", ["values", "indices"])
_aminmax_result = namedtuple("aminmax", ["min", "max"])
for _r in (_sort_result, _topk_result):
    _r.__repr__ = lambda self: (f"torch.return_types.{type(self).__name__}(\nvalues={self.values!r},\n"
                                f"indices={self.indices!r})")
_aminmax_result.__repr__ = lambda self: f"torch.return_types.aminmax(\nmin={self.min!r},\nmax={self.max!r})"


@public(method=True)
def sort(input, dim=-1, descending=False, stable=False):
    return _sort_result(*call(R.SORT, (input,), {"dim": wrap_dim(dim, input.ndim), "descending": bool(descending),
                                                 "stable": bool(stable)}))


@public(method=True)
def argsort(input, dim=-1, descending=False, stable=False):
    return sort(input, dim, descending, stable).indices


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
    return _topk_result(*call(R.TOPK, (input,), {"k": int(k), "dim": d, "largest": bool(largest),
                                                 "sorted": bool(sorted)}))


_median_result = namedtuple("median", ["values", "indices"])
_nanmedian_result = namedtuple("nanmedian", ["values", "indices"])
_kthvalue_result = namedtuple("kthvalue", ["values", "indices"])
for _r in (_median_result, _nanmedian_result, _kthvalue_result):
    _r.__repr__ = lambda self: (f"torch.return_types.{type(self).__name__}(\nvalues={self.values!r},\n"
                                f"indices={self.indices!r})")


@public(method=True)
def median(input, dim=None, keepdim=False):
    if dim is None:
        return call(R.MEDIAN, (input,))
    return _median_result(*call(R.MEDIAN_DIM, (input,), {"dim": wrap_dim(dim, input.ndim), "keepdim": bool(keepdim)}))


@public(method=True)
def nanmedian(input, dim=None, keepdim=False):
    if dim is None:
        return call(NM.NANMEDIAN, (input,))
    return _nanmedian_result(*call(NM.NANMEDIAN_DIM, (input,), {"dim": wrap_dim(dim, input.ndim),
                                                                "keepdim": bool(keepdim)}))


@public(method=True)
def kthvalue(input, k, dim=-1, keepdim=False):
    d = wrap_dim(dim, input.ndim)
    size = input.shape[d] if input.ndim else 1
    if not 1 <= k <= size:
        raise errors.AutogradError(f"kthvalue(): selected number k out of range for dimension {d}")
    return _kthvalue_result(*call(R.KTHVALUE, (input,), {"k": int(k), "dim": d, "keepdim": bool(keepdim)}))


@public(method=True)
def aminmax(input, *, dim=None, keepdim=False):
    return _aminmax_result(*call(R.AMINMAX, (input,), {"dim": None if dim is None else wrap_dim(dim, input.ndim),
                                                         "keepdim": bool(keepdim)}))
