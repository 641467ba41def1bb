# A custom Function may define vjp instead of backward (torch's alias); defining both is refused.
import torch


class Double(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def vjp(ctx, g):
        return g * 2


class Both(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, g):
        return g

    @staticmethod
    def vjp(ctx, g):
        return g


x = torch.ones(2, requires_grad=True)
y = Double.apply(x)
print(y, y.grad_fn)
y.sum().backward()
print(x.grad)
try:
    Both.apply(x).sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)
