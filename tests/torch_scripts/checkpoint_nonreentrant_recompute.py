import torch
from torch.utils.checkpoint import checkpoint
# use_reentrant=False keeps placeholders for the saved tensors and reruns the block in each backward
calls = []
def f(x):
    calls.append(1)
    print("running f", x.requires_grad)
    return x.sin().exp()
x = torch.tensor([0.5, 1.0], requires_grad=True)
y = checkpoint(f, x, use_reentrant=False)
print(y.grad_fn)
y.sum().backward()
print(x.grad, len(calls))
x.grad = None
y = checkpoint(f, x, use_reentrant=True)
print(y.grad_fn)
y.sum().backward()
print(x.grad, len(calls))
def f(x):
    print("f")
    return (x ** 3).sin()
x = torch.tensor([0.3, 0.7], requires_grad=True)
y = checkpoint(f, x, use_reentrant=False)
g, = torch.autograd.grad(y.sum(), x, create_graph=True)
print(g)
h, = torch.autograd.grad(g.sum(), x)
print(h)
y = checkpoint(f, x, use_reentrant=False)
z = y * 2
y2 = checkpoint(f, z, use_reentrant=False)
y2.sum().backward()
print(x.grad)
