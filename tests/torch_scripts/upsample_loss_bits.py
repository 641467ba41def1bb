import torch
import torch.nn as nn
import torch.nn.functional as F


def show(loss):
    # the loss as users print it, then its float32 bits (the comparison allows no last-bit slack there)
    print(loss.item(), hex(loss.view(torch.int32).item()))


x = ((torch.arange(2 * 12 * 10 * 9) * 7919) % 1000 / 500.0 - 1.0).reshape(2, 12, 10, 9)
for ac in (False, True):
    show(F.interpolate(x, scale_factor=2, mode="bilinear", align_corners=ac).square().mean())
    show(F.interpolate(x[:, :3], size=(7, 13), mode="bilinear", align_corners=ac).square().mean())
    show(F.interpolate(x.contiguous(memory_format=torch.channels_last), scale_factor=1.5, mode="bilinear",
                       align_corners=ac).square().mean())
    show(F.interpolate(x.reshape(1, 2, 60, 18), size=(90, 50), mode="bilinear", align_corners=ac).square().mean())
    show(F.interpolate(x.reshape(2, 4, 3, 10, 9), scale_factor=1.5, mode="trilinear", align_corners=ac).square().mean())
    show(F.interpolate(x, scale_factor=1.5, mode="bicubic", align_corners=ac).square().mean())
    show(F.interpolate(x[:1, :2], size=(4, 20), mode="bicubic", align_corners=ac).square().mean())
up = nn.Sequential(nn.Upsample(scale_factor=2, mode="bilinear"), nn.Conv2d(12, 1, 1, bias=False))
with torch.no_grad():
    up[1].weight.fill_(0.25)
show(up(x).mean())
print(F.interpolate(x.double(), size=(11, 17), mode="bilinear", align_corners=True).sum().item())
# the backward kernels: each input gradient summed with weights, so that a last-bit difference shows
w = ((torch.arange(30 * 40) * 31) % 97 / 97.0).reshape(30, 40)
for mode, ac in (("bilinear", False), ("bilinear", True), ("bicubic", False), ("bicubic", True)):
    xr = x[:, :5].clone().requires_grad_()
    F.interpolate(xr, size=(30, 40), mode=mode, align_corners=ac).mul(w).sum().backward()
    show((xr.grad * x[:, :5]).sum())
xr = x.reshape(2, 4, 3, 10, 9).clone().requires_grad_()
F.interpolate(xr, scale_factor=(2, 1.5, 1.5), mode="trilinear").square().sum().backward()
show(xr.grad.mul(xr).sum())
