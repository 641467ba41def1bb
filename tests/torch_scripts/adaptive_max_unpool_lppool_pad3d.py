import torch
import torch.nn as nn
import torch.nn.functional as F

x = torch.cos(torch.arange(2 * 3 * 6 * 7, dtype=torch.float32) * 0.53).reshape(2, 3, 6, 7).requires_grad_()

amp = nn.AdaptiveMaxPool2d((4, None), return_indices=True)
y, idx = amp(x)
print(amp, nn.AdaptiveMaxPool1d(3), y.shape, y.grad_fn.name(), idx[1, 2], y[0, 1])
y1, i1 = F.adaptive_max_pool1d(x[0], 4, return_indices=True)
print(y1.grad_fn.name(), y1[2], i1[1], F.adaptive_max_pool2d(x, 1).flatten(1)[1])

pooled, where = F.max_pool2d_with_indices(x, 2)
unpool = nn.MaxUnpool2d(2)
u = unpool(pooled, where, output_size=x.shape)
print(unpool, nn.MaxUnpool1d(3, stride=2, padding=1), u.shape, u.grad_fn.name(), u[1, 0, :3])
p1, w1 = F.max_pool1d_with_indices(x[0], 3, stride=2)
u1 = F.max_unpool1d(p1, w1, 3, stride=2)
print(u1.shape, u1[0], F.max_unpool2d(pooled, where, 2, output_size=(6, 7)).shape)

lp = nn.LPPool2d(2, (2, 3), stride=2)
l1 = nn.LPPool1d(1.5, 2, stride=1, ceil_mode=True)
print(lp, l1, lp(x)[1, 1], l1(x[0].abs())[2, :3], F.lp_pool2d(x, 3, 2)[0, 0])

up_n, up_b = nn.UpsamplingNearest2d(scale_factor=2), nn.UpsamplingBilinear2d(size=(4, 5))
print(up_n, up_b, up_n(x).shape, up_b(x)[1, 2], F.interpolate(x, scale_factor=2, mode='bilinear', align_corners=True)[1, 2, 1, :4])

z = torch.sin(torch.arange(2 * 2 * 3 * 3 * 4, dtype=torch.float32)).reshape(2, 2, 3, 3, 4).requires_grad_()
aap = nn.AdaptiveAvgPool3d((2, 1, 3))
print(aap, aap(z)[1, 0], F.adaptive_avg_pool3d(z, 1).flatten())

pads = [nn.ZeroPad3d(1), nn.ConstantPad3d((1, 2, 0, 0, 1, 1), 0.5), nn.ReflectionPad3d((1, 1, 2, 0, 1, 1)),
        nn.ReplicationPad3d((1, 0, 1, 0, 1, 0)), nn.CircularPad3d(1)]
outs = [p(z) for p in pads]
print(pads, [tuple(o.shape) for o in outs], [o.grad_fn.name() for o in outs[2:4]])
print(outs[2][0, 1, 1], outs[4][1, 0, 0])
c1, c2 = nn.CircularPad1d(2), nn.CircularPad2d((1, 0, 2, 1))
print(c1, c2, c1(x[0, 0]).detach(), c2(x[0])[1].detach())

total = (y.pow(2).sum() + y1.sum() + (u * x).sum() + u1.pow(2).sum() + lp(x).sum() + l1(x[0].abs()).sum()
         + up_b(x).pow(2).sum() + up_n(x).sum() + aap(z).pow(2).sum() + sum((o * o).sum() for o in outs))
total.backward()
print(x.grad[1, 1], z.grad[0, 1, 2])
for bad in (lambda: F.max_unpool2d(pooled, where, 2, output_size=(9, 9)), lambda: c2(z),
            lambda: F.adaptive_max_pool2d(x[0, 0], 2)):
    try:
        bad()
    except (RuntimeError, ValueError) as e:
        print(type(e).__name__, e)
