# A custom Function's backward gets one gradient per forward output, None for the outputs that
# are not tensors; save_for_backward refuses non-tensors by position.
import torch


class WithExtras(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2, 5, "label"

    @staticmethod
    def backward(ctx, g, g_int, g_str):
        print("backward got", g, g_int, g_str)
        return g * 2


x = torch.ones(2, 2, requires_grad=True)
out = WithExtras.apply(x)
print(out[1:], out[0].grad_fn)
out[0].sum().backward()
print(x.grad)


class SaveNumber(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x, 3)
        return x

    @staticmethod
    def backward(ctx, g):
        return g


try:
    SaveNumber.apply(x)
except TypeError as e:
    print("TypeError:", e)
