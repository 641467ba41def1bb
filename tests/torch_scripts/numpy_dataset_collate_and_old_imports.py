# A Dataset over numpy arrays (as tutorials load CSVs): torch's default_collate turns numpy arrays and scalars
# into tensors of their own dtype (float64 stays float64), keeps named tuples and strings' tuples, copies dicts;
# torch.tensor infers numpy scalars' dtypes; and the older import paths (torch.utils.data.sampler / dataset /
# dataloader) tutorials still use.
from collections import OrderedDict, namedtuple

import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, default_collate, default_convert
from torch.utils.data.dataloader import default_collate as old_collate
from torch.utils.data.dataset import Dataset, random_split
from torch.utils.data.sampler import SubsetRandomSampler

np.random.seed(0)
torch.manual_seed(0)


class CsvLike(Dataset):
    def __init__(self, n):
        self.features = np.random.randn(n, 3).astype(np.float32)
        self.targets = (self.features.sum(axis=1) > 0).astype(np.int64)
        self.weights = np.linspace(0.5, 1.5, n)            # float64
        self.names = [f"row{i}" for i in range(n)]

    def __len__(self):
        return len(self.features)

    def __getitem__(self, i):
        return self.features[i], self.targets[i], self.weights[i], self.names[i]


ds = CsvLike(12)
x, y, w, names = next(iter(DataLoader(ds, batch_size=4)))
print(x, y, w, names)
print(x.dtype, y.dtype, w.dtype, type(names).__name__)

train_ds, val_ds = random_split(ds, [8, 4], generator=torch.Generator().manual_seed(1))
loader = DataLoader(ds, batch_size=3, sampler=SubsetRandomSampler(train_ds.indices,
                                                                  generator=torch.Generator().manual_seed(2)))
model = nn.Linear(3, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.5)
for epoch in range(3):
    total = 0.0
    for xb, yb, wb, _ in loader:
        loss = (nn.functional.cross_entropy(model(xb), yb, reduction="none") * wb.float()).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        total += loss.item()
    print(f"epoch {epoch}: {total:.4f}")

Sample = namedtuple("Sample", ["image", "label"])
print(default_collate([Sample(np.ones(2, dtype=np.float32), np.int32(1)), Sample(np.zeros(2, dtype=np.float32),
                                                                                 np.int32(0))]))
print(default_collate([("a", 1.5), ("b", 2.5)]), old_collate([np.float64(1.0), np.float64(2.0)]))
batch = default_collate([OrderedDict(a=np.uint8(1), b=[np.int16(2)]), OrderedDict(a=np.uint8(3), b=[np.int16(4)])])
print(type(batch).__name__, batch)
print(default_convert([np.arange(3), (np.float32(2.5), "s"), {"k": np.zeros(2)}, np.array(["text"])]))
print(next(iter(DataLoader(ds, batch_size=None)))[:3])
try:
    default_collate([np.array(["a"]), np.array(["b"])])
except TypeError as e:
    print("TypeError", e)

print(torch.tensor([np.float64(1.5), 2.0]).dtype, torch.tensor([np.int32(1), np.int32(2)]).dtype,
      torch.tensor([np.uint8(1), np.int8(2)]).dtype, torch.tensor([torch.tensor(1.5, dtype=torch.float64), 2.0]).dtype,
      torch.tensor([np.float32(1), 2]).dtype, torch.tensor([[np.float16(1)], [2]]).dtype)
