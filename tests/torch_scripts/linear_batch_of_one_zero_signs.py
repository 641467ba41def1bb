# A batch of one through nn.Linear: the weight's gradient is an outer product (mm with inner
# size 1), whose entries torch leaves as single products, so a dead ReLU unit's row reads -0.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
x = torch.randn(1, 3)
target = torch.tensor([1])
F.cross_entropy(model(x), target).backward()
print(model[0].weight.grad)
print(model[0].bias.grad)
print(model[2].weight.grad)

w = torch.randn(4, 3, requires_grad=True)
h = x @ w.t()
h.relu().sum().backward()
print(w.grad)

a = torch.randn(1, 5, requires_grad=True)
b = torch.randn(5, 3)
(a.t() @ torch.tensor([[0.0, 1.0, -2.0]])).sum().backward()
print(a.grad)
torch.mm(b, torch.zeros(3, 1)).sum()
params = {k: v.detach() for k, v in model.named_parameters()}


def loss(p, xi, yi):
    return F.cross_entropy(functional_call(model, p, (xi.unsqueeze(0),)), yi.unsqueeze(0))


xs, ys = torch.randn(3, 3), torch.tensor([0, 1, 1])
g = vmap(grad(loss), in_dims=(None, 0, 0))(params, xs, ys)
print(g['0.weight'])
print(grad(loss)(params, xs[0], ys[0])['0.weight'])
