# The backward half and the update of a training step, to the last bit: nn.Linear/ReLU/MSELoss
# gradients and SGD steps over several iterations (zeros at the ReLU kink, negative gradients), then
# what watches or changes a pass (hooks, retain_grad, retain_graph, grad mode inside a hook, a saved
# tensor modified in place, mixed dtypes, a changing learning rate). Values are multiples of 1/8 and
# the rate 1/64, so that every product and sum is exact whatever order the matrix kernels add in.
import torch
import torch.nn as nn


def fill(t, k):
    with torch.no_grad():
        t.copy_(((torch.arange(t.numel()) * k) % 9 - 4).reshape(t.shape) / 8)


model = nn.Sequential(nn.Linear(5, 6), nn.ReLU(), nn.Linear(6, 4))


def fresh():
    """Exact parameters again (after a step, products of theirs round, in the kernels' own order)."""
    for i, p in enumerate(model.parameters()):
        fill(p, 2 + i)
    with torch.no_grad():
        model[0].bias[2] = -10.0            # a unit that stays off: relu's gradient 0 at and below 0


x = torch.arange(20.0).reshape(4, 5) % 7 / 4 - 0.75
target = torch.arange(16.0).reshape(4, 4) % 5 / 2 - 1  # (16 elements: the mean divides exactly)
opt = torch.optim.SGD(model.parameters(), lr=1 / 64)
for reduction in ("sum", "mean"):
    fresh()
    opt.zero_grad()
    loss = nn.MSELoss(reduction=reduction)(model(x), target)
    loss.backward()
    print(reduction, loss.item(), [p.grad.tolist() for p in model.parameters()])
    opt.step()
    print([p.tolist() for p in model.parameters()], [p._version for p in model.parameters()])
fresh()
opt.zero_grad()
out = model(x)
nn.functional.mse_loss(out, target, reduction="none").backward(torch.full((4, 4), 0.5))
print(model[2].weight.grad.tolist(), model[2].weight.grad.is_contiguous(), model[0].bias.grad.tolist())

# the target's gradient, a float64 target
a = torch.linspace(-2, 2, 6, requires_grad=True)
b = torch.linspace(1, 0, 6, requires_grad=True)
nn.functional.mse_loss(a, b).backward()
print(a.grad.tolist(), b.grad.tolist())
d = torch.tensor([0.25, 0.5, 0.125, 1.0, 2.0, 4.0], dtype=torch.float64)
out = nn.functional.mse_loss(a, d)
out.backward()
print(out.dtype, a.grad.dtype, a.grad.tolist())

# W.t() in a hand-written layer: TBackward0 gives the weight a contiguous gradient
w = (torch.arange(15.0).reshape(3, 5) % 4 / 4 - 0.5).requires_grad_()
h = x @ w.t()
print(h.grad_fn.name(), h.grad_fn.next_functions[1][0].name())
torch.relu(h).pow(2).sum().backward()
print(w.grad.tolist(), w.grad.is_contiguous())
v = torch.linspace(-1, 1, 5, requires_grad=True)
(v.t() * 2).sum().backward()
print(v.grad.tolist())

# what watches a pass
fresh()
seen = []
model[2].weight.register_hook(lambda g: seen.append(("weight hook", torch.is_grad_enabled())) or g * 2)
model[0].bias.register_post_accumulate_grad_hook(lambda p: seen.append(("post accumulate", p.grad.sum().item())))
opt.zero_grad()
hidden = model[1](model[0](x))
hidden.retain_grad()
hidden.register_hook(lambda g: seen.append(("hidden hook", g.sum().item())))
loss = nn.functional.mse_loss(model[2](hidden), target, reduction="sum")
loss.backward(retain_graph=True)
print(seen, hidden.grad.tolist(), model[2].weight.grad.tolist())
loss.backward()
print(model[2].weight.grad.tolist(), model[0].weight.grad.tolist())
try:
    loss.backward()
except RuntimeError as e:
    print("RuntimeError:", str(e).split("\n")[0])

# a saved tensor modified in place
r = torch.relu(x @ w.t())
r.mul_(2)
try:
    r.sum().backward()
except RuntimeError as e:
    print("RuntimeError:", str(e).split("\n")[0])

# SGD with elementwise gradients (rounded alike): a changing learning rate, lr 0, float64 parameters
p32 = nn.Parameter(torch.linspace(-1, 1, 7))
p64 = nn.Parameter(torch.linspace(-1, 1, 7, dtype=torch.float64))
opt = torch.optim.SGD([p32, p64], lr=0.1)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.37)
for step in range(3):
    opt.zero_grad()
    ((p32 * 1.3).pow(2).sum() + (p64 * 0.7).sin().sum()).backward()
    opt.step()
    sched.step()
    print(step, p32.tolist(), p64.tolist())
zero = torch.optim.SGD([p32], lr=0.0)
p32.grad = torch.full((7,), -1.0)
zero.step()
print(p32.tolist(), p32._version)

# relu's gradient masked where nothing else holds it, copied where a hook, the caller or a second
# relu still does
kept = []
r = torch.relu(torch.linspace(-1, 1, 5, requires_grad=True))
r.register_hook(lambda g: kept.append(g))
(r * torch.arange(1.0, 6.0)).sum().backward()
print(kept[0].tolist())
given = torch.arange(1.0, 6.0)
z = torch.linspace(-1, 1, 5, requires_grad=True)
torch.relu(z).backward(given)
print(given.tolist(), z.grad.tolist())
m = (torch.arange(6.0).reshape(2, 3) - 2.5).requires_grad_()
a = m @ torch.eye(3)
(torch.relu(a) * 3 + torch.relu(-a)).sum().backward()
print(m.grad.tolist())

# a large parameter's SGD step rounds once per element, as torch's add_ kernel (a fused multiply-add)
big = torch.nn.Parameter(((torch.arange(70003.0) % 1013) - 506) / 7)
big.grad = ((torch.arange(70003.0) % 997) - 498) / 3
torch.optim.SGD([big], lr=0.1).step()
print(big[::701].tolist(), big[-3:].tolist())
wide = torch.nn.Parameter((((torch.arange(70003.0) % 1013) - 506) / 7).double())
wide.grad = (((torch.arange(70003.0) % 997) - 498) / 3).double()
torch.optim.SGD([wide], lr=0.1).step()
print(wide[::701].tolist(), wide[-3:].tolist())
