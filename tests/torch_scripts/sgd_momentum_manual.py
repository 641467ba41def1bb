import torch

torch.manual_seed(0)
X = torch.linspace(-1, 1, 20).unsqueeze(1)
Y = 3 * X ** 2 - X + 0.5
w = torch.zeros(3, requires_grad=True)
v = torch.zeros(3)
feats = torch.cat([X ** 2, X, torch.ones_like(X)], dim=1)
for epoch in range(200):
    pred = feats @ w
    loss = ((pred - Y.squeeze(1)) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        v.mul_(0.9).add_(w.grad)
        w.sub_(0.1 * v)
        w.grad = None
    if epoch % 50 == 0:
        print(epoch, f"{loss.item():.4f}")
print(w.detach().round(decimals=2))
