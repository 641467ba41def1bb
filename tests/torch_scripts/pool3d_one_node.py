import torch
import torch.nn.functional as F
from torch import nn
def t(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, str(e).split("\n")[0])
torch.manual_seed(0)
x = torch.randn(2, 2, 5, 6, 4, requires_grad=True)
for kw in [dict(kernel_size=2), dict(kernel_size=(3, 2, 2), stride=(2, 1, 2), padding=(1, 0, 1)), dict(kernel_size=3, stride=2, padding=1, ceil_mode=True)]:
    y = F.max_pool3d(x, **kw)
    n = y.grad_fn
    print(y.shape, n.name(), {a: (tuple(getattr(n, a).shape) if torch.is_tensor(getattr(n, a)) else getattr(n, a)) for a in dir(n) if a.startswith("_saved")})
    v, i = F.max_pool3d(x, return_indices=True, **kw)
    print(v[1, 0, 0], i[0, 1, -1])
    x.grad = None
    (y * torch.arange(y.numel()).reshape(y.shape)).sum().backward()
    print(x.grad[0, 1, 1], x.grad.sum().item())
for kw in [dict(kernel_size=2), dict(kernel_size=(3, 2, 2), stride=(2, 1, 2), padding=(1, 0, 1), count_include_pad=False), dict(kernel_size=3, stride=2, padding=1, ceil_mode=True), dict(kernel_size=2, divisor_override=3)]:
    y = F.avg_pool3d(x, **kw)
    n = y.grad_fn
    print(y.shape, n.name(), {a: (tuple(getattr(n, a).shape) if torch.is_tensor(getattr(n, a)) else getattr(n, a)) for a in dir(n) if a.startswith("_saved")})
    print(y[1, 0, 0])
    x.grad = None
    (y * torch.arange(y.numel()).reshape(y.shape)).sum().backward()
    print(x.grad[0, 1, 1], x.grad.sum().item())
print(nn.MaxPool3d(2)(x[0]).grad_fn, nn.AvgPool3d(2)(x[0]).grad_fn, nn.MaxPool3d(2)(x[0]).shape)
g, = torch.autograd.grad(F.avg_pool3d(x, 2).pow(2).sum(), x, create_graph=True)
g.sum().backward()
print(x.grad[1, 1, 1])
x.grad = None
g, = torch.autograd.grad(F.max_pool3d(x, 2).pow(2).sum(), x, create_graph=True)
g.sum().backward()
print(x.grad[1, 1, 1])
t(lambda: F.max_pool3d(x, 7))
t(lambda: F.avg_pool3d(x, 2, padding=2))
t(lambda: F.max_pool3d(torch.randn(3, 4), 2))
print(torch.func.vmap(lambda a: F.max_pool3d(a, 2))(x.detach()).shape)
print(torch.func.jacrev(lambda a: F.avg_pool3d(a, 2).sum())(x.detach()[:1, :1]).sum())
for f in [lambda: F.avg_pool3d(x, 7, padding=3), lambda: F.avg_pool3d(x, (3, 2, 5)), lambda: F.max_pool3d(x, (3, 2, 5)), lambda: F.max_pool3d(x, 2, padding=2), lambda: F.max_pool3d(x, 2, stride=0), lambda: F.max_pool3d(x[0], 7)]:
    t(f)
