"""``torch.device``: gradcli computes on the CPU only, and says so."""
from __future__ import annotations

import re


# a type, then maybe ":index"; compiled by ``re`` on first use (at import it cost every command ~0.2 ms)
_SPELLING = r"([A-Za-z_]+)(?::(0|[1-9][0-9]*))?"
_TYPES = ("cpu", "cuda", "ipu", "xpu", "mkldnn", "opengl", "opencl", "ideep", "hip", "ve", "fpga", "maia", "xla",
          "lazy", "vulkan", "mps", "meta", "hpu", "mtia", "privateuseone")     # torch's, in its message's order


_NOT_GIVEN = object()


def _explicit_index(index, text: str, num: str):
    """``torch.device(type, index)``'s checks of the index given apart (None too counts as given)."""
    if num:
        raise RuntimeError(f"type (string) must not include an index because index was passed explicitly: {text}")
    if index is None:
        return None
    if index.__class__ is not int:
        raise TypeError(f"device(): argument 'index' (position 2) must be int, not {index.__class__.__name__}")
    if index < 0:
        raise RuntimeError("Device index must not be negative")
    return index


class device:
    """Accepts torch's spellings; only ``cpu`` is available."""

    __slots__ = ("type", "index")

    def __init__(self, type: str = "cpu", index=_NOT_GIVEN):  # noqa: A002 - torch's name
        text = str(type)
        if not text:
            raise RuntimeError("Device string must not be empty")
        match = re.fullmatch(_SPELLING, text)
        if match is None:
            raise RuntimeError(f"Invalid device string: '{text}'")
        kind, num = match.groups()
        if kind not in _TYPES:
            raise RuntimeError(f"Expected one of {', '.join(_TYPES)} device type at start of device string: {kind}")
        self.type = kind
        self.index = int(num) if num else None
        if index is not _NOT_GIVEN:
            self.index = _explicit_index(index, text, num)

    def __repr__(self) -> str:
        return f"device(type='{self.type}')" if self.index is None else \
            f"device(type='{self.type}', index={self.index})"

    def __str__(self) -> str:
        return self.type if self.index is None else f"{self.type}:{self.index}"

    def __eq__(self, other) -> bool:
        return str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))


def require_cpu(spec) -> None:
    """Where a tensor is to be made (a factory's or a layer's ``device=``, ``to(device)``): gradcli
    computes on the CPU, as torch's CPU build does, and refuses any other device with that build's
    error rather than computing on the CPU anyway (``device="cuda"`` fails in torch here)."""
    if spec is None:
        return
    if isinstance(spec, int) and not isinstance(spec, bool):
        raise RuntimeError("Device index must not be negative" if spec < 0 else
                           "Cannot access accelerator device when none is available.")
    if not isinstance(spec, (device, str)):
        raise TypeError(f"argument 'device' must be torch.device, not {type(spec).__name__}")
    kind = spec.type if isinstance(spec, device) else device(spec).type   # torch's messages for a bad string
    if kind == "cpu":
        return
    if kind in ("cuda", "xpu"):
        raise AssertionError(f"Torch not compiled with {kind.upper()} enabled")
    raise NotImplementedError(f"gradcli computes on the CPU only: there is no '{kind}' device here")
