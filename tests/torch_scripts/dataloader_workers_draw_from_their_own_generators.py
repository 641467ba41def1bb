# DataLoader workers draw from their own generators (seeded base_seed + worker id), not the main one
import torch
from torch.utils.data import Dataset, DataLoader, IterableDataset, get_worker_info
class Noisy(Dataset):
    def __len__(self): return 6
    def __getitem__(self, i):
        return torch.tensor(float(i)) + torch.rand(1).squeeze() * 0.01
class Stream(IterableDataset):
    def __iter__(self):
        info = get_worker_info()
        wid = -1 if info is None else info.id
        for k in range(2):
            yield torch.tensor([wid, k]).float() + torch.randn(2) * 0.001
def init_fn(worker_id):
    get_worker_info().dataset.offset = torch.initial_seed() - get_worker_info().seed + torch.rand(1).item()
torch.manual_seed(0)
for nw in (0, 2, 3):
    dl = DataLoader(Noisy(), batch_size=2, shuffle=True, num_workers=nw)
    for epoch in range(2):
        print(nw, epoch, [[round(v, 6) for v in b.tolist()] for b in dl])
    print("main after", torch.rand(1))
dl = DataLoader(Noisy(), batch_size=2, shuffle=True, num_workers=2, persistent_workers=True)
for epoch in range(3):
    print("persistent", epoch, [[round(v, 6) for v in b.tolist()] for b in dl])
print("main after", torch.rand(1))
dl = DataLoader(Noisy(), batch_size=3, num_workers=2, worker_init_fn=init_fn)
print([[round(v, 6) for v in b.tolist()] for b in dl])
print([b.round(decimals=3).tolist() for b in DataLoader(Stream(), batch_size=None, num_workers=2)])
print("main after", torch.rand(1))
drops = []
for xb in DataLoader(Noisy(), batch_size=3, num_workers=2):
    drops.append(torch.nn.functional.dropout(torch.ones(4), 0.5).tolist())
    drops.append(get_worker_info() is None)
print(drops, torch.rand(1))
