import torch
import torch.nn as nn
import torch.nn.functional as F


def show(loss):
    # the loss as users print it, then its float32 bits (the comparison allows no last-bit slack there)
    print(loss.item(), hex(loss.view(torch.int32).item()))


x = ((torch.arange(2 * 6 * 11 * 13) * 7919) % 1000 / 337.0 - 1.4).reshape(2, 6, 11, 13)
for k, s, p, ceil, cip, div in ((3, 2, 1, True, False, None), (3, 1, 1, False, True, None), (2, 2, 0, False, True, None),
                                (3, 2, 1, False, True, 5), ((5, 3), (2, 1), (2, 1), True, False, None)):
    xr = x.clone().requires_grad_()
    y = F.avg_pool2d(xr, k, s, p, ceil, cip, div)
    loss = y.square().mean()
    loss.backward()
    show(loss)
    show((xr.grad * x).sum())
pool = nn.AvgPool2d(3, stride=1, padding=1, count_include_pad=False)
xr = x.contiguous(memory_format=torch.channels_last).requires_grad_()
loss = (pool(xr) * 0.5 - 1.0).square().mean()
loss.backward()
show(loss)
show(xr.grad.mul(x).sum())
x3 = x.reshape(2, 2, 3, 11, 13)
for k, s, p, ceil, cip, div in ((3, 2, 1, True, False, None), ((2, 3, 3), 1, 1, False, True, None), (2, 2, 1, False, True, 3)):
    xr = x3.clone().requires_grad_()
    loss = F.avg_pool3d(xr, k, s, p, ceil, cip, div).square().mean()
    loss.backward()
    show(loss)
    show((xr.grad * x3).sum())
