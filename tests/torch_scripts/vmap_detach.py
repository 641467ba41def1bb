# detach() inside a vmapped function keeps the batch (a stop-gradient target per example);
# .data is refused under vmap, as torch refuses it.
import torch
from torch.func import vmap, grad
x = torch.arange(6.).reshape(3, 2)
w = torch.ones(2, requires_grad=True)
print(vmap(lambda t: (t + 1).detach())(x))
print(vmap(lambda t: t.detach())(x))
print(vmap(lambda t: (t * 2).detach() + t)(x))
print(vmap(lambda t: (t * w).detach())(x))
try:
    print(vmap(lambda t: (t * w).data)(x))
except Exception as e:
    print(type(e).__name__, e)


def residual(t):
    y = t * w
    return y - y.detach()


out = vmap(residual)(x)
print(out)
out.sum().backward()
print(w.grad)
print(grad(lambda t: (t * (t * 2).detach()).sum())(x[0]))
print(vmap(grad(lambda t: (t * (t * 2).detach()).sum()))(x))
target = vmap(lambda t: torch.tanh(t).detach())(x)
print(vmap(grad(lambda t, y: ((t.sin() - y) ** 2).sum()))(x, target))
