# SequentialLR (warm-up then cosine), ChainedScheduler, CyclicLR (three modes, momentum and Adam's beta1
# cycling), CosineAnnealingWarmRestarts (whole and fractional epochs), state_dict/load_state_dict round
# trips, step(epoch)'s closed forms and a scheduler's repr.
import torch
from torch.optim import lr_scheduler as L

w = torch.nn.Parameter(torch.zeros(2))


def curve(sched, opt, n, key="lr"):
    out = []
    for _ in range(n):
        opt.step()
        sched.step()
        out.append(round(opt.param_groups[0][key] if key == "lr" else opt.param_groups[0][key][0]
                         if key == "betas" else opt.param_groups[0][key], 6))
    return out


opt = torch.optim.SGD([w], lr=0.1, momentum=0.9)
warm = L.LinearLR(opt, start_factor=0.1, total_iters=3)
cos = L.CosineAnnealingLR(opt, T_max=6, eta_min=0.001)
seq = L.SequentialLR(opt, schedulers=[warm, cos], milestones=[3])
print("sequential", opt.param_groups[0]["lr"], curve(seq, opt, 12))
print(sorted(seq.state_dict()), seq.state_dict()["_milestones"], seq.state_dict()["last_epoch"])
print(seq.state_dict()["_schedulers"][1])

opt = torch.optim.SGD([w], lr=1.0)
chain = L.ChainedScheduler([L.ConstantLR(opt, factor=0.5, total_iters=2), L.ExponentialLR(opt, gamma=0.9)])
print("chained", chain.get_last_lr(), curve(chain, opt, 5))
print(sorted(chain.state_dict()))

for mode, kw in (("triangular", {}), ("triangular2", {}), ("exp_range", {"gamma": 0.9})):
    opt = torch.optim.SGD([w], lr=0.1, momentum=0.9)
    cyc = L.CyclicLR(opt, base_lr=0.01, max_lr=0.1, step_size_up=3, step_size_down=2, mode=mode, **kw)
    print(mode, curve(cyc, opt, 12))
print("momentum", curve(cyc, opt, 6, "momentum"))
sd = cyc.state_dict()
print(list(sd))
print(sd["_scale_fn_custom"], sd["scale_mode"], sd["base_lrs"], sd["max_lrs"])
adam = torch.optim.Adam([w], lr=0.1)
cyc = L.CyclicLR(adam, base_lr=[0.001], max_lr=0.01, step_size_up=2, scale_fn=lambda x: 0.5 ** x,
                 scale_mode="iterations")
print("beta1", curve(cyc, adam, 5, "betas"), adam.param_groups[0]["betas"])
print(cyc.scale_fn(2), list(cyc.state_dict())[-1])

opt = torch.optim.SGD([w], lr=0.5)
warm = L.CosineAnnealingWarmRestarts(opt, T_0=3, T_mult=2, eta_min=0.01)
print("restarts", curve(warm, opt, 12), warm.T_i, warm.T_cur)
opt = torch.optim.SGD([w], lr=0.5)
warm = L.CosineAnnealingWarmRestarts(opt, T_0=2)
lrs = []
for epoch in range(3):
    for i in range(4):
        opt.step()
        warm.step(epoch + i / 4)
        lrs.append(round(warm.get_last_lr()[0], 6))
print("fractional", lrs)
print(warm.state_dict())

# a scheduler saved and loaded into a fresh one continues the same curve
opt = torch.optim.SGD([w], lr=0.1)
first = L.StepLR(opt, step_size=2, gamma=0.5)
curve(first, opt, 3)
opt2 = torch.optim.SGD([w], lr=0.1)
second = L.StepLR(opt2, step_size=2, gamma=0.5)
second.load_state_dict(first.state_dict())
opt2.param_groups[0]["lr"] = opt.param_groups[0]["lr"]
print("resumed", curve(first, opt, 4), curve(second, opt2, 4), second.last_epoch)
lam = L.LambdaLR(opt, lambda e: 0.5 ** e)
saved = lam.state_dict()
saved["last_epoch"] = 4
lam.load_state_dict(saved)
print(lam.last_epoch, lam.state_dict()["lr_lambdas"])

# step(epoch): torch's closed forms
for make in (lambda o: L.StepLR(o, 2, 0.5), lambda o: L.MultiStepLR(o, [2, 4], 0.1),
             lambda o: L.ExponentialLR(o, 0.9), lambda o: L.CosineAnnealingLR(o, 10),
             lambda o: L.LinearLR(o, 0.5, total_iters=4), lambda o: L.ConstantLR(o, 0.5, 3),
             lambda o: L.PolynomialLR(o, 6, 2.0), lambda o: L.LambdaLR(o, lambda e: 1 / (e + 1))):
    o = torch.optim.SGD([w], lr=1.0)
    s = make(o)
    o.step()
    s.step(5)
    print(type(s).__name__, round(s.get_last_lr()[0], 6), s.last_epoch)

print(L.StepLR(torch.optim.SGD([w], lr=0.1), 3))
try:
    L.StepLR("not an optimizer", 3)
except TypeError as e:
    print("TypeError:", e)
try:
    L.SequentialLR(opt, [L.StepLR(opt, 2)], milestones=[1])
except ValueError as e:
    print("ValueError:", e)
try:
    L.ChainedScheduler([L.ReduceLROnPlateau(opt)])
except ValueError as e:
    print("ValueError:", e)
try:
    L.CosineAnnealingWarmRestarts(opt, T_0=0)
except ValueError as e:
    print("ValueError:", e)
try:
    L.CyclicLR(torch.optim.Adagrad([w]), 0.01, 0.1)
except ValueError as e:
    print("ValueError:", e)
