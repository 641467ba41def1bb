"""``torch.random``: the default generator's seed and state, and ``fork_rng``, which lets a block
draw numbers without moving the generator the rest of the script sees."""
from __future__ import annotations

from contextlib import contextmanager

from .creation import default_generator, get_rng_state, initial_seed, manual_seed, seed, set_rng_state

__all__ = ["default_generator", "fork_rng", "get_rng_state", "initial_seed", "manual_seed", "seed", "set_rng_state"]


@contextmanager
def fork_rng(devices=None, enabled=True, _caller="fork_rng", _devices_kw="devices", device_type="cuda"):
    """Restore the CPU generator's state on leaving the block (gradcli has no other device)."""
    if not enabled:
        yield
        return
    state = get_rng_state()
    try:
        yield
    finally:
        set_rng_state(state)
