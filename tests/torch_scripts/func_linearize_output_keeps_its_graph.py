# torch.func.linearize returns func's output as a plain call does: with its graph when inputs or parameters need grad
import torch
import torch.nn as nn
from torch.func import linearize, vmap
torch.manual_seed(5)
net = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 2))
x = torch.randn(3)
y, jvp_fn = linearize(lambda v: net(v).sin(), x)
print(y, jvp_fn(torch.ones(3)))
y.sum().backward()
print(net[0].bias.grad)
xr = torch.randn(3, requires_grad=True)
y2, f2 = linearize(torch.exp, xr)
print(y2, f2(torch.tensor([1.0, 0.0, 2.0])))
y3, f3 = linearize(torch.cos, torch.randn(3))
print(y3, f3(torch.ones(3)))
with torch.no_grad():
    y4, f4 = linearize(lambda v: net(v), x)
print(y4, f4(torch.ones(3)))
print(vmap(f3)(torch.eye(3)))
