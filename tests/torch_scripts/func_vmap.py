# torch.func.vmap: in_dims/out_dims, nesting, chunk_size, composition with grad (per-sample
# gradients of a two-layer MLP with shared weights), and torch's errors for common mistakes.
import torch
from torch.func import vmap, grad, grad_and_value
x = torch.arange(12.).reshape(3, 4) / 10
W = torch.arange(20.).reshape(5, 4) / 20 - 0.5
b = torch.arange(5.) / 10
print(vmap(lambda r: torch.tanh(W @ r + b))(x))
print(vmap(lambda r: r.sum(0), in_dims=1)(x))
print(vmap(lambda r: r * 2, out_dims=1)(x))
print(vmap(lambda a, c: a * c, in_dims=(0, None))(x, b[:4]))
print(vmap(vmap(lambda a, c: a * c))(x, x + 1))
print(vmap(lambda r: r.softmax(-1))(x))
print(vmap(lambda r: r.reshape(2, 2).t() @ W[:2, :2], chunk_size=2)(x))
print(vmap(lambda r: r.mean())(x), vmap(lambda r: (r.unsqueeze(0) * r.unsqueeze(1)).sum(-1))(x))
print(vmap(lambda r: (r, r.sum()))(x))
print(vmap(grad(lambda r: (r ** 3).sum()))(x))
W2 = torch.arange(10.).reshape(2, 5) / 10 - 0.3
def loss(p, r, y):
    h = torch.tanh(p[0] @ r + p[1])
    return ((p[2] @ h - y) ** 2).mean()
gs = vmap(grad(loss), in_dims=(None, 0, 0))((W, b, W2), x, torch.ones(3, 2))
print([g.shape for g in gs]); print(gs[0][1], gs[2])
print(vmap(grad_and_value(lambda r: (r.sin()).sum()))(x))
print(vmap(grad(lambda r: (r * grad(lambda s: (s * r).sum())(r)).sum()))(x))
for bad in [lambda: vmap(lambda r: r)(torch.ones(2), torch.ones(3)),
            lambda: vmap(lambda a, c: a + c)(torch.ones(2), torch.ones(3)),
            lambda: vmap(lambda r: r, in_dims=2)(torch.ones(2, 3)),
            lambda: vmap(lambda r: r, in_dims=None)(torch.ones(2)),
            lambda: vmap(lambda r: 1.0)(torch.ones(2)),
            lambda: vmap(lambda r: r.item())(torch.ones(2)),
            lambda: vmap(lambda r: r, randomness='sometimes')(torch.ones(2))]:
    try: print(bad())
    except (RuntimeError, ValueError, TypeError) as e: print(type(e).__name__ + ':', str(e).split('\n')[0])
try: print(vmap(lambda r: r * torch.randn(4))(x))
except RuntimeError as e: print('RuntimeError:', e)
s = vmap(lambda r: r * 0 + torch.rand(4), randomness='same')(x); print(s.shape, bool((s == s[0]).all()))
