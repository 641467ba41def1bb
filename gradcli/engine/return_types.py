"""torch.return_types: the named tuples that max(dim), sort, slogdet, linalg.eigh... return.

Each class is made when an op first returns one (``result_type``): a named tuple class costs ~0.3 M
instructions to make (its ``__new__`` is compiled from source), and made at import the engine's 34
were ~2% of every command's start. Their module is this one and their qualified name torch's
(``gradcli.engine.return_types.max``): the language's attribute rules name them so (lang/namespace.py).
"""
from __future__ import annotations

from collections import namedtuple

FIELDS = {
    "max": "values indices", "min": "values indices", "sort": "values indices", "topk": "values indices",
    "median": "values indices", "nanmedian": "values indices", "kthvalue": "values indices",
    "aminmax": "min max", "frexp": "mantissa exponent", "histogram": "hist bin_edges",
    "slogdet": "sign logabsdet", "linalg_slogdet": "sign logabsdet",
    "linalg_eigh": "eigenvalues eigenvectors", "linalg_eig": "eigenvalues eigenvectors",
    "linalg_svd": "U S Vh", "svd": "U S V", "linalg_qr": "Q R", "qr": "Q R", "geqrf": "a tau",
    "linalg_lu_factor": "LU pivots", "linalg_lu_factor_ex": "LU pivots info",
    "linalg_ldl_factor": "LD pivots", "linalg_ldl_factor_ex": "LD pivots info", "_lu_with_info": "LU pivots info",
    "linalg_lu": "P L U", "lu_unpack": "P L U", "linalg_solve_ex": "result info", "linalg_inv_ex": "inverse info",
    "linalg_cholesky_ex": "L info", "linalg_lstsq": "solution residuals rank singular_values",
    "triangular_solve": "solution cloned_coefficient",
}
# (values, indices) pairs of other names, built on max's: scripts read .values and .indices on them as on max's;
# and each name's ``<name>_out``, what a call with ``out=`` returns (functions/out_argument.py), built on it
SUBCLASSES = {"cummax": "max", "cummin": "max", "mode": "max"}
NAMES = tuple(FIELDS) + tuple(SUBCLASSES)

_made: dict[str, type] = {}


def _repr(self) -> str:
    return (f"torch.return_types.{type(self).__name__}(\n"
            + ",\n".join(f"{name}={value!r}" for name, value in zip(self._fields, self)) + ")")


def result_type(name: str) -> type:
    """The class of torch.return_types.<name>, made on first use."""
    cls = _made.get(name)
    if cls is None:
        if name in SUBCLASSES or name.endswith("_out"):
            base = SUBCLASSES.get(name) or name[:-len("_out")]
            cls = type(name, (result_type(base),), {"__slots__": (), "__module__": __name__})
        else:
            cls = namedtuple(name, FIELDS[name], module=__name__)
            cls.__repr__ = _repr
        cls = _made.setdefault(name, cls)      # two threads racing keep one
    return cls
