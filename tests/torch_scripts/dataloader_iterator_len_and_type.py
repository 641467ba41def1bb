import torch
from torch.utils.data import DataLoader, TensorDataset
torch.manual_seed(0)
dl = DataLoader(TensorDataset(torch.arange(10.)), batch_size=3, shuffle=True)
it = iter(dl)
print(len(it), type(it).__name__)
print(next(it)); print(len(it))
print(iter(it) is it)
for b in it:
    print(b)
try:
    next(it)
except StopIteration:
    print("StopIteration")
dl2 = DataLoader(TensorDataset(torch.arange(10.)), batch_size=4, num_workers=2)
it2 = iter(dl2)
print(type(it2).__name__, len(it2), next(it2), list(it2))
x, = next(iter(dl))
print(x)
