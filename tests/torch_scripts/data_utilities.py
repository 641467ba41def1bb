import torch
from torch.utils.data import Dataset, DataLoader, TensorDataset, random_split, Subset, ConcatDataset

class Squares(Dataset):
    def __init__(self, n):
        self.x = torch.arange(n, dtype=torch.float32)
    def __len__(self):
        return len(self.x)
    def __getitem__(self, i):
        return {"x": self.x[i], "y": self.x[i] ** 2, "i": i}

ds = Squares(5)
for batch in DataLoader(ds, batch_size=2):
    print(batch)
sub = Subset(ds, [0, 4])
print(len(sub), sub[1])
both = ConcatDataset([TensorDataset(torch.ones(2, 1)), TensorDataset(torch.zeros(3, 1))])
print(len(both), both[3])
g = torch.Generator().manual_seed(0)
a, b = random_split(range(10), [7, 3], generator=g)
print(len(a), len(b))
dl = DataLoader(TensorDataset(torch.arange(6.), torch.arange(6)), batch_size=4, drop_last=True)
print(len(dl), [len(x) for x, y in dl])
print(next(iter(dl)))
for xb, in DataLoader(TensorDataset(torch.arange(3.).view(3, 1)), batch_size=2):
    print(xb.shape)
dl2 = DataLoader([(1, 2.0), (3, 4.0)], batch_size=2)
print(list(dl2))
