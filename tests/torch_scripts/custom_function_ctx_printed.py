# In torch a custom Function's ctx is its backward node: print(ctx) shows <torch.autograd.function.
# MulByTwoBackward object at ...> in forward and backward, type(ctx).__name__ is MulByTwoBackward.
import torch


class MulByTwo(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        print("forward ctx:", ctx, type(ctx).__name__, isinstance(ctx, torch.autograd.function.FunctionCtx))
        return x * 2

    @staticmethod
    def backward(ctx, g):
        print("backward ctx:", ctx, type(ctx).__name__)
        return g * 2


x = torch.ones(2, requires_grad=True)
y = MulByTwo.apply(x)
print(y.grad_fn, type(y.grad_fn).__name__)
y.sum().backward()
print(x.grad)
with torch.no_grad():
    print(MulByTwo.apply(x))
