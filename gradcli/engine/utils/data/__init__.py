"""``torch.utils.data``: datasets, samplers and a loader that batches them with torch's default
collation (shuffling with torch's draws on torch's generator)."""
from __future__ import annotations

import copy
import math

import numpy as np

from ... import creation, dtypes, functions
from ...tensor import Tensor
from ...torch_class_names import default_repr
from . import worker
from .distributed import DistributedSampler
from .datasets import ChainDataset, ConcatDataset, Dataset, IterableDataset, StackDataset, Subset, TensorDataset, \
    random_split
from .samplers import BatchSampler, RandomSampler, Sampler, SequentialSampler, SubsetRandomSampler, \
    WeightedRandomSampler
from .worker import WorkerInfo, get_worker_info

__all__ = ["BatchSampler", "ChainDataset", "ConcatDataset", "DataLoader", "Dataset", "DistributedSampler",
           "IterableDataset", "RandomSampler", "Sampler", "SequentialSampler", "StackDataset", "Subset", "SubsetRandomSampler",
           "TensorDataset", "WeightedRandomSampler", "WorkerInfo", "default_collate", "default_convert",
           "get_worker_info", "random_split"]


_COLLATE_ERROR = "default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; found {}"


def default_collate(batch: list):
    """torch's rules: tensors are stacked, numpy arrays and scalars become tensors of their dtype (then
    stacked), Python floats a float64 tensor, ints an int64 one (bools a bool one), strings stay a list,
    a dict collates per key (into a copy of the first), a named tuple per field, and a batch of other
    tuples or lists is a list of batches."""
    first = batch[0]
    if isinstance(first, Tensor):
        return functions.stack(batch, 0)
    if isinstance(first, np.ndarray):
        if first.dtype.kind in "SaUO":
            raise TypeError(_COLLATE_ERROR.format(first.dtype))
        return functions.stack([creation.as_tensor(b) for b in batch], 0)
    if isinstance(first, (np.bool_, np.number)):
        return creation.as_tensor(batch)
    if isinstance(first, float):
        return creation.tensor(batch, dtype=dtypes.float64)
    if isinstance(first, int):
        return creation.tensor(batch)
    if isinstance(first, (str, bytes)):
        return batch
    if isinstance(first, dict):
        out = copy.copy(first)
        out.update({key: default_collate([item[key] for item in batch]) for key in first})
        return out
    if isinstance(first, (tuple, list)):
        if any(len(item) != len(first) for item in batch):
            raise RuntimeError("each element in list of batch should be of equal size")
        columns = [default_collate(items) for items in zip(*batch)]     # strings stay a tuple, as torch
        return type(first)(*columns) if _is_namedtuple(first) else columns
    raise TypeError(_COLLATE_ERROR.format(type(first)))


def _is_namedtuple(value) -> bool:
    """A script's named tuple (torch keeps its type); gradcli's torch.return_types are named tuples too,
    but torch's are not (they collate to a list)."""
    return (isinstance(value, tuple) and hasattr(type(value), "_fields")
            and not type(value).__module__.startswith("gradcli."))


