import torch

X = torch.linspace(0, 1, 10).unsqueeze(1)
y = 3 * X + 0.5
w = torch.zeros(1, 1, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
lr = 0.5
for epoch in range(100):
    pred = X @ w + b
    loss = ((pred - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= lr * w.grad
        b -= lr * b.grad
    w.grad.zero_()
    b.grad.zero_()
    if epoch % 20 == 0:
        print(f"epoch {epoch:3d}  loss {loss.item():.6f}")
print(w, b)
print(f"w={w.item():.4f} b={b.item():.4f}")
