import torch
from torch.utils.data import DataLoader, RandomSampler, SubsetRandomSampler, TensorDataset, WeightedRandomSampler, random_split

torch.manual_seed(0)
X = torch.arange(10.).unsqueeze(1)
y = torch.arange(10)
ds = TensorDataset(X, y)
loader = DataLoader(ds, batch_size=4, shuffle=True)
for epoch in range(2):
    for xb, yb in loader:
        print(epoch, yb.tolist())
print(torch.rand(2))
for xb, yb in DataLoader(ds, batch_size=5):
    pass
print(torch.rand(2))
train, test = random_split(ds, [7, 3])
print(train.indices, test.indices)
a, b = random_split(range(10), [0.3, 0.7], generator=torch.Generator().manual_seed(42))
print(list(a), list(b))
seeded = DataLoader(ds, batch_size=3, shuffle=True, generator=torch.Generator().manual_seed(1))
print([yb.tolist() for _, yb in seeded])
big = TensorDataset(torch.arange(40.))
print(list(RandomSampler(big, replacement=True, num_samples=70))[:10])
print(list(RandomSampler(big, num_samples=50))[-5:])
print(list(WeightedRandomSampler([0.1, 0.5, 0.2, 0.2], 8)))
print(list(WeightedRandomSampler([0.1, 0.5, 0.2, 0.2], 3, replacement=False)))
print(list(SubsetRandomSampler([5, 9, 11, 20])))
print(torch.randn(2))
