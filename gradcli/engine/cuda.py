"""``torch.cuda``: never available here (gradcli runs on the CPU), and answering as a CPU build of
torch does: seeding CUDA does nothing, asking for a device raises torch's AssertionError."""

__all__ = ["current_device", "device_count", "empty_cache", "get_device_name", "is_available", "manual_seed",
           "manual_seed_all", "seed", "seed_all", "set_device", "synchronize"]

_NO_CUDA = "Torch not compiled with CUDA enabled"


def is_available() -> bool:
    return False


def device_count() -> int:
    return 0


def manual_seed(seed) -> None:
    """A seed for CUDA's generators: there are none, so (as in torch without CUDA) nothing happens."""


manual_seed_all = manual_seed


def seed() -> None:
    """Nothing to seed without CUDA."""


seed_all = seed


def empty_cache() -> None:
    """No CUDA memory to release."""


def _absent(*args, **kwargs):
    raise AssertionError(_NO_CUDA)


synchronize = current_device = get_device_name = set_device = _absent
