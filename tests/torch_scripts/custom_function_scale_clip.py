import torch
from torch.autograd import Function

class ScaleClip(Function):
    @staticmethod
    def forward(ctx, x, scale, limit):
        ctx.scale = scale
        ctx.limit = limit
        ctx.save_for_backward(x)
        return x * scale

    @staticmethod
    def backward(ctx, grad):
        x, = ctx.saved_tensors
        g = grad * ctx.scale
        return g.clamp(-ctx.limit, ctx.limit), None, None

x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
y = ScaleClip.apply(x, 4.0, 2.5)
print(y)
(y * torch.tensor([1.0, -1.0, 0.1])).sum().backward()
print(x.grad)
class Square(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 2
    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return 2 * x * g
z = torch.tensor(3.0, requires_grad=True)
out = Square.apply(Square.apply(z))
out.backward()
print(out, z.grad)
print(Square.apply(torch.tensor(2.0)).requires_grad)
