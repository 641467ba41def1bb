"""Default reprs of datasets, samplers, data loaders and schedulers name torch's modules
(<torch.utils.data.dataloader.DataLoader object at ...>); a script's own subclass keeps __main__."""
import torch
from torch.utils.data import TensorDataset, DataLoader, random_split, Subset
from torch.utils.data import RandomSampler, SequentialSampler, BatchSampler
ds = TensorDataset(torch.arange(10.).reshape(5, 2), torch.arange(5))
dl = DataLoader(ds, batch_size=2, shuffle=True)
print(ds)
print(dl)

print(len(dl))
tr, te = random_split(ds, [3, 2], generator=torch.Generator().manual_seed(0))
print(tr, type(tr).__name__, len(tr))
print(RandomSampler(ds), SequentialSampler(ds), BatchSampler(SequentialSampler(ds), 2, False))
print(dl.sampler, dl.batch_sampler)
print(type(torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.1)))
opt = torch.optim.Adam([torch.zeros(1, requires_grad=True)])
print(opt)
sched = torch.optim.lr_scheduler.StepLR(opt, 1)
print(sched)
print(torch.nn.MSELoss())
print(torch.Generator())
class MyDS(torch.utils.data.Dataset):
    def __len__(self):
        return 3
    def __getitem__(self, i):
        return torch.tensor(float(i))
class Plain:
    pass
ds = MyDS()
print(ds)
print(Plain())
print([ds][0] is ds, str(Plain())[:14])
