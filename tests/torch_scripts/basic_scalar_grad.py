import torch

x = torch.tensor(2.0, requires_grad=True)
y = x ** 3 + 2 * x + 1
print(y)
y.backward()
print(x.grad)
print(y.grad_fn)
print(y.grad_fn.name())
print(x.is_leaf, y.is_leaf)
print(y.requires_grad)