class DataLoader:
    """Batches of a dataset through a sampler: in order, shuffled (``shuffle`` or a ``generator``),
    or any sampler or batch sampler; ``batch_size=None`` yields single items; ``drop_last`` drops
    a short last batch. An IterableDataset is read as a stream.

    ``num_workers > 0`` loads in this process too, one worker's turn after another in torch's
    order: for an indexed dataset the same batches as with no workers, for a stream each worker
    reads its own copy of the stream (so an IterableDataset that does not split itself by
    ``get_worker_info()`` yields every item once per worker, as in torch)."""

    __repr__ = default_repr     # torch's module path in the default repr

    def __init__(self, dataset, batch_size=1, shuffle=None, sampler=None, batch_sampler=None, num_workers=0,
                 collate_fn=None, pin_memory=False, drop_last=False, timeout=0, worker_init_fn=None,
                 multiprocessing_context=None, generator=None, *, prefetch_factor=None, persistent_workers=False,
                 pin_memory_device="", in_order=True):
        if batch_size is not None and (not isinstance(batch_size, int) or isinstance(batch_size, bool)
                                       or batch_size <= 0):
            raise ValueError(f"batch_size should be a positive integer value, but got batch_size={batch_size}")
        if num_workers < 0:
            raise ValueError("num_workers option should be non-negative; use num_workers=0 to disable "
                             "multiprocessing.")
        if timeout < 0:
            raise ValueError("timeout option should be non-negative")
        if num_workers == 0 and prefetch_factor is not None:
            raise ValueError("prefetch_factor option could only be specified in multiprocessing.let num_workers > 0 "
                             "to enable multiprocessing, otherwise set prefetch_factor to None.")
        if num_workers > 0 and prefetch_factor is None:
            prefetch_factor = 2
        elif prefetch_factor is not None and prefetch_factor < 0:
            raise ValueError("prefetch_factor option should be non-negative")
        if persistent_workers and num_workers == 0:
            raise ValueError("persistent_workers option needs num_workers > 0")
        self.dataset = dataset
        self.num_workers = num_workers
        self.prefetch_factor = prefetch_factor
        self.pin_memory = pin_memory
        self.timeout = timeout
        self.worker_init_fn = worker_init_fn
        self.persistent_workers = persistent_workers
        self._persistent = None     # persistent workers' infos and generators, made by the first pass
        self._iterable = isinstance(dataset, IterableDataset)
        if self._iterable:
            if shuffle not in (False, None):
                raise ValueError(f"DataLoader with IterableDataset: expected unspecified shuffle option, but got "
                                 f"shuffle={shuffle}")
            if sampler is not None:
                raise ValueError(f"DataLoader with IterableDataset: expected unspecified sampler option, but got "
                                 f"sampler={sampler}")
            if batch_sampler is not None:
                raise ValueError(f"DataLoader with IterableDataset: expected unspecified batch_sampler option, but "
                                 f"got batch_sampler={batch_sampler}")
        else:
            shuffle = bool(shuffle)
        if sampler is not None and shuffle:
            raise ValueError("sampler option is mutually exclusive with shuffle")
        if batch_sampler is not None:
            if batch_size != 1 or shuffle or sampler is not None or drop_last:
                raise ValueError("batch_sampler option is mutually exclusive with batch_size, shuffle, "
                                 "sampler, and drop_last")
            batch_size, drop_last = None, False
        elif batch_size is None and drop_last:
            raise ValueError("batch_size=None option disables auto-batching and is mutually exclusive with drop_last")
        if sampler is None and not self._iterable:
            sampler = RandomSampler(dataset, generator=generator) if shuffle else SequentialSampler(dataset)
        if batch_size is not None and batch_sampler is None and not self._iterable:
            batch_sampler = BatchSampler(sampler, batch_size, drop_last)
        self.batch_size = batch_size
        self.drop_last = drop_last
        self.sampler = sampler
        self.batch_sampler = batch_sampler
        self.generator = generator
        batched = batch_size is not None or batch_sampler is not None
        self.collate_fn = collate_fn or (default_collate if batched else default_convert)

    def __len__(self) -> int:
        if self._iterable:
            length = len(self.dataset)
            if self.batch_size is not None:
                length = length // self.batch_size if self.drop_last else math.ceil(length / self.batch_size)
            return length
        return len(self.batch_sampler if self.batch_sampler is not None else self.sampler)

    def __iter__(self):
        """As torch's iterator: made with one 64-bit draw (the workers' base seed) from the loader's
        generator or the default one; the sampler draws when the first batch is taken."""
        if self.num_workers > 0 and self.persistent_workers and self._persistent is not None:
            return _MultiProcessingDataLoaderIter(self, self._workers(*self._persistent))    # torch resets them
        base_seed = int(creation.empty((), dtype=dtypes.int64).random_(generator=self.generator).item())
        if self.num_workers == 0:
            return _SingleProcessDataLoaderIter(self, self._stream() if self._iterable else self._indexed())
        started = self._start_workers(base_seed)
        if self.persistent_workers:
            self._persistent = started
        return _MultiProcessingDataLoaderIter(self, self._workers(*started))

    def _indexed(self):
        if self.batch_sampler is None:
            for i in self.sampler:
                yield self.collate_fn(self.dataset[i])
            return
        for indices in self.batch_sampler:
            yield self.collate_fn([self.dataset[i] for i in indices])

    def _stream(self):
        """torch's iterable fetcher: batch_size items at a time; a short last batch unless drop_last."""
        items = iter(self.dataset)
        while True:
            batch = self._next_batch(items)
            if batch is None:
                return
            yield batch

    def _next_batch(self, items):
        if self.batch_size is None:
            for item in items:
                return self.collate_fn(item)
            return None
        batch = []
        for item in items:
            batch.append(item)
            if len(batch) == self.batch_size:
                break
        if not batch or (self.drop_last and len(batch) < self.batch_size):
            return None
        return self.collate_fn(batch)

    def _start_workers(self, base_seed: int):
        """The workers' infos and generators, each worker_init_fn run in its worker."""
        infos = [WorkerInfo(i, self.num_workers, base_seed + i, self.dataset) for i in range(self.num_workers)]
        generators = [worker.worker_stream(info) for info in infos]
        for info, generator in zip(infos, generators):
            if self.worker_init_fn is not None:
                with worker.acting_as(info, generator):
                    self.worker_init_fn(info.id)
        return infos, generators

    def _workers(self, infos, generators):
        """Workers in turn, as torch hands out batches: worker k % n loads the k-th batch; a worker
        whose stream ends drops out and the others go on in their order."""
        if not self._iterable:
            for k, fetch in enumerate(self._indexed_fetches()):
                with worker.acting_as(infos[k % self.num_workers], generators[k % self.num_workers]):
                    batch = fetch()
                yield batch     # the loop's own draws (dropout) come from the main generator
            return
        streams = {}
        for info in infos:
            with worker.acting_as(info, generators[info.id]):
                streams[info.id] = iter(self.dataset)
        active = [info for info in infos]
        while active:
            for info in list(active):
                with worker.acting_as(info, generators[info.id]):
                    batch = self._next_batch(streams[info.id])
                if batch is None:
                    active.remove(info)
                else:
                    yield batch

    def _indexed_fetches(self):
        """The indexed loader's batches as functions, to run each in its worker's turn."""
        if self.batch_sampler is None:
            for i in self.sampler:
                yield lambda i=i: self.collate_fn(self.dataset[i])
            return
        for indices in self.batch_sampler:
            yield lambda indices=indices: self.collate_fn([self.dataset[i] for i in indices])



