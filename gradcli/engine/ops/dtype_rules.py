"""torch's dtype rules for kernels that refuse what numpy would compute: matrix products and
convolutions take one dtype (torch raises where numpy would promote), and float-only or
bool-refusing kernels raise torch's "not implemented for" errors. Records whose forward checks
here declare ``promote=KEEP`` (or COMMON), so the forward sees the dtypes torch's kernel sees."""
from __future__ import annotations

import numpy as np

from ..dtypes import c_type_name as _c, from_numpy_dtype, promote_types, scalar_type_name as _s
from ..errors import DTypeError


def not_implemented(kernel: str, a) -> NotImplementedError:
    return NotImplementedError(f"\"{kernel}\" not implemented for '{_s(np.dtype(getattr(a, 'dtype', a)))}'")


def complex_kernel(kernel: str):
    """torch's refusal by a kernel built without complex types: ``"lt_cpu" not implemented for 'ComplexFloat'``."""
    return lambda dtype: not_implemented(kernel, dtype)


def complex_refusal(error: type, message: str):
    """torch's own words for a complex input (``clamp is not supported for complex types``)."""
    return lambda dtype: error(message)


def refuse_complex(refusal, *arrays) -> None:
    """``refusal`` (see ``complex_kernel``) for the first complex array, where a function computes
    outside a record's forward."""
    for a in arrays:
        a = getattr(a, "_data", a)
        if getattr(a, "dtype", None) is not None and a.dtype.kind == "c":
            raise refusal(a.dtype)


def refuse_bool(kernel: str, *arrays) -> None:
    for a in arrays:
        if a is not None and a.dtype.kind == "b":
            raise not_implemented(kernel, a)


def float_only(kernel: str, *arrays) -> None:
    """torch's kernel exists for floating (and complex) dtypes only."""
    for a in arrays:
        if isinstance(a, (np.ndarray, np.generic)) and a.dtype.kind not in "fc":     # (a 0-d result: a scalar)
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
    """The checks of torch's CPU convolution kernel (F.conv2d checks the bias's dtype before it):
    the weight's, and on torch's mkldnn path the bias's, in messages that depend on the path."""
    mkldnn = _mkldnn(input, weight, groups)
    for name, p in (("weight", weight), ("bias", bias)):
        if p is not None and p.dtype != input.dtype and (mkldnn or name == "weight"):
            if mkldnn:
                raise DTypeError(f"Input type (torch.{_s(input.dtype)}Tensor) and {name} type "
                                 f"(torch.{_s(p.dtype)}Tensor) should be the same or input should be a MKLDNN "
                                 f"tensor and {name} is a dense tensor")
            raise DTypeError(f"expected scalar type {_s(input.dtype)} but found {_s(weight.dtype)}")
    refuse_bool("slow_conv2d_cpu", input)


def _mkldnn(input, weight, groups: int) -> bool:
    """torch's use_mkldnn for a CPU convolution of a half/single-precision input."""
    if input.dtype not in (np.float32, np.float16):
        return False
    kernel = weight.shape[2:] if weight.ndim == 4 else (1,) + weight.shape[2:]
    return groups > 1 or (kernel[0] > 3 and kernel[1] > 3) or input.shape[0] > 1 or input.size > 20480


def floats(kernel: str, fn):
    """``fn`` behind torch's float-only check (the record computes in its inputs' common dtype)."""
    def forward(*args, **params):
        float_only(kernel, *args)
        return fn(*args, **params)
    return forward


def no_bool(kernel: str, fn):
    def forward(*args, **params):
        refuse_bool(kernel, *(a for a in args if isinstance(a, np.ndarray)))
        return fn(*args, **params)
    return forward


def int_power(a, b):
    """torch's integer pow: a negative exponent gives 1 for base 1, +-1 for base -1 and 0 otherwise
    (numpy refuses it); a bool result has no kernel. Python numbers stay weak, as in torch."""
    res = np.result_type(a, b)
    if res.kind == "b":
        raise not_implemented("pow", res)
    negative = np.asarray(b) < 0
    if res.kind not in "iu" or not negative.any():
        return np.power(a, b)
    out = np.power(a, np.where(negative, 0, b))
    low = np.where(np.equal(a, 1), 1, np.where(np.equal(a, -1), np.where(np.remainder(b, 2) == 0, 1, -1), 0))
    return np.where(negative, low, out).astype(out.dtype)


