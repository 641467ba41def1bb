import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.sin(torch.arange(2 * 2 * 3 * 4, dtype=torch.float32)).reshape(2, 2, 3, 4).requires_grad_()
outs = [F.interpolate(x, scale_factor=2), F.interpolate(x, size=(5, 7)), F.interpolate(x, size=(2, 3)),
        F.interpolate(x, scale_factor=2, mode="bilinear"), F.interpolate(x, size=(5, 6), mode="bilinear"),
        F.interpolate(x, size=(5, 6), mode="bilinear", align_corners=True), F.interpolate(x, scale_factor=1.5, mode="bilinear"),
        nn.Upsample(scale_factor=2, mode="nearest")(x), F.interpolate(x[:, :, 0], size=7, mode="linear")]
for o in outs:
    print(o.shape, o[1, 1].detach())
sum(o.pow(2).sum() for o in outs).backward()
print(x.grad[0, 1])
print(nn.Upsample(scale_factor=2), nn.Upsample(size=(4, 4), mode="bilinear"))
