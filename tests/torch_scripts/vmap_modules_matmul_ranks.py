# vmap over whole modules the way tutorials call them (one example each): convolutions with and
# without a batch dim of their own, Linear of a vector, PReLU, a transposed convolution,
# MultiheadAttention and a TransformerEncoderLayer; matmul of one example's 3-d and 4-d operands;
# squeeze records torch's nodes under vmap (squeeze(dim) as squeeze.dims, squeeze() as a view);
# expand with -1 sizes reads the example's shape.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import vmap

torch.manual_seed(0)
cases = [
    (nn.Conv2d(2, 3, 3), torch.randn(4, 1, 2, 5, 5)),
    (nn.Conv2d(2, 3, 3), torch.randn(4, 2, 5, 5)),
    (nn.Conv1d(2, 3, 2), torch.randn(4, 2, 5)),
    (nn.Linear(3, 2), torch.randn(4, 3)),
    (nn.Linear(3, 2), torch.randn(4, 5, 3)),
    (nn.PReLU(), torch.randn(4, 3)),
    (nn.PReLU(2), torch.randn(4, 5, 2, 3, 3)),
    (nn.ConvTranspose2d(2, 3, 2), torch.randn(4, 1, 2, 3, 3)),
    (nn.MultiheadAttention(4, 2, batch_first=True), torch.randn(4, 1, 3, 4)),
    (nn.TransformerEncoderLayer(4, 2, dim_feedforward=8, dropout=0.0, batch_first=True), torch.randn(4, 1, 3, 4)),
]
for m, x in cases:
    f = (lambda v: m(v, v, v, need_weights=False)[0]) if isinstance(m, nn.MultiheadAttention) else m
    out = vmap(f)(x)
    print(type(m).__name__, tuple(out.shape), out.flatten()[:3])
    print(torch.allclose(out, torch.stack([f(x[i]) for i in range(4)]), atol=1e-6))
print(vmap(nn.Linear(3, 2))(torch.randn(4, 3)).grad_fn.name())
print(vmap(nn.Conv1d(2, 3, 2))(torch.randn(4, 2, 5)).grad_fn.name())

A, B = torch.randn(2, 3, 4, 5), torch.randn(2, 3, 5, 6)
print(vmap(lambda a, b: a @ b)(A, B)[1, 2, 0])
print(vmap(lambda a, b: a @ b, in_dims=(0, None))(A, B[0])[1, 2, 0])
print(vmap(lambda a, b: torch.matmul(a, b))(torch.randn(2, 2, 3, 4, 5), torch.randn(2, 5, 2)).shape)
print(vmap(lambda a, b: a @ b)(torch.randn(2, 5), torch.randn(2, 2, 3, 5, 4))[1, 0])
q = torch.randn(2, 1, 2, 3, 4)
print(vmap(F.scaled_dot_product_attention)(q, q.flip(-1), q.cos())[1, 0, 1])

x = torch.randn(4, 3, requires_grad=True)
print(vmap(lambda v: v.unsqueeze(0).squeeze(0))(x).grad_fn.name(), vmap(lambda v: v.unsqueeze(0).squeeze())(x).grad_fn.name(),
      vmap(lambda v: v.unsqueeze(1).squeeze((1,)))(x).grad_fn.name())
print(vmap(lambda v: v.reshape(1, 3, 1).squeeze(-1))(x).shape, vmap(vmap(lambda v: v.reshape(1, 1).squeeze()))(x).shape)
y = torch.arange(12.).reshape(4, 3)
print(vmap(lambda v: v.unsqueeze(0).expand(2, -1))(y)[1], vmap(lambda v: v.reshape(3, 1).expand(-1, 2))(y)[3])
print(vmap(lambda v: v.expand(2, -1) * v.repeat(2, 1))(y).shape)
