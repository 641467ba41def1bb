# Optimizers and schedulers written as subclasses, as "implement SGD with momentum yourself"
# tutorials do: the step runs with torch's step hooks around it, self.state is a
# defaultdict(dict), state_dict()/load_state_dict() carry it, and a get_lr() subclass
# (the older _LRScheduler name too) drives the learning rate.
import torch
import torch.nn as nn


class MomentumSGD(torch.optim.Optimizer):
    def __init__(self, params, lr=0.01, momentum=0.9):
        if lr <= 0:
            raise ValueError(f"Invalid learning rate: {lr}")
        super().__init__(params, dict(lr=lr, momentum=momentum))

    @torch.no_grad()
    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                state = self.state[p]
                if len(state) == 0:
                    state["step"] = 0
                    state["velocity"] = torch.zeros_like(p)
                state["step"] += 1
                v = state["velocity"]
                v.mul_(group["momentum"]).add_(p.grad)
                p.add_(v, alpha=-group["lr"])
        return loss


class Warmup(torch.optim.lr_scheduler._LRScheduler):
    def __init__(self, optimizer, warmup_steps, last_epoch=-1):
        self.warmup_steps = warmup_steps
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        scale = min(1.0, (self.last_epoch + 1) / self.warmup_steps)
        return [base_lr * scale for base_lr in self.base_lrs]


torch.manual_seed(0)
model = nn.Linear(3, 1)
opt = MomentumSGD(model.parameters(), lr=0.1)
sched = Warmup(opt, warmup_steps=3)
seen = []
opt.register_step_post_hook(lambda o, args, kwargs: seen.append(round(o.param_groups[0]["lr"], 4)))
x, y = torch.randn(8, 3), torch.randn(8, 1)


def closure():
    opt.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    return loss


for epoch in range(4):
    loss = opt.step(closure)
    sched.step()
    print(f"epoch {epoch}: loss {loss.item():.4f} lr {sched.get_last_lr()[0]:.4f}")
print(seen)
print(opt)
state = opt.state_dict()
print(state["param_groups"])
print(state["state"][1])
restored = MomentumSGD(nn.Linear(3, 1).parameters())
restored.load_state_dict(state)
print(restored.param_groups[0]["lr"], list(restored.state.values())[0]["step"])
print(type(restored.state).__name__, len(restored.state))


class ClippedAdam(torch.optim.Adam):        # a built-in optimizer's step, extended
    def step(self, closure=None):
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    p.grad.clamp_(-0.1, 0.1)
        return super().step(closure)


torch.manual_seed(0)
model = nn.Linear(2, 1)
adam = ClippedAdam(model.parameters(), lr=0.1)
for _ in range(2):
    adam.zero_grad()
    (model(torch.ones(3, 2)) * 5).sum().backward()
    adam.step()
print(model.weight, sorted(adam.state[model.weight]), adam.state_dict()["state"][1]["exp_avg"])
