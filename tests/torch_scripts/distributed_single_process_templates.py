# the single-process path of DDP-ready training templates (nanoGPT's train.py): imports, checks, DistributedSampler
import os
import torch
import torch.nn as nn
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.distributed import init_process_group, destroy_process_group
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler

ddp = int(os.environ.get('RANK', -1)) != -1
print("ddp run?", ddp, dist.is_available(), dist.is_initialized(), dist.is_torchelastic_launched())
if ddp:
    init_process_group(backend='nccl')
    ddp_rank = int(os.environ['RANK'])
else:
    master_process = True
    seed_offset = 0
    ddp_world_size = 1
print(master_process, seed_offset, ddp_world_size)
torch.manual_seed(1337 + seed_offset)
model = nn.Linear(4, 2)
if ddp:
    model = DDP(model, device_ids=[0])
raw_model = model.module if ddp else model
print(isinstance(model, DDP), isinstance(model, nn.Module), raw_model is model)
ds = TensorDataset(torch.arange(10).float().unsqueeze(1), torch.arange(10))
for rank in range(3):
    s = DistributedSampler(ds, num_replicas=3, rank=rank, shuffle=True, seed=5)
    firsts = []
    for epoch in range(2):
        s.set_epoch(epoch)
        firsts.append(list(s))
    print(rank, len(s), firsts)
s = DistributedSampler(ds, num_replicas=4, rank=3, shuffle=False, drop_last=True)
print(list(s), len(s), s.total_size)
s = DistributedSampler(list(range(2)), num_replicas=5, rank=4, shuffle=False)
print(list(s), len(s))
loader = DataLoader(ds, batch_size=2, sampler=DistributedSampler(ds, num_replicas=2, rank=0, seed=1))
print([b[1].tolist() for b in loader])
print(dist.ReduceOp.SUM, dist.Backend.NCCL)
for attempt in [lambda: dist.get_rank(), lambda: dist.get_world_size(), lambda: dist.barrier(),
                lambda: dist.all_reduce(torch.ones(1), op=dist.ReduceOp.SUM), lambda: init_process_group("gloo"),
                lambda: destroy_process_group(), lambda: DDP(nn.Linear(1, 1)), lambda: DistributedSampler(ds),
                lambda: DistributedSampler(ds, num_replicas=2, rank=2)]:
    try:
        attempt()
    except Exception as e:
        print(type(e).__name__, e)
print(torch.utils.data.DistributedSampler is DistributedSampler, nn.parallel.DataParallel is nn.DataParallel)
