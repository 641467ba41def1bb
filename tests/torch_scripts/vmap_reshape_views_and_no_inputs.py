import torch
from torch.func import vmap

torch.manual_seed(0)
x = torch.randn(5, 3, requires_grad=True)

# reshape of each example: a view of the batch (ViewBackward0), as when run outside vmap
y = vmap(lambda xi: xi.reshape(3, 1))(x)
print(y.shape, y.grad_fn)
y = vmap(lambda xi: xi.reshape(-1, 3))(x)
print(y.shape, y.grad_fn)
y = vmap(lambda xi: xi.flatten())(x.view(5, 3, 1))
print(y.shape, y.grad_fn)
y = vmap(lambda xi: xi.reshape(3))(x.t().contiguous().t())
print(y.shape, y.grad_fn)
y = vmap(lambda xi: xi.reshape(1, 5), in_dims=1)(x)
print(y.shape, y.grad_fn)
y.sum().backward()
print(x.grad)

# a function with no inputs cannot be vmapped
try:
    vmap(lambda: torch.ones(2))()
except Exception as e:
    print(type(e).__name__, e)
def make_ones():
    return torch.ones(2)
try:
    vmap(make_ones, in_dims=1)()
except Exception as e:
    print(type(e).__name__, e)
try:
    vmap(make_ones, in_dims=[0])()
except Exception as e:
    print(type(e).__name__, e)
try:
    vmap(lambda n: torch.ones(2) * n, in_dims=None)(3)
except Exception as e:
    print(type(e).__name__, e)
