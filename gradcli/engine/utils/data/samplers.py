"""``torch.utils.data`` samplers: which indices a DataLoader visits and how they are batched."""
from __future__ import annotations

from ... import creation, dtypes, instrumentation as _inst
from ...torch_class_names import default_repr

CHECK_EVERY = 4096      # indices gathered into one batch between two checks of the run's time limit

__all__ = ["BatchSampler", "RandomSampler", "Sampler", "SequentialSampler", "SubsetRandomSampler",
           "WeightedRandomSampler"]


class Sampler:
    """Iterates over dataset indices; a script's subclass gives ``__iter__`` (and ``__len__``)."""

    __repr__ = default_repr     # torch's module path in the default repr

    script_dunders = ("__init__", "__iter__", "__len__")

    def __init__(self, data_source=None):
        pass


class SequentialSampler(Sampler):
    def __init__(self, data_source):
        self.data_source = data_source

    def __iter__(self):
        return iter(range(len(self.data_source)))

    def __len__(self) -> int:
        return len(self.data_source)


class RandomSampler(Sampler):
    """A permutation of the indices (or ``num_samples`` draws with replacement) from ``generator``."""

    def __init__(self, data_source, replacement=False, num_samples=None, generator=None):
        if num_samples is not None and (not isinstance(num_samples, int) or num_samples <= 0):
            raise ValueError(f"num_samples should be a positive integer value, but got num_samples={num_samples}")
        self.data_source = data_source
        self.replacement = replacement
        self._num_samples = num_samples
        self.generator = generator

    @property
    def num_samples(self) -> int:
        return len(self.data_source) if self._num_samples is None else self._num_samples

    def __iter__(self):
        """torch's draws, lazily as torch's: without a generator, a fresh one seeded by one 64-bit draw
        of the default generator; then a randperm per pass (one more for the rest, even when empty),
        or randint in chunks of 32 with replacement."""
        n = len(self.data_source)
        generator = self.generator
        if generator is None:
            generator = creation.Generator().manual_seed(int(creation.empty((), dtype=dtypes.int64).random_().item()))
        if self.replacement:
            for _ in range(self.num_samples // 32):
                yield from creation.randint(0, n, (32,), generator=generator).tolist()
            yield from creation.randint(0, n, (self.num_samples % 32,), generator=generator).tolist()
            return
        for _ in range(self.num_samples // n):
            yield from creation.randperm(n, generator=generator).tolist()
        yield from creation.randperm(n, generator=generator).tolist()[:self.num_samples % n]

    def __len__(self) -> int:
        return self.num_samples


class SubsetRandomSampler(Sampler):
    """The given indices in a random order."""

    def __init__(self, indices, generator=None):
        self.indices = indices
        self.generator = generator

    def __iter__(self):
        return iter([self.indices[i] for i in creation.randperm(len(self.indices), generator=self.generator).tolist()])

    def __len__(self) -> int:
        return len(self.indices)


class WeightedRandomSampler(Sampler):
    """``num_samples`` indices drawn with probabilities proportional to ``weights``."""

    def __init__(self, weights, num_samples, replacement=True, generator=None):
        if not isinstance(num_samples, int) or isinstance(num_samples, bool) or num_samples <= 0:
            raise ValueError(f"num_samples should be a positive integer value, but got num_samples={num_samples}")
        self.weights = creation.as_tensor(weights, dtype=dtypes.float64)
        if self.weights.dim() != 1:
            raise ValueError(f"weights should be a 1d sequence but given weights have shape "
                             f"{tuple(self.weights.shape)}")
        self.num_samples = num_samples
        self.replacement = replacement
        self.generator = generator

    def __iter__(self):
        return iter(creation.multinomial(self.weights, self.num_samples, self.replacement,
                                         generator=self.generator).tolist())

    def __len__(self) -> int:
        return self.num_samples


class BatchSampler(Sampler):
    """Lists of ``batch_size`` indices from ``sampler``; ``drop_last`` drops a short last one."""

    def __init__(self, sampler, batch_size, drop_last):
        if not isinstance(batch_size, int) or isinstance(batch_size, bool) or batch_size <= 0:
            raise ValueError(f"batch_size should be a positive integer value, but got batch_size={batch_size}")
        if not isinstance(drop_last, bool):
            raise ValueError(f"drop_last should be a boolean value, but got drop_last={drop_last}")
        self.sampler = sampler
        self.batch_size = batch_size
        self.drop_last = drop_last

    def __iter__(self):
        batch = []
        for index in self.sampler:
            batch.append(index)
            if len(batch) == self.batch_size:
                yield batch
                batch = []
            elif not len(batch) % CHECK_EVERY and _inst.interrupt is not None:
                _inst.interrupt()     # a batch of a billion indices runs no op that would check the time
        if batch and not self.drop_last:
            yield batch

    def __len__(self) -> int:
        n = len(self.sampler)
        return n // self.batch_size if self.drop_last else -(-n // self.batch_size)
