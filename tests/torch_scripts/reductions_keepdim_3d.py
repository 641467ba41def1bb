import torch

x = torch.arange(24.0).reshape(2, 3, 4).requires_grad_()
print(x.sum(dim=(0, 2)))
print(x.mean(dim=-1, keepdim=True).shape)
print(x.std(dim=1))
print(x.var(dim=2, unbiased=False))
print(x.prod(dim=0)[0])
print(x.logsumexp(dim=2))
y = x.amax(dim=(1, 2))
print(y)
y.sum().backward()
print(x.grad.sum(), x.grad[1, 2])
