"""``torch.device``: gradcli computes on the CPU only, and says so."""
from __future__ import annotations


class device:
    """Accepts torch's spellings; only ``cpu`` is available."""

    __slots__ = ("type", "index")

    def __init__(self, type: str = "cpu", index: int | None = None):  # noqa: A002 - torch's name
        kind, _, num = str(type).partition(":")
        if kind not in ("cpu", "cuda", "mps", "meta"):
            raise RuntimeError(f"Expected one of cpu, cuda, mps, meta device type at start of device string: {type}")
        self.type = kind
        self.index = int(num) if num else index

    def __repr__(self) -> str:
        return f"device(type='{self.type}')" if self.index is None else \
            f"device(type='{self.type}', index={self.index})"

    def __str__(self) -> str:
        return self.type if self.index is None else f"{self.type}:{self.index}"

    def __eq__(self, other) -> bool:
        return str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))
