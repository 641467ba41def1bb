"""F.interpolate in every mode and rank: torch's nodes (UpsampleBilinear2DBackward0 ...) and their saved sizes and
scales, values and gradients, double backward, nn.Upsample, vmap/jacrev/jvp, gradcheck, and the argument errors."""
import torch
import torch.nn as nn
import torch.nn.functional as F
NAMES = ["_saved_align_corners", "_saved_output_size", "_saved_scales", "_saved_scales_d", "_saved_scales_h", "_saved_scales_w", "_saved_self_sym_sizes"]
def saved(n):
    return {a: getattr(n, a) for a in NAMES if hasattr(n, a)}
torch.manual_seed(0)
x = torch.randn(1, 2, 3, 4, requires_grad=True)
for kw in [dict(scale_factor=2), dict(size=(5, 7)), dict(scale_factor=2, mode="bilinear"),
           dict(size=(5, 3), mode="bilinear", align_corners=True), dict(scale_factor=2, mode="bicubic"),
           dict(scale_factor=2, mode="nearest-exact"), dict(scale_factor=1.5, mode="bilinear", recompute_scale_factor=True),
           dict(scale_factor=(1.5, 0.6))]:
    y = F.interpolate(x, **kw)
    n = y.grad_fn
    print(kw, tuple(y.shape), type(n).__name__, saved(n))
    print(y[0, 0, :2])
    x.grad = None
    (y * torch.arange(y.numel()).reshape(y.shape)).sum().backward()
    print(x.grad[0, 1])
x1 = torch.randn(2, 3, 5, requires_grad=True)
for kw in [dict(scale_factor=2), dict(scale_factor=2, mode="linear"), dict(size=8, mode="linear", align_corners=True), dict(scale_factor=1.7, mode="nearest-exact")]:
    y = F.interpolate(x1, **kw); n = y.grad_fn
    print(kw, type(n).__name__, saved(n), y[0, 0])
x3 = torch.randn(1, 1, 2, 3, 2, requires_grad=True)
for kw in [dict(scale_factor=2), dict(scale_factor=2, mode="trilinear"), dict(size=(3, 4, 5), mode="trilinear", align_corners=True)]:
    y = F.interpolate(x3, **kw); n = y.grad_fn
    print(kw, type(n).__name__, saved(n), y.sum())
for t, kw in [(x, dict(size=3, mode="area")), (x, dict(scale_factor=0.5, mode="area")), (x1, dict(size=3, mode="area"))]:
    y = F.interpolate(t, **kw)
    print("area", kw, y.shape, y.sum(), torch.autograd.grad((y * y).sum(), t)[0].flatten()[:6])
y = F.interpolate(x, scale_factor=2, mode="bilinear")
g, = torch.autograd.grad(y.pow(2).sum(), x, create_graph=True)
print(g.grad_fn, saved(g.grad_fn), g.grad_fn.next_functions)
print(torch.autograd.grad(g.sum(), x)[0][0, 0])
up = nn.Upsample(scale_factor=2, mode="bilinear", align_corners=False)
print(up, up(x).shape)
print(nn.Upsample(size=(4, 4)), nn.UpsamplingNearest2d(scale_factor=2)(x).grad_fn, nn.UpsamplingBilinear2d(scale_factor=2)(x).grad_fn)
print(torch.autograd.gradcheck(lambda t: F.interpolate(t, scale_factor=1.5, mode="bicubic"), (torch.randn(1, 1, 3, 3, dtype=torch.float64, requires_grad=True),)))
print(torch.autograd.gradgradcheck(lambda t: F.interpolate(t, size=(4, 5), mode="bilinear", align_corners=True), (torch.randn(1, 1, 3, 3, dtype=torch.float64, requires_grad=True),)))
from torch.func import vmap, jacrev, jvp
print(vmap(lambda t: F.interpolate(t, scale_factor=2))(torch.arange(8.).reshape(2, 1, 1, 4)))
print(jacrev(lambda t: F.interpolate(t, scale_factor=2, mode="linear"))(torch.arange(3.).reshape(1, 1, 3)).shape)
print(jvp(lambda t: F.interpolate(t, size=4, mode="linear"), (torch.arange(3.).reshape(1, 1, 3),), (torch.ones(1, 1, 3),))[1])
for bad in [lambda: F.interpolate(x, scale_factor=2, mode="trilinear"), lambda: F.interpolate(x, scale_factor=2, mode="foo"),
            lambda: F.interpolate(x, size=(2, 3, 4)), lambda: F.interpolate(x, scale_factor=(2, 3, 4)),
            lambda: F.interpolate(x[0, 0], scale_factor=2), lambda: F.interpolate(x, size=0),
            lambda: F.interpolate(x, scale_factor=2, align_corners=True), lambda: F.interpolate(x),
            lambda: F.interpolate(x, size=4, scale_factor=2), lambda: F.interpolate(x1, scale_factor=2, mode="linear", antialias=True),
            lambda: F.interpolate(x, size=(2.5, 3)), lambda: F.interpolate(x, size=4, recompute_scale_factor=True),
            lambda: F.interpolate(x1, scale_factor=2, mode="bicubic"), lambda: F.interpolate(x, scale_factor=0.1)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
