import torch

w = torch.tensor([1.0, -1.0], requires_grad=True)
for step in range(3):
    loss = (w * torch.tensor([2.0, 3.0])).sum()
    loss.backward()
    print(step, w.grad)
w.grad.zero_()
print(w.grad)
loss = (w ** 2).sum()
loss.backward()
print(w.grad)
w.grad = None
print(w.grad)
(3 * w).sum().backward()
print(w.grad)
