"""torch's pre-``torch.linalg`` spellings: ``torch.qr`` (still there, as ``linalg.qr``) and the ones torch
removed in 1.9 (``matrix_rank``, ``eig``, ``lstsq``, ``symeig``), which raise torch's own message, naming
their ``torch.linalg`` replacement. (Not ``solve``: the backward formulas' vocabulary reads that name.)"""
from __future__ import annotations

import warnings

from .. import errors
from ..decompositions import qr as _linalg_qr
from ..public import export, public
from ..return_types import result_type


@public(method=True)
def qr(input, some=True):
    """Q and R with A = Q R: ``some`` gives the reduced factors, else the complete ones."""
    warnings.warn("torch.qr is deprecated in favor of torch.linalg.qr and will be removed in a future PyTorch "
                  "release.\nThe boolean parameter 'some' has been replaced with a string parameter 'mode'.\nQ, R = "
                  "torch.qr(A, some)\nshould be replaced with\nQ, R = torch.linalg.qr(A, 'reduced' if some else "
                  "'complete')", UserWarning)
    return result_type("qr")(*_linalg_qr(input, "reduced" if some else "complete"))


_REMOVED = "This function was deprecated since version 1.9 and is now removed."
_MESSAGES = {
    "matrix_rank": "\nPlease use the `torch.linalg.matrix_rank` function instead. The parameter 'symmetric' was "
                   "renamed in `torch.linalg.matrix_rank()` to 'hermitian'.",
    "eig": " `torch.linalg.eig` returns complex tensors of dtype `cfloat` or `cdouble` rather than real tensors "
           "mimicking complex tensors.\n\nL, _ = torch.eig(A) should be replaced with:\nL_complex = "
           "torch.linalg.eigvals(A)\n\nand\n\nL, V = torch.eig(A, eigenvectors=True) should be replaced with:\n"
           "L_complex, V_complex = torch.linalg.eig(A)",
    "lstsq": " `torch.lstsq` is deprecated in favor of `torch.linalg.lstsq`.\n`torch.linalg.lstsq` has reversed "
             "arguments and does not return the QR decomposition in the returned tuple (although it returns other "
             "information about the problem).\n\nTo get the QR decomposition consider using `torch.linalg.qr`.\n\n"
             "The returned solution in `torch.lstsq` stored the residuals of the solution in the last m - n columns "
             "of the returned value whenever m > n. In torch.linalg.lstsq, the residuals are in the field "
             "'residuals' of the returned named tuple.\n\nThe unpacking of the solution, as in\nX, _ = "
             "torch.lstsq(B, A).solution[:A.size(1)]\nshould be replaced with:\nX = torch.linalg.lstsq(A, B).solution",
    "symeig": " The default behavior has changed from using the upper triangular portion of the matrix by default "
              "to using the lower triangular portion.\n\nL, _ = torch.symeig(A, upper=upper) should be replaced "
              "with:\nL = torch.linalg.eigvalsh(A, UPLO='U' if upper else 'L')\n\nand\n\nL, V = torch.symeig(A, "
              "eigenvectors=True) should be replaced with:\nL, V = torch.linalg.eigh(A, UPLO='U' if upper else 'L')",
}


def _removed(name: str):
    def fn(*args, **kwargs):
        raise errors.AutogradError(_REMOVED + _MESSAGES[name])
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"torch.{name}: removed in torch 1.9 (raises torch's message)."
    return fn


for _name in _MESSAGES:
    export(_removed(_name), _name, method=_name != "matrix_rank")
