import torch
import torch.nn as nn
torch.manual_seed(1)
x = torch.linspace(-1, 1, 50).unsqueeze(1)
y = 3 * x + 0.5 + 0.1 * torch.randn(50, 1)
m = nn.Linear(1, 1)
opt = torch.optim.SGD(m.parameters(), lr=0.1)
for e in range(40):
    opt.zero_grad(); l = ((m(x) - y) ** 2).mean(); l.backward(); opt.step()
    if e % 8 == 0:
        print(e, l.item(), m.weight.item(), m.bias.item())
# manual weights
w = torch.randn(3, 1, requires_grad=True); b = torch.zeros(1, requires_grad=True)
Xs = torch.randn(20, 3); ys = Xs @ torch.tensor([[1.0], [2.0], [-1.0]])
for e in range(25):
    l = ((Xs @ w + b - ys) ** 2).mean()
    l.backward()
    with torch.no_grad():
        w -= 0.1 * w.grad; b -= 0.1 * b.grad
        w.grad.zero_(); b.grad.zero_()
    if e % 5 == 0:
        print("manual", e, l.item())
