"""Which functions have an in-place twin (``Tensor.addcmul_``, ``torch.square_``...), declared through
``inplace_ops``; the comparisons (``lt_``...) and ``float_power_`` need their own handling."""
from __future__ import annotations

import numpy as np

from .. import errors
from ..dispatch import call_inplace
from ..dtypes import scalar_type_name
from ..ops import pointwise as P
from ..public import export
from ..tensor import Tensor
from . import arithmetic as A, generated as G, composites as C, discrete as D, linear_algebra as L, reductions as R
from .heaviside import heaviside
from .number_ops import gcd, lcm, nextafter
from .inplace_ops import declare, inplace_of, scan_writer, selected_writer
from .overlapping_products import addmv_writer, addr_writer, baddbmm_writer, matrix_copy_writer, renorm_writer

# Tensor methods only (torch has no torch.<name>_ for these)
for _fn, _name, _aliases in (
        (D.addcmul, "addcmul_", ()), (D.addcdiv, "addcdiv_", ()), (A.lerp, "lerp_", ()),
        (A.hypot, "hypot_", ()), (A.atan2, "atan2_", ("arctan2_",)), (A.copysign, "copysign_", ()),
        (A.fmod, "fmod_", ()), (A.remainder, "remainder_", ()), (A.floor_divide, "floor_divide_", ()),
        (A.div, "true_divide_", ()), (A.sgn, "sgn_", ()), (heaviside, "heaviside_", ()),
        (nextafter, "nextafter_", ()), (G.logical_and, "logical_and_", ()), (G.logical_or, "logical_or_", ()),
        (G.logical_xor, "logical_xor_", ()), (G.logical_not, "logical_not_", ()),
        (G.bitwise_and, "bitwise_and_", ()), (G.bitwise_or, "bitwise_or_", ()),
        (G.bitwise_xor, "bitwise_xor_", ()), (G.bitwise_not, "bitwise_not_", ()),
        (G.bitwise_left_shift, "bitwise_left_shift_", ()), (G.bitwise_right_shift, "bitwise_right_shift_", ())):
    declare(_fn, _name, aliases=_aliases)

# not elementwise: a self whose elements partly share memory is written as torch's kernel runs through it
# (overlapping_products), scanned, or only where the op writes
declare(C.renorm, "renorm_", writer=renorm_writer)
declare(C.addr, "addr_", writer=addr_writer)
declare(L.baddbmm, "baddbmm_", writer=baddbmm_writer)
declare(C.addmm, "addmm_", writer=matrix_copy_writer)
declare(L.addbmm, "addbmm_", writer=matrix_copy_writer)
declare(L.tril, "tril_", writer=selected_writer)
declare(L.triu, "triu_", writer=selected_writer)
declare(R.cumsum, "cumsum_", writer=scan_writer(np.add))
declare(R.cumprod, "cumprod_", writer=scan_writer(np.multiply))

# also torch.<name>_
for _fn, _name in ((A.xlogy, "xlogy_"), (A.square, "square_"), (A.sinc, "sinc_"),
                   (D.deg2rad, "deg2rad_"), (D.rad2deg, "rad2deg_"), (A.ldexp, "ldexp_"),
                   (gcd, "gcd_"), (lcm, "lcm_")):
    declare(_fn, _name, torch_level=True)
declare(L.addmv, "addmv_", torch_level=True, writer=addmv_writer)


_float_power_ = inplace_of(A.float_power, "float_power_")


def float_power_(self, exponent):
    """torch computes float_power in double (complex double): self must already be that dtype."""
    complex_ = self.dtype.is_complex or (exponent.dtype.is_complex if isinstance(exponent, Tensor)
                                         else isinstance(exponent, complex))
    wanted = "ComplexDouble" if complex_ else "Double"
    have = {"complex128": "ComplexDouble", "float64": "Double"}.get(self.dtype.name)
    if have != wanted:
        raise errors.AutogradError(f"the base given to float_power_ has dtype {scalar_type_name(self._data.dtype)} "
                                   f"but the operation's result requires dtype {wanted}")
    return _float_power_(self, exponent)


export(float_power_, "float_power_", namespaces=(), method=True)


def _comparison(name: str):
    scalar, tensor = P.COMPARE_INPLACE[name]

    def method(self, other):
        """Writes 0/1 into self; a tensor that requires grad keeps a node whose gradient is zero."""
        if isinstance(other, Tensor):
            return call_inplace(tensor, self, (self, other))
        return call_inplace(scalar, self, (self,), {"other": other})
    method.__name__ = method.__qualname__ = name + "_"
    return method


for _name, _aliases in (("eq", ()), ("ne", ("not_equal_",)), ("lt", ("less_",)), ("le", ("less_equal_",)),
                        ("gt", ("greater_",)), ("ge", ("greater_equal_",))):
    export(_comparison(_name), _name + "_", namespaces=(), method=True, aliases=_aliases)
