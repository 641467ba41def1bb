# A warmup-then-cosine scheduler written as an LRScheduler subclass (and an old-style _LRScheduler one),
# stepped per epoch and printed, next to the built-in schedulers' edge behaviour.
import math
import torch
from torch.optim.lr_scheduler import LRScheduler, _LRScheduler, CosineAnnealingLR, ReduceLROnPlateau, StepLR

params = [torch.nn.Parameter(torch.zeros(1))]


class WarmupCosine(LRScheduler):
    def __init__(self, optimizer, warmup, total, last_epoch=-1):
        self.warmup, self.total = warmup, total
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        e = self.last_epoch
        if e < self.warmup:
            return [base * (e + 1) / self.warmup for base in self.base_lrs]
        progress = (e - self.warmup) / (self.total - self.warmup)
        return [base * 0.5 * (1 + math.cos(math.pi * progress)) for base in self.base_lrs]


class Halving(_LRScheduler):
    def get_lr(self):
        return [base * 0.5 ** self.last_epoch for base in self.base_lrs]


opt = torch.optim.AdamW(params, lr=1e-3)
sched = WarmupCosine(opt, warmup=3, total=10)
for epoch in range(10):
    opt.step()
    sched.step()
    print(f"epoch {epoch}: lr {sched.get_last_lr()[0]:.3e}")
print(sched.state_dict())

opt = torch.optim.SGD(params, lr=1.0)
old = Halving(opt)
for _ in range(3):
    opt.step()
    old.step()
print(old.get_last_lr(), isinstance(old, LRScheduler), isinstance(old, _LRScheduler))
print(isinstance(StepLR(opt, 2), _LRScheduler), isinstance(StepLR(opt, 2), LRScheduler))

opt = torch.optim.SGD(params, lr=1.0)
cosine = CosineAnnealingLR(opt, T_max=3, eta_min=0.1)
lrs = []
for _ in range(9):
    opt.step()
    cosine.step()
    lrs.append(f"{opt.param_groups[0]['lr']:.6f}")
print(" ".join(lrs))

opt = torch.optim.SGD(params, lr=1.0)
plateau = ReduceLROnPlateau(opt, mode="max", threshold=0.1, threshold_mode="abs", patience=1, eps=0.3, factor=0.6)
for metric in [1, 1.05, 1.2, 1.25, 1.28, 1.3, 1.31, 1.32, 1.33, 1.34]:
    plateau.step(metric)
    print(opt.param_groups[0]["lr"], plateau.num_bad_epochs, end=" | ")
print()
