"""``torch.utils.data``: datasets and a loader that batches them (default collation, optional
shuffling on gradcli's own generator)."""
from __future__ import annotations

from ... import creation, functions

__all__ = ["DataLoader", "Dataset", "TensorDataset"]


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


def default_collate(items: list):
    """Stack tensors; a batch of tuples is a tuple of batches; numbers become a tensor."""
    first = items[0]
    if isinstance(first, (tuple, list)):
        return type(first)(default_collate([item[i] for item in items]) for i in range(len(first))) \
            if isinstance(first, tuple) else [default_collate([item[i] for item in items]) for i in range(len(first))]
    if isinstance(first, dict):
        return {key: default_collate([item[key] for item in items]) for key in first}
    if isinstance(first, (int, float, bool)):
        return creation.tensor(items)
    return functions.stack(items, 0)


class DataLoader:
    """Batches of ``batch_size`` items of a dataset, in order or shuffled; ``drop_last`` drops a short
    last batch."""

    def __init__(self, dataset, batch_size=1, shuffle=False, sampler=None, batch_sampler=None, num_workers=0,
                 collate_fn=None, pin_memory=False, drop_last=False, timeout=0, worker_init_fn=None,
                 generator=None, **kwargs):
        if batch_size is not None and (not isinstance(batch_size, int) or batch_size <= 0):
            raise ValueError(f"batch_size should be a positive integer value, but got batch_size={batch_size}")
        self.dataset = dataset
        self.batch_size = batch_size
        self.shuffle = shuffle
        self.drop_last = drop_last
        self.collate_fn = collate_fn or default_collate

    def __len__(self) -> int:
        n = len(self.dataset)
        if self.batch_size is None:
            return n
        return n // self.batch_size if self.drop_last else -(-n // self.batch_size)

    def __iter__(self):
        n = len(self.dataset)
        order = [int(i) for i in creation.rng().permutation(n)] if self.shuffle else list(range(n))
        if self.batch_size is None:
            for i in order:
                yield self.dataset[i]
            return
        for start in range(0, n, self.batch_size):
            chunk = order[start:start + self.batch_size]
            if len(chunk) < self.batch_size and self.drop_last:
                return
            yield self.collate_fn([self.dataset[i] for i in chunk])
