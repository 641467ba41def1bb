import torch

class ScaleClamp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, scale, lo=-1.0, hi=1.0):
        ctx.scale = scale
        mask = (x * scale >= lo) & (x * scale <= hi)
        ctx.save_for_backward(mask)
        return (x * scale).clamp(lo, hi)

    @staticmethod
    def backward(ctx, grad_out):
        mask, = ctx.saved_tensors
        return grad_out * ctx.scale * mask, None, None, None

x = torch.tensor([-2.0, -0.2, 0.3, 1.5], requires_grad=True)
y = ScaleClamp.apply(x, 2.0)
print(y)
y.sum().backward()
print(x.grad)
y2 = ScaleClamp.apply(x, 0.5, -0.5, 0.5)
print(y2)

class ReturnsTwo(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a + b, a * b

    @staticmethod
    def backward(ctx, g_sum, g_prod):
        a, b = ctx.saved_tensors
        return g_sum + g_prod * b, g_sum + g_prod * a

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(5.0, requires_grad=True)
s, p = ReturnsTwo.apply(a, b)
print(s, p)
(s + 10 * p).backward()
print(a.grad, b.grad)
print(torch.autograd.gradcheck(ReturnsTwo.apply, (a.double().detach().requires_grad_(), b.double().detach().requires_grad_())))
