import torch

w = torch.tensor([5.0, -3.0], requires_grad=True)
A = torch.tensor([[2.0, 0.5], [0.5, 1.0]])
lr = 0.1
for step in range(25):
    loss = w @ A @ w
    loss.backward()
    with torch.no_grad():
        w -= lr * w.grad
    w.grad.zero_()
    if step % 5 == 0:
        print(step, round(loss.item(), 4))
print(w)
print(w.requires_grad, w.is_leaf)
