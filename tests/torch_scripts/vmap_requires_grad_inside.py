# requires_grad_() on a batched tensor inside vmap is refused with torch's message; autograd
# around vmap works as usual.
import torch
from torch.func import grad, vmap


def per_example(x):
    x = x.clone().requires_grad_()
    g, = torch.autograd.grad((x ** 2).sum(), x)
    return g


try:
    vmap(per_example)(torch.arange(6.0).reshape(3, 2))
except RuntimeError as e:
    print("RuntimeError:", e)

xs = torch.arange(6.0).reshape(3, 2).requires_grad_()
out = vmap(lambda r: (r ** 2).sum())(xs)
print(out)
out.sum().backward()
print(xs.grad)
g = vmap(grad(lambda r: (r ** 3).sum()))(xs)
print(g)

# out_dims=None is for outputs that do not depend on the mapped inputs.
print(vmap(lambda r: (r.sum(), torch.tensor(1.0)), out_dims=(0, None))(xs.detach()))
try:
    vmap(lambda r: r * 2, out_dims=None)(xs.detach())
except ValueError as e:
    print("ValueError:", e)