class _BaseDataLoaderIter:
    """What ``iter(loader)`` gives: the batches one by one, and ``len()`` the loader's length."""

    __repr__ = default_repr

    def __init__(self, loader, batches):
        self._loader, self._batches = loader, batches

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._batches)

    def __len__(self) -> int:
        return len(self._loader)


class _SingleProcessDataLoaderIter(_BaseDataLoaderIter):
    pass


class _MultiProcessingDataLoaderIter(_BaseDataLoaderIter):
    """Named as torch's for ``num_workers > 0``; the workers take turns in this process."""


def default_convert(data):
    """What a loader without batching gives back (batch_size=None): numpy arrays and scalars as tensors
    (arrays of strings or objects as they are), inside dicts, named tuples, tuples (as lists) and lists."""
    if isinstance(data, Tensor):
        return data
    if isinstance(data, np.ndarray):
        return data if data.dtype.kind in "SaUO" else creation.as_tensor(data)
    if isinstance(data, (np.bool_, np.number)):
        return creation.as_tensor(data)
    if isinstance(data, dict):
        out = copy.copy(data)
        out.update({key: default_convert(value) for key, value in data.items()})
        return out
    if _is_namedtuple(data):
        return type(data)(*(default_convert(d) for d in data))
    if isinstance(data, (tuple, list)):
        return [default_convert(d) for d in data]
    return data
