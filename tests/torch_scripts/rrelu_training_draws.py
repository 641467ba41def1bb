# RReLU in training draws torch's slopes (one double-precision uniform per non-positive element), so a
# seeded run prints torch's activations, gradients and every later random number (dropout below).
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(2, 3, 4, requires_grad=True)
act = nn.RReLU(0.1, 0.3)
y = act(x)
print(y)
y.sum().backward()
print(x.grad)
print(F.dropout(torch.ones(8), 0.5, training=True))

act.eval()
print(act(x[0]))

torch.manual_seed(1)
print(F.rrelu(torch.tensor([-1.0, 0.0, float("nan"), 2.0, -3.0]), training=True))
print(F.rrelu(torch.randn(6, dtype=torch.float64), 0.2, 0.4, training=True))
print(torch.rand(3))

g = torch.Generator().manual_seed(5)
print(torch.rrelu(torch.full((5,), -1.0), training=True, generator=g))
print(torch.rand(2))

torch.manual_seed(2)
net = nn.Sequential(nn.Linear(3, 8), nn.RReLU(), nn.Linear(8, 1))
opt = torch.optim.SGD(net.parameters(), lr=0.1)
data, target = torch.randn(16, 3), torch.randn(16, 1)
for epoch in range(3):
    net.train()
    loss = F.mse_loss(net(data), target)
    opt.zero_grad()
    loss.backward()
    opt.step()
    net.eval()
    with torch.no_grad():
        print(f"epoch {epoch}: train {loss.item():.4f} eval {F.mse_loss(net(data), target).item():.4f}")
