"""torch.nn.utils.prune as pruning tutorials use it: l1/random unstructured, ln/random structured, iterative
pruning of one tensor, global_unstructured over several layers, custom masks, importance scores, the
reparametrized weight through a training loop, state_dict keys, remove, and the amount errors."""
import torch
import torch.nn as nn
import torch.nn.utils.prune as prune
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(6, 5), nn.ReLU(), nn.Linear(5, 3))
conv = nn.Conv2d(2, 4, 3)
prune.l1_unstructured(model[0], name="weight", amount=0.3)
print([n for n, _ in model[0].named_parameters()], [n for n, _ in model[0].named_buffers()])
print(model[0].weight)
print(model[0].weight_mask.sum(), prune.is_pruned(model), prune.is_pruned(conv))
x = torch.randn(4, 6)
out = model(x)
out.sum().backward()
print(model[0].weight_orig.grad)
prune.random_unstructured(model[0], name="bias", amount=2)
print(model[0].bias, model[0].bias_mask)
prune.l1_unstructured(model[0], name="weight", amount=0.5)
print(model[0].weight_mask, type(model[0]._forward_pre_hooks[list(model[0]._forward_pre_hooks)[-1]]).__name__ if False else "")
prune.ln_structured(conv, name="weight", amount=0.5, n=2, dim=0)
print(conv.weight_mask[:, 0, 0, 0], conv.weight.abs().sum())
prune.random_structured(model[2], "weight", amount=0.34, dim=1)
print(model[2].weight_mask)
prune.ln_structured(conv, name="weight", amount=1, n=1, dim=1)
print(conv.weight_mask[0, :, 0, 0], conv.weight_mask[2, :, 0, 0])
prune.remove(model[0], "weight")
print([n for n, _ in model[0].named_parameters()], list(model[0].state_dict().keys()))
print(model[0].weight)
try:
    prune.remove(model[0], "weight")
except ValueError as e:
    print("ValueError:", e)
m2 = nn.Sequential(nn.Linear(4, 4), nn.Linear(4, 2))
params = [(m2[0], "weight"), (m2[1], "weight")]
prune.global_unstructured(params, pruning_method=prune.L1Unstructured, amount=0.4)
print(m2[0].weight_mask.sum(), m2[1].weight_mask.sum(), m2[1].weight_mask)
total = sum(float(m.weight.nelement()) for m, _ in params)
zeros = sum(float(torch.sum(m.weight == 0)) for m, _ in params)
print(f"Global sparsity: {100. * zeros / total:.2f}%")
prune.custom_from_mask(m2[0], "bias", mask=torch.tensor([1, 0, 1, 0]))
print(m2[0].bias)
prune.identity(m2[1], "bias")
print(m2[1].bias_mask)
print(m2.state_dict().keys())
try:
    prune.l1_unstructured(m2[0], "bias", amount=1.5)
except ValueError as e:
    print("ValueError:", e)
try:
    prune.l1_unstructured(nn.Linear(2, 3), "bias", amount=9)
except ValueError as e:
    print("ValueError:", e)
for name, module in model.named_modules():
    if isinstance(module, nn.Linear):
        prune.l1_unstructured(module, name='weight', amount=0.2)
        prune.remove(module, 'weight')
print(model[2].weight)
torch.manual_seed(1)
net2 = nn.Sequential(nn.Linear(4, 6), nn.Tanh(), nn.Linear(6, 2))
prune.l1_unstructured(net2[0], "weight", amount=0.5, importance_scores=torch.arange(24.).view(6, 4))
print(net2[0].weight_mask)
try:
    prune.random_structured(net2[0], "bias", amount=0.5, dim=0)
except ValueError as e:
    print("ValueError:", e)
print(net2)
opt = torch.optim.SGD(net2.parameters(), lr=0.1)
x, y = torch.randn(8, 4), torch.randn(8, 2)
for step in range(3):
    opt.zero_grad()
    loss = ((net2(x) - y) ** 2).mean()
    loss.backward()
    opt.step()
    print(step, f"{loss.item():.6f}", int((net2[0].weight == 0).sum()))
print(net2[0].weight_orig[0], net2[0].weight[0])
sd = net2.state_dict()
fresh = nn.Sequential(nn.Linear(4, 6), nn.Tanh(), nn.Linear(6, 2))
prune.identity(fresh[0], "weight")
print(fresh.load_state_dict(sd))
print(torch.equal(fresh(x), net2(x)))
for module, name in [(net2[0], "weight")]:
    prune.remove(module, name)
print(list(net2.state_dict().keys()), net2[0].weight.requires_grad, type(net2[0].weight).__name__)
m = nn.Linear(3, 3)
prune.random_unstructured(m, "weight", amount=0.0)
print(m.weight_mask.sum())
prune.l1_unstructured(m, "weight", amount=0)
print(m.weight_mask.sum())
prune.ln_structured(m, "weight", amount=0.0, n=float("inf"), dim=0)
print(m.weight_mask.sum())
prune.ln_structured(m, "weight", amount=1, n=float("inf"), dim=-1)
print(m.weight_mask)
