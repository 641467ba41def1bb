import torch

a = torch.tensor(2.0, requires_grad=True)
b = a * 3
c = b ** 2
b.retain_grad()
print(b.retains_grad, c.retains_grad, a.retains_grad)
c.backward()
print(a.grad, b.grad, c.grad)
print(b.is_leaf, b.grad_fn)
