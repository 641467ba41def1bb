import torch
import torch.nn as nn
import torch.nn.functional as F


def show(loss):
    # the loss as users print it, then its float32 bits (the comparison allows no last-bit slack there)
    print(loss.item(), hex(loss.view(torch.int32).item()))


x = ((torch.arange(2 * 16 * 7 * 5) * 7919) % 1000 / 337.0 - 1.4).reshape(2, 16, 7, 5)
w = ((torch.arange(16) * 31) % 17 / 9.0 - 0.8)
for groups, affine in ((4, False), (4, True), (2, True), (16, True), (1, False)):
    xr = x.clone().requires_grad_()
    wr, br = (w.clone().requires_grad_(), (w * 0.5).requires_grad_()) if affine else (None, None)
    y = F.group_norm(xr, groups, wr, br)
    loss = (y * x).mean()
    loss.backward()
    show(loss)
    show((xr.grad * x).sum())
    if affine:
        show(wr.grad.sum())
        show(br.grad.mul(w).sum())
gn = nn.GroupNorm(8, 16)
xr = x.clone().requires_grad_()
loss = gn(xr).square().mean()
loss.backward()
show(loss)
show(gn.weight.grad.mul(w).sum())
show(xr.grad.mul(x).sum())
# layer_norm without a weight over rows of 12: its input gradient (and the incoming gradient left alone)
xl = x.reshape(-1, 10, 14)[:, :, :12].contiguous().requires_grad_()
g = torch.ones(xl.shape) * 0.5 + xl.detach() * 0.25
F.layer_norm(xl, (12,)).backward(g)
show(xl.grad.mul(xl).sum())
show(g.sum())
