# The forward half of a training step as torch records it: nn.Linear/ReLU/MSELoss through Sequential,
# the nodes, edges and saved values they leave, what changes a call (hooks registered later, inplace
# switched on, no_grad, inference mode, mixed dtypes, shapes that do not fit), and MSELoss's value at
# full precision over sizes whose float32 sum depends on the order torch adds in.
import torch
import torch.nn as nn


def fill(t, k):
    with torch.no_grad():
        t.copy_(((torch.arange(t.numel()) * k) % 9 - 4).reshape(t.shape) / 8)


model = nn.Sequential(nn.Linear(5, 6), nn.ReLU(), nn.Linear(6, 4))
for i, p in enumerate(model.parameters()):
    fill(p, 2 + i)
x = torch.arange(20.0).reshape(4, 5) % 7 / 4 - 0.75
target = torch.arange(16.0).reshape(4, 4) % 5 / 2 - 1

for reduction in ("mean", "sum", "none"):
    loss = nn.MSELoss(reduction=reduction)(model(x), target)
    fn = loss.grad_fn
    print(reduction, loss.tolist(), fn.name(), fn._saved_reduction, fn._saved_target.tolist())
    out = fn.next_functions[0][0]
    print(out.name(), [(type(f).__name__, n) for f, n in out.next_functions])
    print(out._saved_mat1.shape, out._saved_mat2.shape, out._saved_mat2._version, out._saved_mat1_sym_sizes,
          out._saved_mat2_sym_sizes, out._saved_alpha, out._saved_beta)
    relu_node = out.next_functions[1][0]
    print(relu_node.name(), relu_node._saved_result.tolist())
    t_node = out.next_functions[2][0]
    print(t_node.name(), t_node.next_functions[0][0].variable is model[2].weight)

# a hook registered after the first calls changes the next ones; removed, the plain path again
seen = []
handle = model[1].register_forward_hook(lambda m, args, out: seen.append(type(m).__name__) or out * 2)
hooked = model(x)
print(seen, hooked.grad_fn.name(), hooked.sum().item())
handle.remove()
pre = model.register_forward_pre_hook(lambda m, args: (args[0] * 0,))
print(model(x).tolist())
pre.remove()
print(model(x).sum().item())

# ReLU reads inplace at each call
relu = nn.ReLU()
h = x.requires_grad_() * 1
print(relu(h)._version, h._version)
relu.inplace = True
print(relu(h) is h, h._version, h.grad_fn.name())

# grad modes
with torch.no_grad():
    y = model(x)
print(y.requires_grad, y.grad_fn)
with torch.inference_mode():
    z = nn.MSELoss()(model(x), target)
print(z.requires_grad, z.is_inference(), z.item())
print(nn.MSELoss()(model(x).detach(), target).grad_fn)

# the target requires grad too, a float64 target promotes, shapes that do not fit
a = torch.linspace(-2, 2, 6, requires_grad=True)
b = torch.linspace(1, 0, 6, requires_grad=True)
loss = nn.MSELoss(reduction="sum")(a * 1, b)
print(loss.item(), [(type(f).__name__, n) for f, n in loss.grad_fn.next_functions])
d = torch.tensor([0.25, 0.5, 0.125, 1.0, 2.0, 4.0], dtype=torch.float64)
print(nn.MSELoss()(a, d).dtype)
try:
    nn.Linear(3, 2)(torch.ones(2, 4))
except RuntimeError as e:
    print("RuntimeError", e)
try:
    nn.Linear(3, 2)(torch.ones(2, 3, dtype=torch.float64))
except RuntimeError as e:
    print("RuntimeError", e)

# MSELoss's value to the last bit: float32 sums of 1..70 and 160 elements in torch's order
for n in list(range(1, 71)) + [160, 161, 512, 1000]:
    u = (torch.arange(n, dtype=torch.float32) * 37 % 101) / 7   # (divisions round alike everywhere)
    v = (torch.arange(n, dtype=torch.float32) * 11 % 13) / 3
    print(n, nn.MSELoss(reduction="sum")(u, v).item(), nn.MSELoss()(u.reshape(-1, 1), v.reshape(-1, 1)).item())
