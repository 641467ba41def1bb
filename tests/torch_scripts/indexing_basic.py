import torch

x = torch.arange(12.0).reshape(3, 4).requires_grad_()
print(x)
print(x[0])
print(x[:, 1])
print(x[1:, ::2])
print(x[-1, -1])
print(x[..., 0])
print(x[None, 0].shape)
y = x[1:, 1:3]
print(y.grad_fn.name())
y.sum().backward()
print(x.grad)
