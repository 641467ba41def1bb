import torch
import torch.nn as nn
torch.manual_seed(3)
X = torch.randn(8, 3)
y = torch.randn(8, 2)
net = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
for step in range(25):
    opt.zero_grad()
    loss = nn.functional.mse_loss(net(X), y)
    loss.backward()
    opt.step()
    if step % 5 == 0:
        print(step, loss.item())
print([p.grad.abs().sum().item() for p in net.parameters()])
