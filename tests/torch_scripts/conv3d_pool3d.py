import torch
import torch.nn as nn
import torch.nn.functional as F


def fill(module, scale):
    with torch.no_grad():
        for k, p in enumerate(module.parameters()):
            p.copy_(torch.cos(torch.arange(p.numel(), dtype=p.dtype) * scale + k).reshape(p.shape) * 0.4)


x = torch.sin(torch.arange(2 * 2 * 4 * 5 * 6, dtype=torch.float32) * 0.31).reshape(2, 2, 4, 5, 6).requires_grad_()
conv = nn.Conv3d(2, 4, kernel_size=(2, 3, 3), stride=(1, 2, 1), padding=1, groups=2)
fill(conv, 0.7)
y = conv(x)
print(conv, y.shape, y.grad_fn.name(), y[1, 3, 2, 1])
same = nn.Conv3d(2, 3, 3, padding="same", bias=False, padding_mode="reflect")
fill(same, 0.3)
print(same, same(x).shape, same(x)[0, 1, 1, 2])
deconv = nn.ConvTranspose3d(4, 2, kernel_size=2, stride=2, padding=(0, 1, 0), output_padding=(1, 0, 0))
fill(deconv, 0.5)
z = deconv(y)
print(deconv, z.shape, z[0, 1, 3, :2])
print(F.conv3d(x, conv.weight, stride=2, padding=(0, 1, 1), groups=2)[1, 0, 0])

mp = nn.MaxPool3d(kernel_size=(2, 2, 3), stride=(1, 2, 2), padding=(0, 1, 1))
values, where = F.max_pool3d(x, 2, return_indices=True, ceil_mode=True)
print(mp, mp(x).shape, mp(x)[0, 1, 2], values[1, 0, 1], where[1, 0, 1])
ap = nn.AvgPool3d(3, stride=2, padding=1, count_include_pad=False)
print(ap, ap(x)[1, 1, 0], F.avg_pool3d(x, (2, 2, 3), ceil_mode=True)[0, 0, 1],
      F.avg_pool3d(x, 2, divisor_override=3)[1, 1, 1])
bn = nn.BatchNorm3d(4)
b = bn(y)
print(bn, b[0, 2, 1, 0], bn.running_mean, nn.Dropout3d(0.3).eval()(y) is y)

total = (y.pow(2).sum() + same(x).sum() + z.pow(2).sum() + mp(x).pow(2).sum() + values.sum() + ap(x).pow(2).sum()
         + F.avg_pool3d(x, (2, 2, 3), ceil_mode=True).sum() + b.pow(3).sum())
total.backward()
print(x.grad[0, 1, 2] / 100, conv.weight.grad[3, 0, 1] / 100, deconv.bias.grad / 1000, same.weight.grad[2, 1, 0])
try:
    F.max_pool3d(x[0, 0], 2)
except RuntimeError as e:
    print(e)
