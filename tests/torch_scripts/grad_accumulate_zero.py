import torch

w = torch.tensor([1.0, 1.0], requires_grad=True)
for i in range(3):
    (w * (i + 1)).sum().backward()
    print(i, w.grad)
w.grad.zero_()
print(w.grad)
w.grad = None
print(w.grad)
(w.sum() * 2).backward()
print(w.grad)
g = w.grad
(w.sum()).backward()
print(g is w.grad, g)
