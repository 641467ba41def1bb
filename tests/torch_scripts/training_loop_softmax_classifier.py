import torch
import torch.nn.functional as F

X = torch.tensor([[1.0, 0.0], [0.9, 0.1], [0.0, 1.0], [0.1, 0.9], [-1.0, -1.0], [-0.9, -1.1]])
labels = torch.tensor([0, 0, 1, 1, 2, 2])
W = torch.zeros(2, 3, requires_grad=True)
bias = torch.zeros(3, requires_grad=True)
for it in range(50):
    out = X @ W + bias
    loss = F.cross_entropy(out, labels)
    if W.grad is not None:
        W.grad.zero_()
        bias.grad.zero_()
    loss.backward()
    with torch.no_grad():
        W -= 1.0 * W.grad
        bias -= 1.0 * bias.grad
    if it % 10 == 9:
        print(f"iter {it + 1}: loss={loss.item():.4f}")
pred = (X @ W + bias).argmax(dim=1)
print(pred)
print("accuracy:", (pred == labels).sum().item() / len(labels))
