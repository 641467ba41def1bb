"""``torch.utils.data``: datasets, samplers and a loader that batches them with torch's default
collation (shuffling with torch's draws on torch's generator)."""
from __future__ import annotations

import bisect
import math

from ... import creation, dtypes, functions
from ...tensor import Tensor
from .samplers import BatchSampler, RandomSampler, Sampler, SequentialSampler, SubsetRandomSampler, \
    WeightedRandomSampler

__all__ = ["BatchSampler", "ConcatDataset", "DataLoader", "Dataset", "RandomSampler", "Sampler",
           "SequentialSampler", "Subset", "SubsetRandomSampler", "TensorDataset", "WeightedRandomSampler",
           "default_collate", "random_split"]


class Dataset:
    """Subclass it with ``__len__`` and ``__getitem__``."""

    script_dunders = ("__init__", "__len__", "__getitem__")   # what a script's subclass may define

    def __getitem__(self, index):
        raise NotImplementedError("Subclasses of Dataset should implement __getitem__.")


class TensorDataset(Dataset):
    """Rows of tensors that share their first dimension."""

    def __init__(self, *tensors):
        if any(t.shape[0] != tensors[0].shape[0] for t in tensors):
            raise AssertionError("Size mismatch between tensors")
        self.tensors = tensors

    def __getitem__(self, index):
        return tuple(t[index] for t in self.tensors)

    def __len__(self) -> int:
        return self.tensors[0].shape[0]


class Subset(Dataset):
    """The items of ``dataset`` at ``indices``, in that order."""

    def __init__(self, dataset, indices):
        self.dataset = dataset
        self.indices = indices

    def __getitem__(self, idx):
        if isinstance(idx, list):
            return self.dataset[[self.indices[i] for i in idx]]
        return self.dataset[self.indices[idx]]

    def __len__(self) -> int:
        return len(self.indices)


class ConcatDataset(Dataset):
    """Datasets one after the other."""

    def __init__(self, datasets):
        self.datasets = list(datasets)
        if not self.datasets:
            raise AssertionError("datasets should not be an empty iterable")
        self.cumulative_sizes, total = [], 0
        for d in self.datasets:
            total += len(d)
            self.cumulative_sizes.append(total)

    def __len__(self) -> int:
        return self.cumulative_sizes[-1]

    def __getitem__(self, idx):
        if idx < 0:
            if -idx > len(self):
                raise ValueError("absolute value of index should not exceed dataset length")
            idx = len(self) + idx
        which = bisect.bisect_right(self.cumulative_sizes, idx)
        start = self.cumulative_sizes[which - 1] if which else 0
        return self.datasets[which][idx - start]


def random_split(dataset, lengths, generator=None) -> list:
    """torch's split: lengths that sum to the dataset's size, or fractions that sum to 1 (floored,
    the remainder dealt one by one from the first); one permutation of the generator."""
    n = len(dataset)
    lengths = list(lengths)
    if math.isclose(sum(lengths), 1) and sum(lengths) <= 1:
        counts = [int(math.floor(n * frac)) for frac in lengths]
        for i in range(n - sum(counts)):
            counts[i % len(counts)] += 1
        lengths = counts
    if sum(lengths) != n:
        raise ValueError("Sum of input lengths does not equal the length of the input dataset!")
    order = creation.randperm(n, generator=generator).tolist()
    out, offset = [], 0
    for length in lengths:
        out.append(Subset(dataset, order[offset:offset + length]))
        offset += length
    return out


def default_collate(batch: list):
    """torch's rules: tensors are stacked, Python floats become a float64 tensor, ints an int64 one
    (bools a bool one), strings stay a list, a dict collates per key, and a batch of tuples or
    lists is a list of batches."""
    first = batch[0]
    if isinstance(first, Tensor):
        return functions.stack(batch, 0)
    if isinstance(first, bool):
        return creation.tensor(batch, dtype=dtypes.bool)
    if isinstance(first, float):
        return creation.tensor(batch, dtype=dtypes.float64)
    if isinstance(first, int):
        return creation.tensor(batch, dtype=dtypes.int64)
    if isinstance(first, str):
        return list(batch)
    if isinstance(first, dict):
        return {key: default_collate([item[key] for item in batch]) for key in first}
    if isinstance(first, (tuple, list)):
        if any(len(item) != len(first) for item in batch):
            raise RuntimeError("each element in list of batch should be of equal size")
        return [default_collate(list(items)) for items in zip(*batch)]
    raise TypeError(f"default_collate: batch must contain tensors, numbers, dicts or lists; found "
                    f"{type(first).__name__}")


class DataLoader:
    """Batches of a dataset through a sampler: in order, shuffled (``shuffle`` or a ``generator``),
    or any sampler or batch sampler; ``batch_size=None`` yields single items; ``drop_last`` drops
    a short last batch."""

    def __init__(self, dataset, batch_size=1, shuffle=None, sampler=None, batch_sampler=None, num_workers=0,
                 collate_fn=None, pin_memory=False, drop_last=False, timeout=0, worker_init_fn=None,
                 generator=None, **kwargs):
        if batch_size is not None and (not isinstance(batch_size, int) or isinstance(batch_size, bool)
                                       or batch_size <= 0):
            raise ValueError(f"batch_size should be a positive integer value, but got batch_size={batch_size}")
        if sampler is not None and shuffle:
            raise ValueError("sampler option is mutually exclusive with shuffle")
        if batch_sampler is not None:
            if batch_size != 1 or shuffle or sampler is not None or drop_last:
                raise ValueError("batch_sampler option is mutually exclusive with batch_size, shuffle, "
                                 "sampler, and drop_last")
            batch_size, drop_last = None, False
        if sampler is None:
            sampler = RandomSampler(dataset, generator=generator) if shuffle else SequentialSampler(dataset)
        if batch_size is not None and batch_sampler is None:
            batch_sampler = BatchSampler(sampler, batch_size, drop_last)
        self.dataset = dataset
        self.batch_size = batch_size
        self.shuffle = bool(shuffle)
        self.drop_last = drop_last
        self.sampler = sampler
        self.batch_sampler = batch_sampler
        self.generator = generator
        self.collate_fn = collate_fn or (default_collate if batch_sampler is not None else _no_collate)

    def __len__(self) -> int:
        return len(self.batch_sampler if self.batch_sampler is not None else self.sampler)

    def __iter__(self):
        """As torch's iterator: made with one 64-bit draw (the workers' base seed) from the loader's
        generator or the default one; the sampler draws when the first batch is taken."""
        creation.empty((), dtype=dtypes.int64).random_(generator=self.generator)
        return self._batches()

    def _batches(self):
        if self.batch_sampler is None:
            for i in self.sampler:
                yield self.collate_fn(self.dataset[i])
            return
        for indices in self.batch_sampler:
            yield self.collate_fn([self.dataset[i] for i in indices])


def _no_collate(item):
    """batch_size=None: torch's default_convert, which leaves items as they are."""
    return item
