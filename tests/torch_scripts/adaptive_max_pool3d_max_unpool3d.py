import torch
import torch.nn as nn
import torch.nn.functional as F

x = torch.cos(torch.arange(2 * 2 * 4 * 5 * 6, dtype=torch.float32) * 0.71).reshape(2, 2, 4, 5, 6).requires_grad_()

amp = nn.AdaptiveMaxPool3d((2, None, 4), return_indices=True)
y, idx = amp(x)
print(amp, nn.AdaptiveMaxPool3d(3), y.shape, idx.dtype)
print(y.grad_fn.name(), y.grad_fn._saved_result1.shape, y.grad_fn._saved_self.shape)
print(y[1, 0, 1], idx[1, 0, 1])
v3 = F.adaptive_max_pool3d(x[0], (3, 2, 1))
print(v3.shape, v3.flatten(), F.adaptive_max_pool3d(x, 1).flatten())

nan_in = torch.tensor([[[[1.0, float('nan')], [float('nan'), 2.0]]]])
print(F.adaptive_max_pool3d(nan_in, 1, return_indices=True))

(gx,) = torch.autograd.grad((y * y).sum(), x, create_graph=True)
print(gx.grad_fn.name(), gx.grad_fn._saved_indices.shape, gx[1, 1, 0])
(ggx,) = torch.autograd.grad(gx.pow(2).sum(), x)
print(ggx[0, 1, 3])

pooled, where = F.max_pool3d(x, 2, return_indices=True)
unpool = nn.MaxUnpool3d(2)
u = unpool(pooled, where, output_size=x.shape)
print(unpool, nn.MaxUnpool3d((1, 2, 3), stride=2, padding=1), u.shape, u.grad_fn.name(), u.grad_fn._saved_indices.shape)
print(u[1, 0, 1])
u4 = F.max_unpool3d(pooled[0], where[0], 2, output_size=x.shape[2:])
print(u4.shape, u4[1, 1, :2], F.max_unpool3d(pooled, where, 2, output_size=(5, 5, 7)).shape)
print(F.max_unpool3d(torch.ones(1, 1, 1, 1, 2), torch.tensor([[[[[0, 0]]]]]), 2))

total = (u * x).sum() + u4.pow(2).sum()
total.backward()
print(x.grad[1, 1, 2], x.grad[0, 0, 0])

bad_calls = [
    lambda: F.adaptive_max_pool3d(torch.ones(1, 2, 2, 2, dtype=torch.long), 1),
    lambda: F.adaptive_max_pool3d(torch.ones(2, 2, 2), 1),
    lambda: F.adaptive_max_pool3d(torch.ones(1, 0, 2, 2), 1),
    lambda: F.adaptive_max_pool3d(torch.ones(1, 2, 2, 2), (1, 1)),
    lambda: F.max_unpool3d(pooled.long(), where, 2),
    lambda: F.max_unpool3d(pooled, where.index_put((torch.tensor([1]),) * 4 + (torch.tensor([2]),), torch.tensor(500)), 2, output_size=x.shape),
    lambda: F.max_unpool3d(pooled, where.index_put((torch.tensor([0]),) * 5, torch.tensor(-3)), 2, output_size=x.shape),
    lambda: F.max_unpool3d(pooled, where[..., :1], 2),
    lambda: F.max_unpool3d(pooled[0, 0], where[0, 0], 2),
    lambda: F.max_unpool3d(pooled, where, 2, output_size=(7, 5, 5)),
    lambda: F.max_unpool3d(pooled, where.float(), 2),
]
for bad in bad_calls:
    try:
        bad()
    except (RuntimeError, ValueError, NotImplementedError) as e:
        print(type(e).__name__, e)
