# torch.utils.data beyond TensorDataset: IterableDataset (split by get_worker_info, as torch's docs do),
# ChainDataset, StackDataset, ConcatDataset via +, default_collate of dicts/tuples/lists/numbers and
# torch.return_types, a custom collate_fn, samplers given to a DataLoader, batch_size=None, num_workers>0 in torch's
# batch order, len(DataLoader), random_split with fractions, and the errors torch gives.
import math
import torch
from torch.utils.data import (BatchSampler, ChainDataset, ConcatDataset, DataLoader, Dataset, IterableDataset,
                              SequentialSampler, StackDataset, TensorDataset, default_collate, get_worker_info,
                              random_split)


class Range(IterableDataset):
    def __init__(self, start, end):
        super().__init__()
        self.start = start
        self.end = end

    def __iter__(self):
        info = get_worker_info()
        if info is None:
            return iter(range(self.start, self.end))
        per_worker = int(math.ceil((self.end - self.start) / float(info.num_workers)))
        lo = self.start + info.id * per_worker
        return iter(range(lo, min(lo + per_worker, self.end)))

    def __len__(self):
        return self.end - self.start


class Naive(IterableDataset):
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return iter(range(self.n))


print(get_worker_info())
ds = Range(3, 10)
print(list(DataLoader(ds)))
print([b.tolist() for b in DataLoader(ds, batch_size=3)], len(DataLoader(ds, batch_size=3)))
print([b.tolist() for b in DataLoader(ds, batch_size=3, drop_last=True)], len(DataLoader(ds, batch_size=3,
                                                                                     drop_last=True)))
print([b.tolist() for b in DataLoader(ds, batch_size=2, num_workers=2)])
print([b.tolist() for b in DataLoader(ds, batch_size=2, num_workers=3)])
print([b.tolist() for b in DataLoader(Naive(5), batch_size=2, num_workers=2)])
print(list(DataLoader(Naive(3), batch_size=None)))
chain = Naive(2) + Range(7, 9)
print(type(chain).__name__, list(chain), len(ChainDataset([Range(0, 2), Range(5, 9)])))

# map-style datasets: a subclass, concatenation, stacking
class Squares(Dataset):
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        return {"x": torch.tensor([float(i), 1.0]), "y": i * i, "name": f"item{i}", "w": 0.5 * i}


sq = Squares(5)
for batch in DataLoader(sq, batch_size=2):
    print(batch)
both = sq + Squares(2)
print(type(both).__name__, len(both), both[6]["y"], both.cumulative_sizes)
x = torch.arange(12.0).reshape(6, 2)
stack = StackDataset(x, torch.arange(6))
print(stack[1], len(stack))
named = StackDataset(inputs=x, labels=torch.arange(6))
print(named[2])
print(next(iter(DataLoader(named, batch_size=3))))
print(default_collate([(1, 2.0, True), (3, 4.0, False)]))
print(default_collate([[torch.ones(2), 1], [torch.zeros(2), 2]]))
print(default_collate([torch.max(torch.tensor([1.0, 3.0]), 0), torch.max(torch.tensor([5.0, 2.0]), 0)]))
print(next(iter(DataLoader(TensorDataset(x, torch.arange(6)), batch_size=None))))


def pad_collate(batch):
    longest = max(len(b) for b in batch)
    return torch.stack([torch.cat([b, torch.zeros(longest - len(b))]) for b in batch])


ragged = [torch.ones(n) for n in (1, 3, 2)]
print(list(DataLoader(ragged, batch_size=3, collate_fn=pad_collate)))
sampler = BatchSampler(SequentialSampler(range(7)), batch_size=3, drop_last=False)
print([b[0].tolist() for b in DataLoader(TensorDataset(torch.arange(7)), batch_sampler=sampler)])
print(len(DataLoader(TensorDataset(torch.arange(7)), batch_sampler=sampler)))

loader = DataLoader(TensorDataset(torch.arange(6.0)), batch_size=2, num_workers=2)
print([b[0].tolist() for b in loader])

# random_split: sizes from fractions, the generator's permutation (values differ from torch's)
parts = random_split(range(10), [0.5, 0.3, 0.2], generator=torch.Generator().manual_seed(0))
print([len(p) for p in parts], sorted(i for p in parts for i in p) == list(range(10)))
parts = random_split(range(7), [0.5, 0.5])
print([len(p) for p in parts])

for bad in (lambda: DataLoader(Naive(3), shuffle=True), lambda: DataLoader(Naive(3), sampler=[0, 1]),
            lambda: DataLoader(x, batch_size=None, drop_last=True), lambda: DataLoader(x, num_workers=-1),
            lambda: DataLoader(x, prefetch_factor=2), lambda: DataLoader(x, persistent_workers=True),
            lambda: ConcatDataset([Naive(2)]), lambda: StackDataset(x, torch.arange(3)),
            lambda: StackDataset(), lambda: len(DataLoader(Naive(3))),
            lambda: default_collate([torch.ones(2), torch.ones(3)])):
    try:
        bad()
        print("no error")
    except Exception as e:
        print(type(e).__name__ + ":", str(e).split("\n")[0])
