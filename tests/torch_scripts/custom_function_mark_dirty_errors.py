# mark_dirty: the modified input comes back as the output with the Function's node; a dirty
# tensor that is not returned is refused.
import torch


class AddOne(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        x.add_(1)
        ctx.mark_dirty(x)
        return x

    @staticmethod
    def backward(ctx, g):
        return g


class DirtyNotReturned(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        x.add_(1)
        ctx.mark_dirty(x)
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return g


a = torch.tensor([1.0, 2.0], requires_grad=True)
b = a * 1
c = AddOne.apply(b)
print(c, c is b, b.grad_fn, b._version)
c.sum().backward()
print(a.grad)
try:
    DirtyNotReturned.apply(a * 1)
except RuntimeError as e:
    print("RuntimeError:", e)
