"""``get_worker_info``: which DataLoader worker is loading. gradcli loads in its own process; a loader
with ``num_workers > 0`` plays each worker's part in turn (torch's batch order, see DataLoader), and
while it does, ``get_worker_info()`` returns that worker's info and torch's draws come from that
worker's own default generator, seeded ``base_seed + id`` as torch seeds it in the worker process (the
main process's stream is left as it was)."""
from __future__ import annotations

from ...cpu_random import CPUStream
from ...creation import default_generator

__all__ = ["WorkerInfo", "get_worker_info"]

_current = None


class WorkerInfo:
    """The worker's ``id``, ``num_workers``, ``seed`` and ``dataset`` (gradcli's: the loader's own
    dataset, not a copy)."""

    def __init__(self, id: int, num_workers: int, seed: int, dataset):
        self.id = id
        self.num_workers = num_workers
        self.seed = seed
        self.dataset = dataset

    def __setattr__(self, key, value):
        if key in self.__dict__:
            raise RuntimeError(f"Cannot assign attributes to {self.__class__.__name__} objects")
        super().__setattr__(key, value)

    def __repr__(self) -> str:
        return (f"WorkerInfo(id={self.id}, num_workers={self.num_workers}, seed={self.seed}, "
                f"dataset={self.dataset!r})")


def get_worker_info():
    """None in the main process (always, with num_workers=0); a worker's WorkerInfo while it loads."""
    return _current


def worker_stream(info: WorkerInfo) -> CPUStream:
    """A worker's default generator: ``torch.manual_seed(base_seed + id)`` in the worker process."""
    return CPUStream(info.seed % (1 << 64))


class acting_as:
    """Loads that follow run as ``info``'s worker, drawing from its ``stream``."""

    def __init__(self, info, stream: CPUStream):
        self.info, self.stream = info, stream

    def __enter__(self):
        global _current
        self.saved, _current = _current, self.info
        self.main = default_generator.swap_stream(self.stream)

    def __exit__(self, *exc):
        global _current
        _current = self.saved
        default_generator.swap_stream(self.main)
