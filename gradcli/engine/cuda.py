"""``torch.cuda``: never available here (gradcli runs on the CPU)."""

__all__ = ["device_count", "is_available"]


def is_available() -> bool:
    return False


def device_count() -> int:
    return 0
