"""torch's dtype rules for kernels that refuse what numpy would compute: matrix products and
convolutions take one dtype (torch raises where numpy would promote), and float-only or
bool-refusing kernels raise torch's "not implemented for" errors. Records whose forward checks
here declare ``promote=KEEP`` (or COMMON), so the forward sees the dtypes torch's kernel sees."""
from __future__ import annotations

import numpy as np

from ..dtypes import c_type_name as _c, scalar_type_name as _s
from ..errors import DTypeError


def not_implemented(kernel: str, a: np.ndarray) -> NotImplementedError:
    return NotImplementedError(f"\"{kernel}\" not implemented for '{_s(a.dtype)}'")


def refuse_bool(kernel: str, *arrays) -> None:
    for a in arrays:
        if a is not None and a.dtype.kind == "b":
            raise not_implemented(kernel, a)


def float_only(kernel: str, *arrays) -> None:
    """torch's kernel exists for floating (and complex) dtypes only."""
    for a in arrays:
        if isinstance(a, np.ndarray) and a.dtype.kind not in "fc":
            raise not_implemented(kernel, a)


def mm(a, b) -> None:
    if a.dtype != b.dtype:
        raise DTypeError(f"expected m1 and m2 to have the same dtype, but got: {_c(a.dtype)} != {_c(b.dtype)}")
    refuse_bool("addmm_impl_cpu_", a)


def mv(mat, vec) -> None:
    if mat.dtype != vec.dtype:
        raise DTypeError(f"addmv input tensors must have the same dtype, but got {_s(vec.dtype)}, "
                         f"{_s(mat.dtype)}, and {_s(vec.dtype)}")
    refuse_bool("addmv_impl_cpu", mat)


def dot(a, b) -> None:
    if a.dtype != b.dtype:
        raise DTypeError(f"dot : expected both vectors to have same dtype, but found {_s(a.dtype)} and "
                         f"{_s(b.dtype)}")
    refuse_bool("dot", a)


def bmm(a, b) -> None:
    if a.dtype != b.dtype:
        raise DTypeError(f"expected scalar type {_s(a.dtype)} but found {_s(b.dtype)}")
    refuse_bool("bmm", a)


def addmm(self, mat1, mat2) -> None:
    if self.dtype != mat2.dtype:
        raise DTypeError(f"self and mat2 must have the same dtype, but got {_s(self.dtype)} and {_s(mat2.dtype)}")
    if mat1.dtype != mat2.dtype:
        raise DTypeError(f"mat1 and mat2 must have the same dtype, but got {_s(mat1.dtype)} and {_s(mat2.dtype)}")
    refuse_bool("addmm_impl_cpu_", self)


def convolution(input, weight, bias, groups: int) -> None:
    """The checks of torch's CPU convolution, in its order: bias, then weight (whose message
    depends on whether torch would pick its mkldnn path for this float input)."""
    if bias is not None and bias.dtype != input.dtype:
        raise DTypeError(f"Input type ({_c(input.dtype)}) and bias type ({_c(bias.dtype)}) should be the same")
    if weight.dtype != input.dtype:
        if _mkldnn(input, weight, groups):
            raise DTypeError(f"Input type (torch.{_s(input.dtype)}Tensor) and weight type "
                             f"(torch.{_s(weight.dtype)}Tensor) should be the same or input should be a MKLDNN "
                             "tensor and weight is a dense tensor")
        raise DTypeError(f"expected scalar type {_s(input.dtype)} but found {_s(weight.dtype)}")
    refuse_bool("slow_conv2d_cpu", input)


def _mkldnn(input, weight, groups: int) -> bool:
    """torch's use_mkldnn for a CPU convolution of a half/single-precision input."""
    if input.dtype not in (np.float32, np.float16):
        return False
    kernel = weight.shape[2:] if weight.ndim == 4 else (1,) + weight.shape[2:]
    return groups > 1 or (kernel[0] > 3 and kernel[1] > 3) or input.shape[0] > 1 or input.size > 20480
