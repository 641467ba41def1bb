"""``torch.utils.data.distributed.DistributedSampler``: the share of a dataset one of
``num_replicas`` processes visits. Without a process group both ``num_replicas`` and ``rank`` must
be given (torch asks the missing group otherwise); the shares are torch's, epoch by epoch."""
from __future__ import annotations

import math

from ... import creation
from ...distributed import NO_DEFAULT_GROUP
from .samplers import Sampler

__all__ = ["DistributedSampler"]


class DistributedSampler(Sampler):
    """torch's split: a permutation seeded by ``seed + epoch`` (or the order as is), padded by its own
    head to a multiple of ``num_replicas`` (or cut, with ``drop_last``), every ``num_replicas``-th
    index from ``rank``."""

    def __init__(self, dataset, num_replicas=None, rank=None, shuffle=True, seed=0, drop_last=False):
        if num_replicas is None or rank is None:
            raise ValueError(NO_DEFAULT_GROUP)
        if rank >= num_replicas or rank < 0:
            raise ValueError(f"Invalid rank {rank}, rank should be in the interval [0, {num_replicas - 1}]")
        self.dataset = dataset
        self.num_replicas = num_replicas
        self.rank = rank
        self.epoch = 0
        self.drop_last = drop_last
        if drop_last and len(dataset) % num_replicas != 0:
            self.num_samples = math.ceil((len(dataset) - num_replicas) / num_replicas)
        else:
            self.num_samples = math.ceil(len(dataset) / num_replicas)
        self.total_size = self.num_samples * num_replicas
        self.shuffle = shuffle
        self.seed = seed

    def __iter__(self):
        n = len(self.dataset)
        if self.shuffle:
            generator = creation.Generator().manual_seed(self.seed + self.epoch)
            indices = creation.randperm(n, generator=generator).tolist()
        else:
            indices = list(range(n))
        if not self.drop_last:
            padding = self.total_size - len(indices)
            if padding <= len(indices):
                indices += indices[:padding]
            else:
                indices += (indices * math.ceil(padding / len(indices)))[:padding]
        else:
            indices = indices[:self.total_size]
        return iter(indices[self.rank:self.total_size:self.num_replicas])

    def __len__(self) -> int:
        return self.num_samples

    def set_epoch(self, epoch: int) -> None:
        """The epoch the next pass shuffles for (every process must set the same)."""
        self.epoch = epoch
