# torch.optim.swa_utils: AveragedModel (SWA's running mean, an EMA by get_ema_multi_avg_fn or an avg_fn,
# use_buffers), SWALR's anneal to the SWA learning rate, update_bn, and what their state_dicts hold.
import torch
import torch.nn as nn
from torch.optim.swa_utils import AveragedModel, SWALR, get_ema_avg_fn, get_ema_multi_avg_fn, update_bn
from torch.utils.data import DataLoader, TensorDataset

model = nn.Sequential(nn.Linear(2, 3), nn.BatchNorm1d(3), nn.ReLU(), nn.Linear(3, 1))
with torch.no_grad():
    for i, p in enumerate(model.parameters()):
        p.copy_(0.2 * torch.sin(torch.arange(p.numel()).float() + i).reshape(p.shape))
swa = AveragedModel(model)
ema = AveragedModel(model, multi_avg_fn=get_ema_multi_avg_fn(0.9))
ema_fn = AveragedModel(model, avg_fn=get_ema_avg_fn(0.8), use_buffers=True)
print(swa)
print(swa.n_averaged, [name for name, _ in swa.named_parameters()][:2], list(swa.state_dict())[-3:])

opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=10)
swa_sched = SWALR(opt, swa_lr=0.05, anneal_epochs=3, anneal_strategy="linear")
x = torch.linspace(-1, 1, 16).reshape(8, 2)
y = (x[:, :1] * 2 - x[:, 1:]).tanh()
loader = DataLoader(TensorDataset(x, y), batch_size=4)
lrs = []
for epoch in range(8):
    for xb, yb in loader:
        opt.zero_grad()
        nn.functional.mse_loss(model(xb), yb).backward()
        opt.step()
    if epoch >= 3:
        for m in (swa, ema, ema_fn):
            m.update_parameters(model)
        swa_sched.step()
    else:
        sched.step()
    lrs.append(round(opt.param_groups[0]["lr"], 6))
print(lrs)
print(swa.n_averaged, ema.n_averaged)
for m in (swa, ema, ema_fn):
    print([p.detach().round(decimals=4) for p in m.module[0].parameters()])
print(swa.module[1].running_mean.round(decimals=4), ema_fn.module[1].running_mean.round(decimals=4))
update_bn(loader, swa)
print(swa.module[1].running_mean.round(decimals=4), swa.module[1].running_var.round(decimals=4),
      swa.module[1].momentum, swa.module[1].num_batches_tracked, swa.training)
swa.eval()
print(swa(x[:3]).round(decimals=4))
print(sorted(swa_sched.state_dict()), swa_sched.state_dict()["_anneal_strategy"])
print(opt.param_groups[0]["swa_lr"], swa_sched.get_last_lr())

for bad in (lambda: get_ema_multi_avg_fn(1.5), lambda: SWALR(opt, 0.1, anneal_strategy="exp"),
            lambda: SWALR(opt, 0.1, anneal_epochs=-1),
            lambda: AveragedModel(model, avg_fn=get_ema_avg_fn(), multi_avg_fn=get_ema_multi_avg_fn())):
    try:
        bad()
    except (ValueError, AssertionError) as e:
        print(type(e).__name__ + ":", e)