def normalization(kernel: str, input, *params) -> None:
    """torch's CPU norm kernels: parameters (weight, bias, running stats) in the input's dtype
    (checked in these words), and a floating input."""
    for p in params:
        p = getattr(p, "_data", p)
        if p is not None and p.dtype != input.dtype:
            raise DTypeError("mixed dtype (CPU): expect parameter to have scalar type of Float"
                             if input.dtype == np.float32 else "mixed dtype (CPU): all inputs must share same datatype.")
    float_only(kernel, input)


def no_int(kernel: str, fn):
    """``fn`` behind a kernel that takes floats and bool but no integers (im2col, col2im)."""
    def forward(a, *args, **params):
        if a.dtype.kind in "iu":
            raise not_implemented(kernel, a)
        return fn(a, *args, **params)
    return forward


def linalg_input(name: str, *arrays) -> None:
    """torch.linalg's check: floating or complex inputs, all of one dtype (and no float16 where the
    kernel is LAPACK's)."""
    a = arrays[0]
    if a.dtype.kind not in "fc":
        raise DTypeError(f"linalg.{name}: Expected a floating point or complex tensor as input. Got {_s(a.dtype)}")
    for b in arrays[1:]:
        if b.dtype != a.dtype:
            raise DTypeError(f"linalg.{name}: Expected A and B to have the same dtype, but found A of type "
                             f"{_s(a.dtype)} and B of type {_s(b.dtype)} instead")
    no_half(f"linalg.{name}", a)


# torch's CPU linear algebra is LAPACK's, which has no half precision: what each function says of a
# float16 input -- its kernel's "not implemented", its own check's words, or lstsq's -- unlisted ones compute
_HALF_KERNELS = {"lu_factor": "lu_cpu", "det": "lu_cpu", "solve": "lu_cpu", "cholesky": "cholesky_cpu",
                 "cholesky_inverse": "cholesky_inverse_out_cpu", "eig": "linalg_eig_out_cpu", "eigh": "linalg_eigh_cpu",
                 "svd": "linalg_svd_cpu", "qr": "geqrf_cpu"}
_HALF_LOW_PRECISION = frozenset({"inv", "slogdet", "logdet"})


def no_half(name: str, a) -> None:
    """LAPACK's refusal of float16, in the words of ``name``'s function ("linalg.inv", "logdet")."""
    if a.dtype != np.float16:
        return
    prefix = "linalg." if name.startswith("linalg.") else ""
    name = name.removeprefix("linalg.")
    if name in _HALF_KERNELS:
        raise not_implemented(_HALF_KERNELS[name], a)
    if name in _HALF_LOW_PRECISION:
        raise DTypeError(f"{prefix}{name}: Low precision dtypes not supported. Got Half")
    if name == "lstsq":
        raise DTypeError("This function doesn't handle types other than float and double")


def in_self_dtype(kernel: str, fn):
    """A loss whose result keeps self's dtype (torch's huber_loss): computed in the promoted dtype,
    which must be floating and castable back to self's."""
    def forward(a, b, *args, **params):
        res = promote_types(from_numpy_dtype(a.dtype), from_numpy_dtype(b.dtype)).np
        if res.kind not in "fc":
            raise not_implemented(kernel, res)
        if not np.can_cast(res, a.dtype, "same_kind"):
            raise DTypeError(f"result type {_s(res)} can't be cast to the desired output type {_s(a.dtype)}")
        out = fn(a.astype(res, copy=False), b.astype(res, copy=False), *args, **params)
        return np.asarray(out).astype(a.dtype, copy=False)
    return forward


def same_dtype_backward(fn):
    """A backward kernel of torch's that takes one dtype: self and target of two dtypes pass the
    forward but not the backward (torch's huber_loss_backward)."""
    def backward(m, g, self, target, *rest, **needs):
        st, tt = (np.dtype(getattr(x, "_data", x).dtype) for x in (self, target))
        if st != tt:
            raise DTypeError(f"Found dtype {_s(tt)} but expected {_s(st)}")
        return fn(m, g, self, target, *rest, **needs)
    return backward
