import torch
x = torch.tensor([-1., 0.5, 2.], requires_grad=True)
y = x * 2
y.clamp_min_(0.5)
print(y, y.grad_fn)
y.clamp_max_(torch.tensor([1., 1., 3.]))
print(y, y.grad_fn)
y.sum().backward()
print(x.grad)
z = torch.arange(4)
torch.clamp_min_(z, 2)
print(z)
