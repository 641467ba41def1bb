"""``torch.set_default_tensor_type``, the pre-2.1 way older scripts set the default float type
(``torch.set_default_tensor_type(torch.DoubleTensor)``): the type's dtype becomes the default, with
torch's deprecation warning and its refusals (a CUDA type on a CPU build, a non-float type)."""
from __future__ import annotations

import warnings

from .. import dtypes
from ..public import public

_NAMES = {f"torch.{kind}Tensor": d for kind, d in (
    ("Float", dtypes.float32), ("Double", dtypes.float64), ("Half", dtypes.float16), ("Long", dtypes.int64),
    ("Int", dtypes.int32), ("Short", dtypes.int16), ("Char", dtypes.int8), ("Byte", dtypes.uint8),
    ("Bool", dtypes.bool))}
_FLOAT_ONLY = "only floating-point types are supported as the default type"


@public()
def set_default_tensor_type(t):
    warnings.warn("torch.set_default_tensor_type() is deprecated as of PyTorch 2.1, please use "
                  "torch.set_default_dtype() and torch.set_default_device() as alternatives. (Triggered internally "
                  "at /__w/pytorch/pytorch/torch/csrc/tensor/python_tensor.cpp:434.)", UserWarning)
    if isinstance(t, str):
        if t.startswith("torch.cuda."):
            raise TypeError(f"type {t} not available. Torch not compiled with CUDA enabled.")
        if t not in _NAMES:
            raise TypeError(f"invalid type: '{t}'")
        d = _NAMES[t]
    elif isinstance(t, type) and isinstance(getattr(t, "dtype", None), dtypes.dtype):
        d = t.dtype
    else:
        raise TypeError(f"invalid type object: {_FLOAT_ONLY}")
    if not d.is_floating_point:
        raise TypeError(_FLOAT_ONLY)
    dtypes.set_default_dtype(d)
