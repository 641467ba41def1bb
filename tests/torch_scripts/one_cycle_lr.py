import torch
from torch.optim.lr_scheduler import OneCycleLR
w = torch.nn.Parameter(torch.tensor([1.0, -2.0]))
for name, opt, kw in [("sgd", torch.optim.SGD([w], lr=0.1, momentum=0.9), dict(max_lr=1.0, total_steps=10)),
                      ("adam", torch.optim.Adam([w], lr=0.1), dict(max_lr=0.01, epochs=2, steps_per_epoch=6, anneal_strategy="linear")),
                      ("three", torch.optim.SGD([w], lr=0.1, momentum=0.5), dict(max_lr=0.5, total_steps=12, three_phase=True, pct_start=0.25))]:
    sched = OneCycleLR(opt, **kw)
    lrs, moms = [], []
    for _ in range(sched.total_steps):
        opt.zero_grad()
        (w ** 2).sum().backward()
        opt.step()
        sched.step()
        g = opt.param_groups[0]
        lrs.append(g["lr"])
        moms.append(g["betas"][0] if "betas" in g else g["momentum"])
    print(name, lrs, moms, w)
try:
    sched.step()
except ValueError as e:
    print(e)
