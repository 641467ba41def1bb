import torch
from torch.optim import lr_scheduler as S

def run(make, steps=12, metric=None):
    w = torch.nn.Parameter(torch.ones(1))
    opt = torch.optim.SGD([w], lr=0.1)
    sched = make(opt)
    lrs = []
    for i in range(steps):
        opt.step()
        if metric is None:
            sched.step()
        else:
            sched.step(metric(i))
        lrs.append(opt.param_groups[0]["lr"])
    return lrs, sched.get_last_lr()

print(run(lambda o: S.MultiStepLR(o, milestones=[2, 5, 5, 9], gamma=0.5)))
print(run(lambda o: S.MultiplicativeLR(o, lambda e: 0.9)))
print(run(lambda o: S.ConstantLR(o, factor=0.25, total_iters=4)))
print(run(lambda o: S.LinearLR(o, start_factor=0.2, end_factor=0.9, total_iters=7)))
print(run(lambda o: S.PolynomialLR(o, total_iters=8, power=2.0)))
print(run(lambda o: S.ReduceLROnPlateau(o, patience=2, factor=0.5), 20, lambda i: 1.0 if i > 3 else 5.0 - i))
print(run(lambda o: S.ReduceLROnPlateau(o, mode="max", patience=1, cooldown=2, threshold_mode="abs", threshold=0.1, min_lr=0.02), 20, lambda i: torch.tensor(float(i % 3))))
try:
    S.LinearLR(torch.optim.SGD([torch.nn.Parameter(torch.ones(1))], lr=0.1), start_factor=0)
except ValueError as e:
    print(e)
