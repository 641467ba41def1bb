# Ops without a batching rule run once per example under vmap, as torch's batched fallback does
# (torch warns of the performance drop): linalg.cross, lstsq, matrix_exp, pdist, block_diag,
# pixel_shuffle; gradients flow through them (vmap(grad(...)), and backward of a vmapped output).
import torch
import torch.nn.functional as F
from torch.func import vmap, grad

torch.manual_seed(0)
x = torch.randn(3, 4, 5)
fs = {
    'cross': lambda v: torch.linalg.cross(v[:, :3], v.flip(0)[:, :3]),
    'lstsq': lambda v: torch.linalg.lstsq(v[:, :3], v[:, 3:4]).solution,
    'matrix_exp': lambda v: torch.linalg.matrix_exp(v[:, :4] * 0.1),
    'pdist': lambda v: F.pdist(v),
    'block_diag': lambda v: torch.block_diag(v[:2, :2], v[2:, 3:]),
    'pixel_shuffle': lambda v: F.pixel_shuffle(v[:, :4].reshape(1, 4, 2, 2), 2),
}
for name, f in fs.items():
    out = vmap(f)(x)
    print(name, tuple(out.shape), out.flatten()[:4])
    print(torch.allclose(out, torch.stack([f(x[i]) for i in range(3)]), atol=1e-6))
g = vmap(grad(lambda v: torch.linalg.matrix_exp(v[:, :4] * 0.1).sum() + F.pdist(v).sum()))(x)
print(g[1, 0])
w = torch.randn(4, 4, requires_grad=True)
out = vmap(lambda v: torch.linalg.cross(v[:, :3] @ w[:3, :3], v[:, 1:4]))(x)
out.pow(2).sum().backward()
print(w.grad)
