import torch

torch.manual_seed(0)
X = torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
Y = torch.tensor([[0.0], [1.0], [1.0], [0.0]])
W1 = torch.tensor([[0.5, -0.4, 0.3], [0.2, 0.6, -0.5]], requires_grad=True)
b1 = torch.zeros(3, requires_grad=True)
W2 = torch.tensor([[0.7], [-0.3], [0.8]], requires_grad=True)
b2 = torch.zeros(1, requires_grad=True)
params = [W1, b1, W2, b2]
for step in range(501):
    h = torch.tanh(X @ W1 + b1)
    out = torch.sigmoid(h @ W2 + b2)
    loss = ((out - Y) ** 2).mean()
    for p in params:
        p.grad = None
    loss.backward()
    with torch.no_grad():
        for p in params:
            p -= 2.0 * p.grad
    if step % 100 == 0:
        print(step, f"{loss.item():.5f}")
print(out.detach().round(decimals=2))
print([tuple(p.shape) for p in params])
print(sum(p.numel() for p in params))
