"""torch's refusal of ``to(...)`` arguments its parser cannot match (Tensor.to and Module.to share it)."""
from __future__ import annotations

from . import dtypes

_TO_SIGNATURES = (" * (torch.device device = None, torch.dtype dtype = None, bool non_blocking = False, bool copy = "
                  "False, *, torch.memory_format memory_format = None)\n"
                  " * (torch.dtype dtype, bool non_blocking = False, bool copy = False, *, torch.memory_format "
                  "memory_format = None)\n"
                  " * (Tensor tensor, bool non_blocking = False, bool copy = False, *, torch.memory_format "
                  "memory_format = None)\n")


def invalid_to_arguments(args: tuple, kwargs: dict) -> TypeError:
    """torch's refusal of ``to(...)`` arguments it cannot parse (Tensor.to and Module.to), its listing
    of what it got included: positional types, then ``name=type`` (a trailing ", " when only keywords)."""
    got = "".join(f"{_type_name(a)}, " for a in args) + "".join(f"{k}={_type_name(v)}, " for k, v in kwargs.items())
    if args:
        got = got[:-2]
    return TypeError(f"to() received an invalid combination of arguments - got ({got}), but expected one of:\n"
                     + _TO_SIGNATURES)


def _type_name(value) -> str:
    return "torch.dtype" if isinstance(value, dtypes.dtype) else type(value).__name__
