# torch.func transforms inside vmap (one Jacobian, Hessian, vjp or jvp per example) and forward
# mode through vmap (jacfwd(vmap(f)), jvp(vmap(f))).
import torch
from torch.func import vmap, grad, vjp, jvp, jacrev, jacfwd, hessian
x = torch.arange(12.).reshape(3, 4) / 10 - 0.4
W = torch.arange(12.).reshape(3, 4) / 12 - 0.5
t = torch.ones(3, 4) / 2
def f(r):
    return torch.tanh(W @ r + 0.1) * r[:3].sin()
def energy(r):
    return torch.logsumexp(W @ r, 0) + 0.5 * (r * r).sum()
print(vmap(jacrev(f))(x))
print(vmap(jacfwd(f))(x))
print(vmap(hessian(energy))(x))
print(vmap(jacfwd(jacrev(energy)))(x))
print(vmap(lambda r, c: vjp(f, r)[1](c)[0])(x, torch.ones(3, 3)))
print(vmap(lambda r, u: jvp(f, (r,), (u,)))(x, t))
print(vmap(vjp(f, x[0])[1])(torch.eye(3)))
print(vmap(grad(lambda r: (jacrev(f)(r) ** 2).sum()))(x))
print(vmap(jacrev(lambda w, r: torch.tanh(w @ r), argnums=0), in_dims=(None, 0))(W, x).shape)
print(jacfwd(vmap(f))(x).shape, jacfwd(vmap(f))(x)[1, :, 1])
print(jvp(vmap(f), (x,), (t,))[1])
print(jacrev(vmap(jacrev(energy)))(x)[2, :, 2])
