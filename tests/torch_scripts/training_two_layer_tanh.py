import torch

X = torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
y = torch.tensor([[0.0], [1.0], [1.0], [0.0]])
W1 = torch.tensor([[0.5, -0.4, 0.3], [0.2, 0.6, -0.5]], requires_grad=True)
b1 = torch.zeros(3, requires_grad=True)
W2 = torch.tensor([[0.7], [-0.3], [0.5]], requires_grad=True)
b2 = torch.zeros(1, requires_grad=True)
params = [W1, b1, W2, b2]
for it in range(300):
    h = torch.tanh(X @ W1 + b1)
    out = torch.sigmoid(h @ W2 + b2)
    loss = torch.nn.functional.binary_cross_entropy(out, y)
    for p in params:
        p.grad = None
    loss.backward()
    with torch.no_grad():
        for p in params:
            p -= 1.0 * p.grad
    if it % 100 == 0:
        print(it, f"{loss.item():.5f}")
print(out.detach().squeeze().round(decimals=3))
print([p.grad.shape for p in params])
