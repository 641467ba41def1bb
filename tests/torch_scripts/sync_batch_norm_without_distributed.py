# nn.SyncBatchNorm outside torch.distributed, as torch's: a BatchNorm for any input of 2+ dims (its own
# input checks), and convert_sync_batchnorm replacing every BatchNorm of a model (not InstanceNorm) with one
# sharing the same parameters and buffers, returning the model itself unless it is a BatchNorm.
import torch
import torch.nn as nn
torch.manual_seed(0)
sb = nn.SyncBatchNorm(3, momentum=None)
print(sb)
print(sb(torch.randn(4, 3, 2)).sum(0))
print(sb.running_mean, sb.num_batches_tracked)
for bad in (torch.randn(3), torch.randn(4, 0)):
    try:
        sb(bad)
    except Exception as e:
        print(type(e).__name__, e)
net = nn.Sequential(nn.Conv2d(1, 3, 3), nn.BatchNorm2d(3), nn.ReLU(), nn.Sequential(nn.Flatten(), nn.Linear(12, 4), nn.BatchNorm1d(4, affine=False)), nn.InstanceNorm1d(2))
net.eval()
sync = nn.SyncBatchNorm.convert_sync_batchnorm(net)
print(sync)
print(sync is net, sync[1].weight is net[1].weight, sync[1].training, sync[3][2].weight, sync[1].process_group)
print(list(sync.state_dict().keys()))
sync.train()
opt = torch.optim.SGD(sync.parameters(), lr=0.1)
x = torch.randn(5, 1, 4, 4)
for step in range(3):
    opt.zero_grad()
    loss = sync[:4](x).pow(2).mean()
    loss.backward()
    opt.step()
    print(step, f"{loss.item():.5f}")
print(sync[1].running_var, sync[3][2].running_mean)
single = nn.SyncBatchNorm.convert_sync_batchnorm(nn.BatchNorm1d(2, eps=1e-3, bias=False))
print(single, type(single).__name__, isinstance(single, nn.SyncBatchNorm))
