import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * x
y.sum().backward()
print(y.grad)
print(x.grad)
print(y.requires_grad)
print(x.grad.requires_grad)
print(x.grad.grad_fn)
