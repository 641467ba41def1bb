# Jacobians and Hessians print torch's zeros, signs included: jacrev of several outputs runs one
# backward over the stacked basis (every output adds its +0.), hessian is jacfwd(jacrev(f)).
import torch
from torch.func import hessian, jacfwd, jacrev, vmap

x = torch.tensor([0.5, -1.0, 2.0])
print(jacrev(lambda t: (t.sin() * t, t.sum()))(x))
print(jacrev(lambda t: (t.sin() * t, t.sum()), chunk_size=2)(x))
print(jacrev(lambda t: t.sin() * t)(x))
print(hessian(lambda t: t.pow(3).sum())(x))
print(hessian(lambda t: (t.sin() * t).sum())(x))
print(vmap(hessian(lambda t: t.pow(3).sum()))(torch.stack([x, x * 2])))
print(jacfwd(jacrev(lambda t: (t.exp() * t[0]).sum()))(x))

w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
H = hessian(lambda t: (t ** 3 * w).sum())(x)
print(H)
H.sum().backward()
print(w.grad)
