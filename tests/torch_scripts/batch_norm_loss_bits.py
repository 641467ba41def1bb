import torch
import torch.nn as nn
import torch.nn.functional as F


def show(loss):
    # the loss as users print it, then its float32 bits (the comparison allows no last-bit slack there)
    print(loss.item(), hex(loss.view(torch.int32).item()))


x = ((torch.arange(4 * 6 * 5 * 5) * 7919) % 1000 / 337.0 - 1.4).reshape(4, 6, 5, 5)
bn = nn.BatchNorm2d(6)
with torch.no_grad():
    bn.weight.copy_(torch.arange(6) / 5.0 + 0.5)
    bn.bias.copy_(torch.arange(6) / 7.0 - 0.3)
for step in range(3):
    xr = (x * (1.0 + step / 10.0)).requires_grad_()
    bn.zero_grad()
    loss = (bn(xr) * x).mean()
    loss.backward()
    show(loss)
    show((xr.grad * x).sum())
    show(bn.weight.grad.sum())
    show(bn.bias.grad.mul(bn.weight).sum())
bn1 = nn.BatchNorm1d(3)
x1 = x.reshape(8, 3, 25)[:, :, :13].contiguous().requires_grad_()
loss = bn1(x1).square().mean()
loss.backward()
show(loss)
show((x1.grad * x1).sum())
