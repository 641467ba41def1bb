import torch

class Inplace2x(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        x.mul_(2)
        ctx.mark_dirty(x)
        return x

    @staticmethod
    def backward(ctx, grad):
        return grad * 2

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = a.clone()
c = Inplace2x.apply(b)
print(c is b)
print(c)
print(c.grad_fn)
c.sum().backward()
print(a.grad)

class SortWithIndex(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        values, idx = x.sort()
        ctx.mark_non_differentiable(idx)
        ctx.save_for_backward(idx)
        return values, idx

    @staticmethod
    def backward(ctx, g_values, g_idx):
        idx, = ctx.saved_tensors
        grad = torch.zeros_like(g_values)
        grad[idx] = g_values
        return grad

x = torch.tensor([3.0, 1.0, 2.0], requires_grad=True)
v, i = SortWithIndex.apply(x)
print(v, i)
print(i.requires_grad)
(v * torch.tensor([1.0, 10.0, 100.0])).sum().backward()
print(x.grad)
