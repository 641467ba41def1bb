import torch
import torch.autograd.forward_ad as fwAD

class MySin(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_forward(x)
        ctx.save_for_backward(x)
        return x.sin()

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return g * x.cos()

    @staticmethod
    def jvp(ctx, x_t):
        x, = ctx.saved_tensors
        return x_t * x.cos()

x = torch.tensor([0.0, 0.5, 1.0], dtype=torch.float64)
t = torch.ones(3, dtype=torch.float64)
with fwAD.dual_level():
    dual = fwAD.make_dual(x, t)
    out = MySin.apply(dual)
    p, tan = fwAD.unpack_dual(out)
print(p)
print(tan)
xr = x.clone().requires_grad_()
MySin.apply(xr).sum().backward()
print(xr.grad)
