import torch
import torch.nn as nn
torch.manual_seed(7)
x = torch.linspace(-2, 2, 50).unsqueeze(1)
y = torch.sin(x) + 0.1 * torch.randn_like(x)
net = nn.Sequential(nn.Linear(1, 20), nn.Tanh(), nn.Linear(20, 1))
opt = torch.optim.Adam(net.parameters(), lr=0.01)
loss_fn = nn.MSELoss()
for epoch in range(200):
    pred = net(x)
    loss = loss_fn(pred, y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    if epoch % 50 == 0:
        print(f"epoch {epoch:3d} loss {loss.item():.6f}")
print(loss.item())
with torch.no_grad():
    print(net(torch.tensor([[0.5]])))
a = torch.randn(3, 3, requires_grad=True)
b = a.exp().sum()
b.backward()
print(a.grad)
h = torch.randn(2, 4)
print(nn.functional.gelu(h), nn.functional.silu(h), nn.functional.softplus(h))
print(nn.LayerNorm(4)(h))
