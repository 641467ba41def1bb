import torch
import torch.nn.functional as F

X = torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0], [2.0, 1.0], [1.0, 2.0]])
y = torch.tensor([0.0, 0.0, 0.0, 1.0, 1.0, 1.0])
w = torch.zeros(2, requires_grad=True)
b = torch.tensor(0.0, requires_grad=True)
for step in range(200):
    logits = X @ w + b
    loss = F.binary_cross_entropy_with_logits(logits, y)
    loss.backward()
    with torch.no_grad():
        w.sub_(0.5 * w.grad)
        b.sub_(0.5 * b.grad)
        w.grad = None
        b.grad = None
    if step % 50 == 0:
        print(step, round(loss.item(), 4))
with torch.no_grad():
    probs = torch.sigmoid(X @ w + b)
print(probs)
print((probs > 0.5).float())
print(((probs > 0.5).float() == y).float().mean())
