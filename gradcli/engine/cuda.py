"""``torch.cuda``: never available here (gradcli runs on the CPU)."""


def is_available() -> bool:
    return False


def device_count() -> int:
    return 0
